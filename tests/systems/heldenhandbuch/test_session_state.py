"""A roll's outcome and actions are worked out once per state and language: they follow every
action, finishing, a lucky number changed on the sheet, and a switch of language; so do a
combat phase's actions and its suggested defence, and its outcome's detail, whose fighters'
standing is told anew only when it changes.
"""

import copy
import pickle

import pytest

from shadowdice.core import language
from shadowdice.core.dice import ScriptedDiceSource
from shadowdice.systems.heldenhandbuch.evaluation import evaluate
from shadowdice.systems.heldenhandbuch.sheet import HeldenSheet


def test_the_outcome_and_the_actions_follow_a_switch_of_language(roll, alrik):
    session = roll(alrik, [7, 3, 10, 7, 2, 2], what="skill:Oratory", roll="sieve")
    assert session.outcome().headline == "Nothing kept yet"
    assert session.actions()[0].label == "Keep and throw the rest again"
    try:
        language.set_language("de")
        assert session.outcome().headline == "Noch nichts gewertet"
        assert session.actions()[0].label != "Keep and throw the rest again"
    finally:
        language.set_language("en")
    assert session.outcome().headline == "Nothing kept yet"
    assert session.actions()[0].label == "Keep and throw the rest again"


def test_the_outcome_follows_every_action_and_the_finish(roll, alrik):
    session = roll(alrik, [7, 3, 10, 7, 2, 2], what="skill:Oratory", roll="sieve")
    session.apply("keep", (0,))
    assert session.outcome().headline == "So far: result 7"
    assert session.actions()[0].pick.suggested == (3,)
    session.apply("keep", (3,))
    assert session.outcome().headline == "So far: result 14 (7 + 7)"
    # Stopping throws nothing: the last throw is kept all the same
    session.apply("stop")
    assert session.outcome().headline == "Result 14 (7 + 7)" and session.actions() == ()


def test_finishing_keeps_the_last_throw_in_the_outcome_without_a_throw(roll, alrik):
    session = roll(alrik, [7, 3, 10], what="skill:Oratory", roll="sieve")
    assert session.outcome().values["ended"] is False
    record = session.finish()
    assert record.outcome.headline == "Result 10" and record.outcome.values["ended"] is True
    assert session.outcome().headline == "Result 10"


def test_the_outcome_follows_a_lucky_number_changed_on_the_sheet(roll, alrik):
    # Alrik's lucky number is 14: a 14 thrown on Intimidation's W20 pays a learning die
    session = roll(alrik, [14, 3, 2, 2], what="skill:Intimidation", roll="single")
    assert session.outcome().values["lucky_unconverted"] == 1
    alrik.lucky_number = 15
    assert session.outcome().values["lucky_unconverted"] == 0
    assert not any(action.id.startswith("lucky") for action in session.actions())


def test_an_evaluation_is_remembered_by_everything_it_was_made_of():
    dice = [(0, 14), (1, 9), (2, 9)]
    first = evaluate(dice, cap=12, value=12, sides=20)
    assert evaluate(list(dice), cap=12, value=12, sides=20) is first
    assert evaluate(dice, cap=8, value=12, sides=20).value == 14
    assert first.value == 18
    converted = evaluate(dice, cap=12, value=12, sides=20, converted=frozenset({0}))
    assert converted is not first and converted.value == 18


# --- a combat phase -------------------------------------------------------------------------


def a_combat(system, faces, throws_skipped=(0, 0)):
    sheets = []
    for name, skipped in zip(("Alrik", "Brun"), throws_skipped, strict=True):
        sheet = HeldenSheet(name=name, combat_throws_skipped=skipped)
        skill = sheet.skill("Basic martial arts")
        skill.value, skill.base_die, skill.bonus_dice = 16, "W20", 3
        sheets.append(sheet)
    source = ScriptedDiceSource(faces)
    return system.start_group_check(sheets, {"contest": "combat"}, source)


def test_a_combat_phase_suggests_the_defence_against_the_attacks_of_now(system):
    # Alrik: 13 13 (matches: 15 each) and 5; Brun: group 15 14, rescue 17
    session = a_combat(system, [13, 13, 5, 2, 15, 14, 17, 3])
    session.apply("initiative:0")
    assert session.suggested_attack(1) == (0, 1)
    session.apply("attack:1", (0, 1))
    block = next(a for a in session.actions() if a.id == "block")
    assert session.suggested_defence().used == block.pick.suggested == (4, 6)
    session.apply("block", block.pick.suggested)
    assert session.outcome().headline == "Every attack blocked" and session.actions() == ()


def test_a_combat_phase_offers_its_actions_in_the_language_of_now(system):
    session = a_combat(system, [13, 13, 5, 2, 15, 14, 17, 3])
    assert session.actions()[0].label == "Throw again together"
    try:
        language.set_language("de")
        assert session.actions()[0].label != "Throw again together"
        assert session.outcome().headline != "Throw 1: everyone looks"
    finally:
        language.set_language("en")
    assert session.actions()[0].label == "Throw again together"
    assert session.outcome().headline == "Throw 1: everyone looks"


