"""Dice codes: parsing, showing, and arithmetic that never converts dice and pips."""

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shadowdice.systems.starwars.codes import MAX_DICE, MAX_PIPS, Code, CodeError, normalized_code

codes = st.builds(Code, st.integers(0, MAX_DICE // 2), st.integers(-(MAX_PIPS // 2), MAX_PIPS // 2))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("3D+2", Code(3, 2)),
        ("3d+2", Code(3, 2)),
        ("3D", Code(3, 0)),
        ("3D-1", Code(3, -1)),
        (" 4D + 1 ", Code(4, 1)),
        ("0D+2", Code(0, 2)),
        ("3D+0", Code(3, 0)),
    ],
)
def test_parse_reads_codes_as_players_write_them(text, expected):
    # Given a typed code / When it is parsed / Then dice and pips are read
    assert Code.parse(text) == expected


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("4W+", "not a dice code"),
        ("-2D", "fewer than 0 dice"),
        ("", "Enter a dice code"),
        ("3D+", "not a dice code"),
        ("+2", "has no dice"),
        ("2", "has no dice"),
        ("3D+2+1", "not a dice code"),
        ("D+2", "not a dice code"),
        ("3.5D", "not a dice code"),
        ("3D+2.5", "not a dice code"),
    ],
)
def test_parse_refuses_bad_input_with_a_message_for_the_player(text, words):
    # Given text that is not a code / When it is parsed / Then the refusal explains why
    with pytest.raises(CodeError, match=words):
        Code.parse(text)


def test_code_error_is_a_value_error_so_pydantic_validators_report_it():
    assert issubclass(CodeError, ValueError)


@pytest.mark.parametrize(
    ("code", "shown"), [(Code(3, 2), "3D+2"), (Code(3, 0), "3D"), (Code(3, -1), "3D-1")]
)
def test_str_shows_the_code_as_players_write_it(code, shown):
    assert str(code) == shown


def test_normalized_code_stores_the_shown_form():
    assert normalized_code(" 3d + 2 ") == "3D+2"


def test_the_rule_text_example_three_dice_two_plus_one_is_three_dice_three():
    # Given 3D+2 / When +1 is added / Then it is 3D+3, not 4D
    assert Code.parse("3D+2").plus(pips=1) == Code(3, 3)


def test_a_code_cannot_be_built_with_negative_dice():
    with pytest.raises(CodeError, match="fewer than 0 dice"):
        Code(-1, 0)


def test_removing_more_dice_than_there_are_leaves_zero_dice_and_keeps_the_pips():
    # Given 1D+2 / When 3D are removed / Then 0D+2 remains: surplus dice are not turned to pips
    assert Code(1, 2).plus(dice=-3) == Code(0, 2)


def test_minimum_and_maximum_of_the_blaster_code():
    code = Code.parse("4D+1")
    assert (code.minimum, code.maximum) == (5, 25)


def test_total_adds_the_pips_to_the_faces():
    # The rule text's blaster shot: 6+3+2+2+1 = 14
    assert Code(4, 1).total([6, 3, 2, 2]) == 14
    with pytest.raises(ValueError, match="throws 4 dice"):
        Code(4, 1).total([6, 3])


def test_doubled_doubles_dice_and_pips():
    assert Code(4, 2).doubled() == Code(8, 4)


@given(codes)
def test_parse_of_str_gives_the_code_back(code):
    assert Code.parse(str(code)) == code


@given(codes, st.integers(-10, 10), st.integers(-10, 10))
def test_plus_never_converts_between_dice_and_pips(code, dice, pips):
    result = code.plus(dice=dice, pips=pips)
    assert result.pips == code.pips + pips
    assert result.dice == max(0, code.dice + dice)


@given(codes)
def test_minimum_and_maximum_bound_every_throw(code):
    assert code.total([1] * code.dice) == code.minimum
    assert code.total([6] * code.dice) == code.maximum
    assert code.minimum <= code.maximum


@given(codes, codes)
def test_adding_codes_adds_dice_and_pips_apart(first, second):
    total = first + second
    assert (total.dice, total.pips) == (first.dice + second.dice, first.pips + second.pips)
    assert total.minimum == first.minimum + second.minimum


@given(codes, st.sampled_from([str.upper, str.lower]), st.sampled_from(["", " ", "  "]))
def test_parse_ignores_case_and_spaces_around_the_parts(code, case, space):
    # Given a shown code typed in any case with spaces between its parts
    text = case(str(code))
    typed = space + space.join(re.split(r"([D+-])", text, flags=re.IGNORECASE)) + space
    # When it is parsed / Then it is the same code
    assert Code.parse(typed) == code
