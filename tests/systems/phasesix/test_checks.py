"""Checks (text 000 "Die Anzahl der Würfel", "Der Mindestwurf", "Exploding Dice"; text 001
"The number of dice", "The minimum roll", "Exploding Dice"): the worked examples of both texts,
pools, exploding dice and successes per die.
"""

import pytest

from shadowdice.core.die import Mark
from shadowdice.core.registry import CheckError
from shadowdice.core.session import Tone
from shadowdice.systems.phasesix.sheet import Knowledge
from tests.systems.phasesix.conftest import RecordingSource, chains

COURAGE_FACES = [4, 2, 6, 6, 1, 6, 1, 1]


# --- the worked examples, classic rules (text 000) --------------------------------------------


def test_hagen_kicks_the_door_with_melee_4_against_strength_2_plus(roll, hagen):
    # Given melee 4 and strength 2+, When his player throws 2, 5, 6, 3
    source = RecordingSource([2, 5, 6, 3])
    session = roll(hagen, source, trait="skill:Hand to Hand Combat", minimum_roll_from="Strength")
    # Then 4 dice were thrown, every one a success, and the 6 was not thrown again
    assert source.requests == [4] and source.remaining == 0
    outcome = session.outcome()
    assert outcome.headline == "4 successes" and outcome.tone is Tone.SUCCESS
    assert outcome.detail == "minimum roll 2+ (Strength 3)"
    assert all(die.has(Mark.HIT) for die in session.table)


def test_hagens_courage_15_plus_with_4_2_6_6_1_then_6_1_then_1(roll, hagen):
    # Given courage 5 against neuroticism 10 (15+)
    source = RecordingSource(COURAGE_FACES)
    session = roll(hagen, source, trait="skill:Courage", minimum_roll_from="Neuroticism")
    # Then the two sixes were thrown again together, then the one six that came again
    assert source.requests == [5, 2, 1]
    assert chains(session) == [(4,), (2,), (6, 6, 1), (6, 1), (1,)]
    # And the tray shows each chain's total on the exploded dice
    assert [die.score for die in session.table] == [None, None, 13, 7, None]
    assert [die.has(Mark.EXPLODED) for die in session.table] == [False, False, True, True, False]
    # And nothing reaches 15: no success
    outcome = session.outcome()
    assert outcome.headline == "No success" and outcome.tone is Tone.FAILURE
    assert outcome.detail == "minimum roll 15+ (Neuroticism 10) · best total 13"


def test_a_destiny_die_would_help_hagen_it_needs_only_4_plus(roll, hagen):
    session = roll(
        hagen, [*COURAGE_FACES, 4], trait="skill:Courage", minimum_roll_from="Neuroticism"
    )
    throw = session.apply("destiny_die")
    die = session.die(throw.die_ids[0])
    assert die.group == "destiny" and die.has(Mark.HIT)
    outcome = session.outcome()
    assert outcome.headline == "1 success"
    assert "destiny dice succeed on 4+" in outcome.detail
    assert hagen.destiny_dice == 0


# --- the worked examples, current rules (text 001) --------------------------------------------


def test_hagen_kicks_the_door_with_strength_4_against_5_plus(roll, hagen_now):
    source = RecordingSource([5, 6, 5, 6])
    session = roll(hagen_now, source, trait="attribute:Strength")
    assert source.requests == [4]
    assert session.check == "Strength" and session.outcome().headline == "4 successes"


def test_hagens_courage_plus_9_reaches_only_13(roll, hagen_now):
    source = RecordingSource(COURAGE_FACES)
    session = roll(hagen_now, source, trait="skill:Courage", modifier=9)
    assert source.requests == [5, 2, 1]
    assert chains(session) == [(4,), (2,), (6, 6, 1), (6, 1), (1,)]
    outcome = session.outcome()
    assert outcome.headline == "No success"
    assert outcome.detail == "minimum roll 14+ (Human 5+, +9) · best total 13"
    assert outcome.values["best_total"] == 13


def test_a_destiny_die_at_14_plus_needs_only_4(roll, hagen_now):
    session = roll(hagen_now, [*COURAGE_FACES, 3], trait="skill:Courage", modifier=9)
    session.apply("destiny_die")
    assert session.successes == 0, "a destiny die showing 3 is no success at 14+"
    hagen_now.destiny_dice = 1
    session = roll(hagen_now, [*COURAGE_FACES, 4], trait="skill:Courage", modifier=9)
    session.apply("destiny_die")
    assert session.successes == 1


# --- exploding dice -------------------------------------------------------------------------------


@pytest.mark.parametrize(("second", "successes"), [(3, 1), (2, 0)])
def test_a_nine_plus_is_reached_by_a_six_then_at_least_a_three(roll, hagen, second, successes):
    hagen.attribute("Neuroticism").value = 4  # 9+
    hagen.skill("Courage").value = 1
    session = roll(hagen, [6, second], trait="skill:Courage", minimum_roll_from="Neuroticism")
    assert chains(session) == [(6, second)] and session.successes == successes


