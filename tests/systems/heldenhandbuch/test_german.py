"""A Heldenhandbuch check reads in the rule text's German ("Ergebnis", "Würfelgruppe",
"Gleiche", "Folgen", "1er", "Psyche", "Respektwert"), with plurals right, and a check made in
English renders again in German.
"""

import pytest

from shadowdice.core import language


@pytest.fixture
def german():
    language.set_language("de")
    yield
    language.set_language("en")


def test_a_sieve_roll_reads_german(german, roll, alrik):
    session = roll(alrik, [7, 3, 10, 7, 2, 2], what="skill:Oratory", roll="sieve")
    assert session.outcome().headline == "Noch nichts gewertet"
    session.apply("keep", (0,))
    assert session.outcome().headline == "Bisher: Ergebnis 7"
    session.apply("keep", (3,))
    assert session.outcome().headline == "Bisher: Ergebnis 14 (7 + 7)"


def test_a_cascade_roll_reads_german_with_matches_and_sequences(german, roll, alrik):
    session = roll(alrik, [7, 8, 3, 15, 9, 9], what="skill:Basic martial arts", roll="cascade")
    session.apply("keep", (0, 1))
    assert session.outcome().headline == "Bisher: Würfelgruppe 15 (8 + 7)"
    session.apply("keep", (4, 5))
    outcome = session.outcome()
    assert outcome.headline == "Würfelgruppe 33 (9 + 9 + 8 + 7)"
    assert ", Gleiche bis 16, Folgen" in outcome.detail


def test_ones_not_offset_cost_psyche_and_respect_in_german(german, roll, alrik):
    session = roll(alrik, [1, 1, 1, 6], what="skill:Intimidation", roll="single")
    outcome = session.outcome()
    assert outcome.headline == "Legendärer Fehlschlag!"
    assert "eine 1 ausgeglichen durch 6" in outcome.detail
    assert "2 1er nicht ausgeglichen: Psyche -2" in outcome.detail
    assert "drei 1er: Respektwert -2" in outcome.detail


def test_an_outcome_made_in_english_reads_german_after_a_switch(roll, alrik):
    session = roll(alrik, [1, 1, 1, 6], what="skill:Intimidation", roll="single")
    outcome = session.outcome()
    assert outcome.headline == "Legendary failure!"
    assert "2 ones not offset: Psyche -2" in outcome.detail
    try:
        language.set_language("de")
        assert outcome.headline.translated() == "Legendärer Fehlschlag!"
        assert "2 1er nicht ausgeglichen: Psyche -2" in outcome.detail.translated()
    finally:
        language.set_language("en")


def test_the_check_form_and_its_summary_read_german(german, system, alrik):
    params = {param.key: param for param in system.check_params(alrik)}
    assert params["roll"].label == "Art des Wurfs"
    assert dict(params["roll"].choices)["sieve"] == "Siebwurf"
    assert dict(params["goal"].choices)["star"] == "Könnerstern"
    preview = system.preview_check(alrik, {"what": "skill:Basic martial arts", "roll": "cascade"})
    assert preview.summary.startswith("Kaskadenwurf: 4W20, Gleiche bis 16, auch Folgen; ")
    assert preview.summary.endswith("; die beste Würfelgruppe zählt")


def test_a_learning_roll_without_ep_is_refused_in_german(german, system, alrik):
    values = {"what": "skill:Oratory", "roll": "learning", "learning_dice": 6}
    alrik.experience_points = 4
    assert system.preview_check(alrik, values).problem == "6 EP nötig, noch 4."


def test_the_sieve_roll_s_follow_ups_read_german(german, roll, alrik):
    session = roll(alrik, [7, 3, 10, 7, 2, 2], what="skill:Oratory", roll="sieve")
    actions = {action.id: action for action in session.actions()}
    assert actions["keep"].label == "Werten und den Rest neu werfen"
    assert actions["keep"].pick.prompt == (
        "Wähle die Würfel für die Wertung; die anderen werden neu geworfen."
    )
    assert actions["stop"].label == "Aufhören"
    assert "zu werten oder neu zu werfen: 7, 3, 10" in session.outcome().detail
    assert session.throws[0].label == "Siebwurf: 1. Wurf"


def test_a_master_ignoring_ones_is_called_meister_in_german(german, roll, alrik):
    # Weapon smithing 20 on 5W20: a master ignores two 1s
    session = roll(alrik, [1, 1, 12, 5, 3], what="skill:Weapon smithing", roll="single")
    assert "2 1er nicht gezählt (Meister)" in session.outcome().detail
