"""A sheet is checked whole where it comes in (a file, a new sheet) and again when a field its
check reads is assigned; assigning another field (points spent in a roll) does not run the
check again, as it cannot break it.
"""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError, create_model

from shadowdice.systems.heldenhandbuch.sheet import HeldenSheet
from shadowdice.systems.phasesix.sheet import PhaseSixSheet
from shadowdice.systems.shadowrun4.sheet import ShadowrunSheet
from shadowdice.systems.starwars.sheet import StarWarsSheet

SHEETS = [ShadowrunSheet, StarWarsSheet, PhaseSixSheet, HeldenSheet]


@pytest.mark.parametrize("sheet_type", SHEETS, ids=lambda sheet_type: sheet_type.__name__)
def test_skills_named_alike_are_refused_from_a_file_and_when_assigned(sheet_type):
    # Given a sheet's data with its first skill twice
    data = sheet_type().model_dump()
    data["skills"] = [data["skills"][0], data["skills"][0]]

    # Then the sheet is refused as it is read, and the skills when they are assigned
    with pytest.raises(ValidationError, match="skill"):
        sheet_type.model_validate(data)
    sheet = sheet_type()
    twice = [sheet.skills[0], sheet.skills[0].model_copy()]
    with pytest.raises(ValidationError, match="skill"):
        sheet.skills = twice


def test_edge_points_above_the_edge_attribute_are_refused_when_assigned():
    sheet = ShadowrunSheet()
    with pytest.raises(ValidationError, match="exceeds"):
        sheet.edge_current = sheet.edge + 1
    sheet.edge_current = 0
    assert sheet.edge_current == 0


def test_points_spent_do_not_check_the_whole_sheet_again():
    # Given a Shadowrun sheet whose skills were named alike behind the check's back
    sheet = ShadowrunSheet()
    sheet.skills[1].name = sheet.skills[0].name

    # When Edge is spent and damage taken, the sheet is not checked whole again
    sheet.edge_current -= 1
    sheet.physical_damage = 2
    sheet.stun_damage = 1

    # Then the points changed, and the skills are refused the next time they are assigned
    assert (sheet.edge_current, sheet.physical_damage, sheet.stun_damage) == (2, 2, 1)
    with pytest.raises(ValidationError, match="skill"):
        sheet.skills = list(sheet.skills)


@pytest.mark.parametrize("sheet_type", SHEETS, ids=lambda sheet_type: sheet_type.__name__)
def test_a_sheet_inside_a_file_is_checked_whole(sheet_type):
    # Given a file's model that holds a sheet, under a name no field of the sheet has
    file_model = create_model("File", notes=(str, ""), sheet=(sheet_type, ...))
    data = sheet_type().model_dump()
    data["skills"] = [data["skills"][0], data["skills"][0]]

    # Then a sheet with skills named alike is refused, read as Python data or as JSON
    with pytest.raises(ValidationError, match="skill"):
        file_model.model_validate({"sheet": data})
    with pytest.raises(ValidationError, match="skill"):
        file_model.model_validate_json(json.dumps({"notes": "", "sheet": data}))
