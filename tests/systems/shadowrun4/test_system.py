"""Shadowrun 4 as the app sees it: sheet rules, the check preview, and the roll record."""

import json

import pytest
from pydantic import ValidationError

from shadowdice.core.dice import ScriptedDiceSource
from shadowdice.core.registry import CheckError
from shadowdice.core.sheet import SheetEditError, add_row, remove_row, set_cell
from shadowdice.systems.shadowrun4.sheet import ATTRIBUTES, ShadowrunSheet
from shadowdice.systems.shadowrun4.system import build_pool


def table(system, key):
    return next(t for t in system.sheet_tables() if t.key == key)


def column(spec, key):
    return next(c for c in spec.columns if c.key == key)


# --- the sheet --------------------------------------------------------------------------------


def test_new_sheet_has_every_attribute_and_the_standard_skills(system):
    sheet = system.new_sheet()
    assert [a.name for a in sheet.attributes] == list(ATTRIBUTES)
    assert sheet.skill("Pistols").attribute == "Agility"
    assert sheet.skill("Spellcasting").attribute == "Magic"
    assert sheet.edge_current == sheet.edge == 3


def test_magic_and_resonance_together_are_refused(system, sheet):
    attributes = table(system, "attributes")
    value = column(attributes, "value")
    set_cell(sheet, attributes, ATTRIBUTES.index("Magic"), value, 4)
    with pytest.raises(SheetEditError, match="Magic or Resonance, not both"):
        set_cell(sheet, attributes, ATTRIBUTES.index("Resonance"), value, 1)
    assert sheet.attribute("Resonance") == 0


def test_core_attributes_start_at_one(system, sheet):
    attributes = table(system, "attributes")
    with pytest.raises(SheetEditError, match="from 1 to 15"):
        set_cell(sheet, attributes, 0, column(attributes, "value"), 0)


def test_lowering_edge_brings_current_edge_down_with_it(system, sheet):
    attributes = table(system, "attributes")
    set_cell(sheet, attributes, ATTRIBUTES.index("Edge"), column(attributes, "value"), 1)
    assert sheet.edge_current == 1


def test_current_edge_above_the_attribute_is_invalid_in_a_file(sheet):
    data = sheet.model_dump()
    data["edge_current"] = 5
    with pytest.raises(ValidationError, match="exceeds the Edge attribute"):
        ShadowrunSheet.model_validate(data)


def test_custom_skills_can_be_added_renamed_and_removed_standard_ones_cannot(system, sheet):
    skills = table(system, "skills")
    index = add_row(sheet, skills)
    assert sheet.skills[index].name == "New skill 1" and sheet.skills[index].custom
    set_cell(sheet, skills, index, column(skills, "name"), "Parkour")
    set_cell(sheet, skills, index, column(skills, "attribute"), "Strength")
    with pytest.raises(SheetEditError, match="cannot be edited"):
        set_cell(sheet, skills, 0, column(skills, "name"), "Bows")
    with pytest.raises(SheetEditError, match="cannot be removed"):
        remove_row(sheet, skills, 0)
    remove_row(sheet, skills, index)
    assert "Parkour" not in {s.name for s in sheet.skills}


def test_two_skills_cannot_share_a_name(system, sheet):
    skills = table(system, "skills")
    index = add_row(sheet, skills)
    with pytest.raises(SheetEditError, match="there is a skill named pistols already"):
        set_cell(sheet, skills, index, column(skills, "name"), "pistols")
    assert sheet.skills[index].name == "New skill 1"


def test_unknown_skill_or_edge_use_is_a_check_error(system, sheet):
    with pytest.raises(CheckError, match="Sorcery is not on this character's sheet"):
        system.preview_check(sheet, {"skill": "Sorcery"})
    with pytest.raises(CheckError, match="no way to spend Edge"):
        system.start_check(sheet, {"skill": "Pistols", "edge": "twice"}, ScriptedDiceSource([]))


def test_condition_monitors_and_wound_modifier():
    sheet = ShadowrunSheet()
    sheet.attributes[0].value = 5  # Body 5: 8 + 3 boxes
    assert sheet.physical_boxes == 11
    sheet.physical_damage, sheet.stun_damage = 6, 3
    assert sheet.wound_modifier == -3


# --- building the pool and previewing the check -----------------------------------------------


