"""Group rolls and starships through the system's generic API (rule text 004,
"rundenbasiertes Spiel", "Raumschiffe"): the corridor's order of 16, 12, 11 and 8, the speed
contest of Bulack and the pirate, and the X-wing's dodge of 18 raising 10 to 28. Scripted
dice throughout.
"""

import pytest

from shadowdice.core.dice import ScriptedDiceSource
from shadowdice.core.registry import CheckError
from shadowdice.core.sheet import Kind
from shadowdice.systems.starwars.round_sheet import Declared
from shadowdice.systems.starwars.rounds import ActionKind
from tests.systems.starwars.characters import SYSTEM, character, declared, opposed_by


def corridor():
    """Anla and Corukk shoot, Bulack closes the door, Darlen moves forward."""
    anla = declared(
        character("Anla", skills=[("Blaster", "Dexterity", "2D")]), ("action", "Blaster")
    )
    bulack = declared(
        character("Bulack", Technical="3D", skills=[("Security", "Technical", "0D")]),
        ("action", "Security"),
    )
    corukk = declared(
        character("Corukk", Dexterity="2D+2", skills=[("Blaster", "Dexterity", "0D")]),
        ("action", "blaster"),
    )
    darlen = declared(character("Darlen", Dexterity="3D"), ("walk", ""))
    return [anla, bulack, corukk, darlen]


def test_the_corridor_rolls_16_12_8_and_11_and_acts_from_the_highest_down():
    members = corridor()
    values = {"group": "order", "segment": 1}
    preview = SYSTEM.preview_group_check(members, values)
    assert preview.summary == (
        "Anla: Action: Blaster 4D; Bulack: Action: Security 3D; "
        "Corukk: Action: Blaster 2D+2; Darlen: Walk: Dexterity 3D"
    )
    anla, bulack, corukk, darlen = [6, 5, 3, 2], [5, 4, 3], [4, 2], [4, 4, 3]
    faces = [*anla, *bulack, *corukk, *darlen]
    group = SYSTEM.start_group_check(members, values, ScriptedDiceSource(faces))
    outcome = group.outcome()
    assert outcome.values == {"Anla": 16, "Bulack": 12, "Corukk": 8, "Darlen": 11}
    assert outcome.headline == "Order: Anla, then Bulack, then Darlen, then Corukk"
    assert group.check == "Segment 1: order of actions"


def test_the_order_of_a_later_segment_takes_its_penalty_and_leaves_out_who_does_not_act():
    anla, bulack, corukk, darlen = corridor()
    declared(anla, ("action", "Blaster"), ("action", "Blaster"), ("action", "Blaster"))
    corukk.stunned = True
    bulack.wound = "unconscious"
    preview = SYSTEM.preview_group_check(
        [anla, bulack, corukk, darlen], {"group": "order", "segment": 2}
    )
    assert preview.summary == (
        "Anla: Action: Blaster 2D · not rolling: Bulack is unconscious, Corukk is stunned, "
        "Darlen has no action in segment 2"
    )
    group = SYSTEM.start_group_check(
        [anla, darlen], {"group": "order", "segment": 2}, ScriptedDiceSource([3, 4])
    )
    assert group.outcome().headline == "Order: Anla"


def test_ties_in_the_order_act_together():
    members = [declared(character(name), ("action", "Strength")) for name in ("Anla", "Bulack")]
    group = SYSTEM.start_group_check(
        members, {"group": "order", "segment": 1}, ScriptedDiceSource([3, 4, 4, 3])
    )
    assert group.outcome().headline == "Order: Anla and Bulack"


def test_an_order_roll_uses_up_the_preparation_and_the_sheet_sees_it():
    anla = declared(
        character("Anla", skills=[("Blaster", "Dexterity", "0D")]), ("action", "Blaster")
    )
    anla.prepared = "Blaster"
    group = SYSTEM.start_group_check(
        [anla], {"group": "order", "segment": 1}, ScriptedDiceSource([1, 1, 1])
    )
    assert group.outcome().values == {"Anla": 3}
    assert anla.prepared == "" and [c.resource for c in group.charges] == ["prepared"]


def test_an_action_that_names_no_roll_is_refused_with_the_reason():
    bulack = declared(character("Bulack"), ("action", "close the door"))
    preview = SYSTEM.preview_group_check([bulack], {"group": "order", "segment": 1})
    assert preview.problem == (
        'Bulack\'s action in segment 1 names "close the door" to roll: write a skill or '
        "attribute in This round."
    )
    with pytest.raises(CheckError, match="No one ticked has an action"):
        SYSTEM.start_group_check([character("Anla")], {"group": "order"}, ScriptedDiceSource([]))


