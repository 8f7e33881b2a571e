"""Contests of checks thrown side by side: influence, bargaining and joint checks (rule text
003, "Beeinflussen", "Feilschen", "Gemeinschaftsprobe").

Every character throws their own check (a sieve, cascade or single roll of
:mod:`.sieve` and :mod:`.single_roll`), their dice in a group of their name, their actions
offered with their name, as in a group roll. Once every check is settled, the contest reads
them:

- **Influence** (:class:`InfluenceSession`): the first character influences with
  Intimidation, Oratory or Seduction (a sieve roll, a cascade roll with the star of skill);
  every other character holds against it with Self-control, thrown the same way. Several
  characters may influence together (the first ones ticked): a joint check, each contributing
  their best matches or highest die, the highest value capping the group they form. The
  influencer's dice in matches and sequences are tricks; each victim neutralises a trick with
  a die of his own group (matches and sequences) showing at least as much, one die per trick.
  Every trick left costs the victim a Psyche point. A victim whose Psyche line empties chooses:
  the die malus of the emptied line, or granting the influencer a wish.
- **Bargaining** (:class:`BargainingSession`): both sides throw Haggling as sieve rolls, round
  after round; the higher result drains a Psyche point from the other for the duration of the
  trade (a tie drains nothing). Emptying a Psyche line forces a concession; losing the last
  point forces accepting the other's last offer and ends the trade. When the trade ends,
  Psyche is restored: the clear winner (who drained more) gets a point more, the loser a point
  less; when the loser lost his last point, a point per line lost during the trade instead.
- **Joint check** (:class:`JointSession`): everyone throws the check; then each contributes
  one die, or several matching dice, of it. The highest tested value among the participants
  caps the matches and sequences the contributed dice form together.

Readings of what the text leaves open are pinned by tests in ``test_social.py``: the victim's
Self-control is thrown like the influence (sieve, cascade with the star); a trick is
neutralised by a die at least as high; without matches or sequences there are no tricks;
Psyche never goes above its lines when restored.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from shadowdice.core.dice import DiceSource
from shadowdice.core.die import Mark
from shadowdice.core.language import Text, translations
from shadowdice.core.record import RollRecord
from shadowdice.core.session import (
    Action,
    Charge,
    DicePick,
    Outcome,
    RollSession,
    SessionError,
    Tone,
)
from shadowdice.systems.heldenhandbuch.evaluation import Evaluation, evaluate
from shadowdice.systems.heldenhandbuch.roll_session import SYSTEM_ID, HeldenSession, Tested
from shadowdice.systems.heldenhandbuch.scoring import is_success
from shadowdice.systems.heldenhandbuch.sheet import HeldenSheet
from shadowdice.systems.heldenhandbuch.sieve import CascadeSession, SieveSession
from shadowdice.systems.heldenhandbuch.single_roll import SingleRollSession

_, _n = translations(__name__)

_SEPARATOR = ":"
SESSIONS: dict[str, type[HeldenSession]] = {
    "single": SingleRollSession,
    "sieve": SieveSession,
    "cascade": CascadeSession,
}


@dataclass(frozen=True, slots=True)
class Entrant:
    """A character in a contest and the check they throw.

    Attributes:
        name: the name shown (their dice lie in a group of that name).
        sheet: the character.
        tested: what they throw.
        roll: "single", "sieve" or "cascade".
    """

    name: str
    sheet: HeldenSheet
    tested: Tested
    roll: str


class SideBySideSession(RollSession):
    """Every entrant's check thrown side by side, in rounds; subclasses read the round.

    Attributes:
        entrants: the characters, in the order chosen.
        round: the checks of the current round, one per entrant.
        rounds: how many rounds were thrown.
        notes: what happened, in words.
    """

    def __init__(
        self,
        entrants: Sequence[Entrant],
        *,
        check: str,
        source: DiceSource,
        parameters: Mapping[str, Any] | None = None,
        clock: Callable[[], datetime] | None = None,
    ) -> None:
        super().__init__(
            system_id=SYSTEM_ID,
            character=", ".join(entrant.name for entrant in entrants),
            check=check,
            source=source,
            parameters=parameters,
            clock=clock,
        )
        self.entrants = tuple(entrants)
        self.round: list[HeldenSession] = []
        self.rounds = 0
        self.notes: list[str] = []
        self._read = False
        self._new_round()
        self._evaluate()

    @property
    def decided(self) -> bool:
        """Whether every check of the round is settled."""
        return all(session.settled for session in self.round)

    def _new_round(self) -> None:
        self.rounds += 1
        self._read = False
        self.round = []
        for index, entrant in enumerate(self.entrants):
            session = SESSIONS[entrant.roll](
                entrant.sheet,
                entrant.tested,
                source=self._source,
                check=f"{entrant.tested.label}",
                ids=self._ids,
            )
            self.round.append(session)
            self._take_over(index, session)

    def _take_over(
        self, index: int, session: HeldenSession, throws: int = 0, charges: int = 0
    ) -> None:
        """Record a check's throws and charges (from those positions on) as the contest's."""
        name = self.entrants[index].name
        for throw in session.throws[throws:]:
            self.throws.append(throw.relabelled(f"{name}: {throw.label}", name))
        for charge in session.charges[charges:]:
            self.charges.append(replace(charge, who=index))

    def _evaluate(self) -> None:
        """The round's dice by character; dice of earlier rounds stay in the record, set
        aside as thrown again.
        """
        earlier = {
            die_id: die.marked(*die.marks, Mark.REROLLED, score=die.score)
            for die_id, die in self._dice.items()
            if die_id not in self._round_ids()
        }
        current = {
            die.id: die.in_group(self.entrants[index].name)
            for index, session in enumerate(self.round)
            for die in session.dice
        }
        self._dice = {**earlier, **current}
        if self.decided and not self._read:
            self._read = True
            self._read_round()

    def _round_ids(self) -> set[int]:
        return {die.id for session in self.round for die in session.dice}

    def _offered(self) -> Iterable[Action]:
        if not self.decided:
            for index, session in enumerate(self.round):
                for action in session.actions():
                    yield replace(
                        action,
                        id=f"{index}{_SEPARATOR}{action.id}",
                        member=self.entrants[index].name,
                    )
            return
        yield from self._contest_actions()

    def _apply(self, action: Action, picked: tuple[int, ...]) -> None:
        index, separator, own = action.id.partition(_SEPARATOR)
        if separator and index.isdigit():
            session = self.round[int(index)]
            throws, charges = len(session.throws), len(session.charges)
            session.apply(own, picked)
            self._take_over(int(index), session, throws, charges)
        else:
            self._contest_apply(action, picked)

    def finish(self) -> RollRecord:
        """Settle every check as it stands, read the round, then finish."""
        if not self.finished:
            for index, session in enumerate(self.round):
                if not session.settled:
                    throws, charges = len(session.throws), len(session.charges)
                    session.finish()
                    self._take_over(index, session, throws, charges)
            self._evaluate()
            self._close()
        return super().finish()

    # --- for subclasses ---------------------------------------------------------------------

    def _read_round(self) -> None:
        """The round is settled: read it."""

    def _contest_actions(self) -> Iterable[Action]:
        return ()

    def _contest_apply(self, action: Action, picked: tuple[int, ...]) -> None:
        raise SessionError(_("{label} is not possible now", label=action.label))

    def _close(self) -> None:
        """The contest is finished as it stands."""

    # --- helpers ----------------------------------------------------------------------------

    def group_faces(self, index: int) -> list[tuple[int, int]]:
        """(id, face) of an entrant's dice in matches or sequences."""
        session = self.round[index]
        evaluation = session.evaluation()
        ids = evaluation.matched | evaluation.sequence
        return [
            (die_id, face)
            for die_id, face in session.dice_faces(session.scored_ids())
            if die_id in ids
        ]

    def _lose_psyche(self, index: int, points: int) -> tuple[int, int]:
        """Take Psyche points from an entrant; return (points taken, lines emptied)."""
        psyche = self.entrants[index].sheet.psyche
        before = psyche.emptied_lines
        taken = min(points, psyche.current)
        if taken:
            psyche.current -= taken
            self.charges.append(Charge("psyche", taken, index))
        return taken, psyche.emptied_lines - before

    def participants(self) -> tuple[str, ...]:
        """The entrants' names."""
        return tuple(entrant.name for entrant in self.entrants)

    def standings(self) -> tuple[str, ...]:
        """Each entrant's check of the round."""
        return tuple(session.outcome().headline for session in self.round)

    def _round_standing(self) -> list[str]:
        words = []
        for entrant, session in zip(self.entrants, self.round, strict=True):
            words.append(f"{entrant.name}: {session.outcome().headline}")
        return words


