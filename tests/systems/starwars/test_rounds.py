"""Rounds (rule text 004, "rundenbasiertes Spiel"): declarations, segments, the penalty of
-1D per extra action from the text's table, the order of a segment, preparing and Force
Points. The text's examples are rolled with scripted dice.
"""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shadowdice.core.dice import ScriptedDiceSource
from shadowdice.systems.starwars.codes import Code
from shadowdice.systems.starwars.plain_rolls import CodeRoll
from shadowdice.systems.starwars.rounds import (
    ACTION_TABLE,
    BEFORE_FIRST_SEGMENT,
    ActionKind,
    CharacterRound,
    Declaration,
    Defence,
    RoundError,
    act,
    dodge,
    draw,
    force_point,
    parry,
    prepare,
    reactions_needed,
    run,
    segment_actions,
    segment_count,
    segment_order,
    walk,
)

SHOOT = act("shoot", "Blaster")


def rolled(code, faces):
    """The total of ``code`` thrown with exactly these scripted faces."""
    source = ScriptedDiceSource(faces)
    total = CodeRoll(character="", code=code, check="roll", source=source).total
    assert source.remaining == 0, "the code threw fewer dice than scripted"
    return total


def test_the_table_of_actions_is_the_texts():
    # Given the text's table: modifier (counts) and own segment
    rows = {kind: (rule.counts, rule.own_segment) for kind, rule in ACTION_TABLE.items()}
    assert rows[ActionKind.WALK] == (False, True)
    assert rows[ActionKind.RUN] == (True, True)
    assert rows[ActionKind.REGULAR] == (True, True)
    assert rows[ActionKind.REACTION] == (True, False)
    assert rows[ActionKind.DRAW] == (True, False)


def test_anla_shoots_three_times_at_minus_2d_in_three_segments():
    # Given Anla declares three blaster shots, Blaster 5D+2
    anla = CharacterRound("Anla", (SHOOT, SHOOT, SHOOT))
    # Then the shots run in segments 1, 2 and 3, each at -2D: 3D+2
    assert [anla.action_in(segment) for segment in (1, 2, 3)] == [SHOOT] * 3
    assert segment_count([anla]) == 3
    codes = [anla.code_for(Code(5, 2), segment) for segment in (1, 2, 3)]
    assert [str(code) for code in codes] == ["3D+2"] * 3
    # And each shot throws three dice
    assert rolled(codes[0], [6, 3, 2]) == 13


def test_bulack_walks_then_shoots_without_a_penalty():
    # Given Bulack walks 3 m to a corner, then shoots
    bulack = CharacterRound("Bulack", (walk("walk 3 m"), SHOOT))
    # Then the walk runs in segment 1 and the shot in segment 2, both without a penalty
    assert bulack.action_in(1).kind is ActionKind.WALK and bulack.action_in(2) == SHOOT
    assert bulack.penalty(1) == bulack.penalty(2) == 0
    assert str(bulack.code_for(Code(4, 1), 2)) == "4D+1"


def test_bulack_shoots_then_jumps_as_a_run_at_minus_1d():
    # Given Bulack shoots, then jumps into cover (the game master counts it as running)
    bulack = CharacterRound("Bulack", (SHOOT, run("jump over the crates")))
    # Then the shot in segment 1 and the jump (Dexterity) in segment 2 are both at -1D
    assert bulack.action_in(2).skill == "Dexterity"
    assert bulack.penalty(1) == bulack.penalty(2) == 1
    assert str(bulack.code_for(Code(3, 1), 2)) == "2D+1"


def test_anla_shoots_and_dodges_at_minus_1d_on_both():
    # Given Anla shoots at an enemy and declares a dodge as her reaction
    anla = CharacterRound("Anla", (SHOOT, dodge(1)))
    # Then shot and dodge are rolled at -1D; the dodge has no segment of its own
    assert anla.penalty(1) == 1
    assert segment_count([anla]) == 1


def test_a_reaction_counts_from_the_segment_it_is_declared_in():
    # Given Corukk attacks Bulack twice with his fists; Bulack has declared nothing
    corukk = CharacterRound("Corukk", (act("punch", "Brawling"), act("punch", "Brawling")))
    bulack = CharacterRound("Bulack").react(parry(1, "Brawling Parry"))
    # When Bulack parries in segment 1, it is his only action: no penalty
    assert bulack.penalty(1) == 0
    assert corukk.penalty(1) == corukk.penalty(2) == 1
    # When he parries again before the second punch in segment 2
    bulack = bulack.react(parry(2, "Brawling Parry"))
    # Then that parry is at -1D, and the roll of segment 1 keeps no penalty
    assert bulack.penalty(2) == 1
    assert bulack.penalty(1) == 0


def test_only_running_is_rolled_without_a_penalty():
    assert CharacterRound("Darlen", (run(),)).penalty(1) == 0


def test_walking_adds_no_penalty_but_is_rolled_with_the_others_penalty():
    # Given a character who walks and shoots twice
    character = CharacterRound("Anla", (walk(), SHOOT, SHOOT))
    # Then the shots count twice (-1D) and the walk, rolled in segment 1, takes it too
    assert character.action_in(1).kind is ActionKind.WALK
    assert [character.penalty(segment) for segment in (1, 2, 3)] == [1, 1, 1]


def test_drawing_a_weapon_has_no_segment_but_costs_1d():
    # Given a character who draws and shoots
    character = CharacterRound("Bulack", (draw(1), SHOOT))
    # Then the shot runs in segment 1, at -1D
    assert character.actions == (SHOOT,)
    assert character.penalty(1) == 1


