"""The roll sessions of rounds (rule text 004): the damage roll against Strength and armor,
the death roll, and a segment's order and a speed contest as group rolls, with scripted dice.
"""

import pytest

from shadowdice.core.dice import ScriptedDiceSource
from shadowdice.core.die import Mark
from shadowdice.core.session import Charge, SessionError, Tone
from shadowdice.systems.starwars.codes import Code
from shadowdice.systems.starwars.combat_sessions import (
    DamageSession,
    DeathRollSession,
    OrderEntry,
    Pilot,
    start_segment_order,
    start_speed_contest,
)
from shadowdice.systems.starwars.damage import HEALTHY, Armor, Condition, WoundState
from shadowdice.systems.starwars.starships import Range, Wish


class Sheet:
    """Stands in for a character sheet: keeps the wound state it is given."""

    def __init__(self, state=HEALTHY):
        self.state = state
        self.applied = []

    def apply(self, state):
        self.state = state
        self.applied.append(state)


def damage_roll(sheet, damage, strength, faces, armor=Armor.NONE):
    return DamageSession(
        character="Anla",
        damage=damage,
        strength=strength,
        armor=armor,
        state=sheet.state,
        apply=sheet.apply,
        source=ScriptedDiceSource(faces),
    )


def test_the_vibroaxe_knocks_anla_out_through_her_armor():
    # Given K-4D8's vibroaxe, Strength 4D + 2D, against Anla's Strength 3D in armor (+1D)
    sheet = Sheet()
    # When the axe rolls 6+5+4+3+2+1 = 21 and Anla 3+3+2+2 = 10
    session = damage_roll(sheet, Code(6), Code(3), [6, 5, 4, 3, 2, 1, 3, 3, 2, 2], Armor.FULL)
    # Then 21 is at least twice 10: unconscious, and the sheet says so at once
    outcome = session.outcome()
    assert outcome.headline == "Unconscious" and outcome.tone is Tone.FAILURE
    assert outcome.detail == "damage 21 against Strength 10 · now unconscious"
    assert sheet.applied == [WoundState(Condition.UNCONSCIOUS)]
    assert session.charges == [Charge("unconscious", 1)]
    # And the dice lie in two groups, the damage dice prevailing
    groups = [(die.group, die.has(Mark.HIT)) for die in session.table]
    assert groups == [("Damage", True)] * 6 + [("Strength", False)] * 4


def test_a_damage_roll_below_strength_only_stuns_and_changes_nothing():
    sheet = Sheet()
    session = damage_roll(sheet, Code(3), Code(3), [2, 2, 1, 4, 4, 3])
    outcome = session.outcome()
    assert outcome.headline == "Stunned" and outcome.tone is Tone.SUCCESS
    assert outcome.values["stunned"] is True and outcome.values["condition"] == "healthy"
    assert sheet.applied == [] and session.charges == []
    assert all(die.has(Mark.HIT) for die in session.table if die.group == "Strength")


def test_a_damage_roll_equal_to_strength_wounds():
    sheet = Sheet()
    session = damage_roll(sheet, Code(3, 1), Code(3), [3, 3, 2, 3, 3, 3])
    assert session.damage_total == session.strength_total == 9
    assert session.outcome().headline == "Stunned and wounded"
    assert sheet.state == WoundState(Condition.WOUNDED)


def test_a_wounded_character_wounded_again_is_unconscious():
    sheet = Sheet(WoundState(Condition.WOUNDED))
    session = damage_roll(sheet, Code(3), Code(2), [4, 4, 4, 5, 5])
    assert session.outcome().headline == "Wounded again - unconscious"
    assert sheet.state == WoundState(Condition.UNCONSCIOUS)


def test_three_times_strength_wounds_mortally():
    sheet = Sheet()
    # 5D against Strength 1D in light armor (1D+1): 5+4+4+4+4 = 21 against 6+1 = 7
    session = damage_roll(sheet, Code(5), Code(1), [5, 4, 4, 4, 4, 6], Armor.LIGHT)
    assert session.resistance == Code(1, 1)
    assert (session.damage_total, session.strength_total) == (21, 7)
    assert session.outcome().headline == "Mortally wounded"
    assert session.outcome().tone is Tone.CRITICAL
    assert sheet.state == WoundState(Condition.MORTALLY_WOUNDED, 0)


def test_a_damage_roll_offers_nothing_and_finishes_into_a_record():
    session = damage_roll(Sheet(), Code(1), Code(1), [2, 5])
    assert session.actions() == ()
    with pytest.raises(SessionError):
        session.apply("reroll")
    record = session.finish()
    assert record.system == "starwars" and record.check == "Damage"
    assert [throw.label for throw in record.throws] == ["Damage 1D", "Strength 1D"]
    assert record.outcome.values["level"] == "stunned"


