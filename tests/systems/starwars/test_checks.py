"""Star Wars D6 checks with scripted dice: every example of the rule text, opposed checks,
automatic results, and the penalties from the sheet and the round.
"""

from dataclasses import replace

import pytest

from shadowdice.core.dice import ScriptedDiceSource
from shadowdice.core.registry import CheckError
from shadowdice.core.session import SessionError, Tone
from shadowdice.systems.starwars.checks import plan_roll
from shadowdice.systems.starwars.codes import MAX_DICE, Code, CodeError
from shadowdice.systems.starwars.plan import Modifier, Roller
from shadowdice.systems.starwars.session import StarWarsSession
from shadowdice.systems.starwars.sheet import Armor, Wound
from tests.systems.starwars.characters import SYSTEM, character, declared, opposed_by, roll


def test_the_blaster_shot_6_3_2_2_plus_1_is_14_against_15_a_miss():
    # Given Blaster 4D+1 (Dexterity 3D+1, +1D) and the medium range's target 15
    shooter = character(Dexterity="3D+1", skills=[("Blaster", "Dexterity", "1D")])
    # When the dice show 6, 3, 2, 2
    session = roll(shooter, [6, 3, 2, 2], roll="skill:Blaster", target=15)
    # Then 6+3+2+2+1 = 14 misses 15 by 1
    outcome = session.outcome()
    assert outcome.headline == "14 against 15 - miss by 1"
    assert outcome.tone is Tone.FAILURE
    assert outcome.values["total"] == 14 and outcome.values["margin"] == -1
    assert outcome.detail == "Blaster 4D+1 against 15"


def test_cover_raises_the_target_by_5():
    shooter = character(Dexterity="4D+1")
    session = roll(shooter, [6, 6, 6, 1], roll="attribute:Dexterity", target=10 + 5)
    assert session.outcome().headline == "20 against 15 - success by 5"


def test_holding_the_door_18_against_9_compares_the_totals():
    # Given the player's Strength 3D+2 and the opponent's Strength 4D, target 0
    player = character("Bulack", Strength="3D+2")
    pusher = character("Corukk", Strength="4D")
    # When the player rolls 6+5+5(+2) and the opponent 3+3+2+1
    session = roll(
        player,
        [6, 5, 5, 3, 3, 2, 1],
        {"Corukk": pusher},
        roll="attribute:Strength",
        target=0,
        **opposed_by("Corukk", "attribute:Strength"),
    )
    # Then 18 against 9: the door stays shut
    outcome = session.outcome()
    assert outcome.headline == "18 against 9 - success by 9"
    assert outcome.detail == (
        "Strength 3D+2 against Corukk's Strength 4D · Corukk's Strength 4D rolled 9"
    )
    assert [die.group for die in session.dice] == [""] * 3 + ["opponent"] * 4


def test_a_tie_in_a_comparison_goes_to_the_one_who_rolls():
    player = character(Strength="1D")
    session = roll(
        player,
        [4, 4],
        roll="attribute:Strength",
        target=0,
        opponent="code",
        defender_code="1D",
    )
    assert session.outcome().headline == "4 against 4 - success"
    assert session.outcome().tone is Tone.SUCCESS


def test_the_sandperson_hits_13_against_5_plus_a_parry_of_8():
    # Given the sandperson's Melee Combat 4D+1 against a club's 5, and the player's parry 3D
    melee = [("Melee Combat", "Dexterity", "1D")]
    sandperson = character("Sandperson", Dexterity="3D+1", skills=melee)
    player = character("Luke", Dexterity="2D", skills=[("Melee Parry", "Dexterity", "1D")])
    # When the sandperson rolls 4+4+2+2(+1) and the player 3+3+2
    session = roll(
        sandperson,
        [4, 4, 2, 2, 3, 3, 2],
        {"Luke": player},
        roll="skill:Melee Combat",
        target=5,
        **opposed_by("Luke", "skill:Melee Parry"),
    )
    # Then 13 reaches 5 + 8 = 13: a hit
    outcome = session.outcome()
    assert outcome.headline == "13 against 13 - success"
    assert outcome.values["opponent_total"] == 8 and outcome.values["needed"] == 13
    assert outcome.detail.startswith("Melee Combat 4D+1 against 5 + Luke's Melee Parry 3D")


