"""The minimum result of a ranged shot (rule text "Fernkampf": 3. Der Schuss)."""

import pytest

from shadowdice.core.registry import CheckError
from shadowdice.systems.heldenhandbuch.lookups.ranged import (
    RANGED_SHOT,
    TARGET_SIZES,
    TargetMovement,
    TargetSize,
    ranged_shot,
)


@pytest.mark.parametrize(
    ("size", "base", "sides"),
    [
        (TargetSize.HUGE, 3, 3),
        (TargetSize.VERY_LARGE, 5, 6),
        (TargetSize.LARGE, 7, 6),
        (TargetSize.SMALL, 10, 8),
        (TargetSize.VERY_SMALL, 15, 8),
        (TargetSize.TINY, 30, 12),
    ],
)
def test_each_size_has_its_base_and_die(size, base, sides):
    # Given the lowest throw of one die on a still target at point-blank range
    shot = ranged_shot(size, "still", 1, 0, 0, base + 1)
    # Then the minimum is base + 1, which the shot just reaches
    assert shot.minimum == base + 1
    assert shot.hit
    assert TARGET_SIZES[size][1:] == (base, sides)
    # And the highest the die can show is accepted, one more is not
    assert ranged_shot(size, "still", sides, 0, 0, 0).minimum == base + sides
    with pytest.raises(CheckError):
        ranged_shot(size, "still", sides + 1, 0, 0, 0)


@pytest.mark.parametrize(("movement", "dice"), [("still", 1), ("slow", 2), ("fast", 3)])
def test_a_moving_target_adds_one_or_two_dice(movement, dice):
    assert TargetMovement(movement).dice == dice
    # A human (1W6 per die): the game master's dice show dice .. 6 * dice
    assert ranged_shot("large", movement, dice, 0, 0, 0).dice == f"{dice}W6"
    with pytest.raises(CheckError, match=f"{dice}W6 shows {dice} to {6 * dice}"):
        ranged_shot("large", movement, dice - 1, 0, 0, 0)


@pytest.mark.parametrize(("metres", "points"), [(0, 0), (9, 0), (10, 1), (19, 1), (20, 2)])
def test_every_full_10_metres_add_1(metres, points):
    assert ranged_shot("large", "still", 3, metres, 0, 0).minimum == 7 + 3 + points


def test_the_shot_hits_on_the_minimum_and_misses_one_below():
    # Given a human 25 m away, the game master's W6 showing 4: 7 + 4 + 2 = 13
    assert ranged_shot("large", "still", 4, 25, 0, 13).hit
    miss = ranged_shot("large", "still", 4, 25, 0, 12)
    assert not miss.hit
    assert (
        miss.sentence == "Miss: 12 falls short of the minimum 13 (7 + 4 on 1W6 + 2 for distance)."
    )
    assert miss.details == ()


def test_the_targets_evasion_result_raises_the_minimum():
    shot = ranged_shot("very_large", "slow", 7, 0, 9, 30)
    assert shot.minimum == 5 + 7 + 9
    assert shot.sentence == "Hit: 30 reaches the minimum 21 (5 + 7 on 2W6 + 9 for evasion)."
    assert "voids one combat die" in shot.details[0]


def test_the_ranged_lookup_refuses_an_unknown_size():
    with pytest.raises(CheckError, match="Target size"):
        RANGED_SHOT.run({"size": "gigantic"})
