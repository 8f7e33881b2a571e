"""A Shadowrun 4 check reads in the rule text's German ("Erfolge", "Patzer", "Mindestwurf",
"gewagte Probe"), with plurals right, and a check made in English renders again in German.
"""

import pytest

from shadowdice.core import language


@pytest.fixture
def german():
    language.set_language("de")
    yield
    language.set_language("en")


def test_hits_a_threshold_and_a_glitch_read_german(german, roll):
    session = roll([5, 1, 1, 2], modifier=4, threshold=2)
    outcome = session.outcome()
    assert outcome.headline == "Patzer!"
    assert outcome.detail == (
        "1 Erfolg – misslungen · Mindestwurf 2, Nettoerfolge -1 · 2 von 4 Würfeln zeigen 1"
    )


@pytest.mark.parametrize(
    ("faces", "headline"),
    [([5, 6, 2], "2 Erfolge – gelungen"), ([2, 3, 4], "0 Erfolge – misslungen")],
)
def test_plural_forms_of_hits(german, roll, faces, headline):
    session = roll([*faces, 3], modifier=3)
    assert session.outcome().headline == headline


def test_edge_follow_ups_say_what_they_do_and_cost_in_german(german, roll, sheet):
    session = roll([5, 2, 3, 4, 4], modifier=3)
    labels = {action.id: (action.label, action.cost) for action in session.actions()}
    assert labels["edge_extra_dice"] == ("Edge: +3 Würfel", "1 Edge")
    assert labels["edge_reroll_misses"] == ("Edge: 2 Nicht-Erfolge neu werfen", "1 Edge")
    session.apply("edge_reroll_misses")
    assert session.throws[-1].label == "Nicht-Erfolge neu geworfen"
    refused = {action.id: action.reason for action in session.actions()}
    assert refused["edge_extra_dice"] == (
        "Für diese Probe wurde schon Edge ausgegeben (ein Punkt pro Probe)"
    )


def test_a_critical_glitch_reads_german(german, roll):
    assert roll([1, 1, 3], modifier=3).outcome().headline == "Kritischer Patzer!"


def test_an_outcome_made_in_english_renders_again_in_german(roll):
    outcome = roll([5, 6, 1, 1], modifier=4, threshold=1).outcome()
    assert outcome.headline == "Glitch!"
    assert outcome.detail.startswith("2 hits - success")
    language.set_language("de")
    try:
        assert outcome.headline.translated() == "Patzer!"
        assert outcome.detail.translated().startswith("2 Erfolge – gelungen · Mindestwurf 1")
    finally:
        language.set_language("en")


def test_the_check_form_and_its_preview_read_german(german, system, sheet):
    params = {param.key: param for param in system.check_params(sheet, {})}
    assert params["threshold"].label == "Mindestwurf"
    assert dict(params["edge"].choices)[""] == "Kein Edge vor dem Wurf"
    preview = system.preview_check(sheet, {"skill": "Pistols", "threshold": 2})
    assert preview.summary == "Agility 4 + Pistols 3 = 7 Würfel · Erfolge ab 5 · Mindestwurf 2"
