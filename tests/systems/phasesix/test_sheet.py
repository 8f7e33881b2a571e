"""The Phase Six sheet: both rules variants in one model, the attribute sets, skills,
knowledge, equipment, the three kinds of dice and the rest that refreshes them.
"""

import json

import pytest
from pydantic import ValidationError

from shadowdice.core.sheet import SheetEditError, add_row, remove_row, set_cell, set_field
from shadowdice.storage.character_file import load_character, save_character
from shadowdice.systems import builtin_registry
from shadowdice.systems.phasesix.sheet import (
    ATTRIBUTES,
    SKILLS,
    STANDARD_SKILLS,
    Knowledge,
    PhaseSixSheet,
)


def table(system, key):
    return next(t for t in system.sheet_tables() if t.key == key)


def column(spec, key):
    return next(c for c in spec.columns if c.key == key)


def field(system, key):
    return next(f for f in system.sheet_fields() if f.key == key)


# --- the variants -------------------------------------------------------------------------------


def test_a_new_character_plays_by_the_current_rules_as_a_human(system):
    sheet = system.new_sheet()
    assert (sheet.rules, sheet.lineage, sheet.minimum_roll) == ("current", "Human", 5)
    assert [a.name for a in sheet.attributes] == list(ATTRIBUTES["current"])
    assert {a.value for a in sheet.attributes} == {1}
    assert [s.name for s in sheet.skills] == list(STANDARD_SKILLS)


def test_a_classic_character_has_the_big_five_and_an_iq(system):
    sheet = PhaseSixSheet(rules="classic")
    assert [a.name for a in sheet.attributes][:6] == [
        "Openness", "Conscientiousness", "Extraversion", "Agreeableness", "Neuroticism",
        "Intelligence",
    ]  # fmt: skip
    assert sheet.attribute("Intelligence").value == 100
    assert sheet.attribute("Intelligence").minimum_roll_text == "4+"
    assert [a.category for a in sheet.attributes] == ["Persona"] * 6 + ["Physis"] * 6


def test_switching_the_rules_keeps_the_attributes_both_have(system):
    sheet = PhaseSixSheet(name="Hagen", rules="classic")
    sheet.attribute("Strength").value = 3
    sheet.attribute("Conscientiousness").value = -2
    sheet.attribute("Openness").value = 6
    assert set_field(sheet, field(system, "variant"), "current")
    assert sheet.rules == "current"
    assert [a.name for a in sheet.attributes] == list(ATTRIBUTES["current"])
    assert (sheet.attribute("Strength").value, sheet.attribute("Conscientiousness").value) == (
        3,
        -2,
    )
    assert sheet.attribute("Education").value == 1
    assert sheet.attribute("Strength").minimum_roll_text == "—"
    set_field(sheet, field(system, "variant"), "classic")
    assert sheet.attribute("Openness").value == 6, "openness was kept under the current rules"
    assert sheet.attribute("Strength").minimum_roll_text == "2+"


def test_switching_the_rules_and_back_loses_nothing_also_through_a_file(system, hagen, tmp_path):
    # Given classic Hagen: openness 6, extraversion 2, neuroticism 10, IQ 80, strength 3
    hagen.attribute("Extraversion").value = 2
    classic = [(a.name, a.value) for a in hagen.attributes]
    skills = list(hagen.skills)
    # When he switches to the current rules, is saved and opened again
    set_field(hagen, field(system, "variant"), "current")
    assert hagen.other_attributes == {
        "Openness": 6, "Extraversion": 2, "Agreeableness": 0, "Neuroticism": 10,
        "Intelligence": 80,
    }  # fmt: skip
    path = tmp_path / "hagen.json"
    save_character(path, system, hagen)
    assert json.loads(path.read_text(encoding="utf-8"))["sheet"]["other_attributes"] == (
        hagen.other_attributes
    )
    loaded = load_character(path, builtin_registry()).sheet
    # Then switching back gives him every classic value, with its minimum roll
    set_field(loaded, field(system, "variant"), "classic")
    assert [(a.name, a.value) for a in loaded.attributes] == classic
    assert loaded.attribute("Neuroticism").minimum_roll_text == "15+"
    assert loaded.skills == skills
    # And what only the current rules have waits for the next switch
    assert loaded.other_attributes == {
        "Education": 1, "Logic": 1, "Willpower": 1, "Apprehension": 1, "Charm": 1,
    }  # fmt: skip


