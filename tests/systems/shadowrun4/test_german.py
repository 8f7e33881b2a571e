"""A Shadowrun 4 check reads in the rule text's German ("Erfolge", "Patzer", "Mindestwurf",
"gewagte Probe"), with plurals right, and a check made in English renders again in German.
"""

import pytest

from shadowdice.core import language
from shadowdice.core.dice import ScriptedDiceSource


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


def test_a_single_one_reads_in_the_singular(german, roll):
    assert roll([5, 1, 2], modifier=3).outcome().detail == "1 von 3 Würfeln zeigt 1"


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
    assert dict(params["edge"].choices)[""] == "Kein Edge vorab"
    preview = system.preview_check(sheet, {"skill": "Pistols", "threshold": 2})
    assert preview.summary == (
        "Geschicklichkeit 4 + Pistolen 3 = 7 Würfel · Erfolge ab 5 · Mindestwurf 2"
    )


def test_the_sheet_and_the_form_name_attributes_and_skills_in_german(german, system, sheet):
    tables = {table.key: table for table in system.sheet_tables()}
    attribute_name = tables["attributes"].columns[0]
    assert attribute_name.text_of(sheet.attributes[1].name) == "Geschicklichkeit"
    assert sheet.attributes[1].name == "Agility"  # the file keeps the id
    skill_name, _rating, linked = tables["skills"].columns
    assert (skill_name.text_of("Pistols"), linked.text_of("Agility")) == (
        "Pistolen",
        "Geschicklichkeit",
    )
    assert skill_name.text_of("Kampfsport") == "Kampfsport"  # a player's own, as typed
    params = {param.key: param for param in system.check_params(sheet)}
    assert dict(params["skill"].choices)["Pistols"].startswith("Pistolen ")
    assert dict(params["attribute"].choices)["Agility"] == "Geschicklichkeit 4"
    metatype = {spec.key: spec for spec in system.sheet_fields()}["metatype"]
    assert dict(zip(metatype.choices, metatype.choice_labels, strict=True))["Dwarf"] == "Zwerg"


def test_the_optional_rules_carry_their_german_names(german, system):
    fields = {spec.key: spec.label for spec in system.sheet_fields()}
    assert fields["cinematic"] == "Cinematischere Spielumgebung"
    assert fields["harder"] == "Schwierigere Spielumgebung"


def test_a_check_is_named_in_german_and_renders_again_in_english(system, sheet):
    sheet.skill("Pistols").rating = 2
    language.set_language("de")
    try:
        session = system.start_check(
            sheet,
            {"skill": "Pistols", "attribute": "linked", "edge": "before"},
            ScriptedDiceSource([1] * 20),
        )
        assert session.check == "Geschicklichkeit + Pistolen, Edge vor dem Wurf"
    finally:
        language.set_language("en")
    assert session.check.translated() == "Agility + Pistols, Edge before the roll"


def test_the_card_lists_rolls_in_german(german, system, sheet):
    sheet.skill("Pistols").rating = 2
    labels = [quick.label for quick in system.quick_checks(sheet)]
    assert labels[0] == "Pistolen 2 (Geschicklichkeit)"
    assert "Willenskraft 3" in labels


def test_a_character_saved_in_english_opens_in_german_with_the_same_values(tmp_path, system, sheet):
    from shadowdice.storage.character_file import load_character, save_character
    from shadowdice.systems import builtin_registry

    sheet.skill("Pistols").rating = 4
    path = tmp_path / "kira.json"
    save_character(path, system, sheet)
    english = path.read_bytes()
    language.set_language("de")
    try:
        loaded = load_character(path, builtin_registry())
        assert loaded.sheet == sheet
        save_character(path, system, loaded.sheet)
    finally:
        language.set_language("en")
    assert path.read_bytes() == english
