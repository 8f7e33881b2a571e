"""The checks "Resist damage" and "Death roll" through the system's generic API (rule text
004, "Schaden" and "Lichtschwerter"): the result goes to this character's sheet through the
session, and wounds change later rolls. Scripted dice throughout.
"""

import re

import pytest

from shadowdice.core.registry import CheckError
from shadowdice.core.session import Charge, Tone
from shadowdice.systems.starwars.damage import Armor, Wound
from shadowdice.systems.starwars.plan import sum_distribution
from tests.systems.starwars.characters import SYSTEM, character, declared, roll


def kinds(sheet):
    (kind,) = [param for param in SYSTEM.check_params(sheet, {}) if param.key == "check"]
    return kind


def test_the_vibroaxe_knocks_anla_out_through_her_armor():
    # Given K-4D8 (Strength 4D) hits Anla (Strength 3D, bounty hunter armor +1D) with "str+2D"
    anla = character("Anla", Strength="3D")
    anla.armor = Armor.FULL
    droid = character("K-4D8", Strength="4D")
    values = {"check": "damage", "damage": "str+2D", "attacker": "K-4D8"}
    preview = SYSTEM.preview_check(anla, values, {"K-4D8": droid})
    assert preview.summary == "Damage STR+2D of K-4D8 → 6D against Strength and armor 4D"
    # When the axe rolls 6+5+4+3+2+1 = 21 and Anla 3+3+2+2 = 10
    faces = [6, 5, 4, 3, 2, 1, 3, 3, 2, 2]
    session = roll(anla, faces, {"K-4D8": droid}, **values)
    # Then 21 is at least twice 10: Anla's sheet says unconscious, charged through the session
    assert session.outcome().headline == "Unconscious"
    assert anla.wound is Wound.UNCONSCIOUS
    assert session.charges == [Charge("wounds", 1)]
    # And she cannot roll anything now but her Strength against the next hit
    with pytest.raises(CheckError, match="Anla is unconscious and cannot roll"):
        roll(anla, [], roll="attribute:Strength", target=5)


def test_a_wounded_character_rolls_1d_less_later_but_not_against_damage():
    # Given Bulack (Blaster 4D, Strength 3D) takes 4D of damage rolling 12 against his 9
    bulack = character(
        "Bulack", Dexterity="3D", Strength="3D", skills=[("Blaster", "Dexterity", "1D")]
    )
    session = roll(bulack, [3, 3, 3, 3, 3, 3, 3], check="damage", damage="4D")
    assert session.outcome().headline == "Stunned and wounded"
    assert (bulack.wound, bulack.stunned) == (Wound.WOUNDED, True)
    # When he shoots later
    shot = roll(bulack, [6, 6, 6], roll="skill:Blaster", target=15)
    # Then the shot is at -1D, and the preview says he is stunned
    assert shot.plan.roller.terms == "Blaster 4D, -1D (wounded) → 3D"
    assert "stunned: no more actions this round, reactions only" in shot.outcome().detail
    # And his Strength against the next hit is spared the penalty
    preview = SYSTEM.preview_check(bulack, {"check": "damage", "damage": "4D"})
    assert preview.summary == "Damage 4D against Strength and armor 3D"
    # And wounded again, he is unconscious
    roll(bulack, [3, 3, 2, 2, 3, 3, 3], check="damage", damage="4D")
    assert bulack.wound is Wound.UNCONSCIOUS


def test_corukk_hit_before_his_turn_is_stunned_and_cannot_shoot_back():
    # Given the corridor: Anla acts first and hits Corukk, whose shot is still to come
    anla = declared(
        character("Anla", skills=[("Blaster", "Dexterity", "1D")]), ("action", "Blaster")
    )
    corukk = declared(character("Corukk", Strength="2D"), ("action", "Blaster"))
    # When her blaster's 3D rolls 2+2+1 = 5 against his Strength 2D's 4+4 = 8
    session = roll(corukk, [2, 2, 1, 4, 4], check="damage", damage="3D")
    # Then any hit stuns at least: his shot is lost, only reactions are left to him
    assert session.outcome().headline == "Stunned"
    assert corukk.stunned and corukk.wound is Wound.HEALTHY
    shot = SYSTEM.preview_check(corukk, {"roll": "skill:Blaster", "target": 10})
    assert shot.summary.endswith("· stunned: no more actions this round, reactions only")
    order = SYSTEM.preview_group_check([anla, corukk], {"group": "order", "segment": 1})
    assert order.summary == "Anla: Action: Blaster 3D · not rolling: Corukk is stunned"


