"""What every Heldenhandbuch roll session shares: what is tested, the scoring and marking of
its dice, the outcome in words, and the consequences charged to the sheet (rule text 003,
"Einzelwurf", "Siebwurf", "Kaskadenwurf", "Patzer", "Legendäre Probe").

The kinds of roll build on :class:`HeldenSession`: the single roll in :mod:`.single_roll`,
the sieve and cascade rolls in :mod:`.sieve`, the learning roll in :mod:`.learning_session`.
Besides its own actions, every session offers the lucky number (:mod:`.lucky_numbers`), shadow
rolls (:mod:`.shadow_rolls`) and "accept", which ends a roll that still has lucky numbers or
shadow rolls to use.

The headline says the result in the players' words: "Result 14 (7 + 7)" (single and sieve
rolls), "Group 22 (8 + 7 + 7)" (cascade rolls), "No result"; while a sieve or cascade roll
goes on, "Nothing kept yet" or "So far: result 9", in a neutral tone, because the roll is not
decided yet. A legendary failure (three 1s) is decided at once: the 1s stay on the table.

Consequences are charged to the sheet when the roll is settled (accepted, or ended with
nothing left to decide, or finished): Psyche -1 per 1 not offset, respect lost to a legendary
failure, Mythos points gained by a legendary check. Charges count what the character loses;
a gain (Mythos points, a raised value) is charged as a negative amount.

The sheet's bounds hold (a reading the rule text leaves open): Psyche does not fall below 0,
respect not below -99, Mythos points not above 999. What would cross a bound is charged up to
it, and the outcome says what was charged ("Psyche already at 0"), never more. All charges are
tried on a copy of the sheet first: a roll charges all of its consequences or, if the sheet
refused one of them, none, and the outcome says so.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from pydantic import ValidationError

from shadowdice.core import language
from shadowdice.core.dice import DiceSource
from shadowdice.core.die import Die, Mark
from shadowdice.core.language import Text, translations
from shadowdice.core.record import RollRecord
from shadowdice.core.session import Action, Outcome, RollSession, SessionError, Tone
from shadowdice.systems.heldenhandbuch.best_group import DieFace
from shadowdice.systems.heldenhandbuch.dice_steps import DiceStep
from shadowdice.systems.heldenhandbuch.evaluation import Evaluation, evaluate
from shadowdice.systems.heldenhandbuch.fumbles import FUMBLE, mastery_title
from shadowdice.systems.heldenhandbuch.lucky_numbers import LUCKY_PREFIX, LuckyNumbers
from shadowdice.systems.heldenhandbuch.scoring import is_failure, is_success
from shadowdice.systems.heldenhandbuch.shadow_rolls import (
    KEEP_OLD,
    SHADOW_ROLL,
    TAKE_NEW,
    ShadowRolls,
)
from shadowdice.systems.heldenhandbuch.sheet import (
    MOST_MYTHOS_POINTS,
    RESPECT_BOUNDS,
    HeldenSheet,
    term,
)

_, _n = translations(__name__)

SYSTEM_ID = "heldenhandbuch"
ACCEPT = "accept"


@dataclass(frozen=True, slots=True)
class Tested:
    """What a check tests and the dice it throws.

    Attributes:
        kind: "attribute" or "skill".
        name: the attribute's or skill's name.
        value: the tested value.
        step: the dice thrown (count and die size).
        cap: the highest face that matches: the value, or a tool's lower quality.
        sequences: whether a cascade roll forms sequences.
        shadow_rolls: shadow rolls allowed (high mastery).
    """

    kind: str
    name: str
    value: int
    step: DiceStep
    cap: int
    sequences: bool = False
    shadow_rolls: int = 0

    @property
    def label(self) -> Text:
        """The tested value in words: "Intimidation 12"."""
        return _("{name} {value}", name=term(self.name), value=self.value)


class HeldenSession(LuckyNumbers, ShadowRolls, RollSession):
    """A Heldenhandbuch check in progress; subclasses throw and say which dice are scored.

    Attributes:
        sheet: the character, charged through the session.
        tested: what is tested.
        cascade: whether dice are scored as a group (cascade roll).
        converted: converted lucky numbers, {die id: new face}.
        settled: whether the consequences have been settled.
        charged: what settling charged, {"psyche": 2, "respect": 1, "mythos_points": 0}.
        refused: why the sheet refused the consequences ("" when it took them).
        shadow_left: shadow rolls left; shadow: a shadow roll awaiting a choice.
    """

    cascade = False

    def __init__(
        self,
        sheet: HeldenSheet,
        tested: Tested,
        *,
        source: DiceSource,
        check: str = "",
        parameters: Mapping[str, Any] | None = None,
        clock: Callable[[], datetime] | None = None,
        ids: Iterator[int] | None = None,
        secret: bool = False,
    ) -> None:
        super().__init__(
            system_id=SYSTEM_ID,
            character=sheet.name,
            check=check or tested.label,
            source=source,
            parameters=parameters,
            clock=clock,
            ids=ids,
        )
        self.secret = secret  # before the first throw: no player's laptop is asked for it
        self.sheet = sheet
        self.tested = tested
        self.converted = {}
        self.settled = False
        self.charged: dict[str, int] = {}
        self.refused = ""
        self.shadow_left = tested.shadow_rolls
        self.shadow = None
        # The outcome and the actions as last worked out, each with the state they are of.
        self._outcome: tuple[tuple[Any, ...], Outcome] | None = None
        self._actions: tuple[tuple[Any, ...], tuple[Action, ...]] | None = None

    # --- what subclasses say ---------------------------------------------------------------

    def ended(self) -> bool:
        """Whether no more dice will be thrown (lucky numbers and shadow rolls aside)."""
        return True

    def scored_ids(self) -> list[int]:
        """The dice the result is built from, in throw order."""
        return [die.id for die in self.table if die.id != self._shadow_die()]

    def kept_ids(self) -> set[int]:
        """The dice set aside for scoring (marked KEPT)."""
        return set()

    def _own_actions(self) -> Iterable[Action]:
        """The actions of the kind of roll."""
        return ()

    def _apply_own(self, action: Action, picked: tuple[int, ...]) -> None:
        """Carry out an action of the kind of roll."""
        raise SessionError(_("{label} is not possible now", label=action.label))

    def _taken_instead(self, old: int, new: int) -> None:
        """A shadow die took the place of ``old`` (a kept die stays kept)."""

    def _keep_the_rest(self) -> None:
        """The roll is finished before it ended: score what lies on the table as it is."""

    def _rolling_words(self) -> list[str]:
        """What the detail line says while the roll goes on (dice left to keep)."""
        return []

    # --- scoring ---------------------------------------------------------------------------

    def face(self, die: Die) -> int:
        """A die's face as it counts: a converted lucky number at its new face."""
        return self.converted.get(die.id, die.face)

    def dice_faces(self, ids: Iterable[int]) -> list[DieFace]:
        """(id, face as it counts) of these dice."""
        return [(die_id, self.face(self.die(die_id))) for die_id in ids]

    def evaluation(self) -> Evaluation:
        """The scored dice, evaluated."""
        return self._evaluate_dice(self.dice_faces(self.scored_ids()))

    def _evaluate_dice(self, dice: list[DieFace]) -> Evaluation:
        return evaluate(
            dice,
            cap=self.tested.cap,
            value=self.tested.value,
            sides=self.tested.step.sides,
            cascade=self.cascade,
            sequences=self.tested.sequences,
            converted=frozenset(self.converted),
        )

    def _evaluate(self) -> None:
        evaluation = self.evaluation()
        scored = set(self.scored_ids())
        kept = self.kept_ids()
        for die in self.table:
            face = self.face(die)
            marks = [*evaluation.marks(die.id, face)] if die.id in scored else [face_mark(face)]
            if die.id in kept:
                marks.append(Mark.KEPT)
            if self.is_lucky(die):
                marks.append(Mark.LUCKY)
            self._mark(die.id, *marks, score=self.converted.get(die.id))
        if self.ended() and not self.settled and not self._options():
            self._settle(evaluation)

    # --- the outcome -----------------------------------------------------------------------

    def _state(self) -> tuple[Any, ...]:
        """What the outcome and the actions are made of, and the language they are shown in:
        while it stays the same, so do they (every action reads the outcome before and after
        it, and the actions are read again to take one).
        """
        return (
            language.current(),
            len(self.throws),
            len(self.taken),
            self.table,
            tuple(self.scored_ids()),
            self.ended(),
            tuple(self.converted.items()),
            self.settled,
            self.refused,
            tuple(self.charged.items()),
            self.shadow,
            self.shadow_left,
            self.sheet.lucky_number,
        )

    def outcome(self) -> Outcome:
        """The result (or group), fumbles, legendary failure and Mythos points in words;
        worked out once per state (:meth:`_state`).
        """
        state = self._state()
        if self._outcome is None or self._outcome[0] != state:
            self._outcome = (state, self._work_out_outcome())
        return self._outcome[1]

    def _work_out_outcome(self) -> Outcome:
        evaluation = self.evaluation()
        headline, tone = self._headline(evaluation)
        return Outcome(
            headline=headline,
            tone=tone,
            detail=Text.join(" · ", self._details(evaluation)),
            values={
                "value": evaluation.value,
                "result": self._result_text(evaluation),
                "ones": len(evaluation.ones),
                "ones_ignored": len(evaluation.ignored),
                "ones_offset": len(evaluation.voided),
                "psyche_lost": self.charged.get("psyche", evaluation.unoffset),
                "legendary_failure": evaluation.legendary_failure,
                "respect_lost": self.charged.get("respect", evaluation.respect_loss),
                "mythos_points": self.charged.get("mythos_points", evaluation.mythos_points),
                "lucky_unconverted": self._lucky_unconverted(),
                "cap": self.tested.cap,
                "ended": self.ended(),
            },
        )

    def _headline(self, evaluation: Evaluation) -> tuple[str, Tone]:
        if evaluation.legendary_failure:
            return _("Legendary failure!"), Tone.CRITICAL
        if not self.ended():
            if not any(self.face(self.die(i)) != FUMBLE for i in self.scored_ids()):
                return _("Nothing kept yet"), Tone.NEUTRAL
            return self._result_text(evaluation, so_far=True), Tone.NEUTRAL
        if evaluation.value and evaluation.mythos_points:
            return _("Legendary! {result}", result=self._result_text(evaluation)), Tone.CRITICAL
        if not evaluation.value:
            tone = Tone.GLITCH if evaluation.unoffset else Tone.FAILURE
            return _("No result"), tone
        tone = Tone.GLITCH if evaluation.unoffset else Tone.SUCCESS
        return self._result_text(evaluation), tone

    def _result_text(self, evaluation: Evaluation, so_far: bool = False) -> str:
        """The result in words: "Result 14 (7 + 7)", for a cascade "Group 22 (8 + 7 + 7)";
        while the roll goes on "So far: result 14 (7 + 7)".
        """
        if self.cascade:
            group = evaluation.group
            if not group:
                return _("So far: no group") if so_far else _("No group")
            faces = str(group)
            if so_far:
                return _("So far: group {value} ({faces})", value=group.value, faces=faces)
            return _("Group {value} ({faces})", value=group.value, faces=faces)
        result = evaluation.result
        if result is None:
            return _("So far: no result") if so_far else _("No result")
        if result.matched:
            faces = str(result)
            if so_far:
                return _("So far: result {value} ({faces})", value=result.value, faces=faces)
            return _("Result {value} ({faces})", value=result.value, faces=faces)
        if so_far:
            return _("So far: result {value}", value=result.value)
        return _("Result {value}", value=result.value)

    def _details(self, evaluation: Evaluation) -> list[str]:
        tested = self.tested
        if self.cascade and tested.sequences:
            first = _(
                "{tested}: {step}, matches up to {cap}, sequences",
                tested=tested.label,
                step=str(tested.step),
                cap=tested.cap,
            )
        else:
            first = _(
                "{tested}: {step}, matches up to {cap}",
                tested=tested.label,
                step=str(tested.step),
                cap=tested.cap,
            )
        words: list[str] = [first]
        if not self.ended():
            words += self._rolling_words()
        if evaluation.ignored:
            title = _(mastery_title(tested.value))
            words.append(
                _n(
                    "one 1 ignored ({title})",
                    "{n} ones ignored ({title})",
                    len(evaluation.ignored),
                    title=title,
                )
            )
        if evaluation.voided:
            offset = ", ".join(str(self.face(self.die(i))) for i in sorted(evaluation.voided))
            words.append(
                _n(
                    "one 1 offset by {offset}",
                    "{n} ones offset by {offset}",
                    len(evaluation.voided),
                    offset=offset,
                )
            )
        if evaluation.unoffset:
            charge = self._charge_words("psyche", evaluation.unoffset)
            words.append(
                _n(
                    "one 1 not offset: {charge}",
                    "{n} ones not offset: {charge}",
                    evaluation.unoffset,
                    charge=charge,
                )
            )
        if evaluation.legendary_failure:
            charge = self._charge_words("respect", evaluation.respect_loss)
            words.append(_("three 1s: {charge}", charge=charge))
        if evaluation.mythos_points:
            face, matches = evaluation.legendary
            gain = self._charge_words("mythos_points", evaluation.mythos_points)
            words.append(
                _("{matches} matches of {face}: {gain}", matches=matches, face=face, gain=gain)
            )
        on_table = {die.id for die in self.table}
        for die_id, face in sorted(self.converted.items()):
            if die_id in on_table:  # a converted die thrown again is gone
                words.append(
                    _(
                        "lucky number {thrown} turned into {face}",
                        thrown=self.die(die_id).face,
                        face=face,
                    )
                )
        if lucky := self._lucky_unconverted():
            words.append(
                _n(
                    "lucky number thrown: a free learning roll of 1 die on an attribute",
                    "lucky number thrown: a free learning roll of {n} dice on an attribute",
                    lucky,
                )
            )
        if self.refused:
            words.append(_("nothing charged: {reason}", reason=self.refused))
        elif self.settled and any(self.charged.values()):
            words.append(_("charged to the sheet"))
        return words

    def _charge_words(self, resource: str, due: int) -> str:
        """What a consequence does in words: what is due before settling, what was charged
        after it ("Psyche -2", "Psyche -1, no more left", "respect already at -99").
        """
        charged = self.charged.get(resource, due) if self.settled and not self.refused else due
        if resource == "mythos_points":
            text = _n("+{n} Mythos point", "+{n} Mythos points", charged)
            bound = _("Mythos points already at {most}", most=MOST_MYTHOS_POINTS)
            partial = _n(
                "+{n} Mythos point, {most} is the most",
                "+{n} Mythos points, {most} is the most",
                charged,
                most=MOST_MYTHOS_POINTS,
            )
        elif resource == "psyche":
            text = _("Psyche -{n}", n=charged)
            bound = _("Psyche already at 0")
            partial = _("Psyche -{n}, no more left", n=charged)
        else:
            text = _("respect -{n}", n=charged)
            bound = _("respect already at {lowest}", lowest=RESPECT_BOUNDS[0])
            partial = _("respect -{n}, {lowest} is the lowest", n=charged, lowest=RESPECT_BOUNDS[0])
        if charged == due:
            return text
        return bound if charged == 0 else partial

    # --- actions -----------------------------------------------------------------------------

    def _offered(self) -> Iterable[Action]:
        """The actions, worked out once per state (:meth:`_state`): the suggested keep
        searches the table.
        """
        state = self._state()
        if self._actions is None or self._actions[0] != state:
            self._actions = (state, tuple(self._work_out_actions()))
        return self._actions[1]

    def _work_out_actions(self) -> Iterable[Action]:
        if self.shadow is not None:
            yield from self._shadow_choice()
            return
        yield from self._own_actions()
        if not self.settled:
            yield from self._lucky_actions()
            yield from self._shadow_actions()
            if self.ended() and self._options():
                yield Action(
                    ACCEPT,
                    _("Accept the result"),
                    hint=_("End the roll and charge its consequences to the sheet."),
                )

    def _options(self) -> bool:
        """Whether lucky numbers or shadow rolls are left to decide on."""
        return self.shadow is not None or any(
            True for _action in (*self._lucky_actions(), *self._shadow_actions())
        )

    def _apply(self, action: Action, picked: tuple[int, ...]) -> None:
        if action.id.startswith(LUCKY_PREFIX):
            self._convert_lucky(action.id)
        elif action.id == SHADOW_ROLL:
            self._throw_shadow(picked[0])
        elif action.id in (TAKE_NEW, KEEP_OLD):
            self._choose_shadow(take_new=action.id == TAKE_NEW)
        elif action.id == ACCEPT:
            self._settle(self.evaluation())
        else:
            self._apply_own(action, picked)

    def finish(self) -> RollRecord:
        """Settle the consequences (if the roll was not accepted yet), then finish; an open
        shadow roll keeps the first die, and the dice of a sieve roll's last throw are kept
        as "stop" keeps them.
        """
        if not self.finished and not self.settled:
            if self.shadow is not None:
                self._choose_shadow(take_new=False)
            self._keep_the_rest()
            self._evaluate()
            if not self.settled:
                self._settle(self.evaluation())
        return super().finish()

    # --- consequences ------------------------------------------------------------------------

    def _settle(self, evaluation: Evaluation) -> None:
        """Charge Psyche, respect and Mythos points once: all of them, within the sheet's
        bounds, or none if the sheet refuses one.
        """
        self.settled = True
        sheet = self.sheet
        self.charged = {
            "psyche": min(evaluation.unoffset, sheet.psyche.current),
            "respect": min(evaluation.respect_loss, sheet.respect - RESPECT_BOUNDS[0]),
            "mythos_points": min(
                evaluation.mythos_points, MOST_MYTHOS_POINTS - sheet.mythos_points
            ),
        }
        if not any(self.charged.values()):
            return  # nothing to charge: nothing the sheet could refuse, no copy to try it on
        trial = sheet.model_copy(deep=True)
        try:
            for _resource, amount, spend in self._spenders(trial):
                spend(amount)
        except ValidationError as error:
            self.refused = error.errors()[0]["msg"]
            self.charged = {}
            return
        for resource, amount, spend in self._spenders(sheet):
            self._charge(resource, amount, spend)

    def _spenders(self, sheet: HeldenSheet) -> list[tuple[str, int, Callable[[int], None]]]:
        """The charges settled, each with the spender that charges it to ``sheet``."""
        spenders = {
            "psyche": (1, lower_by(sheet.psyche, "current")),
            "respect": (1, lower_by(sheet, "respect")),
            "mythos_points": (-1, lower_by(sheet, "mythos_points")),
        }
        charges = []
        for resource, amount in self.charged.items():
            if amount:
                sign, spend = spenders[resource]
                charges.append((resource, sign * amount, spend))
        return charges


def face_mark(face: int) -> Mark:
    """The mark of a die by its face alone (a die not scored yet).

    >>> face_mark(1), face_mark(3), face_mark(4)
    (<Mark.FUMBLE: 'fumble'>, <Mark.FAILURE: 'failure'>, <Mark.HIT: 'hit'>)
    """
    if face == FUMBLE:
        return Mark.FUMBLE
    if is_failure(face):
        return Mark.FAILURE
    return Mark.HIT if is_success(face) else Mark.MISS


def lower_by(model: Any, key: str) -> Callable[[int], None]:
    """A spender that lowers ``model.<key>`` by the amount charged (a negative amount raises
    it), for :meth:`RollSession._charge`.
    """

    def spend(amount: int) -> None:
        setattr(model, key, getattr(model, key) - amount)

    return spend


def count_words(number: int, word: str) -> str:
    """A count in words.

    >>> count_words(1, "one"), count_words(2, "one"), count_words(1, "die"), count_words(3, "die")
    ('one 1', '2 ones', '1 die', '3 dice')
    """
    if word == "one":
        return "one 1" if number == 1 else f"{number} ones"
    if word == "die":
        return "1 die" if number == 1 else f"{number} dice"
    return f"{number} {word}"
