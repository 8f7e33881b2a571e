"""Concealment rolls (text 000 "Verborgenheit", text 001 "Concealment"): the most
conspicuous item of the observed characters counts; the classic rules roll perception against
7 - its value, the current rules roll perception + its value dice.
"""

import pytest

from shadowdice.core.registry import CheckError
from shadowdice.core.sheet import Kind
from shadowdice.systems.phasesix.sheet import Item, PhaseSixSheet
from tests.systems.phasesix.conftest import RecordingSource


@pytest.fixture
def party():
    """Mira carries a rifle (5) and a knife (1); Bo a lockpick (2); Ida nothing."""
    return {
        "Mira": PhaseSixSheet(
            name="Mira",
            equipment=[Item(name="Knife", concealment=1), Item(name="Rifle", concealment=5)],
        ),
        "Bo": PhaseSixSheet(name="Bo", equipment=[Item(name="Lockpick", concealment=2)]),
        "Ida": PhaseSixSheet(name="Ida"),
    }


def spot(roll, sheet, faces, party, **values):
    return roll(sheet, faces, party, trait="concealment", **values)


def test_classic_perception_against_7_minus_the_concealment_value(roll, hagen, party):
    # Given Hagen with perception 3 observing Mira, whose rifle has concealment 5
    hagen.skill("Perception").value = 3
    source = RecordingSource([2, 1, 4])
    session = spot(roll, hagen, source, party, observed=("Mira",))
    # Then he throws 3 dice against 7 - 5 = 2+
    assert source.requests == [3]
    assert str(session.minimum_roll) == "2+ (7 - concealment 5)"
    assert session.check == "Concealment roll: Rifle (Mira), concealment 5"
    assert session.successes == 2


def test_the_most_conspicuous_item_of_the_whole_group_counts(roll, hagen, party):
    hagen.skill("Perception").value = 2
    session = spot(roll, hagen, [1, 1], party, observed=("Bo", "Ida", "Mira"))
    assert session.minimum_roll.value == 2 and "Rifle (Mira)" in session.check


def test_a_very_conspicuous_item_is_spotted_on_any_face(roll, hagen, party):
    party["Bo"].equipment[0].concealment = 9
    hagen.skill("Perception").value = 1
    session = spot(roll, hagen, [1], party, observed=("Bo",))
    assert session.minimum_roll.value == 0 and session.successes == 1


def test_classic_concealment_needs_no_attribute_and_takes_the_difficulty(roll, hagen, party):
    hagen.skill("Perception").value = 2
    session = spot(roll, hagen, [3, 4], party, observed=("Mira",), difficulty="hard")
    assert str(session.minimum_roll) == "4+ (7 - concealment 5 → 2+, hard +2)"
    assert session.successes == 1


def test_current_perception_plus_the_concealment_value_dice(roll, hagen_now, party):
    # Given perception 2 observing Mira's rifle (5): 2 + 5 = 7 dice at Hagen's own 5+
    hagen_now.skill("Perception").value = 2
    source = RecordingSource([5, 1, 2, 6, 3, 4, 4])
    session = spot(roll, hagen_now, source, party, observed=("Mira",))
    assert source.requests == [7] and session.minimum_roll.value == 5
    assert session.successes == 2


def test_current_concealment_takes_the_modifier(roll, hagen_now, party):
    session = spot(roll, hagen_now, [6, 6], party, observed=("Bo",), modifier=1)
    assert session.minimum_roll.value == 6 and session.successes == 2


def test_a_value_entered_by_hand_for_someone_not_on_a_sheet(roll, hagen_now, party):
    session = spot(roll, hagen_now, [1, 1, 1], party, concealment=3)
    assert session.check == "Concealment roll: entered by hand, concealment 3"
    # The highest of the entered value and the observed items counts
    session = spot(roll, hagen_now, [1] * 5, party, observed=("Bo",), concealment=5)
    assert len(session.table) == 5 and "entered by hand" in session.check
    session = spot(roll, hagen_now, [1] * 2, party, observed=("Bo",), concealment=1)
    assert session.check == "Concealment roll: Lockpick (Bo), concealment 2"


def test_observing_someone_who_is_not_open_is_refused(system, roll, hagen, party):
    with pytest.raises(CheckError, match="Zed is not an open Phase Six character"):
        spot(roll, hagen, [], party, observed=("Zed",))
    preview = system.preview_check(hagen, {"trait": "concealment", "observed": ("Zed",)}, party)
    assert preview.problem == "Zed is not an open Phase Six character." and preview.chance is None


def test_the_observed_characters_are_a_characters_param_from_the_party(system, hagen, party):
    params = {p.key: p for p in system.check_params(hagen, party)}
    observed = params["observed"]
    assert observed.kind is Kind.CHARACTERS and observed.default == ()
    assert observed.choices == (
        ("Mira", "Mira: Rifle 5"),
        ("Bo", "Bo: Lockpick 2"),
        ("Ida", "Ida: nothing conspicuous"),
    )
    assert params["concealment"].bounds == (0, 12)
    assert dict(params["trait"].choices)["concealment"] == "Concealment roll (Perception 0)"
