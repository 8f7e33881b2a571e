"""The weapon smith's crafting: the quality, bonus and bonus effects of a crafted weapon, and
mass production.

Rule text section "Dein Beruf: Waffenschmied" ("Fertigung", "Hochwertige Fertigung" with the
tables "Gütewurf" and "Bonuswirkungen", "Massenfertigung", "Meistergrad"). A result of 1-3 is
a failure that ruins the raw materials; from 4 the quality table of :mod:`.items`
applies; the quality is at most 20. Master grade 1 allows one bonus effect, 2 two, 3 any.

Readings where the text is open (each pinned by a test in ``lookups/test_crafting.py``):

- **The crafting result** is entered as the throw scores it with matches added. From master
  grade 1 each *sequence die* adds 2: a die that belongs to the group only by a sequence and
  is not counted in the result (9, 10, 11 scores 11 with 2 sequence dice: quality 15).
  Sequences before master grade 1 are refused (the roll is a sieve roll then).
- **Quality, bonus size and bonus effects** all come from that raised value ("Gütewurf"):
  the quality is it, at most 20; the bonus size x is +1 for 4-19, +2 for 20-30, +3 for 31-59,
  +4 for 60+; the number of bonus effects is the most whose least result it reaches
  (0: 20, 1: 21, 2: 26, 3: 31, 4: 36, 5: 41, 6: 46), at most 1 at master grade 1, 2 at master
  grade 2, any at 3. Each needs a surplus match or sequence die, which the game master judges.
- **Mass production** makes one item, plus one for every *other* die at least as high as the
  quality die (a die of the same face counts); the items have the quality die's face as
  quality, and a quality die of 1-3 fails. 1s count as in any check: each voids a die of 4+,
  one below the quality die first (the lowest), then the lowest of the others, the quality
  die last (nothing is made then); the Weapon smithing value makes a Könner (15) or master
  (20) who ignores one or two. A 1 left over costs a Psyche point.
"""

from __future__ import annotations

from dataclasses import dataclass

from shadowdice.core.language import Text, translations
from shadowdice.core.registry import CheckError
from shadowdice.systems.heldenhandbuch.fumbles import FUMBLE, ones_to_offset
from shadowdice.systems.heldenhandbuch.lookups.items import (
    BONUS_EFFECT_MINIMUMS,
    EXQUISITE_PRICE,
    HIGHEST_QUALITY,
    LEGENDARY_PRICE,
    QualityGrade,
    bonus_effect_lines,
    factor_text,
    quality_grade,
    rank_words,
)
from shadowdice.systems.heldenhandbuch.lookups.shape import (
    HIGHEST_FACE,
    InputKind,
    Lookup,
    LookupInput,
    faces_text,
    masterly_skill_input,
    unoffset_lines,
)
from shadowdice.systems.heldenhandbuch.scoring import SUCCESS_FROM

_, _n = translations(__name__)

#: Crafting results up to this are failures that ruin the raw materials.
FAILURE_UP_TO = 3
#: Each sequence die raises a crafted item's quality by this (from master grade 1).
PER_SEQUENCE_DIE = 2
#: (least result, bonus size): the size x of a bonus effect by the crafting result.
BONUS_SIZES = ((60, 4), (31, 3), (20, 2), (4, 1))
#: The most bonus effects by master grade (3: any, as many as the result allows).
EFFECTS_BY_MASTER_GRADE = (0, 1, 2, len(BONUS_EFFECT_MINIMUMS) - 1)


def bonus_size(result: int) -> int:
    """The size x of a bonus effect for this crafting result ("Gütewurf").

    >>> [bonus_size(value) for value in (4, 19, 20, 30, 31, 59, 60)]
    [1, 1, 2, 2, 3, 3, 4]
    """
    for least, size in BONUS_SIZES:
        if result >= least:
            return size
    raise CheckError(_("A result of {result} makes no item.", result=result))


def most_bonus_effects(result: int, master_grade: int) -> int:
    """How many bonus effects a smith of this master grade may put on with this result.

    >>> most_bonus_effects(26, 3), most_bonus_effects(26, 1), most_bonus_effects(20, 3)
    (2, 1, 0)
    """
    reached = sum(1 for least in BONUS_EFFECT_MINIMUMS[1:] if result >= least)
    return min(reached, EFFECTS_BY_MASTER_GRADE[master_grade])


