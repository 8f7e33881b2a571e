"""What a Phase Six check rolls, from the check values: the trait's dice, the minimum roll and
the bonus and destiny dice (rule texts 000 and 001, "Die Anzahl der Würfel" / "The number of
dice", "Der Mindestwurf" / "The minimum roll", "Schwierigkeitsgrade" / "Levels of
difficulty", "Verborgenheit" / "Concealment").

The check values a single check reads (see :class:`~shadowdice.systems.phasesix.system.PhaseSix`
for the parameters that declare them):

- ``trait``: ``"skill:<name>"``, ``"knowledge:<name>"``, ``"attribute:<name>"`` (current rules)
  or ``"concealment"`` for a concealment roll.
- ``minimum_roll_from`` (classic): the attribute the game master names.
- ``difficulty`` (classic): ``"normal"``, ``"hard"`` or ``"very_hard"``.
- ``modifier`` (current): raises (or with a minus lowers) the character's minimum roll.
- ``bonus_dice``, ``destiny_dice``: dice added before the roll.
- ``observed``, ``concealment`` (concealment rolls): the observed characters' names, and a
  concealment value entered by hand.

Readings of what the texts leave open:

- **What can be rolled.** Skills and knowledge in both variants. The current rules roll
  attributes too (their door example rolls strength, 4 dice); under the classic rules the
  attributes set the minimum roll and are not rolled, and apprehension (Achtsamkeit), an
  attribute of the current rules, is a classic skill (see :mod:`.sheet`).
- **Concealment rolls** use the observer's Perception skill (0 should a sheet lack it). The
  classic minimum roll 7 - concealment and the current rules' perception + concealment dice
  take the difficulty as any check does (normal, or a modifier of 0, unless the game master
  says otherwise).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from pydantic import Field, Strict, field_validator

from shadowdice.core.language import Text, translations
from shadowdice.core.quoting import quoted, shortened
from shadowdice.core.registry import EMPTY_PARTY, CheckError, CheckValues, CheckValuesModel, Party
from shadowdice.systems.phasesix.concealment import most_conspicuous, observed_sheets
from shadowdice.systems.phasesix.rules import (
    CONCEALMENT_BASE,
    Difficulty,
    classic_minimum_roll,
    concealment_minimum_roll,
    dice_phrase,
    raised,
    roll_text,
    term,
)
from shadowdice.systems.phasesix.session import MinimumRoll
from shadowdice.systems.phasesix.sheet import (
    CONCEALMENT_BOUNDS,
    DICE_MAX,
    PERCEPTION,
    PHYSIS,
    PhaseSixSheet,
)

SKILL = "skill"
KNOWLEDGE = "knowledge"
ATTRIBUTE = "attribute"
CONCEALMENT = "concealment"

_, _n = translations(__name__)


def trait_key(kind: str, name: str) -> str:
    """The check value that names a trait.

    >>> trait_key(SKILL, "Courage")
    'skill:Courage'
    """
    return f"{kind}:{name}"


@dataclass(frozen=True, slots=True)
class Trait:
    """What is rolled and its dice.

    Attributes:
        label: the trait in words ("Courage", "Etiquette").
        dice: its number of dice (may be 0 or less).
        terms: how the dice are made up ("Etiquette 3 + Communication 2").
    """

    label: Text
    dice: int
    terms: Text


@dataclass(frozen=True, slots=True)
class Plan:
    """A check as it would be rolled.

    Attributes:
        check: what is rolled, in words, for the tray and the history.
        trait: the trait and its dice.
        minimum_roll: the minimum roll, or None while the attribute for it is not chosen.
        bonus_dice, destiny_dice: dice added before the roll.
    """

    check: Text
    trait: Trait
    minimum_roll: MinimumRoll | None
    bonus_dice: int = 0
    destiny_dice: int = 0

    @property
    def summary(self) -> Text:
        """The dice and the minimum roll in words."""
        dice = [dice_phrase(self.trait.dice)] if self.trait.dice > 0 else []
        if self.bonus_dice:
            dice.append(dice_phrase(self.bonus_dice, "bonus"))
        if self.destiny_dice:
            dice.append(dice_phrase(self.destiny_dice, "destiny"))
        thrown = Text.join(" + ", dice) if dice else _("no dice")
        if self.minimum_roll is None:
            return _("{terms} → {dice}", terms=self.trait.terms, dice=thrown)
        return _(
            "{terms} → {dice} · minimum roll {minimum_roll}",
            terms=self.trait.terms,
            dice=thrown,
            minimum_roll=self.minimum_roll.text,
        )


def trait_choices(sheet: PhaseSixSheet) -> tuple[tuple[str, str], ...]:
    """Every trait the character can roll, as (value, label) pairs: skills by value, then
    knowledge, then (current rules) attributes.
    """
    skills = sorted(sheet.skills, key=lambda skill: -skill.value)
    choices = [(trait_key(SKILL, s.name), _valued(s.name, s.value)) for s in skills]
    for entry in sheet.knowledge:
        terms = trait_of(sheet, trait_key(KNOWLEDGE, entry.name)).terms
        choices.append((trait_key(KNOWLEDGE, entry.name), _("{terms} (knowledge)", terms=terms)))
    if not sheet.classic:
        for attribute in sheet.attributes:
            label = (
                _("{name} {value} (physis)", name=term(attribute.name), value=attribute.value)
                if attribute.category == PHYSIS
                else _("{name} {value} (persona)", name=term(attribute.name), value=attribute.value)
            )
            choices.append((trait_key(ATTRIBUTE, attribute.name), label))
    return tuple(choices)


def _valued(name: str, value: int) -> Text:
    """A trait and its value: "Courage 5"."""
    return _("{name} {value}", name=term(name), value=value)


def best_trait(sheet: PhaseSixSheet) -> str:
    """The skill with the most dice, the check a panel starts with."""
    best = max(sheet.skills, key=lambda skill: skill.value, default=None)
    return trait_key(SKILL, best.name) if best is not None else ""


def trait_of(sheet: PhaseSixSheet, key: str) -> Trait:
    """The trait a check value names, with its dice.

    Raises:
        CheckError: nothing is chosen, or the sheet has no such trait.
    """
    kind, _colon, name = key.partition(":")
    try:
        if kind == SKILL:
            skill = sheet.skill(name)
            return Trait(term(skill.name), skill.value, _valued(skill.name, skill.value))
        if kind == KNOWLEDGE:
            entry = sheet.knowledge_entry(name)
            dice = sheet.knowledge_dice(entry)
            terms = _valued(entry.name, entry.value)
            if entry.skill and not sheet.classic:
                skill = _valued(entry.skill, sheet.skill(entry.skill).value)
                terms = _("{knowledge} + {skill}", knowledge=terms, skill=skill)
            return Trait(term(entry.name), dice, terms)
        if kind == ATTRIBUTE:
            attribute = sheet.attribute(name)
            if sheet.classic:
                raise CheckError(
                    _(
                        "Under the classic rules an attribute sets the minimum roll; "
                        "roll a skill or knowledge."
                    )
                )
            valued = _valued(attribute.name, attribute.value)
            return Trait(term(attribute.name), attribute.value, valued)
    except KeyError:
        raise CheckError(_not_on_sheet(sheet, name)) from None
    if not key:
        raise CheckError(_("Choose what to roll: a skill or knowledge."))
    raise CheckError(_("{key} is nothing a Phase Six character can roll.", key=quoted(key)))


#: A whole number, not a flag that Python would count as 0 or 1.
WholeNumber = Annotated[int, Strict()]

#: The game master's modifier of a check: raising or lowering the difficulty.
MODIFIER_BOUNDS = (-10, 20)
#: The successes a group roll may need.
NEEDED_BOUNDS = (1, 99)


class PhaseSixCheck(CheckValuesModel):
    """What a Phase Six check reads; the keys are listed in this module's docstring.

    Counts of dice are whole numbers of 0 or more; the trait, the attribute and the
    difficulty are checked against the sheet when the check is planned.
    """

    trait: str = ""
    minimum_roll_from: str = ""
    difficulty: str = Difficulty.NORMAL.value
    modifier: WholeNumber = Field(default=0, ge=MODIFIER_BOUNDS[0], le=MODIFIER_BOUNDS[1])
    bonus_dice: WholeNumber = Field(default=0, ge=0, le=DICE_MAX)
    destiny_dice: WholeNumber = Field(default=0, ge=0, le=DICE_MAX)
    observed: tuple[str, ...] = ()
    concealment: WholeNumber = Field(default=0, ge=CONCEALMENT_BOUNDS[0], le=CONCEALMENT_BOUNDS[1])

    @field_validator("observed", mode="before")
    @classmethod
    def _one_name_is_a_tuple_of_one(cls, names: object) -> object:
        return (names,) if isinstance(names, str) else names


class PhaseSixGroupCheck(PhaseSixCheck):
    """What a Phase Six group roll reads: a check's trait and difficulty, and the successes
    the group needs (``needed``, at least 1).
    """

    needed: WholeNumber = Field(default=0, ge=NEEDED_BOUNDS[0], le=NEEDED_BOUNDS[1])


def difficulty_of(values: PhaseSixCheck) -> Difficulty:
    """The classic level of difficulty of the check values (normal when not given)."""
    try:
        return Difficulty(values.difficulty or Difficulty.NORMAL)
    except ValueError:
        raise CheckError(
            _("{difficulty} is no level of difficulty.", difficulty=quoted(values.difficulty))
        ) from None


def classic_minimum(
    sheet: PhaseSixSheet, attribute_name: str, difficulty: Difficulty
) -> MinimumRoll | None:
    """The classic minimum roll from the attribute the game master names, raised by the
    difficulty; None while no attribute is named.

    >>> hagen = PhaseSixSheet(rules="classic")
    >>> hagen.attribute("Strength").value = 3
    >>> str(classic_minimum(hagen, "Strength", Difficulty.HARD))
    '4+ (Strength 3 → 2+, hard +2)'
    """
    if not attribute_name:
        return None
    try:
        attribute = sheet.attribute(attribute_name)
    except KeyError:
        raise CheckError(_not_on_sheet(sheet, attribute_name)) from None
    base = classic_minimum_roll(attribute.name, attribute.value)
    return _raised(base, _valued(attribute.name, attribute.value), difficulty)


def current_minimum(sheet: PhaseSixSheet, modifier: int) -> MinimumRoll:
    """The character's own minimum roll, raised or lowered by the game master's modifier.

    >>> str(current_minimum(PhaseSixSheet(), 9))
    '14+ (Human 5+, +9)'
    """
    lineage = sheet.lineage.strip()
    who = term(lineage) if lineage else _("own")
    if not modifier:
        return MinimumRoll(sheet.minimum_roll, who)
    reason = _(
        "{who} {minimum_roll}, {modifier}",
        who=who,
        minimum_roll=roll_text(sheet.minimum_roll),
        modifier=f"{modifier:+d}",
    )
    return MinimumRoll(raised(sheet.minimum_roll, modifier), reason)


def plan_check(sheet: PhaseSixSheet, values: CheckValues, party: Party = EMPTY_PARTY) -> Plan:
    """The check of one character as the values ask for it.

    Raises:
        CheckError: the values name something the sheet or the party does not have.
    """
    values = PhaseSixCheck.read(values)
    bonus, destiny = values.bonus_dice, values.destiny_dice
    if values.trait == CONCEALMENT:
        return _plan_concealment(sheet, values, party, bonus, destiny)
    trait = trait_of(sheet, values.trait)
    return Plan(trait.label, trait, _minimum(sheet, values), bonus, destiny)


def plan_member(sheet: PhaseSixSheet, values: PhaseSixCheck) -> Plan:
    """A group member's part of a group roll: the same trait and difficulty, the member's own
    dice and minimum roll, no dice added before the roll.
    """
    if values.trait == CONCEALMENT:
        raise CheckError(_("A concealment roll is made by one observer, not by a group."))
    trait = trait_of(sheet, values.trait)
    return Plan(trait.label, trait, _minimum(sheet, values))


def problem(sheet: PhaseSixSheet, plan: Plan) -> str:
    """Why the plan cannot be rolled, or ""."""
    if plan.minimum_roll is None:
        return _("Choose the attribute the game master names for the minimum roll.")
    if plan.bonus_dice > sheet.bonus_dice:
        return _("Only {dice} left.", dice=dice_phrase(sheet.bonus_dice, "bonus"))
    if plan.destiny_dice > sheet.destiny_dice:
        return _("Only {dice} left.", dice=dice_phrase(sheet.destiny_dice, "destiny"))
    if plan.trait.dice <= 0 and not plan.bonus_dice + plan.destiny_dice:
        terms = plan.trait.terms
        if sheet.bonus_dice or sheet.destiny_dice:
            return _("{terms} gives no dice: roll it with bonus or destiny dice.", terms=terms)
        if sheet.name:
            return _(
                "{terms} gives no dice, and {name} has no bonus or destiny dice left: this "
                "check cannot be rolled.",
                terms=terms,
                name=sheet.name,
            )
        return _(
            "{terms} gives no dice, and there are no bonus or destiny dice left: this check "
            "cannot be rolled.",
            terms=terms,
        )
    return ""


def _plan_concealment(
    sheet: PhaseSixSheet, values: PhaseSixCheck, party: Party, bonus: int, destiny: int
) -> Plan:
    observed = observed_sheets(party, values.observed)
    conspicuous = most_conspicuous(observed, values.concealment)
    perception = sheet.perception
    check = _(
        "Concealment roll: {source}, concealment {value}",
        source=conspicuous.source,
        value=conspicuous.value,
    )
    if sheet.classic:
        trait = Trait(term(PERCEPTION), perception, _valued(PERCEPTION, perception))
        base = concealment_minimum_roll(conspicuous.value)
        source = _("{base} - concealment {value}", base=CONCEALMENT_BASE, value=conspicuous.value)
        minimum = _raised(base, source, difficulty_of(values))
    else:
        dice = perception + conspicuous.value
        terms = _(
            "{perception} + concealment {value}",
            perception=_valued(PERCEPTION, perception),
            value=conspicuous.value,
        )
        trait = Trait(term(PERCEPTION), dice, terms)
        minimum = current_minimum(sheet, values.modifier)
    return Plan(check, trait, minimum, bonus, destiny)


def _minimum(sheet: PhaseSixSheet, values: PhaseSixCheck) -> MinimumRoll | None:
    if sheet.classic:
        return classic_minimum(sheet, values.minimum_roll_from, difficulty_of(values))
    return current_minimum(sheet, values.modifier)


def _raised(base: int, source: Text, difficulty: Difficulty) -> MinimumRoll:
    if difficulty is Difficulty.NORMAL:
        return MinimumRoll(base, source)
    reason = _(
        "{source} → {minimum_roll}, {difficulty}",
        source=source,
        minimum_roll=roll_text(base),
        difficulty=difficulty.words,
    )
    return MinimumRoll(raised(base, difficulty.raise_by), reason)


def _not_on_sheet(sheet: PhaseSixSheet, name: str) -> Text:
    if sheet.name:
        return _("{trait} is not on {name}'s sheet.", trait=term(name), name=sheet.name)
    return _("{trait} is not on this character's sheet.", trait=shortened(term(name)))
