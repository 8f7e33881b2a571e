"""Chases and herb search (rule text "Verfolgungsjagd", "Kräutersuche")."""

import pytest

from shadowdice.core.registry import CheckError
from shadowdice.systems.heldenhandbuch.lookups.outdoors import (
    CHASE,
    DISTANCES,
    HERB_SEARCH,
    chase,
    herb_level,
    herb_search,
    tempo_level,
    tempo_name,
)


@pytest.mark.parametrize(
    ("result", "level", "name"),
    [
        (3, 0, "no tempo"),
        (4, 1, "leisurely"),
        (6, 1, "leisurely"),
        (7, 2, "slow"),
        (10, 2, "slow"),
        (11, 3, "brisk"),
        (15, 3, "brisk"),
        (16, 4, "fast"),
        (30, 4, "fast"),
        (31, 5, "rapid"),
        (59, 5, "rapid"),
        (60, 6, "breathtaking"),
    ],
)
def test_tempo_levels_at_their_boundaries(result, level, name):
    assert tempo_level(result) == level
    assert tempo_name(level) == name


def test_the_distance_levels_in_order():
    assert [entry[2] for entry in DISTANCES] == [
        "Gleichauf",
        "Atemweite",
        "Dicht auf den Fersen",
        "Kleiner Vorsprung",
        "Klarer Vorsprung",
        "Sichtweite",
        "Enteilt",
    ]


def test_an_equal_result_runs_at_exactly_the_same_tempo():
    round_ = chase(13, 13, "heels")
    assert (round_.physis_lost, round_.new_distance) == (0, "heels")
    assert round_.sentence == (
        "Brisk (13) against the leader's brisk (13): no Physis lost; still hot on the heels "
        "(1 to 3 m)."
    )


def test_a_lower_result_in_the_same_tempo_level_costs_a_physis_point_only():
    round_ = chase(15, 11, "heels")
    assert (round_.physis_lost, round_.new_distance) == (1, "heels")


def test_a_lower_tempo_level_costs_a_point_and_a_distance_level_per_tempo_level():
    # Given the leader fast (17), the runner brisk (13): one tempo level behind
    one = chase(17, 13, "heels")
    assert (one.physis_lost, one.new_distance) == (1, "small_lead")
    # Given the leader fast (16), the runner slow (10): two levels behind
    two = chase(16, 10, "heels")
    assert (two.physis_lost, two.new_distance) == (1, "clear_lead")


def test_a_higher_result_in_the_same_tempo_level_keeps_pace():
    # Reading: only a higher tempo *level* closes the distance.
    round_ = chase(11, 15, "small_lead")
    assert (round_.physis_lost, round_.new_distance) == (0, "small_lead")


def test_a_higher_tempo_level_closes_one_distance_level_per_tempo_level():
    assert chase(11, 16, "small_lead").new_distance == "heels"
    assert chase(7, 16, "small_lead").new_distance == "breath"  # slow against fast: 2 levels


def test_the_distance_stops_at_level_and_at_escaped():
    assert chase(4, 60, "breath").new_distance == "level"
    escaped = chase(60, 3, "in_sight")
    assert escaped.new_distance == "escaped"
    assert escaped.details == ("The leader is out of sight.",)


def test_an_unknown_distance_level_is_refused():
    with pytest.raises(CheckError, match="no distance level"):
        chase(10, 10, "far away")


def test_the_chase_lookup_offers_every_distance_level():
    (distance,) = (entry for entry in CHASE.inputs if entry.key == "distance")
    assert [choice for choice, _label in distance.choices] == [entry[0] for entry in DISTANCES]


@pytest.mark.parametrize(
    ("face", "level", "plants"),
    [
        (4, "beginner", 1),
        (6, "beginner", 1),
        (7, "practised", 2),
        (10, "practised", 2),
        (11, "advanced", 3),
        (15, "advanced", 3),
        (16, "master", 4),
        (20, "master", 4),
    ],
)
def test_herb_levels_and_plants_at_their_boundaries(face, level, plants):
    assert herb_level(face) == (level, plants)


def test_dice_of_1_to_3_find_nothing():
    with pytest.raises(CheckError, match="finds no herb"):
        herb_level(3)
    result = herb_search((3, 2, 1))
    assert (result.herbs, result.plants) == ((), 0)
    assert result.sentence == "Nothing found: no die shows 4 or more."


def test_every_die_of_4_or_more_finds_a_herb():
    result = herb_search((16, 7, 3))
    assert [(herb.face, herb.level, herb.plants) for herb in result.herbs] == [
        (16, "master", 4),
        (7, "practised", 2),
    ]
    assert result.plants == 6
    assert result.sentence == "2 herbs, 6 plants: 16 master (4), 7 practised (2)."


def test_each_die_of_a_match_adds_a_plant():
    result = herb_search((12, 12, 5, 2), skill_value=14)
    assert [herb.plants for herb in result.herbs] == [4, 4, 1]
    assert result.plants == 9


def test_matches_above_the_wilderness_lore_value_add_nothing():
    # Given 12, 12 with wilderness lore 11: no match, two advanced herbs of 3
    result = herb_search((12, 12), skill_value=11)
    assert [herb.plants for herb in result.herbs] == [3, 3]


def test_failures_that_look_like_a_match_find_nothing():
    assert herb_search((3, 3)).plants == 0


def test_the_herb_lookup_resolves_from_check_values():
    values = {"herb_search_faces": "8, 8", "herb_search_skill_value": 8}
    assert HERB_SEARCH.run_check(values).plants == 6


def test_a_one_voids_a_herb_die_and_it_finds_nothing():
    # Given wilderness lore 14 (no Könner), the kept dice 12, 5 and a 1
    result = herb_search((12, 5, 1), skill_value=14)
    # Then the 1 is offset by the 5, which finds nothing
    assert [herb.face for herb in result.herbs] == [12]
    assert (result.plants, result.voided, result.unoffset) == (3, (5,), 0)
    assert result.details[0] == "A 1 voids the 5: it finds nothing."


def test_the_ones_void_the_dice_that_cost_the_fewest_plants():
    # Voiding the 5 keeps the match of 7s (3 + 3); voiding a 7 would leave 2 + 1
    assert herb_search((7, 7, 5, 1), skill_value=14).plants == 6


def test_a_koenner_ignores_a_single_one_but_offsets_two():
    assert herb_search((12, 5, 1), skill_value=15).plants == 4
    result = herb_search((12, 5, 1, 1), skill_value=15)
    assert (result.plants, result.voided) == (0, (12, 5))
    assert result.sentence == "Nothing found: the 1s void every die of 4 or more."


def test_ones_without_a_die_to_offset_them_cost_psyche():
    result = herb_search((3, 1, 1), skill_value=14)
    assert (result.plants, result.unoffset) == (0, 2)
    assert result.details == ("2 ones not offset: Psyche -2.",)