def neutralise(tricks: Sequence[int], dice: Sequence[int]) -> int:
    """How many tricks dice neutralise, each die one trick of at most its face.

    >>> neutralise([9, 9, 9], [12, 9]), neutralise([7, 8], [8, 8, 5]), neutralise([5], [])
    (2, 2, 0)
    """
    left = sorted(dice)
    done = 0
    for trick in sorted(tricks):
        match = next((n for n, face in enumerate(left) if face >= trick), None)
        if match is not None:
            left.pop(match)
            done += 1
    return done


def contribution(session: HeldenSession, cap: int) -> tuple[int, ...]:
    """What a check best contributes to a joint check: its best matches (faces up to
    ``cap``), else its highest success; as ids.
    """
    dice = session.dice_faces(session.scored_ids())
    successes = [(die_id, face) for die_id, face in dice if is_success(face)]
    if not successes:
        return ()
    by_face: dict[int, list[int]] = {}
    for die_id, face in successes:
        if face <= cap:
            by_face.setdefault(face, []).append(die_id)
    matches = [(len(ids) * face, tuple(ids)) for face, ids in by_face.items() if len(ids) > 1]
    if matches:
        return max(matches)[1]
    return (max(successes, key=lambda die: die[1])[0],)


def joint_evaluation(
    contributions: Sequence[tuple[HeldenSession, tuple[int, ...]]], entrants: Sequence[Entrant]
) -> Evaluation:
    """The contributed dice of several checks evaluated together: a cascade group whose
    matches and sequences reach up to the highest tested value among the entrants.
    """
    cap = max(entrant.tested.value for entrant in entrants)
    dice = [face for session, ids in contributions for face in session.dice_faces(ids)]
    return evaluate(
        dice,
        cap=cap,
        value=cap,
        sides=max(entrant.tested.step.sides for entrant in entrants),
        cascade=True,
        sequences=any(entrant.tested.sequences for entrant in entrants),
    )


