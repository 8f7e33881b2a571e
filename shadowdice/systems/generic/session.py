"""Rolling a dice expression as a roll session: the dice in the tray, the total or the
successes, and whether a target was reached.

Every term of dice is one throw, named by the term ("4d6kh3"); the first term's dice lie in
the tray's main group, those of later terms in a group of their own, named by the term
("-1d4"), so that a player sees which dice were added and which taken away. Exploding dice
are thrown again through the session's dice source, wave by wave, and show their chain.

The marks say how each die counts: in a term that keeps dice, the kept ones are ``CHOSEN``
and the others ``VOIDED``; in a term that counts successes, a success is a ``HIT`` and a die
that fails is a ``MISS``; an exploded die is ``EXPLODED`` and shows its total. A roll has no
follow-up: the dice are thrown and that is the roll.

With a target, the roll succeeds when its result (the total, or the successes) reaches it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from shadowdice.core.dice import DiceSource
from shadowdice.core.die import Die, Mark
from shadowdice.core.language import translations
from shadowdice.core.session import Action, Outcome, RollSession, Tone
from shadowdice.systems.generic.notation import DiceTerm, Expression, Number

SYSTEM_ID = "generic_dice"

_, _n = translations(__name__)


def kept_dice(term: DiceTerm, dice: Sequence[Die]) -> list[Die]:
    """The dice of a term that count: all, or the highest (lowest) of them by their totals;
    of dice of equal totals, the one thrown first.

    >>> dice = [Die(0, 6, (3,)), Die(1, 6, (5,)), Die(2, 6, (3,))]
    >>> from shadowdice.systems.generic.notation import parse
    >>> [die.id for die in kept_dice(parse("3d6kl2").dice_terms[0], dice)]
    [0, 2]
    """
    if term.keep is None:
        return list(dice)
    order = sorted(dice, key=lambda die: (-die.total if term.keep.highest else die.total, die.id))
    return order[: term.keep.count]


def term_value(term: DiceTerm, dice: Sequence[Die]) -> int:
    """What a term of dice adds: the total of its kept dice, or their successes."""
    kept = kept_dice(term, dice)
    if term.success is None:
        return sum(die.total for die in kept)
    return sum(1 for die in kept if term.success.met_by(die.total))


class GenericSession(RollSession):
    """A dice expression rolled.

    Attributes:
        expression: what is rolled.
        target: the result to reach, or None.
    """

    def __init__(
        self,
        *,
        expression: Expression,
        check: str,
        character: str,
        target: int | None,
        source: DiceSource,
        parameters: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__(
            system_id=SYSTEM_ID,
            character=character,
            check=check,
            source=source,
            parameters=parameters,
        )
        self.expression = expression
        self.target = target
        self._term_dice: list[tuple[DiceTerm, tuple[int, ...]]] = []
        for index, term in enumerate(expression.dice_terms):
            group = "" if index == 0 else str(term).removeprefix("+")
            dice = self._throw(
                term.dice,
                term.count,
                sides=term.sides,
                group=group,
                explode_on=term.sides if term.explode else None,
            )
            self._term_dice.append((term, tuple(die.id for die in dice)))
        self._evaluate()

    @property
    def result(self) -> int:
        """The total, or the successes, of the roll."""
        return self.expression.constant + sum(
            term.sign * term_value(term, [self.die(i) for i in ids])
            for term, ids in self._term_dice
        )

    def outcome(self) -> Outcome:
        """The result in words, against the target if there is one."""
        result = self.result
        successes = self.expression.counts_successes
        if successes:
            headline = _n("{n} success", "{n} successes", result)
        else:
            headline = _("Total {total}", total=result)
        values: dict[str, int | bool | None] = {
            "successes" if successes else "total": result,
            "target": self.target,
        }
        detail = self._breakdown()
        if self.target is None:
            return Outcome(headline, Tone.NEUTRAL, detail, values)
        reached = result >= self.target
        values["success"] = reached
        if reached:
            detail = _("{dice} · target {target} reached", dice=detail, target=self.target)
        else:
            detail = _(
                "{dice} · target {target} missed by {missing}",
                dice=detail,
                target=self.target,
                missing=self.target - result,
            )
        return Outcome(headline, Tone.SUCCESS if reached else Tone.FAILURE, detail, values)

    def _breakdown(self) -> str:
        """Every term with what it gave: "1d20 (12) + 5"."""
        parts = []
        term_dice = iter(self._term_dice)
        for term in self.expression.terms:
            sign = "-" if term.sign < 0 else "+"
            if isinstance(term, Number):
                parts.append(f"{sign} {term.value}")
                continue
            _term, ids = next(term_dice)
            parts.append(f"{sign} {term.dice} ({term_value(term, [self.die(i) for i in ids])})")
        return " ".join(parts).removeprefix("+ ")

    def _evaluate(self) -> None:
        for term, ids in self._term_dice:
            dice = [self.die(die_id) for die_id in ids]
            kept = {die.id for die in kept_dice(term, dice)}
            for die in dice:
                marks = [Mark.EXPLODED] if len(die.faces) > 1 else []
                if die.id not in kept:
                    marks.append(Mark.VOIDED)
                elif term.success is not None:
                    marks.append(Mark.HIT if term.success.met_by(die.total) else Mark.MISS)
                elif term.keep is not None:
                    marks.append(Mark.CHOSEN)
                self._mark(die.id, *marks, score=die.total if len(die.faces) > 1 else None)

    def _offered(self) -> Iterable[Action]:
        return ()

    def _apply(self, action: Action, picked: tuple[int, ...]) -> None:
        raise AssertionError("a roll of Generic dice offers no action")
