"""Consequences at the sheet's bounds: Psyche at 0, respect at -99, Mythos points at 999.

The rule text does not say what happens beyond them; the reading taken (see the roll
session's docstring): a consequence is charged up to the bound, the outcome says what was
charged, and a roll charges all of its consequences or none.
"""

import pytest
from pydantic import Field

from shadowdice.core.registry import CheckError
from shadowdice.systems.heldenhandbuch.sheet import HeldenSheet


def test_a_legendary_failure_at_the_lowest_respect_costs_psyche_and_no_respect(roll, alrik):
    # Given Alrik at respect -99, When Intimidation (4W20) throws 1, 1, 1, 6
    alrik.respect = -99
    session = roll(alrik, [1, 1, 1, 6], what="skill:Intimidation", roll="single")

    # Then the roll stands, Psyche pays for the 1s not offset, respect stays at -99
    record = session.finish()
    assert alrik.respect == -99 and alrik.psyche.current == 13
    assert [(c.resource, c.amount) for c in session.charges] == [("psyche", 2)]
    assert "three 1s: respect already at -99" in record.outcome.detail
    assert "2 ones not offset: Psyche -2" in record.outcome.detail
    assert record.outcome.values["respect_lost"] == 0


def test_a_legendary_failure_near_the_lowest_respect_costs_what_is_left(roll, alrik):
    alrik.respect = -98
    record = roll(alrik, [1, 1, 1, 6], what="skill:Intimidation", roll="single").finish()
    assert alrik.respect == -99
    assert "three 1s: respect -1, -99 is the lowest" in record.outcome.detail


def test_a_legendary_check_at_the_most_mythos_points_adds_none(roll, alrik):
    # Given 999 Mythos points and Psyche 15, When Intimidation throws 12, 12, 12, 5
    alrik.mythos_points = 999
    session = roll(alrik, [12, 12, 12, 5], what="skill:Intimidation", roll="single")

    record = session.finish()
    assert alrik.mythos_points == 999 and alrik.psyche.current == 15
    assert session.charges == []
    assert "3 matches of 12: Mythos points already at 999" in record.outcome.detail
    assert "charged to the sheet" not in record.outcome.detail
    assert record.outcome.headline == "Legendary! Result 36 (12 + 12 + 12)"


def test_with_psyche_at_zero_no_check_is_made_so_none_can_charge(roll, alrik):
    # Given Alrik's Psyche at 0: "Physis, Psyche" allows no check at all (see
    # test_spent_points.py), so no roll can claim to take a point that is not there
    alrik.psyche.current = 0
    with pytest.raises(CheckError, match="lost all Psyche"):
        roll(alrik, [1, 2, 3], what="skill:Intimidation", roll="single")


def test_with_one_psyche_point_left_the_record_says_what_was_taken(roll, alrik):
    alrik.psyche.current = 1
    record = roll(alrik, [1, 1, 1, 6], what="skill:Intimidation", roll="single").finish()
    assert alrik.psyche.current == 0
    assert "2 ones not offset: Psyche -1, no more left" in record.outcome.detail
    assert "charged to the sheet" in record.outcome.detail


class NarrowSheet(HeldenSheet):
    """A sheet whose respect stops at -5, above the rules' bound: it refuses a deeper loss."""

    respect: int = Field(default=0, ge=-5, le=99)


def test_a_roll_whose_consequences_the_sheet_refuses_charges_nothing(roll, alrik):
    # Given a sheet at respect -5 that refuses to go lower, with Psyche 15
    sheet = NarrowSheet.model_validate({**alrik.model_dump(), "respect": -5})
    # When a legendary failure costs two Psyche points and two respect
    session = roll(sheet, [1, 1, 1, 6], what="skill:Intimidation", roll="single")

    record = session.finish()
    # Then neither the Psyche nor the respect was charged, and the outcome says so
    assert sheet.psyche.current == 15 and sheet.respect == -5
    assert session.charges == []
    assert "nothing charged: Input should be greater than or equal to -5" in record.outcome.detail
