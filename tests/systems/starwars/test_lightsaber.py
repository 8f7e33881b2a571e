"""Lightsabers (rule text 004, "Lichtschwerter"): attack difficulty 20, damage 5D + Control,
parrying, deflecting blaster shots with Sense and turning them on a target; Bulack against
the battle droid and Luke against Bossk and IG-88 with scripted dice.
"""

from shadowdice.core.dice import ScriptedDiceSource
from shadowdice.systems.starwars import StarWarsD6
from shadowdice.systems.starwars.codes import Code
from shadowdice.systems.starwars.lightsaber import (
    ATTACK_DIFFICULTY,
    ATTACK_SKILL,
    Guard,
    damage,
    deflect,
    deflect_and_redirect,
    deflected_difficulty,
    deflects,
    parry_skills,
    redirect_hits,
)
from shadowdice.systems.starwars.plain_rolls import CodeRoll
from shadowdice.systems.starwars.round_sheet import Declared
from shadowdice.systems.starwars.rounds import ActionKind, CharacterRound, act, segment_count
from tests.systems.starwars.characters import character

MEDIUM_RANGE = 15
"""The difficulty of the blaster rifles at 50 m in Luke's example."""


def rolled(code, faces):
    """The total of ``code`` thrown with exactly these scripted faces."""
    source = ScriptedDiceSource(faces)
    total = CodeRoll(character="", code=code, check="roll", source=source).total
    assert source.remaining == 0, "the code threw fewer dice than scripted"
    return total


def test_a_lightsaber_attack_is_rolled_with_lightsaber_at_difficulty_20():
    assert (ATTACK_SKILL, ATTACK_DIFFICULTY) == ("Lightsaber", 20)


def test_lightsaber_damage_is_5d_plus_control():
    assert str(damage()) == "5D"
    # The failed Jedi of the text, Control 3D after creation
    assert str(damage(Code(3))) == "8D"
    assert str(damage(Code(2, 2))) == "7D+2"


def test_only_a_lightsaber_or_a_resistant_weapon_parries_a_lightsaber():
    def skills(guard, against_lightsaber=True, has_sense=True):
        return parry_skills(against_lightsaber=against_lightsaber, guard=guard, has_sense=has_sense)

    assert skills(Guard.LIGHTSABER) == ("Melee Parry", "Sense")
    assert skills(Guard.LIGHTSABER, has_sense=False) == ("Melee Parry",)
    assert skills(Guard.RESISTANT) == ("Melee Parry",)
    assert skills(Guard.WEAPON) == ()
    assert skills(Guard.NONE) == ()
    # Against an ordinary melee weapon, a weapon parries as usual and a lightsaber may use Sense
    assert skills(Guard.WEAPON, against_lightsaber=False) == ("Melee Parry",)
    assert skills(Guard.LIGHTSABER, against_lightsaber=False) == ("Melee Parry", "Sense")


def test_bulack_deflects_the_droids_shot_at_minus_1d_on_everything():
    # Given Bulack attacks a battle droid with his lightsaber and declares a deflection
    bulack = CharacterRound("Bulack", (act("strike the droid", ATTACK_SKILL), deflect(1)))
    # Then every roll of his round is at -1D: Lightsaber 4D+1 -> 3D+1, Sense 2D -> 1D
    assert str(bulack.code_for(Code(4, 1), 1)) == "3D+1"
    sense = bulack.code_for(Code(2), 1)
    assert str(sense) == "1D"
    # When the droid, first in the segment, shoots at difficulty 10 and Bulack rolls Sense 5
    sense_total = rolled(sense, [5])
    # Then the droid needs 15
    assert deflected_difficulty(10, sense_total) == 15
    assert deflects(14, 10, sense_total) and not deflects(15, 10, sense_total)


def test_luke_deflects_and_turns_two_shots_with_four_actions_at_minus_3d():
    # Given Luke deflects both shots and turns each on its shooter, spending a Force Point
    luke = CharacterRound("Luke", (*deflect_and_redirect(1), *deflect_and_redirect(1)))
    luke = CharacterRound(luke.name, luke.declarations, force_point=True)
    assert all(d.kind is ActionKind.REACTION for d in luke.declarations)
    assert segment_count([luke]) == 1
    # Then his four actions are at -3D, after Sense is doubled: 3D+2 -> 6D+4 -> 3D+4
    assert luke.penalty(1) == 3
    sense = luke.code_for(Code(3, 2), 1)
    assert str(sense) == "3D+4"
    assert luke.covers(1, attacks=2) == 2

    # When Bossk rolls 24, a hit at medium range, and Luke's Sense rolls 15
    bossk, deflection = 24, rolled(sense, [4, 4, 3])
    assert bossk >= MEDIUM_RANGE
    # Then the difficulty is 30 and the shot is deflected
    assert deflected_difficulty(MEDIUM_RANGE, deflection) == 30
    assert deflects(bossk, MEDIUM_RANGE, deflection)
    # And Luke's 22 turns it on Bossk at the rifle's 15 for 50 m; it does the rifle's 5D
    assert redirect_hits(rolled(sense, [6, 6, 6]), MEDIUM_RANGE)

    # When IG-88 rolls 32 and Luke's Sense rolls 15 again
    ig88, deflection = 32, rolled(sense, [5, 3, 3])
    # Then the shot hits him and the fourth action is lost
    assert not deflects(ig88, MEDIUM_RANGE, deflection)


def test_a_shot_turned_by_a_poor_sense_roll_misses():
    assert not redirect_hits(14, MEDIUM_RANGE)


# --- through the system's checks -------------------------------------------------------------

