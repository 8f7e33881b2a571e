"""Group rolls: several characters roll one check together and their results combine.

A :class:`GroupSession` holds one roll session per member, each rolled with that member's
own pool and resources. Their dice lie in the tray grouped by character (a member's dice
thrown apart, such as destiny dice, in a group of their own beside them), every member's
follow-up actions are offered with the member's name, and a system-given function combines
the members' sessions into the group's outcome.

The members must share one die-id counter (``ids``) so that every die of the group has its
own id.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any

from shadowdice.core.dice import DiceSource
from shadowdice.core.die import Die, Throw
from shadowdice.core.language import translations
from shadowdice.core.record import MemberRecord, RollRecord, trusted
from shadowdice.core.session import Action, Charge, Outcome, RollSession
from shadowdice.core.sheet import Sheet

_, _n = translations(__name__)

#: Separates a member's number from the member's own action id ("1:bonus_die").
_ACTION_SEPARATOR = ":"


def member_names(members: Sequence[Sheet]) -> list[str]:
    """A name for every member, unique within the group ("Character 2" for a blank one).

    >>> member_names([Sheet(name="Hagen"), Sheet(), Sheet(name="Hagen")])
    ['Hagen', 'Character 2', 'Hagen (2)']
    """
    names: list[str] = []
    for number, sheet in enumerate(members, start=1):
        base = sheet.name.strip() or _("Character {number}", number=number)
        name, again = base, 2
        while name in names:
            name, again = f"{base} ({again})", again + 1
        names.append(name)
    return names


def member_group(character: str, group: str) -> str:
    """The tray group of a member's die: the character's name, then its own group.

    >>> member_group("Hagen", ""), member_group("Hagen", "destiny")
    ('Hagen', 'Hagen · destiny')
    """
    return f"{character} · {group}" if group else character


def _die_id(die: Die) -> int:
    return die.id


class GroupSession(RollSession):
    """A group roll in progress.

    Attributes:
        members: one session per character, in the order the game master chose them.
    """

    def __init__(
        self,
        members: Sequence[RollSession],
        *,
        system_id: str,
        check: str,
        combine: Callable[[Sequence[RollSession]], Outcome],
        source: DiceSource,
        parameters: Mapping[str, Any] | None = None,
        clock: Callable[[], datetime] | None = None,
    ) -> None:
        if not members:
            raise ValueError("a group roll needs at least one member")
        super().__init__(
            system_id=system_id,
            character=", ".join(member.character for member in members),
            check=check,
            source=source,
            parameters=parameters,
            clock=clock,
        )
        self.members = tuple(members)
        self._combine = combine
        # Each member's dice in their tray groups, and each member's actions as the group
        # offers them, kept with what they were made of: the member's table (a new tuple
        # whenever a die is thrown or marked) and the member's own actions (a system that
        # keeps them per state and language gives the same tuple back until they change).
        self._grouped: list[tuple[tuple[Die, ...], list[Die]] | None] = [None] * len(members)
        self._relabelled: list[tuple[tuple[Action, ...], tuple[Action, ...]] | None]
        self._relabelled = [None] * len(members)
        self._offered_kept: tuple[list[tuple[Action, ...]], tuple[Action, ...]] | None = None
        for index, member in enumerate(self.members):
            self._take_over(index, member.throws, member.charges)
        self._note_dice_start()
        self._evaluate()

    def outcome(self) -> Outcome:
        """The members' results, combined by the system's rule."""
        return self._combine(self.members)

    def participants(self) -> tuple[str, ...]:
        """Each member's name, as the group calls them."""
        return tuple(member.character for member in self.members)

    def standings(self) -> tuple[str, ...]:
        """Each member's own outcome."""
        return tuple(member.outcome().headline for member in self.members)

    def _evaluate(self) -> None:
        """Show every member's dice as they lie, grouped by character."""
        dice: list[Die] = []
        for index, member in enumerate(self.members):
            dice += self._grouped_dice(index, member)
        dice.sort(key=_die_id)
        self._dice = {die.id: die for die in dice}

    def _grouped_dice(self, index: int, member: RollSession) -> list[Die]:
        """A member's dice in their tray groups, regrouped only when the member's changed."""
        table, kept = member.table, self._grouped[index]
        if kept is not None and kept[0] is table:
            return kept[1]
        character, dice = member.character, member.dice
        groups = {group: member_group(character, group) for group in {die.group for die in dice}}
        grouped = [die.in_group(groups[die.group]) for die in dice]
        self._grouped[index] = (table, grouped)
        return grouped

    def _offered(self) -> Iterable[Action]:
        """Every member's actions, in the members' order; the same tuple until one changes."""
        parts = [self._member_actions(index, member) for index, member in enumerate(self.members)]
        kept = self._offered_kept
        if kept is None or any(part is not was for part, was in zip(parts, kept[0], strict=True)):
            kept = self._offered_kept = (parts, tuple([a for part in parts for a in part]))
        return kept[1]

    def _member_actions(self, index: int, member: RollSession) -> tuple[Action, ...]:
        """A member's actions with the group's ids and the member's name, made again only
        when the member's own actions are new.
        """
        actions, kept = member.actions(), self._relabelled[index]
        if kept is not None and kept[0] is actions:
            return kept[1]
        character = member.character
        relabelled = tuple(
            [
                Action(
                    id=f"{index}{_ACTION_SEPARATOR}{action.id}",
                    label=f"{character}: {action.label}",
                    cost=action.cost,
                    enabled=action.enabled,
                    reason=action.reason,
                    hint=action.hint,
                    pick=action.pick,
                    member=character,
                )
                for action in actions
            ]
        )
        self._relabelled[index] = (actions, relabelled)
        return relabelled

    def _apply(self, action: Action, picked: tuple[int, ...]) -> None:
        index, _, member_action = action.id.partition(_ACTION_SEPARATOR)
        member = self.members[int(index)]
        throws_before, charges_before = len(member.throws), len(member.charges)
        member.apply(member_action, picked)
        self._take_over(int(index), member.throws[throws_before:], member.charges[charges_before:])
        self._note_dice_start()

    def finish(self) -> RollRecord:
        """Finish every member's session too; the record keeps each member's own result."""
        record = super().finish()
        members = []
        for member in self.members:
            outcome = member.outcome()
            # Built from the member's outcome as validating it would give, as the session's
            # own record is (see RollSession.finish): the name a plain string, as a blank
            # sheet's is a text ("Character 1").
            members.append(
                trusted(
                    MemberRecord,
                    character=str(member.character),
                    headline=outcome.headline,
                    tone=outcome.tone.value,
                    detail=outcome.detail,
                )
            )
        return record.model_copy(update={"members": tuple(members)})

    def _take_over(self, index: int, throws: Sequence[Throw], charges: Sequence[Charge]) -> None:
        """Record a member's throws and charges as the group's."""
        character = self.members[index].character
        self.throws.extend(
            throw.relabelled(f"{character}: {throw.label}", str(character)) for throw in throws
        )
        self.charges.extend(replace(charge, who=index) for charge in charges)

    def _note_dice_start(self) -> None:
        """The group's dice start: the earliest of its members'."""
        starts = [member.dice_start for member in self.members if member.dice_start]
        self.dice_start = min(starts, key=lambda start: start[1], default=None)