def test_values_changed_under_the_current_rules_come_back_after_a_classic_spell(system):
    sheet = PhaseSixSheet()
    sheet.attribute("Willpower").value = 4
    sheet.switch_rules("classic")
    sheet.switch_rules("current")
    assert sheet.attribute("Willpower").value == 4


def test_kept_values_of_the_other_rules_are_checked_in_a_file():
    data = PhaseSixSheet(rules="current").model_dump()
    data["other_attributes"] = {"Strength": 3}
    with pytest.raises(ValidationError, match="Strength is no attribute that only the classic"):
        PhaseSixSheet.model_validate(data)
    data["other_attributes"] = {"Intelligence": 20}
    with pytest.raises(ValidationError, match="Intelligence must be from 40 to 200"):
        PhaseSixSheet.model_validate(data)


def test_the_editor_sets_the_rules_through_the_variant(system):
    variant = field(system, "variant")
    assert variant.choices == ("classic", "current")
    assert variant.choice_labels == ("Classic rules", "Current rules")
    sheet = PhaseSixSheet()
    sheet.variant = "classic"
    assert sheet.rules == "classic" and sheet.variant == "classic"
    assert "variant" not in sheet.model_dump()


def test_the_fields_the_classic_rules_do_not_use_say_so(system):
    minimum_roll = field(system, "minimum_roll")
    assert minimum_roll.suffix == "+"
    for key in ("lineage", "minimum_roll"):
        assert field(system, key).hint.startswith("Current rules only:")


def test_an_unknown_variant_is_refused_and_the_sheet_stays(system):
    sheet = PhaseSixSheet(rules="classic")
    with pytest.raises(SheetEditError, match="Rules must be one of classic, current"):
        set_field(sheet, field(system, "variant"), "third")
    assert sheet.rules == "classic"


def test_the_classic_rules_have_apprehension_as_a_skill():
    classic, current = PhaseSixSheet(rules="classic"), PhaseSixSheet(rules="current")
    assert [s.name for s in classic.skills] == list(SKILLS["classic"])
    assert [s.name for s in classic.skills][:3] == ["Acrobatics", "Apprehension", "Communication"]
    assert not classic.skill("Apprehension").custom
    with pytest.raises(KeyError):
        current.skill("Apprehension")


def test_leaving_the_classic_rules_drops_a_blank_apprehension_skill_only(system):
    sheet = PhaseSixSheet(rules="classic")
    sheet.switch_rules("current")
    assert "Apprehension" not in [s.name for s in sheet.skills]
    sheet.switch_rules("classic")
    sheet.skill("Apprehension").value = 3
    sheet.switch_rules("current")
    # Rated, it stays as the player's own, beside the apprehension attribute
    assert sheet.skill("Apprehension").custom and sheet.skill("Apprehension").value == 3
    sheet.switch_rules("classic")
    assert not sheet.skill("Apprehension").custom
    assert [s.name for s in sheet.skills] == list(SKILLS["classic"])


def test_a_file_without_standard_skills_gets_them_at_0():
    data = PhaseSixSheet(rules="classic").model_dump()
    data["skills"] = [
        {"name": "Courage", "value": 5, "custom": False},
        {"name": "Alertness", "value": 2, "custom": True},
        {"name": "perception", "value": 3, "custom": True},
    ]
    data["knowledge"] = [{"name": "Tracks", "value": 1, "skill": "perception"}]
    sheet = PhaseSixSheet.model_validate(data)
    assert [s.name for s in sheet.skills] == [*SKILLS["classic"], "Alertness"]
    assert sheet.skill("Courage").value == 5 and sheet.skill("Stealth").value == 0
    # A skill named like a standard one is that one, and its knowledge follows it
    assert sheet.skill("Perception").value == 3 and not sheet.skill("Perception").custom
    assert sheet.knowledge_entry("Tracks").skill == "Perception"
    assert sheet.skill("Alertness").custom


