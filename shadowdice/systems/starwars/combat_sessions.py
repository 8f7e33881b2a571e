"""Roll sessions for rounds of Star Wars D6: the damage roll, the death roll, and the rolls of a
segment's order and of a starship speed contest as group rolls.

The rules are in :mod:`.damage`, :mod:`.rounds` and :mod:`.starships`; these sessions throw the
dice, put them in the tray and say the result in words. Each takes plain values (codes,
numbers and a callback), not a sheet, so that the system can build them from whatever sheet
it has; a change to the character goes through the callback and is noted as a charge
(:meth:`.RollSession._charge`), so the app marks the sheet as changed.

Readings (besides those of the rule modules):

- **Applied at once.** Neither roll has a follow-up action, so the new wound state is applied
  when the dice have been thrown, and only when it differs from the old one.
- **Marks.** All dice of a code count; in the damage roll the dice of the side that prevails
  are marked as hits (the damage dice when the character is wounded or worse, the Strength
  dice when only stunned), the other side's as misses. In the death roll the dice are hits
  when the character survives.
- **Order and speed rolls** have no follow-up either; they only order the characters, or
  move the range, and change no sheet.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from itertools import count
from typing import Any

from shadowdice.core.dice import DiceSource
from shadowdice.core.die import Mark
from shadowdice.core.group import GroupSession
from shadowdice.core.session import Action, Outcome, RollSession, Tone
from shadowdice.systems.starwars.codes import Code
from shadowdice.systems.starwars.damage import (
    DEATH_ROLL_DICE,
    HEALTHY,
    Armor,
    Condition,
    WoundLevel,
    WoundState,
    after_death_roll,
    after_hit,
    resistance,
    wound_level,
)
from shadowdice.systems.starwars.rounds import segment_order
from shadowdice.systems.starwars.starships import Range, Wish, speed_contest, speed_roll_needed

SYSTEM_ID = "starwars"
DAMAGE = "Damage"
STRENGTH = "Strength"

ApplyWounds = Callable[[WoundState], None]


class _NoActions(RollSession):
    """A session with no follow-up: the dice are thrown and that is the roll."""

    def _offered(self) -> Iterable[Action]:
        return ()

    def _apply(self, action: Action, picked: tuple[int, ...]) -> None:
        raise AssertionError("no action is offered")  # pragma: no cover

    def _total(self, group: str, code: Code) -> int:
        return sum(die.total for die in self.table if die.group == group) + code.pips

    def _throw_code(self, label: str, code: Code, group: str = "") -> None:
        if code.dice:
            self._throw(label, code.dice, group=group)

    def _mark_group(self, group: str, mark: Mark) -> None:
        for die in self.table:
            if die.group == group:
                self._mark(die.id, mark)

    def _apply_wounds(self, apply: ApplyWounds, before: WoundState, after: WoundState) -> None:
        if after != before:
            self._charge(after.condition.label, 1, lambda _amount: apply(after))


class DamageSession(_NoActions):
    """A damage roll against this character: the weapon's damage against Strength plus
    armor, by the wound table; the new wound state goes to the sheet at once.

    Constructor arguments:
        character: the defender's name.
        damage: the weapon's damage code (:func:`.weapon_damage`, :func:`.lightsaber.damage`).
        strength: the defender's Strength code, without the wound penalty (resisting damage
            is spared it).
        armor: the defender's armor (none, light, full).
        state: the defender's wound state before the hit.
        apply: called with the new :class:`.WoundState` when the hit changes it.
        source: the dice source; ``check``, ``parameters``, ``clock`` and ``ids`` as for any
            session.

    Attributes:
        damage: the damage code thrown (group "Damage").
        resistance: the Strength code thrown, armor included (group "Strength").
        before: the wound state before the hit.
        after: the wound state after it.
    """

    def __init__(
        self,
        *,
        character: str,
        damage: Code,
        strength: Code,
        source: DiceSource,
        apply: ApplyWounds,
        armor: Armor = Armor.NONE,
        state: WoundState = HEALTHY,
        check: str = "Damage",
        parameters: Mapping[str, Any] | None = None,
        clock: Callable[[], datetime] | None = None,
        ids: Iterator[int] | None = None,
    ) -> None:
        super().__init__(
            system_id=SYSTEM_ID,
            character=character,
            check=check,
            source=source,
            parameters=parameters,
            clock=clock,
            ids=ids,
        )
        self.damage = damage
        self.resistance = resistance(strength, armor)
        self.before = state
        self._throw_code(f"Damage {damage}", damage, DAMAGE)
        self._throw_code(f"Strength {self.resistance}", self.resistance, STRENGTH)
        self.after = after_hit(state, self.level)
        self._evaluate()
        self._apply_wounds(apply, self.before, self.after)

    @property
    def damage_total(self) -> int:
        """The damage rolled."""
        return self._total(DAMAGE, self.damage)

    @property
    def strength_total(self) -> int:
        """The Strength rolled against it."""
        return self._total(STRENGTH, self.resistance)

    @property
    def level(self) -> WoundLevel:
        """What the table makes of the two totals."""
        return wound_level(self.damage_total, self.strength_total)

    def _evaluate(self) -> None:
        wounded = self.level is not WoundLevel.STUNNED
        self._mark_group(DAMAGE, Mark.HIT if wounded else Mark.MISS)
        self._mark_group(STRENGTH, Mark.MISS if wounded else Mark.HIT)

    def outcome(self) -> Outcome:
        """The wound level, and what it makes of the character."""
        level, after = self.level, self.after
        headline = level.value.capitalize()
        if level is WoundLevel.WOUNDED and after.condition is Condition.UNCONSCIOUS:
            headline = "Wounded again - unconscious"
        elif level is WoundLevel.WOUNDED:
            headline = "Stunned and wounded"
        detail = [f"damage {self.damage_total} against Strength {self.strength_total}"]
        if after.condition is not Condition.HEALTHY:
            detail.append(f"now {after.condition.label}")
        tone = {
            WoundLevel.STUNNED: Tone.SUCCESS,
            WoundLevel.WOUNDED: Tone.FAILURE,
            WoundLevel.UNCONSCIOUS: Tone.FAILURE,
            WoundLevel.MORTALLY_WOUNDED: Tone.CRITICAL,
        }[level]
        return Outcome(
            headline=headline,
            tone=tone,
            detail=" · ".join(detail),
            values={
                "damage": self.damage_total,
                "strength": self.strength_total,
                "level": level.value,
                "stunned": True,
                "condition": after.condition.label,
                "success": level is WoundLevel.STUNNED,
            },
        )


class DeathRollSession(_NoActions):
    """The death roll of a mortally wounded character at the end of a round: 2D against the
    full rounds since the hit; a lower roll kills. The result goes to the sheet at once.

    Constructor arguments:
        character: the character's name.
        rounds: the full rounds since the mortal wound (:attr:`.WoundState.rounds`).
        apply: called with the new :class:`.WoundState`: dead, or still mortally wounded
            with the count for the next round's roll.
        source: the dice source; ``check``, ``parameters``, ``clock`` and ``ids`` as for any
            session.

    Attributes:
        rounds: the rounds the roll is compared with.
        after: the wound state after the roll.
    """

    def __init__(
        self,
        *,
        character: str,
        rounds: int,
        source: DiceSource,
        apply: ApplyWounds,
        check: str = "Death roll",
        parameters: Mapping[str, Any] | None = None,
        clock: Callable[[], datetime] | None = None,
        ids: Iterator[int] | None = None,
    ) -> None:
        if rounds < 0:
            raise ValueError(f"rounds since the mortal wound cannot be {rounds}")
        super().__init__(
            system_id=SYSTEM_ID,
            character=character,
            check=check,
            source=source,
            parameters=parameters,
            clock=clock,
            ids=ids,
        )
        self.rounds = rounds
        self._throw("Death roll", DEATH_ROLL_DICE)
        self.after = after_death_roll(rounds, self.total)
        self._evaluate()
        before = WoundState(Condition.MORTALLY_WOUNDED, rounds)
        self._apply_wounds(apply, before, self.after)

    @property
    def total(self) -> int:
        """The 2D rolled."""
        return sum(die.total for die in self.table)

    @property
    def dead(self) -> bool:
        """Whether the roll killed the character."""
        return self.after.condition is Condition.DEAD

    def _evaluate(self) -> None:
        self._mark_group("", Mark.MISS if self.dead else Mark.HIT)

    def outcome(self) -> Outcome:
        """Dead, or alive for another round."""
        rounds = f"{self.rounds} full round{'' if self.rounds == 1 else 's'}"
        return Outcome(
            headline="Dies" if self.dead else "Survives the round",
            tone=Tone.CRITICAL if self.dead else Tone.SUCCESS,
            detail=f"rolled {self.total} against {rounds} since the mortal wound",
            values={"roll": self.total, "rounds": self.rounds, "dead": self.dead},
        )


class CodeRoll(_NoActions):
    """One character's roll of a code in a group roll (a segment's order, a speed contest).

    Constructor arguments:
        character: who rolls.
        code: the code rolled, modifiers applied.
        check: what is rolled, in words ("Blaster: shoot at Corukk").
        source, ``ids``: the group's dice source and shared die ids.
        thrown: False for a member who need not roll (the total is then None).

    Attributes:
        code: the code rolled.
    """

    def __init__(
        self,
        *,
        character: str,
        code: Code,
        check: str,
        source: DiceSource,
        ids: Iterator[int] | None = None,
        thrown: bool = True,
    ) -> None:
        super().__init__(
            system_id=SYSTEM_ID, character=character, check=check, source=source, ids=ids
        )
        self.code = code
        self.thrown = thrown
        if thrown:
            self._throw_code(f"{check} {code}", code)
        self._evaluate()

    @property
    def total(self) -> int | None:
        """The total rolled, or None when nothing was rolled."""
        return self._total("", self.code) if self.thrown else None

    def _evaluate(self) -> None:
        self._mark_group("", Mark.HIT)

    def outcome(self) -> Outcome:
        """The total."""
        total = self.total
        return Outcome(
            headline="No roll" if total is None else str(total),
            tone=Tone.NEUTRAL,
            values={"total": total},
        )


@dataclass(frozen=True, slots=True)
class OrderEntry:
    """One character's action in a segment, for its order roll.

    Attributes:
        character: who acts.
        code: the code of the action's skill, modifiers of the round applied.
        action: the action in words ("Blaster: shoot at Corukk").
    """

    character: str
    code: Code
    action: str


def start_segment_order(
    entries: Sequence[OrderEntry], source: DiceSource, *, segment: int = 1
) -> GroupSession:
    """Everyone in a segment rolls their action's skill at once; the totals set the order
    (highest first, equal totals at the same time) and are the actions' results too.
    """
    if not entries:
        raise ValueError("No one acts in this segment.")
    _refuse_twice([entry.character for entry in entries])
    ids = count()
    members = [
        CodeRoll(
            character=entry.character, code=entry.code, check=entry.action, source=source, ids=ids
        )
        for entry in entries
    ]
    return GroupSession(
        members,
        system_id=SYSTEM_ID,
        check=f"Segment {segment}: order of actions",
        combine=_order_outcome,
        source=source,
        parameters={"segment": segment},
    )


def _order_outcome(members: Sequence[RollSession]) -> Outcome:
    totals = {member.character: _total_of(member) for member in members}
    turns = segment_order(totals)
    return Outcome(
        headline="Order: " + ", then ".join(" and ".join(turn.names) for turn in turns),
        tone=Tone.NEUTRAL,
        detail=" · ".join(f"{name} {total}" for name, total in totals.items()),
        values={name: total for name, total in totals.items()},
    )


def _refuse_twice(names: Sequence[str]) -> None:
    """Refuse a group roll in which a name comes twice: the totals are told by name."""
    if twice := sorted({name for name in names if names.count(name) > 1}):
        raise ValueError(f"Give everyone who rolls a name of their own: {', '.join(twice)}.")


def _total_of(member: RollSession) -> int:
    assert isinstance(member, CodeRoll), "a Star Wars group roll has code rolls as members"
    return member.total or 0


@dataclass(frozen=True, slots=True)
class Pilot:
    """A pilot in a speed contest.

    Attributes:
        character: who flies.
        wish: close or open the range.
        code: the speed code (:func:`.speed_code`), modifiers of the round applied.
    """

    character: str
    wish: Wish
    code: Code


def start_speed_contest(
    distance: Range, pilots: Sequence[Pilot], source: DiceSource
) -> GroupSession:
    """The speed contest at the start of a round: every pilot rolls their speed code when
    they do not all want the same; the outcome names the new range.
    """
    if not pilots:
        raise ValueError("A speed contest needs pilots.")
    _refuse_twice([pilot.character for pilot in pilots])
    wishes = {pilot.character: pilot.wish for pilot in pilots}
    needed = speed_roll_needed(wishes)
    ids = count()
    members = [
        CodeRoll(
            character=pilot.character,
            code=pilot.code,
            check=f"Speed ({pilot.wish.value} the range)",
            source=source,
            ids=ids,
            thrown=needed,
        )
        for pilot in pilots
    ]

    def combine(sessions: Sequence[RollSession]) -> Outcome:
        totals = {session.character: _total_of(session) for session in sessions}
        after = speed_contest(distance, wishes, totals if needed else None)
        verb = "stays" if after is distance else "is now"
        detail = [f"{name} {total}" for name, total in totals.items()] if needed else []
        if not needed:
            detail.append(f"everyone wants to {pilots[0].wish.value} the range")
        return Outcome(
            headline=f"Range {verb} {after.label}",
            tone=Tone.NEUTRAL,
            detail=" · ".join(detail),
            values={"range": after.label, "before": distance.label},
        )

    return GroupSession(
        members,
        system_id=SYSTEM_ID,
        check=f"Speed contest at {distance.label} range",
        combine=combine,
        source=source,
        parameters={"range": distance.label},
    )
