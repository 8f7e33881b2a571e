"""The game master's tables as checks of the system: the ``check`` choice, each table's inputs
shown only with it, faces typed as one line, defaults read from the sheet, and the preview and
start handing off to a looked-up session.
"""

import pytest

from shadowdice.core.dice import ScriptedDiceSource
from shadowdice.core.registry import CheckError
from shadowdice.core.session import Tone
from shadowdice.core.sheet import Kind
from shadowdice.systems.heldenhandbuch.lookups import LOOKUPS
from shadowdice.systems.heldenhandbuch.lookups.session import LookupSession
from shadowdice.systems.heldenhandbuch.sheet import Armor


def params_of(system, sheet):
    return {param.key: param for param in system.check_params(sheet)}


def test_the_first_parameter_chooses_a_check_or_a_table(system, alrik):
    check = system.check_params(alrik)[0]
    assert (check.key, check.kind, check.default) == ("check", Kind.CHOICE, "attribute_or_skill")
    assert check.choices[0] == ("attribute_or_skill", "Attribute or skill check")
    assert check.choices[1:] == tuple((lookup.id, lookup.label) for lookup in LOOKUPS)
    assert ("damage", "Damage severity") in check.choices


def test_the_rolled_check_and_each_table_show_only_their_own_parameters(system, alrik):
    params = params_of(system, alrik)
    for key in ("what", "roll", "extra_dice", "quality"):
        assert params[key].only_with == ("check", "attribute_or_skill"), key
    for lookup in LOOKUPS:
        for entry in lookup.inputs:
            assert params[f"{lookup.id}_{entry.key}"].only_with == ("check", lookup.id)


def test_dice_faces_are_one_text_line(system, alrik):
    faces = params_of(system, alrik)["damage_faces"]
    assert (faces.kind, faces.default) == (Kind.TEXT, "")
    assert faces.label == "Damage dice (faces, e.g. 12 12 5)"
    assert not any(key.startswith("damage_faces_") for key in params_of(system, alrik))


def test_the_preview_of_a_table_says_what_it_looks_up(system, alrik):
    values = {"check": "damage", "damage_faces": "14", "damage_armor": "none"}
    preview = system.preview_check(alrik, values)
    assert preview.summary.startswith("Look up: Damage dice to light, heavy and critical hits")
    assert not preview.problem and preview.chance is None


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        ("", "Enter the faces of the damage dice."),
        ("12 twelve", "Damage dice: 'twelve' is no die face; type faces like 12 12 5."),
        ("12 25", "Damage dice: each die must show 1 to 20."),
        ("1 2 3 4 5 6 7", "Damage dice: enter at most 6 dice."),
    ],
)
def test_faces_that_do_not_fit_show_a_clear_problem_and_are_refused(system, alrik, line, problem):
    values = {"check": "damage", "damage_faces": line}
    assert system.preview_check(alrik, values).problem == problem
    with pytest.raises(CheckError, match="^" + problem.replace(".", r"\.") + "$"):
        system.start_check(alrik, values, ScriptedDiceSource([]))


def test_starting_a_table_looks_it_up_without_dice(system, alrik):
    # Given the damage table with 9, 9 typed against light armor 3 of quality 10
    values = {
        "check": "damage",
        "damage_faces": "9, 9",
        "damage_armor": "light",
        "damage_protection": 3,
        "damage_armor_quality": 10,
        "damage_matches": "added",
    }
    # When it is started with an empty script (a throw would fail)
    session = system.start_check(alrik, values, ScriptedDiceSource([]))
    # Then it is a looked-up session of Alrik's, resolved at once, with nothing to do
    assert isinstance(session, LookupSession)
    assert (session.system_id, session.character, session.check) == (
        "heldenhandbuch",
        "Alrik",
        "Damage severity",
    )
    assert session.dice == () and session.actions() == ()
    outcome = session.outcome()
    assert outcome.headline == "Heavy damage: 15 after armor 3. Armor quality 10 falls to 9."
    assert outcome.tone is Tone.NEUTRAL
    assert session.finish().check == "Damage severity"


