"""A Phase Six roll's outcome and actions are worked out once per table and language: they
follow every die added, the dice the sheet has left, and a switch of language.
"""

from shadowdice.core import language
from tests.systems.phasesix.conftest import action

DOOR = {"trait": "skill:Hand to Hand Combat", "minimum_roll_from": "Strength"}


def test_the_outcome_follows_every_die_added(roll, hagen):
    session = roll(hagen, [2, 5, 6, 3, 1], **DOOR)
    assert session.outcome().headline == "4 successes"
    session.apply("bonus_die")
    assert session.outcome().headline == "4 successes" and session.outcome().values["dice"] == 5
    assert session.successes == 4


def test_the_actions_follow_the_dice_the_sheet_has_left(roll, hagen):
    session = roll(hagen, [2, 5, 6, 3], **DOOR)
    assert action(session, "bonus_die").enabled
    hagen.bonus_dice = 0
    assert not action(session, "bonus_die").enabled
    hagen.bonus_dice = 1
    assert action(session, "bonus_die").enabled


def test_the_outcome_and_the_actions_follow_a_switch_of_language(roll, hagen):
    session = roll(hagen, [2, 5, 6, 3], **DOOR)
    assert session.outcome().headline == "4 successes"
    assert action(session, "bonus_die").label == "Add a bonus die"
    try:
        language.set_language("de")
        assert session.outcome().headline == "4 Erfolge"
        assert action(session, "bonus_die").label != "Add a bonus die"
    finally:
        language.set_language("en")
    assert session.outcome().headline == "4 successes"
    assert action(session, "bonus_die").label == "Add a bonus die"
