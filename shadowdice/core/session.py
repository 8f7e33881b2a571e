"""The roll session: a check as a small state machine (docs/architecture.md, "The roll session").

A rule system subclasses :class:`RollSession`. The base class keeps the dice, the throws, the
actions taken and the resources charged; the subclass throws the first dice when it starts,
evaluates the dice into marks and an :class:`Outcome`, and says which follow-up
:class:`Action` the rules allow now. Applying an action throws more dice through the session's
dice source and evaluates again; :meth:`RollSession.finish` turns the session into an
immutable :class:`~shadowdice.core.record.RollRecord`.

The same shape serves every system: exploding chains (``explode_on``), dice of any size
(``sides``), dice thrown apart from the rest (``group``), rerolls that take dice off the table
(``replace``), and rolls where the player keeps dice and throws the rest again (actions with a
:class:`DicePick`, and the ``KEPT`` mark).

With physical dice (a :class:`~shadowdice.core.dice.RealDiceSource`), an action may have to
wait for faces typed in: :meth:`RollSession.apply` then leaves the session as it was and
:attr:`RollSession.pending` says which dice it waits for; :meth:`RollSession.answer` gives
them and :meth:`RollSession.withdraw` gives the action up (:mod:`shadowdice.core.pending`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import StrEnum
from functools import cache, lru_cache
from itertools import count
from typing import Any

from shadowdice.core.dice import DiceRequest, DiceSource, FaceError
from shadowdice.core.die import Die, Judged, Mark, Throw, throw_dice
from shadowdice.core.language import translations
from shadowdice.core.pending import Step, waiting_source
from shadowdice.core.quoting import quoted
from shadowdice.core.record import (
    ActionRecord,
    DieRecord,
    OutcomeRecord,
    RollRecord,
    ThrowRecord,
    frozen_values,
    trusted,
)

_, _n = translations(__name__)


class SessionError(Exception):
    """An action that the session cannot take now; the message says why."""


class Tone(StrEnum):
    """How an outcome feels, for colour and sound in the tray."""

    SUCCESS = "success"
    FAILURE = "failure"
    GLITCH = "glitch"
    CRITICAL = "critical"
    NEUTRAL = "neutral"


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a session as it stands, in a player's words and in numbers.

    Attributes:
        headline: what the tray shows large ("3 hits - success", "Glitch!").
        tone: success, failure, glitch, critical or neutral.
        detail: one line more ("threshold 2, net hits 1").
        values: the numbers behind it, for the record ({"hits": 3, "glitch": False}).
    """

    headline: str
    tone: Tone
    detail: str = ""
    values: Mapping[str, int | float | str | bool | None] = field(default_factory=dict)
    #: Its record, once made: an outcome never changes, and rules may give the same outcome
    #: to many rolls (see :meth:`RollSession.finish`).
    _record: OutcomeRecord | None = field(default=None, init=False, repr=False, compare=False)


@dataclass(frozen=True, slots=True)
class DicePick:
    """The dice an action needs the player to pick (a die to reroll, dice to keep).

    Attributes:
        prompt: what to pick, in words.
        eligible: ids of the dice that may be picked.
        minimum: fewest dice to pick.
        maximum: most dice to pick (None: any number).
        suggested: a good choice, offered ready-made.
        each: sets of eligible dice, named, of which at least one die must be picked (every
            fighter of a contest keeps a die of their throw): (name, ids) pairs.
        alike: the faces of the eligible dice, (id, face) pairs, when the dice picked must
            all show the same face (several dice given together as one match); else empty.
    """

    prompt: str
    eligible: tuple[int, ...]
    minimum: int = 1
    maximum: int | None = None
    suggested: tuple[int, ...] = ()
    each: tuple[tuple[str, tuple[int, ...]], ...] = ()
    alike: tuple[tuple[int, int], ...] = ()

    def problem(self, picked: Sequence[int]) -> str | None:
        """Why ``picked`` is not a valid choice, or None when it is."""
        if len(set(picked)) != len(picked):
            return _("a die was picked twice")
        if stray := [die_id for die_id in picked if die_id not in self.eligible]:
            return _("die {die} cannot be picked for this", die=stray[0])
        if len(picked) < self.minimum:
            return _n("pick at least {n} die", "pick at least {n} dice", self.minimum)
        if self.maximum is not None and len(picked) > self.maximum:
            return _n("pick at most {n} die", "pick at most {n} dice", self.maximum)
        for name, ids in self.each:
            if not any(die_id in ids for die_id in picked):
                return _("pick at least one die of {name}", name=name)
        if self.alike and len({dict(self.alike)[die_id] for die_id in picked}) > 1:
            return _("pick dice of the same face")
        return None


