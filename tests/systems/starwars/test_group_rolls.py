"""The group rolls of rounds as sessions (rule text 004): a segment's order and a starship
speed contest, with scripted dice.
"""

import pytest

from shadowdice.core.dice import ScriptedDiceSource
from shadowdice.systems.starwars.codes import Code
from shadowdice.systems.starwars.group_rolls import (
    OrderEntry,
    Pilot,
    start_segment_order,
    start_speed_contest,
)
from shadowdice.systems.starwars.starships import Range, Wish


def test_the_corridor_segment_orders_anla_bulack_darlen_corukk():
    # Given the four roll their declared actions at once
    entries = [
        OrderEntry("Anla", Code(4), "Blaster: shoot at Corukk"),
        OrderEntry("Bulack", Code(3), "Security: close the door"),
        OrderEntry("Corukk", Code(2, 2), "Blaster: shoot at Anla"),
        OrderEntry("Darlen", Code(3), "Dexterity: move forward"),
    ]
    anla, bulack, corukk, darlen = [6, 5, 3, 2], [5, 4, 3], [4, 2], [4, 4, 3]
    faces = [*anla, *bulack, *corukk, *darlen]
    group = start_segment_order(entries, ScriptedDiceSource(faces))
    # Then they rolled 16, 12, 8 and 11, and act from the highest down
    outcome = group.outcome()
    assert outcome.values == {"Anla": 16, "Bulack": 12, "Corukk": 8, "Darlen": 11}
    assert outcome.headline == "Order: Anla, then Bulack, then Darlen, then Corukk"
    assert {die.group for die in group.table} == {"Anla", "Bulack", "Corukk", "Darlen"}
    assert group.check == "Segment 1: order of actions"


def test_equal_totals_in_a_segment_act_together():
    entries = [OrderEntry("Anla", Code(1), "shoot"), OrderEntry("Bulack", Code(1), "shoot")]
    group = start_segment_order(entries, ScriptedDiceSource([4, 4]), segment=2)
    assert group.outcome().headline == "Order: Anla and Bulack"


def test_a_segment_without_actions_is_refused():
    with pytest.raises(ValueError, match="No one acts"):
        start_segment_order([], ScriptedDiceSource([]))


def test_a_group_roll_with_a_name_twice_is_refused():
    twice = [OrderEntry("Trooper", Code(2), "shoot"), OrderEntry("Trooper", Code(2), "shoot")]
    with pytest.raises(ValueError, match="name of their own: Trooper"):
        start_segment_order(twice, ScriptedDiceSource([1, 2, 3, 4]))
    pilots = [Pilot("Pirate", Wish.OPEN, Code(2)), Pilot("Pirate", Wish.CLOSE, Code(2))]
    with pytest.raises(ValueError, match="name of their own: Pirate"):
        start_speed_contest(Range.LONG, pilots, ScriptedDiceSource([1, 2, 3, 4]))


def test_bulack_wins_the_speed_contest_and_closes_to_short():
    # Given medium range; both add Starship Piloting to their ship's Sublight Speed
    pilots = [Pilot("Bulack", Wish.CLOSE, Code(5, 1)), Pilot("Pirate", Wish.OPEN, Code(4))]
    bulack, pirate = [5, 4, 3, 3, 2], [4, 3, 3, 2]
    faces = [*bulack, *pirate]
    group = start_speed_contest(Range.MEDIUM, pilots, ScriptedDiceSource(faces))
    # Then 18 against 12: the range is short
    outcome = group.outcome()
    assert outcome.headline == "Range is now short"
    assert outcome.detail == "Bulack 18 · Pirate 12"
    assert outcome.values["range"] == "short"


def test_a_tied_speed_contest_keeps_the_range():
    pilots = [Pilot("Bulack", Wish.CLOSE, Code(1)), Pilot("Pirate", Wish.OPEN, Code(1))]
    group = start_speed_contest(Range.MEDIUM, pilots, ScriptedDiceSource([3, 3]))
    assert group.outcome().headline == "Range stays medium"


def test_pilots_who_want_the_same_throw_nothing():
    pilots = [Pilot("Bulack", Wish.OPEN, Code(4)), Pilot("Anla", Wish.OPEN, Code(3))]
    group = start_speed_contest(Range.SHORT, pilots, ScriptedDiceSource([]))
    assert group.table == ()
    outcome = group.outcome()
    assert outcome.headline == "Range is now medium"
    assert outcome.detail == "everyone wants to open the range"