def test_a_mortal_wound_then_death_rolls_at_the_end_of_the_rounds():
    # Given 5D of damage against Strength 1D in light armor: 21 against 7
    corukk = character("Corukk", Strength="1D")
    corukk.armor = Armor.LIGHT
    session = roll(corukk, [5, 4, 4, 4, 4, 6], check="damage", damage="5D")
    assert session.outcome().headline == "Mortally wounded"
    assert (corukk.wound, corukk.mortal_rounds) == (Wound.MORTALLY_WOUNDED, 0)
    # Then the check offers the death roll, first
    kind = kinds(corukk)
    assert kind.default == "death"
    assert ("death", "Death roll (end of the round)") in kind.choices
    preview = SYSTEM.preview_check(corukk, {"check": "death"})
    assert preview.summary == "Death roll 2D against 0 full rounds since the mortal wound"
    assert preview.chance == 1.0
    # When he survives the end of the round (any roll reaches 0), the count goes to 1
    survived = roll(corukk, [1, 1], check="death")
    assert survived.outcome().headline == "Survives the round"
    assert corukk.mortal_rounds == 1 and survived.charges == [Charge("wounds", 1)]
    # And three rounds later a 2 is lower than 3: dead
    corukk.mortal_rounds = 3
    assert SYSTEM.preview_check(corukk, {"check": "death"}).chance == pytest.approx(35 / 36)
    died = roll(corukk, [1, 1], check="death")
    assert died.outcome().headline == "Dies" and died.outcome().tone is Tone.CRITICAL
    assert corukk.wound is Wound.DEAD
    assert "death" not in dict(kinds(corukk).choices)


def test_a_death_roll_is_only_for_the_mortally_wounded_and_takes_no_force_point():
    anla = character("Anla")
    assert "death" not in dict(kinds(anla).choices)
    preview = SYSTEM.preview_check(anla, {"check": "death"})
    assert preview.problem.startswith("Anla is not mortally wounded")
    anla.wound = Wound.MORTALLY_WOUNDED
    preview = SYSTEM.preview_check(anla, {"check": "death", "force_point": "spend"})
    assert preview.problem.startswith("The death roll is 2D whatever the character")
    with pytest.raises(CheckError, match="cannot roll"):
        roll(anla, [], roll="attribute:Strength", target=5)


def test_a_lightsaber_does_5d_plus_the_attackers_control():
    # Given a Jedi with Control 3D strikes Anla (Strength 2D)
    jedi = character("Bulack", force=[("Control", "1D", "2D")])
    anla = character("Anla")
    values = {"check": "damage", "damage": "5D+CONTROL", "attacker": "Bulack"}
    preview = SYSTEM.preview_check(anla, values, {"Bulack": jedi})
    assert preview.summary == "Damage CONTROL+5D of Bulack → 8D against Strength and armor 2D"
    # And a lightsaber in hands without Control is 5D
    preview = SYSTEM.preview_check(anla, values, {"Bulack": character("Bulack")})
    assert preview.summary.startswith("Damage CONTROL+5D of Bulack → 5D against")


def test_the_chance_shown_is_that_of_being_only_stunned():
    anla = character("Anla", Strength="1D")
    preview = SYSTEM.preview_check(anla, {"check": "damage", "damage": "1D"})
    assert preview.chance == pytest.approx(15 / 36)
    assert sum(sum_distribution(1)) == pytest.approx(1.0)


@pytest.mark.parametrize(
    ("values", "words"),
    [
        ({"damage": "4W+"}, 'The damage: "4W+" is not a dice code.'),
        ({"damage": "STR+2D"}, "STR+2D adds the attacker's Strength: choose the attacker."),
        ({"damage": "STR+2D", "attacker": "Nobody"}, "Nobody is not an open Star Wars D6"),
    ],
)
def test_a_bad_damage_is_refused_with_the_reason(values, words):
    anla = character("Anla")
    preview = SYSTEM.preview_check(anla, {"check": "damage", **values})
    assert preview.problem.startswith(words)
    with pytest.raises(CheckError, match=re.escape(words)):
        roll(anla, [], check="damage", **values)


