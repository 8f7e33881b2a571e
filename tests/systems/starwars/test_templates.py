"""Templates: the model and its editor declaration, the sample templates shipped as package
data, and a new character from a template.
"""

import pytest

from shadowdice.core.sheet import Kind, SheetEditError, add_row, set_cell
from shadowdice.systems.starwars import StarWarsD6
from shadowdice.systems.starwars.sheet import ATTRIBUTES, StarWarsSheet
from shadowdice.systems.starwars.templates import (
    StarWarsTemplate,
    new_sheet_from_template,
    sample_templates,
)
from tests.systems.starwars.characters import failed_jedi_like, wookiee_like


def test_the_system_declares_templates_for_the_generic_editor():
    system = StarWarsD6()
    assert system.template_type is StarWarsTemplate
    assert [f.key for f in system.template_fields()] == ["name", "species", "background", "notes"]
    tables = {t.key: t for t in system.template_tables()}
    assert list(tables) == ["attributes", "skills", "force_skills", "equipment"]
    assert [c.kind for c in tables["attributes"].columns] == [Kind.TEXT, Kind.CODE]
    assert tables["force_skills"].columns[1].kind is Kind.CODE


def test_a_template_is_edited_like_a_sheet_and_refuses_a_bad_code():
    template = failed_jedi_like()
    tables = {t.key: t for t in StarWarsD6().template_tables()}
    code = tables["force_skills"].columns[1]
    set_cell(template, tables["force_skills"], 0, code, "2d")
    assert template.force_skills[0].code == "2D"
    with pytest.raises(SheetEditError, match="not a dice code"):
        set_cell(template, tables["force_skills"], 0, code, "2W")
    index = add_row(template, tables["force_skills"])
    assert template.force_skills[index].name == "Alter"
    with pytest.raises(SheetEditError, match="all Force skills"):
        add_row(template, tables["force_skills"])


def test_the_sample_templates_load_from_package_data():
    templates = StarWarsD6().sample_templates()
    assert len(templates) == 5
    assert [t.name for t in templates] == sorted(t.name for t in templates)
    for template in templates:
        assert isinstance(template, StarWarsTemplate)
        assert [a.name for a in template.attributes] == list(ATTRIBUTES)
        assert template.skills and template.equipment and template.background
    with_force = [t for t in templates if t.force_skills]
    assert [(f.name, f.code) for t in with_force for f in t.force_skills] == [
        ("Control", "1D"), ("Sense", "1D"),
    ]  # fmt: skip


def test_a_template_survives_a_round_trip_through_json():
    template = sample_templates()[0]
    assert StarWarsTemplate.model_validate_json(template.model_dump_json()) == template


@pytest.mark.parametrize("template", sample_templates(), ids=lambda t: t.name)
def test_every_sample_template_makes_a_character_in_creation(template):
    # Given a sample template / When a character is made from it
    sheet = StarWarsD6().new_sheet_from_template(template)
    # Then it is in creation with 7D to distribute and one Force Point, the template's values
    assert isinstance(sheet, StarWarsSheet)
    assert sheet.in_creation and sheet.skill_dice_left == "7D" and sheet.force_points == 1
    assert sheet.template == template.name and sheet.background == template.background
    assert [a.code for a in sheet.attributes] == [a.code for a in template.attributes]
    assert [s.name for s in sheet.skills] == [s.name for s in template.skills]
    assert {s.code for s in sheet.skills if s.attribute == "Dexterity"} == {
        template.attributes[0].code
    }


def test_a_character_from_a_template_does_not_share_rows_with_it():
    template = wookiee_like()
    template.equipment = []
    sheet = new_sheet_from_template(template)
    sheet.attribute("Strength").code = "6D"
    assert template.attributes[4].code == "5D"


def test_a_template_refuses_skills_under_no_attribute_and_duplicate_force_skills():
    with pytest.raises(ValueError, match="must belong to one of"):
        StarWarsTemplate(skills=[{"name": "Dodge", "attribute": "Luck"}])
    with pytest.raises(ValueError, match="listed once"):
        StarWarsTemplate(force_skills=[{"name": "Sense"}, {"name": "Sense"}])


def test_new_sheet_from_template_refuses_other_templates():
    with pytest.raises(SheetEditError, match="not a Star Wars D6 template"):
        StarWarsD6().new_sheet_from_template(StarWarsSheet())
