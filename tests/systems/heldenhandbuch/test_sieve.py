"""Sieve and cascade rolls (text 003 "Siebwurf", "Kaskadenwurf", "Patzer"): keeping dice and
throwing the rest again, the suggestion, 1s that stay, stopping, the best group shown, and
sequences with and without the star of skill; shadow rolls of high mastery; and complete rolls
from the player's seat, through the generic session API the tray uses.
"""

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shadowdice.core.dice import ScriptedDiceSource
from shadowdice.core.die import Mark
from shadowdice.core.session import SessionError, Tone
from shadowdice.systems.heldenhandbuch import Heldenhandbuch
from shadowdice.systems.heldenhandbuch.evaluation import evaluate
from shadowdice.systems.heldenhandbuch.sheet import HeldenSheet
from tests.systems.heldenhandbuch.conftest import faces


def test_a_sieve_roll_keeps_dice_apart_and_throws_the_rest_again(roll, alrik):
    # Given Oratory 9 on 3W12, When 7, 3, 10 are thrown
    session = roll(alrik, [7, 3, 10, 7, 2, 2], what="skill:Oratory", roll="sieve")
    keep = session.actions()[0]
    assert keep.id == "keep" and keep.pick.minimum == 1 and keep.pick.eligible == (0, 1, 2)
    # Then the app suggests the 10, the best result on the table
    assert keep.pick.suggested == (2,)
    # When the player keeps the 7 instead, Then it lies apart and the others are thrown again
    throw = session.apply("keep", (0,))
    assert throw.replaced == (1, 2) and len(throw.die_ids) == 2
    assert session.die(0).has(Mark.KEPT)  # the tray lays it in its kept strip
    assert not any(session.die(die_id).has(Mark.KEPT) for die_id in throw.die_ids)
    assert session.die(1).has(Mark.REROLLED)
    # And the new 7 matches the kept one once kept
    assert session.actions()[0].pick.suggested == (3,)
    session.apply("keep", (3,))
    assert session.outcome().headline == "So far: result 14 (7 + 7)"
    # And after the last die is thrown again the player may stop
    session.apply("stop")
    assert session.actions() == () and faces(session) == [7, 7, 2]


def test_a_sieve_roll_needs_at_least_one_die_kept(roll, alrik):
    session = roll(alrik, [7, 3, 10], what="skill:Oratory", roll="sieve")
    with pytest.raises(SessionError, match="at least 1 die"):
        session.apply("keep", ())


def test_ones_stay_on_the_table_and_cannot_be_kept_or_thrown_again(roll, alrik):
    session = roll(alrik, [1, 6, 9, 8, 4], what="skill:Oratory", roll="sieve")
    assert session.die(0).has(Mark.KEPT) and session.die(0).has(Mark.FUMBLE)
    assert session.actions()[0].pick.eligible == (1, 2)
    # The suggestion keeps the 9 and a success to offset the 1
    assert session.actions()[0].pick.suggested == (1, 2)
    session.apply("keep", (2,))
    # Only the 6 is thrown again; the 1 voids the kept 9 for now
    assert session.outcome().values["value"] == 0
    session.apply("keep", (3,))
    # Kept 9 and 8 with the 1: the 8 is voided, the 9 counts
    outcome = session.outcome()
    assert outcome.values["value"] == 9 and outcome.values["ones_offset"] == 1
    assert session.actions() == () and session.settled


def test_a_throw_of_only_ones_ends_the_sieve_roll(roll, alrik):
    session = roll(alrik, [5, 3, 9, 1, 1], what="skill:Oratory", roll="sieve")
    session.apply("keep", (2,))
    assert session.actions() == ()
    assert session.outcome().values["psyche_lost"] == 1


def test_a_cascade_roll_shows_the_best_group_and_its_value(roll, alrik):
    # Given Basic martial arts 16 (4W20, a combat skill: sequences allowed)
    session = roll(alrik, [7, 8, 3, 15, 9, 9], what="skill:Basic martial arts", roll="cascade")
    assert session.actions()[0].pick.suggested == (0, 1)
    session.apply("keep", (0, 1))
    assert session.outcome().headline == "So far: group 15 (8 + 7)"
    session.apply("keep", (4, 5))
    outcome = session.outcome()
    assert outcome.headline == "Group 33 (9 + 9 + 8 + 7)"
    assert session.die(4).marks == {Mark.HIT, Mark.MATCHED, Mark.SEQUENCE, Mark.CHOSEN, Mark.KEPT}
    assert session.die(0).marks == {Mark.HIT, Mark.SEQUENCE, Mark.CHOSEN, Mark.KEPT}


