"""Character creation: 7D of skill dice, at most 2D per skill, whole dice only, Force skills
only as the template lists them, the dice left, and finishing creation.
"""

import pytest
from pydantic import ValidationError

from shadowdice.core.sheet import SheetEditError, add_row, set_cell
from shadowdice.systems.starwars import StarWarsD6
from shadowdice.systems.starwars.creation import FINISH_CREATION
from shadowdice.systems.starwars.sheet import StarWarsSheet
from shadowdice.systems.starwars.sheet_declaration import sheet_tables
from shadowdice.systems.starwars.templates import new_sheet_from_template
from tests.systems.starwars.characters import failed_jedi_like, wookiee_like


def add(sheet, table_key, name, added):
    table = next(t for t in sheet_tables() if t.key == table_key)
    column = next(c for c in table.columns if c.key == "added")
    row = next(i for i, r in enumerate(getattr(sheet, table_key)) if r.name == name)
    set_cell(sheet, table, row, column, added)


def test_the_texts_wookiee_adds_2d_to_dodge_and_leaves_grenade_at_dexterity():
    # Given the Wookie-like template with Dexterity 2D+2
    sheet = new_sheet_from_template(wookiee_like())
    # When Dodge gets 2D
    add(sheet, "skills", "Dodge", "2D")
    # Then Dodge is 4D+2, Grenade stays 2D+2, and 5D are left
    assert sheet.skill("Dodge").code == "4D+2"
    assert sheet.skill("Grenade").code == "2D+2"
    assert sheet.skill_dice_left == "5D"


def test_the_texts_failed_jedi_adds_2d_to_control_and_1d_to_sense_and_has_no_alter():
    sheet = new_sheet_from_template(failed_jedi_like())
    add(sheet, "force_skills", "Control", "2D")
    add(sheet, "force_skills", "Sense", "1D")
    assert sheet.force_skill("Control").code == "3D"
    assert sheet.force_skill("Sense").code == "2D"
    assert [f.name for f in sheet.force_skills] == ["Control", "Sense"]
    assert sheet.skill_dice_left == "4D"
    with pytest.raises(SheetEditError, match="cannot add a Force skill during creation"):
        add_row(sheet, next(t for t in sheet_tables() if t.key == "force_skills"))


def test_at_most_2d_per_skill_at_creation():
    sheet = new_sheet_from_template(wookiee_like())
    add(sheet, "skills", "Dodge", "2D")
    with pytest.raises(SheetEditError, match="Dodge would have 3D added; at most 2D per skill"):
        add(sheet, "skills", "Dodge", "3D")
    assert sheet.skill("Dodge").added == "2D"


def test_at_most_7d_in_all_at_creation():
    # Given 6D spent (2D each on three skills) and Brawling at 0D
    sheet = new_sheet_from_template(wookiee_like())
    for name in ("Dodge", "Grenade", "Heavy Crossbow"):
        add(sheet, "skills", name, "2D")
    assert sheet.skill_dice_left == "1D"
    # When Brawling takes 2D / Then it is refused: 8D of 7D; 1D fits
    with pytest.raises(SheetEditError, match="would use 8D of skill dice; creation gives 7D"):
        add(sheet, "skills", "Brawling", "2D")
    add(sheet, "skills", "Brawling", "1D")
    assert sheet.skill_dice_left == "0D"


def test_creation_dice_are_whole_dice():
    sheet = new_sheet_from_template(wookiee_like())
    with pytest.raises(SheetEditError, match="whole dice; add 1D, not 1D\\+1"):
        add(sheet, "skills", "Dodge", "1D+1")


def test_a_new_skill_at_creation_takes_dice_like_the_others():
    sheet = new_sheet_from_template(wookiee_like())
    skills = next(t for t in sheet_tables() if t.key == "skills")
    add_row(sheet, skills)
    add(sheet, "skills", "New skill 1", "2D")
    assert sheet.skill_dice_left == "5D"


