"""Bonus, reroll and destiny dice (text 000 "Bonuswürfel", "Wiederholungswürfel",
"Schicksalswürfel"; text 001 "Bonus dice", "Rerolls", "Destiny dice"): when they can be used,
what they throw, and that each is charged to the character once its throw succeeded.
"""

import pytest

from shadowdice.core.dice import ScriptedDiceSource, ScriptExhaustedError
from shadowdice.core.die import Mark
from shadowdice.core.registry import CheckError
from shadowdice.core.session import SessionError
from tests.systems.phasesix.conftest import RecordingSource, action, chains

COURAGE = {"trait": "skill:Courage", "minimum_roll_from": "Neuroticism"}  # Hagen: 5 dice, 15+
FAILED_COURAGE = [4, 2, 6, 6, 1, 6, 1, 1]


def charges(session):
    return [(charge.resource, charge.amount) for charge in session.charges]


# --- bonus dice --------------------------------------------------------------------------------


def test_bonus_dice_before_the_roll_are_thrown_with_the_pool(roll, hagen):
    source = RecordingSource([2, 2, 2, 2, 2, 5])
    session = roll(
        hagen,
        source,
        trait="skill:Hand to Hand Combat",
        minimum_roll_from="Intelligence",  # 8+: no six, nothing explodes
        bonus_dice=2,
    )
    assert source.requests == [6] and session.throws[0].label == "Roll with 2 bonus dice"
    assert {die.group for die in session.table} == {""}
    assert hagen.bonus_dice == 0 and charges(session) == [("bonus_dice", 2)]


def test_bonus_dice_after_a_failure_one_at_a_time(roll, hagen):
    # Given Hagen's failed courage roll at 15+
    session = roll(hagen, [*FAILED_COURAGE, 3, 6, 6, 3], **COURAGE)
    assert session.successes == 0
    # When he sacrifices a bonus die that shows 3: still nothing, one bonus die left
    session.apply("bonus_die")
    assert session.successes == 0 and hagen.bonus_dice == 1
    # And another that explodes to 6 + 6 + 3 = 15: a success after all
    throw = session.apply("bonus_die")
    assert session.die(throw.die_ids[0]).faces == (6, 6, 3)
    assert session.outcome().headline == "1 success"
    assert hagen.bonus_dice == 0 and charges(session) == [("bonus_dice", 1), ("bonus_dice", 1)]


def test_no_bonus_die_when_none_are_left(roll, hagen):
    hagen.bonus_dice = 0
    session = roll(hagen, FAILED_COURAGE, **COURAGE)
    offered = action(session, "bonus_die")
    assert not offered.enabled and offered.reason == "no bonus dice left"
    with pytest.raises(SessionError, match="Add a bonus die: no bonus dice left"):
        session.apply("bonus_die")


def test_more_bonus_dice_than_are_left_is_refused_before_the_roll(roll, hagen):
    with pytest.raises(CheckError, match="Only 2 bonus dice left"):
        roll(hagen, [], bonus_dice=3, **COURAGE)
    hagen.destiny_dice = 0
    with pytest.raises(CheckError, match="Only 0 destiny dice left"):
        roll(hagen, [], destiny_dice=1, **COURAGE)
    assert hagen.bonus_dice == 2


# --- destiny dice -------------------------------------------------------------------------------


def test_destiny_dice_before_the_roll_are_thrown_apart(roll, hagen):
    source = RecordingSource([1, 1, 1, 1, 1, 5])
    session = roll(hagen, source, destiny_dice=1, **COURAGE)
    assert source.requests == [5, 1]
    assert [throw.label for throw in session.throws] == ["Roll", "Destiny dice"]
    assert [die.group for die in session.table] == [""] * 5 + ["destiny"]
    assert session.successes == 1 and hagen.destiny_dice == 0
    assert charges(session) == [("destiny_dice", 1)]


def test_a_destiny_die_succeeds_on_4_plus_even_at_a_very_hard_15_plus(roll, hagen):
    session = roll(hagen, [1, 1, 1, 1, 1, 4], destiny_dice=1, difficulty="very_hard", **COURAGE)
    assert session.minimum_roll.value == 19 and session.successes == 1


def test_a_destiny_die_below_4_fails_at_a_high_minimum_roll(roll, hagen):
    session = roll(hagen, [1, 1, 1, 1, 1, 3], destiny_dice=1, **COURAGE)
    assert session.successes == 0 and session.table[-1].has(Mark.MISS)


def test_a_destiny_die_succeeds_by_the_normal_rule_below_4_plus(roll, hagen_now):
    session = roll(
        hagen_now, [1, 1, 1, 1, 1, 3], trait="skill:Courage", modifier=-2, destiny_dice=1
    )
    assert session.minimum_roll.value == 3 and session.successes == 1


def test_a_destiny_die_is_never_thrown_again(roll, hagen):
    # At 15+ a destiny 6 has succeeded already; the tray shows a plain 6.
    source = RecordingSource([1, 1, 1, 1, 1, 6])
    session = roll(hagen, source, destiny_dice=1, **COURAGE)
    assert source.requests == [5, 1] and session.table[-1].faces == (6,)


