"""Dice steps (text 003 "Einsetzbare Würfel"): the attribute table at every boundary, and
skill dice from the base die and bonus dice.
"""

import pytest

from shadowdice.systems.heldenhandbuch.dice_steps import (
    DiceStep,
    attribute_step,
    skill_step,
)


@pytest.mark.parametrize(
    ("value", "dice"),
    [
        (1, "3W6"), (5, "3W6"), (6, "3W8"), (7, "3W8"), (8, "3W12"), (11, "3W12"),
        (12, "3W20"), (14, "3W20"), (15, "4W20"), (17, "4W20"), (18, "5W20"), (30, "5W20"),
    ],
)  # fmt: skip
def test_an_attribute_value_gives_the_dice_of_the_table(value, dice):
    # Given an attribute value, When its check is rolled, Then the table gives its dice
    assert str(attribute_step(value)) == dice


def test_an_attribute_of_zero_gives_no_dice():
    assert attribute_step(0).count == 0


@pytest.mark.parametrize(
    ("base", "bonus", "dice"), [(6, 0, "1W6"), (12, 2, "3W12"), (20, 5, "6W20")]
)
def test_a_skill_throws_its_base_die_once_plus_its_bonus_dice(base, bonus, dice):
    assert str(skill_step(base, bonus)) == dice


def test_a_skill_refuses_a_die_the_game_does_not_have_and_too_many_bonus_dice():
    with pytest.raises(ValueError, match="W10"):
        skill_step(10, 0)
    with pytest.raises(ValueError, match="bonus dice"):
        skill_step(6, 6)


def test_dice_gained_or_lost_keep_the_die_size_and_at_most_six_dice():
    assert DiceStep(5, 20).changed_by(3) == DiceStep(6, 20)
    assert DiceStep(3, 12).changed_by(-1) == DiceStep(2, 12)