def test_the_jump_5d_plus_2_against_5_is_automatic_and_throws_no_dice():
    # Given Climbing/Jumping 5D+2 (at least 7) against 5
    jumper = character(Strength="4D+2", skills=[("Climbing/Jumping", "Strength", "1D")])
    source = ScriptedDiceSource([])
    session = SYSTEM.start_check(jumper, {"roll": "skill:Climbing/Jumping", "target": 5}, source)
    # Then the jump succeeds without a roll
    assert session.dice == ()
    outcome = session.outcome()
    assert outcome.headline == "Automatic success" and outcome.tone is Tone.SUCCESS
    assert outcome.detail == "Climbing/Jumping 5D+2 against 5 · rolls at least 7: no roll needed"
    assert outcome.values["automatic"] == "success" and outcome.values["total"] is None


def test_in_rounds_the_automatic_jump_is_rolled_anyway_for_the_order_of_actions():
    jumper = character(Strength="4D+2", skills=[("Climbing/Jumping", "Strength", "1D")])
    session = roll(jumper, [1, 2, 3, 4, 5], roll="skill:Climbing/Jumping", target=5)
    (action,) = session.actions()
    assert (action.id, action.label) == ("roll_anyway", "Roll anyway")
    session.apply("roll_anyway")
    outcome = session.outcome()
    assert outcome.headline == "Automatic success (rolled 17 for the order of actions)"
    assert outcome.values["total"] == 17
    assert session.actions() == ()


def test_in_round_based_play_the_automatic_jump_is_rolled_at_once_for_its_time():
    # Given the jumper declared the jump in "This round": round-based play
    jumper = character(Strength="4D+2", skills=[("Climbing/Jumping", "Strength", "1D")])
    declared(jumper, ("action", "Climbing/Jumping"))
    # When the jump is rolled / Then the dice are thrown for when it happens, still a success
    session = roll(jumper, [1, 2, 3, 4, 5], roll="skill:Climbing/Jumping", target=5)
    assert len(session.dice) == 5 and session.actions() == ()
    assert session.outcome().headline == "Automatic success (rolled 17 for the order of actions)"


def test_a_roll_that_cannot_reach_the_target_fails_automatically():
    weakling = character(Strength="1D+1")
    session = roll(weakling, [], roll="attribute:Strength", target=8)
    assert session.outcome().headline == "Automatic failure"
    assert session.outcome().detail.endswith("rolls at most 7: it cannot succeed")
    assert session.outcome().tone is Tone.FAILURE


def test_an_opponent_makes_a_roll_automatic_only_over_the_whole_range_of_both():
    # 3D+2 (5..20) against 0 + 1D (1..6): neither sure nor hopeless, so the dice are thrown
    player = character(Strength="3D+2")
    session = roll(
        player,
        [1, 1, 1, 6],
        roll="attribute:Strength",
        target=0,
        opponent="code",
        defender_code="1D",
    )
    assert session.outcome().headline == "5 against 6 - miss by 1"
    # 3D+2 (at least 5) against 0 + 0D+4: sure
    session = roll(
        player,
        [],
        roll="attribute:Strength",
        target=0,
        opponent="code",
        defender_code="0D+4",
    )
    assert session.outcome().headline == "Automatic success"


def test_an_opponents_code_typed_by_hand_reads_as_plain_words():
    # Given a roll against a parry of 3D typed by hand
    player = character(Strength="3D+2")
    session = roll(
        player,
        [1, 1, 1, 3, 3, 2],
        roll="attribute:Strength",
        target=5,
        opponent="code",
        defender_code="3D",
    )
    # Then the words name the opponent's code, without a capital in mid-sentence
    assert session.outcome().detail == (
        "Strength 3D+2 against 5 + the opponent's 3D · the opponent's 3D rolled 8"
    )


def test_anlas_three_shots_at_5d_plus_2_roll_3d_plus_2_each():
    anla = character(Dexterity="4D+2", skills=[("Blaster", "Dexterity", "1D")])
    session = roll(anla, [6, 6, 6], roll="skill:Blaster", target=10, actions=3)
    assert session.plan.roller.terms == "Blaster 5D+2, -2D (3 actions) → 3D+2"
    assert session.outcome().values["total"] == 20


