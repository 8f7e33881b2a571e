"""Damage severity and armor (rule text "Kampf": 5. Treffer, 6. Rüstung; "Verletzungen")."""

import pytest

from shadowdice.core.registry import CheckError
from shadowdice.systems.heldenhandbuch.lookups.combat import (
    DAMAGE,
    Armor,
    Severity,
    armor_wear,
    damage,
    severity,
)


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (0, Severity.NONE),
        (1, Severity.LIGHT),
        (10, Severity.LIGHT),
        (11, Severity.HEAVY),
        (20, Severity.HEAVY),
        (21, Severity.CRITICAL),
        (60, Severity.CRITICAL),
    ],
)
def test_severity_bands_are_1_to_10_light_11_to_20_heavy_21_on_critical(value, expected):
    assert severity(value) is expected


def test_a_single_die_of_14_without_armor_is_one_heavy_hit():
    # Given one damage die showing 14 and no armor
    result = damage((14,))
    # Then it is one heavy hit of 14
    assert [(hit.dice, hit.after_armor, hit.severity) for hit in result.hits] == [
        ((14,), 14, Severity.HEAVY)
    ]
    assert result.sentence == "Heavy damage: 14."


def test_every_damage_die_is_a_hit_of_its_own():
    # Given three different damage dice ("Jeder Würfel wird gewertet")
    result = damage((12, 5, 9))
    # Then there are three hits, most damage first
    assert [(hit.damage, hit.severity) for hit in result.hits] == [
        (12, Severity.HEAVY),
        (9, Severity.LIGHT),
        (5, Severity.LIGHT),
    ]


def test_several_hits_read_as_one_sentence():
    # Given 12, 12 and 5 typed as text, Then one sentence names both hits, the second in lower case
    result = DAMAGE.run_check({"damage_faces": "12,12,5"})
    assert result.sentence == "Critical damage: 24; light damage: 5."


def test_matches_are_added_into_one_hit():
    # Given 8, 8 and 8: apart three light hits, added one critical hit of 24
    added = damage((8, 8, 8, 4))
    assert [(hit.dice, hit.damage, hit.severity) for hit in added.hits] == [
        ((8, 8, 8), 24, Severity.CRITICAL),
        ((4,), 4, Severity.LIGHT),
    ]


def test_matches_may_be_kept_apart():
    apart = damage((6, 6), add_matches=False)
    assert [hit.severity for hit in apart.hits] == [Severity.LIGHT, Severity.LIGHT]


def test_twos_and_threes_form_no_match_but_still_do_damage():
    # Given 3 and 3: failures make no match, yet every damage die counts
    result = damage((3, 3))
    assert [(hit.dice, hit.damage) for hit in result.hits] == [((3,), 3), ((3,), 3)]
    assert all(hit.severity is Severity.LIGHT for hit in result.hits)


def test_armor_lowers_each_hit_by_its_protection():
    # Given 17 and 8 against heavy armor of protection 3, quality 10
    result = damage((17, 8), Armor.HEAVY, protection=3, armor_quality=10)
    # Then 14 heavy and 5 light remain
    assert [(hit.after_armor, hit.severity) for hit in result.hits] == [
        (14, Severity.HEAVY),
        (5, Severity.LIGHT),
    ]
    assert result.hits[0].sentence == "Heavy damage: 14 after armor 3"


def test_armor_moves_a_hit_across_a_band_boundary():
    # 21 is critical; against protection 1 it is 20: heavy. 11 against 1 is 10: light.
    assert damage((21,), Armor.HEAVY, 1, 10).hits[0].severity is Severity.HEAVY
    assert damage((11,), Armor.HEAVY, 1, 10).hits[0].severity is Severity.LIGHT


def test_a_hit_the_armor_stops_entirely_does_no_injury():
    result = damage((4,), Armor.HEAVY, protection=4, armor_quality=10)
    assert result.hits[0].severity is Severity.NONE
    assert result.hits[0].after_armor == 0
    assert result.sentence == "No damage: 4 stopped by armor 4."
    assert result.details == (Severity.NONE.effect,)


def test_the_current_quality_caps_the_protection():
    # Given protection 6 but the armor worn down to quality 2
    result = damage((9,), Armor.HEAVY, protection=6, armor_quality=2)
    # Then it protects only 2
    assert result.protection == 2
    assert result.hits[0].after_armor == 7


def test_no_armor_ignores_an_entered_protection():
    assert damage((9,), Armor.NONE, protection=6, armor_quality=10).hits[0].after_armor == 9


@pytest.mark.parametrize(
    ("hit", "armor", "wear"),
    [
        (10, Armor.HEAVY, 0),
        (11, Armor.HEAVY, 1),
        (21, Armor.HEAVY, 1),
        (10, Armor.LIGHT, 0),
        (11, Armor.LIGHT, 1),
        (20, Armor.LIGHT, 1),
        (21, Armor.LIGHT, 2),
        (40, Armor.NONE, 0),
    ],
)
def test_armor_wear_from_11_and_21_on_light_armor(hit, armor, wear):
    # Reading: light armor loses 2 in all at 21+, not 1 + 2.
    assert armor_wear(hit, armor) == wear


def test_wear_is_read_from_the_damage_before_armor():
    # Given 12 against protection 3: 9 after armor (light), but the blow was 12
    result = damage((12,), Armor.HEAVY, protection=3, armor_quality=10)
    assert result.hits[0].severity is Severity.LIGHT
    assert result.armor_quality_after == 9
    assert result.sentence == "Light damage: 9 after armor 3. Armor quality 10 falls to 9."


def test_all_hits_of_one_roll_meet_the_armor_as_it_was_and_wear_adds_up():
    # Given two 15s kept apart against light armor of protection 3 and quality 3
    result = damage((15, 15), Armor.LIGHT, protection=3, armor_quality=3, add_matches=False)
    # Then both are lowered by 3, and the armor loses 1 per hit
    assert [hit.after_armor for hit in result.hits] == [12, 12]
    assert result.armor_quality_after == 1


def test_the_armor_quality_never_falls_below_0():
    result = damage((25,), Armor.LIGHT, protection=1, armor_quality=1)
    assert result.armor_quality_after == 0


def test_details_say_what_each_severity_does_worst_first():
    result = damage((20, 20, 5))  # 40 critical, 5 light
    assert result.details == (Severity.CRITICAL.effect, Severity.LIGHT.effect)
    assert "every segment" in Severity.CRITICAL.effect
    assert "1 die" in Severity.CRITICAL.effect
    assert "per day" in Severity.HEAVY.effect
    assert "heal by themselves" in Severity.LIGHT.effect


def test_no_damage_dice_is_refused():
    with pytest.raises(CheckError, match="damage dice"):
        damage(())


def test_the_damage_lookup_resolves_from_check_values():
    # Given the check panel's values for two dice, light armor 3 of quality 10
    values = {
        "damage_faces": "9 9",
        "damage_armor": "light",
        "damage_protection": 3,
        "damage_armor_quality": 10,
        "damage_matches": "added",
    }
    # When the lookup runs
    result = DAMAGE.run_check(values)
    # Then the 9s are added into 18, less 3: heavy 15, and the light armor wears by 1
    assert result.sentence == "Heavy damage: 15 after armor 3. Armor quality 10 falls to 9."
