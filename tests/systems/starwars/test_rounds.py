"""Rounds (rule text 004, "rundenbasiertes Spiel"): the text's table of actions, the penalty
of -1D per extra action and what counts toward it, one dodge per segment and the time before
the first segment, all through the sheet's "This round" and the system's checks. The text's
examples of rounds (Anla's three shots, Bulack's walk and jump, the parries against Corukk,
preparing, Luke's Force Point) are in ``test_round_sheet.py``, ``test_checks.py`` and
``test_lightsaber.py``.
"""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shadowdice.core.sheet import SheetEditError
from shadowdice.systems.starwars.checks import plan_roll
from shadowdice.systems.starwars.rounds import ACTION_TABLE, ActionKind
from tests.systems.starwars.characters import SYSTEM, character, declared, enter_declaration


def test_the_table_of_actions_is_the_texts():
    # Given the text's table: modifier (counts) and own segment
    rows = {kind: (rule.counts, rule.own_segment) for kind, rule in ACTION_TABLE.items()}
    assert rows[ActionKind.WALK] == (False, True)
    assert rows[ActionKind.RUN] == (True, True)
    assert rows[ActionKind.REGULAR] == (True, True)
    assert rows[ActionKind.REACTION] == (True, False)
    assert rows[ActionKind.DRAW] == (True, False)


def order(sheet, segment):
    """The preview of the segment order of ``sheet`` alone."""
    return SYSTEM.preview_group_check([sheet], {"group": "order", "segment": segment})


def test_only_running_is_rolled_without_a_penalty():
    # Given Darlen only runs this round
    darlen = declared(character("Darlen", Dexterity="3D"), ("run", ""))
    # Then his run is rolled with Dexterity in full
    assert order(darlen, 1).summary == "Darlen: Run: Dexterity 3D"


def test_walking_adds_no_penalty_but_is_rolled_with_the_others_penalty():
    # Given Anla walks, then shoots twice
    anla = character(Dexterity="3D", skills=[("Blaster", "Dexterity", "1D")])
    declared(anla, ("walk", ""), ("action", "Blaster"), ("action", "Blaster"))
    # Then the walk runs in segment 1 and takes the -1D of the two shots; the shots are at -1D
    assert order(anla, 1).summary == "Anla: Walk: Dexterity 2D"
    assert order(anla, 3).summary == "Anla: Action: Blaster 3D"


def test_drawing_a_weapon_has_no_segment_but_costs_1d():
    # Given Bulack draws and shoots
    bulack = character("Bulack", Dexterity="3D", skills=[("Blaster", "Dexterity", "1D")])
    declared(bulack, ("draw", ""), ("action", "Blaster"))
    # Then the shot runs in segment 1, at -1D, and there is no second segment
    assert order(bulack, 1).summary == "Bulack: Action: Blaster 3D"
    assert order(bulack, 2).problem == "No one ticked has an action of their own in segment 2."


def test_one_dodge_covers_its_segment_so_a_second_is_refused_while_parries_add_up():
    # Given Anla dodges in segment 1
    anla = character(Dexterity="3D", skills=[("Dodge", "Dexterity", "1D")])
    enter_declaration(anla, "reaction", "Dodge")
    # Then a second dodge in that segment is refused: the first covers every attack of it
    with pytest.raises(SheetEditError, match="dodges once a segment: one dodge covers every"):
        enter_declaration(anla, "reaction", "Dodge")
    assert [row.rolls for row in anla.this_round] == ["Dodge", ""]
    # And a dodge in segment 2 is a reaction of its own, counted from there on
    declared(anla, ("reaction", "Dodge", 1), ("reaction", "Dodge", 2))
    assert str(plan_roll(anla, {"roll": "skill:Dodge", "segment": 1}).roller.code) == "4D"
    assert str(plan_roll(anla, {"roll": "skill:Dodge", "segment": 2}).roller.code) == "3D"
    # While every parry is declared once per attack, and each counts
    bulack = character("Bulack", Dexterity="3D", skills=[("Melee Parry", "Dexterity", "1D")])
    declared(bulack, ("reaction", "Melee Parry"), ("reaction", "Melee Parry"))
    assert str(plan_roll(bulack, {"roll": "skill:Melee Parry"}).roller.code) == "3D"


def test_before_the_first_segment_only_what_was_declared_with_the_round_counts():
    # Given a pilot who declared a shot, and later a starship dodge in segment 1
    anla = character("Anla", Mechanical="3D", skills=[("Starship Piloting", "Mechanical", "0D")])
    anla.ship, anla.sublight_speed = "X-wing", "2D"
    declared(anla, ("action", "Starship Gunnery"), ("reaction", "Starship dodge", 1))
    # When she adds Starship Piloting to the speed roll before the first segment
    values = {"group": "speed", "range": "medium", "wish_0": "close", "piloting_0": True}
    preview = SYSTEM.preview_group_check([anla], values)
    # Then the speed action and the shot count (-1D), the later dodge does not
    assert preview.summary == (
        "From medium range: Anla: close, Starship Piloting 3D, +2D (X-wing Sublight Speed), "
        "-1D (2 actions) → 4D"
    )


def test_a_penalty_larger_than_the_code_leaves_the_pips():
    anla = character(Dexterity="2D+2")
    declared(anla, *[("action", "Dexterity")] * 4)
    assert str(plan_roll(anla, {"roll": "attribute:Dexterity"}).roller.code) == "0D+2"


COUNTED = st.sampled_from(["run", "action", "draw", "reaction"])


@given(st.lists(COUNTED, max_size=6), st.booleans())
def test_the_penalty_is_one_die_per_counted_action_past_the_first(kinds, walks):
    # Given at most one run among regular actions, draws and reactions, and perhaps a walk
    kinds = [kind for kind in kinds if kind != "run"] + (["run"] if "run" in kinds else [])
    walks = walks and "run" not in kinds
    rows = [(kind, "") for kind in kinds] + ([("walk", "")] if walks else [])
    anla = declared(character(Dexterity="9D"), *rows)
    # Then every roll of segment 1 loses one die per counted action past the first
    code = plan_roll(anla, {"roll": "attribute:Dexterity", "segment": 1}).roller.code
    assert code.dice == 9 - max(0, len(kinds) - 1)