def test_a_general_skill_forms_sequences_only_with_the_star(roll, alrik):
    # Oratory (general, no star): 7, 8 form nothing together
    without = roll(alrik, [7, 8, 4, 4], what="skill:Oratory", roll="cascade")
    without.apply("stop")
    assert without.outcome().headline == "Group 8 (8)"
    # Intimidation 12 (general, with the star): 7, 8 are a sequence
    alrik.skill("Intimidation").bonus_dice = 1
    star = roll(alrik, [7, 8], what="skill:Intimidation", roll="cascade")
    star.apply("stop")
    assert star.outcome().headline == "Group 15 (8 + 7)"


def test_a_sieve_roll_never_forms_sequences(roll, alrik):
    session = roll(alrik, [7, 8, 9, 4], what="skill:Basic martial arts", roll="sieve")
    session.apply("stop")
    assert session.outcome().values["value"] == 9


def test_a_shadow_roll_throws_a_die_again_and_the_player_takes_either(roll, alrik):
    # Given Weapon smithing 22: two shadow rolls
    alrik.skill("Weapon smithing").value = 22
    session = roll(alrik, [9, 9, 4, 3, 2, 9], what="skill:Weapon smithing", roll="single")
    shadow = next(a for a in session.actions() if a.id == "shadow_roll")
    assert shadow.pick.maximum == 1 and shadow.pick.suggested == (4,)
    session.apply("shadow_roll", (4,))
    assert [a.id for a in session.actions()] == ["shadow_take_new", "shadow_keep_old"]
    session.apply("shadow_take_new")
    assert session.die(4).has(Mark.REROLLED)
    assert session.outcome().values["value"] == 27
    assert session.shadow_left == 1


# --- from the player's seat: what the tray shows and offers after each step -------------------


def seen(session):
    """What the player sees: the offered action ids, the keep pick, the headline and tone."""
    offered = {action.id: action for action in session.actions()}
    keep = offered.get("keep")
    return {
        "actions": list(offered),
        "eligible": keep.pick.eligible if keep else (),
        "suggested": keep.pick.suggested if keep else (),
        "headline": session.outcome().headline,
        "tone": session.outcome().tone,
    }


def kept_faces(session):
    """The faces marked KEPT (the tray's kept strip), all in the pool's own group."""
    kept = [die for die in session.table if die.has(Mark.KEPT)]
    assert all(die.group == "" for die in kept)
    return [die.face for die in kept]


def test_a_complete_three_throw_sieve_roll_as_the_player_sees_it(system, alrik):
    # Given Oratory 9 on 3W12 (matches up to 9) and the faces of three throws
    source = ScriptedDiceSource([7, 3, 10, 7, 2, 7])
    session = system.start_check(alrik, {"what": "skill:Oratory", "roll": "sieve"}, source)

    # Throw 1 shows 7, 3, 10: nothing is kept yet; the 10 is the best die to keep
    assert seen(session) == {
        "actions": ["keep", "stop"],
        "eligible": (0, 1, 2),
        "suggested": (2,),
        "headline": "Nothing kept yet",
        "tone": Tone.NEUTRAL,
    }
    assert "to keep or throw again: 7, 3, 10" in session.outcome().detail
    assert kept_faces(session) == []

    # When the player keeps the 7 instead (hoping for a match), the 3 and 10 are thrown again
    session.apply("keep", (0,))
    # Throw 2 shows 7, 2: the new 7 matches the kept one, so it is suggested
    assert seen(session) == {
        "actions": ["keep", "stop"],
        "eligible": (3, 4),
        "suggested": (3,),
        "headline": "So far: result 7",
        "tone": Tone.NEUTRAL,
    }
    assert kept_faces(session) == [7]
    assert session.die(1).has(Mark.REROLLED) and session.die(2).has(Mark.REROLLED)

    # When the player keeps the suggested 7, the 2 is thrown again: throw 3 shows a 7
    session.apply("keep", seen(session)["suggested"])
    assert seen(session) == {
        "actions": ["keep", "stop"],
        "eligible": (5,),
        "suggested": (5,),
        "headline": "So far: result 14 (7 + 7)",
        "tone": Tone.NEUTRAL,
    }
    assert kept_faces(session) == [7, 7]

    # When the player keeps the last die too, every die is kept and the roll ends
    session.apply("keep", (5,))
    assert seen(session) == {
        "actions": [],
        "eligible": (),
        "suggested": (),
        "headline": "Result 21 (7 + 7 + 7)",
        "tone": Tone.SUCCESS,
    }
    assert kept_faces(session) == [7, 7, 7]
    assert all(session.die(i).has(Mark.MATCHED) for i in (0, 3, 5))
    # And nothing more was thrown: three throws, the script used up exactly
    assert len(session.throws) == 3 and source.remaining == 0
    assert session.finish().outcome.headline == "Result 21 (7 + 7 + 7)"


