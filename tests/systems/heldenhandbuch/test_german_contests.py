"""A combat phase of the Heldenhandbuch reads in the rule text's German ("Kampfphase",
"Initiative", "Gleiche"), and the names of skills show in German while the sheet keeps its ids.
"""

import pytest

from shadowdice.core import language
from shadowdice.core.dice import ScriptedDiceSource
from shadowdice.systems.heldenhandbuch.sheet import HeldenSheet

FACES = [12, 5, 4, 9, 15, 14, 6, 7, 13, 8, 13, 11, 10]


def fighter(name):
    sheet = HeldenSheet(name=name)
    skill = sheet.skill("Basic martial arts")
    skill.value, skill.base_die, skill.bonus_dice = 16, "W20", 3
    return sheet


@pytest.fixture
def german():
    language.set_language("de")
    yield
    language.set_language("en")


def start(system):
    return system.start_group_check(
        [fighter("Alrik"), fighter("Brun")], {"contest": "combat"}, ScriptedDiceSource(FACES)
    )


def test_a_combat_phase_reads_german(german, system):
    session = start(system)
    assert session.outcome().headline == "Wurf 1: alle schauen"
    labels = {action.id: action.label for action in session.actions()}
    assert labels["again"] == "Gemeinsam erneut werfen"
    assert session.actions()[0].pick.prompt == (
        "Wähle die Würfel, die jeder Kämpfer behält; die anderen werden erneut geworfen."
    )


def test_a_combat_phase_made_in_english_renders_again_in_german(system):
    headline = start(system).outcome().headline
    assert headline == "Throw 1: everyone looks"
    language.set_language("de")
    try:
        assert headline.translated() == "Wurf 1: alle schauen"
    finally:
        language.set_language("en")


def test_skills_are_named_in_german_and_kept_by_their_ids(german, system):
    sheet = fighter("Alrik")
    choices = dict(
        next(param for param in system.check_params(sheet) if param.key == "what").choices
    )
    assert choices["skill:Basic martial arts"].startswith("Basis-Kampfkunst 16")
    assert sheet.skills[2].name == "Basic martial arts"