def test_a_standard_skill_marked_as_the_players_own_is_standard_again():
    data = PhaseSixSheet().model_dump()
    data["skills"][0]["custom"] = True
    sheet = PhaseSixSheet.model_validate(data)
    assert not sheet.skills[0].custom


def test_a_file_whose_attributes_do_not_fit_its_rules_is_invalid():
    data = PhaseSixSheet(rules="classic").model_dump()
    data["rules"] = "current"
    with pytest.raises(ValidationError, match="attributes of the current rules are Education"):
        PhaseSixSheet.model_validate(data)


# --- attributes, skills, knowledge, equipment ----------------------------------------------------


def test_attribute_values_stay_within_their_range(system):
    sheet = PhaseSixSheet(rules="classic")
    attributes = table(system, "attributes")
    value = column(attributes, "value")
    names = [a.name for a in sheet.attributes]
    with pytest.raises(SheetEditError, match="Value must be a whole number from -10 to 10"):
        set_cell(sheet, attributes, names.index("Strength"), value, 11)
    with pytest.raises(SheetEditError, match="from 40 to 200"):
        set_cell(sheet, attributes, names.index("Intelligence"), value, 20)
    data = sheet.model_dump()
    data["attributes"][names.index("Strength")]["value"] = 11
    with pytest.raises(ValidationError, match="Strength must be from -10 to 10"):
        PhaseSixSheet.model_validate(data)
    set_cell(sheet, attributes, names.index("Intelligence"), value, 135)
    assert sheet.attribute("Intelligence").value == 135
    assert not column(attributes, "name").editable_in(sheet.attributes[0])


def test_custom_skills_can_be_added_renamed_and_removed_standard_ones_cannot(system):
    sheet = PhaseSixSheet()
    skills = table(system, "skills")
    index = add_row(sheet, skills)
    set_cell(sheet, skills, index, column(skills, "name"), "Alertness")
    assert sheet.skill("Alertness").custom
    with pytest.raises(SheetEditError, match="cannot be edited"):
        set_cell(sheet, skills, 0, column(skills, "name"), "Tumbling")
    with pytest.raises(SheetEditError, match="cannot be removed"):
        remove_row(sheet, skills, 0)
    with pytest.raises(SheetEditError, match="there is a skill named courage already"):
        set_cell(sheet, skills, index, column(skills, "name"), "courage")
    remove_row(sheet, skills, index)
    assert skills.hide_zero == "value"


def test_skills_may_be_negative(system):
    sheet = PhaseSixSheet()
    skills = table(system, "skills")
    set_cell(sheet, skills, 0, column(skills, "value"), -3)
    assert sheet.skills[0].value == -3


def test_knowledge_is_tied_to_a_skill_on_the_sheet(system):
    sheet = PhaseSixSheet()
    knowledge = table(system, "knowledge")
    index = add_row(sheet, knowledge)
    assert sheet.knowledge[index] == Knowledge(name="New knowledge 1", value=1, skill="")
    skill = column(knowledge, "skill")
    assert skill.choices(sheet)[:3] == ("", "Acrobatics", "Communication")
    set_cell(sheet, knowledge, index, skill, "Communication")
    with pytest.raises(SheetEditError, match="must be one of"):
        set_cell(sheet, knowledge, index, skill, "Sorcery")


