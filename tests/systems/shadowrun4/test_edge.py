"""Edge (rule text 002, "Edge bei Proben verwenden", "Gewagte Proben"): four uses, one point
per check, charged to the character's current Edge points.
"""

import pytest

from shadowdice.core.dice import ScriptedDiceSource, ScriptExhaustedError
from shadowdice.core.die import Mark
from shadowdice.core.registry import CheckError
from shadowdice.core.session import SessionError


def action(session, action_id):
    return next(a for a in session.actions() if a.id == action_id)


# (a) before the roll ------------------------------------------------------------------------


def test_edge_before_the_roll_adds_edge_dice_with_rule_of_six_on_all(roll, sheet):
    session = roll([6, 1, 2, 2, 2, 6, 6, 2], modifier=2, edge="before")
    assert len(session.table) == 2 + 3
    assert session.table[0].faces == (6, 6, 6, 2)
    assert sheet.edge_current == 2
    assert [(c.resource, c.amount) for c in session.charges] == [("edge", 1)]


def test_edge_dice_thrown_with_the_pool_are_shown_apart_as_edge_dice(roll):
    session = roll([5, 2, 6, 1, 3, 2], modifier=2, edge="before")
    assert [d.group for d in session.table] == ["", "", "edge", "edge", "edge"]
    assert session.throws[0].label == "Roll with Edge" and len(session.throws) == 1


def test_edge_before_the_roll_adds_to_a_small_pool_as_it_is(roll):
    assert len(roll([2, 2], modifier=-1, edge="before").table) == 3 - 1
    assert len(roll([2, 2, 2], modifier=0, edge="before").table) == 3


def test_the_edge_attribute_is_read_when_the_check_starts(roll, sheet):
    session = roll([2, 2, 5, 5, 5], modifier=2)
    sheet.attributes[8].value = 6  # Edge raised while the dice lie on the table
    assert action(session, "edge_extra_dice").label == "Edge: +3 dice"
    assert len(session.apply("edge_extra_dice").die_ids) == 3


def test_no_edge_after_the_roll_once_spent_before(roll):
    session = roll([5, 5, 2, 2, 2], modifier=2, edge="before")
    for action_id in ("edge_extra_dice", "edge_reroll_misses"):
        offered = action(session, action_id)
        assert not offered.enabled
        assert offered.reason == "Edge was spent on this check already (one point per check)"
        with pytest.raises(SessionError, match="one point per check"):
            session.apply(action_id)


# (b) after the roll: throw Edge dice, Rule of Six on those only ----------------------------


def test_edge_dice_after_the_roll_add_their_hits(roll, sheet):
    session = roll([6, 2, 1, 6, 5, 3, 5], modifier=3)
    assert session.outcome().values["hits"] == 1
    throw = session.apply("edge_extra_dice")
    assert [session.die(i).faces for i in throw.die_ids] == [(6, 5), (5,), (3,)]
    assert [session.die(i).group for i in throw.die_ids] == ["edge"] * 3
    assert session.table[0].faces == (6,), "the pool's six does not explode"
    assert session.outcome().values["hits"] == 1 + 3
    assert sheet.edge_current == 2


def test_edge_dice_after_the_roll_join_the_glitch_count(roll):
    # 2 of 4 dice show 1: a glitch; 3 Edge dice without a 1 make it 2 of 7: none
    session = roll([1, 1, 5, 3, 2, 3, 4], modifier=4)
    assert session.outcome().values["glitch"] is True
    session.apply("edge_extra_dice")
    assert session.outcome().values["glitch"] is False


# (c) after the roll: reroll every die that was not a hit -----------------------------------


def test_reroll_of_misses_replaces_them_and_judges_the_glitch_again(roll, sheet):
    session = roll([1, 1, 5, 3, 6, 2, 5], modifier=4)
    assert session.outcome().headline == "Glitch!"
    assert action(session, "edge_reroll_misses").label == "Edge: reroll 3 misses"
    throw = session.apply("edge_reroll_misses")
    assert len(throw.replaced) == 3
    assert sorted(d.face for d in session.table) == [2, 5, 5, 6]
    assert all(session.die(i).has(Mark.REROLLED) for i in throw.replaced)
    outcome = session.outcome()
    assert outcome.values["hits"] == 3 and outcome.values["glitch"] is False
    assert session.table[1].faces == (6,), "no Rule of Six on rerolled dice"
    assert sheet.edge_current == 2


