"""Generic dice through the system's public API, with scripted dice."""

import pytest

from shadowdice.core.dice import ScriptedDiceSource
from shadowdice.core.die import Mark
from shadowdice.core.registry import CheckError
from shadowdice.core.session import Tone
from shadowdice.systems import builtin_registry

SYSTEM = builtin_registry().get("generic_dice")


def rowan():
    sheet = SYSTEM.new_sheet()
    sheet.name = "Rowan"
    return sheet


def roll(values, faces, sheet=None):
    source = ScriptedDiceSource(faces)
    session = SYSTEM.start_check(sheet or rowan(), values, source)
    assert source.remaining == 0, "every scripted face was thrown"
    return session


def test_a_named_roll_adds_its_dice_and_number_and_meets_its_target():
    session = roll({"roll": "Attack", "target": 15}, [12])
    outcome = session.outcome()
    assert (outcome.headline, outcome.tone) == ("Total 17", Tone.SUCCESS)
    assert outcome.detail == "1d20 (12) + 5 · target 15 reached"
    assert session.check == "Attack: 1d20+5" and session.character == "Rowan"


def test_a_missed_target_says_by_how_much():
    outcome = roll({"roll": "Attack", "target": 20}, [3]).outcome()
    assert outcome.tone is Tone.FAILURE
    assert outcome.detail.endswith("target 20 missed by 12")
    assert outcome.values == {"total": 8, "target": 20, "success": False}


def test_keep_highest_marks_the_kept_dice_and_strikes_the_rest():
    session = roll({"expression": "4d6kh3"}, [2, 6, 2, 5])
    assert session.outcome().headline == "Total 13"
    marks = [die.marks for die in session.dice]
    # of the two 2s, the one thrown first is kept
    assert marks == [{Mark.CHOSEN}, {Mark.CHOSEN}, {Mark.VOIDED}, {Mark.CHOSEN}]


def test_disadvantage_keeps_the_lowest_d20():
    session = roll({"expression": "2d20kl1"}, [17, 4])
    assert session.outcome().values["total"] == 4


def test_counting_successes_marks_hits_and_misses():
    session = roll({"expression": "10d10>=8"}, [8, 9, 10, 1, 2, 3, 7, 8, 5, 4])
    outcome = session.outcome()
    assert outcome.headline == "4 successes"
    assert [die.has(Mark.HIT) for die in session.dice] == [
        True, True, True, False, False, False, False, True, False, False,
    ]  # fmt: skip
    assert outcome.values == {"successes": 4, "target": None}


def test_one_success_is_said_in_the_singular_and_numbers_add_to_successes():
    assert roll({"expression": "3d10>=8+1"}, [1, 2, 3]).outcome().headline == "1 success"


def test_an_exploding_die_is_thrown_again_on_its_highest_face_through_the_dice_source():
    session = roll({"expression": "3d6!"}, [6, 2, 3, 6, 1])
    first = session.dice[0]
    assert first.faces == (6, 6, 1) and first.has(Mark.EXPLODED) and first.score == 13
    assert session.outcome().headline == "Total 18"


def test_exploded_totals_are_what_keeping_and_successes_compare():
    session = roll({"expression": "2d6!kh1>=8"}, [6, 5, 3])
    assert session.outcome().values["successes"] == 1
    assert session.dice[0].faces == (6, 3)


def test_a_second_term_of_dice_lies_apart_and_subtracts():
    session = roll({"expression": "1d8-1d4+2"}, [7, 3])
    assert [die.group for die in session.dice] == ["", "-1d4"]
    outcome = session.outcome()
    assert outcome.headline == "Total 6"
    assert outcome.detail == "1d8 (7) - 1d4 (3) + 2"


def test_the_record_keeps_the_throws_and_what_was_asked():
    record = roll({"roll": "Damage", "target": 0}, [4, 5]).finish()
    assert record.system == "generic_dice" and record.check == "Damage: 2d6+3"
    assert [die.faces for die in record.throws[0].dice] == [(4,), (5,)]
    assert record.outcome.values["total"] == 12
    assert dict(record.parameters) == {"roll": "Damage", "target": 0}
    assert record.actions == ()


def test_a_typed_model_rolls_as_the_plain_dict_does():
    typed = SYSTEM.check_values({"expression": "2d6", "target": 7})
    assert roll(typed, [3, 4]).outcome().tone is Tone.SUCCESS


@pytest.mark.parametrize(
    ("values", "reason"),
    [
        ({"roll": "Fireball"}, "Fireball is not one of the character's rolls"),
        ({"expression": "3x6"}, "cannot be read"),
        ({"expression": "3d6", "target": -1}, "target"),
    ],
)
def test_what_cannot_be_rolled_is_refused_before_any_die(values, reason):
    with pytest.raises(CheckError, match=reason):
        SYSTEM.start_check(rowan(), values, ScriptedDiceSource([]))
    assert reason in SYSTEM.preview_check(rowan(), values).problem


def test_the_preview_gives_the_average_and_the_exact_chance_of_the_target():
    preview = SYSTEM.preview_check(rowan(), {"roll": "Attack", "target": 15})
    assert preview.summary == "Attack: 1d20+5 · average total 15.5"
    assert preview.chance == pytest.approx(11 / 20)
    assert SYSTEM.preview_check(rowan(), {"roll": "Attack"}).chance is None


def test_the_previews_average_is_written_again_in_the_language_shown():
    from shadowdice.core import language

    # Given the preview made in English
    summary = SYSTEM.preview_check(rowan(), {"roll": "Attack"}).summary
    # When the app switches to German, the same summary takes the decimal comma
    language.set_language("de")
    assert summary.translated() == "Attack: 1d20+5 · durchschnittliche Summe 15,5"


def test_the_check_offers_every_named_roll_and_a_typed_expression():
    (roll_param, expression, target) = SYSTEM.check_params(rowan())
    assert roll_param.choices[:2] == (("Attack", "Attack: 1d20+5"), ("Damage", "Damage: 2d6+3"))
    assert roll_param.choices[-1][0] == "" and expression.only_with == ("roll", "")
    assert target.default == 0
