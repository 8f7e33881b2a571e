"""Exact odds against brute force over every outcome of small pools."""

from itertools import product
from math import prod

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shadowdice.core.odds import chance_of_at_least, chance_of_successes, successes_per_die


def brute_force(dice: int, needed: int, hit_on: int) -> float:
    faces = range(1, 7)
    good = sum(
        1 for roll in product(faces, repeat=dice) if sum(f >= hit_on for f in roll) >= needed
    )
    return good / 6**dice


@given(dice=st.integers(1, 5), needed=st.integers(1, 6), hit_on=st.integers(2, 7))
def test_plain_pools_match_brute_force(dice, needed, hit_on):
    assert chance_of_successes(dice=dice, needed=needed, hit_on=hit_on) == pytest.approx(
        brute_force(dice, needed, hit_on)
    )


def test_one_exploding_die_follows_the_geometric_chain():
    # P(at least 2 hits) = P(first is 6) * P(second is a hit) = 1/6 * 1/3
    dist = successes_per_die(hit_on=5, explode_on=6, cap=2)
    assert dist[2] == pytest.approx(1 / 18)
    assert sum(dist) == pytest.approx(1)


def test_rule_of_six_raises_the_chance():
    plain = chance_of_successes(dice=4, needed=3, hit_on=5)
    exploding = chance_of_successes(dice=4, needed=3, hit_on=5, explode_on=6)
    assert exploding > plain


def test_nothing_needed_is_certain_and_no_dice_is_hopeless():
    assert chance_of_successes(dice=0, needed=0, hit_on=5) == 1.0
    assert chance_of_successes(dice=0, needed=1, hit_on=5) == 0.0


def test_exploding_face_that_is_no_success_is_refused():
    with pytest.raises(ValueError):
        successes_per_die(hit_on=6, explode_on=5, cap=1)


def brute_force_mixed(chances: list[float], needed: int) -> float:
    """Add up the chance of every pattern of successes and failures that has enough."""
    return sum(
        prod(chance if hit else 1 - chance for chance, hit in zip(chances, hits, strict=True))
        for hits in product((False, True), repeat=len(chances))
        if sum(hits) >= needed
    )


@given(
    chances=st.lists(st.floats(0, 1), max_size=7),
    needed=st.integers(-1, 8),
)
def test_dice_with_different_chances_match_brute_force(chances, needed):
    assert chance_of_at_least(chances, needed) == pytest.approx(
        brute_force_mixed(chances, needed), abs=1e-12
    )


def test_dice_with_one_chance_agree_with_a_plain_pool():
    # Three dice hitting on 5+ are three dice of chance 1/3 each
    assert chance_of_at_least([1 / 3] * 3, 2) == pytest.approx(
        chance_of_successes(dice=3, needed=2, hit_on=5)
    )


def test_a_chance_outside_0_to_1_is_refused():
    with pytest.raises(ValueError, match=r"from 0 to 1, not 1\.5"):
        chance_of_at_least([0.5, 1.5], 1)
