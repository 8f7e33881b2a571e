"""The weapon smith's crafting and mass production (rule text "Dein Beruf: Waffenschmied")."""

import pytest

from shadowdice.core.registry import CheckError
from shadowdice.systems.heldenhandbuch.lookups.crafting import (
    CRAFTING,
    MASS_PRODUCTION,
    bonus_size,
    craft,
    mass_production,
    most_bonus_effects,
)


@pytest.mark.parametrize("result", [1, 2, 3])
def test_a_result_of_1_to_3_ruins_the_raw_materials(result):
    crafted = craft(result)
    assert crafted.failed
    assert crafted.quality == 0
    assert crafted.sentence == f"Failure: a result of {result} ruins the raw materials."
    assert crafted.details == ()


@pytest.mark.parametrize(
    ("result", "quality", "grade"),
    [(4, 4, "improvised"), (10, 10, "simple"), (19, 19, "artful"), (20, 20, "masterly")],
)
def test_from_4_the_result_is_the_quality(result, quality, grade):
    crafted = craft(result)
    assert not crafted.failed
    assert (crafted.quality, crafted.grade.name) == (quality, grade)


def test_the_quality_is_at_most_20():
    # Given matches added to 36 (12, 12, 12) by a smith of master grade 3
    crafted = craft(36, master_grade=3)
    assert crafted.quality == 20
    assert crafted.grade.name == "masterly"


@pytest.mark.parametrize(
    ("result", "size"),
    [(4, 1), (19, 1), (20, 2), (30, 2), (31, 3), (59, 3), (60, 4), (90, 4)],
)
def test_the_bonus_size_by_the_crafting_result(result, size):
    assert bonus_size(result) == size


@pytest.mark.parametrize(
    ("result", "effects"),
    [
        (19, 0),
        (20, 0),
        (21, 1),
        (25, 1),
        (26, 2),
        (30, 2),
        (31, 3),
        (35, 3),
        (36, 4),
        (40, 4),
        (41, 5),
        (45, 5),
        (46, 6),
        (80, 6),
    ],
)
def test_the_least_result_for_each_number_of_bonus_effects(result, effects):
    # At master grade 3 any number may be made, as far as the result allows.
    assert most_bonus_effects(result, master_grade=3) == effects


@pytest.mark.parametrize(("grade", "effects"), [(0, 0), (1, 1), (2, 2), (3, 6)])
def test_the_master_grade_caps_the_bonus_effects(grade, effects):
    assert most_bonus_effects(60, master_grade=grade) == effects


def test_a_master_grade_2_smith_with_31_may_make_two_bonus_effects_of_3():
    crafted = craft(31, master_grade=2)
    assert (crafted.quality, crafted.bonus, crafted.bonus_effects) == (20, 3, 2)
    assert crafted.sentence == (
        "Quality 20: masterly (meisterlich), price x5; up to 2 bonus effects of +3."
    )
    assert "surplus match or sequence die" in crafted.details[0]


def test_each_sequence_die_adds_2_from_master_grade_1():
    # Given 9, 10, 11 in a cascade roll: the result 11, with 2 dice in the group by sequence
    crafted = craft(11, master_grade=1, sequence_dice=2)
    # Then the quality is 11 + 2 + 2 = 15
    assert crafted.quality == 15
    assert crafted.details == ("11 + 2 for each of 2 sequence dice = 15.",)


def test_sequence_dice_can_lift_a_result_to_the_bonus_effect_threshold():
    # 17 + 2 * 2 = 21: one bonus effect of +2 for a master grade 1 smith
    crafted = craft(17, master_grade=1, sequence_dice=2)
    assert (crafted.value, crafted.quality, crafted.bonus, crafted.bonus_effects) == (21, 20, 2, 1)


def test_sequences_before_master_grade_1_are_refused():
    with pytest.raises(CheckError, match="from master grade 1"):
        craft(11, master_grade=0, sequence_dice=1)


def test_a_master_grade_outside_0_to_3_is_refused():
    with pytest.raises(CheckError, match="master grade 0 to 3"):
        craft(11, master_grade=4)


def test_mass_production_makes_one_item_per_die_at_least_the_quality_die():
    # Given 12, 8, 8 and 5 with 8 chosen as quality: 8 itself, the other 8 and 12
    made = mass_production((12, 8, 8, 5), quality_die=8)
    assert made.items == 3
    assert made.grade.name == "simple"
    assert made.sentence == "3 items of quality 8 (simple) this half day."


def test_mass_production_lists_every_choice_of_quality_die():
    made = mass_production((12, 8, 8, 5), quality_die=12)
    assert made.items == 1
    assert made.sentence == "1 item of quality 12 (good) this half day."
    assert made.details == (
        "Quality 12: 1 item.",
        "Quality 8: 3 items.",
        "Quality 5: 4 items.",
    )


def test_mass_production_with_a_quality_die_of_1_to_3_fails():
    made = mass_production((3, 9), quality_die=3)
    assert made.items == 0
    assert made.sentence == "Failure: a quality die of 3 ruins the raw materials."
    assert made.details == ("Quality 9: 1 item.",)


def test_the_quality_die_must_be_one_of_the_faces():
    with pytest.raises(CheckError, match="among the faces 12 and 5"):
        mass_production((12, 5), quality_die=8)


def test_mass_production_without_faces_asks_for_them():
    # Given no faces typed, Then the message asks for them (not "among the faces no dice")
    with pytest.raises(CheckError, match=r"^Enter the faces of the single roll\.$"):
        MASS_PRODUCTION.run_check({"mass_production_faces": " ", "mass_production_quality_die": 4})


def test_the_crafting_lookups_resolve_from_check_values():
    assert CRAFTING.run_check({"crafting_result": 26, "crafting_master_grade": 3}).sentence == (
        "Quality 20: masterly (meisterlich), price x5; up to 2 bonus effects of +2."
    )
    values = {"mass_production_faces": "6 7"}
    values["mass_production_quality_die"] = 6
    assert MASS_PRODUCTION.run_check(values).items == 2


def test_a_one_in_mass_production_voids_a_die_below_the_quality_die_first():
    # Given 12, 8, 8, 5 and a 1 with 8 as quality: the 1 voids the 5, three items stand
    assert mass_production((12, 8, 8, 5, 1), quality_die=8).items == 3
    # Without a die below the quality die the 1 voids one that counts: two items
    made = mass_production((12, 8, 8, 1), quality_die=8)
    assert made.items == 2
    assert made.details[0] == "A 1 voids a die of 4 or more, the lowest first."


def test_ones_that_void_the_quality_die_make_nothing():
    made = mass_production((9, 1, 1), quality_die=9)
    assert (made.items, made.grade, made.unoffset) == (0, None, 1)
    assert made.sentence == (
        "Failure: the 1s void every die of 9 or more; the raw materials are ruined."
    )
    assert made.details[1] == "One 1 not offset: Psyche -1."


def test_a_koenner_smith_ignores_a_single_one_in_mass_production():
    assert mass_production((12, 8, 8, 1), quality_die=8, skill_value=15).items == 3
