"""Ranged shots (text 003, "Fernkampf" 1-4, "Gezielter Schuss", "Legendärer Schuss",
"Fernkampfangriffen entgehen") through the system's group check "Ranged shot".
"""

import pytest

from shadowdice.core.dice import ScriptedDiceSource
from shadowdice.core.die import Mark
from shadowdice.systems.heldenhandbuch.sheet import Armor, HeldenSheet


def shooter(bonus_dice=3):
    sheet = HeldenSheet(name="Alrik")
    skill = sheet.skill("Basic martial arts")
    skill.value, skill.base_die, skill.bonus_dice = 16, "W20", bonus_dice
    return sheet


def target(armor=None):
    """Brun: Acrobatics 9 on 3W12, Reaction 9 (3W12)."""
    sheet = HeldenSheet(name="Brun")
    acrobatics = sheet.skill("Acrobatics")
    acrobatics.value, acrobatics.base_die, acrobatics.bonus_dice = 9, "W12", 2
    sheet.attribute("Reaction").value = 9
    if armor is not None:
        sheet.armor.append(armor)
    return sheet


@pytest.fixture
def shot(system):
    def start(sheets, faces, **values):
        values = {"contest": "ranged", "shot_distance": 25, **values}
        return system.start_group_check(sheets, values, ScriptedDiceSource(faces))

    return start


def test_a_shot_right_after_the_first_throw_hits_and_the_target_voids_a_die(shot):
    brun = target()
    # Alrik throws 12 12 5 2; the game master's 1W6 for a still human shows 4
    session = shot([shooter(), brun], [12, 12, 5, 2, 4, 5, 5, 8])
    assert session.outcome().headline == "Alrik aims at Brun"
    shoot = next(a for a in session.actions() if a.id == "shoot")
    assert "before every melee fighter" in shoot.hint
    session.apply("shoot")
    # Matches added: 24 against 7 + 4 + 2 for 25 metres = 13
    assert session.outcome().values["minimum"] == 13
    assert "Hit: 24 reaches the minimum 13 (7 + 4 on 1W6 + 2 for distance)." in (
        session.outcome().detail
    )
    assert brun.combat_dice_lost == 1
    # The aimed shot: one damage die and one for each die in matches
    assert session.actions()[0].label == "Throw damage (3W20)"
    session.apply("damage")
    assert session.outcome().values["damage"] == "Light damage: 10; light damage: 8."


def test_a_fast_shooter_strikes_two_dice_of_his_group(shot):
    session = shot([shooter(), target()], [10, 9, 8, 2, 6], shooter_moves="fast")
    session.apply("shoot")
    # 10 + 9 + 8 less the two lowest sequence dice: 10 against 7 + 6 + 2
    assert session.outcome().values["result"] == 10
    assert session.outcome().headline == "Alrik misses"
    assert "moving: 2 dice struck" in session.outcome().detail


def test_a_target_that_notices_the_shot_evades_with_a_reaction_of_11(shot):
    faces = [12, 12, 5, 2, 3, 11, 4, 2, 9, 9, 3]
    session = shot([shooter(), target()], faces, shot_notice="notices")
    session.apply("shoot")
    detail = session.outcome().detail
    # Reaction 11 succeeds; Acrobatics 9 + 9 = 18 raises the minimum to 7 + 3 + 2 + 18 = 30
    assert "Brun's reaction 11: evades" in detail and "Brun's evasion 18" in detail
    assert session.outcome().values["minimum"] == 30
    assert session.outcome().headline == "Alrik misses"


def test_a_reaction_below_11_is_too_late_and_an_unaware_target_cannot_evade(shot):
    session = shot([shooter(), target()], [12, 12, 5, 2, 3, 10, 4, 2], shot_notice="notices")
    session.apply("shoot")
    assert "Brun's reaction 10: too late" in session.outcome().detail
    assert session.outcome().values["minimum"] == 12
    unaware = shot([shooter(), target()], [12, 12, 5, 2, 3])
    unaware.apply("shoot")
    assert "reaction" not in unaware.outcome().detail


def test_a_target_that_knows_of_the_shot_evades_at_once(shot):
    session = shot([shooter(), target()], [12, 12, 5, 2, 3, 9, 4, 2], shot_notice="knows")
    session.apply("shoot")
    assert session.outcome().values["minimum"] == 7 + 3 + 2 + 9


def test_a_legendary_shot_of_four_matches_doubles_damage_past_armor_and_movement(shot):
    armor = Armor(name="Plate", protection=5, quality=12)
    brun = target(armor)
    faces = [12, 12, 12, 12, 6] + [2] * 9
    session = shot([shooter(), brun], faces, shooter_moves="fast")
    session.apply("shoot")
    assert session.outcome().values["result"] == 48  # no die struck for moving
    # 1 + 4 in matches + 4 for the legendary shot
    assert session.actions()[0].label == "Throw damage (9W20)"
    session.apply("damage")
    # Nine 2s doubled to 4s, added as matches: 36, critical; the armor plays no part
    assert session.outcome().values["damage"] == "Critical damage: 36."
    assert armor.quality == 12


def test_five_matches_of_11_kill_a_normal_target(shot):
    session = shot([shooter(bonus_dice=4), target()], [11, 11, 11, 11, 11, 6])
    session.apply("shoot")
    assert session.outcome().headline == "Legendary shot: Brun is killed"
    assert session.actions() == ()


