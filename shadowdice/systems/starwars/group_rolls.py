"""The group rolls of rounds as sessions: everyone's roll for the order of a segment, and the
speed contest of starships at the start of a round (rule text 004, "rundenbasiertes Spiel":
no initiative roll of its own, the totals give the order; "Raumschiffe": the speed contest).

Every member is a :class:`~.plain_rolls.CodeRoll` of a code worked out before (the system
builds them from the sheets, :mod:`.group_checks`); the group's outcome names the order, or
the range after the contest. Neither roll has a follow-up action.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import count

from shadowdice.core.dice import DiceSource
from shadowdice.core.group import GroupSession
from shadowdice.core.language import N_, Text, translations
from shadowdice.core.session import Outcome, RollSession, Tone
from shadowdice.systems.starwars.codes import Code
from shadowdice.systems.starwars.plain_rolls import CodeRoll, Spend
from shadowdice.systems.starwars.rounds import segment_order
from shadowdice.systems.starwars.session import SYSTEM_ID
from shadowdice.systems.starwars.starships import Range, Wish, speed_contest, speed_roll_needed

_, _n = translations(__name__)

#: What a group roll of pilots who all want the same says.
_EVERYONE_WANTS = {
    Wish.CLOSE: N_("everyone wants to close the range"),
    Wish.OPEN: N_("everyone wants to open the range"),
    Wish.KEEP: N_("everyone wants to keep the range"),
}
#: The name of a pilot's speed roll, by what the pilot wants.
_SPEED_CHECKS = {
    Wish.CLOSE: N_("Speed (close the range)"),
    Wish.OPEN: N_("Speed (open the range)"),
    Wish.KEEP: N_("Speed (keep the range)"),
}

SPEED_ACTION = "speed action"
"""The resource a pilot's speed action is charged as (it is written into the round)."""


@dataclass(frozen=True, slots=True)
class OrderEntry:
    """One character's action in a segment, for its order roll.

    Attributes:
        character: who acts.
        code: the code of the action's skill, modifiers of the round applied.
        action: the action in words ("Blaster: shoot at Corukk").
        charges: what rolling it changes on the sheet (a preparation used), as
            (resource, spend) pairs.
    """

    character: str
    code: Code
    action: str
    charges: tuple[tuple[str, Spend], ...] = ()


def start_segment_order(
    entries: Sequence[OrderEntry], source: DiceSource, *, segment: int = 1
) -> GroupSession:
    """Everyone in a segment rolls their action's skill at once; the totals set the order
    (highest first, equal totals at the same time) and are the actions' results too.
    """
    if not entries:
        raise ValueError(_("No one acts in this segment."))
    _refuse_twice([entry.character for entry in entries])
    ids = count()
    members = [
        CodeRoll(
            character=entry.character,
            code=entry.code,
            check=entry.action,
            source=source,
            ids=ids,
            charges=entry.charges,
        )
        for entry in entries
    ]
    return GroupSession(
        members,
        system_id=SYSTEM_ID,
        check=_("Segment {segment}: order of actions", segment=segment),
        combine=_order_outcome,
        source=source,
        parameters={"segment": segment},
    )


def _turns_in_words(turns: Sequence[Sequence[str]]) -> str:
    """Who acts when: "Kira and Bo, then Tarn"."""
    said = [
        names[0]
        if len(names) == 1
        else _("{names} and {last}", names=", ".join(names[:-1]), last=names[-1])
        for names in turns
    ]
    order = said[0] if said else ""
    for turn in said[1:]:
        order = _("{order}, then {turn}", order=order, turn=turn)
    return order


def _order_outcome(members: Sequence[RollSession]) -> Outcome:
    totals = {member.character: _total_of(member) for member in members}
    turns = segment_order(totals)
    return Outcome(
        headline=_("Order: {turns}", turns=_turns_in_words([turn.names for turn in turns])),
        tone=Tone.NEUTRAL,
        detail=" · ".join(f"{name} {total}" for name, total in totals.items()),
        values={name: total for name, total in totals.items()},
    )


def _refuse_twice(names: Sequence[str]) -> None:
    """Refuse a group roll in which a name comes twice: the totals are told by name."""
    if twice := sorted({name for name in names if names.count(name) > 1}):
        raise ValueError(
            _("Give everyone who rolls a name of their own: {join}.", join=", ".join(twice))
        )


def _total_of(member: RollSession) -> int:
    assert isinstance(member, CodeRoll), "a Star Wars group roll has code rolls as members"
    return member.total or 0


@dataclass(frozen=True, slots=True)
class Pilot:
    """A pilot in a speed contest.

    Attributes:
        character: who flies.
        wish: close, open or keep the range.
        code: the speed code (Sublight Speed, plus Starship Piloting when the pilot spends an
            action on it), modifiers of the round applied.
        piloting: when the pilot adds Starship Piloting, what writes that action into the
            pilot's round (charged once the dice are thrown); else None.
    """

    character: str
    wish: Wish
    code: Code
    piloting: Spend | None = None


def start_speed_contest(
    distance: Range, pilots: Sequence[Pilot], source: DiceSource
) -> GroupSession:
    """The speed contest at the start of a round: every pilot rolls their speed code when
    they do not all want the same; the outcome names the new range.
    """
    if not pilots:
        raise ValueError(_("A speed contest needs pilots."))
    _refuse_twice([pilot.character for pilot in pilots])
    wishes = {pilot.character: pilot.wish for pilot in pilots}
    needed = speed_roll_needed(wishes)
    ids = count()
    members = [
        CodeRoll(
            character=pilot.character,
            code=pilot.code,
            check=_(_SPEED_CHECKS[pilot.wish]),
            source=source,
            ids=ids,
            thrown=needed,
            charges=() if pilot.piloting is None else ((SPEED_ACTION, pilot.piloting),),
        )
        for pilot in pilots
    ]

    def combine(sessions: Sequence[RollSession]) -> Outcome:
        totals = {session.character: _total_of(session) for session in sessions}
        after = speed_contest(distance, wishes, totals if needed else None)
        detail = [f"{name} {total}" for name, total in totals.items()] if needed else []
        if not needed:
            detail.append(_(_EVERYONE_WANTS[pilots[0].wish]))
        headline = (
            _("Range stays {label}", label=after.label)
            if after is distance
            else _("Range is now {label}", label=after.label)
        )
        return Outcome(
            headline=headline,
            tone=Tone.NEUTRAL,
            detail=Text.join(" · ", detail),
            values={"range": after.label, "before": distance.label},
        )

    return GroupSession(
        members,
        system_id=SYSTEM_ID,
        check=_("Speed contest at {label} range", label=distance.label),
        combine=combine,
        source=source,
        parameters={"range": distance.label},
    )