@dataclass(frozen=True, slots=True)
class Action:
    """A follow-up the rules allow now.

    Attributes:
        id: stable name of the action within its system ("edge_second_chance").
        label: the button text ("Second chance").
        cost: what it charges, in words ("1 Edge"), or "" when free.
        enabled: whether it can be taken now.
        reason: why not, when it is disabled.
        hint: one sentence on what it does.
        pick: the dice the player must pick first, or None.
        member: in a group roll, the character the action belongs to; else "".
    """

    id: str
    label: str
    cost: str = ""
    enabled: bool = True
    reason: str = ""
    hint: str = ""
    pick: DicePick | None = None
    member: str = ""


@dataclass(frozen=True, slots=True)
class Charge:
    """A resource spent through the session ("edge", 1).

    Attributes:
        resource: what was spent, in the system's words.
        amount: how much.
        who: in a group roll, the index of the member who spent it; else 0.
    """

    resource: str
    amount: int
    who: int = 0


class RollSession(ABC):
    """A check in progress.

    Subclasses throw their first dice in ``__init__`` (through :meth:`_throw`), and implement
    :meth:`_evaluate`, :meth:`outcome`, :meth:`_offered` and :meth:`_apply`.

    Attributes:
        system_id: the rule system.
        character: the character's name.
        check: what is rolled, in words.
        parameters: the check's parameters as chosen (they cannot change).
        throws: every throw so far.
        taken: the actions taken so far.
        changes: for each action taken, what it changed, in words.
        charges: the resources spent so far.
        finished: True once :meth:`finish` was called.
        dice_start: (seed, position) of the digital dice source at the session's first throw,
            when the source has them, so that its faces can be thrown again.
        secret: the game master rolls it secretly; its record says so.
    """

    #: For rules that judge a die by its faces alone: marks every die as it lands
    #: (:func:`~shadowdice.core.die.throw_dice`), and :meth:`_evaluate` has nothing left to
    #: do. None: :meth:`_evaluate` marks the dice.
    _judge: Callable[[tuple[int, ...]], Judged] | None = None
    #: What the action being taken did, in the rules' words, when they say it better than
    #: the outcome (an injury written on a circle leaves the headline as it was): set by
    #: :meth:`_apply` through :meth:`_tell`, it stands for the outcome in the action's change.
    _told: str | None = None

    def __init__(
        self,
        *,
        system_id: str,
        character: str,
        check: str,
        source: DiceSource,
        parameters: Mapping[str, Any] | None = None,
        clock: Callable[[], datetime] | None = None,
        ids: Iterator[int] | None = None,
    ) -> None:
        """Set the session up; ``ids`` is shared by the members of a group roll."""
        self.system_id = system_id
        self.character = character
        self.check = check
        self.parameters = frozen_values(parameters or {})
        self.throws: list[Throw] = []
        self.taken: list[Action] = []
        self.charges: list[Charge] = []
        self.changes: list[str] = []
        self.finished = False
        self.dice_start: tuple[int, int] | None = None
        self.secret = False
        self._step: Step[RollSession, Throw | None] | None = None
        self._resources: Callable[[], Mapping[str, int]] | None = None
        self._source = source
        self._clock = clock or _now
        self._ids = ids if ids is not None else count()
        self._dice: dict[int, Die] = {}
        # The table as last worked out (None: to work out again), and of which dict of dice (a
        # subclass may put in a new one): it is read several times between changes.
        self._table: tuple[Die, ...] | None = ()
        self._table_of: dict[int, Die] | None = self._dice

    # --- what the session shows -------------------------------------------------------

    @property
    def dice(self) -> tuple[Die, ...]:
        """Every die thrown in this session, rerolled ones included, in throw order."""
        return tuple(self._dice.values())

    @property
    def table(self) -> tuple[Die, ...]:
        """The dice that count now: all but those a reroll replaced."""
        if self._table is None or self._table_of is not self._dice:
            rerolled = Mark.REROLLED
            self._table = tuple([die for die in self._dice.values() if rerolled not in die.marks])
            self._table_of = self._dice
        return self._table

    def die(self, die_id: int) -> Die:
        """The die with this id."""
        return self._dice[die_id]

    @abstractmethod
    def outcome(self) -> Outcome:
        """The outcome as it stands."""

    def actions(self) -> tuple[Action, ...]:
        """The follow-up actions to offer now (none once finished)."""
        return () if self.finished else tuple(self._offered())

    def participants(self) -> tuple[str, ...]:
        """The names of the characters who roll, as the roll calls them (its actions'
        ``member``), in the order they roll in; empty for a check of one character.
        """
        return ()

    def standings(self) -> tuple[str, ...]:
        """Where each character who rolls stands, in words, in the order they roll in (a
        group's members, a contest's entrants); empty for a check of one character.
        """
        return ()

    def stops_early(self) -> str | None:
        """What finishing now would record when the roll stands before a step its rules
        still await ("Stopped after the hit, before the damage throw"), so that the player
        can be asked first; None when it may end here. A session that can stop early
        records exactly this as its headline when it is finished there.
        """
        return None

    def watch_resources(self, read: Callable[[], Mapping[str, int]]) -> None:
        """Have each action's change name the resources it moved ("Edge 3 → 2"): ``read``
        gives the characters' resources by name, read before and after each action.
        """
        self._resources = read

    def _tell(self, done: str) -> None:
        """Say what the action being taken did, for its change (see :attr:`_told`)."""
        self._told = done

    # --- what the player does ---------------------------------------------------------

    def apply(self, action_id: str, picked: Sequence[int] = ()) -> Throw | None:
        """Take an offered action, with the dice picked for it; return the throw it made.

        With physical dice the action may wait for typed faces: then nothing changes yet,
        :attr:`pending` says which dice are wanted, and None is returned.

        Raises:
            SessionError: the action is not offered, disabled, or the pick is wrong, or the
                session waits for dice.
        """
        if self._step is not None:
            raise SessionError(_("the roll waits for dice to be typed in"))
        offered = {action.id: action for action in self.actions()}
        action = offered.get(action_id)
        if action is None:
            raise SessionError(_("{action} is not possible now", action=quoted(action_id)))
        if not action.enabled:
            raise SessionError(_("{action}: {reason}", action=action.label, reason=action.reason))
        if action.pick is not None and (problem := action.pick.problem(picked)):
            raise SessionError(_("{action}: {reason}", action=action.label, reason=problem))
        dice = waiting_source(self._source)
        if dice is None:
            return self._take(action, tuple(picked))
        step: Step[RollSession, Throw | None] = Step(
            lambda session: session._take(action, tuple(picked)), self, dice
        )
        return self._go_on(step, step.go)

    @property
    def pending(self) -> DiceRequest | None:
        """The dice an action waits for (typed physical dice), or None."""
        return self._step.request if self._step is not None else None

    def answer(self, faces: Sequence[int | None]) -> Throw | None:
        """Give the faces of the pending request (None: throw that die digitally).

        The action goes on: it completes (and the throw it made is returned, as by
        :meth:`apply`), or it waits for its next dice (:attr:`pending`; None is returned).

        Raises:
            SessionError: nothing is pending, or a face does not fit its die; the request
                stands.
        """
        step = self._step
        if step is None:
            raise SessionError(_("no dice are asked for"))
        try:
            return self._go_on(step, lambda: step.answer(faces))
        except FaceError as error:
            raise SessionError(str(error)) from error

    def withdraw(self) -> None:
        """Give up the action that waits for dice: the session is as it was before it."""
        if self._step is not None:
            self._step.cancel()
            self._step = None

    def _go_on(
        self, step: Step[RollSession, Throw | None], move: Callable[[], bool]
    ) -> Throw | None:
        """Move a step on; keep it while it waits, drop it when done or failed."""
        self._step = None
        try:
            done = move()
        except FaceError:
            self._step = step  # typed faces that do not fit: the request stands
            raise
        except BaseException:
            step.cancel()
            raise
        if done:
            return step.result
        self._step = step
        return None

    def _take(self, action: Action, picked: tuple[int, ...]) -> Throw | None:
        """Carry an action out, evaluate and describe the change; return the throw it made."""
        throws_before, charges_before = len(self.throws), len(self.charges)
        outcome_before = self.outcome()
        resources_before = dict(self._resources()) if self._resources else None
        self._told = None
        self._apply(action, picked)
        self.taken.append(action)
        self._evaluate()
        resources_after = dict(self._resources()) if self._resources else None
        self.changes.append(
            describe_change(
                action.label,
                outcome_before,
                self.outcome(),
                resources_before,
                resources_after,
                self.charges[charges_before:],
                done=self._told,
            )
        )
        return self.throws[-1] if len(self.throws) > throws_before else None

    def finish(self) -> RollRecord:
        """End the session and return its record; no action is offered afterwards.

        Raises:
            SessionError: the session was finished already.
        """
        if self.finished:
            raise SessionError(_("this roll is finished already"))
        self.withdraw()
        self.finished = True
        outcome = self.outcome()
        dice, known = self._dice, _DIE_RECORDS.get
        seed, position = self.dice_start or (None, None)
        # The session built every part itself, as the models say: no validation needed here
        # (records are validated where they come in from a file).
        return trusted(
            RollRecord,
            system=self.system_id,
            character=self.character,
            check=self.check,
            parameters=self.parameters,  # frozen as the session started
            throws=tuple(
                [
                    trusted(
                        ThrowRecord,
                        label=throw.label,
                        dice=tuple([known(dice[i]) or _die_record(dice[i]) for i in throw.die_ids]),
                        roller=throw.roller,
                    )
                    for throw in self.throws
                ]
            ),
            actions=tuple(
                [
                    trusted(ActionRecord, id=action.id, label=action.label, cost=action.cost)
                    for action in self.taken
                ]
            )
            if self.taken
            else (),
            outcome=outcome._record or _outcome_record(outcome),
            time=self._clock(),
            secret=self.secret,
            revealed=False,
            seed=seed,
            position=position,
            members=(),
            changes=tuple(self._changes_of_taken()) if self.taken else (),
        )

    def _changes_of_taken(self) -> list[str]:
        """One change per action taken ("" for one taken without :meth:`apply`)."""
        return [*self.changes, *[""] * (len(self.taken) - len(self.changes))][: len(self.taken)]

    # --- for subclasses -------------------------------------------------------------------

    @abstractmethod
    def _evaluate(self) -> None:
        """Mark every die on the table (through :meth:`_mark`) after each throw."""

    @abstractmethod
    def _offered(self) -> Iterable[Action]:
        """The actions the rules allow now, enabled or not."""

    @abstractmethod
    def _apply(self, action: Action, picked: tuple[int, ...]) -> None:
        """Carry out an enabled action (throwing through :meth:`_throw`)."""

    def _throw(
        self,
        label: str,
        count: int,
        *,
        sides: int = 6,
        group: str = "",
        explode_on: int | None = None,
        replace: Sequence[int] = (),
        roller: str | None = None,
    ) -> list[Die]:
        """Throw dice onto the table as one throw, taking the ``replace`` dice off it.

        ``roller`` is who throws when it is not the session's character (a fighter of a
        contest), so that a player on physical dice is asked for their own dice only. With
        :attr:`_judge`, every die is marked as it lands.
        """
        if self.dice_start is None:
            self.dice_start = dice_start(self._source)
        dice = throw_dice(
            self._source,
            count,
            ids=self._ids,
            sides=sides,
            group=group,
            purpose=label,
            explode_on=explode_on,
            roller=self.character if roller is None else roller,
            judge=self._judge,
            secret=self.secret,
        )
        # Dice that take none off the table join it as it stands.
        table = self._table if not replace and self._table_of is self._dice else None
        for die_id in replace:
            old = self._dice[die_id]
            self._dice[die_id] = old.marked(*old.marks, Mark.REROLLED, score=old.score)
        thrown = {die.id: die for die in dice}
        self._dice.update(thrown)
        self._table = None if table is None else table + tuple(dice)
        self.throws.append(Throw(label, tuple(thrown), tuple(replace), roller))
        return dice

    def _place(
        self, label: str, faces: Sequence[int], *, sides: int = 6, group: str = ""
    ) -> list[Die]:
        """Lay dice with given faces on the table without throwing them, as one throw of
        their own: dice kept from before (saved for a later combat phase). They are marked
        ``carried`` on the table and in the record; the dice source is not asked.
        """
        dice = [Die(next(self._ids), sides, (face,), group, carried=True) for face in faces]
        self._table = None
        for die in dice:
            self._dice[die.id] = die
        self.throws.append(Throw(label, tuple(die.id for die in dice)))
        return dice

    def _set_apart(self, die_ids: Sequence[int], group: str) -> None:
        """Put dice of a throw into a group of their own (Edge dice thrown with the pool)."""
        self._table = None
        for die_id in die_ids:
            self._dice[die_id] = self._dice[die_id].in_group(group)

    def _mark(self, die_id: int, *marks: Mark, score: int | None = None) -> None:
        """Set the marks (and score) of one die."""
        self._set_marks(die_id, _mark_set(marks), score)

    def _set_marks(self, die_id: int, marks: frozenset[Mark], score: int | None = None) -> None:
        """Set the marks, given as a set, (and score) of one die."""
        die = self._dice[die_id]
        if die.score != score or die.marks != marks:  # most dice keep theirs on evaluating again
            self._table = None
            self._dice[die_id] = die.with_marks(marks, score)

    def _charge(self, resource: str, amount: int, spend: Callable[[int], None]) -> None:
        """Spend a resource of the character through ``spend`` and note the charge."""
        spend(amount)
        self.charges.append(Charge(resource, amount))


