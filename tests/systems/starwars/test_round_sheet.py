"""Rounds on the sheet (rule text 004, "rundenbasiertes Spiel"): the table "This round", the
penalty of its declarations in checks, preparing, the Force Point of the round and the sheet
action "New round", all through the system's generic API with scripted dice.
"""

import pytest

from shadowdice.core.dice import ScriptedDiceSource
from shadowdice.core.session import Charge
from shadowdice.core.sheet import SheetEditError, add_row
from shadowdice.systems.starwars.round_sheet import ANY_ROLL, Declared
from shadowdice.systems.starwars.rounds import ActionKind
from tests.systems.starwars.characters import (
    ROUND_COLUMNS,
    ROUND_TABLE,
    SYSTEM,
    character,
    enter_declaration,
    opposed_by,
    params,
    roll,
)


def test_the_table_declares_kind_roll_and_segment():
    assert [column.key for column in ROUND_TABLE.columns] == ["kind", "rolls", "segment"]
    assert ROUND_COLUMNS["kind"].choices(None) == tuple(ActionKind)
    assert [kind.value for kind in ActionKind][:6] == [
        "walk", "run", "action", "reaction", "draw", "prepare",
    ]  # fmt: skip
    # The segment is the declared one only for reactions and draws
    assert ROUND_COLUMNS["segment"].editable_in(Declared(kind=ActionKind.REACTION))
    assert not ROUND_COLUMNS["segment"].editable_in(Declared(kind=ActionKind.REGULAR))


def test_the_table_refuses_what_the_rules_forbid_and_keeps_the_sheet():
    sheet = character("Darlen")
    enter_declaration(sheet, "walk")
    with pytest.raises(SheetEditError, match="Darlen can walk or run only once a round"):
        enter_declaration(sheet, "run")
    assert [row.kind for row in sheet.this_round] == [ActionKind.WALK, ActionKind.REGULAR]
    sheet.this_round = [Declared(kind=ActionKind.PREPARE)]
    with pytest.raises(SheetEditError, match="prepares and so does nothing else"):
        add_row(sheet, ROUND_TABLE)


def test_anlas_three_declared_shots_take_2d_off_without_a_number_of_actions():
    # Given Anla declares three shots, Blaster 5D+2
    anla = character(Dexterity="4D+2", skills=[("Blaster", "Dexterity", "1D")])
    assert "actions" in params(anla)
    for _shot in range(3):
        enter_declaration(anla, "action", "Blaster")
    # Then the check asks for the segment, not a number of actions
    assert "actions" not in params(anla) and "segment" in params(anla)
    # And the shot of segment 2 is rolled with 3D+2
    session = roll(anla, [6, 3, 2], roll="skill:Blaster", target=15, segment=2)
    assert session.plan.roller.terms == "Blaster 5D+2, -2D (3 actions by segment 2) → 3D+2"
    assert session.outcome().headline == "13 against 15 - miss by 2"


def test_a_reaction_declared_in_segment_2_counts_from_segment_2_on():
    # Given Bulack parries Corukk's fists: first in segment 1, again before segment 2
    bulack = character("Bulack", Dexterity="3D", skills=[("Brawling Parry", "Dexterity", "1D")])
    enter_declaration(bulack, "reaction", "Brawling Parry", segment=1)
    enter_declaration(bulack, "reaction", "Brawling Parry", segment=2)
    # Then the parry of segment 1 is at 4D and the one of segment 2 at 3D
    first = roll(bulack, [1] * 4, roll="skill:Brawling Parry", target=30, segment=1)
    second = roll(bulack, [1] * 3, roll="skill:Brawling Parry", target=30, segment=2)
    assert (str(first.plan.roller.code), str(second.plan.roller.code)) == ("4D", "3D")


def test_the_opponent_takes_the_penalty_of_their_own_declarations():
    # Given Anla shoots and dodges in segment 1: both at -1D
    anla = character("Anla", Dexterity="3D", skills=[("Dodge", "Dexterity", "1D")])
    enter_declaration(anla, "action", "Blaster")
    enter_declaration(anla, "reaction", "Dodge")
    shooter = character("Corukk", Dexterity="3D")
    session = roll(
        shooter,
        [1, 1, 1, 1, 1, 1],
        {"Anla": anla},
        roll="attribute:Dexterity",
        target=10,
        **opposed_by("Anla", "skill:Dodge"),
    )
    assert str(session.plan.opponent.roller.code) == "3D"
    assert session.outcome().headline == "3 against 13 - miss by 10"


