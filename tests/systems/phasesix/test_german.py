"""A Phase Six check reads in the classic rule text's German ("Erfolge", "Mindestwurf",
"Bonuswürfel", "Schicksalswürfel", "Wiederholungswürfel", "Rast", "Gruppenwurf",
"Verborgenheit"), names the attributes and skills in German while the sheet keeps its ids,
and a check made in English renders again in German.
"""

import pytest

from shadowdice.core import language
from shadowdice.core.registry import CheckError
from shadowdice.systems.phasesix.sheet_declaration import rest
from tests.systems.phasesix.conftest import RecordingSource

COURAGE_FACES = [4, 2, 6, 6, 1, 6, 1, 1]


@pytest.fixture
def german():
    language.set_language("de")
    yield
    language.set_language("en")


def test_hagen_kicks_the_door_in_german(german, roll, hagen):
    session = roll(
        hagen, [2, 5, 6, 3], trait="skill:Hand to Hand Combat", minimum_roll_from="Strength"
    )
    outcome = session.outcome()
    assert outcome.headline == "4 Erfolge"
    assert outcome.detail == "Mindestwurf 2+ (Kraft 3)"
    assert session.throws[0].label == "Wurf"


def test_one_success_and_none_have_their_own_forms(german, roll, hagen):
    failed = roll(
        hagen, [*COURAGE_FACES, 4], trait="skill:Courage", minimum_roll_from="Neuroticism"
    )
    assert failed.outcome().headline == "Kein Erfolg"
    assert failed.outcome().detail == "Mindestwurf 15+ (Neurotizismus 10) · beste Summe 13"
    throw = failed.apply("destiny_die")
    assert failed.throws[-1].label == "Schicksalswürfel" and throw.die_ids
    assert failed.outcome().headline == "1 Erfolg"
    assert "Schicksalswürfel gelingen mit 4+" in failed.outcome().detail


def test_the_follow_ups_say_what_they_do_and_cost_in_german(german, roll, hagen):
    hagen.destiny_dice = 0
    session = roll(hagen, [1, 2, 3, 4, 5], trait="skill:Courage", minimum_roll_from="Strength")
    actions = {action.id: action for action in session.actions()}
    assert (actions["bonus_die"].label, actions["bonus_die"].cost) == (
        "Bonuswürfel hinzunehmen",
        "1 Bonuswürfel",
    )
    assert actions["reroll_die"].label == "Einen Würfel wiederholen"
    assert actions["reroll_die"].pick.prompt == "Wähle den Würfel, der erneut geworfen wird."
    assert actions["destiny_die"].reason == "keine Schicksalswürfel mehr"


def test_a_hard_check_and_its_form_read_german(german, system, hagen):
    params = {param.key: param for param in system.check_params(hagen)}
    assert params["trait"].label == "Wurf"
    assert ("skill:Courage", "Tapferkeit 5") in params["trait"].choices
    assert ("Strength", "Kraft 3 → 2+") in params["minimum_roll_from"].choices
    assert dict(params["difficulty"].choices)["hard"] == "Schwer (+2)"
    preview = system.preview_check(
        hagen, {"trait": "skill:Courage", "minimum_roll_from": "Strength", "difficulty": "hard"}
    )
    assert preview.summary == "Tapferkeit 5 → 5 Würfel · Mindestwurf 4+ (Kraft 3 → 2+, schwer +2)"


def test_a_refusal_names_the_trait_in_german(german, system, hagen):
    with pytest.raises(CheckError) as refused:
        system.start_check(hagen, {"trait": "skill:Courage"}, RecordingSource([]))
    assert str(refused.value) == (
        "Wähle die Eigenschaft, die der Spielleiter für den Mindestwurf nennt."
    )


def test_the_sheet_shows_german_names_and_keeps_its_english_ids(german, system, hagen):
    tables = {table.key: table for table in system.sheet_tables()}
    name = tables["attributes"].columns[0]
    assert tables["attributes"].label == "Eigenschaften"
    assert name.text_of(hagen.attributes[0].name) == "Offenheit"
    assert hagen.attributes[0].name == "Openness"
    skill = tables["skills"].columns[0]
    assert skill.text_of("Hand to Hand Combat") == "Nahkampf"
    assert skill.text_of("Schwertkampf") == "Schwertkampf"  # a player's own name, as typed


def test_a_rest_says_what_it_refreshed_in_german(german, hagen):
    hagen.destiny_dice = 0
    message = rest(hagen, long=False)
    assert message == (
        "Gerastet: Bonus- und Wiederholungswürfel aufgefrischt. Schicksalswürfel bleiben bei "
        "0 von 1: sie frischen sich nach 10 Stunden Rast auf."
    )


def test_a_group_roll_reads_german(german, system, hagen):
    mira = hagen.model_copy(deep=True)
    mira.name = "Mira"
    session = system.start_group_check(
        [hagen, mira],
        {"trait": "skill:Courage", "minimum_roll_from": "Strength", "needed": 3},
        RecordingSource([5, 5, 1, 1, 1, 1, 1, 1, 1, 1]),
    )
    assert session.check == "Gruppenwurf: Tapferkeit, 3 Erfolge gefordert"
    # "von" takes the dative: "von 3 Erfolgen", and "von 1 Erfolg"
    assert session.outcome().headline == "Gruppe: 2 von 3 Erfolgen – misslungen"
    one = system.start_group_check(
        [hagen, mira],
        {"trait": "skill:Courage", "minimum_roll_from": "Strength", "needed": 1},
        RecordingSource([5, 1, 1, 1, 1, 1, 1, 1, 1, 1]),
    )
    assert one.outcome().headline == "Gruppe: 1 von 1 Erfolg – gelungen"


def test_an_outcome_made_in_english_renders_again_in_german(roll, hagen):
    session = roll(hagen, COURAGE_FACES, trait="skill:Courage", minimum_roll_from="Neuroticism")
    outcome = session.outcome()
    assert outcome.detail == "minimum roll 15+ (Neuroticism 10) · best total 13"
    language.set_language("de")
    try:
        assert outcome.headline.translated() == "Kein Erfolg"
        assert outcome.detail.translated() == "Mindestwurf 15+ (Neurotizismus 10) · beste Summe 13"
    finally:
        language.set_language("en")
