"""The Heldenhandbuch's contests as group checks: the game master ticks the characters and
chooses the contest (rule text 003, "Kampf", "Beeinflussen", "Feilschen",
"Gemeinschaftsprobe").

The group check values:

- ``contest``: ``"combat"``, ``"influence"``, ``"bargaining"`` or ``"joint"``.
- ``<contest>_skill_<i>``: the skill member ``i`` (in the order ticked) rolls, as
  ``"skill:<name>"`` or ``"attribute:<name>"``.
- ``weapon_<i>`` (combat): the quality of member ``i``'s weapon; matches and sequences reach
  only up to the lower of skill and quality (0: no limit).

A combat phase loses the dice the sheet carries over from the last one (rescue dice); every
contest loses the dice the sheet takes away (emptied lines, critical injuries).
"""

from __future__ import annotations

from collections.abc import Sequence

from shadowdice.core.dice import DiceSource
from shadowdice.core.group import member_names
from shadowdice.core.registry import CheckError, CheckParam, CheckPreview, CheckValues
from shadowdice.core.session import RollSession
from shadowdice.core.sheet import Kind, Sheet
from shadowdice.systems.heldenhandbuch.checks import (
    CASCADE,
    SKILL,
    plan_check,
    what_choices,
    what_key,
)
from shadowdice.systems.heldenhandbuch.combat import CombatSession
from shadowdice.systems.heldenhandbuch.roll_session import Tested
from shadowdice.systems.heldenhandbuch.sheet import QUALITY_BOUNDS, HeldenSheet

COMBAT = "combat"
CONTESTS = ((COMBAT, "Combat phase (Kampf)"),)
#: The skill each contest starts with, if the character has it.
DEFAULT_SKILLS = {COMBAT: "Basic martial arts"}


def contest_params(members: Sequence[Sheet]) -> tuple[CheckParam, ...]:
    """The contest, each member's skill, and for a combat each member's weapon quality."""
    sheets = _helden(members)
    names = member_names(sheets)
    params = [
        CheckParam(
            "contest",
            "Contest",
            Kind.CHOICE,
            COMBAT,
            choices=CONTESTS,
            hint="Combat: synchronous cascade rolls, attack, defence, counter and damage.",
        )
    ]
    for index, (name, sheet) in enumerate(zip(names, sheets, strict=True)):
        choices = what_choices(sheet)
        params.append(
            CheckParam(
                f"{COMBAT}_skill_{index}",
                f"{name}: combat skill",
                Kind.CHOICE,
                _default_skill(sheet, COMBAT, choices),
                choices=choices,
                hint="The skill of the weapon fought with.",
                only_with=("contest", COMBAT),
            )
        )
        params.append(
            CheckParam(
                f"weapon_{index}",
                f"{name}: weapon quality",
                Kind.INT,
                0,
                bounds=QUALITY_BOUNDS,
                hint="Matches and sequences reach only up to the lower of skill and weapon "
                "quality. 0: no limit.",
                only_with=("contest", COMBAT),
            )
        )
    return tuple(params)


def preview_contest(members: Sequence[Sheet], values: CheckValues) -> CheckPreview:
    """What every member throws, or why the contest cannot be held."""
    try:
        fighters = _fighters(members, values)
    except CheckError as error:
        return CheckPreview(summary="", problem=str(error))
    words = [
        f"{name}: {tested.label}, {tested.step}, matches up to {tested.cap}"
        for name, _sheet, tested in fighters
    ]
    return CheckPreview(summary="Combat phase · " + " · ".join(words))


def start_contest(members: Sequence[Sheet], values: CheckValues, source: DiceSource) -> RollSession:
    """Start the contest the values ask for."""
    fighters = _fighters(members, values)
    return CombatSession(fighters, source=source, parameters=dict(values))


def _fighters(
    members: Sequence[Sheet], values: CheckValues
) -> list[tuple[str, HeldenSheet, Tested]]:
    sheets = _helden(members)
    contest = values.get("contest") or COMBAT
    if contest not in dict(CONTESTS):
        raise CheckError(f"{contest!r} is no contest.")
    if len(sheets) < 2:
        raise CheckError("A contest needs at least two characters: tick another one.")
    names = member_names(sheets)
    fighters = []
    for index, (name, sheet) in enumerate(zip(names, sheets, strict=True)):
        what = values.get(f"{COMBAT}_skill_{index}") or _default_skill(
            sheet, COMBAT, what_choices(sheet)
        )
        check = {
            "what": what,
            "roll": CASCADE,
            "quality": values.get(f"weapon_{index}") or 0,
            "extra_dice": -sheet.combat_dice_lost,
        }
        try:
            plan = plan_check(sheet, check)
        except CheckError as error:
            raise CheckError(f"{name}: {error}") from None
        fighters.append((name, sheet, plan.tested))
    return fighters


def _default_skill(sheet: HeldenSheet, contest: str, choices: tuple[tuple[str, str], ...]) -> str:
    wanted = what_key(SKILL, DEFAULT_SKILLS[contest])
    keys = [key for key, _label in choices]
    return wanted if wanted in keys else (keys[0] if keys else "")


def _helden(members: Sequence[Sheet]) -> list[HeldenSheet]:
    sheets = [member for member in members if isinstance(member, HeldenSheet)]
    if len(sheets) != len(members):
        raise CheckError("Only Heldenhandbuch characters can take part.")
    return sheets
