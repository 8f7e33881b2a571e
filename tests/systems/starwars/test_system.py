"""Star Wars D6 as the app sees it: what the sheet and the checks declare, the preview with
its exact chance and automatic results, and the record of a finished roll.
"""

import json
from itertools import product

import pytest

from shadowdice.core.dice import ScriptedDiceSource
from shadowdice.core.sheet import Kind
from shadowdice.systems.starwars.plan import sum_distribution
from shadowdice.systems.starwars.sheet import StarWarsSheet
from tests.systems.starwars.characters import SYSTEM, character, opposed_by, params


def brute_chance(dice, pips, target, opponent_dice=0, opponent_pips=0):
    """The chance by counting every throw, apart from the system's convolution."""
    hits = total = 0
    for own in product(range(1, 7), repeat=dice):
        for theirs in product(range(1, 7), repeat=opponent_dice):
            total += 1
            hits += sum(own) + pips >= target + sum(theirs) + opponent_pips
    return hits / total


def test_the_system_declares_itself():
    assert (SYSTEM.id, SYSTEM.name) == ("starwars_d6", "Star Wars D6")
    assert isinstance(SYSTEM.new_sheet(), StarWarsSheet)
    assert [f.key for f in SYSTEM.sheet_fields()] == [
        "name", "template", "species", "skill_dice_left", "force_points", "force_point_round",
        "armor", "wound", "stunned", "mortal_rounds", "prepared", "ship", "ship_range",
        "sublight_speed", "maneuverability", "background", "notes",
    ]  # fmt: skip
    assert [t.key for t in SYSTEM.sheet_tables()] == [
        "attributes", "skills", "force_skills", "equipment", "this_round",
    ]  # fmt: skip
    assert SYSTEM.has_group_checks


def test_the_check_asks_for_the_roll_target_opponent_modifiers_actions_and_force_point():
    anla = character(skills=[("Blaster", "Dexterity", "1D")], force=[("Sense", "1D", "0D")])
    found = params(anla)
    assert list(found) == [
        "check", "roll", "code", "target", "opponent", "defender", "defender_roll",
        "defender_code", "dice", "pips", "segment", "actions", "prepared", "damage", "attacker",
        "hit_segment", "acted", "force_point",
    ]  # fmt: skip
    assert found["check"].choices == (("roll", "A roll"), ("damage", "Resist damage"))
    assert found["code"].kind is Kind.CODE and found["defender_code"].kind is Kind.CODE
    assert found["damage"].kind is Kind.CODE and found["damage"].only_with == ("check", "damage")
    choices = dict(found["roll"].choices)
    assert choices["skill:Blaster"] == "Blaster 3D (Dexterity)"
    assert choices["attribute:Strength"] == "Strength 2D"
    assert choices["force:Sense"] == "Sense 1D (Force) · lightsaber parry, deflect or turn a shot"
    assert choices["code"] == "A code typed by hand"
    assert found["code"].only_with == ("roll", "code")
    assert found["defender"].kind is Kind.CHARACTERS
    assert found["defender"].only_with == ("opponent", "character")
    assert found["defender_code"].only_with == ("opponent", "code")
    assert found["force_point"].label == "Force Point (1 left)"
    resetting = [key for key, param in found.items() if param.resets_after_roll]
    assert resetting == ["prepared", "acted", "force_point"]


def test_the_opponent_list_holds_the_open_characters_and_their_rolls_defences_first():
    bulack = character("Bulack", skills=[("Security", "Technical", "1D")])
    bulack.wound = "wounded"
    found = params(character(), {"Bulack": bulack, "Notes": object()})
    assert found["defender"].choices == (("Bulack", "Bulack: wounded"),)
    rolls = [key for key, _label in found["defender_roll"].choices]
    assert rolls[:6] == ["skill:Dodge", "skill:Melee Parry", "skill:Brawling Parry",
                         "attribute:Strength", "ship:dodge", "force:Sense"]  # fmt: skip
    assert "skill:Security" in rolls and found["defender_roll"].default == "skill:Dodge"


def test_the_preview_names_the_code_the_target_and_the_exact_chance():
    shooter = character(Dexterity="3D+1", skills=[("Blaster", "Dexterity", "1D")])
    preview = SYSTEM.preview_check(shooter, {"roll": "skill:Blaster", "target": 15})
    assert preview.summary == "Blaster 4D+1 · against 15"
    assert preview.chance == pytest.approx(brute_chance(4, 1, 15))
    assert preview.problem == ""


def test_the_preview_of_an_opposed_check_counts_both_sides():
    sandperson = character(skills=[("Melee Combat", "Dexterity", "0D+1")])
    luke = character("Luke", Dexterity="1D", skills=[("Melee Parry", "Dexterity", "1D")])
    values = {"roll": "skill:Melee Combat", "target": 5, **opposed_by("Luke", "skill:Melee Parry")}
    preview = SYSTEM.preview_check(sandperson, values, {"Luke": luke})
    assert preview.summary == "Melee Combat 2D+1 · against 5 + Luke's Melee Parry 2D"
    assert preview.chance == pytest.approx(brute_chance(2, 1, 5, 2, 0))


def test_the_preview_says_when_the_result_is_automatic():
    jumper = character(Strength="4D+2", skills=[("Climbing/Jumping", "Strength", "1D")])
    preview = SYSTEM.preview_check(jumper, {"roll": "skill:Climbing/Jumping", "target": 5})
    assert preview.summary == (
        "Climbing/Jumping 5D+2 · against 5 · automatic success: at least 7, no roll needed"
    )
    assert preview.chance == 1.0
    preview = SYSTEM.preview_check(jumper, {"roll": "skill:Climbing/Jumping", "target": 33})
    assert preview.summary.endswith("automatic failure: at most 32, no roll needed")
    assert preview.chance == 0.0


def test_the_preview_names_the_problem():
    luke = character("Luke")
    luke.force_points = 0
    preview = SYSTEM.preview_check(luke, {"roll": "attribute:Strength", "force_point": "spend"})
    assert preview.problem == "Luke has no Force Point left to spend."
    assert preview.chance is None
    preview = SYSTEM.preview_check(luke, {"roll": "force:Alter"})
    assert preview.problem == "Alter is not on Luke's sheet." and preview.summary == ""
    preview = SYSTEM.preview_check(luke, {"roll": ""})
    assert preview.problem.startswith("Choose what to roll")


def test_sum_distribution_is_the_distribution_of_dice_sums():
    dist = sum_distribution(3)
    assert sum(dist) == pytest.approx(1.0)
    assert dist[3] == pytest.approx(1 / 216) and dist[10] == pytest.approx(27 / 216)
    assert sum_distribution(0) == [1.0]


def test_a_finished_check_is_a_complete_json_record():
    luke = character("Luke", force=[("Sense", "1D", "1D")])
    session = SYSTEM.start_check(
        luke,
        {"roll": "force:Sense", "target": 10, "force_point": "spend"},
        ScriptedDiceSource([6, 5, 4, 1]),
    )
    record = json.loads(session.finish().model_dump_json())
    assert record["system"] == "starwars_d6" and record["character"] == "Luke"
    assert record["check"] == "Sense" and record["parameters"]["force_point"] == "spend"
    assert [d["faces"] for d in record["throws"][0]["dice"]] == [[6], [5], [4], [1]]
    assert record["outcome"]["headline"] == "16 against 10 - success by 6"
    assert record["outcome"]["tone"] == "success"
    assert record["outcome"]["values"]["code"] == "4D"
