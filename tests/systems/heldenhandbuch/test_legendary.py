"""Legendary checks and the lucky number (text 003 "Legendäre Probe", "Glückszahl"): Mythos
points for three to six matches of 11 or more, converted lucky numbers not counting.
"""

import pytest

from shadowdice.core.die import Mark
from shadowdice.systems.heldenhandbuch.legendary import legendary_matches, mythos_points


@pytest.mark.parametrize(("matches", "points"), [(2, 0), (3, 1), (4, 2), (5, 3), (6, 5)])
def test_mythos_points_by_the_number_of_matches(matches, points):
    assert mythos_points(matches) == points


def test_matches_below_eleven_or_above_the_value_are_not_legendary():
    assert legendary_matches([10, 10, 10], cap=20) == (0, 0)
    assert legendary_matches([13, 13, 13], cap=12) == (0, 0)


def test_three_matches_of_twelve_give_a_mythos_point(roll, alrik):
    # Given Intimidation 12 (4W20), When 12, 12, 12, 5 are thrown
    session = roll(alrik, [12, 12, 12, 5], what="skill:Intimidation", roll="single")
    outcome = session.outcome()
    assert outcome.headline == "Legendary! Result 36 (12 + 12 + 12)"
    assert outcome.values["mythos_points"] == 1
    assert "3 matches of 12: +1 Mythos point ·" in outcome.detail
    assert alrik.mythos_points == 1
    assert [(c.resource, c.amount) for c in session.charges] == [("mythos_points", -1)]


def test_six_matches_give_five_mythos_points(roll, alrik):
    alrik.skill("Weapon smithing").bonus_dice = 5
    roll(alrik, [11] * 6, what="skill:Weapon smithing", roll="single")
    assert alrik.mythos_points == 5


def test_a_lucky_number_turned_into_a_match_counts_for_the_result_not_the_legend(roll, alrik):
    # Given lucky number 14 and Intimidation 12, When 12, 12, 14, 5 are thrown
    session = roll(alrik, [12, 12, 14, 5], what="skill:Intimidation", roll="single")
    assert session.table[2].has(Mark.LUCKY)
    offered = [action.id for action in session.actions()]
    # (20 is no help: 12 + 12 is more)
    assert offered == ["lucky_to_12", "accept"]
    # When the 14 is turned into 12, Then three 12s add to 36, but no Mythos point
    session.apply("lucky_to_12")
    outcome = session.outcome()
    assert outcome.values["value"] == 36 and outcome.values["mythos_points"] == 0
    assert session.table[2].score == 12
    # And with nothing left to decide the roll is settled at once
    assert session.settled and session.actions() == ()
    assert alrik.mythos_points == 0


def test_a_lucky_number_offers_only_results_that_help(roll, alrik):
    session = roll(alrik, [20, 14, 3, 2], what="skill:Intimidation", roll="single")
    assert [action.id for action in session.actions()] == []
    assert session.outcome().values["lucky_unconverted"] == 1
    assert "free learning roll of 1 die" in session.outcome().detail


def test_no_lucky_number_on_dice_smaller_than_w20(roll, alrik):
    alrik.lucky_number = 7
    session = roll(alrik, [7, 5, 4], what="skill:Oratory", roll="single")
    assert not any(die.has(Mark.LUCKY) for die in session.table)


def test_a_converted_lucky_number_thrown_again_is_no_longer_named(roll, alrik):
    # Given a sieve roll of Intimidation 12 whose lucky 14 is turned into 12 before it is kept
    session = roll(alrik, [14, 12, 12, 5, 6, 7], what="skill:Intimidation", roll="sieve")
    session.apply("lucky_to_12")
    assert "lucky number 14 turned into 12" in session.outcome().detail
    # When the player keeps only the two 12s and throws the converted die again
    session.apply("keep", (1, 2))
    # Then the detail no longer names a conversion that left the table
    outcome = session.outcome()
    assert outcome.headline == "So far: result 24 (12 + 12)"
    assert "turned into" not in outcome.detail
