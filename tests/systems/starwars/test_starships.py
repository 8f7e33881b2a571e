"""Starships in rounds (rule text 004, "Raumschiffe"): the range and the speed contest that
moves it. The codes of the speed roll and of the X-wing's dodge of 18 raising 10 to 28 are
rolled through the system in ``test_group_checks.py``.
"""

import pytest

from shadowdice.systems.starwars.starships import (
    Range,
    Wish,
    moved,
    speed_contest,
    speed_roll_needed,
)

BULACK_CLOSES = {"Bulack": Wish.CLOSE, "Pirate": Wish.OPEN}


def test_bulack_closing_on_the_pirate():
    # Given medium range, Bulack wants to close and the pirate to open
    assert speed_roll_needed(BULACK_CLOSES)
    # Then the higher speed roll decides; a tie keeps medium
    assert speed_contest(Range.MEDIUM, BULACK_CLOSES, {"Bulack": 14, "Pirate": 11}) is Range.SHORT
    assert speed_contest(Range.MEDIUM, BULACK_CLOSES, {"Bulack": 9, "Pirate": 11}) is Range.LONG
    assert speed_contest(Range.MEDIUM, BULACK_CLOSES, {"Bulack": 11, "Pirate": 11}) is Range.MEDIUM


def test_pilots_who_want_the_same_do_not_roll():
    wishes = {"Bulack": Wish.CLOSE, "Anla": Wish.CLOSE}
    assert not speed_roll_needed(wishes)
    assert speed_contest(Range.LONG, wishes) is Range.MEDIUM
    assert speed_contest(Range.LONG, {}) is Range.LONG


def test_pilots_of_one_wish_tied_at_the_top_win_together():
    wishes = {"Bulack": Wish.CLOSE, "Anla": Wish.CLOSE, "Pirate": Wish.OPEN}
    totals = {"Bulack": 12, "Anla": 12, "Pirate": 10}
    assert speed_contest(Range.MEDIUM, wishes, totals) is Range.SHORT


def test_a_missing_speed_roll_is_refused():
    with pytest.raises(ValueError, match="Pirate must roll for speed"):
        speed_contest(Range.MEDIUM, BULACK_CLOSES, {"Bulack": 12})


def test_the_range_moves_one_step_and_stays_within_short_and_long():
    assert moved(Range.MEDIUM, Wish.CLOSE) is Range.SHORT
    assert moved(Range.SHORT, Wish.CLOSE) is Range.SHORT
    assert moved(Range.SHORT, Wish.OPEN) is Range.MEDIUM
    assert moved(Range.LONG, Wish.OPEN) is Range.LONG
