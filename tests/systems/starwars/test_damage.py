"""Damage and wounds (rule text 004, armor and "Angreifer würfelt Waffenschaden, Verteidiger
würfelt Stärke"): the wound table at its boundaries, wounds on wounds, the effects, armor and
the death roll.
"""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shadowdice.systems.starwars.codes import Code, CodeError
from shadowdice.systems.starwars.damage import (
    HEALTHY,
    Armor,
    Wound,
    WoundLevel,
    WoundState,
    after_death_roll,
    after_hit,
    armor_protection,
    can_act,
    dies,
    parse_damage,
    resistance,
    wound_level,
    wound_penalty,
)

STRENGTH_TOTALS = st.integers(min_value=1, max_value=60)


@given(STRENGTH_TOTALS)
def test_damage_below_strength_only_stuns(strength):
    assert wound_level(strength - 1, strength) is WoundLevel.STUNNED


@given(STRENGTH_TOTALS)
def test_damage_from_strength_to_below_twice_wounds(strength):
    assert wound_level(strength, strength) is WoundLevel.WOUNDED
    assert wound_level(2 * strength - 1, strength) is WoundLevel.WOUNDED


@given(STRENGTH_TOTALS)
def test_damage_from_twice_to_below_three_times_knocks_unconscious(strength):
    assert wound_level(2 * strength, strength) is WoundLevel.UNCONSCIOUS
    assert wound_level(3 * strength - 1, strength) is WoundLevel.UNCONSCIOUS


@given(STRENGTH_TOTALS)
def test_damage_of_three_times_strength_wounds_mortally(strength):
    assert wound_level(3 * strength, strength) is WoundLevel.MORTALLY_WOUNDED
    assert wound_level(3 * strength + 20, strength) is WoundLevel.MORTALLY_WOUNDED


def test_the_table_at_strength_10():
    assert [wound_level(d, 10) for d in (9, 10, 19, 20, 29, 30)] == [
        WoundLevel.STUNNED,
        WoundLevel.WOUNDED,
        WoundLevel.WOUNDED,
        WoundLevel.UNCONSCIOUS,
        WoundLevel.UNCONSCIOUS,
        WoundLevel.MORTALLY_WOUNDED,
    ]


def test_a_stun_leaves_the_wound_as_it_was_and_stuns():
    assert after_hit(HEALTHY, WoundLevel.STUNNED) == WoundState(Wound.HEALTHY, stunned=True)
    wounded = WoundState(Wound.WOUNDED)
    assert after_hit(wounded, WoundLevel.STUNNED) == WoundState(Wound.WOUNDED, stunned=True)


def test_a_wounded_character_wounded_again_is_unconscious():
    wounded = after_hit(HEALTHY, WoundLevel.WOUNDED)
    assert wounded == WoundState(Wound.WOUNDED, stunned=True)
    assert after_hit(wounded, WoundLevel.WOUNDED) == WoundState(Wound.UNCONSCIOUS, stunned=True)


def test_unconscious_and_worse_need_no_stun():
    assert after_hit(HEALTHY, WoundLevel.UNCONSCIOUS) == WoundState(Wound.UNCONSCIOUS)
    assert after_hit(HEALTHY, WoundLevel.MORTALLY_WOUNDED) == WoundState(Wound.MORTALLY_WOUNDED)


def test_a_hit_never_makes_things_better_and_worsens_only_as_the_text_says():
    unconscious = WoundState(Wound.UNCONSCIOUS)
    assert after_hit(unconscious, WoundLevel.WOUNDED).wound is Wound.UNCONSCIOUS
    assert after_hit(unconscious, WoundLevel.UNCONSCIOUS) == unconscious
    assert after_hit(unconscious, WoundLevel.MORTALLY_WOUNDED) == WoundState(
        Wound.MORTALLY_WOUNDED, 0
    )
    dying = WoundState(Wound.MORTALLY_WOUNDED, 2)
    assert after_hit(dying, WoundLevel.MORTALLY_WOUNDED) == dying
    dead = WoundState(Wound.DEAD)
    assert after_hit(dead, WoundLevel.WOUNDED) == dead


def test_wounded_is_1d_off_everything_but_strength_against_damage():
    assert wound_penalty(Wound.WOUNDED) == 1
    assert wound_penalty(Wound.WOUNDED, resisting_damage=True) == 0
    assert wound_penalty(Wound.HEALTHY) == 0


def test_the_unconscious_the_mortally_wounded_and_the_dead_cannot_act():
    assert [can_act(wound) for wound in Wound] == [True, True, False, False, False]


def test_armor_adds_to_strength():
    # Anla's bounty hunter armor: +1D to resist; light armor: +1
    assert str(resistance(Code(3), Armor.FULL)) == "4D"
    assert str(resistance(Code(3), Armor.LIGHT)) == "3D+1"
    assert str(resistance(Code(3))) == "3D"
    # And takes the same off Dexterity-based rolls (through the checks in test_checks.py)
    assert [str(armor_protection(armor)) for armor in Armor] == ["0D", "0D+1", "1D"]


def test_the_vibroaxe_adds_2d_to_the_attackers_strength():
    # Given K-4D8 with Strength 4D and a vibroaxe "str+2D"
    def damage(text, strength):
        return str(parse_damage(text).total({"Strength": strength}))

    assert damage("str+2D", Code(4)) == "6D"
    assert damage("STR + 1D+1", Code(4, 2)) == "5D+3"
    assert damage("STR+2", Code(3)) == "3D+2"
    assert damage("STR", Code(3)) == "3D"
    assert damage("5D", Code(3)) == "5D"
    assert str(parse_damage("str+2d")) == "STR+2D"


def test_a_lightsabers_damage_adds_control_when_the_attacker_has_it():
    formula = parse_damage("5D + Control")
    assert formula.adds == ("Control",)
    assert str(formula.total({"Control": Code(3)})) == "8D"
    assert str(formula.total({"Control": None})) == "5D"


def test_weapon_damage_that_is_no_code_is_refused():
    with pytest.raises(CodeError, match="is no weapon damage"):
        parse_damage("str+2W")
    with pytest.raises(CodeError, match="not a dice code"):
        parse_damage("lots")
    with pytest.raises(CodeError, match="Enter the weapon's damage"):
        parse_damage(" ")


@pytest.mark.parametrize(
    ("roll", "rounds", "dead"),
    [(2, 0, False), (2, 2, False), (2, 3, True), (4, 5, True), (5, 5, False), (6, 5, False)],
)
def test_a_death_roll_kills_only_when_lower_than_the_rounds(roll, rounds, dead):
    assert dies(roll, rounds) is dead


def test_after_the_death_roll_the_count_goes_on_or_the_character_is_dead():
    dying = WoundState(Wound.MORTALLY_WOUNDED, 3)
    assert after_death_roll(dying, 5) == WoundState(Wound.MORTALLY_WOUNDED, 4)
    assert after_death_roll(dying, 3) == WoundState(Wound.MORTALLY_WOUNDED, 4)
    assert after_death_roll(dying, 2) == WoundState(Wound.DEAD)


def test_wounds_read_as_words():
    assert Wound.MORTALLY_WOUNDED.label == "mortally wounded"
