"""A looked-up table as a roll session: no dice, no actions, the result as outcome."""

import pytest

from shadowdice.core.dice import ScriptedDiceSource
from shadowdice.core.registry import CheckError
from shadowdice.core.session import SessionError, Tone
from shadowdice.systems.heldenhandbuch.lookups import LOOKUP_BY_ID
from shadowdice.systems.heldenhandbuch.lookups.body import drinking, treat
from shadowdice.systems.heldenhandbuch.lookups.combat import damage
from shadowdice.systems.heldenhandbuch.lookups.crafting import craft, mass_production
from shadowdice.systems.heldenhandbuch.lookups.items import item_quality
from shadowdice.systems.heldenhandbuch.lookups.outdoors import chase, herb_search
from shadowdice.systems.heldenhandbuch.lookups.session import LookupSession, lookup_tone


def start(lookup_id, values):
    return LookupSession(
        LOOKUP_BY_ID[lookup_id],
        values,
        system_id="heldenhandbuch",
        character="Alrik",
        source=ScriptedDiceSource([]),  # an empty script: any throw would fail the test
    )


def test_a_lookup_session_throws_nothing_and_shows_the_result():
    # Given the healing table with medicine 12 against 2 heavy hits
    session = start(
        "healing",
        {"healing_skill": "medicine", "healing_heavy_hits": 2, "healing_result": 12},
    )
    # Then no die is thrown, nothing is offered, and the outcome is the result
    assert session.dice == ()
    assert session.actions() == ()
    outcome = session.outcome()
    assert outcome.headline == "Treated: medicine 12 reaches 11 for 2 heavy hits."
    assert outcome.tone is Tone.SUCCESS
    assert outcome.detail.startswith("Treated life circles heal")
    assert outcome.values["minimum"] == 11
    assert outcome.values["injury"] == "heavy"


def test_a_lookup_session_finishes_into_a_record():
    session = start("damage", {"damage_faces": "20 20"})
    record = session.finish()
    assert record.check == "Damage severity"
    assert record.throws == ()
    assert record.outcome.tone == "critical"
    assert record.outcome.headline == "Critical damage: 40."
    with pytest.raises(SessionError):
        session.apply("anything")


def test_values_that_do_not_fit_are_refused_before_a_session_exists():
    with pytest.raises(CheckError, match="Enter the faces"):
        start("damage", {})


@pytest.mark.parametrize(
    ("result", "tone"),
    [
        (damage((9,)), Tone.NEUTRAL),
        (damage((21,)), Tone.CRITICAL),
        (craft(3), Tone.FAILURE),
        (craft(12), Tone.SUCCESS),
        (mass_production((2, 9), 2), Tone.FAILURE),
        (mass_production((2, 9), 9), Tone.SUCCESS),
        (drinking(1, (4, 4)), Tone.SUCCESS),
        (drinking(1, (4, 3)), Tone.FAILURE),
        (herb_search((3,)), Tone.FAILURE),
        (herb_search((4,)), Tone.SUCCESS),
        (chase(10, 9, "heels"), Tone.FAILURE),
        (chase(10, 10, "heels"), Tone.SUCCESS),
        (treat("first_aid", "critical", 1, 30), Tone.FAILURE),
        (item_quality(12), Tone.NEUTRAL),
    ],
)
def test_the_tone_of_each_kind_of_result(result, tone):
    assert lookup_tone(result) is tone