def test_finish_creation_asks_when_dice_are_left_and_no_keeps_creating():
    system = StarWarsD6()
    sheet = new_sheet_from_template(wookiee_like())
    add(sheet, "skills", "Dodge", "2D")
    action, _new_round = system.sheet_actions(sheet)
    assert (action.id, action.label) == (FINISH_CREATION, "Finish creation")
    assert "5D of the 7D" in action.question
    message = system.apply_sheet_action(sheet, FINISH_CREATION, answer=False)
    assert message == "Creation goes on: 5D of skill dice left to distribute."
    assert sheet.in_creation


def test_finish_creation_then_skills_are_improved_freely():
    system = StarWarsD6()
    sheet = new_sheet_from_template(wookiee_like())
    message = system.apply_sheet_action(sheet, FINISH_CREATION, answer=True)
    assert message == "Creation finished; 7D of skill dice were left unspent."
    assert not sheet.in_creation and sheet.skill_dice_left == "—"
    # After creation: more than 2D and pips on a skill are fine, attributes editable again
    add(sheet, "skills", "Dodge", "3D+1")
    assert sheet.skill("Dodge").code == "5D+3"
    action, _new_round = system.sheet_actions(sheet)
    assert (action.id, action.label, action.question) == (
        FINISH_CREATION, "Creation finished", "",
    )  # fmt: skip
    assert system.apply_sheet_action(sheet, FINISH_CREATION).startswith("Creation is finished")


def test_finish_creation_with_every_die_spent_asks_nothing():
    system = StarWarsD6()
    sheet = new_sheet_from_template(wookiee_like())
    for name, added in (("Dodge", "2D"), ("Grenade", "2D"), ("Heavy Crossbow", "2D")):
        add(sheet, "skills", name, added)
    add(sheet, "skills", "Brawling", "1D")
    action, _new_round = system.sheet_actions(sheet)
    assert action.question == ""
    assert system.apply_sheet_action(sheet, FINISH_CREATION) == (
        "Creation finished; skills are now improved freely."
    )


def test_a_sheet_in_creation_read_from_a_file_is_held_to_the_limits():
    data = new_sheet_from_template(wookiee_like()).model_dump()
    data["skills"][0]["added"] = "3D"
    with pytest.raises(ValidationError, match="at most 2D per skill"):
        StarWarsSheet.model_validate(data)


def test_a_template_skill_keeps_its_name_and_attribute_during_creation():
    # Given the Wookie-like template: Dodge under Dexterity 2D+2, Strength 5D
    sheet = new_sheet_from_template(wookiee_like())
    skills = next(t for t in sheet_tables() if t.key == "skills")
    columns = {column.key: column for column in skills.columns}
    dodge = next(i for i, r in enumerate(sheet.skills) if r.name == "Dodge")
    # When the player moves Dodge under Strength, or renames it / Then it is refused
    with pytest.raises(SheetEditError, match="cannot be edited"):
        set_cell(sheet, skills, dodge, columns["attribute"], "Strength")
    with pytest.raises(SheetEditError, match="cannot be edited"):
        set_cell(sheet, skills, dodge, columns["name"], "Bargain")
    assert sheet.skill("Dodge").code == "2D+2"
    # But a skill the player adds in creation takes any name and attribute
    new = add_row(sheet, skills)
    set_cell(sheet, skills, new, columns["name"], "Bargain")
    set_cell(sheet, skills, new, columns["attribute"], "Perception")
    assert sheet.skill("Bargain").code == "2D"
    # And after creation, every skill can be moved
    StarWarsD6().apply_sheet_action(sheet, FINISH_CREATION)
    set_cell(sheet, skills, dodge, columns["attribute"], "Strength")
    assert sheet.skill("Dodge").code == "5D"


def test_a_template_skill_stays_locked_after_saving_and_loading_in_creation():
    sheet = new_sheet_from_template(wookiee_like())
    again = StarWarsSheet.model_validate_json(sheet.model_dump_json())
    skills = next(t for t in sheet_tables() if t.key == "skills")
    attribute = next(c for c in skills.columns if c.key == "attribute")
    assert not attribute.editable_in(again.skill("Dodge"))
