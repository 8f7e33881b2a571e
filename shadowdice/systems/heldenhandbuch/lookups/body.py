"""Tables of the body: treating injuries with first aid or medicine, and drinking.

Rule text sections "Erste Hilfe und Heilkunde", "Verletzungen" (the untreated critical
injury, the deadly one and revival) and "Zechen".

Treatment: one check per injured life circle. Heavy injuries need 7 for 1 heavy hit in that
circle, 11 for 2, 16 for 3, with first aid ("Erste Hilfe") or medicine ("Heilkunde") alike.
A critical hit needs medicine 16 or first aid 31. Revival from a deadly injury needs an epic
(60+) first aid check.

Drinking: each drink is a single roll; the minimum is 4 for the first drink and 1 more for
each further one; two dice must reach it.

Readings where the text is open (each pinned by a test in ``lookups/test_body.py``):

- **First aid on a critical hit** (31+) treats it in the sense that the loss of a segment
  every 8 hours stops ("Erste Hilfe stoppt diesen Verlust"); the healing still starts only
  with medicine ("der Heilungsprozess kann nur durch Heilkunde eingeleitet werden").
- **More than 3 heavy hits** in one life circle are not in the table; the lookup asks for 1-3.
- **Revival** is named for first aid only; medicine is refused for it.
- **Drinking with no die reaching the minimum**: the text names only the loss for one die;
  Shadowdice takes one point per die short of two, so no die costs 2 points.
- **1s in a drinking check** count as in any check: each voids a die of 4+, one below the
  minimum first (the lowest), else the lowest that reaches it; the Drinking value makes a
  Könner (15) or master (20) who ignores one or two. A 1 left over costs a Psyche point.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from shadowdice.core.language import N_, translations
from shadowdice.core.registry import CheckError
from shadowdice.systems.heldenhandbuch.fumbles import FUMBLE, ones_to_offset
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

#: The minimum for treating 1, 2 or 3 heavy hits in one life circle.
HEAVY_MINIMUMS = (7, 11, 16)
#: The minimum for treating a critical hit with medicine, and with first aid.
CRITICAL_BY_MEDICINE = 16
CRITICAL_BY_FIRST_AID = 31
#: An epic first aid check revives.
REVIVAL_MINIMUM = 60
#: Drinking: the minimum of the first drink, and how many dice must reach it.
FIRST_DRINK_MINIMUM = 4
DICE_TO_HOLD = 2


class Treatment(StrEnum):
    """The skill used: first aid ("Erste Hilfe") or medicine ("Heilkunde")."""

    FIRST_AID = "first_aid"
    MEDICINE = "medicine"

    @property
    def label(self) -> str:
        """The skill in words."""
        return _("First aid") if self is Treatment.FIRST_AID else _("Medicine")


class Injury(StrEnum):
    """What is treated: heavy hits in a life circle, a critical hit, or a deadly injury."""

    HEAVY = "heavy"
    CRITICAL = "critical"
    DEADLY = "deadly"


def treatment_minimum(skill: Treatment | str, injury: Injury | str, heavy_hits: int = 1) -> int:
    """The result a treatment check needs.

    >>> treatment_minimum("medicine", "heavy", 2), treatment_minimum("first_aid", "critical")
    (11, 31)

    Raises:
        CheckError: heavy hits outside 1-3, or revival by medicine.
    """
    skill, injury = Treatment(skill), Injury(injury)
    if injury is Injury.HEAVY:
        if not 1 <= heavy_hits <= len(HEAVY_MINIMUMS):
            raise CheckError(_("Treat 1 to 3 heavy hits in one life circle."))
        return HEAVY_MINIMUMS[heavy_hits - 1]
    if injury is Injury.CRITICAL:
        return CRITICAL_BY_MEDICINE if skill is Treatment.MEDICINE else CRITICAL_BY_FIRST_AID
    if skill is Treatment.MEDICINE:
        raise CheckError(_("Only an epic first aid check (60+) revives from a deadly injury."))
    return REVIVAL_MINIMUM


@dataclass(frozen=True, slots=True)
class TreatmentResult:
    """Whether a treatment check succeeds.

    Attributes:
        skill: first aid or medicine.
        injury: heavy, critical or deadly.
        heavy_hits: for heavy injuries, the heavy hits in the life circle.
        minimum: the result needed.
        result: the result thrown.
        success: whether it reaches the minimum.
    """

    skill: Treatment
    injury: Injury
    heavy_hits: int
    minimum: int
    result: int
    success: bool

    @property
    def sentence(self) -> str:
        """The sentence, e.g. "Treated: medicine 12 reaches 11 for 2 heavy hits."."""
        if self.injury is Injury.HEAVY:
            what = _n("{n} heavy hit", "{n} heavy hits", self.heavy_hits)
        else:
            what = _("a critical hit") if self.injury is Injury.CRITICAL else _("revival")
        deadly = self.injury is Injury.DEADLY
        skill = _("first aid") if self.skill is Treatment.FIRST_AID else _("medicine")
        if self.success:
            sentence = N_("{verdict}: {skill} {result} reaches {minimum} for {what}.")
            verdict = _("Revived") if deadly else _("Treated")
        else:
            sentence = N_("{verdict}: {skill} {result} falls short of {minimum} for {what}.")
            verdict = _("Not revived") if deadly else _("Not treated")
        return _(
            sentence,
            verdict=verdict,
            skill=skill,
            result=self.result,
            minimum=self.minimum,
            what=what,
        )

    @property
    def details(self) -> tuple[str, ...]:
        """What the treatment does, or what an untreated injury keeps doing."""
        if not self.success:
            return {
                Injury.HEAVY: (_("Untreated, the life circle loses one more segment per day."),),
                Injury.CRITICAL: (
                    _(
                        "Untreated, regeneration stays 0 and the life circle loses one more "
                        "segment every 8 hours."
                    ),
                ),
                Injury.DEADLY: (),
            }[self.injury]
        if self.injury is Injury.DEADLY:
            return (_("The character lives again; the injuries are not treated yet."),)
        if self.injury is Injury.CRITICAL and self.skill is Treatment.FIRST_AID:
            return (_("The loss of segments stops; only medicine starts the healing."),)
        return (
            _(
                "Treated life circles heal, at most one per night's rest; in a "
                "circle with heavy or critical injuries one outer segment heals "
                "per night."
            ),
        )


def treat(
    skill: Treatment | str, injury: Injury | str, heavy_hits: int, result: int
) -> TreatmentResult:
    """A treatment check of one life circle.

    >>> treat("first_aid", "heavy", 1, 7).sentence
    'Treated: first aid 7 reaches 7 for 1 heavy hit.'
    """
    minimum = treatment_minimum(skill, injury, heavy_hits)
    return TreatmentResult(
        Treatment(skill), Injury(injury), heavy_hits, minimum, result, result >= minimum
    )


@dataclass(frozen=True, slots=True)
class DrinkResult:
    """A drinking check ("Zechenprobe").

    Attributes:
        drink: which drink this is (1 for the first).
        faces: the single roll's faces.
        minimum: what a die must show.
        reaching: how many dice reach it, those voided by 1s left out.
        points_lost: Physis or Psyche points lost, the drinker's choice.
        voided: the faces of the dice voided to offset 1s.
        unoffset: 1s left without a die to offset them (a Psyche point each).
    """

    drink: int
    faces: tuple[int, ...]
    minimum: int
    reaching: int
    points_lost: int
    voided: tuple[int, ...] = ()
    unoffset: int = 0

    @property
    def sentence(self) -> str:
        """The sentence, e.g. "Drink 3 needs 6 on two dice: 2 dice reach it; you hold ..."."""
        head = _(
            "Drink {drink} needs {minimum} on two dice", drink=self.drink, minimum=self.minimum
        )
        if not self.points_lost:
            return _(
                "{head}: {reaching} dice reach it; you hold your drink.",
                head=head,
                reaching=self.reaching,
            )
        reached = _("only one die reaches it") if self.reaching == 1 else _("no die reaches it")
        lost = _n(
            "lose {n} Physis or Psyche point (your choice)",
            "lose {n} Physis or Psyche points (your choice)",
            self.points_lost,
        )
        return _("{head}: {reached}; {lost}.", head=head, reached=reached, lost=lost)

    @property
    def details(self) -> tuple[str, ...]:
        """What the 1s did, and what a lost point can lead to."""
        fumbles = []
        if self.voided:
            fumbles.append(
                _n(
                    "A 1 voids the {faces}.",
                    "The 1s void {faces}.",
                    len(self.voided),
                    faces=faces_text(self.voided),
                )
            )
        fumbles += unoffset_lines(self.unoffset)
        if not self.points_lost:
            return tuple(fumbles)
        return (
            *fumbles,
            _(
                "If that empties a row: a self-control check (single roll); on a "
                "failure you throw up and your regeneration is halved."
            ),
            _(
                "The last Psyche point lost: blind drunk and unconscious; the last Physis point: "
                "blind drunk and asleep. Regeneration is then 1 and rises by 1 per 6 hours of rest."
            ),
        )


def drinking(drink: int, faces: tuple[int, ...], skill_value: int = 0) -> DrinkResult:
    """The drinking check for the ``drink``-th drink, by a drinker of this Drinking value.

    >>> drinking(3, (7, 5, 2)).sentence
    'Drink 3 needs 6 on two dice: only one die reaches it; lose 1 Physis or Psyche point ...'
    >>> drinking(1, (9, 6, 1)).reaching  # the 1 voids the 6
    1

    Raises:
        CheckError: fewer than two dice (two must reach the minimum).
    """
    if len(faces) < DICE_TO_HOLD:
        raise CheckError(
            _(
                "A drinking check needs two dice or more, not {faces_text}.",
                faces_text=faces_text(faces),
            )
        )
    minimum = FIRST_DRINK_MINIMUM + drink - 1
    offsets = ones_to_offset(faces.count(FUMBLE), skill_value)
    below = sorted(face for face in faces if SUCCESS_FROM <= face < minimum)
    reached = sorted(face for face in faces if face >= minimum)
    voided = tuple(sorted((below + reached)[:offsets], reverse=True))
    reaching = len(reached) - max(0, offsets - len(below))
    unoffset = max(0, offsets - len(below) - len(reached))
    return DrinkResult(
        drink,
        faces,
        minimum,
        max(0, reaching),
        max(0, DICE_TO_HOLD - max(0, reaching)),
        voided,
        unoffset,
    )


HEALING = Lookup(
    "healing",
    _("Treating injuries"),
    (
        LookupInput(
            "skill",
            _("Skill"),
            InputKind.CHOICE,
            Treatment.FIRST_AID.value,
            choices=tuple((skill.value, skill.label) for skill in Treatment),
        ),
        LookupInput(
            "injury",
            _("Injury"),
            InputKind.CHOICE,
            Injury.HEAVY.value,
            choices=(
                (Injury.HEAVY.value, _("Heavy hits in one life circle")),
                (Injury.CRITICAL.value, _("A critical hit")),
                (Injury.DEADLY.value, _("Deadly (revival)")),
            ),
        ),
        LookupInput(
            "heavy_hits",
            _("Heavy hits"),
            InputKind.INT,
            1,
            bounds=(1, len(HEAVY_MINIMUMS)),
            hint=_("The heavy hits in the treated life circle (heavy injuries only)."),
        ),
        LookupInput("result", _("Check result"), InputKind.INT, 0, bounds=(0, 200)),
    ),
    treat,
    _("Treatment thresholds per life circle (Erste Hilfe und Heilkunde)."),
)

DRINKING = Lookup(
    "drinking",
    _("Drinking"),
    (
        LookupInput(
            "drink",
            _("Drink number"),
            InputKind.INT,
            1,
            bounds=(1, HIGHEST_FACE),
            hint=_("1 for the first drink; the minimum rises by 1 with each further one."),
        ),
        LookupInput(
            "faces",
            _("Dice"),
            InputKind.FACES,
            (),
            bounds=(1, HIGHEST_FACE),
            hint=_("The faces of the single roll."),
        ),
        masterly_skill_input(_("Drinking value")),
    ),
    drinking,
    _("The drinking check: minimum 4, +1 per further drink, on two dice (Zechen)."),
)
