"""Rolls that wait for physical dice: a step stands at a dice request, goes on when the
faces are typed in, and is given up without a trace; driven with typed faces a roll ends
exactly as it ends with the same faces from a scripted source.
"""

import copy

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shadowdice.core.dice import (
    DiceRequest,
    DiceWanted,
    RandomDiceSource,
    RealDiceSource,
    ScriptedDiceSource,
)
from shadowdice.core.pending import Step
from shadowdice.core.session import SessionError
from shadowdice.systems.heldenhandbuch import Heldenhandbuch
from shadowdice.systems.heldenhandbuch.sheet import HeldenSheet
from shadowdice.systems.phasesix import PhaseSix
from shadowdice.systems.phasesix.sheet import PhaseSixSheet
from shadowdice.systems.shadowrun4 import Shadowrun4
from shadowdice.systems.shadowrun4.sheet import ShadowrunSheet

SHADOWRUN = Shadowrun4()
PISTOLS = {"skill": "Pistols", "attribute": "", "modifier": 4}


def kira():
    sheet = ShadowrunSheet(name="Kira")
    sheet.attributes[1].value = 4
    sheet.skill("Pistols").rating = 3
    return sheet


def hagen():
    sheet = PhaseSixSheet(name="Hagen", rules="classic", destiny_dice_max=1, destiny_dice=1)
    sheet.skill("Courage").value = 5
    sheet.attribute("Neuroticism").value = 0
    return sheet


def mira():
    sheet = PhaseSixSheet(name="Mira", rules="classic")
    sheet.skill("Courage").value = 2
    return sheet


def alrik():
    sheet = HeldenSheet(name="Alrik", lucky_number=14)
    skill = sheet.skill("Oratory")
    skill.value, skill.base_die, skill.bonus_dice = 9, "W12", 2
    return sheet


def start_typed(start, subject, dice):
    """Start a check through a step; returns the step (done, or waiting)."""
    step = Step(lambda subj: start(subj, dice), subject, dice)
    step.go()
    return step


def typed_source(rollers=None):
    digital = RandomDiceSource(seed=5)
    if rollers is None:
        return RealDiceSource(digital, everyone=True)
    return RealDiceSource(digital, rollers=rollers)


# --- a session at a pending request ---------------------------------------------------------


def test_a_check_waits_for_its_first_dice_and_starts_when_they_are_typed():
    sheet, dice = kira(), typed_source()
    step = start_typed(lambda s, src: SHADOWRUN.start_check(s, PISTOLS, src), sheet, dice)
    assert not step.done
    assert step.request == DiceRequest(7, 6, "Roll", "Kira")
    assert step.answer([5, 5, 1, 2, 3, 4, 6])
    session = step.result
    assert [die.face for die in session.table] == [5, 5, 1, 2, 3, 4, 6]
    assert all(die.typed == (True,) for die in session.table)
    assert session.outcome().values["hits"] == 3


def test_edge_waits_wave_by_wave_and_is_charged_once_when_complete():
    sheet, dice = kira(), typed_source()
    step = start_typed(lambda s, src: SHADOWRUN.start_check(s, PISTOLS, src), sheet, dice)
    step.answer([1, 2, 3, 4, 2, 2, 2])
    session = step.result
    assert session.apply("edge_extra_dice") is None
    assert session.pending == DiceRequest(3, 6, "Edge dice", "Kira")
    assert sheet.edge_current == 3 and session.charges == [] and len(session.throws) == 1
    assert session.answer([6, 6, 5]) is None, "two sixes explode: the next wave is asked for"
    assert session.pending == DiceRequest(2, 6, "Edge dice again", "Kira")
    assert session.answer([6, 1]) is None
    assert session.pending == DiceRequest(1, 6, "Edge dice again", "Kira")
    throw = session.answer([3])
    assert session.pending is None and throw.label == "Edge dice"
    assert [die.faces for die in session.table[7:]] == [(6, 6, 3), (6, 1), (5,)]
    assert sheet.edge_current == 2 and [(c.resource, c.amount) for c in session.charges] == [
        ("edge", 1)
    ]