@pytest.mark.parametrize(("third", "successes"), [(2, 1), (1, 0)])
def test_a_fourteen_plus_needs_a_six_a_six_and_at_least_a_two(
    roll, hagen, hagen_now, third, successes
):
    # Current rules: 5+ with +9; classic rules: neuroticism 9
    hagen.attribute("Neuroticism").value = 9
    for sheet, values in [
        (hagen_now, {"modifier": 9}),
        (hagen, {"minimum_roll_from": "Neuroticism"}),
    ]:
        sheet.skill("Courage").value = 1
        session = roll(sheet, [6, 6, third], trait="skill:Courage", **values)
        assert session.minimum_roll.value == 14
        assert chains(session) == [(6, 6, third)] and session.successes == successes


def test_dice_are_not_thrown_again_at_a_minimum_roll_of_six_or_lower(roll, hagen):
    # A 6 already succeeds at 6+ or lower, so the tray shows plain sixes.
    hagen.attribute("Strength").value = -1  # 6+
    source = RecordingSource([6, 6, 1, 5])
    session = roll(hagen, source, trait="skill:Hand to Hand Combat", minimum_roll_from="Strength")
    assert source.requests == [4] and source.remaining == 0
    assert chains(session) == [(6,), (6,), (1,), (5,)]
    assert session.successes == 2
    assert not any(die.has(Mark.EXPLODED) for die in session.table)


def test_dice_are_thrown_again_as_long_as_sixes_come_above_six_plus(roll, hagen):
    hagen.attribute("Strength").value = -2  # 7+
    hagen.skill("Hand to Hand Combat").value = 1
    session = roll(
        hagen, [6, 6, 6, 1], trait="skill:Hand to Hand Combat", minimum_roll_from="Strength"
    )
    assert chains(session) == [(6, 6, 6, 1)]
    # One die gives one success at most, however far it explodes.
    assert session.successes == 1 and session.table[0].score == 19


# --- the number of dice ------------------------------------------------------------------------


def test_the_pool_is_the_skills_value(roll, hagen):
    hagen.skill("Intimidation").value = 4
    session = roll(hagen, [1, 1, 1, 1], trait="skill:Intimidation", minimum_roll_from="Strength")
    assert len(session.table) == 4 and session.check == "Intimidation"


def test_current_knowledge_adds_the_value_of_its_skill(roll, hagen_now):
    # Communication 2 and Etiquette (Communication) 3: 5 dice on Etiquette.
    hagen_now.skill("Communication").value = 2
    hagen_now.knowledge.append(Knowledge(name="Etiquette", value=3, skill="Communication"))
    session = roll(hagen_now, [1] * 5, trait="knowledge:Etiquette")
    assert len(session.table) == 5 and session.check == "Etiquette"


def test_classic_knowledge_rolls_its_own_value(roll, hagen):
    hagen.skill("Communication").value = 2
    hagen.knowledge.append(Knowledge(name="Etiquette", value=3, skill="Communication"))
    session = roll(hagen, [1] * 3, trait="knowledge:Etiquette", minimum_roll_from="Strength")
    assert len(session.table) == 3


def test_the_classic_rules_roll_no_attributes(roll, hagen):
    with pytest.raises(CheckError, match="an attribute sets the minimum roll"):
        roll(hagen, [], trait="attribute:Strength", minimum_roll_from="Strength")


def test_a_trait_not_on_the_sheet_is_a_check_error(roll, hagen):
    with pytest.raises(CheckError, match="Sorcery is not on Hagen's sheet"):
        roll(hagen, [], trait="skill:Sorcery", minimum_roll_from="Strength")
    with pytest.raises(CheckError, match="Choose what to roll"):
        roll(hagen, [], trait="", minimum_roll_from="Strength")


def test_the_classic_rules_need_the_attribute_the_game_master_names(roll, hagen):
    with pytest.raises(CheckError, match="Choose the attribute the game master names"):
        roll(hagen, [], trait="skill:Courage")


# --- a pool of 0 or less --------------------------------------------------------------------------


def test_a_pool_of_zero_asks_for_bonus_or_destiny_dice_when_there_are_some(roll, hagen_now):
    with pytest.raises(CheckError, match="Stealth 0 gives no dice: roll it with bonus or destiny"):
        roll(hagen_now, [], trait="skill:Stealth")


def test_a_pool_of_zero_without_bonus_or_destiny_dice_says_it_cannot_be_rolled(roll, hagen_now):
    hagen_now.bonus_dice = hagen_now.destiny_dice = 0
    with pytest.raises(
        CheckError,
        match="Stealth 0 gives no dice, and Hagen has no bonus or destiny dice left: "
        "this check cannot be rolled",
    ):
        roll(hagen_now, [], trait="skill:Stealth", bonus_dice=0)


def test_a_negative_pool_throws_its_bonus_dice_in_full(roll, hagen_now):
    # "egal wie sehr der Wert im Negativen ist": -3 does not eat the 2 bonus dice.
    hagen_now.skill("Stealth").value = -3
    session = roll(hagen_now, [5, 2], trait="skill:Stealth", bonus_dice=2)
    assert len(session.table) == 2 and session.throws[0].label == "Bonus dice"
    assert session.successes == 1 and hagen_now.bonus_dice == 0


def test_a_negative_pool_can_be_rolled_with_a_destiny_die_alone(roll, hagen):
    hagen.skill("Stealth").value = -2
    session = roll(
        hagen, [4], trait="skill:Stealth", minimum_roll_from="Neuroticism", destiny_dice=1
    )
    assert [(die.group, die.face) for die in session.table] == [("destiny", 4)]
    assert session.successes == 1