def test_a_movement_is_always_rolled_with_dexterity_whatever_its_row_says():
    # Given Bulack runs "forward" (where to, in words) and Darlen walks with a skill named
    skills = [("Climbing/Jumping", "Strength", "2D")]
    bulack = declared(character("Bulack", Dexterity="3D+1"), ("run", "forward"))
    darlen = character("Darlen", Dexterity="2D", skills=skills)
    declared(darlen, ("walk", "Climbing/Jumping"))
    # Then both movements are rolled with Dexterity, as every movement is
    preview = SYSTEM.preview_group_check([bulack, darlen], {"group": "order", "segment": 1})
    assert preview.problem == ""
    assert preview.summary == "Bulack: Run: Dexterity 3D+1; Darlen: Walk: Dexterity 2D"


def pilots():
    """Bulack (Piloting 3D+1, a freighter of Sublight Speed 2D) and the pirate (Piloting 2D,
    Sublight Speed 2D).
    """
    bulack = character(
        "Bulack", Mechanical="3D+1", skills=[("Starship Piloting", "Mechanical", "0D")]
    )
    bulack.ship, bulack.sublight_speed = "Dusty Freighter", "2D"
    pirate = character("Pirate")
    pirate.ship, pirate.sublight_speed = "Rust Bucket", "2D"
    return bulack, pirate


def test_the_speed_contest_asks_each_pilot_and_follows_the_ticked_members():
    bulack, pirate = pilots()
    keys = [param.key for param in SYSTEM.group_check_params([bulack, pirate])]
    assert keys == ["group", "segment", "range", "wish_0", "piloting_0", "wish_1", "piloting_1"]
    params = {param.key: param for param in SYSTEM.group_check_params([bulack, pirate])}
    assert params["wish_1"].label == "Pirate wants to"
    assert [value for value, _label in params["wish_0"].choices] == ["close", "open", "keep"]
    assert params["piloting_0"].kind is Kind.FLAG and params["wish_0"].only_with == (
        "group",
        "speed",
    )
    keys = [p.key for p in SYSTEM.group_check_params([pirate])]
    assert "wish_1" not in keys and "wish_0" in keys


def test_bulack_closes_on_the_pirate_and_the_piloting_counts_as_an_action():
    # Given medium range, Bulack wants to close and the pirate to open; both add Piloting
    bulack, pirate = pilots()
    declared(bulack, ("action", "Starship Gunnery"))
    values = {"group": "speed", "range": "medium", "wish_0": "close", "piloting_0": True,
              "wish_1": "open", "piloting_1": True}  # fmt: skip
    preview = SYSTEM.preview_group_check([bulack, pirate], values)
    assert preview.summary == (
        "From medium range: Bulack: close, Starship Piloting 3D+1, +2D (Dusty Freighter Sublight "
        "Speed), -1D (2 actions) → 4D+1; Pirate: open, Starship Piloting 2D, +2D (Rust Bucket "
        "Sublight Speed) → 4D"
    )
    # When Bulack rolls 5+4+3+3(+1) = 16 and the pirate 4+3+3+2 = 12
    faces = [*[5, 4, 3, 3], *[4, 3, 3, 2]]
    group = SYSTEM.start_group_check([bulack, pirate], values, ScriptedDiceSource(faces))
    # Then the range is short
    assert group.outcome().headline == "Range is now short"
    assert group.outcome().detail == "Bulack 16 · Pirate 12"
    # And both pilots' rounds now hold the speed action, charged to each, and their sheets
    # keep the new range
    assert [(c.resource, c.who) for c in group.charges] == [
        ("speed action", 0),
        ("speed action", 1),
        ("ship_range", 0),
        ("ship_range", 1),
    ]
    assert bulack.ship_range == pirate.ship_range == "short"
    assert pirate.this_round == [Declared(kind=ActionKind.SPEED, rolls="Starship Piloting")]
    # So the pirate's later shot is at -1D with it
    pirate.this_round = [*pirate.this_round, Declared(kind=ActionKind.REGULAR, rolls="Blaster")]
    shot = SYSTEM.start_check(
        pirate, {"roll": "skill:Blaster", "target": 99}, ScriptedDiceSource([1])
    )
    assert str(shot.plan.roller.code) == "1D"


