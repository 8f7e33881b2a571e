"""The shape of a lookup: reading inputs, check parameters, matches among entered faces."""

import pytest

from shadowdice.core.registry import CheckError
from shadowdice.core.sheet import Kind
from shadowdice.systems.heldenhandbuch.lookups.shape import (
    InputKind,
    Lookup,
    LookupInput,
    faces_text,
    match_groups,
)

NUMBER = LookupInput("number", "Number", InputKind.INT, 2, bounds=(1, 5))
PICK = LookupInput("pick", "Pick", InputKind.CHOICE, "a", choices=(("a", "A"), ("b", "B")))
DICE = LookupInput("dice", "Dice", InputKind.FACES, (7,), bounds=(1, 20), count=3, hint="Faces.")


def echo(number, pick, dice):
    return (number, pick, dice)


ECHO = Lookup("echo", "Echo", (NUMBER, PICK, DICE), echo)


@pytest.mark.parametrize("value", [1, 5])
def test_an_int_on_its_bounds_is_read(value):
    assert NUMBER.read(value) == value


@pytest.mark.parametrize("value", [0, 6, "3", True, None])
def test_an_int_outside_its_bounds_or_not_a_number_is_refused(value):
    with pytest.raises(CheckError, match="Number must be a number from 1 to 5"):
        NUMBER.read(value)


def test_a_choice_must_be_one_of_its_values():
    assert PICK.read("b") == "b"
    with pytest.raises(CheckError, match="not one of the choices"):
        PICK.read("c")


def test_faces_are_read_as_a_tuple_within_bounds_and_count():
    assert DICE.read([20, 1]) == (20, 1)
    with pytest.raises(CheckError, match="each die must show 1 to 20"):
        DICE.read((21,))
    with pytest.raises(CheckError, match="at most 3 dice"):
        DICE.read((1, 2, 3, 4))


def test_run_fills_in_defaults_and_passes_keyword_arguments():
    assert ECHO.run({"pick": "b"}) == (2, "b", (7,))


def test_check_params_are_prefixed_and_faces_become_one_text_line():
    params = ECHO.check_params(only_with=("check", "echo"))
    assert [param.key for param in params] == ["echo_number", "echo_pick", "echo_dice"]
    assert [param.kind for param in params] == [Kind.INT, Kind.CHOICE, Kind.TEXT]
    assert all(param.only_with == ("check", "echo") for param in params)
    number, pick, dice = params
    assert (number.default, number.bounds) == (2, (1, 5))
    assert pick.choices == (("a", "A"), ("b", "B"))
    # the faces line starts with the default faces and says how to type them
    assert dice.default == "7"
    assert dice.label == "Dice (faces, e.g. 12 12 5)"
    assert dice.hint == "Faces. Up to 3 faces, apart by spaces or commas."


def test_check_params_take_defaults_given_for_an_input():
    params = ECHO.check_params(("check", "echo"), defaults={"number": 4, "dice": (9, 9)})
    assert [param.default for param in params] == [4, "a", "9 9"]


@pytest.mark.parametrize(
    ("line", "faces"), [("9 9 4", (9, 9, 4)), ("9,9, 4", (9, 9, 4)), ("  ", ()), ("20", (20,))]
)
def test_run_check_reads_faces_apart_by_spaces_or_commas(line, faces):
    values = {"echo_number": 4, "echo_pick": "a", "echo_dice": line}
    assert ECHO.run_check(values) == (4, "a", faces)


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        ("9 x", "Dice: 'x' is no die face; type faces like 12 12 5."),
        ("9 -4", "Dice: '-4' is no die face; type faces like 12 12 5."),
        ("9.5", "Dice: '9.5' is no die face; type faces like 12 12 5."),
        ("21", "Dice: each die must show 1 to 20."),
        ("1 2 3 4", "Dice: enter at most 3 dice."),
    ],
)
def test_a_faces_line_that_does_not_fit_is_refused_with_a_clear_message(line, problem):
    with pytest.raises(CheckError) as refusal:
        ECHO.run_check({"echo_dice": line})
    assert str(refusal.value) == problem


def test_run_check_takes_faces_as_a_tuple_too():
    assert ECHO.run_check({"echo_dice": (9,)}) == (2, "a", (9,))


def test_run_check_refuses_a_value_out_of_bounds():
    with pytest.raises(CheckError):
        ECHO.run_check({"echo_number": 9})


def test_matches_are_two_or_more_equal_faces_highest_first():
    assert match_groups((5, 9, 5, 9, 9, 14)) == ((9, 9, 9), (5, 5))


def test_failures_and_fumbles_form_no_match():
    # 3, 3 looks like a match but failures form nothing; nor do 1s
    assert match_groups((3, 3, 2, 2, 1, 1)) == ()
    assert match_groups((4, 4)) == ((4, 4),)


def test_matches_above_the_cap_do_not_count():
    assert match_groups((12, 12, 11, 11), cap=11) == ((11, 11),)


def test_faces_in_words():
    assert faces_text((12, 5)) == "12 and 5"
    assert faces_text((1, 2, 3)) == "1, 2 and 3"
