"""Dice sources: the fair source is reproducible by seed, the scripted one replays exactly."""

import pytest

from shadowdice.core.dice import (
    DiceRequest,
    DiceSource,
    DiceSourceError,
    RandomDiceSource,
    ScriptedDiceSource,
    ScriptExhaustedError,
)


def test_random_source_with_the_same_seed_replays_the_same_faces():
    first = RandomDiceSource(seed=1234)
    second = RandomDiceSource(seed=first.seed)
    requests = [DiceRequest(5, 6), DiceRequest(3, 20), DiceRequest(1, 8)]
    assert [first.throw(r) for r in requests] == [second.throw(r) for r in requests]


def test_random_source_without_a_seed_picks_one_and_reports_it():
    a, b = RandomDiceSource(), RandomDiceSource()
    assert a.seed != b.seed
    assert RandomDiceSource(a.seed).throw(DiceRequest(20, 6)) == a.throw(DiceRequest(20, 6))


@pytest.mark.parametrize("sides", [6, 8, 12, 20])
def test_random_faces_stay_on_the_die_and_cover_it(sides):
    faces = RandomDiceSource(seed=sides).throw(DiceRequest(2000, sides))
    assert set(faces) == set(range(1, sides + 1))


def test_both_sources_satisfy_the_protocol():
    assert isinstance(RandomDiceSource(1), DiceSource)
    assert isinstance(ScriptedDiceSource([]), DiceSource)


def test_scripted_source_replays_faces_in_order_across_requests():
    source = ScriptedDiceSource([1, 2, 3, 4, 5])
    assert source.throw(DiceRequest(2, 6)) == (1, 2)
    assert source.throw(DiceRequest(3, 6)) == (3, 4, 5)
    assert source.remaining == 0


def test_scripted_source_says_clearly_when_it_runs_out():
    source = ScriptedDiceSource([6])
    with pytest.raises(ScriptExhaustedError, match=r"'Edge dice' asked for 3d6, only 1 face"):
        source.throw(DiceRequest(3, 6, "Edge dice"))
    assert source.remaining == 1, "a failed request consumes nothing"


def test_scripted_face_that_does_not_fit_the_die_is_refused():
    with pytest.raises(DiceSourceError, match="7 does not fit a d6"):
        ScriptedDiceSource([7]).throw(DiceRequest(1, 6))


def test_scripted_source_can_be_extended():
    source = ScriptedDiceSource([2])
    source.extend([19, 20])
    assert source.throw(DiceRequest(3, 20)) == (2, 19, 20)


@pytest.mark.parametrize(("count", "sides"), [(-1, 6), (1, 1)])
def test_impossible_requests_are_refused(count, sides):
    with pytest.raises(ValueError):
        DiceRequest(count, sides)


def test_random_source_goes_back_to_a_position_and_throws_the_same_faces_again():
    source = RandomDiceSource(seed=21)
    source.throw(DiceRequest(4, 6))
    later = source.throw(DiceRequest(5, 20))
    assert source.position == 9
    source.seek(4)
    assert source.throw(DiceRequest(5, 20)) == later
