"""A Star Wars D6 roll reads in the rule text's German ("Zielwert", "Geschicklichkeit",
"Machtpunkt", "benommen", "tödlich verwundet", "Nahkampfwaffenabwehr"), names attributes and
skills in German while the sheet keeps its ids, and a roll made in English renders again in German.
"""

import pytest

from shadowdice.core import language
from shadowdice.core.die import group_words
from shadowdice.systems.starwars import StarWarsD6
from shadowdice.systems.starwars.sheet_actions import new_round
from tests.systems.starwars.characters import SYSTEM, character, declared, params, roll


@pytest.fixture
def german():
    language.set_language("de")
    yield
    language.set_language("en")


def test_the_blaster_shot_reads_german_a_fehlschlag_as_the_rule_text_calls_it(german):
    shooter = character(Dexterity="3D+1", skills=[("Blaster", "Dexterity", "1D")])
    outcome = roll(shooter, [6, 3, 2, 2], roll="skill:Blaster", target=15).outcome()
    assert outcome.headline == "14 gegen 15 – Fehlschlag um 1"
    assert outcome.detail == "Blaster 4D+1 gegen 15"


def test_a_success_and_an_automatic_result_read_german(german):
    strong = character(Strength="6D")
    assert (
        roll(strong, [6, 6, 6, 6, 6, 6], roll="attribute:Strength", target=9).outcome().headline
        == "36 gegen 9 – Erfolg um 27"
    )


def test_the_form_names_attributes_and_skills_in_german(german):
    sheet = character(Dexterity="3D+1", skills=[("Dodge", "Dexterity", "1D")])
    params = {param.key: param for param in StarWarsD6().check_params(sheet)}
    choices = dict(params["roll"].choices)
    assert choices["skill:Dodge"] == "Ausweichen 4D+1 (Geschicklichkeit)"
    assert choices["attribute:Dexterity"] == "Geschicklichkeit 3D+1"
    assert params["target"].label == "Zielwert"
    assert sheet.skills[0].name == "Dodge"  # the file keeps the id


def test_the_sheet_names_wounds_and_tables_in_german(german):
    system = StarWarsD6()
    wound = {spec.key: spec for spec in system.sheet_fields()}["wound"]
    assert "Tödlich verwundet" in wound.choice_labels
    attributes = {table.key: table for table in system.sheet_tables()}["attributes"]
    assert attributes.columns[0].text_of("Perception") == "Wahrnehmung"


def test_a_roll_made_in_english_renders_again_in_german():
    shooter = character(Dexterity="3D+1", skills=[("Blaster", "Dexterity", "1D")])
    outcome = roll(shooter, [6, 3, 2, 2], roll="skill:Blaster", target=15).outcome()
    language.set_language("de")
    try:
        assert outcome.headline.translated() == "14 gegen 15 – Fehlschlag um 1"
        assert outcome.detail.translated() == "Blaster 4D+1 gegen 15"
    finally:
        language.set_language("en")


def test_a_damage_roll_and_the_new_round_read_german(german):
    bulack = character("Bulack", Strength="3D")
    session = roll(bulack, [3, 3, 3, 3, 3, 3, 3], check="damage", damage="4D")
    outcome = session.outcome()
    assert outcome.headline == "Benommen und verwundet"
    assert outcome.detail == (
        "Schaden 12 gegen Stärke 9 · Bulack: verwundet · keine Aktionen mehr in dieser Runde, "
        "nur Reaktionen"
    )
    assert new_round(bulack).startswith("Neue Runde: Ansagen gelöscht; die Benommenheit ist vorbei")
    # ... and the tray captions the two groups of dice in German
    groups = dict.fromkeys(die.group for die in session.table)
    assert [group_words(group) for group in groups] == ["Schaden", "Stärke"]


def test_a_hit_below_strength_reads_benommen_as_the_rule_text_says(german):
    # Given Corukk (Strength 2D) hit by 3D: 2+2+1 = 5 against 4+4 = 8
    corukk = character("Corukk", Strength="2D")
    outcome = roll(corukk, [2, 2, 1, 4, 4], check="damage", damage="3D").outcome()
    # Then he is "benommen", the rule text's word, and the later roll says so too
    assert outcome.headline == "Benommen"
    assert (
        outcome.detail
        == "Schaden 5 gegen Stärke 8 · keine Aktionen mehr in dieser Runde, nur Reaktionen"
    )
    shot = SYSTEM.preview_check(corukk, {"roll": "attribute:Dexterity", "target": 10})
    assert shot.summary.endswith("benommen: keine Aktionen mehr in dieser Runde, nur Reaktionen")


def test_the_segment_order_names_each_kind_of_action_in_german(german):
    anla = declared(
        character("Anla", Dexterity="3D", skills=[("Blaster", "Dexterity", "1D")]),
        ("action", "Blaster"),
    )
    darlen = declared(character("Darlen", Dexterity="3D"), ("walk", ""))
    preview = SYSTEM.preview_group_check([anla, darlen], {"group": "order", "segment": 1})
    assert preview.summary == "Anla: Aktion: Blaster 4D; Darlen: Gehen: Geschicklichkeit 3D"


@pytest.mark.parametrize(
    ("skill", "words"),
    [
        ("Grenade", "Granaten"),
        ("Security", "Sicherheitstechnik"),
        ("Brawling Parry", "Nahkampfabwehr (unbewaffnet)"),
        ("Starship Piloting", "Raumschiff steuern"),
        ("Melee Combat", "Nahkampfwaffen"),
        ("Melee Parry", "Nahkampfwaffenabwehr"),
        ("Climbing/Jumping", "Klettern/Springen"),
    ],
)
def test_skills_the_rule_text_names_in_german_read_as_it_writes_them(german, skill, words):
    sheet = character(skills=[(skill, "Dexterity", "0D")])
    choices = dict(params(sheet)["roll"].choices)
    assert choices[f"skill:{skill}"] == f"{words} 2D (Geschicklichkeit)"


def test_a_ships_speed_reads_as_the_rule_texts_geschwindigkeitswert(german):
    fields = {spec.key: spec for spec in StarWarsD6().sheet_fields()}
    assert fields["sublight_speed"].label == "Geschwindigkeitswert"
    pilot = character("Bulack", Mechanical="3D", skills=[("Starship Piloting", "Mechanical", "0D")])
    pilot.ship, pilot.sublight_speed = "Frachter", "2D"
    values = {"group": "speed", "range": "medium", "wish_0": "close"}
    preview = SYSTEM.preview_group_check([pilot], values)
    assert (
        preview.summary
        == "Von Entfernung „mittel“: Bulack: verringern, Frachter Geschwindigkeitswert 2D"
    )


def test_the_wound_and_the_armor_that_take_from_a_roll_read_german(german):
    from shadowdice.systems.starwars.damage import Armor, Wound

    # Given a wounded shooter in light armor, and one in full armor
    shooter = character(Dexterity="3D", skills=[("Blaster", "Dexterity", "1D")])
    shooter.wound, shooter.armor = Wound.WOUNDED, Armor.LIGHT
    armored = character(Dexterity="3D", skills=[("Blaster", "Dexterity", "1D")])
    armored.armor = Armor.FULL
    # Then the preview names both in German
    summary = SYSTEM.preview_check(shooter, {"roll": "skill:Blaster", "target": 10}).summary
    assert "-1D (verwundet), -1 (leichte Rüstung)" in summary
    summary = SYSTEM.preview_check(armored, {"roll": "skill:Blaster", "target": 10}).summary
    assert "-1D (volle Rüstung)" in summary
