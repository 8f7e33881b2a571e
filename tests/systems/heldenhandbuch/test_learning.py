"""Learning rolls (text 003 "Lernwurf", "Könnerstern", "Meistergrad", "Hohe Meisterschaft"):
EP paid per die, a die above the value raising it by 1, no fumbles or matches, the star of
skill, master grades and high mastery.
"""

import pytest

from shadowdice.core.registry import CheckError
from shadowdice.systems.heldenhandbuch.mastery import raises_value


def test_a_learning_roll_above_the_value_raises_it_by_one(roll, alrik):
    # Given Oratory 9 and 10 EP, When 3 learning dice show 5, 1, 10
    faces = [5, 1, 10, 3, 4]
    session = roll(alrik, faces, what="skill:Oratory", roll="learning", learning_dice=3)
    # Then 3 EP are paid at once, and the 1 is no fumble: it may be thrown again
    assert alrik.experience_points == 7
    assert session.actions()[0].pick.eligible == (0, 1, 2)
    assert session.actions()[0].pick.suggested == (2,)
    # When the 10 is kept (the others thrown again) and the player stops
    session.apply("keep", (2,))
    session.apply("stop")
    # Then Oratory rises to 10
    assert session.outcome().headline == "Oratory raised to 10!"
    session.finish()
    assert alrik.skill("Oratory").value == 10
    assert [(c.resource, c.amount) for c in session.charges] == [
        ("experience_points", 3),
        ("value: Oratory", -1),
    ]


def test_a_learning_roll_not_above_the_value_raises_nothing(roll, alrik):
    session = roll(alrik, [9, 9], what="skill:Oratory", roll="learning", learning_dice=2)
    session.apply("stop")
    assert session.outcome().headline == "No gain"
    assert alrik.skill("Oratory").value == 9 and alrik.experience_points == 8


def test_matches_do_not_add_in_a_learning_roll(roll, alrik):
    session = roll(alrik, [5, 5], what="skill:Oratory", roll="learning", learning_dice=2)
    session.apply("stop")
    assert alrik.skill("Oratory").value == 9


def test_a_learning_roll_costs_ep_it_refuses_without(roll, alrik):
    alrik.experience_points = 1
    with pytest.raises(CheckError, match="2 EP needed"):
        roll(alrik, [5, 5], what="skill:Oratory", roll="learning", learning_dice=2)


def test_a_lucky_number_pays_a_learning_die_on_an_attribute(roll, alrik):
    session = roll(alrik, [12], what="attribute:Strength", roll="learning", lucky_dice=1)
    assert alrik.experience_points == 10
    session.apply("stop")
    assert alrik.attribute("Strength").value == 10 and session.settled


def test_the_star_of_skill_needs_three_dice_of_twelve(roll, alrik):
    alrik.skill("Oratory").value = 12
    alrik.skill("Oratory").base_die = "W20"
    session = roll(
        alrik, [12, 15, 11, 12], what="skill:Oratory", roll="learning", learning_dice=3,
        goal="star",
    )  # fmt: skip
    assert not alrik.skill("Oratory").star
    session.apply("keep", (0, 1))
    assert not session.earned()
    # When the 11 is thrown again and shows 12
    session.apply("keep", (3,))
    assert alrik.skill("Oratory").star


def test_a_master_grade_needs_its_dice_and_minimum(roll, alrik):
    alrik.skill("Weapon smithing").value = 14
    session = roll(
        alrik,
        [12, 13, 19, 2],
        what="skill:Weapon smithing",
        roll="learning",
        learning_dice=4,
        goal="master_grade",
    )
    session.apply("stop")
    assert alrik.skill("Weapon smithing").master_grade == 1


def test_high_mastery_needs_twenties():
    assert not raises_value([20, 19, 18], 20)
    assert raises_value([20, 20], 20)
    assert not raises_value([20, 20], 21) and raises_value([20, 20, 20], 21)


def test_finishing_a_learning_roll_early_counts_the_dice_on_the_table(roll, alrik):
    # Given Oratory 9 and 2 learning dice showing 3 and 11 (paid: 2 EP)
    session = roll(alrik, [3, 11], what="skill:Oratory", roll="learning", learning_dice=2)
    # When the player presses Done without keeping
    record = session.finish()
    # Then the 11 counts as kept: Oratory rises to 10, and the EP were charged once
    assert record.outcome.headline == "Oratory raised to 10!"
    assert alrik.skill("Oratory").value == 10 and alrik.experience_points == 8
    assert [(c.resource, c.amount) for c in session.charges] == [
        ("experience_points", 2),
        ("value: Oratory", -1),
    ]


def test_a_master_grade_earned_still_reads_as_earned_once_written(roll, alrik):
    # Given Weapon smithing at master grade 0 aiming at grade 1 (3 dice of 12 or more)
    alrik.skill("Weapon smithing").value = 14
    session = roll(
        alrik, [12, 13, 19, 2], what="skill:Weapon smithing", roll="learning", learning_dice=4,
        goal="master_grade",
    )  # fmt: skip
    assert "needs 3 dice of 12 or more" in session.outcome().detail
    # When the roll ends and grade 1 is written to the sheet
    session.apply("stop")
    assert alrik.skill("Weapon smithing").master_grade == 1
    # Then the outcome and the record still say grade 1 was earned (not "No gain" by grade 2)
    outcome = session.outcome()
    assert outcome.headline == "Master grade 1 earned!" and outcome.values["earned"] is True
    assert "written to the sheet" in outcome.detail
    assert session.finish().outcome.headline == "Master grade 1 earned!"
