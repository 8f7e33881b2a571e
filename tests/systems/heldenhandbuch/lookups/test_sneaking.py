"""Sneaking past guards (rule text "Schleichen")."""

import pytest

from shadowdice.systems.heldenhandbuch.lookups.sneaking import SNEAKING, sneaking


@pytest.mark.parametrize(("distance", "minimum"), [("middle", 7), ("far", 4)])
def test_against_unaware_guards_further_away_a_least_result_counts(distance, minimum):
    # Given unaware guards at middle or far distance: their watch result does not count
    assert sneaking(distance, "unaware", minimum, 99).success
    failed = sneaking(distance, "unaware", minimum - 1, 0)
    assert not failed.success
    assert not failed.compared
    assert failed.consequence == "become wary"


def test_near_the_result_is_compared_with_the_watch_check():
    assert sneaking("near", "unaware", 9, 8).success
    noticed = sneaking("near", "unaware", 9, 10)
    assert noticed.compared
    assert noticed.sentence == "Failed: 9 against their watch check 10; the guards notice you."
    assert "tracking check" in noticed.details[0]


def test_a_tie_goes_to_the_sneaker():
    # Reading: the check fails only when the watch check is better ("besser gelingt").
    result = sneaking("near", "wary", 9, 9)
    assert result.success
    assert result.sentence == "Unseen: 9 against their watch check 9."
    assert result.details == ()


@pytest.mark.parametrize(
    ("distance", "consequence"),
    [("near", "discover you"), ("middle", "notice you"), ("far", "notice you")],
)
def test_wary_guards_always_compare_and_notice_or_discover(distance, consequence):
    failed = sneaking(distance, "wary", 5, 6)
    assert failed.compared
    assert failed.consequence == consequence


def test_discovered_near_a_reaction_check_decides_who_acts_first():
    assert "reaction check" in sneaking("near", "wary", 1, 2).details[0]


def test_the_sneaking_lookup_runs_with_its_defaults_and_check_values():
    assert SNEAKING.run({"result": 4, "watch_result": 3}).success
    values = {"sneaking_distance": "far", "sneaking_guards": "unaware", "sneaking_result": 3}
    assert SNEAKING.run_check(values).sentence == "Failed: 3 against 4; the guards become wary."