def test_a_tie_keeps_the_range_and_pilots_of_one_mind_do_not_roll():
    bulack, pirate = pilots()
    values = {"group": "speed", "range": "medium", "wish_0": "close", "wish_1": "keep"}
    group = SYSTEM.start_group_check([bulack, pirate], values, ScriptedDiceSource([3, 3, 3, 3]))
    assert group.outcome().headline == "Range stays medium"
    values = {
        "group": "speed",
        "range": "long",
        "wish_0": "close",
        "wish_1": "close",
        "piloting_0": True,
    }
    group = SYSTEM.start_group_check([bulack, pirate], values, ScriptedDiceSource([]))
    assert group.outcome().headline == "Range is now medium"
    assert bulack.this_round == [] and group.charges == []


def test_a_pilot_needs_a_ship():
    bulack, _pirate = pilots()
    preview = SYSTEM.preview_group_check(
        [bulack, character("Anla")], {"group": "speed", "range": "short"}
    )
    assert preview.problem == "Anla flies no starship: enter the ship and its codes on the sheet."


def xwing_pilot():
    """Anla: Starship Piloting 3D in an X-wing of Maneuverability 3D, dodging in segments 1
    and 2.
    """
    anla = character("Anla", Mechanical="3D", skills=[("Starship Piloting", "Mechanical", "0D")])
    anla.ship, anla.maneuverability = "X-wing", "3D"
    return declared(anla, ("reaction", "Starship dodge", 1), ("reaction", "Starship dodge", 2))


def test_the_x_wing_dodge_of_18_raises_the_ties_10_to_28():
    # Given the TIE pilot shoots at short range (10) and Anla dodges in segment 1
    anla = xwing_pilot()
    tie = character("TIE pilot")
    values = {"roll": "code", "code": "4D", "target": 10, "segment": 1}
    values.update(opposed_by("Anla", "ship:dodge"))
    # When the TIE pilot rolls 24 and Anla 5+4+3+3+2+1 = 18 with 6D
    session = SYSTEM.start_check(
        tie, values, ScriptedDiceSource([6, 6, 6, 6, 5, 4, 3, 3, 2, 1]), {"Anla": anla}
    )
    # Then the TIE pilot needed 28 and misses
    assert str(session.plan.opponent.roller.code) == "6D"
    assert session.outcome().values["needed"] == 28
    assert session.outcome().headline == "24 against 28 - miss by 4"
    # And in segment 2 her second dodge is rolled with 5D
    values["segment"] = 2
    preview = SYSTEM.preview_check(tie, values, {"Anla": anla})
    assert "Anla's Starship Piloting 5D" in preview.summary


def test_a_pilot_rolls_the_starship_dodge_as_her_own_roll_too():
    anla = xwing_pilot()
    choices = dict(SYSTEM.check_params(anla, {})[1].choices)
    assert choices["ship:dodge"] == "Starship dodge (piloting + maneuverability), X-wing"
    session = SYSTEM.start_check(
        anla, {"roll": "ship:dodge", "target": 20}, ScriptedDiceSource([5, 4, 3, 3, 2, 1])
    )
    assert session.plan.roller.terms == "Starship Piloting 3D, +3D (X-wing maneuverability) → 6D"
    assert session.check == "Starship dodge" and session.outcome().values["total"] == 18
    no_ship = character("Bulack")
    preview = SYSTEM.preview_check(no_ship, {"roll": "ship:dodge", "target": 10})
    assert preview.problem.startswith("Bulack's sheet names no starship")


def test_a_ship_without_maneuverability_shows_no_empty_modifier():
    # Given a pilot whose ship has Maneuverability 0D and Sublight Speed 0D+0
    anla = xwing_pilot()
    anla.maneuverability = "0D"
    # When she dodges with the ship
    preview = SYSTEM.preview_check(anla, {"roll": "ship:dodge", "target": 15})
    # Then the terms name no modifier that adds nothing
    assert preview.summary == "Starship Piloting 3D · against 15"
    # And as a TIE pilot's opponent her dodge is named once, without empty terms
    tie = character("TIE pilot")
    values = {"roll": "code", "code": "4D", "target": 10, **opposed_by("Anla", "ship:dodge")}
    preview = SYSTEM.preview_check(tie, values, {"Anla": anla})
    assert preview.summary == "Code 4D · against 10 + Anla's Starship Piloting 3D"


