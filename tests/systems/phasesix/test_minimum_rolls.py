"""Minimum rolls (text 000 "Der Mindestwurf", "Schwierigkeitsgrade"; text 001 "The minimum
roll", "Levels of difficulty"): derived from the attributes in the classic rules, the
character's own in the current rules, and raised by the difficulty.
"""

import pytest

from shadowdice.core.sheet import set_cell
from shadowdice.systems.phasesix.sheet import PhaseSixSheet
from tests.systems.phasesix.conftest import chains


def classic(**values):
    sheet = PhaseSixSheet(rules="classic")
    for name, value in values.items():
        sheet.attribute(name).value = value
    return sheet


def shown(sheet, name):
    return sheet.attribute(name).minimum_roll_text


# --- classic: derived from the attributes ------------------------------------------------------


def test_hagens_minimum_rolls_are_2_plus_0_plus_and_8_plus(hagen):
    # Given strength 3, openness 6 and IQ 80 (text 000, Hagen the mercenary)
    # Then the sheet shows 2+ (5 - 3), 0+ (5 - 6, not below 0) and 8+ ((120 - 80) / 5)
    assert shown(hagen, "Strength") == "2+"
    assert shown(hagen, "Openness") == "0+"
    assert shown(hagen, "Intelligence") == "8+"


def test_strength_1_gives_4_plus():
    assert shown(classic(Strength=1), "Strength") == "4+"


def test_conscientiousness_of_minus_six_gives_14_plus():
    # The classic rules' own example: conscientiousness -6 gives a minimum roll of 14+.
    sheet = classic(Conscientiousness=-6)
    assert sheet.attribute("Conscientiousness").minimum_roll == 14
    assert shown(sheet, "Conscientiousness") == "14+"


@pytest.mark.parametrize(
    ("attribute", "value", "expected"),
    [
        ("Conscientiousness", -5, "12+"),
        ("Extraversion", 1, "3+"),
        ("Agreeableness", 2, "2+"),
        ("Openness", 3, "0+"),
        ("Agreeableness", -10, "20+"),
    ],
)
def test_each_point_of_a_persona_attribute_weighs_one_and_a_half(attribute, value, expected):
    # 5 - 1.5 x value gives both of the text's persona examples (openness 6: 0+,
    # conscientiousness -6: 14+); a half is rounded in the character's favour.
    assert shown(classic(**{attribute: value}), attribute) == expected


@pytest.mark.parametrize("attribute", ["Strength", "Deftness", "Endurance", "Quickness"])
def test_a_physis_attribute_of_minus_six_gives_11_plus(attribute):
    # The text's rule for the physis attributes: 5 - value.
    assert shown(classic(**{attribute: -6}), attribute) == "11+"


def test_neuroticism_is_added_to_five():
    assert shown(classic(Neuroticism=10), "Neuroticism") == "15+"
    assert shown(classic(Neuroticism=-2), "Neuroticism") == "3+"


@pytest.mark.parametrize(
    ("iq", "expected"),
    [(80, "8+"), (81, "7+"), (83, "7+"), (84, "7+"), (85, "7+"), (86, "6+"), (119, "0+")],
)
def test_iq_between_multiples_of_five_rounds_in_the_characters_favour(iq, expected):
    # Each *full* 5 points below 120 raise the minimum roll by 1: (120 - IQ) / 5 rounded down.
    assert shown(classic(Intelligence=iq), "Intelligence") == expected


@pytest.mark.parametrize(
    ("attribute", "value"), [("Openness", 9), ("Neuroticism", -8), ("Intelligence", 160)]
)
def test_no_minimum_roll_is_below_zero(attribute, value):
    assert shown(classic(**{attribute: value}), attribute) == "0+"


def test_persona_attributes_weigh_one_and_a_half_and_physis_attributes_one():
    sheet = classic(Extraversion=2, Agreeableness=-1, Deftness=4, Attractiveness=0)
    assert [shown(sheet, name) for name in ("Extraversion", "Agreeableness")] == ["2+", "6+"]
    assert [shown(sheet, name) for name in ("Deftness", "Attractiveness")] == ["1+", "5+"]


