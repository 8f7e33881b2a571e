"""Generic dice read German: results, targets, the form and the refusal of a bad expression."""

import pytest

from shadowdice.core import language
from shadowdice.core.dice import ScriptedDiceSource
from shadowdice.core.registry import CheckError
from shadowdice.systems.generic.sheet import GenericSheet
from shadowdice.systems.generic.system import GenericDice


@pytest.fixture
def german():
    language.set_language("de")
    yield
    language.set_language("en")


def test_a_total_against_a_target_reads_german(german):
    session = GenericDice().start_check(
        GenericSheet(name="Ada"),
        {"roll": "", "expression": "2d6+1", "target": 10},
        ScriptedDiceSource([3, 4]),
    )
    outcome = session.outcome()
    assert outcome.headline == "Summe 8"
    assert outcome.detail == "2d6 (7) + 1 · Ziel 10 um 2 verfehlt"


def test_successes_have_their_plural(german):
    source = ScriptedDiceSource([8, 9, 1])
    session = GenericDice().start_check(
        GenericSheet(name="Ada"), {"roll": "", "expression": "3d10>=8"}, source
    )
    assert session.outcome().headline == "2 Erfolge"


def test_a_bad_expression_is_refused_in_german(german):
    with pytest.raises(CheckError) as refused:
        GenericDice().start_check(
            GenericSheet(name="Ada"), {"roll": "", "expression": "3x6"}, ScriptedDiceSource([])
        )
    assert str(refused.value) == (
        "3x6 ist kein Würfelausdruck: „x6“ ist nicht lesbar. Schreibe Würfel wie "
        "3d6+2, 4d6kh3, 2d20kl1, 10d10>=8 oder d6!."
    )


def test_the_form_reads_german(german):
    params = GenericDice().check_params(GenericSheet(name="Ada"))
    assert [param.label for param in params] == ["Wurf", "Ausdruck", "Ziel"]
