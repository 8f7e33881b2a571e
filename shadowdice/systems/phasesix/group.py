"""Phase Six group rolls (rule texts 000 "Gruppenwürfe" and 001 "Group rolls").

The game master names the trait, the difficulty and how many successes the group needs. Each
character rolls with their own dice, their own minimum roll and their own bonus, destiny and
reroll dice; the successes of all add up, and the group makes it when they reach the number
needed.

Readings of what the texts leave open:

- **One set of rules.** Every member must play by the same rules variant: the difficulty is
  a level (classic) or a modifier (current), and one group roll names one of them.
- **The attribute or skill asked for.** Both texts let each player roll "the required
  attribute or skill", and both give an apprehension (Achtsamkeit) check as the example.
  Under the current rules that is the Apprehension attribute, rolled with its value as dice.
  Under the classic rules attributes give minimum rolls, not dice, and no classic attribute is
  Achtsamkeit, so the group rolls it as players would: as the classic skill Apprehension,
  each member with the minimum roll from the attribute the game master names.
- **Dice added before the roll** are not asked for a group: each member can add bonus and
  destiny dice after the roll instead, one at a time (both texts allow that at any time).
- **A member whose pool is 0 or less** throws nothing at first and can still add bonus or
  destiny dice; the roll is refused only when no member has a die to throw or to add.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import count

from shadowdice.core import language
from shadowdice.core.dice import DiceSource
from shadowdice.core.group import GroupSession, member_names
from shadowdice.core.language import Text, translations
from shadowdice.core.record import frozen_values
from shadowdice.core.registry import CheckError, CheckValues
from shadowdice.core.session import Outcome, RollSession, Tone
from shadowdice.systems.phasesix.checks import PhaseSixGroupCheck, Plan, plan_member, problem
from shadowdice.systems.phasesix.session import SYSTEM_ID, ActionsMade, PhaseSixSession
from shadowdice.systems.phasesix.sheet import PhaseSixSheet

_, _n = translations(__name__)


def needed_of(values: CheckValues) -> int:
    """The successes the game master asks of the group (at least 1)."""
    return PhaseSixGroupCheck.read(values).needed


def member_successes(members: Sequence[RollSession]) -> tuple[tuple[str, int], ...]:
    """Each member's name and successes, in the members' order."""
    per_member = []
    for member in members:
        assert isinstance(member, PhaseSixSession), "a Phase Six group has Phase Six members"
        per_member.append((member.character, member.successes))
    return tuple(per_member)


def group_outcome(per_member: Sequence[tuple[str, int]], needed: int) -> Outcome:
    """The members' successes (name and successes of each) added up against the number
    needed. The headline names the number needed with its own plural ("of 1 success", "of 3
    successes"): German puts it in the dative there ("von 3 Erfolgen").
    """
    total = sum(successes for _name, successes in per_member)
    made = total >= needed
    headline = (
        _n(
            "Group: {total} of {n} success - made it",
            "Group: {total} of {n} successes - made it",
            needed,
            total=total,
        )
        if made
        else _n(
            "Group: {total} of {n} success - failed",
            "Group: {total} of {n} successes - failed",
            needed,
            total=total,
        )
    )
    return Outcome(
        headline=headline,
        tone=Tone.SUCCESS if made else Tone.FAILURE,
        detail=" · ".join(f"{name} {successes}" for name, successes in per_member),
        values={"successes": total, "needed": needed, "success": made},
    )


class GroupTally:
    """How a group roll combines its members: their successes added up against the number
    needed (:func:`group_outcome`).

    The group's outcome is read before and after every action and again as the roll
    finishes. It is worked out again only when what goes into it changed: a member's name
    or successes, or the language.

    Attributes:
        needed: the successes the group needs.
        needed_words: that number in words, made once for the group's check: a text renders
            the texts it is made of in the language it is shown in.
    """

    def __init__(self, needed: int) -> None:
        self.needed = needed
        self.needed_words = _successes(needed)
        self._kept: tuple[tuple[tuple[tuple[str, int], ...], str], Outcome] | None = None

    def __call__(self, members: Sequence[RollSession]) -> Outcome:
        """The group's outcome as the members stand."""
        state = (member_successes(members), language.current())
        kept = self._kept
        if kept is None or kept[0] != state:
            outcome = group_outcome(state[0], self.needed)
            kept = self._kept = (state, outcome)
        return kept[1]


def plan_group(members: Sequence[PhaseSixSheet], values: CheckValues) -> list[Plan]:
    """Every member's part of the group roll.

    Raises:
        CheckError: the members play by different rules, or the values name a trait or
            attribute a member does not have.
    """
    if not members:
        raise CheckError(_("Choose the characters who roll together."))
    variants = {sheet.rules for sheet in members}
    if len(variants) > 1:
        names = member_names(members)
        who = Text.join(
            ", ",
            (
                _("{name} (classic rules)", name=name)
                if sheet.classic
                else _("{name} (current rules)", name=name)
                for name, sheet in zip(names, members, strict=True)
            ),
        )
        raise CheckError(_("A group roll needs one set of rules: {who}.", who=who))
    check = PhaseSixGroupCheck.read(values)
    return [plan_member(sheet, check) for sheet in members]


def group_problem(members: Sequence[PhaseSixSheet], plans: Sequence[Plan]) -> str:
    """Why the group cannot roll, or ""."""
    for sheet, plan in zip(members, plans, strict=True):
        if plan.minimum_roll is None:
            return problem(sheet, plan)
    if not any(
        plan.trait.dice > 0 or sheet.bonus_dice or sheet.destiny_dice
        for sheet, plan in zip(members, plans, strict=True)
    ):
        return _(
            "No one in the group has dice for {trait}, and no one has bonus or destiny dice left.",
            trait=plans[0].trait.label,
        )
    return ""


def start_group(
    members: Sequence[PhaseSixSheet], values: CheckValues, source: DiceSource
) -> GroupSession:
    """Start a group roll: each member throws their own dice; the successes add up."""
    plans = plan_group(members, values)
    if reason := group_problem(members, plans):
        raise CheckError(reason)
    check = PhaseSixGroupCheck.read(values)  # read once for every member
    tally = GroupTally(check.needed)
    parameters = frozen_values(check.as_parameters())
    ids = count()
    # The members' actions, made once for all who stand alike (the same dice left, say).
    actions_made: ActionsMade = {}
    sessions = []
    # Every member rolls: the UI names a member's actions by their index among the members.
    for sheet, plan, name in zip(members, plans, member_names(members), strict=True):
        assert plan.minimum_roll is not None, "group_problem refuses a plan without one"
        session = PhaseSixSession(
            sheet,
            check=plan.check,
            pool=plan.trait.dice,
            minimum_roll=plan.minimum_roll,
            source=source,
            character=name,
            parameters=parameters,
            ids=ids,
            actions_made=actions_made,
        )
        sessions.append(session)
    return GroupSession(
        sessions,
        system_id=SYSTEM_ID,
        check=_(
            "Group roll: {trait}, {needed} needed",
            trait=plans[0].trait.label,
            needed=tally.needed_words,
        ),
        combine=tally,
        source=source,
        parameters=dict(values),
    )


def _successes(count: int) -> Text:
    return _n("{n} success", "{n} successes", count)