def test_withdrawing_a_request_leaves_the_session_as_it_was_and_charges_nothing():
    sheet, dice = kira(), typed_source()
    step = start_typed(lambda s, src: SHADOWRUN.start_check(s, PISTOLS, src), sheet, dice)
    step.answer([1, 2, 3, 4, 2, 2, 2])
    session = step.result
    before = (session.dice, list(session.throws), list(session.taken), session.outcome())
    session.apply("edge_extra_dice")
    session.answer([6, 6, 5])
    session.withdraw()
    assert session.pending is None
    assert (session.dice, session.throws, session.taken, session.outcome()) == before
    assert sheet.edge_current == 3 and session.charges == []
    assert {a.id for a in session.actions() if a.enabled} == {
        "edge_extra_dice",
        "edge_reroll_misses",
    }


def test_a_face_the_die_cannot_show_is_refused_and_the_request_stands():
    sheet, dice = kira(), typed_source()
    session = start_typed(lambda s, src: SHADOWRUN.start_check(s, PISTOLS, src), sheet, dice)
    session.answer([1, 2, 3, 4, 2, 2, 2])
    session = session.result
    session.apply("edge_extra_dice")
    with pytest.raises(SessionError, match="a d6 shows 1 to 6, not 7"):
        session.answer([7, 1, 1])
    with pytest.raises(SessionError, match="3 faces are wanted, not 2"):
        session.answer([1, 1])
    assert session.pending == DiceRequest(3, 6, "Edge dice", "Kira")
    with pytest.raises(SessionError, match="waits for dice"):
        session.apply("edge_reroll_misses")


def test_empty_slots_are_thrown_digitally_and_marked_so():
    sheet, dice = kira(), typed_source()
    step = start_typed(lambda s, src: SHADOWRUN.start_check(s, PISTOLS, src), sheet, dice)
    step.answer([1, None, 3, None, 2, 2, 2])
    assert [die.typed for die in step.result.table] == [(True,), (), (True,), (), *[(True,)] * 3]
    record = step.result.finish()
    assert record.seed == 5 and record.position == 0
    assert [d.typed for d in record.throws[0].dice][:2] == [(True,), ()]


def test_only_the_players_on_real_dice_are_asked():
    dice = typed_source(rollers={"Mira"})
    members = [hagen(), mira()]
    values = {"trait": "skill:Courage", "minimum_roll_from": "Neuroticism", "needed": 2}
    step = start_typed(
        lambda subj, src: PhaseSix().start_group_check(subj, values, src), members, dice
    )
    assert step.request.roller == "Mira" and step.request.count == 2
    step.answer([5, 6])
    group = step.result
    by_member = {die.group: die for die in group.table}
    assert by_member["Mira"].typed == (True,) and not by_member["Hagen"].is_typed


def test_every_member_of_a_group_roll_is_asked_in_turn():
    dice = typed_source()
    members = [hagen(), mira()]
    values = {"trait": "skill:Courage", "minimum_roll_from": "Neuroticism", "needed": 2}
    step = start_typed(
        lambda subj, src: PhaseSix().start_group_check(subj, values, src), members, dice
    )
    asked = []
    while not step.done:
        asked.append((step.request.roller, step.request.purpose, step.request.count))
        step.answer([2] * step.request.count)
    assert asked == [("Hagen", "Roll", 5), ("Mira", "Roll", 2)]
    assert members[0].bonus_dice == 2, "nothing spent before the group roll started"


def test_a_request_outside_a_step_cannot_wait():
    with pytest.raises(DiceWanted):
        typed_source().throw(DiceRequest(1, 6))