def test_a_force_point_doubles_strength_against_damage_armor_added_after():
    anla = character("Anla", Strength="2D+1")
    anla.armor = Armor.LIGHT
    session = roll(anla, [1] + [6] * 4, check="damage", damage="1D", force_point="spend")
    assert str(session.resistance) == "4D+3"
    assert session.outcome().headline == "Stunned"
    assert anla.force_points == 0 and anla.force_point_round
    assert [charge.resource for charge in session.charges] == ["force_points", "wounds"]


def test_the_dead_roll_nothing():
    dead = character("Corukk")
    dead.wound = Wound.DEAD
    assert SYSTEM.preview_check(dead, {"check": "damage", "damage": "3D"}).problem == (
        "Corukk is dead and rolls nothing."
    )


def test_corukk_stunned_before_his_shot_loses_that_shot_and_acts_in_the_next_round():
    # Given the corridor: Corukk declared one shot (segment 1), and Anla hits him first
    corukk = declared(character("Corukk", Strength="2D"), ("action", "Blaster"))
    roll(corukk, [2, 2, 1, 4, 4], check="damage", damage="3D", hit_segment=1)
    assert corukk.stunned
    # When the next round starts / Then the stun took his shot: it leaves him segment 1
    assert SYSTEM.apply_sheet_action(corukk, "new_round").endswith("the stun is over.")
    assert not corukk.first_segment_lost


def test_a_stun_with_no_declared_action_left_takes_the_first_segment_of_the_next_round():
    # Given Corukk declared one action (segment 1) and Bulack two (segments 1 and 2)
    corukk = declared(character("Corukk", Strength="2D"), ("action", "Blaster"))
    bulack = declared(
        character("Bulack", Strength="2D"), ("action", "Blaster"), ("action", "Blaster")
    )
    # When both are stunned by a hit in segment 1 after they had acted in it
    for sheet in (corukk, bulack):
        roll(sheet, [2, 2, 1, 4, 4], check="damage", damage="3D", hit_segment=1, acted=True)
        assert sheet.stunned and sheet.stun_segment == 1 and sheet.stun_after_action
    # Then at the new round Corukk, with no action left to lose, cannot act in segment 1
    message = SYSTEM.apply_sheet_action(corukk, "new_round")
    assert "with no action left to lose it takes segment 1" in message
    assert corukk.first_segment_lost and not corukk.stunned
    # While Bulack lost his second action to the stun and acts as usual
    assert SYSTEM.apply_sheet_action(bulack, "new_round").endswith("the stun is over.")
    assert not bulack.first_segment_lost
    declared(corukk, ("action", "Blaster"), ("action", "Blaster"))
    declared(bulack, ("action", "Blaster"))
    shot = SYSTEM.preview_check(corukk, {"roll": "attribute:Dexterity", "target": 10})
    assert shot.summary.endswith(
        "· stunned last round with no action left to lose: no action in segment 1"
    )
    later = SYSTEM.preview_check(
        corukk, {"roll": "attribute:Dexterity", "target": 10, "segment": 2}
    )
    assert "segment 1" not in later.summary
    order = SYSTEM.preview_group_check([bulack, corukk], {"group": "order", "segment": 1})
    assert order.summary.endswith("not rolling: Corukk lost segment 1 to last round's stun")
    # And the round after, it is over
    SYSTEM.apply_sheet_action(corukk, "new_round")
    assert not corukk.first_segment_lost


@pytest.mark.parametrize(("acted", "lost"), [(False, False), (True, True)])
def test_a_stun_in_the_last_declared_segment_takes_its_action_unless_it_was_made(acted, lost):
    bulack = declared(
        character("Bulack", Strength="2D"), ("action", "Blaster"), ("action", "Blaster")
    )
    roll(bulack, [2, 2, 1, 4, 4], check="damage", damage="3D", hit_segment=2, acted=acted)
    SYSTEM.apply_sheet_action(bulack, "new_round")
    assert bulack.first_segment_lost is lost


def test_a_stun_with_nothing_declared_takes_the_first_segment_of_the_next_round():
    anla = character("Anla", Strength="2D")
    roll(anla, [2, 2, 1, 4, 4], check="damage", damage="3D", hit_segment=1)
    SYSTEM.apply_sheet_action(anla, "new_round")
    assert anla.first_segment_lost
