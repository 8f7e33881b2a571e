"""Rolls of a code with no follow-up: the base of the damage and death rolls, and
:class:`CodeRoll`, one character's throw in a group roll of rounds (a segment's order, a
starship speed contest; rule text 004, "rundenbasiertes Spiel" and "Raumschiffe").

These sessions throw their dice when they start and offer nothing after: the dice are thrown
and that is the roll. A change to a character (a wound, an action declared by rolling) goes
through :meth:`~shadowdice.core.session.RollSession._charge`, so the app marks the sheet as
changed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from shadowdice.core.dice import DiceSource
from shadowdice.core.die import Mark
from shadowdice.core.language import translations
from shadowdice.core.session import Action, Outcome, RollSession, Tone
from shadowdice.systems.starwars.codes import Code
from shadowdice.systems.starwars.session import SYSTEM_ID

_, _n = translations(__name__)

#: A change to a character, made through a charge (the amount is always 1).
Spend = Callable[[int], None]


class ThrowOnly(RollSession):
    """A session with no follow-up: the dice are thrown and that is the roll."""

    def _offered(self) -> Iterable[Action]:
        return ()

    def _apply(self, action: Action, picked: tuple[int, ...]) -> None:
        raise AssertionError("no action is offered")  # pragma: no cover

    def _total(self, group: str, code: Code) -> int:
        """The faces of one group of dice plus the code's pips."""
        return sum(die.total for die in self.table if die.group == group) + code.pips

    def _throw_code(self, label: str, code: Code, group: str = "") -> None:
        if code.dice:
            self._throw(label, code.dice, group=group)

    def _mark_group(self, group: str, mark: Mark) -> None:
        for die in self.table:
            if die.group == group:
                self._mark(die.id, mark)


class CodeRoll(ThrowOnly):
    """One character's roll of a code in a group roll (a segment's order, a speed contest).

    Constructor arguments:
        character: who rolls.
        code: the code rolled, modifiers applied.
        check: what is rolled, in words ("Blaster: shoot at Corukk").
        source, ``ids``: the group's dice source and shared die ids.
        thrown: False for a member who need not roll (the total is then None).
        charges: (resource, spend) pairs to charge to the character once thrown (a pilot's
            speed action written into the round, a preparation used).
        parameters: for the record.

    Attributes:
        code: the code rolled.
        thrown: whether the dice were thrown.
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
        charges: Sequence[tuple[str, Spend]] = (),
        parameters: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(
            system_id=SYSTEM_ID,
            character=character,
            check=check,
            source=source,
            ids=ids,
            parameters=parameters,
        )
        self.code = code
        self.thrown = thrown
        if thrown:
            self._throw_code(f"{check} {code}", code)
            for resource, spend in charges:
                self._charge(resource, 1, spend)
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
            headline=_("No roll") if total is None else str(total),
            tone=Tone.NEUTRAL,
            detail=f"{self.check} {self.code}",
            values={"total": total},
        )