def describe_change(
    label: str,
    before: Outcome,
    after: Outcome,
    resources_before: Mapping[str, int] | None,
    resources_after: Mapping[str, int] | None,
    charges: Sequence[Charge],
    *,
    done: str | None = None,
) -> str:
    """What an action changed, in words: the outcome before and after, or what the rules say
    it ``done`` (a sentence that names what it acted on), and the resources it moved (by the
    watched resources when there are some, else by its charges).

    >>> before = Outcome("4 hits - success", Tone.SUCCESS)
    >>> after = Outcome("6 hits - success", Tone.SUCCESS)
    >>> describe_change("Reroll misses", before, after, {"Edge": 3}, {"Edge": 2}, ())
    'Reroll misses: 4 hits - success → 6 hits - success · Edge 3 → 2'
    >>> describe_change("Keep", before, before, None, None, [Charge("destiny_dice", 1)])
    'Keep: 4 hits - success, unchanged · destiny dice −1'
    >>> describe_change("Circle 1", before, before, None, None, (), done="Kira: injury in 1")
    'Kira: injury in 1'
    """
    if done:
        return " · ".join([done, *_moved(resources_before, resources_after, charges)])
    if after.headline == before.headline:
        outcome = _("{outcome}, unchanged", outcome=after.headline)
    else:
        outcome = f"{before.headline} → {after.headline}"
    return " · ".join([f"{label}: {outcome}", *_moved(resources_before, resources_after, charges)])