def test_a_skill_that_knowledge_belongs_to_cannot_be_renamed_away(system):
    sheet = PhaseSixSheet()
    skills = table(system, "skills")
    index = add_row(sheet, skills)
    sheet.knowledge.append(Knowledge(name="Heraldry", skill=sheet.skills[index].name))
    with pytest.raises(SheetEditError, match="Heraldry belongs to the skill New skill 1"):
        set_cell(sheet, skills, index, column(skills, "name"), "Lore")
    assert sheet.skills[index].name == "New skill 1"


def test_equipment_has_concealment_values(system):
    sheet = PhaseSixSheet()
    equipment = table(system, "equipment")
    index = add_row(sheet, equipment)
    set_cell(sheet, equipment, index, column(equipment, "concealment"), 4)
    with pytest.raises(SheetEditError, match="from 0 to 12"):
        set_cell(sheet, equipment, index, column(equipment, "concealment"), 13)
    assert sheet.most_conspicuous().concealment == 4
    remove_row(sheet, equipment, index)
    assert sheet.most_conspicuous() is None


# --- bonus, reroll and destiny dice -------------------------------------------------------------


def test_dice_left_stay_within_their_maximum(system):
    sheet = PhaseSixSheet(bonus_dice_max=3, bonus_dice=3)
    left = field(system, "bonus_dice")
    assert left.bounds(sheet) == (0, 3)
    with pytest.raises(SheetEditError, match="from 0 to 3"):
        set_field(sheet, left, 4)
    set_field(sheet, field(system, "bonus_dice_max"), 1)
    assert sheet.bonus_dice == 1, "lowering the maximum brings the dice left down with it"


def test_more_dice_left_than_the_maximum_is_invalid_in_a_file():
    data = PhaseSixSheet().model_dump()
    data["destiny_dice"] = 2
    with pytest.raises(ValidationError, match="2 destiny dice left is more than the maximum"):
        PhaseSixSheet.model_validate(data)


def spent(sheet):
    sheet.bonus_dice_max, sheet.reroll_dice_max, sheet.destiny_dice_max = 3, 2, 2
    sheet.bonus_dice = sheet.reroll_dice = sheet.destiny_dice = 0
    return sheet


def test_the_classic_rest_asks_whether_it_lasted_10_hours(system):
    (rest,) = system.sheet_actions(PhaseSixSheet(rules="classic"))
    assert (rest.id, rest.label) == ("rest", "Rest")
    assert rest.question == "Did the rest last at least 10 hours?"


def test_the_current_rest_asks_nothing(system):
    (rest,) = system.sheet_actions(PhaseSixSheet(rules="current"))
    assert rest.id == "rest" and rest.question == ""


def test_a_short_classic_rest_refreshes_all_but_the_destiny_dice(system):
    sheet = spent(PhaseSixSheet(rules="classic"))
    message = system.apply_sheet_action(sheet, "rest", answer=False)
    assert (sheet.bonus_dice, sheet.reroll_dice, sheet.destiny_dice) == (3, 2, 0)
    assert message == (
        "Rested: bonus dice and reroll dice refreshed. Destiny dice stay at 0 of 2: "
        "they refresh after 10 hours of rest."
    )


def test_a_classic_rest_of_10_hours_refreshes_the_destiny_dice_too(system):
    sheet = spent(PhaseSixSheet(rules="classic"))
    message = system.apply_sheet_action(sheet, "rest", answer=True)
    assert (sheet.bonus_dice, sheet.reroll_dice, sheet.destiny_dice) == (3, 2, 2)
    assert message == "Rested: bonus dice, reroll dice and destiny dice refreshed."


def test_a_current_rest_refreshes_the_destiny_dice_however_long(system):
    sheet = spent(PhaseSixSheet())
    system.apply_sheet_action(sheet, "rest", answer=False)
    assert (sheet.bonus_dice, sheet.reroll_dice, sheet.destiny_dice) == (3, 2, 2)


def test_an_unknown_sheet_action_is_refused(system):
    with pytest.raises(SheetEditError, match="Phase Six has no action 'nap'"):
        system.apply_sheet_action(PhaseSixSheet(), "nap")
