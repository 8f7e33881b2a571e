"""The damage roll against Strength and armor and the death roll as sessions (rule text 004,
"Schaden"), with scripted dice and a stand-in for the sheet.
"""

import pytest

from shadowdice.core.dice import ScriptedDiceSource
from shadowdice.core.die import Mark
from shadowdice.core.session import Charge, SessionError, Tone
from shadowdice.systems.starwars.codes import Code
from shadowdice.systems.starwars.damage import HEALTHY, Armor, Wound, WoundState
from shadowdice.systems.starwars.wound_sessions import DamageSession, DeathRollSession


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
    assert outcome.detail == "damage 21 against Strength 10 · Anla: unconscious"
    assert sheet.applied == [WoundState(Wound.UNCONSCIOUS)]
    assert session.charges == [Charge("wounds", 1)]
    # And the dice lie in two groups, the damage dice prevailing
    groups = [(die.group, die.has(Mark.HIT)) for die in session.table]
    assert groups == [("Damage", True)] * 6 + [("Strength", False)] * 4


def test_a_damage_roll_below_strength_only_stuns():
    sheet = Sheet()
    session = damage_roll(sheet, Code(3), Code(3), [2, 2, 1, 4, 4, 3])
    outcome = session.outcome()
    assert outcome.headline == "Stunned" and outcome.tone is Tone.SUCCESS
    assert outcome.values["stunned"] is True and outcome.values["wound"] == "healthy"
    assert outcome.detail == (
        "damage 5 against Strength 11 · no more actions this round, reactions only"
    )
    assert sheet.applied == [WoundState(Wound.HEALTHY, stunned=True)]
    # And a second stun in the round changes nothing more
    again = damage_roll(sheet, Code(1), Code(1), [1, 6])
    assert again.charges == [] and len(sheet.applied) == 1
    assert all(die.has(Mark.HIT) for die in session.table if die.group == "Strength")


def test_a_damage_roll_equal_to_strength_wounds():
    sheet = Sheet()
    session = damage_roll(sheet, Code(3, 1), Code(3), [3, 3, 2, 3, 3, 3])
    assert session.damage_total == session.strength_total == 9
    assert session.outcome().headline == "Stunned and wounded"
    assert sheet.state == WoundState(Wound.WOUNDED, stunned=True)


def test_a_wounded_character_wounded_again_is_unconscious():
    sheet = Sheet(WoundState(Wound.WOUNDED))
    session = damage_roll(sheet, Code(3), Code(2), [4, 4, 4, 5, 5])
    assert session.outcome().headline == "Wounded again - unconscious"
    assert sheet.state == WoundState(Wound.UNCONSCIOUS, stunned=True)


def test_three_times_strength_wounds_mortally():
    sheet = Sheet()
    # 5D against Strength 1D in light armor (1D+1): 5+4+4+4+4 = 21 against 6+1 = 7
    session = damage_roll(sheet, Code(5), Code(1), [5, 4, 4, 4, 4, 6], Armor.LIGHT)
    assert session.resistance == Code(1, 1)
    assert (session.damage_total, session.strength_total) == (21, 7)
    assert session.outcome().headline == "Mortally wounded"
    assert session.outcome().tone is Tone.CRITICAL
    assert sheet.state == WoundState(Wound.MORTALLY_WOUNDED, 0)


def test_a_damage_roll_offers_nothing_and_finishes_into_a_record():
    session = damage_roll(Sheet(), Code(1), Code(1), [2, 5])
    assert session.actions() == ()
    with pytest.raises(SessionError):
        session.apply("reroll")
    record = session.finish()
    assert record.system == "starwars_d6" and record.check == "Resist damage"
    assert [throw.label for throw in record.throws] == ["Damage 1D", "Strength 1D"]
    assert record.outcome.values["level"] == "stunned"


def test_a_death_roll_lower_than_the_rounds_kills():
    # Given a character mortally wounded three full rounds ago
    sheet = Sheet(WoundState(Wound.MORTALLY_WOUNDED, 3))
    # When the 2D show 1 and 1
    session = DeathRollSession(
        character="Corukk", state=sheet.state, apply=sheet.apply, source=ScriptedDiceSource([1, 1])
    )
    # Then 2 < 3: dead
    assert session.dead and session.outcome().headline == "Dies"
    assert session.outcome().detail == "rolled 2 against 3 full rounds since the mortal wound"
    assert sheet.state == WoundState(Wound.DEAD)
    assert session.charges == [Charge("wounds", 1)]


def test_a_death_roll_equal_to_the_rounds_is_survived_and_the_count_goes_on():
    sheet = Sheet(WoundState(Wound.MORTALLY_WOUNDED, 3))
    session = DeathRollSession(
        character="Corukk", state=sheet.state, apply=sheet.apply, source=ScriptedDiceSource([2, 1])
    )
    assert not session.dead
    assert session.outcome().headline == "Survives the round"
    assert sheet.state == WoundState(Wound.MORTALLY_WOUNDED, 4)
    assert all(die.has(Mark.HIT) for die in session.table)


def test_a_death_roll_needs_a_mortal_wound_and_a_count_of_rounds():
    with pytest.raises(ValueError, match="cannot be -1"):
        DeathRollSession(
            character="Corukk",
            state=WoundState(Wound.MORTALLY_WOUNDED, -1),
            apply=print,
            source=ScriptedDiceSource([1, 1]),
        )
    with pytest.raises(ValueError, match="only a mortally wounded character"):
        DeathRollSession(
            character="Corukk", state=HEALTHY, apply=print, source=ScriptedDiceSource([1, 1])
        )


def test_an_unconscious_character_stunned_again_is_not_told_about_reactions():
    # Given an unconscious character / When a hit only stuns
    sheet = Sheet(WoundState(Wound.UNCONSCIOUS))
    session = damage_roll(sheet, Code(1), Code(1), [1, 6])
    # Then the detail says the state, not that reactions are still possible
    assert session.outcome().detail == "damage 1 against Strength 6 · Anla: unconscious"


def test_wounded_again_is_unconscious_and_told_no_reactions():
    sheet = Sheet(WoundState(Wound.WOUNDED))
    session = damage_roll(sheet, Code(3), Code(2), [4, 4, 4, 5, 5])
    assert session.outcome().detail == "damage 12 against Strength 10 · Anla: unconscious"


def test_a_nameless_character_is_told_the_wound_without_a_name():
    sheet = Sheet(WoundState(Wound.WOUNDED))
    session = DamageSession(
        character="",
        damage=Code(3),
        strength=Code(2),
        state=sheet.state,
        apply=sheet.apply,
        source=ScriptedDiceSource([4, 4, 4, 5, 5]),
    )
    assert session.outcome().detail == "damage 12 against Strength 10 · now unconscious"
