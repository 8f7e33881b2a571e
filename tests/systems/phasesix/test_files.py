"""Phase Six characters of both rules variants survive the file (storage/character_file.py
with the builtin registry), down to a hypothesis round trip over random sheets.
"""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shadowdice.storage.character_file import CharacterFileError, load_character, save_character
from shadowdice.systems import builtin_registry
from shadowdice.systems.phasesix.rules import RULES
from shadowdice.systems.phasesix.sheet import (
    ATTRIBUTES,
    CONCEALMENT_BOUNDS,
    DICE_MAX,
    MINIMUM_ROLL_BOUNDS,
    SKILL_BOUNDS,
    Item,
    Knowledge,
    PhaseSixSheet,
    Skill,
    attribute_bounds,
    other_rules,
)

REGISTRY = builtin_registry()
SYSTEM = REGISTRY.get("phasesix")
TEXT = st.text(st.characters(exclude_categories=("Cs",)), max_size=30)
NAMES = TEXT.filter(str.strip)


@pytest.mark.parametrize("fixture", ["hagen", "hagen_now"])
def test_hagen_loads_back_by_his_rules(tmp_path, request, fixture):
    sheet = request.getfixturevalue(fixture)
    sheet.knowledge.append(Knowledge(name="Etiquette", value=3, skill="Communication"))
    sheet.equipment.append(Item(name="Zweihänder", concealment=6))
    path = tmp_path / "hagen.json"
    save_character(path, SYSTEM, sheet)
    loaded = load_character(path, REGISTRY)
    assert loaded.system is SYSTEM and loaded.sheet == sheet and not loaded.migrated
    assert json.loads(path.read_text(encoding="utf-8"))["sheet"]["rules"] == sheet.rules
    shown = [a.minimum_roll_text for a in loaded.sheet.attributes]
    assert shown == [a.minimum_roll_text for a in sheet.attributes]


def test_a_classic_sheet_shows_its_minimum_rolls_after_loading(tmp_path, hagen):
    path = tmp_path / "hagen.json"
    save_character(path, SYSTEM, hagen)
    sheet = load_character(path, REGISTRY).sheet
    assert sheet.attribute("Intelligence").minimum_roll_text == "8+"
    assert sheet.attribute("Strength").minimum_roll_text == "2+"


def test_a_file_whose_attributes_belong_to_the_other_rules_is_refused(tmp_path, hagen):
    path = tmp_path / "hagen.json"
    save_character(path, SYSTEM, hagen)
    document = json.loads(path.read_text(encoding="utf-8"))
    document["sheet"]["rules"] = "current"
    path.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(CharacterFileError, match="attributes of the current rules are"):
        load_character(path, REGISTRY)


def test_a_file_without_perception_opens_and_its_checks_can_be_rolled(tmp_path, hagen):
    # Given Hagen's file, edited by hand: the Perception skill is gone
    path = tmp_path / "hagen.json"
    save_character(path, SYSTEM, hagen)
    document = json.loads(path.read_text(encoding="utf-8"))
    document["sheet"]["skills"] = [
        skill for skill in document["sheet"]["skills"] if skill["name"] != "Perception"
    ]
    path.write_text(json.dumps(document), encoding="utf-8")
    # When it is opened
    sheet = load_character(path, REGISTRY).sheet
    # Then it has Perception at 0, and the check panel's parameters can be made
    assert sheet.skill("Perception").value == 0
    params = {p.key: p for p in SYSTEM.check_params(sheet)}
    assert ("concealment", "Concealment roll (Perception 0)") in params["trait"].choices
    assert SYSTEM.preview_check(sheet, {"trait": "concealment", "concealment": 3}).summary


def test_a_concealment_roll_of_a_sheet_that_lost_perception_in_place_counts_0_dice(hagen_now):
    hagen_now.skills[:] = [s for s in hagen_now.skills if s.name != "Perception"]
    params = {p.key: p for p in SYSTEM.check_params(hagen_now)}
    assert ("concealment", "Concealment roll (Perception 0)") in params["trait"].choices
    preview = SYSTEM.preview_check(hagen_now, {"trait": "concealment", "concealment": 2})
    assert preview.summary.startswith("Perception 0 + concealment 2 → 2 dice")


@st.composite
def phase_six_sheets(draw) -> PhaseSixSheet:
    sheet = PhaseSixSheet(
        name=draw(TEXT),
        notes=draw(TEXT),
        rules=draw(st.sampled_from(RULES)),
        lineage=draw(TEXT),
        minimum_roll=draw(st.integers(*MINIMUM_ROLL_BOUNDS)),
    )
    for attribute in sheet.attributes:
        attribute.value = draw(st.integers(*attribute_bounds(attribute.name)))
    only_other = [
        name for name in ATTRIBUTES[other_rules(sheet.rules)] if name not in ATTRIBUTES[sheet.rules]
    ]
    for name in draw(st.lists(st.sampled_from(only_other), unique=True)):
        sheet.other_attributes[name] = draw(st.integers(*attribute_bounds(name)))
    for skill in sheet.skills:
        skill.value = draw(st.integers(*SKILL_BOUNDS))
    for name in draw(st.lists(NAMES, max_size=3, unique_by=str.casefold)):
        sheet.skills.append(
            Skill(name=f"Own {name}", value=draw(st.integers(*SKILL_BOUNDS)), custom=True)
        )
    skill_names = ["", *(skill.name for skill in sheet.skills)]
    for name in draw(st.lists(NAMES, max_size=4, unique_by=str.casefold)):
        sheet.knowledge.append(
            Knowledge(
                name=name,
                value=draw(st.integers(*SKILL_BOUNDS)),
                skill=draw(st.sampled_from(skill_names)),
            )
        )
    for name in draw(st.lists(NAMES, max_size=4)):
        sheet.equipment.append(Item(name=name, concealment=draw(st.integers(*CONCEALMENT_BOUNDS))))
    for resource in ("bonus_dice", "reroll_dice", "destiny_dice"):
        most = draw(st.integers(0, DICE_MAX))
        setattr(sheet, f"{resource}_max", most)
        setattr(sheet, resource, draw(st.integers(0, most)))
    return PhaseSixSheet.model_validate(sheet.model_dump())


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(sheet=phase_six_sheets())
def test_any_phase_six_sheet_loads_back_as_saved(tmp_path, sheet):
    path = tmp_path / "character.json"
    save_character(path, SYSTEM, sheet)
    loaded = load_character(path, REGISTRY)
    assert loaded.system is SYSTEM
    assert loaded.sheet == sheet
    assert [a.minimum_roll for a in loaded.sheet.attributes] == [
        a.minimum_roll for a in sheet.attributes
    ]
    assert not loaded.migrated
