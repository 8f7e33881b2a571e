"""Scoring (text 003 "Gleiche", "Einzelwurf", "Fehlschläge"): results, matches added up to the
tested value, matches above it, failures that look like matches, and the marks of a single
roll.
"""

from shadowdice.core.die import Mark
from shadowdice.core.session import Tone
from shadowdice.systems.heldenhandbuch.scoring import Result, best_result
from tests.systems.heldenhandbuch.conftest import faces


def test_matches_up_to_the_tested_value_are_added():
    # Given value 9, When 7, 7, 5 are thrown, Then the 7s count together: 14
    assert best_result([7, 7, 5], cap=9) == Result(7, 2)
    assert best_result([7, 7, 5], cap=9).value == 14


def test_matches_of_the_tested_value_itself_are_added():
    assert best_result([9, 9], cap=9).value == 18


def test_matches_above_the_tested_value_count_as_single_dice():
    # Given value 9, When 11, 11, 5 are thrown, Then the 11s are not added: the result is 11
    assert best_result([11, 11, 5], cap=9) == Result(11, 1)


def test_failures_that_look_like_matches_form_nothing():
    # 3, 3 and 2, 2 are failures: no result at all
    assert best_result([3, 3, 2, 2], cap=12) is None


def test_the_highest_result_wins_a_single_die_over_smaller_matches():
    assert best_result([12, 5, 5], cap=12).value == 12
    assert best_result([12, 7, 7], cap=12).value == 14


def test_a_single_roll_of_oratory_adds_its_matches_and_marks_why(roll, alrik):
    # Given Oratory 9 on 3W12, When 7, 7, 3 are thrown
    session = roll(alrik, [7, 7, 3], what="skill:Oratory", roll="single")
    # Then the 7s are added to 14, and the 3 is marked a failure
    assert faces(session) == [7, 7, 3]
    outcome = session.outcome()
    assert outcome.headline == "Result 14 (7 + 7)" and outcome.tone is Tone.SUCCESS
    assert outcome.values["value"] == 14
    marks = [die.marks for die in session.table]
    assert marks[0] == {Mark.HIT, Mark.MATCHED, Mark.CHOSEN} == marks[1]
    assert marks[2] == {Mark.FAILURE}


def test_a_single_roll_with_matches_above_the_value_marks_no_match(roll, alrik):
    session = roll(alrik, [11, 11, 4], what="skill:Oratory", roll="single")
    assert session.outcome().values["value"] == 11
    assert not any(die.has(Mark.MATCHED) for die in session.table)


def test_a_single_roll_of_three_threes_and_twos_has_no_result(roll, alrik):
    session = roll(alrik, [3, 3, 2], what="skill:Oratory", roll="single")
    assert session.outcome().headline == "No result"
    assert session.outcome().tone is Tone.FAILURE
    assert all(die.marks == {Mark.FAILURE} for die in session.table)


def test_a_single_roll_offers_no_keeping(roll, alrik):
    session = roll(alrik, [7, 7, 3], what="skill:Oratory", roll="single")
    assert session.actions() == ()