class InfluenceSession(SideBySideSession):
    """Influence against self-control; see the module docstring.

    Attributes:
        lost: Psyche points each victim lost (by entrant index).
        emptied: victims whose Psyche line emptied and who still choose malus or wish.
        choices: what each such victim chose ("malus" or "wish").
    """

    def __init__(self, entrants: Sequence[Entrant], *, influencers: int = 1, **kwargs: Any) -> None:
        if not 1 <= influencers < len(entrants):
            raise SessionError(_("Influence needs an influencer and at least one victim."))
        self.influencers = influencers
        self.lost: dict[int, int] = {}
        self.emptied: list[int] = []
        self.choices: dict[int, str] = {}
        super().__init__(entrants, check=_("Influence"), **kwargs)

    def tricks(self) -> list[int]:
        """The faces of the tricks: the influencer's matches and sequences; when several
        influence together, those of the group their contributions form (a joint check).
        """
        if self.influencers == 1:
            return [face for _id, face in self.group_faces(0)]
        helpers = self.entrants[: self.influencers]
        cap = max(entrant.tested.value for entrant in helpers)
        joint = joint_evaluation(
            [(session, contribution(session, cap)) for session in self.round[: self.influencers]],
            helpers,
        )
        ids = joint.matched | joint.sequence
        return [
            face
            for session in self.round[: self.influencers]
            for die_id, face in session.dice_faces(session.scored_ids())
            if die_id in ids
        ]

    def _read_round(self) -> None:
        tricks = self.tricks()
        for index in range(self.influencers, len(self.entrants)):
            blocked = neutralise(tricks, [face for _id, face in self.group_faces(index)])
            left = len(tricks) - blocked
            taken, emptied = self._lose_psyche(index, left)
            self.lost[index] = taken
            if emptied:
                self.emptied.append(index)

    def _contest_actions(self) -> Iterable[Action]:
        for index in self.emptied:
            if index in self.choices:
                continue
            name = self.entrants[index].name
            influencer = self.entrants[0].name
            yield Action(
                f"malus:{index}",
                _("Take the die malus"),
                hint=_("The emptied Psyche line costs a die in further checks."),
                member=name,
            )
            yield Action(
                f"wish:{index}",
                _("Grant {influencer} a wish", influencer=influencer),
                hint=_(
                    "Instead of the die malus, {name} grants {influencer} a wish: the "
                    "emptied line costs no die.",
                    name=name,
                    influencer=influencer,
                ),
                member=name,
            )

    def stops_early(self) -> str | None:
        """Victims whose Psyche line emptied and who have not chosen yet."""
        undecided = [self.entrants[i].name for i in self.emptied if i not in self.choices]
        if self.finished or not self.decided or not undecided:
            return None
        return _(
            "Stopped before {names} chose between the die malus and a wish",
            names=", ".join(undecided),
        )

    def finish(self) -> RollRecord:
        """End the influence; a choice not made is noted as not made."""
        if not self.finished and (stopped := self.stops_early()):
            self.notes.append(stopped)
        return super().finish()

    def _contest_apply(self, action: Action, picked: tuple[int, ...]) -> None:
        kind, _colon, index = action.id.partition(":")
        self.choices[int(index)] = kind
        if kind == "wish":
            self.entrants[int(index)].sheet.psyche_lines_wished += 1
            self.charges.append(Charge("psyche_lines_wished", -1, int(index)))
        name = self.entrants[int(index)].name
        influencer = self.entrants[0].name
        words = (
            _("takes the die malus")
            if kind == "malus"
            else _("grants {influencer} a wish", influencer=influencer)
        )
        self.notes.append(f"{name} {words}")

    def outcome(self) -> Outcome:
        """The tricks and what each victim lost."""
        words = self._round_standing()
        if not self.decided:
            return Outcome(_("Influence: everyone throws"), Tone.NEUTRAL, " · ".join(words))
        tricks = self.tricks()
        trick_words = ", ".join(str(face) for face in tricks) or _("none")
        words.append(_("tricks: {trick_words}", trick_words=trick_words))
        losses = []
        for index, lost in self.lost.items():
            name = self.entrants[index].name
            if lost:
                losses.append(
                    _n(
                        "{name} loses {n} Psyche point",
                        "{name} loses {n} Psyche points",
                        lost,
                        name=name,
                    )
                )
            if index in self.emptied:
                words.append(_("{name}'s Psyche line is empty: a die malus or a wish", name=name))
        headline = Text.join("; ", losses) if losses else _("Every trick neutralised")
        tone = Tone.SUCCESS if losses else Tone.FAILURE
        values: dict[str, int | str | bool | None] = {
            "tricks": len(tricks),
            **{f"psyche_lost:{self.entrants[i].name}": n for i, n in self.lost.items()},
            **{f"choice:{self.entrants[i].name}": c for i, c in self.choices.items()},
        }
        return Outcome(headline, tone, " · ".join([*words, *self.notes]), values)