def test_free_pool_when_neither_attribute_nor_skill_is_chosen(sheet):
    pool = build_pool(sheet, {"attribute": "", "skill": "", "modifier": 8})
    assert (pool.dice, pool.label) == (8, "Free pool of 8")


def test_attribute_can_be_chosen_instead_of_the_linked_one(sheet):
    pool = build_pool(sheet, {"attribute": "Logic", "skill": "Pistols"})
    assert (pool.dice, pool.label) == (3 + 3, "Logic + Pistols")


def test_wounds_take_dice_unless_turned_off(sheet):
    sheet.physical_damage = 3
    values = {"skill": "Pistols"}
    assert build_pool(sheet, values).dice == 4 + 3 - 1
    assert build_pool(sheet, {**values, "wounds": False}).dice == 4 + 3


def test_preview_shows_the_pool_and_the_exact_chance(system, sheet):
    preview = system.preview_check(sheet, {"skill": "Pistols", "threshold": 1})
    assert preview.summary == "Agility 4 + Pistols 3 = 7 dice · hits on 5+ · threshold 1"
    assert preview.chance == pytest.approx(1 - (2 / 3) ** 7)
    assert preview.problem == ""


def test_preview_with_edge_counts_the_edge_dice(system, sheet):
    preview = system.preview_check(sheet, {"skill": "Pistols", "edge": "before"})
    assert "= 7 dice → 10 with Edge" in preview.summary
    plain = system.preview_check(sheet, {"skill": "Pistols"})
    assert preview.chance > plain.chance


@pytest.mark.parametrize(
    ("values", "problem"),
    [
        ({"attribute": "", "modifier": 0}, "Choose a skill or an attribute"),
        ({"attribute": "Agility", "modifier": -4}, "fails automatically"),
        ({"attribute": "", "modifier": 2, "edge": "long_shot"}, "long shot is for a pool of 0"),
        ({"attribute": "", "modifier": -5, "edge": "before"}, "Even with Edge"),
    ],
)
def test_preview_names_the_problem_and_gives_no_chance(system, sheet, values, problem):
    preview = system.preview_check(sheet, values)
    assert problem in preview.problem and preview.chance is None


def test_check_params_offer_the_best_skill_first_and_by_default(system, sheet):
    sheet.skill("Dodge").rating = 1
    skill = next(p for p in system.check_params(sheet) if p.key == "skill")
    assert skill.choices[:3] == (
        ("", "No skill"),
        ("Pistols", "Pistols 3 (Agility)"),
        ("Dodge", "Dodge 1 (Reaction)"),
    )
    assert skill.default == "Pistols"
    assert next(p for p in system.check_params(ShadowrunSheet()) if p.key == "skill").default == ""


# --- the record ---------------------------------------------------------------------------------


def test_finished_check_is_a_complete_json_record(system, sheet):
    session = system.start_check(
        sheet,
        {"skill": "Pistols", "threshold": 2},
        ScriptedDiceSource([6, 5, 1, 1, 2, 3, 4, 2, 2, 5]),
    )
    session.apply("edge_extra_dice")
    record = json.loads(session.finish().model_dump_json())
    assert record["system"] == "shadowrun4" and record["character"] == "Kira"
    assert record["check"] == "Agility + Pistols"
    assert record["parameters"]["threshold"] == 2
    assert record["throws"][0]["label"] == "Roll"
    assert [d["faces"] for d in record["throws"][0]["dice"]] == [[6], [5], [1], [1], [2], [3], [4]]
    assert record["throws"][0]["dice"][2]["marks"] == ["glitch", "miss"]
    assert record["throws"][1]["label"] == "Edge dice"
    assert {d["group"] for d in record["throws"][1]["dice"]} == {"edge"}
    assert record["actions"] == [
        {"id": "edge_extra_dice", "label": "Edge: +3 dice", "cost": "1 Edge"}
    ]
    assert record["outcome"]["headline"] == "3 hits - success"
    assert record["outcome"]["values"]["net_hits"] == 1


def test_preview_writes_each_sign_once(system, sheet):
    summary = system.preview_check(sheet, {"skill": "Pistols", "modifier": 2}).summary
    assert summary.startswith("Agility 4 + Pistols 3 + 2 = 9 dice")
    summary = system.preview_check(sheet, {"skill": "Pistols", "modifier": -2}).summary
    assert summary.startswith("Agility 4 + Pistols 3 - 2 = 5 dice")