SYSTEM = StarWarsD6()


def jedi(name="Luke", sense="2D+2"):
    """A character with Lightsaber 4D+1, Melee Parry 3D and Sense 1D plus ``sense``."""
    skills = [("Lightsaber", "Dexterity", "1D+1"), ("Melee Parry", "Dexterity", "0D")]
    return character(name, Dexterity="3D", skills=skills, force=[("Sense", "1D", sense)])


def test_the_lightsaber_roll_says_its_difficulty_of_20():
    luke = jedi()
    choices = dict(SYSTEM.check_params(luke, {})[1].choices)
    assert choices["skill:Lightsaber"] == "Lightsaber 4D+1 (Dexterity) · attack at 20"
    preview = SYSTEM.preview_check(luke, {"roll": "skill:Lightsaber", "target": 10})
    assert preview.summary.endswith("· a lightsaber attack's difficulty is 20")
    preview = SYSTEM.preview_check(luke, {"roll": "skill:Lightsaber", "target": 20})
    assert preview.summary == "Lightsaber 4D+1 · against 20"


def test_luke_deflects_bossks_24_with_sense_15_and_turns_it_back_with_22():
    # Given Luke declared two deflections and two turns (four reactions) and spent a Force Point
    luke = jedi()
    luke.this_round = [Declared(kind=ActionKind.REACTION, rolls="Sense") for _ in range(4)]
    luke.force_point_round = True
    bossk = character("Bossk")
    # When Bossk rolls 24 at medium range (15) and Luke deflects with Sense 3D+2 ×2 -3D = 3D+4
    values = {"roll": "code", "code": "4D", "target": MEDIUM_RANGE, "opponent": "character",
              "defender": ("Luke",), "defender_roll": "force:Sense"}  # fmt: skip
    faces = [6, 6, 6, 6, 4, 4, 3]
    session = SYSTEM.start_check(bossk, values, ScriptedDiceSource(faces), {"Luke": luke})
    # Then Luke's 15 raises the difficulty to 30: deflected
    assert str(session.plan.opponent.roller.code) == "3D+4"
    assert session.outcome().headline == "24 against 30 - miss by 6"
    # And turning it on Bossk is Luke's own Sense roll at the rifle's 15, with the same penalty
    turn = SYSTEM.start_check(
        luke, {"roll": "force:Sense", "target": 15}, ScriptedDiceSource([6, 6, 6])
    )
    assert turn.plan.roller.terms == (
        "Sense 3D+2 ×2 (Force Point) = 6D+4, -3D (4 actions by segment 1) → 3D+4"
    )
    assert turn.outcome().headline == "22 against 15 - success by 7"
    assert turn.charges == []


def test_a_lightsaber_attack_is_parried_with_melee_parry_or_sense():
    attacker = jedi("Vader")
    luke = jedi()
    for parry_with, code in (("skill:Melee Parry", "3D"), ("force:Sense", "3D+2")):
        values = {"roll": "skill:Lightsaber", "target": 20, "opponent": "character",
                  "defender": ("Luke",), "defender_roll": parry_with}  # fmt: skip
        preview = SYSTEM.preview_check(attacker, values, {"Luke": luke})
        assert preview.summary.startswith("Lightsaber 4D+1 · against 20 + Luke's ")
        assert preview.summary.endswith(code)


def test_ig88s_32_beats_lukes_second_sense_15():
    # Given Luke's round as above: four reactions, Force Point spent, Sense 3D+4
    luke = jedi()
    luke.this_round = [Declared(kind=ActionKind.REACTION, rolls="Sense") for _ in range(4)]
    luke.force_point_round = True
    ig88 = character("IG-88")
    values = {"roll": "code", "code": "6D", "target": MEDIUM_RANGE, "opponent": "character",
              "defender": ("Luke",), "defender_roll": "force:Sense"}  # fmt: skip
    # When IG-88 rolls 32 and Luke's Sense 15
    faces = [6, 6, 6, 6, 4, 4, 5, 3, 3]
    session = SYSTEM.start_check(ig88, values, ScriptedDiceSource(faces), {"Luke": luke})
    # Then 32 reaches 15 + 15 = 30: Luke is hit
    assert session.outcome().headline == "32 against 30 - success by 2"


def test_bulack_deflects_the_droids_shot_and_strikes_at_minus_1d():
    # Given Bulack (Lightsaber 5D+1, Sense 2D) strikes the droid and declares a deflection
    bulack = jedi("Bulack", sense="1D")
    bulack.attribute("Dexterity").code = "4D"
    bulack.this_round = [
        Declared(kind=ActionKind.REGULAR, rolls="Lightsaber"),
        Declared(kind=ActionKind.REACTION, rolls="Sense"),
    ]
    # When the droid shoots first at difficulty 10 with 4D and Bulack's Sense (1D) rolls 5
    droid = character("Battle droid")
    values = {"roll": "code", "code": "4D", "target": 10, "opponent": "character",
              "defender": ("Bulack",), "defender_roll": "force:Sense"}  # fmt: skip
    session = SYSTEM.start_check(
        droid, values, ScriptedDiceSource([4, 4, 3, 3, 5]), {"Bulack": bulack}
    )
    # Then the droid needed 15 and missed with 14
    assert session.outcome().headline == "14 against 15 - miss by 1"
    # And Bulack's strike is at -1D against the lightsaber's 20
    strike = SYSTEM.preview_check(bulack, {"roll": "skill:Lightsaber", "target": 20})
    assert strike.summary == "Lightsaber 5D+1, -1D (2 actions by segment 1) → 4D+1 · against 20"
