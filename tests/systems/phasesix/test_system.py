"""Phase Six as the app sees it: what the sheet and the checks declare, the preview with its
exact chance, and the record of a finished roll.
"""

import json

import pytest

from shadowdice.core.dice import ScriptedDiceSource
from shadowdice.core.sheet import Kind
from shadowdice.systems.phasesix.sheet import Knowledge


def params(system, sheet, party=None):
    return {p.key: p for p in system.check_params(sheet, party or {})}


def test_the_system_declares_itself(system):
    assert (system.id, system.name) == ("phasesix", "Phase Six")
    assert [f.key for f in system.sheet_fields()] == [
        "name", "variant", "lineage", "minimum_roll", "bonus_dice_max", "bonus_dice",
        "reroll_dice_max", "reroll_dice", "destiny_dice_max", "destiny_dice", "notes",
    ]  # fmt: skip
    variant = next(f for f in system.sheet_fields() if f.key == "variant")
    assert variant.kind is Kind.CHOICE and variant.choices == ("classic", "current")
    assert variant.choice_labels == ("Classic rules", "Current rules")
    assert [t.key for t in system.sheet_tables()] == [
        "attributes", "skills", "knowledge", "equipment",
    ]  # fmt: skip


def test_classic_checks_ask_for_the_attribute_and_a_level_of_difficulty(system, hagen):
    found = params(system, hagen)
    assert list(found) == [
        "trait", "minimum_roll_from", "difficulty", "bonus_dice", "destiny_dice", "observed",
        "concealment",
    ]  # fmt: skip
    assert found["minimum_roll_from"].default == ""
    assert ("Neuroticism", "Neuroticism 10 → 15+") in found["minimum_roll_from"].choices
    assert found["difficulty"].choices == (
        ("normal", "Normal"), ("hard", "Hard (+2)"), ("very_hard", "Very hard (+4)"),
    )  # fmt: skip
    assert found["bonus_dice"].bounds == (0, 2) and found["destiny_dice"].bounds == (0, 1)


def test_current_checks_ask_for_a_free_modifier(system, hagen_now):
    found = params(system, hagen_now)
    assert list(found) == [
        "trait", "modifier", "bonus_dice", "destiny_dice", "observed", "concealment",
    ]  # fmt: skip
    assert found["modifier"].label == "Difficulty ± (minimum roll 5+)"
    assert found["modifier"].kind is Kind.INT and found["modifier"].default == 0


@pytest.mark.parametrize("fixture", ["hagen", "hagen_now"])
def test_dice_added_before_the_roll_go_back_to_0_after_it(system, request, fixture):
    found = params(system, request.getfixturevalue(fixture))
    resetting = [key for key, param in found.items() if param.resets_after_roll]
    assert resetting == ["bonus_dice", "destiny_dice"]
    assert (found["bonus_dice"].label, found["destiny_dice"].label) == (
        "Bonus dice (of 2)",
        "Destiny dice (of 1)",
    )


def test_the_best_skill_comes_first_and_is_the_default(system, hagen):
    trait = params(system, hagen)["trait"]
    assert trait.default == "skill:Courage"
    assert trait.choices[:2] == (
        ("skill:Courage", "Courage 5"), ("skill:Hand to Hand Combat", "Hand to Hand Combat 4"),
    )  # fmt: skip


def test_only_the_current_rules_offer_attributes_and_add_a_knowledges_skill(
    system, hagen, hagen_now
):
    for sheet in (hagen, hagen_now):
        sheet.skill("Communication").value = 2
        sheet.knowledge.append(Knowledge(name="Etiquette", value=3, skill="Communication"))
    classic, current = (
        dict(params(system, hagen)["trait"].choices),
        dict(params(system, hagen_now)["trait"].choices),
    )
    assert classic["knowledge:Etiquette"] == "Etiquette 3 (knowledge)"
    assert current["knowledge:Etiquette"] == "Etiquette 3 + Communication 2 (knowledge)"
    assert "attribute:Strength" not in classic
    assert current["attribute:Strength"] == "Strength 4 (physis)"


def test_the_preview_gives_the_dice_the_minimum_roll_and_the_exact_chance(system, hagen):
    preview = system.preview_check(
        hagen, {"trait": "skill:Courage", "minimum_roll_from": "Neuroticism", "destiny_dice": 1}
    )
    assert preview.summary == (
        "Courage 5 → 5 dice + 1 destiny die · minimum roll 15+ (Neuroticism 10)"
    )
    # One die reaches 15 with 6, 6, 3+: 1/54; the destiny die succeeds on 4+: 1/2
    assert preview.chance == pytest.approx(1 - (53 / 54) ** 5 * (1 / 2))
    assert preview.problem == ""


def test_the_preview_names_the_problem_and_gives_no_chance(system, hagen, hagen_now):
    preview = system.preview_check(hagen, {"trait": "skill:Courage"})
    assert preview.problem == "Choose the attribute the game master names for the minimum roll."
    assert preview.chance is None
    preview = system.preview_check(hagen_now, {"trait": "skill:Stealth"})
    assert preview.summary == "Stealth 0 → no dice · minimum roll 5+ (Human)"
    assert preview.problem == "Stealth 0 gives no dice: roll it with bonus or destiny dice."
    preview = system.preview_check(hagen_now, {"trait": "skill:Sorcery"})
    assert preview.problem == "Sorcery is not on Hagen's sheet." and preview.summary == ""


def test_a_finished_check_is_a_complete_json_record(system, hagen):
    session = system.start_check(
        hagen,
        {"trait": "skill:Courage", "minimum_roll_from": "Neuroticism", "bonus_dice": 0},
        ScriptedDiceSource([4, 2, 6, 6, 1, 6, 1, 1, 5]),
    )
    session.apply("destiny_die")
    record = json.loads(session.finish().model_dump_json())
    assert record["system"] == "phasesix" and record["character"] == "Hagen"
    assert record["check"] == "Courage"
    assert record["parameters"]["minimum_roll_from"] == "Neuroticism"
    first, destiny = record["throws"]
    assert [d["faces"] for d in first["dice"]] == [[4], [2], [6, 6, 1], [6, 1], [1]]
    assert first["dice"][2]["marks"] == ["exploded", "miss"] and first["dice"][2]["score"] == 13
    assert destiny["label"] == "Destiny die" and destiny["dice"][0]["group"] == "destiny"
    assert destiny["dice"][0]["marks"] == ["hit"]
    assert record["actions"] == [
        {"id": "destiny_die", "label": "Add a destiny die", "cost": "1 destiny die"}
    ]
    assert record["outcome"]["headline"] == "1 success"
    assert record["outcome"]["values"]["minimum_roll"] == 15
