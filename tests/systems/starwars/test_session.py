"""The Star Wars D6 roll session: the verdict in words, and a Force Point charged only once
the dice were thrown.
"""

import pytest

from shadowdice.core.dice import ScriptedDiceSource, ScriptExhaustedError
from shadowdice.systems.starwars.checks import plan_roll
from shadowdice.systems.starwars.session import StarWarsSession, verdict
from tests.systems.starwars.characters import character


@pytest.mark.parametrize(
    ("total", "needed", "words"),
    [
        (14, 15, "14 against 15 - miss by 1"),
        (13, 13, "13 against 13 - success"),
        (18, 9, "18 against 9 - success by 9"),
    ],
)
def test_the_verdict_gives_total_target_and_margin(total, needed, words):
    assert verdict(total, needed) == words


def test_a_force_point_is_not_charged_when_the_throw_fails():
    luke = character("Luke", Strength="3D")
    plan = plan_roll(luke, {"roll": "attribute:Strength", "target": 10, "force_point": "spend"})
    with pytest.raises(ScriptExhaustedError):
        StarWarsSession(luke, plan, source=ScriptedDiceSource([1, 1]))
    assert luke.force_points == 1


def test_an_automatic_check_with_a_force_point_charges_it_at_the_start():
    luke = character("Luke", Strength="3D")
    plan = plan_roll(luke, {"roll": "attribute:Strength", "target": 2, "force_point": "spend"})
    session = StarWarsSession(luke, plan, source=ScriptedDiceSource([]))
    assert session.automatic == "success" and luke.force_points == 0
    assert session.outcome().detail == "Strength 6D against 2 · rolls at least 6: no roll needed"