def test_reroll_can_also_bring_a_glitch(roll):
    session = roll([5, 2, 3, 4, 1, 1, 1], modifier=4)
    session.apply("edge_reroll_misses")
    assert session.outcome().headline == "Glitch!"


def test_reroll_is_refused_when_every_die_is_a_hit(roll):
    offered = action(roll([5, 6], modifier=2), "edge_reroll_misses")
    assert not offered.enabled and offered.reason == "every die is a hit"


def test_only_one_post_roll_edge_use(roll, sheet):
    session = roll([2, 2, 5, 5, 5], modifier=2)
    session.apply("edge_reroll_misses")
    assert not action(session, "edge_extra_dice").enabled
    assert sheet.edge_current == 2


# (d) long shot -----------------------------------------------------------------------------


def test_long_shot_throws_edge_dice_when_the_pool_is_zero(roll, sheet):
    session = roll([6, 3, 1, 5], modifier=0, edge="long_shot")
    assert [d.faces for d in session.table] == [(6, 5), (3,), (1,)]
    assert {d.group for d in session.table} == {"edge"}
    assert session.outcome().values["hits"] == 2
    assert sheet.edge_current == 2
    assert not action(session, "edge_extra_dice").enabled


def test_long_shot_with_a_negative_pool(roll):
    assert len(roll([2, 3, 4], modifier=-2, edge="long_shot").table) == 3


def test_long_shot_is_refused_for_a_pool_with_dice(roll, sheet):
    with pytest.raises(CheckError, match="long shot is for a pool of 0 or less"):
        roll([5], modifier=1, edge="long_shot")
    assert sheet.edge_current == 3


def test_pool_of_zero_or_less_without_edge_fails_automatically(roll):
    with pytest.raises(CheckError, match=r"pool of -2 dice fails automatically.*long shot"):
        roll([], modifier=-2)
    with pytest.raises(CheckError, match=r"pool of 0 dice fails automatically"):
        roll([], attribute="Agility", modifier=-4)


def test_nothing_chosen_asks_for_a_skill_or_an_attribute(roll):
    with pytest.raises(CheckError, match="Choose a skill or an attribute"):
        roll([], modifier=0)


# the full Edge attribute -------------------------------------------------------------------


def test_every_edge_use_throws_the_full_edge_attribute_whatever_points_are_left(system, sheet):
    # Kira has Edge 3 but only 1 point left: without the harder rules every use throws 3
    def check(faces, **values):
        sheet.edge_current = 1
        values = {"attribute": "", **values}
        return system.start_check(sheet, values, ScriptedDiceSource(faces))

    assert len(check([2] * 5, modifier=2, edge="before").table) == 2 + 3
    assert len(check([2] * 3, modifier=0, edge="long_shot").table) == 3
    throw = check([2] * 5, modifier=2).apply("edge_extra_dice")
    assert len(throw.die_ids) == 3
    assert sheet.edge_current == 0


# Edge accounting ---------------------------------------------------------------------------


def test_edge_is_refused_when_no_points_are_left(system, sheet):
    sheet.edge_current = 0
    with pytest.raises(CheckError, match="No Edge points left"):
        system.start_check(
            sheet,
            {"modifier": 2, "attribute": "", "edge": "before"},
            ScriptedDiceSource([5, 5, 5, 5, 5]),
        )
    session = system.start_check(
        sheet, {"modifier": 2, "attribute": ""}, ScriptedDiceSource([2, 2])
    )
    offered = action(session, "edge_extra_dice")
    assert not offered.enabled and offered.reason == "no Edge points left"


def test_edge_points_run_down_over_several_checks(system, sheet):
    for expected in (2, 1, 0):
        session = system.start_check(
            sheet, {"modifier": 1, "attribute": ""}, ScriptedDiceSource([2, 5, 5, 5])
        )
        session.apply("edge_extra_dice")
        assert sheet.edge_current == expected
    assert not action(
        system.start_check(sheet, {"modifier": 1, "attribute": ""}, ScriptedDiceSource([2])),
        "edge_extra_dice",
    ).enabled


def test_a_throw_that_fails_costs_no_edge(roll, sheet):
    session = roll([2], modifier=1)
    with pytest.raises(ScriptExhaustedError, match="ran out"):
        session.apply("edge_extra_dice")
    assert sheet.edge_current == 3 and session.charges == []
    assert action(session, "edge_extra_dice").enabled