def test_the_minimum_roll_column_follows_an_edit_live(system, hagen):
    attributes = next(t for t in system.sheet_tables() if t.key == "attributes")
    value = next(c for c in attributes.columns if c.key == "value")
    column = next(c for c in attributes.columns if c.key == "minimum_roll_text")
    row = [a.name for a in hagen.attributes].index("Strength")
    set_cell(hagen, attributes, row, value, 1)
    assert not column.editable_in(hagen.attributes[row])
    assert getattr(hagen.attributes[row], column.key) == "4+"


def test_the_minimum_roll_of_a_check_comes_from_the_attribute_the_game_master_names(roll, hagen):
    # Same skill, different attribute named: Hand to Hand Combat against IQ 80 needs 8+.
    session = roll(
        hagen, [6, 5, 2, 4, 3], trait="skill:Hand to Hand Combat", minimum_roll_from="Intelligence"
    )
    assert session.minimum_roll.value == 8
    assert chains(session) == [(6, 3), (5,), (2,), (4,)] and session.successes == 1


# --- classic: difficulty -----------------------------------------------------------------------


@pytest.mark.parametrize(("difficulty", "expected"), [("normal", 2), ("hard", 4), ("very_hard", 6)])
def test_hard_raises_the_minimum_roll_by_two_very_hard_by_four(roll, hagen, difficulty, expected):
    session = roll(
        hagen,
        [3, 4, 5, 6],
        trait="skill:Hand to Hand Combat",
        minimum_roll_from="Strength",
        difficulty=difficulty,
    )
    assert session.minimum_roll.value == expected
    assert session.successes == sum(face >= expected for face in (3, 4, 5, 6))


def test_difficulty_raises_the_minimum_roll_as_written_on_the_sheet(roll, hagen):
    # Openness 8 is 0+ on the sheet (not -3+); a hard check raises that to 2+.
    hagen.attribute("Openness").value = 8
    session = roll(
        hagen,
        [1, 2, 1, 3],
        trait="skill:Hand to Hand Combat",
        minimum_roll_from="Openness",
        difficulty="hard",
    )
    assert str(session.minimum_roll) == "2+ (Openness 8 → 0+, hard +2)"
    assert session.successes == 2


def test_zero_plus_succeeds_on_every_face(roll, hagen):
    session = roll(
        hagen, [1, 1, 2, 1], trait="skill:Hand to Hand Combat", minimum_roll_from="Openness"
    )
    assert session.outcome().headline == "4 successes"


# --- current: the character's own minimum roll ---------------------------------------------------


def test_a_human_has_5_plus_and_the_column_of_classic_minimum_rolls_stays_empty():
    sheet = PhaseSixSheet()
    assert (sheet.rules, sheet.lineage, sheet.minimum_roll) == ("current", "Human", 5)
    assert {a.minimum_roll_text for a in sheet.attributes} == {"—"}


def test_a_plus_3_check_is_8_plus_for_a_human(roll, hagen_now):
    session = roll(hagen_now, [5, 6, 6, 6, 2, 2, 3, 1], trait="skill:Courage", modifier=3)
    assert str(session.minimum_roll) == "8+ (Human 5+, +3)"
    assert chains(session) == [(5,), (6, 2), (6, 3), (6, 1), (2,)]
    assert session.successes == 2


def test_an_easy_check_lowers_the_minimum_roll(roll, hagen_now):
    session = roll(hagen_now, [3, 2, 4, 1, 6], trait="skill:Courage", modifier=-2)
    assert session.minimum_roll.value == 3 and session.successes == 3


def test_a_lowered_minimum_roll_stops_at_0_plus(roll, hagen_now):
    assert roll(hagen_now, [1] * 5, trait="skill:Courage", modifier=-7).minimum_roll.value == 0


def test_the_characters_own_minimum_roll_counts(roll, hagen_now):
    hagen_now.lineage, hagen_now.minimum_roll = "Elf", 4
    session = roll(hagen_now, [4, 3, 4, 3, 4], trait="skill:Courage")
    assert str(session.minimum_roll) == "4+ (Elf)" and session.successes == 3