def test_stop_keeps_the_last_throw_and_ends_the_roll(roll, alrik):
    session = roll(alrik, [7, 3, 10, 9, 2], what="skill:Oratory", roll="sieve")
    session.apply("keep", (2,))
    assert seen(session)["headline"] == "So far: result 10"
    session.apply("stop")
    assert seen(session)["actions"] == [] and session.outcome().values["ended"] is True
    assert kept_faces(session) == [10, 9, 2]
    assert session.outcome().headline == "Result 10"


def test_keeping_every_die_of_the_first_throw_ends_the_roll_without_throwing(roll, alrik):
    session = roll(alrik, [8, 8, 5], what="skill:Oratory", roll="sieve")
    session.apply("keep", (0, 1, 2))
    assert len(session.throws) == 1 and seen(session)["actions"] == []
    assert session.outcome().headline == "Result 16 (8 + 8)"


def test_a_throw_with_nothing_left_to_keep_ends_the_roll(roll, alrik):
    # The 9 is kept; the other two dice come back as 1s, which stay: nothing is left
    session = roll(alrik, [9, 3, 2, 1, 1], what="skill:Oratory", roll="sieve")
    session.apply("keep", (0,))
    assert seen(session)["actions"] == []
    assert kept_faces(session) == [9, 1, 1]
    # Two 1s, one success: the 9 offsets one; one 1 costs Psyche
    assert seen(session)["headline"] == "No result" and seen(session)["tone"] is Tone.GLITCH


def test_a_cascade_roll_shows_its_best_group_and_value_after_each_throw(roll, alrik):
    # Given Basic martial arts 16 on 4W20 (a combat skill: sequences count)
    session = roll(alrik, [7, 8, 3, 15, 9, 2, 9], what="skill:Basic martial arts", roll="cascade")
    # Throw 1: 7 and 8 are a sequence, the best group on the table
    assert seen(session)["suggested"] == (0, 1)
    assert seen(session)["headline"] == "Nothing kept yet"
    session.apply("keep", (0, 1))
    # Throw 2 shows 9, 2: the 9 extends the sequence
    assert seen(session) == {
        "actions": ["keep", "stop"],
        "eligible": (4, 5),
        "suggested": (4,),
        "headline": "So far: group 15 (8 + 7)",
        "tone": Tone.NEUTRAL,
    }
    session.apply("keep", (4,))
    # Throw 3 shows a 9: it matches the kept 9
    assert seen(session)["suggested"] == (6,)
    assert seen(session)["headline"] == "So far: group 24 (9 + 8 + 7)"
    session.apply("keep", (6,))
    outcome = session.outcome()
    assert (outcome.headline, outcome.tone) == ("Group 33 (9 + 9 + 8 + 7)", Tone.SUCCESS)
    assert outcome.values["value"] == 33
    assert session.die(6).marks == {Mark.HIT, Mark.MATCHED, Mark.SEQUENCE, Mark.CHOSEN, Mark.KEPT}
    assert kept_faces(session) == [7, 8, 9, 9]


def sieve_with(kept, thrown, roll):
    """A roll of Oratory 9 on W12 with ``kept`` dice kept and ``thrown`` on the table, reached
    through the session's own actions (the kept faces and placeholders first, then the
    placeholders thrown again).
    """
    sheet = HeldenSheet(name="Alrik")
    oratory = sheet.skill("Oratory")
    oratory.value, oratory.base_die, oratory.bonus_dice = 9, "W12", len(kept) + len(thrown) - 1
    values = {"what": "skill:Oratory", "roll": roll}
    chosen = tuple(i for i, face in enumerate(kept) if face != 1)
    if not chosen:  # only 1s kept: they stay on the table by themselves
        return Heldenhandbuch().start_check(sheet, values, ScriptedDiceSource([*kept, *thrown]))
    placeholders = [2] * len(thrown)
    source = ScriptedDiceSource([*kept, *placeholders, *thrown])
    session = Heldenhandbuch().start_check(sheet, values, source)
    session.apply("keep", chosen)
    return session