def test_a_combat_phase_outcome_tells_the_standing_of_when_it_was_worked_out(system):
    # An outcome read later still tells the phase as it stood then
    session = a_combat(system, [13, 13, 5, 2, 15, 14, 17, 3])
    throwing = session.outcome()
    session.apply("initiative:0")
    assert throwing.detail == (
        "Alrik: group 26 (13 + 13) on the table · Brun: group 29 (15 + 14) on the table"
    )
    assert session.outcome().detail == (
        "Alrik: group 26 (13 + 13), 1 rescue die · Brun: group 29 (15 + 14), 1 rescue die"
        " · Alrik takes the initiative"
    )


def test_a_combat_phase_outcome_detail_follows_a_switch_of_language(system):
    session = a_combat(system, [13, 13, 5, 2, 15, 14, 17, 3])
    english = session.outcome().detail
    try:
        language.set_language("de")
        assert "auf dem Tisch" in session.outcome().detail
    finally:
        language.set_language("en")
    assert session.outcome().detail == english and "on the table" in english


@pytest.mark.parametrize("stopped_in", ["en", "de"])
def test_the_fighters_groups_follow_a_switch_of_language_after_everyone_stopped(system, stopped_in):
    # Given everyone stopped (the fighters' groups were put in words) in one language
    session = a_combat(system, [13, 13, 5, 2, 15, 14, 17, 3])
    try:
        language.set_language(stopped_in)
        session.apply("initiative:0")
        # When the outcome is read in English, then in German, then in English again
        language.set_language("en")
        english = session.outcome().detail
        language.set_language("de")
        german = session.outcome().detail
        language.set_language("en")
        # Then each tells the groups in its language
        assert session.outcome().detail == english
    finally:
        language.set_language("en")
    assert english.startswith("Alrik: group 26 (13 + 13), 1 rescue die · Brun: group 29")
    assert german.startswith("Alrik: Gruppe 26 (13 + 13), 1\u00a0Rettungswürfel · Brun: Gruppe 29")


def test_a_fighters_standing_is_told_anew_when_their_group_on_the_table_changes_and_only_then(
    system,
):
    # Alrik: 13 13 5 2; Brun: 15 14 17 3, then 16 and 4 for his 17 and 3
    session = a_combat(system, [13, 13, 5, 2, 15, 14, 17, 3, 16, 4])
    alrik, brun = session.outcome().detail.args["items"]
    # When Alrik keeps all his dice (he stops throwing) and Brun throws his 17 and 3 again
    session.apply("again", (0, 1, 2, 3, 4, 5))
    # Then Brun's group on the table grew; Alrik's standing is the very text it was
    detail = session.outcome().detail
    assert detail == (
        "Alrik: group 26 (13 + 13) on the table · Brun: group 45 (16 + 15 + 14) on the table"
    )
    assert detail.args["items"][0] is alrik and detail.args["items"][1] is not brun


def test_a_fighters_standing_tells_the_rescue_dice_left_once_some_blocked(system):
    # Brun's group 15 14, and 17 a rescue die: it helps block Alrik's 15 15
    session = a_combat(system, [13, 13, 5, 2, 15, 14, 17, 3])
    session.apply("initiative:0")
    session.apply("attack:1", (0, 1))
    assert "Brun: group 29 (15 + 14), 1 rescue die" in session.outcome().detail
    session.apply("block", (4, 6))
    assert "Brun: group 29 (15 + 14), 0 rescue dice" in session.outcome().detail


def test_why_a_fighter_sitting_out_cannot_take_the_initiative_follows_a_switch_of_language(
    system,
):
    session = a_combat(system, [13, 13, 5, 2, 15, 14, 17, 3], throws_skipped=(0, 1))

    def reason():
        return next(a for a in session.actions() if a.id == "initiative:1").reason

    assert reason() == "Brun sits out this throw (initiative bonus)"
    try:
        language.set_language("de")
        assert reason() == "Brun setzt diesen Wurf aus (Initiativbonus)"
    finally:
        language.set_language("en")
    assert reason() == "Brun sits out this throw (initiative bonus)"


def test_the_outcome_follows_psyche_edited_on_the_sheet_while_the_roll_is_on_the_table(roll, alrik):
    # Oratory 9 on 3W12: the 1 stays on the table and must be offset; nothing offsets it
    session = roll(alrik, [1, 3, 2, 2, 3], what="skill:Oratory", roll="sieve")
    assert "Psyche -1" in session.outcome().detail
    alrik.psyche.current = 0  # edited in the card before the roll is settled
    session.apply("stop")
    outcome = session.outcome()
    assert "Psyche already at 0" in outcome.detail and outcome.values["psyche_lost"] == 0


def test_a_copy_of_a_combat_phase_outcome_keeps_its_detail(system):
    session = a_combat(system, [13, 13, 5, 2, 15, 14, 17, 3])
    outcome = session.outcome()
    for copied in (copy.deepcopy(outcome), pickle.loads(pickle.dumps(outcome))):
        assert copied == outcome and copied.detail == outcome.detail
        assert copied.detail.startswith("Alrik: group 26 (13 + 13) on the table")