def _moved(
    before: Mapping[str, int] | None, after: Mapping[str, int] | None, charges: Sequence[Charge]
) -> list[str]:
    """The resources an action moved: by the watched resources, else by its charges."""
    if before is not None and after is not None:
        return [
            f"{name} {before[name]} → {value}"
            for name, value in after.items()
            if name in before and before[name] != value
        ]
    return [
        f"{charge.resource.replace('_', ' ')} {-charge.amount:+d}".replace("-", "−")
        for charge in charges
    ]


def _now() -> datetime:
    """The time now, in UTC."""
    return datetime.now(UTC)


def dice_start(source: DiceSource) -> tuple[int, int] | None:
    """(seed, position) of a source that has them, else None."""
    seed, position = getattr(source, "seed", None), getattr(source, "position", None)
    return (seed, position) if isinstance(seed, int) and isinstance(position, int) else None


def _outcome_record(outcome: Outcome) -> OutcomeRecord:
    """The record of an outcome, made once and kept with it."""
    record = trusted(
        OutcomeRecord,
        headline=outcome.headline,
        tone=outcome.tone.value,
        detail=outcome.detail,
        values=frozen_values(outcome.values),
    )
    object.__setattr__(outcome, "_record", record)
    return record


#: The records of dice, by die: ids start at 0 in every session, so the same die (its id and
#: how it lies) comes up roll after roll.
_DIE_RECORDS: dict[Die, DieRecord] = {}
#: The records of dice, by how each lies (all its fields but its id): dice that lie alike
#: share one.
_LOOK_RECORDS: dict[tuple[Any, ...], DieRecord] = {}
#: How many records of dice each of them keeps (those of many rolls, with room to spare).
_DIE_RECORDS_KEPT = 4096