def test_no_destiny_die_when_none_are_left(roll, hagen):
    session = roll(hagen, [*FAILED_COURAGE, 2], **COURAGE)
    session.apply("destiny_die")
    for action_id in ("destiny_die", "destiny_reroll_die"):
        offered = action(session, action_id)
        assert not offered.enabled and offered.reason == "no destiny dice left"


# --- classic rules: one reroll die throws one die again ----------------------------------------


def test_a_reroll_die_throws_one_picked_die_again(roll, hagen):
    session = roll(
        hagen,
        [3, 5, 1, 2, 6, 2],
        trait="skill:Hand to Hand Combat",
        minimum_roll_from="Neuroticism",
    )
    offered = action(session, "reroll_die")
    # Only the dice that did not succeed can be picked, one of them.
    failed = tuple(die.id for die in session.table)
    assert offered.pick.eligible == failed and offered.pick.maximum == 1
    assert offered.cost == "1 reroll die"
    throw = session.apply("reroll_die", [failed[2]])
    assert throw.replaced == (failed[2],) and session.die(failed[2]).has(Mark.REROLLED)
    assert chains(session) == [(3,), (5,), (2,), (6, 2)]
    assert hagen.reroll_dice == 1 and charges(session) == [("reroll_dice", 1)]


def test_a_reroll_die_cannot_pick_a_success_or_two_dice(roll, hagen):
    session = roll(
        hagen, [2, 1, 1, 1], trait="skill:Hand to Hand Combat", minimum_roll_from="Strength"
    )
    success, *failed = (die.id for die in session.table)
    with pytest.raises(SessionError, match=f"die {success} cannot be picked"):
        session.apply("reroll_die", [success])
    with pytest.raises(SessionError, match="pick at most 1 die"):
        session.apply("reroll_die", failed[:2])
    assert hagen.reroll_dice == 2 and session.charges == []


def test_no_reroll_die_when_every_die_succeeded_or_none_are_left(roll, hagen):
    session = roll(
        hagen, [2, 3, 4, 5], trait="skill:Hand to Hand Combat", minimum_roll_from="Strength"
    )
    assert action(session, "reroll_die").reason == "every die is a success"
    hagen.reroll_dice = 0
    session = roll(
        hagen, [1, 3, 4, 5], trait="skill:Hand to Hand Combat", minimum_roll_from="Strength"
    )
    offered = action(session, "reroll_die")
    assert not offered.enabled and offered.reason == "no reroll dice left"


def test_a_rerolled_die_above_6_plus_explodes_again(roll, hagen):
    session = roll(hagen, [*FAILED_COURAGE, 6, 6, 4], **COURAGE)
    session.apply("reroll_die", [session.table[0].id])
    assert session.table[-1].faces == (6, 6, 4) and session.successes == 1


def test_a_rerolled_destiny_die_stays_a_destiny_die(roll, hagen):
    session = roll(hagen, [*FAILED_COURAGE, 2, 4], destiny_dice=0, **COURAGE)
    session.apply("destiny_die")
    destiny = session.table[-1]
    assert destiny.has(Mark.MISS)
    session.apply("reroll_die", [destiny.id])
    assert session.table[-1].group == "destiny" and session.successes == 1


def test_a_destiny_die_as_reroll_die_throws_a_destiny_die_in_place(roll, hagen):
    # Classic: 5 dice at 15+ failed; the destiny die takes the place of the 1 and shows 4.
    session = roll(hagen, [*FAILED_COURAGE, 4], **COURAGE)
    last = session.table[-1]
    assert action(session, "destiny_reroll_die").pick.maximum == 1
    throw = session.apply("destiny_reroll_die", [last.id])
    assert throw.replaced == (last.id,)
    assert session.die(throw.die_ids[0]).group == "destiny"
    assert session.successes == 1 and len(session.table) == 5
    assert hagen.destiny_dice == 0 and hagen.reroll_dice == 2
    assert charges(session) == [("destiny_dice", 1)]


# --- current rules: one reroll throws the whole roll again ----------------------------------------


def test_a_reroll_throws_the_whole_roll_again(roll, hagen_now):
    session = roll(hagen_now, [1, 2, 5, 3, 1, 5, 5, 6, 2, 1], trait="skill:Courage")
    before = [die.id for die in session.table]
    offered = action(session, "reroll_roll")
    assert offered.pick is None and offered.cost == "1 reroll"
    throw = session.apply("reroll_roll")
    assert throw.replaced == tuple(before)
    assert chains(session) == [(5,), (5,), (6,), (2,), (1,)]
    assert session.successes == 3
    assert hagen_now.reroll_dice == 1 and charges(session) == [("reroll_dice", 1)]


def test_a_reroll_throws_the_destiny_dice_again_apart(roll, hagen_now):
    source = RecordingSource([1, 1, 1, 1, 1, 2, 1, 1, 1, 1, 1, 5])
    session = roll(hagen_now, source, trait="skill:Courage", destiny_dice=1)
    session.apply("reroll_roll")
    assert source.requests == [5, 1, 5, 1]
    assert [throw.label for throw in session.throws[-2:]] == ["Reroll", "Reroll: destiny dice"]
    assert [die.group for die in session.table] == [""] * 5 + ["destiny"]
    assert session.successes == 1