def test_one_dodge_in_a_segment_raises_both_attacks_of_that_segment():
    # Given the TIE pilot and his wingman both shoot at Anla's X-wing in segment 1 (short: 10)
    anla = xwing_pilot()
    tie, wingman = character("TIE pilot"), character("Wingman")
    values = {"roll": "code", "code": "4D", "target": 10, "segment": 1}
    values.update(opposed_by("Anla", "ship:dodge"))
    # When the first attack is rolled, Anla's dodge is rolled with it: 6D, 18
    first = SYSTEM.start_check(
        tie, values, ScriptedDiceSource([6, 6, 6, 6, 5, 4, 3, 3, 2, 1]), {"Anla": anla}
    )
    assert first.outcome().values["needed"] == 28
    # Then the wingman's attack in the same segment throws no dodge: the 18 counts again
    second_values = {**values, "code": "5D"}
    preview = SYSTEM.preview_check(wingman, second_values, {"Anla": anla})
    assert preview.summary == (
        "Code 5D · against 10 + Anla's Starship Piloting 18 (rolled this segment)"
    )
    second = SYSTEM.start_check(
        wingman, second_values, ScriptedDiceSource([6, 6, 6, 6, 4]), {"Anla": anla}
    )
    assert [die.group for die in second.table] == [""] * 5
    assert second.outcome().values["needed"] == 28
    assert second.outcome().headline == "28 against 28 - success"
    # And an attack the kept dodge puts out of reach fails without a roll
    assert "automatic failure" in SYSTEM.preview_check(tie, values, {"Anla": anla}).summary
    # And in segment 2 a new dodge is rolled, with 5D (the first dodge was an action)
    values["segment"] = 2
    third = SYSTEM.start_check(
        tie, values, ScriptedDiceSource([5, 5, 5, 5, 1, 1, 1, 1, 1]), {"Anla": anla}
    )
    assert third.outcome().values["opponent_total"] == 5
    assert third.outcome().values["needed"] == 15
    # And "New round" forgets the dodges
    assert SYSTEM.apply_sheet_action(anla, "new_round").startswith("New round")
    assert anla.dodged == []


def test_a_characters_dodge_covers_every_attack_of_its_segment_too():
    # Given Bulack dodges (Dodge 3D) the first of two blaster shots in segment 1 (target 10)
    bulack = character("Bulack", skills=[("Dodge", "Dexterity", "1D")])
    anla, corukk = character("Anla"), character("Corukk")
    values = {"roll": "code", "code": "3D", "target": 10, **opposed_by("Bulack")}
    SYSTEM.start_check(anla, values, ScriptedDiceSource([6, 6, 6, 4, 3, 2]), {"Bulack": bulack})
    # When Corukk shoots at him in the same segment, Then the dodge of 9 is added unrolled
    values["code"] = "4D"
    session = SYSTEM.start_check(
        corukk, values, ScriptedDiceSource([6, 6, 6, 1]), {"Bulack": bulack}
    )
    assert session.outcome().values["opponent_total"] == 9
    assert session.outcome().headline == "19 against 19 - success"
    # A parry, by contrast, is rolled for every attack
    parry = {**values, "defender_roll": "skill:Melee Parry"}
    session = SYSTEM.start_check(
        corukk, parry, ScriptedDiceSource([6, 6, 6, 1, 1, 1]), {"Bulack": bulack}
    )
    assert [die.face for die in session.table if die.group == "opponent"] == [1, 1]


def test_the_encounter_keeps_its_range_and_fills_the_target_number_of_attacks():
    # Given Bulack and the pirate in an encounter kept at medium range
    bulack, pirate = pilots()
    bulack.ship_range = pirate.ship_range = "medium"
    # Then the speed contest starts from it
    speed = {p.key: p for p in SYSTEM.group_check_params([bulack, pirate])}
    assert speed["range"].default == "medium"
    # And an attack between the ships starts at medium range's 15
    target = next(p for p in SYSTEM.check_params(pirate) if p.key == "target")
    assert target.default == 15 and "at medium range: 15 to hit" in target.hint
    # When Bulack closes in (the pirate wants to open) and wins
    values = {"group": "speed", "range": "medium", "wish_0": "close", "wish_1": "open"}
    SYSTEM.start_group_check([bulack, pirate], values, ScriptedDiceSource([6, 6, 1, 1]))
    # Then both sheets keep short range, and attacks start at 10, as in the X-wing example
    assert bulack.ship_range == pirate.ship_range == "short"
    target = next(p for p in SYSTEM.check_params(pirate) if p.key == "target")
    assert target.default == 10
    assert {p.key: p for p in SYSTEM.group_check_params([bulack, pirate])}["range"].default == (
        "short"
    )
    # A character in no encounter keeps the usual default
    anla = next(p for p in SYSTEM.check_params(character("Anla")) if p.key == "target")
    assert "starship encounter" not in anla.hint