class BargainingSession(SideBySideSession):
    """Bargaining between two sides; see the module docstring.

    Attributes:
        start: each side's Psyche when the trade began.
        drained: points each side drained from the other.
        over: the trade has ended.
    """

    def __init__(self, entrants: Sequence[Entrant], **kwargs: Any) -> None:
        if len(entrants) != 2:
            raise SessionError(_("Bargaining is between two sides."))
        self.start = [entrant.sheet.psyche.current for entrant in entrants]
        self.lines_at_start = [entrant.sheet.psyche.emptied_lines for entrant in entrants]
        self.drained = [0, 0]
        self.over = False
        self.forced = False
        super().__init__(entrants, check=_("Bargaining"), **kwargs)

    def _read_round(self) -> None:
        values = [session.evaluation().value for session in self.round]
        if values[0] == values[1]:
            self.notes.append(_("round {rounds}: a tie, nobody gives way", rounds=self.rounds))
            return
        winner = 0 if values[0] > values[1] else 1
        loser = 1 - winner
        names = [entrant.name for entrant in self.entrants]
        taken, emptied = self._lose_psyche(loser, 1)
        self.drained[winner] += taken
        self.notes.append(
            _(
                "round {rounds}: {value} drains a Psyche point",
                rounds=self.rounds,
                value=names[winner],
            )
        )
        if self.entrants[loser].sheet.psyche.current == 0:
            self.notes.append(
                _(
                    "{value} must accept {value2}'s last offer",
                    value=names[loser],
                    value2=names[winner],
                )
            )
            self.forced = True
            self._end_trade()
        elif emptied:
            self.notes.append(
                _(
                    "{value} must make {value2} a better offer",
                    value=names[loser],
                    value2=names[winner],
                )
            )

    def _contest_actions(self) -> Iterable[Action]:
        if self.over:
            return
        yield Action(
            "haggle_on",
            _("Haggle on"),
            hint=_("The offer is not accepted: both throw Haggling again."),
        )
        yield Action(
            "deal",
            _("Strike the deal"),
            hint=_("The trade ends: Psyche comes back, the clear winner +1, the loser -1."),
        )

    def _contest_apply(self, action: Action, picked: tuple[int, ...]) -> None:
        if action.id == "haggle_on":
            self._new_round()
        else:
            self._end_trade()

    def _close(self) -> None:
        if not self.over:
            self._end_trade()

    def winner(self) -> int | None:
        """The clear winner: who drained more points, or None."""
        if self.drained[0] == self.drained[1]:
            return None
        return 0 if self.drained[0] > self.drained[1] else 1

    def _end_trade(self) -> None:
        """Psyche comes back, adjusted for the clear winner and loser."""
        self.over = True
        winner = self.winner()
        change = [0, 0]
        if winner is not None:
            loser = 1 - winner
            psyche = self.entrants[loser].sheet.psyche
            lines = psyche.emptied_lines - self.lines_at_start[loser] if self.forced else 1
            change[winner], change[loser] = lines, -lines
        for index, entrant in enumerate(self.entrants):
            psyche = entrant.sheet.psyche
            after = max(0, min(psyche.maximum, self.start[index] + change[index]))
            if after != psyche.current:
                self.charges.append(Charge("psyche", psyche.current - after, index))
                psyche.current = after
            wished = entrant.sheet.psyche_lines_wished
            entrant.sheet.settle()  # a refilled line ends the wish that settled it
            if entrant.sheet.psyche_lines_wished != wished:
                ended = wished - entrant.sheet.psyche_lines_wished
                self.charges.append(Charge("psyche_lines_wished", ended, index))
        self.notes.append(_("the trade is over: Psyche comes back"))

    def outcome(self) -> Outcome:
        """Who drains whom, and how the trade ends."""
        words = self._round_standing()
        names = [entrant.name for entrant in self.entrants]
        winner = self.winner()
        if not self.decided:
            headline, tone = _("Bargaining, round {round}", round=self.rounds), Tone.NEUTRAL
        elif self.over:
            headline = (
                _("{value} wins the trade", value=names[winner])
                if winner is not None
                else _("No winner")
            )
            tone = Tone.SUCCESS if winner is not None else Tone.NEUTRAL
        else:
            headline, tone = _("Round {round} is decided", round=self.rounds), Tone.NEUTRAL
        values: dict[str, int | str | bool | None] = {
            "rounds": self.rounds,
            "over": self.over,
            "winner": names[winner] if winner is not None else "",
            "forced": self.forced,
            **{f"drained:{names[i]}": self.drained[i] for i in range(2)},
            **{f"psyche:{e.name}": e.sheet.psyche.current for e in self.entrants},
        }
        return Outcome(headline, tone, " · ".join([*words, *self.notes]), values)