def test_an_unknown_check_is_refused(system, alrik):
    assert "no check of the Heldenhandbuch" in system.preview_check(alrik, {"check": "x"}).problem
    with pytest.raises(CheckError):
        system.start_check(alrik, {"check": "x"}, ScriptedDiceSource([]))


def test_herb_search_starts_from_the_wilderness_lore_value(system, alrik):
    alrik.skill("Wilderness lore").value = 13
    assert params_of(system, alrik)["herb_search_skill_value"].default == 13
    # And a value of 0 is taken too: not the table's own default of 20, a master who ignores 1s
    alrik.skill("Wilderness lore").value = 0
    assert params_of(system, alrik)["herb_search_skill_value"].default == 0


def test_a_wilderness_lore_of_0_ignores_no_1_in_the_herb_search(system, alrik):
    # Given Alrik with wilderness lore 0, whose kept dice hold a 1
    alrik.skill("Wilderness lore").value = 0
    values = {"check": "herb_search", "herb_search_faces": "1 5 5 7 9"}
    default = params_of(system, alrik)["herb_search_skill_value"].default
    # When the herb search is looked up from the sheet's value
    values["herb_search_skill_value"] = default
    session = system.start_check(alrik, values, ScriptedDiceSource([]))
    # Then the 1 voids a 5: three herbs and five plants, not a master's four and eight
    assert session.outcome().headline.startswith("3 herbs, 5 plants")


def test_damage_starts_from_the_armor_with_the_highest_protection(system, alrik):
    # Given no armor, Then the table starts without armor
    params = params_of(system, alrik)
    assert (params["damage_armor"].default, params["damage_protection"].default) == ("none", 0)
    # Given a light gambeson 2 of quality 9 and a chain shirt 4 of quality 12
    alrik.armor = [
        Armor(name="Gambeson", protection=2, quality=9, light=True),
        Armor(name="Chain shirt", protection=4, quality=12),
    ]
    params = params_of(system, alrik)
    # Then the chain shirt is worn: other armor, protection 4, quality 12
    assert params["damage_armor"].default == "heavy"
    assert params["damage_protection"].default == 4
    assert params["damage_armor_quality"].default == 12
    # And a light piece that protects most is light armor
    alrik.armor[0].protection = 5
    assert params_of(system, alrik)["damage_armor"].default == "light"


def test_treating_injuries_shows_the_healing_skill_values_and_starts_at_the_higher(system, alrik):
    alrik.skill("First aid").value, alrik.skill("Medicine").value = 11, 8
    skill = params_of(system, alrik)["healing_skill"]
    assert skill.choices == (("first_aid", "First aid (11)"), ("medicine", "Medicine (8)"))
    assert skill.default == "first_aid"
    # Of equal values, medicine, which treats a critical hit at 16
    alrik.skill("Medicine").value = 11
    assert params_of(system, alrik)["healing_skill"].default == "medicine"


def test_crafting_starts_from_the_weapon_smithing_master_grade(system, alrik):
    alrik.skill("Weapon smithing").master_grade = 2
    assert params_of(system, alrik)["crafting_master_grade"].default == 2


def test_a_renamed_skill_is_found_by_its_german_name_or_left_out(system, alrik):
    alrik.skill("Wilderness lore").name = "Wildnisleben"
    alrik.skill("Wildnisleben").value = 11
    assert params_of(system, alrik)["herb_search_skill_value"].default == 11
    alrik.skill("Wildnisleben").name = "Bushcraft"
    assert params_of(system, alrik)["herb_search_skill_value"].default == 20


def test_an_attribute_or_skill_check_is_still_the_default(system, alrik):
    # Values without "check" (and with it) roll the attribute or skill as before
    for values in ({}, {"check": "attribute_or_skill"}):
        session = system.start_check(
            alrik, {**values, "what": "attribute:Strength"}, ScriptedDiceSource([5, 6, 7])
        )
        assert session.outcome().headline == "Result 7"


def test_drinking_and_mass_production_start_from_the_skill_values(system, alrik):
    alrik.skill("Drinking").value = 16
    params = params_of(system, alrik)
    assert params["drinking_skill_value"].default == 16
    assert params["mass_production_skill_value"].default == 20  # Alrik's weapon smithing
