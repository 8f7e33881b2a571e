"""The exact odds of a dice expression, before it is rolled, with icepool.

icepool (a well-kept library of dice probability, MIT, no dependencies) builds the exact
distribution of every term: sums by convolution, kept dice by its pool evaluator, successes
as dice of 0 and 1. Nothing here throws a die.

icepool is imported the first time a distribution is needed: the average of plain dice
("1d20+5") is worked out without it, so opening a character whose first roll is plain does
not load it.

Two limits keep the check panel quick, since the preview is worked out whenever a value
changes:

- **Exploding dice** are followed for :data:`EXPLODE_DEPTH` explosions; a longer chain (for a
  d6, one chance in ten million) counts as if it stopped there.
- **Large expressions** get no chance (:func:`distribution` returns None) when their cost,
  estimated from dice and sides, passes :data:`MAX_COST`; a few tenths of a second of work.
  Counting successes is cheap for one term, but the exact fractions of many dice (above all
  exploding ones with many sides) grow to thousands of digits, and adding such terms together
  multiplies them: :func:`success_work` bounds that too.

And one keeps its memory flat over an evening of different expressions: the last
:data:`KEPT_DISTRIBUTIONS` distributions are kept (the same expression is previewed again and
again while its target changes), and icepool's own caches, which keep every pool and every
evaluation they ever saw, are emptied after every :data:`KEPT_DISTRIBUTIONS` new ones.

>>> from shadowdice.systems.generic.notation import parse
>>> round(chance_at_least(parse("4d6kh3"), 15), 4)
0.2315
>>> round(chance_at_least(parse("10d10>=8"), 3), 4)
0.6172
"""

from __future__ import annotations

import math
import sys
from functools import cache, lru_cache
from typing import TYPE_CHECKING

from shadowdice.systems.generic.notation import DiceTerm, Expression

if TYPE_CHECKING:
    import icepool

#: How many explosions of one die the odds follow.
EXPLODE_DEPTH = 8
#: The most work (see :func:`cost`) a preview may take on.
MAX_COST = 1_500_000
#: Keeping dice runs icepool's pool evaluator, dearer than a sum: its own bound on dice x sides.
MAX_KEEP_OUTCOMES = 400
#: The most work (see :func:`success_work`) counting successes may take on.
MAX_SUCCESS_WORK = 400_000_000
#: How many distributions are kept, and how many new ones icepool's caches may grow by.
KEPT_DISTRIBUTIONS = 64

_worked_out = {"since_emptied": 0}


def cost(term: DiceTerm) -> int:
    """A rough measure of the work the term's distribution takes; ``MAX_COST`` or more is
    too much for a preview.

    >>> cost(DiceTerm(3, 6)), cost(DiceTerm(50, 100)) >= MAX_COST
    (324, True)
    """
    sides = term.sides * (EXPLODE_DEPTH + 1 if term.explode else 1)
    if term.keep is not None:
        return 0 if term.count * sides <= MAX_KEEP_OUTCOMES else MAX_COST
    if term.success is not None:
        return term.count * 4
    return term.count * (term.count * sides) * sides


def success_work(expression: Expression) -> float:
    """A rough measure of the work of adding up the expression's terms that count successes:
    the square of the successes they can reach times the digits of their exact fractions.

    >>> from shadowdice.systems.generic.notation import parse
    >>> success_work(parse("10d10>=8")) < MAX_SUCCESS_WORK
    True
    >>> success_work(parse("+".join(["100d1000!>=2"] * 3))) >= MAX_SUCCESS_WORK
    True
    """
    counting = [term for term in expression.dice_terms if term.success is not None]
    outcomes = sum(term.count + 1 for term in counting)
    digits = sum(
        term.count * math.log10(term.sides) * (EXPLODE_DEPTH + 1 if term.explode else 1)
        for term in counting
    )
    return outcomes * outcomes * digits


@lru_cache(maxsize=KEPT_DISTRIBUTIONS)
def distribution(expression: Expression) -> icepool.Die | None:
    """The distribution of the expression's result, or None when it is too large to work
    out for a preview.
    """
    if sum(cost(term) for term in expression.dice_terms) >= MAX_COST:
        return None
    if success_work(expression) >= MAX_SUCCESS_WORK:
        return None
    import icepool

    _worked_out["since_emptied"] += 1
    if _worked_out["since_emptied"] > KEPT_DISTRIBUTIONS:
        empty_icepool_caches()

    total: icepool.Die = icepool.Die([expression.constant])
    for term in expression.dice_terms:
        part = _term_distribution(term)
        total = total + part if term.sign > 0 else total - part
    return total


def empty_icepool_caches() -> None:
    """Empty the caches icepool keeps for the whole process: its pools, the evaluations of
    its shared evaluators, and its table of binomial coefficients.
    """
    import icepool
    import icepool.math

    icepool.Pool.clear_cache()
    for evaluator in _shared_evaluators():
        for name in ("_cache", "ascending_cache", "descending_cache"):
            if isinstance(found := getattr(evaluator, name, None), dict):
                found.clear()
    icepool.math.comb_row_cache.clear()
    _worked_out["since_emptied"] = 0


@cache
def _shared_evaluators() -> tuple[object, ...]:
    """The evaluators icepool makes once for every caller (``sum_evaluator`` ...)."""
    import icepool.evaluator as evaluators
    from icepool.evaluator.multiset_evaluator_base import MultisetEvaluatorBase

    shared = []
    for module in list(sys.modules.values()):
        if getattr(module, "__name__", "").startswith(evaluators.__name__):
            shared.extend(
                value for value in vars(module).values() if isinstance(value, MultisetEvaluatorBase)
            )
    return tuple(shared)


def chance_at_least(expression: Expression, target: int) -> float | None:
    """The chance that the result reaches ``target``, or None when it cannot be worked out
    quickly enough.
    """
    found = distribution(expression)
    return None if found is None else float(found.probability(">=", target))


def mean(expression: Expression) -> float | None:
    """The average result, or None when it cannot be worked out quickly enough.

    >>> from shadowdice.systems.generic.notation import parse
    >>> mean(parse("1d20+5")), mean(parse("2d6-1d4+1")), mean(parse("4d6kh3"))
    (15.5, 5.5, 12.24...)
    """
    terms = expression.dice_terms
    if all(term.keep is None and term.success is None and not term.explode for term in terms):
        dice = sum(term.sign * term.count * (term.sides + 1) / 2 for term in terms)
        return expression.constant + dice
    found = distribution(expression)
    return None if found is None else float(found.mean())


def _term_distribution(term: DiceTerm) -> icepool.Die:
    import icepool

    die = icepool.d(term.sides)
    if term.explode:
        die = die.explode(depth=EXPLODE_DEPTH)
    success = term.success
    if term.keep is None:
        if success is not None:
            die = die.map(lambda total: int(success.met_by(total)))
        return term.count @ die
    pool = die.pool(term.count)
    kept = pool.highest(term.keep.count) if term.keep.highest else pool.lowest(term.keep.count)
    if success is None:
        return kept.sum()
    return kept.keep_outcomes(success.met_by).size()