def test_a_death_roll_lower_than_the_rounds_kills():
    # Given a character mortally wounded three full rounds ago
    sheet = Sheet(WoundState(Condition.MORTALLY_WOUNDED, 3))
    # When the 2D show 1 and 1
    session = DeathRollSession(
        character="Corukk", rounds=3, apply=sheet.apply, source=ScriptedDiceSource([1, 1])
    )
    # Then 2 < 3: dead
    assert session.dead and session.outcome().headline == "Dies"
    assert session.outcome().detail == "rolled 2 against 3 full rounds since the mortal wound"
    assert sheet.state == WoundState(Condition.DEAD)
    assert session.charges == [Charge("dead", 1)]


def test_a_death_roll_equal_to_the_rounds_is_survived_and_the_count_goes_on():
    sheet = Sheet(WoundState(Condition.MORTALLY_WOUNDED, 3))
    session = DeathRollSession(
        character="Corukk", rounds=3, apply=sheet.apply, source=ScriptedDiceSource([2, 1])
    )
    assert not session.dead
    assert session.outcome().headline == "Survives the round"
    assert sheet.state == WoundState(Condition.MORTALLY_WOUNDED, 4)
    assert all(die.has(Mark.HIT) for die in session.table)


def test_a_death_roll_needs_a_count_of_rounds():
    with pytest.raises(ValueError, match="cannot be -1"):
        DeathRollSession(
            character="Corukk", rounds=-1, apply=print, source=ScriptedDiceSource([1, 1])
        )


def test_the_corridor_segment_orders_anla_bulack_darlen_corukk():
    # Given the four roll their declared actions at once
    entries = [
        OrderEntry("Anla", Code(4), "Blaster: shoot at Corukk"),
        OrderEntry("Bulack", Code(3), "Security: close the door"),
        OrderEntry("Corukk", Code(2, 2), "Blaster: shoot at Anla"),
        OrderEntry("Darlen", Code(3), "Dexterity: move forward"),
    ]
    anla, bulack, corukk, darlen = [6, 5, 3, 2], [5, 4, 3], [4, 2], [4, 4, 3]
    faces = [*anla, *bulack, *corukk, *darlen]
    group = start_segment_order(entries, ScriptedDiceSource(faces))
    # Then they rolled 16, 12, 8 and 11, and act from the highest down
    outcome = group.outcome()
    assert outcome.values == {"Anla": 16, "Bulack": 12, "Corukk": 8, "Darlen": 11}
    assert outcome.headline == "Order: Anla, then Bulack, then Darlen, then Corukk"
    assert {die.group for die in group.table} == {"Anla", "Bulack", "Corukk", "Darlen"}
    assert group.check == "Segment 1: order of actions"


def test_equal_totals_in_a_segment_act_together():
    entries = [OrderEntry("Anla", Code(1), "shoot"), OrderEntry("Bulack", Code(1), "shoot")]
    group = start_segment_order(entries, ScriptedDiceSource([4, 4]), segment=2)
    assert group.outcome().headline == "Order: Anla and Bulack"


def test_a_segment_without_actions_is_refused():
    with pytest.raises(ValueError, match="No one acts"):
        start_segment_order([], ScriptedDiceSource([]))


def test_a_group_roll_with_a_name_twice_is_refused():
    twice = [OrderEntry("Trooper", Code(2), "shoot"), OrderEntry("Trooper", Code(2), "shoot")]
    with pytest.raises(ValueError, match="name of their own: Trooper"):
        start_segment_order(twice, ScriptedDiceSource([1, 2, 3, 4]))
    pilots = [Pilot("Pirate", Wish.OPEN, Code(2)), Pilot("Pirate", Wish.CLOSE, Code(2))]
    with pytest.raises(ValueError, match="name of their own: Pirate"):
        start_speed_contest(Range.LONG, pilots, ScriptedDiceSource([1, 2, 3, 4]))


def test_bulack_wins_the_speed_contest_and_closes_to_short():
    # Given medium range; both add Starship Piloting to their ship's Sublight Speed
    pilots = [Pilot("Bulack", Wish.CLOSE, Code(5, 1)), Pilot("Pirate", Wish.OPEN, Code(4))]
    bulack, pirate = [5, 4, 3, 3, 2], [4, 3, 3, 2]
    faces = [*bulack, *pirate]
    group = start_speed_contest(Range.MEDIUM, pilots, ScriptedDiceSource(faces))
    # Then 18 against 12: the range is short
    outcome = group.outcome()
    assert outcome.headline == "Range is now short"
    assert outcome.detail == "Bulack 18 · Pirate 12"
    assert outcome.values["range"] == "short"


def test_a_tied_speed_contest_keeps_the_range():
    pilots = [Pilot("Bulack", Wish.CLOSE, Code(1)), Pilot("Pirate", Wish.OPEN, Code(1))]
    group = start_speed_contest(Range.MEDIUM, pilots, ScriptedDiceSource([3, 3]))
    assert group.outcome().headline == "Range stays medium"


def test_pilots_who_want_the_same_throw_nothing():
    pilots = [Pilot("Bulack", Wish.OPEN, Code(4)), Pilot("Anla", Wish.OPEN, Code(3))]
    group = start_speed_contest(Range.SHORT, pilots, ScriptedDiceSource([]))
    assert group.table == ()
    outcome = group.outcome()
    assert outcome.headline == "Range is now medium"
    assert outcome.detail == "everyone wants to open the range"