def test_lukes_four_actions_with_a_force_point_double_sense_then_take_3d():
    # Given Luke's Sense 4D, four declared actions and a Force Point spent
    luke = character("Luke", force=[("Sense", "1D", "3D")])
    assert luke.force_points == 1
    session = roll(
        luke, [3, 3, 3, 3, 3], roll="force:Sense", target=15, actions=4, force_point="spend"
    )
    # Then Sense 4D doubles to 8D and the four actions take 3D: 5D; the Force Point is charged
    assert session.plan.roller.terms == "Sense 4D ×2 (Force Point) = 8D, -3D (4 actions) → 5D"
    assert session.outcome().headline == "15 against 15 - success"
    assert luke.force_points == 0
    assert [(c.resource, c.amount) for c in session.charges] == [("force_points", 1)]
    # And the sheet says so: later in the round the doubling holds without a new charge
    assert luke.force_point_round
    again = roll(luke, [6, 5, 4, 4, 3], roll="force:Sense", target=15, actions=4)
    assert again.outcome().headline == "22 against 15 - success by 7"
    assert again.charges == [] and luke.force_points == 0


def test_a_force_point_needs_one_left():
    luke = character("Luke", force=[("Sense", "1D", "0D")])
    luke.force_points = 0
    with pytest.raises(CheckError, match="Luke has no Force Point left"):
        roll(luke, [1, 1], roll="force:Sense", target=5, force_point="spend")


def test_a_wounded_character_rolls_1d_less_and_a_force_point_doubles_before_it():
    hurt = character(Dexterity="4D+2", skills=[("Blaster", "Dexterity", "0D")])
    hurt.wound = Wound.WOUNDED
    session = roll(hurt, [1] * 7, roll="skill:Blaster", target=5, force_point="spend")
    assert session.plan.roller.terms == "Blaster 4D+2 ×2 (Force Point) = 8D+4, -1D (wounded) → 7D+4"


@pytest.mark.parametrize(
    ("armor", "key", "code"),
    [
        (Armor.FULL, "skill:Dodge", "2D+1"),
        (Armor.LIGHT, "skill:Dodge", "3D"),
        (Armor.FULL, "attribute:Dexterity", "2D"),
        (Armor.FULL, "attribute:Strength", "3D"),
        (Armor.FULL, "skill:Brawling", "3D"),
    ],
)
def test_armor_takes_from_dexterity_based_rolls_only(armor, key, code):
    skills = [("Dodge", "Dexterity", "0D+1"), ("Brawling", "Strength", "0D")]
    wearer = character(Dexterity="3D", Strength="3D", skills=skills)
    wearer.armor = armor
    session = roll(wearer, [1] * 3, roll=key, target=99)
    assert str(session.plan.roller.code) == code


def test_preparing_adds_1d_and_the_game_masters_pips_never_become_dice():
    aimer = character(Dexterity="3D+2")
    session = roll(aimer, [1] * 4, roll="attribute:Dexterity", target=50, prepared=True, pips=1)
    assert str(session.plan.roller.code) == "4D+3"


def test_a_skill_the_sheet_lacks_is_rolled_with_its_attribute():
    plain = character(Perception="3D+1")
    session = roll(plain, [1, 1, 1], roll="skill:Sneak", target=99)
    assert str(session.plan.roller.code) == "3D+1"
    with pytest.raises(CheckError, match="Basket Weaving is not on Anla's sheet"):
        roll(plain, [], roll="skill:Basket Weaving", target=5)


def test_a_code_typed_by_hand_takes_no_sheet_penalties():
    hurt = character()
    hurt.wound = Wound.WOUNDED
    session = roll(hurt, [2, 2, 2, 2, 2], roll="code", code="5D+1", target=10)
    assert session.check == "Code 5D+1"
    assert session.outcome().headline == "11 against 10 - success by 1"


def test_characters_who_cannot_act_cannot_roll_nor_oppose():
    out = character("Bulack")
    out.wound = Wound.UNCONSCIOUS
    with pytest.raises(CheckError, match="Bulack is unconscious and cannot roll"):
        roll(out, [], roll="attribute:Strength", target=5)
    attacker = character("Corukk")
    with pytest.raises(CheckError, match="Bulack is unconscious and cannot oppose"):
        roll(
            attacker,
            [1, 1, 1, 1],
            {"Bulack": out},
            roll="attribute:Strength",
            target=5,
            **opposed_by("Bulack"),
        )


def test_an_opponent_must_be_one_open_character():
    attacker = character("Corukk")
    with pytest.raises(CheckError, match="Choose one opponent"):
        roll(attacker, [], {}, roll="attribute:Strength", target=5, opponent="character")


