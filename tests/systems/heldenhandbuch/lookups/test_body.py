"""Treating injuries and drinking (rule text "Erste Hilfe und Heilkunde", "Verletzungen",
"Zechen").
"""

import pytest

from shadowdice.core.registry import CheckError
from shadowdice.systems.heldenhandbuch.lookups.body import (
    DRINKING,
    HEALING,
    drinking,
    treat,
    treatment_minimum,
)


@pytest.mark.parametrize(("hits", "minimum"), [(1, 7), (2, 11), (3, 16)])
@pytest.mark.parametrize("skill", ["first_aid", "medicine"])
def test_heavy_hits_need_7_11_or_16_with_either_skill(skill, hits, minimum):
    # The check succeeds on the minimum and fails one below it
    assert treatment_minimum(skill, "heavy", hits) == minimum
    assert treat(skill, "heavy", hits, minimum).success
    assert not treat(skill, "heavy", hits, minimum - 1).success


@pytest.mark.parametrize("hits", [0, 4])
def test_heavy_hits_outside_1_to_3_are_refused(hits):
    with pytest.raises(CheckError, match="1 to 3 heavy hits"):
        treatment_minimum("medicine", "heavy", hits)


@pytest.mark.parametrize(("skill", "minimum"), [("medicine", 16), ("first_aid", 31)])
def test_a_critical_hit_needs_medicine_16_or_first_aid_31(skill, minimum):
    assert treat(skill, "critical", 1, minimum).success
    assert not treat(skill, "critical", 1, minimum - 1).success


def test_the_sentence_names_skill_result_and_minimum():
    assert treat("medicine", "heavy", 2, 12).sentence == (
        "Treated: medicine 12 reaches 11 for 2 heavy hits."
    )
    assert treat("first_aid", "critical", 1, 30).sentence == (
        "Not treated: first aid 30 falls short of 31 for a critical hit."
    )


def test_first_aid_on_a_critical_hit_stops_the_loss_but_does_not_start_healing():
    # Reading: "Erste Hilfe stoppt diesen Verlust, der Heilungsprozess kann nur durch
    # Heilkunde eingeleitet werden."
    assert treat("first_aid", "critical", 1, 31).details == (
        "The loss of segments stops; only medicine starts the healing.",
    )
    assert "heal" in treat("medicine", "critical", 1, 16).details[0]


def test_an_untreated_injury_keeps_costing_segments():
    assert "per day" in treat("first_aid", "heavy", 1, 6).details[0]
    assert "every 8 hours" in treat("medicine", "critical", 1, 15).details[0]


def test_revival_needs_an_epic_first_aid_check_of_60():
    assert treat("first_aid", "deadly", 1, 60).sentence == (
        "Revived: first aid 60 reaches 60 for revival."
    )
    assert "not treated yet" in treat("first_aid", "deadly", 1, 60).details[0]
    assert not treat("first_aid", "deadly", 1, 59).success


def test_revival_by_medicine_is_refused():
    # Reading: the text names first aid only.
    with pytest.raises(CheckError, match="epic first aid"):
        HEALING.run({"skill": "medicine", "injury": "deadly", "result": 70})


@pytest.mark.parametrize(("drink", "minimum"), [(1, 4), (2, 5), (3, 6), (10, 13)])
def test_the_drinking_minimum_is_4_and_1_more_per_further_drink(drink, minimum):
    # Two dice on the minimum hold; with one of them one below, a point is lost
    assert drinking(drink, (minimum, minimum)).points_lost == 0
    assert drinking(drink, (minimum, minimum - 1)).points_lost == 1


def test_two_dice_reaching_the_minimum_hold_the_drink():
    result = drinking(1, (4, 9, 2))
    assert (result.minimum, result.reaching, result.points_lost) == (4, 2, 0)
    assert result.sentence == "Drink 1 needs 4 on two dice: 2 dice reach it; you hold your drink."
    assert result.details == ()


def test_one_die_reaching_the_minimum_costs_a_physis_or_psyche_point():
    result = drinking(3, (7, 5, 2))
    assert result.points_lost == 1
    assert result.sentence == (
        "Drink 3 needs 6 on two dice: only one die reaches it; lose 1 Physis or Psyche point "
        "(your choice)."
    )
    assert "self-control check" in result.details[0]
    assert "blind drunk" in result.details[1]


def test_no_die_reaching_the_minimum_costs_two_points():
    # Reading: one point per die short of the two needed.
    result = drinking(5, (7, 2))
    assert result.points_lost == 2
    assert "no die reaches it; lose 2 Physis or Psyche points" in result.sentence


def test_a_drinking_check_needs_two_dice():
    with pytest.raises(CheckError, match="two dice or more"):
        drinking(1, (12,))


def test_the_drinking_lookup_reads_the_dice_from_check_values():
    values = {"drinking_drink": 2, "drinking_faces": "5 6"}
    assert DRINKING.run_check(values).reaching == 2


def test_a_one_in_a_drinking_check_voids_a_die_below_the_minimum_first():
    # Drink 3 needs 6: the 1 voids the 5, so 9 and 7 still hold the drink
    result = drinking(3, (9, 7, 5, 1))
    assert (result.reaching, result.points_lost, result.voided) == (2, 0, (5,))
    assert result.details == ("A 1 voids the 5.",)


def test_a_one_voids_a_die_that_reaches_the_minimum_when_no_other_is_left():
    # Drink 1 needs 4: 9 and 6 reach it, but the 1 voids the 6: only one die holds
    result = drinking(1, (9, 6, 1))
    assert (result.reaching, result.points_lost, result.voided) == (1, 1, (6,))
    assert "only one die reaches it; lose 1 Physis or Psyche point" in result.sentence


def test_a_koenner_drinker_ignores_a_single_one_and_ones_left_over_cost_psyche():
    assert drinking(1, (9, 6, 1), skill_value=15).points_lost == 0
    result = drinking(1, (1, 1, 2))
    assert (result.reaching, result.points_lost, result.unoffset) == (0, 2, 2)
    assert result.details[0] == "2 ones not offset: Psyche -2."
