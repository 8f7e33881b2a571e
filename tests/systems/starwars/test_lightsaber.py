"""Lightsabers (rule text 004, "Lichtschwerter") through the system's checks: attack
difficulty 20, parrying with Melee Parry or Sense, deflecting blaster shots with Sense and
turning them on a target; Bulack against the battle droid and Luke against Bossk and IG-88
with scripted dice. The damage of 5D + Control is in ``test_wound_checks.py``.
"""

from tests.systems.starwars.characters import SYSTEM, character, declared, opposed_by, roll

MEDIUM_RANGE = 15
"""The difficulty of the blaster rifles at 50 m in Luke's example."""


def jedi(name="Luke", sense="2D+2"):
    """A character with Lightsaber 4D+1, Melee Parry 3D and Sense 1D plus ``sense``."""
    skills = [("Lightsaber", "Dexterity", "1D+1"), ("Melee Parry", "Dexterity", "0D")]
    return character(name, Dexterity="3D", skills=skills, force=[("Sense", "1D", sense)])


def lukes_round():
    """Luke deflecting both shots and turning each on its shooter (four reactions in
    segment 1), with a Force Point spent for the round.
    """
    luke = declared(jedi(), *[("reaction", "Sense")] * 4)
    luke.force_point_round = True
    return luke


def shot_at(defender, code, target=MEDIUM_RANGE):
    """The values of a blaster shot of ``code`` at ``defender``, who deflects with Sense."""
    return {"roll": "code", "code": code, "target": target, **opposed_by(defender, "force:Sense")}


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
    luke = lukes_round()
    bossk = character("Bossk")
    # When Bossk rolls 24 at medium range (15) and Luke deflects with Sense 3D+2 ×2 -3D = 3D+4
    session = roll(bossk, [6, 6, 6, 6, 4, 4, 3], {"Luke": luke}, **shot_at("Luke", "4D"))
    # Then Luke's 15 raises the difficulty to 30: deflected
    assert str(session.plan.opponent.roller.code) == "3D+4"
    assert session.outcome().headline == "24 against 30 - miss by 6"
    # And turning it on Bossk is Luke's own Sense roll at the rifle's 15, with the same penalty
    turn = roll(luke, [6, 6, 6], roll="force:Sense", target=MEDIUM_RANGE)
    assert turn.plan.roller.terms == (
        "Sense 3D+2 ×2 (Force Point) = 6D+4, -3D (4 actions by segment 1) → 3D+4"
    )
    assert turn.outcome().headline == "22 against 15 - success by 7"
    assert turn.charges == []


def test_a_lightsaber_attack_is_parried_with_melee_parry_or_sense():
    attacker = jedi("Vader")
    luke = jedi()
    for parry_with, code in (("skill:Melee Parry", "3D"), ("force:Sense", "3D+2")):
        values = {"roll": "skill:Lightsaber", "target": 20, **opposed_by("Luke", parry_with)}
        preview = SYSTEM.preview_check(attacker, values, {"Luke": luke})
        assert preview.summary.startswith("Lightsaber 4D+1 · against 20 + Luke's ")
        assert preview.summary.endswith(code)


def test_ig88s_32_beats_lukes_second_sense_15():
    # Given Luke's round as above: four reactions, Force Point spent, Sense 3D+4
    luke = lukes_round()
    ig88 = character("IG-88")
    # When IG-88 rolls 32 and Luke's Sense 15
    faces = [6, 6, 6, 6, 4, 4, 5, 3, 3]
    session = roll(ig88, faces, {"Luke": luke}, **shot_at("Luke", "6D"))
    # Then 32 reaches 15 + 15 = 30: Luke is hit
    assert session.outcome().headline == "32 against 30 - success by 2"


def test_bulack_deflects_the_droids_shot_and_strikes_at_minus_1d():
    # Given Bulack (Lightsaber 5D+1, Sense 2D) strikes the droid and declares a deflection
    bulack = jedi("Bulack", sense="1D")
    bulack.attribute("Dexterity").code = "4D"
    declared(bulack, ("action", "Lightsaber"), ("reaction", "Sense"))
    # When the droid shoots first at difficulty 10 with 4D and Bulack's Sense (1D) rolls 5
    droid = character("Battle droid")
    values = shot_at("Bulack", "4D", target=10)
    session = roll(droid, [4, 4, 3, 3, 5], {"Bulack": bulack}, **values)
    # Then the droid needed 15 and missed with 14
    assert session.outcome().headline == "14 against 15 - miss by 1"
    # And a shot of 15, equal to the raised difficulty, would have hit
    session = roll(droid, [4, 4, 4, 3, 5], {"Bulack": bulack}, **values)
    assert session.outcome().headline == "15 against 15 - success"
    # And Bulack's strike is at -1D against the lightsaber's 20
    strike = SYSTEM.preview_check(bulack, {"roll": "skill:Lightsaber", "target": 20})
    assert strike.summary == "Lightsaber 5D+1, -1D (2 actions by segment 1) → 4D+1 · against 20"
