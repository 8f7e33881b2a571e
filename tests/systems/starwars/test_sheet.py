"""The Star Wars D6 sheet: codes stored normalized, skills that store only what was added,
Force skills apart, armor and wounds, and the editor's declaration.
"""

import pytest

from shadowdice.core.sheet import Kind, SheetEditError, add_row, remove_row, set_cell, set_field
from shadowdice.systems.starwars.sheet import ATTRIBUTES, Armor, StarWarsSheet, Wound
from shadowdice.systems.starwars.sheet_declaration import sheet_fields, sheet_tables
from shadowdice.systems.starwars.templates import new_sheet_from_template
from tests.systems.starwars.characters import character, wookiee_like


def table(key):
    return next(t for t in sheet_tables() if t.key == key)


def column(table_key, key):
    return next(c for c in table(table_key).columns if c.key == key)


def field(key):
    return next(f for f in sheet_fields() if f.key == key)


def row_of(sheet, table_key, name):
    return next(i for i, row in enumerate(getattr(sheet, table_key)) if row.name == name)


def test_a_new_sheet_has_the_six_attributes_at_2d_and_one_force_point():
    sheet = StarWarsSheet()
    assert [a.name for a in sheet.attributes] == list(ATTRIBUTES)
    assert {a.code for a in sheet.attributes} == {"2D"}
    assert sheet.force_points == 1 and sheet.force_skills == []
    assert (sheet.armor, sheet.wound, sheet.in_creation) == (Armor.NONE, Wound.HEALTHY, False)


def test_a_typed_code_is_stored_in_its_shown_form():
    # Given a sheet / When "3d + 2" is typed as Dexterity / Then "3D+2" is stored
    sheet = StarWarsSheet()
    set_cell(sheet, table("attributes"), 0, column("attributes", "code"), "3d + 2")
    assert sheet.attribute("Dexterity").code == "3D+2"


@pytest.mark.parametrize(("typed", "words"), [("4W+", "not a dice code"), ("-2D", "fewer than 0")])
def test_a_bad_code_is_refused_with_the_reason_and_the_sheet_is_unchanged(typed, words):
    sheet = StarWarsSheet()
    with pytest.raises(SheetEditError, match=f"Code: .*{words}"):
        set_cell(sheet, table("attributes"), 0, column("attributes", "code"), typed)
    assert sheet.attribute("Dexterity").code == "2D"


def test_a_skill_shows_its_attribute_plus_what_was_added_and_follows_the_attribute():
    # Given Dexterity 2D+2 and Dodge +2D (the text's Wookie example)
    sheet = character(Dexterity="2D+2", skills=[("Dodge", "Dexterity", "2D")])
    assert sheet.skill("Dodge").code == "4D+2"
    # When Dexterity is raised through the editor / Then Dodge's shown code follows
    set_cell(sheet, table("attributes"), 0, column("attributes", "code"), "3D")
    assert sheet.skill("Dodge").code == "5D"
    assert sheet.skill_code("Dodge").dice == 5


def test_the_shown_skill_code_is_derived_and_cannot_be_edited():
    sheet = character(skills=[("Dodge", "Dexterity", "1D")])
    code = column("skills", "code")
    assert code.editable is False
    with pytest.raises(SheetEditError, match="cannot be edited"):
        set_cell(sheet, table("skills"), 0, code, "5D")
    assert column("skills", "added").kind is Kind.CODE
    assert column("attributes", "code").kind is Kind.CODE


def test_a_skill_cannot_be_lower_than_its_attribute():
    sheet = character(skills=[("Dodge", "Dexterity", "0D")])
    with pytest.raises(SheetEditError, match="lower than its attribute"):
        set_cell(sheet, table("skills"), 0, column("skills", "added"), "0D-1")