@dataclass(frozen=True, slots=True)
class CraftResult:
    """What a weapon smith's crafting check makes.

    Attributes:
        result: the check result as entered (matches added).
        sequence_dice: dice in the group only by a sequence.
        value: the result raised by 2 per sequence die.
        failed: a value of 1-3: the raw materials are ruined.
        quality: the item's quality (the value, at most 20), 0 when failed.
        grade: its band of the quality table, None when failed.
        bonus: the size x of its bonus effects, 0 when failed.
        bonus_effects: the most bonus effects it may get.
    """

    result: int
    sequence_dice: int
    value: int
    failed: bool
    quality: int
    grade: QualityGrade | None
    bonus: int
    bonus_effects: int

    @property
    def sentence(self) -> str:
        """The sentence, e.g. "Quality 15: good, price x1.5." or the failure."""
        if self.failed or self.grade is None:
            return _("Failure: a result of {value} ruins the raw materials.", value=self.value)
        text = _(
            "Quality {quality}: {rank}, price {factor_text}",
            quality=self.quality,
            rank=rank_words(self.grade.name),
            factor_text=factor_text(self.grade.price_factor),
        )
        if self.bonus_effects:
            effects = _n(
                "up to {n} bonus effect of +{bonus}",
                "up to {n} bonus effects of +{bonus}",
                self.bonus_effects,
                bonus=self.bonus,
            )
            return _("{text}; {effects}.", text=text, effects=effects)
        return Text.join("", [text, "."])

    @property
    def details(self) -> tuple[str, ...]:
        """How the value came about, and what bonus effects make of the item."""
        if self.failed:
            return ()
        lines = []
        if self.sequence_dice:
            lines.append(
                _(
                    "{result} + {per_sequence_die} for each of {sequence_dice} "
                    "sequence dice = {value}.",
                    result=self.result,
                    per_sequence_die=PER_SEQUENCE_DIE,
                    sequence_dice=self.sequence_dice,
                    value=self.value,
                )
            )
        if self.bonus_effects:
            lines.append(
                _(
                    "Each bonus effect needs a surplus match or sequence die. With 1-2 "
                    "the item is exquisite (about x{exquisite_price}), with 3 or more "
                    "legendary (at least x{legendary_price}).",
                    exquisite_price=EXQUISITE_PRICE,
                    legendary_price=LEGENDARY_PRICE,
                )
            )
            lines.extend(bonus_effect_lines())
        return tuple(lines)


def craft(result: int, master_grade: int = 0, sequence_dice: int = 0) -> CraftResult:
    """The item a weapon smith's check makes.

    >>> craft(11, master_grade=1, sequence_dice=2).sentence
    'Quality 15: good (gut), price x1.5.'

    Raises:
        CheckError: sequence dice before master grade 1, or a master grade outside 0-3.
    """
    if not 0 <= master_grade < len(EFFECTS_BY_MASTER_GRADE):
        raise CheckError(_("A weapon smith has master grade 0 to 3."))
    if sequence_dice and not master_grade:
        raise CheckError(_("Sequences raise the quality only from master grade 1."))
    value = result + PER_SEQUENCE_DIE * sequence_dice
    if value <= FAILURE_UP_TO:
        return CraftResult(result, sequence_dice, value, True, 0, None, 0, 0)
    quality = min(value, HIGHEST_QUALITY)
    return CraftResult(
        result,
        sequence_dice,
        value,
        False,
        quality,
        quality_grade(quality),
        bonus_size(value),
        most_bonus_effects(value, master_grade),
    )