def _die_record(die: Die) -> DieRecord:
    """The record of a die: the same for every die that lies the same way (all but its id),
    so made once and shared, as records never change; kept by die for the next roll too.
    """
    look = die[1:]
    record = _LOOK_RECORDS.get(look)
    if record is None:
        if len(_LOOK_RECORDS) >= _DIE_RECORDS_KEPT:
            _LOOK_RECORDS.clear()
        sides, faces, group, marks, score, typed, carried = look
        record = _LOOK_RECORDS[look] = trusted(
            DieRecord,
            sides=sides,
            faces=faces,
            group=group,
            marks=_mark_names(marks),
            score=score,
            typed=typed,
            carried=carried,
        )
    if len(_DIE_RECORDS) >= _DIE_RECORDS_KEPT:
        _DIE_RECORDS.clear()
    _DIE_RECORDS[die] = record
    return record


@lru_cache(maxsize=256)
def _mark_set(marks: tuple[Mark, ...]) -> frozenset[Mark]:
    """The marks given as a set (a few combinations, each made once)."""
    return frozenset(marks)


@cache
def _mark_names(marks: frozenset[Mark]) -> tuple[str, ...]:
    """The marks as a record names them, sorted (a few combinations, each sorted once)."""
    return tuple(sorted(mark.value for mark in marks))