def test_cancelling_rewinds_the_digital_dice_it_threw():
    sheet, dice = kira(), typed_source()
    step = start_typed(lambda s, src: SHADOWRUN.start_check(s, PISTOLS, src), sheet, dice)
    step.answer([None] * 6 + [6])
    session = step.result
    position = dice.digital.position
    session.apply("edge_extra_dice")
    session.answer([None, None, 6])
    assert dice.digital.position == position + 2
    session.withdraw()
    assert dice.digital.position == position


# --- typed faces end a roll as scripted faces do ------------------------------------------


def drive(start, subject, faces, actions, dice):
    """Start a check and take actions, answering every request with the next faces."""
    faces = iter(faces)
    step = start_typed(start, subject, dice)
    while not step.done:
        step.answer([next(faces) for _ in range(step.request.count)])
    session = step.result
    for action_id, pick in actions:
        offered = {a.id: a for a in session.actions() if a.enabled}
        if action_id not in offered:
            continue
        picked = pick(offered[action_id]) if pick else ()
        session.apply(action_id, picked)
        while session.pending:
            session.answer([next(faces) for _ in range(session.pending.count)])
    return session


def scripted(start, subject, faces, actions):
    source = ScriptedDiceSource(faces)
    session = start(subject, source)
    for action_id, pick in actions:
        offered = {a.id: a for a in session.actions() if a.enabled}
        if action_id in offered:
            session.apply(action_id, pick(offered[action_id]) if pick else ())
    return session


def same_roll(start, make_subject, faces, actions):
    subject_a, subject_b = make_subject(), make_subject()
    by_script = scripted(start, subject_a, faces, actions).finish()
    by_hand = drive(start, subject_b, faces, actions, typed_source()).finish()
    plain = by_hand.model_dump(exclude={"time", "seed", "position"})
    for throw in plain["throws"]:
        for die in throw["dice"]:
            assert all(die.pop("typed"))
    assert plain == by_script.model_dump(exclude={"time", "seed", "position"})
    assert subject_a == subject_b, "the same charges, once"


def suggested(action):
    return action.pick.suggested


d6 = st.lists(st.integers(1, 6), min_size=80, max_size=80)
w12 = st.lists(st.integers(1, 12), min_size=60, max_size=60)
quick = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@quick
@given(d6, st.sampled_from(["edge_extra_dice", "edge_reroll_misses"]))
def test_shadowrun_with_edge_typed_ends_as_scripted(faces, edge):
    values = {**PISTOLS, "edge": "before"} if edge == "before" else PISTOLS
    same_roll(lambda s, src: SHADOWRUN.start_check(s, values, src), kira, faces, [(edge, None)])


@quick
@given(d6)
def test_phase_six_exploding_group_roll_with_rerolls_typed_ends_as_scripted(faces):
    values = {"trait": "skill:Courage", "minimum_roll_from": "Neuroticism", "needed": 3}
    same_roll(
        lambda subj, src: PhaseSix().start_group_check(subj, values, src),
        lambda: [hagen(), mira()],
        faces,
        [("0:bonus_die", None), ("1:reroll_die", suggested), ("0:destiny_die", None)],
    )


@quick
@given(w12)
def test_heldenhandbuch_keep_and_throw_again_typed_ends_as_scripted(faces):
    values = {"what": "skill:Oratory", "roll": "sieve"}
    same_roll(
        lambda s, src: Heldenhandbuch().start_check(s, values, src),
        alrik,
        faces,
        [("keep", suggested), ("keep", suggested), ("stop", None)],
    )


def test_the_trial_copies_never_touch_the_real_sheet():
    sheet, dice = kira(), typed_source()
    snapshot = copy.deepcopy(sheet)
    step = start_typed(
        lambda s, src: SHADOWRUN.start_check(s, {**PISTOLS, "edge": "before"}, src), sheet, dice
    )
    step.answer([6, 6, 6, 6, 6, 6, 6, 6, 6, 6])
    assert sheet == snapshot, "the check waits for the exploded sixes: nothing spent yet"
    while not step.done:
        step.answer([1] * step.request.count)
    assert sheet.edge_current == snapshot.edge_current - 1