def test_a_destiny_die_as_reroll_rerolls_the_whole_roll_with_ordinary_dice(roll, hagen_now):
    # Current rules: the destiny die pays for the reroll; the dice thrown again stay ordinary.
    session = roll(hagen_now, [1, 1, 1, 1, 1, 4, 4, 4, 4, 4], trait="skill:Courage")
    throw = session.apply("destiny_reroll_roll")
    assert len(throw.replaced) == 5
    assert {die.group for die in session.table} == {""}
    assert session.successes == 0, "fours are no success for ordinary dice at 5+"
    assert hagen_now.destiny_dice == 0 and hagen_now.reroll_dice == 2
    assert charges(session) == [("destiny_dice", 1)]


def test_no_reroll_when_none_are_left(roll, hagen_now):
    hagen_now.reroll_dice = hagen_now.destiny_dice = 0
    session = roll(hagen_now, [1] * 5, trait="skill:Courage")
    assert action(session, "reroll_roll").reason == "no rerolls left"
    assert action(session, "destiny_reroll_roll").reason == "no destiny dice left"
    with pytest.raises(SessionError, match="Reroll the whole roll: no rerolls left"):
        session.apply("reroll_roll")


def test_the_variants_offer_their_own_rerolls(roll, hagen, hagen_now):
    classic = roll(hagen, FAILED_COURAGE, **COURAGE)
    current = roll(hagen_now, [1] * 5, trait="skill:Courage")
    assert [a.id for a in classic.actions()] == [
        "bonus_die", "destiny_die", "reroll_die", "destiny_reroll_die",
    ]  # fmt: skip
    assert [a.id for a in current.actions()] == [
        "bonus_die", "destiny_die", "reroll_roll", "destiny_reroll_roll",
    ]  # fmt: skip


# --- accounting -------------------------------------------------------------------------------


def test_a_throw_that_fails_costs_nothing(roll, hagen, hagen_now):
    session = roll(hagen, FAILED_COURAGE, **COURAGE)
    for action_id, picked in [
        ("bonus_die", ()),
        ("destiny_die", ()),
        ("reroll_die", (session.table[0].id,)),
        ("destiny_reroll_die", (session.table[0].id,)),
    ]:
        with pytest.raises(ScriptExhaustedError):
            session.apply(action_id, picked)
    assert session.charges == [] and (hagen.bonus_dice, hagen.reroll_dice) == (2, 2)
    assert hagen.destiny_dice == 1
    session = roll(hagen_now, [1] * 5, trait="skill:Courage")
    with pytest.raises(ScriptExhaustedError):
        session.apply("reroll_roll")
    assert hagen_now.reroll_dice == 2 and session.charges == []


@pytest.mark.parametrize(
    ("action_id", "resource"),
    [("reroll_roll", "reroll_dice"), ("destiny_reroll_roll", "destiny_dice")],
)
def test_a_whole_roll_reroll_whose_destiny_throw_fails_changes_nothing(
    roll, hagen_now, action_id, resource
):
    # Given a current roll of 5 dice and a destiny die, all failed
    hagen_now.destiny_dice_max = hagen_now.destiny_dice = 2
    source = ScriptedDiceSource([1, 1, 1, 1, 1, 2])
    session = roll(hagen_now, source, trait="skill:Courage", destiny_dice=1)
    before = (session.outcome(), session.table, list(session.throws), session.dice)
    left = getattr(hagen_now, resource)
    # When the dice run out between the ordinary dice and the destiny die of the reroll
    source.extend([5, 5, 5, 5, 5])
    with pytest.raises(ScriptExhaustedError):
        session.apply(action_id)
    # Then the roll stands as it was, nothing is charged, and the reroll is still offered
    assert (session.outcome(), session.table, session.throws, session.dice) == before
    assert getattr(hagen_now, resource) == left
    assert charges(session) == [("destiny_dice", 1)]
    assert action(session, action_id).enabled
    # And once the dice come, the reroll goes through whole
    source.extend([5, 5, 5, 5, 5, 4])
    session.apply(action_id)
    assert [die.faces for die in session.table] == [(5,)] * 5 + [(4,)]
    assert getattr(hagen_now, resource) == left - 1


def test_dice_run_down_over_several_checks(roll, hagen):
    for left in (1, 0):
        session = roll(hagen, [*FAILED_COURAGE, 1], **COURAGE)
        session.apply("bonus_die")
        assert hagen.bonus_dice == left
    assert not action(roll(hagen, FAILED_COURAGE, **COURAGE), "bonus_die").enabled


def test_the_record_lists_what_was_spent(roll, hagen):
    session = roll(hagen, [*FAILED_COURAGE, 5, 4], bonus_dice=1, **COURAGE)
    session.apply("destiny_reroll_die", [session.table[0].id])
    record = session.finish()
    assert [(a.id, a.cost) for a in record.actions] == [("destiny_reroll_die", "1 destiny die")]
    assert charges(session) == [("bonus_dice", 1), ("destiny_dice", 1)]
