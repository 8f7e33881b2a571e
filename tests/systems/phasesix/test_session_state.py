"""A Phase Six roll's outcome and actions are worked out once per table and language: they
follow every die added, the dice the sheet has left, and a switch of language. Every die is
marked once, when it lands, and keeps its marks.
"""

from shadowdice.core import language
from shadowdice.core.die import Mark
from tests.systems.phasesix.conftest import action

DOOR = {"trait": "skill:Hand to Hand Combat", "minimum_roll_from": "Strength"}
COURAGE = {"trait": "skill:Courage", "minimum_roll_from": "Neuroticism"}


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


def test_the_detail_names_the_minimum_roll_in_the_language_shown(roll, hagen):
    # Given a roll started in English, whose minimum roll is put in words as it starts
    session = roll(hagen, [1, 1, 1, 1, 1], **COURAGE)
    assert session.outcome().detail.startswith("minimum roll 15+ (Neuroticism 10)")
    # Then its outcome read in German names it in German, and in English again after
    try:
        language.set_language("de")
        assert session.outcome().detail.startswith("Mindestwurf 15+ (Neurotizismus 10)")
    finally:
        language.set_language("en")
    assert session.outcome().detail.startswith("minimum roll 15+ (Neuroticism 10)")


def test_dice_thrown_after_the_start_are_marked_and_the_earlier_keep_their_marks(roll, hagen):
    # Given courage at 15+: a die explodes 6, 6, 4 to 16, the other four miss; then a bonus
    # die explodes 6, 6, 1 to 13, and a destiny die shows 4
    session = roll(hagen, [6, 1, 1, 1, 1, 6, 4, 6, 6, 1, 4], **COURAGE)
    first = session.table
    assert [sorted(die.marks) for die in first] == [[Mark.EXPLODED, Mark.HIT]] + [[Mark.MISS]] * 4
    assert [die.score for die in first] == [16, None, None, None, None]
    # When the bonus die and the destiny die are added
    session.apply("bonus_die")
    session.apply("destiny_die")
    bonus, destiny = session.table[-2:]
    # Then each is marked as the rules judge it, and the earlier dice are as they were
    assert sorted(bonus.marks) == [Mark.EXPLODED, Mark.MISS] and bonus.score == 13
    assert sorted(destiny.marks) == [Mark.HIT] and destiny.score is None
    assert session.table[:5] == first and session.successes == 2


def test_the_successes_are_the_dice_marked_hits_after_rerolls_and_added_dice(roll, hagen):
    # Given courage at 15+ with one success (16) and four misses
    session = roll(hagen, [6, 1, 1, 1, 1, 6, 4, 6, 6, 3, 4, 2], **COURAGE)
    assert session.successes == 1
    # When a miss is thrown again (6, 6, 3: 15), and a destiny die (4) and a bonus die (2) added
    session.apply("reroll_die", [session.table[1].id])
    assert session.successes == 2
    session.apply("destiny_die")
    session.apply("bonus_die")
    # Then the successes are the dice on the table marked hits, rerolled ones left out
    hits = [die for die in session.table if Mark.HIT in die.marks]
    assert session.successes == len(hits) == 3
    assert session.outcome().headline == "3 successes"
