"""Reading dice expressions: what each part means, and clear refusals."""

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shadowdice.systems.generic.notation import (
    MAX_DICE,
    DiceTerm,
    Keep,
    NotationError,
    Number,
    Success,
    parse,
)


@pytest.mark.parametrize(
    ("text", "terms"),
    [
        ("3d6+2", (DiceTerm(3, 6), Number(2))),
        ("4d6kh3", (DiceTerm(4, 6, keep=Keep(True, 3)),)),
        ("2d20kl1", (DiceTerm(2, 20, keep=Keep(False, 1)),)),
        ("2d20k1", (DiceTerm(2, 20, keep=Keep(True, 1)),)),
        ("10d10>=8", (DiceTerm(10, 10, success=Success(">=", 8)),)),
        ("d6!", (DiceTerm(1, 6, explode=True),)),
        ("d%", (DiceTerm(1, 100),)),
        ("1d8 - 1d4 - 1", (DiceTerm(1, 8), DiceTerm(1, 4, sign=-1), Number(1, -1))),
        ("6d10!kh3<3", (DiceTerm(6, 10, True, Keep(True, 3), Success("<", 3)),)),
    ],
)
def test_each_part_of_the_notation_reads_as_players_mean_it(text, terms):
    assert parse(text).terms == terms


def test_spaces_and_capitals_do_not_matter_and_the_shown_form_is_one():
    assert str(parse(" 4D6 KH3 + 2 ")) == "4d6kh3+2"
    assert str(parse("-2+d20")) == "-2+1d20"


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "Write a dice expression"),
        ("3x6", '"x6" cannot be read'),
        ("5", "throws no dice"),
        ("3d6 2", "needs a + or - between its terms"),
        ("3d6 d4", "needs a + or - between its terms"),
        ("0d6", "1 to 100 dice, not 0"),
        ("101d6", "1 to 100 dice, not 101"),
        ("3d1", "2 to 1000 sides, not 1"),
        ("3d6kh4", "keep 1 to 3 of 3 dice, not 4"),
        ("3d6kh0", "keep 1 to 3 of 3 dice, not 0"),
        ("10d10>=8+2d6", "either count successes"),
        ("1d4+" * 13 + "1", "at most 12 terms"),
        ("d6+" + "9" * 5000, "too long a number; numbers have at most 6 digits"),
        ("9" * 5000 + "d6", "too long a number"),
        ("d6>=1234567", "1234567 is too long a number"),
    ],
)
def test_what_cannot_be_rolled_is_refused_with_the_reason(text, reason):
    with pytest.raises(NotationError, match=re.escape(reason)):
        parse(text)


def test_numbers_add_to_successes_too():
    expression = parse("5d10>=8+1")
    assert expression.counts_successes and expression.constant == 1


terms = st.builds(
    DiceTerm,
    count=st.integers(1, MAX_DICE),
    sides=st.integers(2, 1000),
    explode=st.booleans(),
    sign=st.sampled_from([1, -1]),
)


@given(st.lists(terms, min_size=1, max_size=4), st.integers(-50, 50))
def test_the_shown_form_reads_back_as_the_same_expression(dice, number):
    text = "".join(str(term) for term in dice) + f"{number:+d}"
    expression = parse(text)
    assert parse(str(expression)) == expression
    assert expression.dice_terms == tuple(dice)
    assert expression.constant == number