def test_aiming_instead_means_no_shot_in_this_combat_phase(shot):
    session = shot([shooter(), target()], [12, 5, 4, 9, 12, 3, 3])
    aim = next(a for a in session.actions() if a.id == "aim")
    session.apply("aim", aim.pick.suggested)
    assert [a.id for a in session.actions()] == ["aim"]  # shooting is over for this phase
    while "aim" in [a.id for a in session.actions()]:
        session.apply("aim", session.live)
    assert session.outcome().headline == "No shot this combat phase"
    assert [a.id for a in session.actions()] == ["save"]  # nothing else, no shot


def test_dice_saved_by_aiming_lie_on_the_table_in_the_next_combat_phase(shot, system):
    # "Du darfst beliebig viele Würfel Deines Wurfes für die nächste Kampfphase aufsparen,
    # also zur Wertung liegen lassen."
    alrik, brun = shooter(), target()
    session = shot([alrik, brun], [12, 5, 4, 9, 12, 3, 3])
    session.apply("aim", [d.id for d in session.table if d.face == 12])
    session.apply("aim", session.live)  # keeps 12 3 3: the cascade roll ends
    save = session.actions()[0]
    assert (save.member, save.label) == ("Alrik", "Save dice for the next combat phase")
    assert [session.die(i).face for i in save.pick.suggested] == [12, 12]
    session.apply("save", save.pick.suggested)
    assert alrik.combat_dice_saved == [12, 12]
    assert "Alrik saves 12, 12 for the next combat phase" in session.outcome().detail
    assert ("combat_dice_saved", -2, 0) in [(c.resource, c.amount, c.who) for c in session.charges]
    session.finish()
    # The next combat phase: the two 12s lie there, only two dice are thrown (5 and 2)
    session = shot([alrik, brun], [5, 2, 4])
    dice = [(d.face, d.carried) for d in session.table]
    assert dice == [(12, True), (12, True), (5, False), (2, False)]
    assert [t.label for t in session.throws] == [
        "Alrik: dice saved from the last combat phase",
        "Alrik: throw 1",
    ]
    assert alrik.combat_dice_saved == []  # used up
    assert ("combat_dice_saved", 2, 0) in [(c.resource, c.amount, c.who) for c in session.charges]
    session.apply("shoot")
    assert session.outcome().values["result"] == 24  # the saved 12s match
    record = session.finish()
    assert [d.carried for d in record.throws[0].dice] == [True, True]


def test_a_shot_has_a_shooter_and_a_target(system):
    preview = system.preview_group_check([shooter(), target(), target()], {"contest": "ranged"})
    assert preview.problem == "A shot has a shooter and a target: tick exactly two characters."


# --- Patzer in a shot -------------------------------------------------------------------------


def test_a_shooters_ones_void_successes_before_the_result_is_taken(shot):
    alrik, brun = shooter(bonus_dice=4), target()
    # Alrik (16, a Könner) throws two 1s: both must be offset, by the 5 and one 12
    session = shot([alrik, brun], [12, 12, 1, 1, 5, 4])
    session.apply("shoot")
    # Then one 12 is left: 12 falls short of 7 + 4 + 2 for 25 metres
    assert session.outcome().values["result"] == 12
    assert session.outcome().headline == "Alrik misses"
    voided = [die.face for die in session.table if die.has(Mark.VOIDED)]
    assert sorted(voided) == [5, 12]
    assert alrik.psyche.current == 15


def test_three_ones_in_a_shot_cost_psyche_and_respect(shot):
    alrik, brun = shooter(), target()
    alrik.respect = 5
    session = shot([alrik, brun], [12, 1, 1, 1, 4])
    session.apply("shoot")
    # The 12 offsets one 1; two are left: Psyche -2; three 1s on W20: respect -2
    assert session.outcome().headline == "Alrik misses"
    assert (alrik.psyche.current, alrik.respect) == (13, 3)
    detail = session.finish().outcome.detail
    assert "Alrik: 2 ones not offset: Psyche -2" in detail
    assert "Alrik: three 1s, a legendary failure: respect -2" in detail


def test_an_aiming_shooter_cannot_throw_a_one_again(shot):
    alrik = shooter()
    session = shot([alrik, target()], [12, 1, 5, 2, 13, 3])
    aim = next(a for a in session.actions() if a.id == "aim")
    one = next(die.id for die in session.table if die.face == 1)
    assert one not in aim.pick.eligible
    # Keeping the 12, only the 5 and the 2 are thrown again; the 1 stays on the table
    twelve = next(die.id for die in session.table if die.face == 12)
    session.apply("aim", (twelve,))
    assert len(session.throws[-1].die_ids) == 2
    assert session.die(one).face == 1 and session.die(one).has(Mark.FUMBLE)


def test_a_legendary_group_in_a_shot_earns_mythos_points(shot):
    alrik = shooter()
    session = shot([alrik, target()], [13, 13, 13, 2, 4])
    session.apply("shoot")
    assert alrik.mythos_points == 1
    assert "Alrik: legendary check, +1 Mythos point" in session.outcome().detail


def test_placing_a_shots_injury_says_where_it_went(shot):
    # Given a hit with two light damages on Brun
    session = shot([shooter(), target()], [12, 12, 5, 2, 4, 5, 5, 8])
    session.apply("shoot")
    session.apply("damage")
    # When Brun's player places the first in circle 1
    session.apply("injury:0")
    # Then what changed names the injury and the circle, not the hit's unchanged headline
    assert session.changes[-1] == "Brun: light injury in Life circle 1 · life circles −1"