@dataclass(frozen=True, slots=True)
class MassProduction:
    """What one half day of mass production makes.

    Attributes:
        faces: the single roll's faces.
        quality_die: the face chosen as quality.
        items: how many items are made (0 when the quality die is 1-3 or voided).
        grade: the items' band of the quality table, None on a failure.
        options: (quality, items) for each face that could be chosen, highest first.
        offsets: the 1s to offset, each voiding a die of 4+.
        unoffset: 1s left without a die to offset them (a Psyche point each).
    """

    faces: tuple[int, ...]
    quality_die: int
    items: int
    grade: QualityGrade | None
    options: tuple[tuple[int, int], ...]
    offsets: int = 0
    unoffset: int = 0

    @property
    def sentence(self) -> str:
        """The sentence, e.g. "3 items of quality 8 (simple) this half day."."""
        if self.grade is None and self.quality_die > FAILURE_UP_TO:
            return _(
                "Failure: the 1s void every die of {die} or more; the raw materials are ruined.",
                die=self.quality_die,
            )
        if self.grade is None:
            return _(
                "Failure: a quality die of {die} ruins the raw materials.", die=self.quality_die
            )
        return _n(
            "{n} item of quality {quality} ({grade}) this half day.",
            "{n} items of quality {quality} ({grade}) this half day.",
            self.items,
            quality=self.quality_die,
            grade=_(self.grade.name),
        )

    @property
    def details(self) -> tuple[str, ...]:
        """What the 1s did, and every choice of quality die."""
        fumbles = []
        if self.offsets > self.unoffset:
            fumbles.append(
                _n(
                    "A 1 voids a die of 4 or more, the lowest first.",
                    "{n} ones void a die of 4 or more each, the lowest first.",
                    self.offsets - self.unoffset,
                )
            )
        fumbles += unoffset_lines(self.unoffset)
        return (
            *fumbles,
            *(
                _n(
                    "Quality {quality}: {n} item.",
                    "Quality {quality}: {n} items.",
                    items,
                    quality=quality,
                )
                for quality, items in self.options
                if quality > FAILURE_UP_TO and items
            ),
        )


def _items(faces: tuple[int, ...], quality_die: int, offsets: int = 0) -> int:
    """The items made with ``quality_die`` chosen: the dice at least as high (the quality die
    counts as the one), less those the 1s void once the lower successes are voided.
    """
    reaching = sum(1 for face in faces if face >= quality_die)
    below = sum(1 for face in faces if SUCCESS_FROM <= face < quality_die)
    return max(0, reaching - max(0, offsets - below))


def mass_production(
    faces: tuple[int, ...], quality_die: int, skill_value: int = 0
) -> MassProduction:
    """The items of a mass production roll with ``quality_die`` chosen among ``faces``, by a
    smith of this Weapon smithing value.

    >>> mass_production((12, 8, 8, 5), quality_die=8).sentence
    '3 items of quality 8 (simple) this half day.'
    >>> mass_production((12, 8, 8, 1), quality_die=8).items  # the 1 voids an 8
    2

    Raises:
        CheckError: the quality die is not among the faces.
    """
    if not faces:
        raise CheckError(_("Enter the faces of the single roll."))
    if quality_die not in faces:
        raise CheckError(
            _("Choose the quality die among the faces {faces_text}.", faces_text=faces_text(faces))
        )
    offsets = ones_to_offset(faces.count(FUMBLE), skill_value)
    unoffset = max(0, offsets - sum(1 for face in faces if face >= SUCCESS_FROM))
    options = tuple(
        (face, _items(faces, face, offsets)) for face in sorted(set(faces), reverse=True)
    )
    items = _items(faces, quality_die, offsets)
    if quality_die <= FAILURE_UP_TO or not items:
        return MassProduction(faces, quality_die, 0, None, options, offsets, unoffset)
    grade = quality_grade(quality_die)
    return MassProduction(faces, quality_die, items, grade, options, offsets, unoffset)


CRAFTING = Lookup(
    "crafting",
    _("Weapon smith: crafting"),
    (
        LookupInput(
            "result",
            _("Check result"),
            InputKind.INT,
            4,
            bounds=(1, 200),
            hint=_("The weapon smithing result, matches added."),
        ),
        LookupInput("master_grade", _("Master grade"), InputKind.INT, 0, bounds=(0, 3)),
        LookupInput(
            "sequence_dice",
            _("Sequence dice"),
            InputKind.INT,
            0,
            bounds=(0, 5),
            hint=_("From master grade 1: dice in the group only by a sequence, +2 each."),
        ),
    ),
    craft,
    _("Quality, bonus and bonus effects of a crafted weapon (Waffenschmied: Fertigung)."),
)

MASS_PRODUCTION = Lookup(
    "mass_production",
    _("Weapon smith: mass production"),
    (
        LookupInput(
            "faces",
            _("Dice"),
            InputKind.FACES,
            (),
            bounds=(1, HIGHEST_FACE),
            hint=_("The faces of the single roll."),
        ),
        LookupInput(
            "quality_die",
            _("Quality die"),
            InputKind.INT,
            4,
            bounds=(1, HIGHEST_FACE),
            hint=_("The face chosen as the items' quality."),
        ),
        masterly_skill_input(_("Weapon smithing value")),
    ),
    mass_production,
    _("Items per half day from one single roll (Waffenschmied: Massenfertigung)."),
)