def test_the_wounded_opponent_rolls_1d_less():
    attacker = character("Corukk", Dexterity="3D")
    defender = character("Bulack", Dexterity="3D", skills=[("Dodge", "Dexterity", "0D")])
    defender.wound = Wound.WOUNDED
    session = roll(
        attacker,
        [1, 1, 1, 1, 1],
        {"Bulack": defender},
        roll="attribute:Dexterity",
        target=5,
        **opposed_by("Bulack"),
    )
    assert str(session.plan.opponent.roller.code) == "2D"
    assert session.outcome().headline == "3 against 7 - miss by 4"


def test_a_session_cannot_spend_a_force_point_that_is_not_there():
    luke = character("Luke")
    plan = plan_roll(luke, {"roll": "attribute:Strength", "target": 5, "force_point": "spend"})
    luke.force_points = 0
    with pytest.raises(SessionError, match="no Force Point"):
        StarWarsSession(luke, plan, source=ScriptedDiceSource([1] * 4))


@pytest.mark.parametrize("typed", ["4W+", "-2D", ""])
def test_a_mistyped_code_is_refused_with_the_reason_in_the_preview_and_the_start(typed):
    anla = character()
    preview = SYSTEM.preview_check(anla, {"roll": "code", "code": typed, "target": 10})
    assert preview.problem.startswith("The code: ")
    assert preview.summary == ""
    with pytest.raises(CheckError, match="The code: "):
        roll(anla, [], roll="code", code=typed, target=10)
    preview = SYSTEM.preview_check(
        anla,
        {"roll": "attribute:Strength", "target": 10, "opponent": "code", "defender_code": typed},
    )
    assert preview.problem.startswith("The opponent's code: ")


def test_a_half_typed_code_is_judged_not_crashed_on():
    preview = SYSTEM.preview_check(character(), {"roll": "code", "code": "4D+", "target": 10})
    assert (
        preview.problem == 'The code: "4D+" is not a dice code. Write a code as dice and '
        "pips, for example 3D+2, 4D or 2D-1."
    )


def test_a_roller_works_its_code_out_once_and_is_what_it_is_made_of():
    # Sense 6D+2 doubled by a Force Point, one die less for a wound
    wounded = (Modifier("wounded", dice=-1),)
    roller = Roller("Sense", Code(6, 2), doubled=True, modifiers=wounded)
    assert roller.code == Code(11, 4) and roller.code is roller.code
    # It equals (and hashes as) a roller of the same parts whose code was never read
    fresh = Roller("Sense", Code(6, 2), doubled=True, modifiers=wounded)
    assert fresh == roller and hash(fresh) == hash(roller)
    # A roller made from it with other parts works its own code out
    assert replace(roller, doubled=False).code == Code(5, 2)
    assert replace(roller, modifiers=()).code == Code(12, 4)


def test_a_roller_beyond_the_dice_a_code_may_have_is_refused_when_its_code_is_read():
    roller = Roller("Sense", Code(MAX_DICE, 0), doubled=True)
    with pytest.raises(CodeError):
        _ = roller.code


@pytest.mark.parametrize(
    ("code", "target", "headline"),
    [
        ("2D+3", 5, "Automatic success"),  # the lowest total is exactly the target
        ("0D+2", 2, "Automatic success"),  # no dice: the pips alone reach it
        ("0D+2", 3, "Automatic failure"),  # no dice: the pips alone fall short
        ("1D+1", 8, "Automatic failure"),  # the highest total is one short
    ],
)
def test_automatic_results_at_their_boundaries(code, target, headline):
    session = roll(character(), [], roll="code", code=code, target=target)
    assert session.dice == () and session.outcome().headline == headline


def test_the_highest_total_exactly_at_the_target_is_still_rolled():
    # 1D+1 reaches 7 only with a 6: not automatic, and the 6 succeeds on the tie
    session = roll(character(), [6], roll="code", code="1D+1", target=7)
    assert session.plan.automatic is None
    assert session.outcome().headline == "7 against 7 - success"


def test_modifiers_are_summed_before_dice_are_lost():
    # Given Strength 1D, +1D prepared and three declared actions (-2D)
    anla = character(Strength="1D")
    anla.prepared = "Strength"
    session = roll(anla, [], roll="attribute:Strength", target=1, actions=3)
    # Then +1D and -2D make -1D on 1D: 0D, not 1D (the -2D is not cut at 0D first)
    assert session.plan.roller.terms == "Strength 1D, -2D (3 actions), +1D (prepared) → 0D"
