"""Rolls that wait for physical dice: a step of a roll stands at a dice request until the
faces arrive, with no nested event loop and nothing changed meanwhile.

A *step* is anything a roll does that throws dice: starting a check, or taking an action.
Every step is deterministic in its faces: given the same faces, it asks for the same dice
and ends in the same state. So a step can be *tried* before it is *taken*:

1. The step runs on a deep copy of what it changes (the session, or the sheets a check
   starts from), with the :class:`~shadowdice.core.dice.RealDiceSource` answering from the
   step's tape of answers. A request past the tape is thrown digitally (and added to the
   tape) unless its roller plays with real dice: then the source raises
   :class:`~shadowdice.core.dice.DiceWanted` and the trial copy is dropped. The step stands
   at that request; the real session and sheets have not been touched.
2. :meth:`Step.answer` adds the typed faces to the tape and tries again from the start: the
   tape answers every request up to the new one, which asks for the next dice the step needs
   (the next exploding wave, the next member of a group).
3. Once a trial needs nothing more, the step runs once for real, on the real objects, with
   the full tape: the same faces, so the same throws and the same charges, exactly once.

:meth:`Step.cancel` drops the tape (and rewinds the digital source past the dice it threw
for it): the roll is where it was before the request, with nothing charged.

A source that never waits (random or scripted dice) needs none of this: sessions then run
their steps directly, as they always did.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from typing import Generic, TypeVar

from shadowdice.core.dice import (
    Answer,
    DiceRequest,
    DiceSource,
    DiceWanted,
    FaceError,
    RealDiceSource,
)

Subject = TypeVar("Subject")
Result = TypeVar("Result")


class Step(Generic[Subject, Result]):
    """A step of a roll that may wait for typed dice.

    Constructor arguments:
        run: does the step to the subject it is given and returns its result.
        subject: what the step changes (everything it touches must be reachable from it).
        dice: the source, shared (not copied) between trials and the real run.

    Attributes:
        request: the dice the step waits for, or None once it is done.
        result: what ``run`` returned, once done.
        tape: the answers so far, in the order the step asked for them.
    """

    def __init__(
        self, run: Callable[[Subject], Result], subject: Subject, dice: RealDiceSource
    ) -> None:
        self._run = run
        self._subject = subject
        self._dice = dice
        self.tape: list[Answer] = []
        self.request: DiceRequest | None = None
        self.result: Result | None = None
        self.done = False

    def go(self) -> bool:
        """Try the step; take it for real when no die is missing. True when it is done."""
        with self._dice.play(self.tape):
            try:
                trial = copy.deepcopy(self._subject, {id(self._dice): self._dice, id(self): None})
                self._run(trial)
            except DiceWanted as wanted:
                self.request = wanted.request
                return False
        with self._dice.play(self.tape):
            self.result = self._run(self._subject)
        self.request, self.done = None, True
        return True

    def answer(self, faces: Sequence[int | None]) -> bool:
        """The faces of the dice asked for (None: throw that die digitally); go on.

        Returns:
            True when the step is done, False when it waits for the next dice.

        Raises:
            FaceError: the faces do not fit the request; nothing changes.
        """
        if self.request is None:
            raise FaceError("no dice are asked for")
        self.tape.append(self._dice.complete(self.request, faces))
        return self.go()

    def cancel(self) -> None:
        """Give the step up: nothing it tried stays, the digital dice it threw are unthrown."""
        self._dice.rewind(self.tape)
        self.tape.clear()
        self.request = None


def waiting_source(source: DiceSource) -> RealDiceSource | None:
    """The source as one that may wait for typed dice, unless it never waits or a step runs
    on it already (then an inner step is part of the outer one).
    """
    if isinstance(source, RealDiceSource) and source.asks_anyone and not source.playing:
        return source
    return None