@settings(max_examples=150, deadline=None)
@given(
    kept=st.lists(st.integers(1, 12), max_size=3),
    thrown=st.lists(st.integers(1, 12), min_size=1, max_size=3),
    roll=st.sampled_from(["sieve", "cascade"]),
)
def test_the_suggestion_reaches_the_best_value_any_keep_could(kept, thrown, roll):
    # Given a sieve or cascade roll with some dice kept and a fresh throw on the table
    session = sieve_with(kept, thrown, roll)
    keep = next((a for a in session.actions() if a.id == "keep"), None)
    if keep is None:  # the throw left nothing to keep (only 1s)
        return
    on_table = [die.id for die in session.table if die.has(Mark.KEPT)]
    assert sorted(session.die(i).face for i in on_table) == sorted(
        kept + [face for face in thrown if face == 1]
    )

    # When every choice of dice to keep is tried: a sieve roll ranks by the result, a cascade
    # roll by its group (more dice, then more in matches, then the sum)
    def rank(choice):
        dice = [(i, session.die(i).face) for i in (*on_table, *choice)]
        scored = evaluate(dice, cap=9, value=9, sides=12, cascade=roll == "cascade")
        if roll == "sieve":
            return scored.value
        return scored.group.strength if scored.group else (0, 0, 0)

    best = max(
        rank(choice)
        for size in range(1, len(keep.pick.eligible) + 1)
        for choice in combinations(keep.pick.eligible, size)
    )
    # Then keeping the suggested dice reaches the best of them
    assert keep.pick.problem(keep.pick.suggested) is None
    assert rank(keep.pick.suggested) == best


def test_finishing_while_a_shadow_roll_is_open_keeps_the_first_die(roll, alrik):
    # Given Weapon smithing 21 (one shadow roll) and a shadow roll of the 4 showing 9
    alrik.skill("Weapon smithing").value = 21
    session = roll(alrik, [9, 9, 4, 3, 2, 9], what="skill:Weapon smithing", roll="single")
    session.apply("shadow_roll", (2,))
    # When the roll is finished before the player chooses
    record = session.finish()
    # Then the shadow die leaves the table: two 9s count (18), not three (27)
    assert session.die(5).has(Mark.REROLLED) and not session.die(2).has(Mark.REROLLED)
    assert record.outcome.values["value"] == 18


# --- finishing before the roll ended (the tray's "Done", or a new roll started) ---------------


def test_finishing_a_sieve_roll_early_keeps_the_last_throw_as_stop_does(roll, alrik):
    # Given Oratory 9 on 3W12 and a first throw of 1, 6, 9: the 1 stays, 6 and 9 lie unkept
    session = roll(alrik, [1, 6, 9], what="skill:Oratory", roll="sieve")
    assert session.outcome().headline == "Nothing kept yet"
    # When the player presses Done at once
    record = session.finish()
    # Then the 6 and 9 count: the 6 offsets the 1, the result is 9, no Psyche is lost
    assert (record.outcome.headline, record.outcome.tone) == ("Result 9", "success")
    assert record.outcome.values["psyche_lost"] == 0 and record.outcome.values["ended"] is True
    assert alrik.psyche.current == 15 and session.charges == []
    assert kept_faces(session) == [1, 6, 9]


def test_finishing_a_cascade_roll_early_scores_its_group_and_charges_once(roll, alrik):
    # Given Basic martial arts 16 (a Könner) and 1, 1, 8, 9: two 1s must be offset
    session = roll(alrik, [1, 1, 8, 9], what="skill:Basic martial arts", roll="cascade")
    # When the player presses Done before keeping anything
    record = session.finish()
    # Then 8 and 9 offset the two 1s: no group, but no Psyche lost either
    assert record.outcome.values["ones_offset"] == 2 and record.outcome.values["psyche_lost"] == 0
    assert record.outcome.headline == "No result"
    assert alrik.psyche.current == 15 and session.charges == []
    with pytest.raises(SessionError):
        session.finish()
    assert session.charges == []
