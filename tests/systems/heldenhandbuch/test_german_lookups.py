"""The game master's tables of the Heldenhandbuch read in the rule text's German: results,
the levels of chases and herbs, the ranks of items, the severities of hits and what they do,
and a result made in English renders again in German.
"""

import pytest

from shadowdice.core import language
from shadowdice.systems.heldenhandbuch.lookups.body import drinking, treat
from shadowdice.systems.heldenhandbuch.lookups.combat import Armor, damage
from shadowdice.systems.heldenhandbuch.lookups.crafting import craft, mass_production
from shadowdice.systems.heldenhandbuch.lookups.items import item_quality
from shadowdice.systems.heldenhandbuch.lookups.outdoors import chase, herb_search
from shadowdice.systems.heldenhandbuch.lookups.ranged import ranged_shot
from shadowdice.systems.heldenhandbuch.lookups.sneaking import sneaking


@pytest.fixture
def german():
    language.set_language("de")
    yield
    language.set_language("en")


def test_treatment_and_drinking_read_german(german):
    assert treat("medicine", "heavy", 2, 12).sentence == (
        "Behandelt: Heilkunde 12 erreicht 11 für 2 schwere Treffer."
    )
    assert treat("first_aid", "heavy", 1, 3).details == (
        "Unbehandelt verliert der Lebenskreis jeden Tag ein weiteres Segment.",
    )
    sip = drinking(3, (2, 7))
    assert sip.sentence == (
        "Getränk 3 braucht 6 auf zwei Würfeln: nur ein Würfel erreicht sie; "
        "verliere 1 Punkt Physis oder Psyche (nach deiner Wahl)."
    )
    assert sip.details[1].startswith("Der letzte Punkt Psyche verloren: sturzbetrunken")


def test_a_hit_names_its_severity_and_what_it_does(german):
    hit = damage((14,), Armor.HEAVY, protection=3, armor_quality=10)
    assert (
        hit.sentence
        == "Schwerer Schaden: 11 nach Rüstung 3. Die Güte der Rüstung sinkt von 10 auf 9."
    )
    assert hit.details[0].startswith("Eine schwere Verletzung markiert mittlere Segmente")
    assert (
        damage((2,), Armor.HEAVY, protection=3).sentence
        == "Kein Schaden: 2 von Rüstung 3 aufgehalten."
    )


def test_shots_sneaking_and_chases_read_german(german):
    assert ranged_shot("large", "slow", 4, 25, 0, 14).sentence == (
        "Treffer: 14 erreicht den Mindestwurf 13 (7 + 4 auf 2W6 + 2 für die Entfernung)."
    )
    assert sneaking("middle", "unaware", 6, 0).sentence == (
        "Misslungen: 6 gegen 7; die Wachen werden aufmerksam."
    )
    assert sneaking("near", "wary", 9, 9).sentence == "Unbemerkt: 9 gegen ihre Wachprobe 9."
    assert chase(17, 13, "heels").sentence == (
        "Zügig (13) gegen das Tempo „schnell“ (17) des Vorderen: verliere 1 Physis; "
        "jetzt Kleiner Vorsprung (3 bis 10 m)."
    )


def test_herbs_items_and_crafting_read_german(german):
    assert herb_search((12, 12, 5, 2), skill_value=14).sentence == (
        "3 Kräuter, 9 Pflanzen: 12 Fortgeschrittene (4 mit dem Gleichen), "
        "12 Fortgeschrittene (4 mit dem Gleichen), 5 Anfänger (1)."
    )
    assert craft(15).sentence == "Güte 15: gut, Preis x1,5."
    assert mass_production((8, 8, 5), 8).sentence == (
        "2 Gegenstände der Güte 8 (einfach) an diesem halben Tag."
    )
    assert item_quality(20, 3, 40).sentence == (
        "Güte 20: legendär, Preis mindestens x100, 3 Bonuswirkungen: mindestens 4.000."
    )
    assert item_quality(11, 0, 41).sentence.endswith(": 61,50.")


def test_a_result_made_in_english_reads_german_after_a_switch():
    sentence = sneaking("middle", "unaware", 6, 0).sentence
    assert sentence == "Failed: 6 against 7; the guards become wary."
    language.set_language("de")
    try:
        assert sentence.translated() == "Misslungen: 6 gegen 7; die Wachen werden aufmerksam."
    finally:
        language.set_language("en")


def test_the_hits_of_a_damage_roll_made_in_english_read_german_after_a_switch():
    sentence = damage((14, 9), Armor.HEAVY, protection=3, armor_quality=10).sentence
    assert sentence == (
        "Heavy damage: 11 after armor 3; light damage: 6 after armor 3. "
        "Armor quality 10 falls to 9."
    )
    language.set_language("de")
    try:
        assert sentence.translated() == (
            "Schwerer Schaden: 11 nach Rüstung 3; leichter Schaden: 6 nach Rüstung 3. "
            "Die Güte der Rüstung sinkt von 10 auf 9."
        )
    finally:
        language.set_language("en")