def test_a_dodge_covers_every_attack_of_its_segment_a_parry_only_one():
    dodging = CharacterRound("Anla", (dodge(1),))
    parrying = CharacterRound("Bulack", (parry(1), parry(1)))
    assert dodging.covers(1, attacks=3) == 3
    assert dodging.covers(2, attacks=1) == 0
    assert parrying.covers(1, attacks=3) == 2
    assert parrying.penalty(1) == 1
    assert reactions_needed(Defence.DODGE, 3) == 1
    assert reactions_needed(Defence.PARRY, 3) == 3
    assert reactions_needed(Defence.PARRY, 0) == 0


def test_two_movements_in_a_round_are_refused():
    with pytest.raises(RoundError, match="walk or run only once a round"):
        CharacterRound("Darlen", (walk(), run()))


def test_two_dodges_in_one_segment_are_refused():
    with pytest.raises(RoundError, match="dodges once a segment"):
        CharacterRound("Anla", (dodge(1),)).react(dodge(1))


def test_only_reactions_are_declared_during_the_round():
    with pytest.raises(RoundError, match="Only reactions"):
        CharacterRound("Anla").react(SHOOT)


def test_preparing_is_doing_nothing_else():
    with pytest.raises(RoundError, match="prepares and so does nothing else"):
        CharacterRound("Anla", (prepare("aim"), SHOOT))
    with pytest.raises(RoundError, match="prepares and so does nothing else"):
        CharacterRound("Anla", (prepare("aim"),)).react(dodge(1))
    # And preparing alone has no segment and no penalty
    preparing = CharacterRound("Anla", (prepare("aim"),))
    assert preparing.actions == () and preparing.penalty(1) == 0


def test_a_prepared_action_is_rolled_with_1d_more_next_round():
    # Given Anla aimed last round and now shoots once
    aimed = act("shoot", "Blaster", prepared=True)
    anla = CharacterRound("Anla", (aimed,))
    assert str(anla.code_for(Code(5, 2), 1, prepared=aimed.prepared)) == "6D+2"
    # And a second action still costs its die
    anla = CharacterRound("Anla", (aimed, SHOOT))
    assert str(anla.code_for(Code(5, 2), 1, prepared=True)) == "5D+2"


def test_a_force_point_doubles_the_code_before_the_penalty():
    # Given a Force Point spent in a round of three actions
    luke = CharacterRound("Luke", (SHOOT, SHOOT, SHOOT), force_point=True)
    # Then 3D+1 doubles to 6D+2, and -2D leaves 4D+2
    assert str(luke.code_for(Code(3, 1), 1)) == "4D+2"
    assert str(force_point(Code(4, 2))) == "8D+4"
    # And a wounded character's -1D and light armor's -1 are not doubled
    assert str(luke.code_for(Code(3, 1), 1, dice=-1, pips=-1)) == "3D+1"


def test_a_penalty_larger_than_the_code_leaves_the_pips():
    character = CharacterRound("Anla", (SHOOT, SHOOT, SHOOT, SHOOT))
    assert str(character.code_for(Code(2, 2), 1)) == "0D+2"


def test_before_the_first_segment_only_what_was_declared_with_the_round_counts():
    # Given a pilot who declared a shot and later dodges in segment 1
    pilot = CharacterRound("Anla", (Declaration(ActionKind.SPEED), SHOOT)).react(dodge(1))
    # Then the speed roll before the first segment counts two actions, segment 1 three
    assert pilot.penalty(BEFORE_FIRST_SEGMENT) == 1
    assert pilot.penalty(1) == 2


def test_segments_list_who_acts_in_each():
    anla = CharacterRound("Anla", (SHOOT, SHOOT))
    darlen = CharacterRound("Darlen", (walk("move forward"),))
    bulack = CharacterRound("Bulack", (dodge(1),))
    assert segment_count([anla, darlen, bulack]) == 2
    assert [name for name, _ in segment_actions([anla, darlen, bulack], 1)] == ["Anla", "Darlen"]
    assert segment_actions([anla, darlen, bulack], 2) == (("Anla", SHOOT),)
    assert segment_count([]) == 1


def test_the_corridor_order_is_anla_bulack_darlen_corukk():
    # Given the totals of the corridor example
    totals = {"Anla": 16, "Bulack": 12, "Corukk": 8, "Darlen": 11}
    # Then the highest acts first
    turns = segment_order(totals)
    assert [turn.names for turn in turns] == [("Anla",), ("Bulack",), ("Darlen",), ("Corukk",)]
    assert [turn.total for turn in turns] == [16, 12, 11, 8]


def test_equal_totals_act_at_the_same_time():
    turns = segment_order({"Anla": 12, "Bulack": 14, "Corukk": 12})
    assert [turn.names for turn in turns] == [("Bulack",), ("Anla", "Corukk")]


KINDS = st.sampled_from([ActionKind.RUN, ActionKind.REGULAR, ActionKind.DRAW])


@given(st.lists(KINDS, max_size=6))
def test_the_penalty_is_one_die_per_counted_action_past_the_first(kinds):
    declarations = tuple(Declaration(kind) for kind in kinds if kind is not ActionKind.RUN)
    if ActionKind.RUN in kinds:
        declarations += (run(),)
    character = CharacterRound("Anla", declarations)
    assert character.penalty(1) == max(0, len(declarations) - 1)
    # And walking beside them never changes it
    if ActionKind.RUN not in kinds:
        assert CharacterRound("Anla", (*declarations, walk())).penalty(1) == character.penalty(1)