def test_skills_are_unique_and_a_force_skill_name_is_refused_among_them():
    sheet = character(skills=[("Dodge", "Dexterity", "0D"), ("Grenade", "Dexterity", "0D")])
    name = column("skills", "name")
    with pytest.raises(SheetEditError, match="named dodge already"):
        set_cell(sheet, table("skills"), 1, name, "dodge")
    with pytest.raises(SheetEditError, match="Sense is a Force skill"):
        set_cell(sheet, table("skills"), 1, name, "Sense")
    assert [s.name for s in sheet.skills] == ["Dodge", "Grenade"]


def test_a_skill_can_move_to_another_attribute_and_shows_that_code():
    sheet = character(Strength="4D", skills=[("Brawling", "Dexterity", "1D")])
    set_cell(sheet, table("skills"), 0, column("skills", "attribute"), "Strength")
    assert sheet.skill("Brawling").code == "5D"


def test_force_skills_stand_apart_and_add_to_their_starting_code():
    sheet = character(force=[("Control", "1D", "2D")])
    assert sheet.force_skill("Control").code == "3D"
    # When a Force skill is added outside creation / Then the first missing one comes at 1D
    index = add_row(sheet, table("force_skills"))
    assert (sheet.force_skills[index].name, sheet.force_skills[index].code) == ("Sense", "1D")
    add_row(sheet, table("force_skills"))
    with pytest.raises(SheetEditError, match="all Force skills"):
        add_row(sheet, table("force_skills"))


def test_only_control_sense_and_alter_are_force_skills():
    sheet = character(force=[("Control", "1D", "0D")])
    with pytest.raises(SheetEditError):
        set_cell(sheet, table("force_skills"), 0, column("force_skills", "name"), "Telekinesis")


def test_in_creation_attributes_and_force_skills_are_the_templates():
    # Given a character in creation
    sheet = new_sheet_from_template(wookiee_like())
    # Then its attribute codes cannot be edited, and no Force skill can be added
    assert not column("attributes", "code").editable_in(sheet.attributes[0])
    with pytest.raises(SheetEditError, match="during creation"):
        add_row(sheet, table("force_skills"))
    # But the name, equipment and skills can
    set_field(sheet, field("name"), "Grrah")
    add_row(sheet, table("equipment"))
    assert sheet.name == "Grrah" and len(sheet.equipment) == 1


def test_force_skills_of_the_template_cannot_be_removed_or_renamed_in_creation():
    sheet = character(force=[("Control", "1D", "0D")])
    sheet.in_creation = True
    row = sheet.force_skills[0]
    assert not table("force_skills").removable(row)
    assert not column("force_skills", "name").editable_in(row)
    assert column("force_skills", "added").editable_in(row)
    with pytest.raises(SheetEditError):
        remove_row(sheet, table("force_skills"), 0)


def test_skill_dice_left_is_read_only_and_shown_only_in_creation():
    spec = field("skill_dice_left")
    assert spec.editable is False
    assert StarWarsSheet().skill_dice_left == "—"
    with pytest.raises(SheetEditError, match="cannot be edited"):
        set_field(StarWarsSheet(), spec, "9D")


def test_armor_and_wounds_are_choices_with_the_texts_states():
    assert field("armor").choices == ("none", "light", "full")
    assert field("wound").choices == (
        "healthy", "wounded", "unconscious", "mortally_wounded", "dead",
    )  # fmt: skip
    sheet = StarWarsSheet()
    with pytest.raises(SheetEditError, match="must be one of"):
        set_field(sheet, field("wound"), "bruised")


def test_rounds_since_a_mortal_wound_are_cleared_once_no_longer_mortally_wounded():
    sheet = StarWarsSheet(wound=Wound.MORTALLY_WOUNDED, mortal_rounds=3)
    set_field(sheet, field("wound"), "dead")
    assert sheet.mortal_rounds == 0


def test_a_saved_sheet_reads_back_the_same():
    sheet = character(
        Dexterity="3D+1", skills=[("Blaster", "Dexterity", "1D+2")], force=[("Sense", "1D", "1D")]
    )
    again = StarWarsSheet.model_validate_json(sheet.model_dump_json())
    assert again == sheet
    assert again.skill("Blaster").code == "4D+3"
