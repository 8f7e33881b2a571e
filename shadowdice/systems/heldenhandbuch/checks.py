"""What a Heldenhandbuch check rolls, from the check values (rule text 003, "Proben",
"Einsetzbare Würfel", "Lernwurf", "Waffenschmied": "Der Maximalwert ... der niedere Wert
gilt", "Physis, Psyche", "Verletzungen").

The check values of an attribute or skill check (declared in :class:`~.system.Heldenhandbuch`;
``check`` chooses between such a check and the game master's tables, :mod:`.lookup_checks`):

- ``what``: ``"attribute:<name>"`` or ``"skill:<name>"``.
- ``roll``: ``"single"``, ``"sieve"``, ``"cascade"`` or ``"learning"``.
- ``extra_dice``: dice gained (or, negative, lost) beyond what the sheet says, e.g. bonus
  dice of a good item, or dice won back by gritting one's teeth ("die Zähne zusammenbeißen").
- ``quality``: the quality of the tool or weapon used, which caps matches when lower than the
  tested value (0: none).
- ``memory``: a memory check ("Gedächtnisprobe"), rolled by the game master for the player:
  the roll is named so in the tray and the history, and rolled secretly.
- ``learning_dice``, ``goal``, ``lucky_dice`` (learning roll): the dice thrown, what the roll
  aims at (``"value"``, ``"star"``, ``"master_grade"``), and how many of the dice lucky
  numbers pay for (attributes only).

Readings of what the text leaves open:

- **Dice lost.** Every emptied Psyche line and every critical injury costs every check a die;
  an emptied Physis line costs the checks of physical attributes a die (skills are not marked
  physical, so the player enters that loss in ``extra_dice``). Learning rolls lose no dice.
- **Sequences** in a cascade roll: general skills only with the star of skill; other skills
  and attributes always.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import ConfigDict, Field, Strict

from shadowdice.core.dice import DiceSource
from shadowdice.core.language import N_, Text, translations
from shadowdice.core.quoting import quoted
from shadowdice.core.registry import MAX_LINE_LENGTH, CheckError, CheckValues, CheckValuesModel
from shadowdice.systems.heldenhandbuch.chances import chance_of_a_result
from shadowdice.systems.heldenhandbuch.dice_steps import MAX_DICE, DiceStep
from shadowdice.systems.heldenhandbuch.learning_session import LearningSession, learning_dice
from shadowdice.systems.heldenhandbuch.lookup_checks import ATTRIBUTE_OR_SKILL
from shadowdice.systems.heldenhandbuch.mastery import Goal, shadow_rolls
from shadowdice.systems.heldenhandbuch.roll_session import HeldenSession, Tested
from shadowdice.systems.heldenhandbuch.sheet import QUALITY_BOUNDS, HeldenSheet, term
from shadowdice.systems.heldenhandbuch.sieve import CascadeSession, SieveSession
from shadowdice.systems.heldenhandbuch.single_roll import SingleRollSession

_, _n = translations(__name__)

ATTRIBUTE = "attribute"
SKILL = "skill"
SINGLE, SIEVE, CASCADE, LEARNING = "single", "sieve", "cascade", "learning"
ROLLS = (
    (SINGLE, N_("Single roll (Einzelwurf)")),
    (SIEVE, N_("Sieve roll (Siebwurf)")),
    (CASCADE, N_("Cascade roll (Kaskadenwurf)")),
    (LEARNING, N_("Learning roll (Lernwurf)")),
)
ROLL_NAMES = {
    SINGLE: N_("Single roll"),
    SIEVE: N_("Sieve roll"),
    CASCADE: N_("Cascade roll"),
    LEARNING: N_("Learning roll"),
}
GOALS = (
    (Goal.VALUE.value, N_("Raise the value")),
    (Goal.STAR.value, N_("Star of skill")),
    (Goal.MASTER_GRADE.value, N_("Next master grade")),
)
_SESSIONS: dict[str, type[HeldenSession]] = {
    SINGLE: SingleRollSession,
    SIEVE: SieveSession,
    CASCADE: CascadeSession,
}


def what_key(kind: str, name: str) -> str:
    """The check value naming an attribute or skill.

    >>> what_key(SKILL, "Oratory")
    'skill:Oratory'
    """
    return f"{kind}:{name}"


def what_keys(sheet: HeldenSheet) -> tuple[str, ...]:
    """The values of :func:`what_choices`, in the same order, without their labels."""
    skills = sorted(sheet.skills, key=lambda skill: -skill.value)
    return (
        *(what_key(SKILL, s.name) for s in skills),
        *(what_key(ATTRIBUTE, a.name) for a in sheet.attributes),
    )


def what_choices(sheet: HeldenSheet) -> tuple[tuple[str, str], ...]:
    """Every attribute and skill, as (value, label) pairs with their dice."""
    attributes = [
        (what_key(ATTRIBUTE, a.name), _valued(a.name, a.value, a.dice_text))
        for a in sheet.attributes
    ]
    skills = [
        (what_key(SKILL, s.name), _valued(s.name, s.value, s.dice_text))
        for s in sorted(sheet.skills, key=lambda skill: -skill.value)
    ]
    return (*skills, *attributes)


def _valued(name: str, value: int, dice: str) -> Text:
    """A tested value with its dice: "Tracking 4 (1W6)"."""
    return _("{name} {value} ({dice})", name=term(name), value=value, dice=dice)


@dataclass(frozen=True, slots=True)
class Plan:
    """A check as it would be rolled.

    Attributes:
        tested: what is tested, with its dice.
        roll: single, sieve, cascade or learning.
        lost: dice the sheet takes away (emptied lines, critical injuries).
        goal, free_dice: for a learning roll.
    """

    tested: Tested
    roll: str
    lost: int = 0
    goal: Goal = Goal.VALUE
    free_dice: int = 0

    @property
    def summary(self) -> str:
        """What is rolled, in words: "Sieve roll: 3W12, matches up to 9; keep at least one
        die each throw".
        """
        tested = self.tested
        if self.roll == LEARNING:
            paid = max(tested.step.count - self.free_dice, 0)
            dice = learning_dice(tested.step.count, tested.step.sides)
            return _("{dice} for {paid} EP · {tested}", dice=dice, paid=paid, tested=tested.label)
        roll = _(ROLL_NAMES[self.roll])
        step: str = str(tested.step)
        if self.lost:
            step = _(
                "{step} ({lost} lost to emptied lines and injuries)", step=step, lost=self.lost
            )
        if self.roll == CASCADE and tested.sequences:
            first = _(
                "{roll}: {step}, matches up to {cap}, sequences too",
                roll=roll,
                step=step,
                cap=tested.cap,
            )
        else:
            first = _("{roll}: {step}, matches up to {cap}", roll=roll, step=step, cap=tested.cap)
        parts = [first]
        if self.roll == SINGLE:
            parts.append(_("success: any result of 4+"))
        else:
            parts.append(_("keep at least one die each throw"))
        if self.roll == CASCADE:
            parts.append(_("the best group counts"))
        if tested.shadow_rolls:
            parts.append(_n("{n} shadow roll", "{n} shadow rolls", tested.shadow_rolls))
        return Text.join("; ", parts)

    def chance(self, lucky_number: int) -> float | None:
        """The chance of a result, for a single roll without shadow rolls (see
        :mod:`.chances`); else None.
        """
        tested = self.tested
        if self.roll != SINGLE or tested.shadow_rolls:
            return None
        step = tested.step
        return chance_of_a_result(
            step.count, step.sides, value=tested.value, lucky_number=lucky_number
        )


#: A whole number, not a flag that Python would count as 0 or 1.
WholeNumber = Annotated[int, Strict()]


class HeldenCheck(CheckValuesModel):
    """What a Heldenhandbuch check reads: ``check`` (an attribute or skill check, or the id
    of a table, :mod:`.lookup_checks`) and the keys of an attribute or skill check listed in
    this module's docstring. A table's inputs (``<table id>_<input key>``) are kept as they
    come, as extra values, and read by the table itself, which knows their kinds and bounds.
    """

    model_config = ConfigDict(frozen=True, extra="allow", str_max_length=MAX_LINE_LENGTH)

    check: str = ATTRIBUTE_OR_SKILL
    what: str = ""
    roll: str = SINGLE
    extra_dice: WholeNumber = Field(default=0, ge=-MAX_DICE, le=MAX_DICE)
    quality: WholeNumber = Field(default=0, ge=QUALITY_BOUNDS[0], le=QUALITY_BOUNDS[1])
    learning_dice: WholeNumber = Field(default=0, ge=0, le=MAX_DICE)
    goal: str = Goal.VALUE.value
    lucky_dice: WholeNumber = Field(default=0, ge=0, le=MAX_DICE)
    memory: bool = False


def refuse_when_spent(sheet: HeldenSheet, *, physical: bool) -> None:
    """Refuse a check the character cannot make: with all Psyche lost no check at all, with
    all Physis lost no physical check (rule text "Physis, Psyche": for 30 minutes, read as
    until Physis or Psyche comes back).

    Raises:
        CheckError: with the reason in words.
    """
    if sheet.psyche.current <= 0:
        raise CheckError(
            _(
                "{name} has lost all Psyche: no check until Psyche comes back (30 minutes "
                "at the least).",
                name=sheet.name,
            )
        )
    if physical and sheet.physis.current <= 0:
        raise CheckError(
            _(
                "{name} has lost all Physis: no physical check until Physis comes back "
                "(30 minutes at the least).",
                name=sheet.name,
            )
        )


def plan_check(sheet: HeldenSheet, values: CheckValues) -> Plan:
    """The check the values ask for.

    Raises:
        CheckError: the values name nothing on the sheet, or no dice are left.
    """
    values = HeldenCheck.read(values)
    kind, _colon, name = values.what.partition(":")
    roll = values.roll or SINGLE
    if roll not in dict(ROLLS):
        raise CheckError(_("{roll} is no kind of roll.", roll=quoted(roll)))
    try:
        row: Any = sheet.attribute(name) if kind == ATTRIBUTE else sheet.skill(name)
    except KeyError:
        raise CheckError(
            _("{name} is not on the sheet: choose what to roll.", name=name)
            if name
            else _("Nothing is not on the sheet: choose what to roll.")
        ) from None
    if kind not in (ATTRIBUTE, SKILL):
        raise CheckError(_("Choose an attribute or a skill to roll."))
    refuse_when_spent(sheet, physical=kind == ATTRIBUTE and row.physical)
    value = row.value
    step: DiceStep = row.step
    if roll == LEARNING:
        return _plan_learning(sheet, kind, row, values)
    physical = kind == ATTRIBUTE and row.physical
    lost = sheet.dice_lost(physical=physical)
    extra = values.extra_dice
    dice = step.count - lost + extra
    if dice < 1:
        raise CheckError(
            _(
                "{name} has no dice left to roll: {why}.",
                name=row.name,
                why=_dice_left(step, lost, extra),
            )
        )
    quality = values.quality
    cap = min(value, quality) if quality else value
    tested = Tested(
        kind=kind,
        name=row.name,
        value=value,
        step=DiceStep(min(dice, MAX_DICE), step.sides),
        cap=cap,
        sequences=kind == ATTRIBUTE or row.sequences,
        shadow_rolls=shadow_rolls(value) if kind == SKILL else 0,
    )
    return Plan(tested, roll, lost)


def _plan_learning(sheet: HeldenSheet, kind: str, row: Any, values: HeldenCheck) -> Plan:
    dice = values.learning_dice or 1
    free = values.lucky_dice
    try:
        goal = Goal(values.goal or Goal.VALUE.value)
    except ValueError:
        raise CheckError(
            _("{goal} is no goal of a learning roll.", goal=quoted(values.goal))
        ) from None
    if not 1 <= dice <= MAX_DICE:
        raise CheckError(_("A learning roll throws 1 to {most} dice.", most=MAX_DICE))
    if free and kind != ATTRIBUTE:
        raise CheckError(_("A lucky number pays for a learning roll on an attribute only."))
    if free > dice:
        raise CheckError(_("More lucky numbers than learning dice."))
    if max(dice - free, 0) > sheet.experience_points:
        raise CheckError(
            _("{needed} EP needed, {left} left.", needed=dice - free, left=sheet.experience_points)
        )
    if goal is Goal.STAR and (kind != SKILL or not row.general or row.star):
        raise CheckError(_("Only a general skill without the star can earn the star of skill."))
    if goal is Goal.STAR and row.value < 12:
        raise CheckError(_("The star of skill needs a value of 12 or more."))
    if goal is Goal.MASTER_GRADE and (kind != SKILL or row.general or row.master_grade >= 3):
        raise CheckError(_("Only a profession below master grade 3 earns a master grade."))
    tested = Tested(kind, row.name, row.value, DiceStep(dice, row.step.sides), row.value)
    return Plan(tested, LEARNING, goal=goal, free_dice=free)


def start(
    sheet: HeldenSheet, plan: Plan, source: DiceSource, parameters: dict[str, Any]
) -> HeldenSession:
    """Start the session the plan describes; a memory check says that the game master
    rolls it for the player.
    """
    check = _("{roll}: {tested}", roll=_(ROLL_NAMES[plan.roll]), tested=plan.tested.label)
    if parameters.get("memory") and plan.roll != LEARNING:
        check = _("Memory check, rolled by the game master: {tested}", tested=plan.tested.label)
    if plan.roll == LEARNING:
        return LearningSession(
            sheet,
            plan.tested,
            goal=plan.goal,
            free_dice=plan.free_dice,
            source=source,
            check=check,
            parameters=parameters,
        )
    # A memory check is the game master's roll, kept from the player.
    secret = bool(parameters.get("memory"))
    session_type = _SESSIONS[plan.roll]
    return session_type(
        sheet, plan.tested, source=source, check=check, parameters=parameters, secret=secret
    )


def _dice_left(step: DiceStep, lost: int, extra: int) -> str:
    """How the dice of a check came to none, in words.

    >>> _dice_left(DiceStep(1, 6), 0, -3)
    '1W6, 3 fewer asked for'
    >>> _dice_left(DiceStep(3, 12), 2, -1)
    '3W12, 2 lost to emptied lines and injuries, 1 fewer asked for'
    """
    words = [str(step)]
    if lost:
        words.append(_("{n} lost to emptied lines and injuries", n=lost))
    if extra > 0:
        words.append(_("{n} more asked for", n=extra))
    elif extra < 0:
        words.append(_("{n} fewer asked for", n=-extra))
    return Text.join(", ", words)