def test_new_round_carries_the_preparation_into_plus_1d_on_that_roll_once():
    # Given Anla does nothing this round but aim her blaster
    anla = character(Dexterity="4D", skills=[("Blaster", "Dexterity", "0D")])
    enter_declaration(anla, "prepare", "Blaster")
    # When the game master starts the next round
    message = SYSTEM.apply_sheet_action(anla, "new_round")
    assert message == "New round: declarations cleared; +1D prepared for Blaster."
    assert anla.this_round == [] and anla.prepared == "Blaster"
    # Then her blaster shot is 5D, and the roll uses the preparation up
    session = roll(anla, [1] * 5, roll="skill:Blaster", target=30)
    assert session.plan.roller.terms == "Blaster 4D, +1D (prepared) → 5D"
    assert session.charges == [Charge("prepared", 1)] and anla.prepared == ""
    # And another roll of the round is back to 4D
    assert str(roll(anla, [1] * 4, roll="skill:Blaster", target=30).plan.roller.code) == "4D"


def test_a_preparation_goes_to_its_own_roll_only_and_an_unused_one_is_gone_next_round():
    anla = character(Dexterity="4D", skills=[("Blaster", "Dexterity", "0D")])
    anla.prepared = "Blaster"
    assert str(roll(anla, [1] * 4, roll="attribute:Strength", target=30).plan.roller.code) == "2D"
    assert anla.prepared == "Blaster"
    assert SYSTEM.apply_sheet_action(anla, "new_round").endswith("the unused preparation is gone.")
    assert anla.prepared == ""


def test_a_prepare_row_that_names_nothing_prepares_the_next_roll():
    anla = character(Strength="2D")
    enter_declaration(anla, "prepare")
    SYSTEM.apply_sheet_action(anla, "new_round")
    assert anla.prepared == ANY_ROLL
    assert str(roll(anla, [1] * 3, roll="attribute:Strength", target=30).plan.roller.code) == "3D"


def test_new_round_ends_the_stun_and_the_force_points_doubling():
    luke = character("Luke", Strength="3D")
    roll(luke, [1] * 6, roll="attribute:Strength", target=30, force_point="spend")
    luke.stunned = True
    assert luke.force_point_round and "force_point" not in params(luke)
    message = SYSTEM.apply_sheet_action(luke, "new_round")
    assert message == (
        "New round: declarations cleared; the stun is over; the Force Point's doubling is over."
    )
    assert not luke.stunned and not luke.force_point_round
    assert params(luke)["force_point"].label == "Force Point (0 left)"


def test_a_force_point_cannot_be_spent_twice_in_a_round():
    luke = character("Luke", Strength="3D")
    luke.force_points = 2
    luke.force_point_round = True
    preview = SYSTEM.preview_check(luke, {"roll": "attribute:Strength", "force_point": "spend"})
    assert preview.problem == (
        "Luke has spent a Force Point this round already; every roll of it is doubled."
    )


def test_the_sheet_actions_are_finish_creation_and_new_round():
    assert [action.id for action in SYSTEM.sheet_actions(character())] == [
        "finish_creation",
        "new_round",
    ]


def test_bulack_walks_to_the_corner_then_shoots_without_a_penalty():
    # Given Bulack (Dexterity 3D+1, Blaster 4D+1) walks 3 m, then shoots
    bulack = character("Bulack", Dexterity="3D+1", skills=[("Blaster", "Dexterity", "1D")])
    enter_declaration(bulack, "walk")
    enter_declaration(bulack, "action", "Blaster")
    # When the walk's order is rolled in segment 1: Dexterity in full
    order = SYSTEM.preview_group_check([bulack], {"group": "order", "segment": 1})
    assert order.summary == "Bulack: Walk: Dexterity 3D+1"
    # Then the shot of segment 2 is rolled in full: walking is no extra action
    assert SYSTEM.preview_group_check([bulack], {"group": "order", "segment": 2}).summary == (
        "Bulack: Action: Blaster 4D+1"
    )
    shot = roll(bulack, [6, 3, 2, 2], roll="skill:Blaster", target=15, segment=2)
    assert shot.plan.roller.terms == "Blaster 4D+1"
    assert shot.outcome().headline == "14 against 15 - miss by 1"


def test_bulack_shoots_then_jumps_into_cover_both_at_minus_1d():
    # Given Bulack shoots, then jumps over the crates (the game master counts it as running)
    bulack = character("Bulack", Dexterity="3D+1", skills=[("Blaster", "Dexterity", "1D")])
    enter_declaration(bulack, "action", "Blaster")
    enter_declaration(bulack, "run", "Dexterity")
    # Then the shot in segment 1 is at -1D
    shot = roll(bulack, [6, 6, 6], roll="skill:Blaster", target=15, segment=1)
    assert shot.plan.roller.terms == "Blaster 4D+1, -1D (2 actions by segment 1) → 3D+1"
    # And the jump's Dexterity in segment 2, rolled against a shot at him, is at -1D too
    order = SYSTEM.preview_group_check([bulack], {"group": "order", "segment": 2})
    assert order.summary == "Bulack: Run: Dexterity 2D+1"
    group = SYSTEM.start_group_check(
        [bulack], {"group": "order", "segment": 2}, ScriptedDiceSource([5, 4])
    )
    assert group.outcome().values == {"Bulack": 10}
