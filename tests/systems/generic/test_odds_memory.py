"""A long evening of different dice expressions keeps the odds' memory flat: the last few
distributions are kept, and icepool's own caches are emptied as new ones come.
"""

from __future__ import annotations

from icepool.generator.pool import PoolSource

from shadowdice.systems.generic import odds
from shadowdice.systems.generic.notation import parse


def expressions(count: int) -> list[str]:
    kinds = ("{n}d6+{i}", "{k}d8kh2+{i}", "{n}d10>=8", "{k}d6!+{i}", "{n}d4+{k}d12-{i}")
    return [kinds[i % len(kinds)].format(n=1 + i % 20, k=3 + i % 4, i=i) for i in range(count)]


def test_the_odds_of_many_different_expressions_keep_a_bounded_cache():
    # Given the odds of four times as many different expressions as are kept
    for text in expressions(4 * odds.KEPT_DISTRIBUTIONS):
        odds.chance_at_least(parse(text), 10)

    # Then only the latest are kept, and icepool's pools and evaluations grew by no more
    # than those since its caches were last emptied
    assert odds.distribution.cache_info().currsize <= odds.KEPT_DISTRIBUTIONS
    pools = PoolSource._new_raw.cache_info().currsize
    assert pools <= 4 * odds.KEPT_DISTRIBUTIONS, pools
    evaluations = sum(
        len(getattr(evaluator, "_cache", {})) for evaluator in odds._shared_evaluators()
    )
    assert evaluations <= odds.KEPT_DISTRIBUTIONS


def test_emptying_icepool_caches_leaves_the_odds_as_they_were():
    expression = parse("4d6kh3")
    before = odds.chance_at_least(expression, 15)
    odds.distribution.cache_clear()

    odds.empty_icepool_caches()

    assert PoolSource._new_raw.cache_info().currsize == 0
    assert odds.chance_at_least(expression, 15) == before
