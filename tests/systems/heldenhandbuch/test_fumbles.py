"""Fumbles, legendary failures and masterly skill (text 003 "Patzer", "Meisterliches
Können"): 1s offset by successes that are voided, Psyche lost for each 1 not offset, respect
lost on W12 and W20, a Könner and a master ignoring 1s.
"""

from shadowdice.core.die import Mark
from shadowdice.core.session import Tone
from shadowdice.systems.heldenhandbuch.fumbles import ones_to_offset, respect_loss


def test_a_one_is_offset_by_a_success_which_is_voided(roll, alrik):
    # Given Oratory 9 (3W12), When 9, 5, 1 are thrown
    session = roll(alrik, [9, 5, 1], what="skill:Oratory", roll="single")
    # Then the 5 offsets the 1 and is voided; the 9 stands; no Psyche is lost
    assert [die.marks for die in session.table] == [
        {Mark.HIT, Mark.CHOSEN},
        {Mark.VOIDED},
        {Mark.FUMBLE},
    ]
    assert session.outcome().values["value"] == 9
    session.finish()
    assert alrik.psyche.current == 15 and session.charges == []


def test_several_ones_each_void_a_success_and_those_not_offset_cost_psyche(roll, alrik):
    # Given Intimidation 12 (4W20), When 1, 1, 1, 6 are thrown: one 1 offset, two not
    session = roll(alrik, [1, 1, 1, 6], what="skill:Intimidation", roll="single")
    outcome = session.outcome()
    assert outcome.values["ones_offset"] == 1 and outcome.values["psyche_lost"] == 2
    assert outcome.values["value"] == 0
    # Then three 1s are a legendary failure: respect -2 on W20, and Psyche -2
    assert outcome.headline == "Legendary failure!" and outcome.tone is Tone.CRITICAL
    assert alrik.psyche.current == 13 and alrik.respect == 3
    assert [(c.resource, c.amount) for c in session.charges] == [("psyche", 2), ("respect", 2)]


def test_a_master_ignores_two_ones_and_keeps_every_success(roll, alrik):
    session = roll(alrik, [1, 8, 8, 1, 5], what="skill:Weapon smithing", roll="single")
    # Weapon smithing 20 is a master: two 1s are ignored, nothing voided
    assert session.outcome().values["ones_ignored"] == 2
    assert session.outcome().values["value"] == 16
    assert [die.has(Mark.MISS) for die in session.table] == [True, False, False, True, False]


def test_a_legendary_failure_on_w12_costs_one_respect(roll, alrik):
    roll(alrik, [1, 1, 1], what="skill:Oratory", roll="single")
    assert alrik.respect == 4 and alrik.psyche.current == 12


def test_a_legendary_failure_on_w6_costs_no_respect(roll, alrik):
    alrik.attribute("Strength").value = 3
    session = roll(alrik, [1, 1, 1], what="attribute:Strength", roll="single")
    assert session.outcome().values["legendary_failure"] is True
    assert alrik.respect == 5
    assert respect_loss(3, 6) == 0 and respect_loss(3, 12) == 1 and respect_loss(3, 20) == 2


def test_a_koenner_ignores_a_single_one_but_must_offset_two(roll, alrik):
    # Basic martial arts 16: a Könner
    single = roll(alrik, [1, 6, 9, 12], what="skill:Basic martial arts", roll="single")
    assert single.outcome().values["ones_ignored"] == 1
    assert single.outcome().values["ones_offset"] == 0
    double = roll(alrik, [1, 1, 9, 12], what="skill:Basic martial arts", roll="single")
    assert double.outcome().values["ones_offset"] == 2
    assert double.outcome().values["value"] == 0


def test_a_master_ignores_two_ones_but_must_offset_three(roll, alrik):
    assert ones_to_offset(2, 20) == 0 and ones_to_offset(3, 20) == 3
    session = roll(alrik, [1, 1, 1, 7, 19], what="skill:Weapon smithing", roll="single")
    assert session.outcome().values["ones_offset"] == 2
    assert session.outcome().values["psyche_lost"] == 1


def test_below_fifteen_a_single_one_must_be_offset():
    assert ones_to_offset(1, 14) == 1 and ones_to_offset(1, 15) == 0