class JointSession(SideBySideSession):
    """A joint check; see the module docstring.

    Attributes:
        contributed: each participant's contributed dice, as ids (by entrant index).
    """

    def __init__(self, entrants: Sequence[Entrant], **kwargs: Any) -> None:
        self.contributed: dict[int, tuple[int, ...]] = {}
        self.stopped: str | None = None
        super().__init__(entrants, check=_("Joint check"), **kwargs)

    def _successes(self, index: int) -> tuple[tuple[int, int], ...]:
        """An entrant's successes, the dice they may contribute: (id, face)."""
        session = self.round[index]
        return tuple(
            (die_id, face)
            for die_id, face in session.dice_faces(session.scored_ids())
            if is_success(face)
        )

    def waiting(self) -> list[int]:
        """The entrants still to contribute: everyone until the checks are settled, then
        those with a success to contribute (one without has nothing to give, and is not
        waited for).
        """
        return [
            index
            for index in range(len(self.entrants))
            if index not in self.contributed and (not self.decided or self._successes(index))
        ]

    def stops_early(self) -> str | None:
        """Entrants who could still contribute dice."""
        waiting = self.waiting()
        if self.finished or not waiting:
            return None
        names = ", ".join(self.entrants[index].name for index in waiting)
        return _("Stopped before {names} contributed dice", names=names)

    def finish(self) -> RollRecord:
        """End the joint check; stopped before everyone contributed, it says so."""
        if not self.finished:
            self.stopped = self.stops_early()
        return super().finish()

    @property
    def cap(self) -> int:
        """The highest value among the participants caps matches and sequences."""
        return max(entrant.tested.value for entrant in self.entrants)

    def suggested_contribution(self, index: int) -> tuple[int, ...]:
        """An entrant's best matches, else the highest success."""
        return contribution(self.round[index], self.cap)

    def _contest_actions(self) -> Iterable[Action]:
        for index in self.waiting():
            entrant = self.entrants[index]
            successes = self._successes(index)
            eligible = tuple(die_id for die_id, _face in successes)
            yield Action(
                f"contribute:{index}",
                _("Contribute dice"),
                hint=_("One die, or several matching dice, of your check join the others'."),
                enabled=bool(eligible),
                reason=_("{name} has no success to contribute", name=entrant.name),
                member=entrant.name,
                pick=DicePick(
                    prompt=_("Pick one die, or several dice of the same face."),
                    eligible=eligible,
                    suggested=self.suggested_contribution(index),
                    alike=successes,
                ),
            )

    def _contest_apply(self, action: Action, picked: tuple[int, ...]) -> None:
        index = int(action.id.partition(":")[2])
        session = self.round[index]
        faces = {face for _id, face in session.dice_faces(picked)}
        if len(faces) > 1:
            raise SessionError(_("Contribute one die, or several dice of the same face."))
        self.contributed[index] = picked

    def _evaluate(self) -> None:
        super()._evaluate()
        chosen = self.joint().chosen if self.contributed else frozenset()
        for ids in self.contributed.values():
            for die_id in ids:
                marks = [Mark.CHOSEN] if die_id in chosen else [Mark.HIT]
                self._mark(die_id, *marks, Mark.KEPT)

    def joint(self) -> Evaluation:
        """The contributed dice evaluated together, capped by the highest value."""
        contributed = [(self.round[index], ids) for index, ids in self.contributed.items()]
        return joint_evaluation(contributed, self.entrants)

    def outcome(self) -> Outcome:
        """The joint group, once everyone has contributed."""
        words = self._round_standing()
        if waiting := [self.entrants[index].name for index in self.waiting()]:
            headline = (
                _("Joint check: everyone throws") if not self.decided else _("Contribute dice")
            )
            if self.stopped is not None:
                headline = self.stopped
            words.append(
                _(
                    "matches up to {cap}; still to contribute: {join}",
                    cap=self.cap,
                    join=", ".join(waiting),
                )
            )
            return Outcome(headline, Tone.NEUTRAL, " · ".join(words), {"value": 0})
        joint = self.joint()
        group = joint.group
        headline = (
            _("Joint group {value} ({group})", value=group.value, group=group)
            if group
            else _("No joint group")
        )
        words.append(_("matches and sequences up to {cap}", cap=self.cap))
        return Outcome(
            headline,
            Tone.SUCCESS if group else Tone.FAILURE,
            " · ".join(words),
            {"value": joint.value, "cap": self.cap},
        )
