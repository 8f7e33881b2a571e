"""Combat phases (text 003, "Kampf" 1-6, "Legendäres Manöver", "Flüchten", "Hohe
Meisterschaft"): synchronous throwing, the initiative, attacks raised by matches, blocks,
rescue dice carried to the next phase, counters, hits and their damage through the armor,
legendary maneuvers, and swapping dice by high mastery; all through the system's group check.
"""

import pytest

from shadowdice.core.dice import RandomDiceSource, RealDiceSource, ScriptedDiceSource
from shadowdice.core.die import Mark
from shadowdice.core.pending import Step
from shadowdice.core.session import SessionError
from shadowdice.systems.heldenhandbuch.combat_rules import plan_defence
from shadowdice.systems.heldenhandbuch.injuries import inflict
from shadowdice.systems.heldenhandbuch.lookups.combat import Severity
from shadowdice.systems.heldenhandbuch.sheet import Armor, HeldenSheet


def fighter(name, value=16, bonus_dice=3, armor=None):
    sheet = HeldenSheet(name=name)
    skill = sheet.skill("Basic martial arts")
    skill.value, skill.base_die, skill.bonus_dice = value, "W20", bonus_dice
    if armor is not None:
        sheet.armor.append(armor)
    return sheet


@pytest.fixture
def combat(system):
    """Start a combat phase of the sheets with scripted faces."""

    def start(sheets, faces, **values):
        source = ScriptedDiceSource(faces)
        session = system.start_group_check(sheets, {"contest": "combat", **values}, source)
        session.script = source
        return session

    return start


def by_face(session, name, *faces):
    """The ids of a fighter's dice on the table showing these faces, in order."""
    ids, wanted = [], list(faces)
    for die in session.table:
        if die.group == name and die.face in wanted:
            wanted.remove(die.face)
            ids.append(die.id)
    assert not wanted, f"{name} has no {wanted} on the table"
    return tuple(ids)


def ids_of(action_list, prefix):
    return [action.id for action in action_list if action.id.startswith(prefix)]


# --- 1. Synchronous throwing ------------------------------------------------------------------


def test_every_fighter_throws_then_all_throw_again_together(combat):
    alrik, brun = fighter("Alrik"), fighter("Brun")
    session = combat([alrik, brun], [12, 5, 4, 9, 15, 14, 6, 7, 13, 8, 13, 11, 10])
    # Given both threw once, their dice lie side by side, one group each
    assert [die.group for die in session.table] == ["Alrik"] * 4 + ["Brun"] * 4
    assert session.outcome().headline == "Throw 1: everyone looks"
    again = session.actions()[0]
    assert again.id == "again"
    # Each fighter must keep a die of their throw: the pick names who has kept none
    assert again.pick.problem(by_face(session, "Alrik", 12)) == "pick at least one die of Brun"
    # When Alrik keeps 12 and Brun keeps 15 and 14, the others are thrown at the same time
    session.apply("again", by_face(session, "Alrik", 12) + by_face(session, "Brun", 15, 14))
    assert len(session.throws) == 4  # Alrik's and Brun's second throws
    assert sorted(d.face for d in session.table if d.group == "Alrik") == [8, 12, 13, 13]
    kept = by_face(session, "Alrik", 12)[0]
    assert session.die(kept).has(Mark.KEPT)


def test_taking_the_initiative_stops_everyone(combat):
    alrik, brun = fighter("Alrik"), fighter("Brun")
    session = combat([alrik, brun], [12, 12, 12, 5, 15, 14, 9, 6])
    initiative = [a for a in session.actions() if a.id.startswith("initiative")]
    assert [a.member for a in initiative] == ["Alrik", "Brun"]
    assert "Suggested" in initiative[0].hint  # three 12s are the strongest group
    session.apply("initiative:0")
    # Then nobody throws again; every die on the table counts
    assert ids_of(session.actions(), "again") == []
    assert session.outcome().headline == "Alrik attacks"
    alrik_group = session.fighters[0].group
    assert sorted(session.die(i).face for i in alrik_group) == [12, 12, 12]
    assert [session.die(i).face for i in session.fighters[0].rescue] == [5]
    # Brun's group is the sequence 15, 14; his 9 and 6 are rescue dice
    assert sorted(session.die(i).face for i in session.fighters[1].group) == [14, 15]
    assert sorted(session.die(i).face for i in session.fighters[1].rescue) == [6, 9]


def test_keeping_all_dice_stops_throwing_without_the_initiative(combat):
    session = combat([fighter("Alrik"), fighter("Brun")], [12, 5, 4, 9, 15, 14, 6, 7, 13])
    everything_alrik = by_face(session, "Alrik", 12, 5, 4, 9)
    session.apply("again", everything_alrik + by_face(session, "Brun", 15, 14, 6))
    # Only Brun's 7 was thrown again
    assert [len(throw.die_ids) for throw in session.throws] == [4, 4, 1]
    assert not session.fighters[0].throwing


# --- 2.-4. Attack, defence, rescue dice, counter ------------------------------------------------


def test_matches_raise_every_attack_and_a_tria_is_let_through_into_worn_armor(combat):
    armor = Armor(name="Chain shirt", protection=3, quality=10)
    alrik, brun = fighter("Alrik"), fighter("Brun", armor=armor)
    session = combat([alrik, brun], [12, 12, 12, 5, 15, 14, 9, 6, 14, 5, 5, 2])
    session.apply("initiative:0")
    attack = session.actions()[0]
    assert attack.id == "attack:1" and attack.label == "Attack Brun"
    assert attack.pick.suggested == by_face(session, "Alrik", 12, 12, 12)
    session.apply("attack:1", attack.pick.suggested)
    # Three matching 12s attack with 12 + 3 = 15 each, a Tria
    assert session.outcome().values["attacks"] == "15, 15, 15"
    assert session.outcome().values["maneuver"] == "Tria"
    assert session.outcome().headline == "Brun must block 3 attacks"
    # Brun's 15 blocks one, 14 + 9 another; the 6 cannot block the third
    block = next(a for a in session.actions() if a.id == "block")
    assert not block.enabled and "cannot block every attack (15, 15, 15)" in block.reason
    session.apply("let_through")
    assert session.outcome().headline == "Alrik hits Brun"
    # The hit throws 1 die + 3 dice in matches = 4W20 as a single roll
    assert session.actions()[0].label == "Throw damage (4W20)"
    session.apply("damage")
    values = session.outcome().values
    # 14 - 3 = 11 heavy; the 5s added, 10 - 3 = 7 light; 2 stopped by the armor
    assert values["damage"] == (
        "Heavy damage: 11 after armor 3; light damage: 7 after armor 3; "
        "no damage: 2 stopped by armor 3. Armor quality 10 falls to 9."
    )
    assert values["severity"] == "heavy"
    assert armor.quality == 9  # every damage of 11+: quality -1
    # Brun's player places the heavy injury, then the light one: a circle each, by choice
    assert session.stops_early() == "Stopped after the damage, before Brun placed the 2 injuries"
    assert [a.label for a in session.actions()] == [f"Life circle {n}" for n in range(1, 5)]
    assert "Brun places a heavy injury: in which life circle?" in session.outcome().detail
    session.apply("injury:0")
    assert "Brun places a light injury" in session.outcome().detail
    session.apply("injury:3")
    circles = brun.life_circles
    assert (circles[0].heavy, circles[0].lost, circles[0].treated) == (1, 3, False)
    assert (circles[3].light, circles[3].lost) == (1, 1)
    assert "Brun: light injury in Life circle 4" in session.outcome().detail
    assert session.outcome().headline == "Brun: heavy damage" and not session.actions()
    # The Tria's initiative bonus: Brun sits out the first throw of the next phase
    assert brun.combat_throws_skipped == 1


def test_light_armor_loses_two_quality_to_damage_of_21_or_more(combat):
    armor = Armor(name="Leather", protection=2, quality=8, light=True)
    alrik, brun = fighter("Alrik"), fighter("Brun", armor=armor)
    # Alrik attacks with the 10 of his sequence 10, 9 and keeps the 9 back
    session = combat([alrik, brun], [10, 9, 2, 3, 4, 2, 3, 2, 12, 12])
    session.apply("initiative:0")
    session.apply("attack:1", by_face(session, "Alrik", 10))
    session.apply("let_through")
    # One damage die and one for the unused sequence die
    assert session.actions()[0].label == "Throw damage (2W20)"
    session.apply("damage")
    # 12 + 12 added: 24 - 2 = 22, critical; light armor loses 2 quality to damage of 21+
    assert session.outcome().values["damage"] == (
        "Critical damage: 22 after armor 2. Armor quality 8 falls to 6."
    )
    assert session.outcome().headline == "Brun: critical damage"
    assert armor.quality == 6


def test_a_defence_with_rescue_dice_costs_a_die_next_phase_and_allows_no_counter(combat):
    alrik, brun = fighter("Alrik"), fighter("Brun")
    # Alrik: 13 13 (matches: 15 each) and 5; Brun: group 15 14, rescue 17
    session = combat([alrik, brun], [13, 13, 5, 2, 15, 14, 17, 3])
    session.apply("initiative:0")
    session.apply("attack:1", by_face(session, "Alrik", 13, 13))
    assert session.outcome().values["attacks"] == "15, 15"
    block = next(a for a in session.actions() if a.id == "block")
    # 15 blocks one attack; the 14 cannot, the rescue die 17 must help
    assert block.enabled and block.pick.suggested == by_face(session, "Brun", 15, 17)
    session.apply("block", block.pick.suggested)
    # Blocked with a rescue die: no counter, the phase ends without a hit
    assert session.actions() == ()
    assert session.outcome().headline == "Every attack blocked"
    assert brun.combat_dice_lost == 1
    # The next combat phase: Brun throws one die less, and the loss is used up
    record = session.finish()
    assert record.outcome.values["rescue_dice_used:Brun"] == 1


def test_rescue_dice_are_lost_in_the_next_combat_phase(combat):
    alrik, brun = fighter("Alrik"), fighter("Brun")
    brun.combat_dice_lost = 1
    session = combat([alrik, brun], [13, 13, 5, 2, 15, 14, 17])
    assert len([die for die in session.table if die.group == "Brun"]) == 3
    assert brun.combat_dice_lost == 0
    assert ("combat_dice_lost", 1, 1) in [(c.resource, c.amount, c.who) for c in session.charges]


def test_a_clean_defence_counters_and_the_attacker_defends_with_what_is_left(combat):
    alrik, brun = fighter("Alrik"), fighter("Brun")
    # Alrik: group 10 9 (sequence), rescue 17; Brun: group 15 14 13 (sequence)
    session = combat([alrik, brun], [10, 9, 17, 2, 15, 14, 13, 3])
    session.apply("initiative:0")
    session.apply("attack:1", by_face(session, "Alrik", 10, 9))
    assert session.outcome().values["attacks"] == "10, 9"
    block = next(a for a in session.actions() if a.id == "block")
    # The fewest group dice, then the lowest: 14 blocks 10, 13 blocks 9; the 15 is left
    assert block.pick.suggested == by_face(session, "Brun", 14, 13)
    session.apply("block", block.pick.suggested)
    assert session.outcome().headline == "Brun blocks and may counter"
    counter = session.actions()[0]
    assert counter.id == "counter" and counter.member == "Brun"
    assert counter.pick.eligible == by_face(session, "Brun", 15)
    session.apply("counter", counter.pick.suggested)
    # Alrik has only his rescue die left: it blocks the 15, and costs him a die next phase
    assert session.outcome().headline == "Alrik must block 1 attack"
    block = next(a for a in session.actions() if a.id == "block")
    assert block.pick.suggested == by_face(session, "Alrik", 17)
    session.apply("block", block.pick.suggested)
    assert session.actions() == ()
    assert alrik.combat_dice_lost == 1 and brun.combat_dice_lost == 0


def test_blocking_with_too_few_dice_is_refused_with_the_reason(combat):
    session = combat([fighter("Alrik"), fighter("Brun")], [10, 9, 17, 2, 15, 14, 13, 3])
    session.apply("initiative:0")
    session.apply("attack:1", by_face(session, "Alrik", 10, 9))
    with pytest.raises(SessionError, match="cannot block every attack"):
        session.apply("block", by_face(session, "Brun", 14))


def test_one_die_blocks_several_attacks_up_to_its_face(combat):
    session = combat([fighter("Alrik"), fighter("Brun")], [6, 5, 2, 2, 11, 3, 2, 3])
    session.apply("initiative:0")
    session.apply("attack:1", by_face(session, "Alrik", 6, 5))
    session.apply("block", by_face(session, "Brun", 11))  # 6 + 5 = 11: not more than 11
    assert session.outcome().headline == "Every attack blocked"


def test_several_dice_added_block_one_attack(combat):
    session = combat([fighter("Alrik"), fighter("Brun")], [14, 2, 2, 2, 8, 7, 3, 2])
    session.apply("initiative:0")
    session.apply("attack:1", by_face(session, "Alrik", 14))
    session.apply("block", by_face(session, "Brun", 8, 7))
    assert session.outcome().headline == "Every attack blocked"


@pytest.mark.parametrize("seed", range(60))
def test_blocking_with_the_suggested_dice_blocks_as_a_search_of_those_dice_alone(system, seed):
    # Given a defender who must block the attacks of a phase thrown at random
    sheets = [fighter("Alrik", bonus_dice=4), fighter("Brun", bonus_dice=4)]
    source = RandomDiceSource(seed=seed)
    session = system.start_group_check(sheets, {"contest": "combat"}, source)
    session.apply("initiative:0")
    attack = session.actions()[0]
    session.apply(attack.id, attack.pick.suggested)
    block = next(a for a in session.actions() if a.id == "block")
    if not block.enabled:
        return
    # When he blocks with the dice suggested
    brun = session.fighters[1]
    picked = block.pick.suggested
    alone = plan_defence(
        session.attacks,
        session.faces([die_id for die_id in picked if die_id in brun.group]),
        session.faces([die_id for die_id in picked if die_id not in brun.group]),
    )
    session.apply("block", picked)
    # Then they block as a search among those dice alone would have them block
    assert brun.spent & set(picked) == set(alone.used)
    assert brun.rescue_used == len(alone.rescue)


def test_the_attacker_may_flee_instead_of_hitting(combat):
    session = combat([fighter("Alrik"), fighter("Brun")], [14, 2, 2, 2, 8, 3, 3, 2])
    session.apply("initiative:0")
    session.apply("attack:1", by_face(session, "Alrik", 14))
    session.apply("let_through")
    session.apply("flee")
    assert session.outcome().headline == "Alrik flees"
    assert session.outcome().values["fled"] is True


# --- Legendary maneuvers ------------------------------------------------------------------------


def test_a_tessera_disarms_and_a_spare_group_die_draws_a_weapon(combat):
    alrik, brun = fighter("Alrik"), fighter("Brun", value=20, bonus_dice=5)
    session = combat([alrik, brun], [12, 12, 12, 12, 17, 17, 18, 18, 19, 5])
    session.apply("initiative:0")
    session.apply("attack:1", by_face(session, "Alrik", 12, 12, 12, 12))
    values = session.outcome().values
    assert values["attacks"] == "16, 16, 16, 16" and values["maneuver"] == "Tessera"
    block = next(a for a in session.actions() if a.id == "block")
    assert block.pick.suggested == by_face(session, "Brun", 17, 17, 18, 18)
    session.apply("block", block.pick.suggested)
    detail = session.outcome().detail
    assert "Brun is disarmed" in detail and "Brun draws a weapon with a spare die" in detail
    # The spare 19 is spent on the weapon: nothing is left to counter with
    assert session.actions() == ()
    assert brun.combat_throws_skipped == 1


def test_a_disarmed_defender_without_a_spare_die_stays_disarmed_and_cannot_counter(combat):
    alrik, brun = fighter("Alrik"), fighter("Brun", value=20, bonus_dice=5)
    session = combat([alrik, brun], [12, 12, 12, 12, 17, 17, 18, 18, 3, 2])
    session.apply("initiative:0")
    session.apply("attack:1", by_face(session, "Alrik", 12, 12, 12, 12))
    session.apply("block", by_face(session, "Brun", 17, 17, 18, 18))
    assert "Brun stays disarmed: no spare die" in session.outcome().detail
    assert session.actions() == ()


def test_a_pente_knocks_down_doubles_the_damage_and_gives_two_throws(combat):
    alrik, brun = fighter("Alrik", bonus_dice=4), fighter("Brun")
    session = combat([alrik, brun], [13] * 5 + [4, 3, 2, 2] + [1, 2, 3, 4, 5, 6])
    session.apply("initiative:0")
    session.apply("attack:1", by_face(session, "Alrik", *[13] * 5))
    assert session.outcome().values["maneuver"] == "Pente"
    session.apply("let_through")
    assert "Brun is knocked down" in session.outcome().detail
    assert session.actions()[0].label == "Throw damage (6W20)"
    session.apply("damage")
    # Every face doubled: 12 is heavy
    assert session.outcome().values["damage"].startswith("Heavy damage: 12; light damage: 10")
    assert brun.combat_throws_skipped == 2


def test_a_pente_where_the_opponent_can_fall_costs_him_half_his_dice_next_phase(combat):
    alrik, brun = fighter("Alrik", bonus_dice=4), fighter("Brun")
    session = combat([alrik, brun], [13] * 5 + [4, 3, 2, 2] + [1, 2, 3, 4, 5, 6])
    session.apply("initiative:0")
    session.apply("attack:1", by_face(session, "Alrik", *[13] * 5))
    session.apply("let_through")
    # Then the game master may let Brun fall: offered on Brun's row, with what it costs
    fall = next(a for a in session.actions() if a.id == "fall")
    assert (fall.member, fall.label) == ("Brun", "Brun falls")
    assert fall.hint == (
        "Knocked down where he can fall: Brun loses half his dice (2) in the next combat "
        "phase; the fall damage depends on the height."
    )
    session.apply("fall")
    assert "fall" not in [a.id for a in session.actions()]
    assert "Brun falls: 2 dice lost next combat phase" in session.outcome().detail
    session.apply("damage")
    assert session.outcome().values["fell"] is True
    # Brun's 4W20 lose half: the next combat phase throws 2 of them
    assert brun.combat_dice_lost == 2 and brun.combat_throws_skipped == 2
    assert ("combat_dice_lost", -2, 1) in [(c.resource, c.amount, c.who) for c in session.charges]


@pytest.mark.parametrize("falls", [False, True])
def test_a_fall_adds_no_damage_of_its_own_the_height_is_the_game_masters(combat, falls):
    # "bei Sturz höhenabhängiger Sturzschaden": the text gives no amounts, so the app
    # throws the Pente's hit alone, the same whether Brun falls or not
    alrik, brun = fighter("Alrik", bonus_dice=4), fighter("Brun")
    session = combat([alrik, brun], [13] * 5 + [4, 3, 2, 2] + [1, 2, 3, 4, 5, 6])
    session.apply("initiative:0")
    session.apply("attack:1", by_face(session, "Alrik", *[13] * 5))
    session.apply("let_through")
    if falls:
        session.apply("fall")
    session.apply("damage")
    values = session.outcome().values
    assert values["fell"] is falls
    assert values["damage"] == (
        "Heavy damage: 12; light damage: 10; light damage: 8; light damage: 6; "
        "light damage: 4; light damage: 2."
    )
    assert [t.label for t in session.throws][2:] == ["Alrik: damage"]  # no fall throw


def test_without_a_pente_nobody_falls(combat):
    alrik, brun = fighter("Alrik", bonus_dice=2), fighter("Brun")
    session = combat([alrik, brun], [13] * 3 + [4, 3, 2, 2] + [1, 2, 3, 4])
    session.apply("initiative:0")
    session.apply("attack:1", by_face(session, "Alrik", *[13] * 3))
    session.apply("let_through")
    assert [a.id for a in session.actions()] == ["damage", "flee"]


def test_an_exi_throws_six_damage_dice_more_for_triple_damage(combat):
    alrik, brun = fighter("Alrik", bonus_dice=5), fighter("Brun")
    session = combat([alrik, brun], [11] * 6 + [4, 3, 2, 2] + [2] * 13)
    session.apply("initiative:0")
    session.apply("attack:1", by_face(session, "Alrik", *[11] * 6))
    assert session.outcome().values["maneuver"] == "Exi"
    session.apply("let_through")
    # 1 + 6 in matches + 6 for the Exi
    assert session.actions()[0].label == "Throw damage (13W20)"
    session.apply("damage")
    # Thirteen 2s, tripled to 6s and added as matches: 78, critical
    assert session.outcome().values["damage"] == "Critical damage: 78."
    assert brun.combat_throws_skipped == 3


def damage_dice(session, *faces):
    """The ids of the damage dice on the table showing these faces."""
    return tuple(d.id for d in session.table if d.group.endswith("damage") and d.face in faces)


def test_an_exis_damage_is_split_among_opponents_each_through_his_own_armor(combat):
    # "…dreifachen Schaden, aufteilbar auf bis zu sechs Gegner. … Initiativebonus +3 gegen
    # alle getroffenen Gegner."
    chain = Armor(name="Chain shirt", protection=3, quality=10)
    alrik, brun, cedric, dora = (
        fighter("Alrik", bonus_dice=5),
        fighter("Brun"),
        fighter("Cedric", armor=chain),
        fighter("Dora"),
    )
    damage = [9, 8, 7, 6, 5, 4, 3, 2, 10, 1, 12, 13, 14]  # 13 damage dice, no matches
    session = combat([alrik, brun, cedric, dora], [11] * 6 + [4, 3, 2, 2] * 3 + damage)
    session.apply("initiative:0")
    session.apply("attack:1", by_face(session, "Alrik", *[11] * 6))
    session.apply("let_through")
    session.apply("damage")
    # The damage dice lie on the table; Alrik may hand some to the other fighters
    assert session.outcome().headline == "Alrik splits the Exi's damage"
    labels = [(a.member, a.label) for a in session.actions()]
    assert labels == [
        ("Alrik", "Hand damage to Cedric"),
        ("Alrik", "Hand damage to Dora"),
        ("Alrik", "Deal the damage"),
    ]
    hand = {a.id: a for a in session.actions()}["split:2"]
    assert hand.pick.maximum == 12  # Brun, the one attacked, keeps at least one die
    with pytest.raises(SessionError, match="pick at most 12 dice"):
        session.apply("split:2", damage_dice(session, *damage))
    session.apply("split:2", damage_dice(session, 14, 13))
    session.apply("split:3", damage_dice(session, 2))
    assert "Alrik hands the damage dice 13, 14 to Cedric" in session.outcome().detail
    assert "Alrik hands the damage die 2 to Dora" in session.outcome().detail
    session.apply("deal")
    values = session.outcome().values
    # Each die tripled, through each one's own armor: Cedric's chain shirt takes 3 off each
    # hit and wears 1 per hit of 11+ (10 -> 8)
    assert values["damage:Cedric"] == (
        "Critical damage: 39 after armor 3; critical damage: 36 after armor 3. "
        "Armor quality 10 falls to 8."
    )
    assert chain.quality == 8
    assert values["damage:Dora"] == "Light damage: 6."
    # Brun takes the ten dice not handed on, 1 to 12 tripled
    assert values["damage"].startswith("Critical damage: 36; critical damage: 30;")
    assert values["damage"].endswith("light damage: 9; light damage: 3.")
    assert "Dora: Light damage: 6." in session.outcome().detail
    # The initiative bonus 3 goes against every opponent hit
    skipped = [f.combat_throws_skipped for f in (alrik, brun, cedric, dora)]
    assert skipped == [0, 3, 3, 3]
    assert ("armor_quality", 2, 2) in [(c.resource, c.amount, c.who) for c in session.charges]


def test_an_exis_damage_goes_to_six_opponents_at_most(combat):
    alrik = fighter("Alrik", bonus_dice=5)
    others = [fighter(name, bonus_dice=0) for name in "BCDEFGH"]  # 7 opponents, 1W20 each
    session = combat([alrik, *others], [11] * 6 + [4] * 7 + list(range(1, 14)))
    session.apply("initiative:0")
    session.apply("attack:1", by_face(session, "Alrik", *[11] * 6))
    session.apply("let_through")
    session.apply("damage")
    for index, face in zip(range(2, 7), range(1, 6), strict=True):  # C, D, E, F, G
        session.apply(f"split:{index}", damage_dice(session, face))
    # B, C, D, E, F, G are six opponents hit: H cannot be one more, G can take more
    last = {a.id: a for a in session.actions()}
    assert not last["split:7"].enabled
    assert last["split:7"].reason == "The damage already goes to six opponents."
    assert last["split:6"].enabled
    with pytest.raises(SessionError, match="already goes to six opponents"):
        session.apply("split:7", damage_dice(session, 6))
    session.apply("deal")
    assert [o.combat_throws_skipped for o in others] == [3, 3, 3, 3, 3, 3, 0]


def test_an_exi_between_two_fighters_deals_its_damage_at_once(combat):
    alrik, brun = fighter("Alrik", bonus_dice=5), fighter("Brun")
    session = combat([alrik, brun], [11] * 6 + [4, 3, 2, 2] + [2] * 13)
    session.apply("initiative:0")
    session.apply("attack:1", by_face(session, "Alrik", *[11] * 6))
    session.apply("let_through")
    session.apply("damage")
    # The damage dealt at once (no split offered); Brun places his injury, and it is over
    assert session.outcome().values["phase"] == "injury"
    assert not any(action.id.startswith("split") for action in session.actions())
    session.apply("injury:0")
    assert session.outcome().values["phase"] == "over" and session.actions() == ()


def test_dice_saved_by_aiming_lie_kept_on_the_table_of_the_next_melee_phase(combat):
    alrik, brun = fighter("Alrik"), fighter("Brun")
    alrik.combat_dice_saved = [13, 13]  # saved while aiming in the last combat phase
    session = combat([alrik, brun], [9, 4, 8, 6, 5, 2])  # Alrik 9 4, Brun 8 6 5 2
    on_table = [(d.group, d.face, d.carried) for d in session.table]
    assert on_table[:4] == [
        ("Alrik", 13, True),
        ("Alrik", 13, True),
        ("Alrik", 9, False),
        ("Alrik", 4, False),
    ]
    assert alrik.combat_dice_saved == []
    assert "Alrik: group 26 (13 + 13) on the table" in session.outcome().detail
    # The saved dice are kept: throwing again together throws only Alrik's 9 and 4
    again = next(a for a in session.actions() if a.id == "again")
    assert all(session.die(i).face != 13 for i in again.pick.eligible)


def test_an_initiative_bonus_makes_the_opponent_sit_out_the_first_throw(combat):
    alrik, brun = fighter("Alrik"), fighter("Brun")
    brun.combat_throws_skipped = 1
    session = combat([alrik, brun], [12, 5, 4, 9, 13, 8, 6, 15, 14, 6, 7])
    assert [die.group for die in session.table] == ["Alrik"] * 4
    assert "Brun sits out this throw" in session.outcome().detail
    brun_initiative = next(a for a in session.actions() if a.id == "initiative:1")
    assert not brun_initiative.enabled and "sits out" in brun_initiative.reason
    # Brun throws all his dice with Alrik's second throw
    session.apply("again", by_face(session, "Alrik", 12))
    assert sorted(d.face for d in session.table if d.group == "Brun") == [6, 7, 14, 15]
    assert brun.combat_throws_skipped == 0


# --- Hohe Meisterschaft ------------------------------------------------------------------------


def test_high_mastery_swaps_a_die_with_the_opponents_once_per_point_above_20(combat):
    alrik, brun = fighter("Alrik", value=21), fighter("Brun")
    session = combat([alrik, brun], [12, 5, 4, 9, 15, 14, 6, 7])
    swap = next(a for a in session.actions() if a.id == "swap:0")
    assert swap.member == "Alrik" and swap.hint.endswith("(1 left).")
    assert (
        swap.pick.problem(by_face(session, "Alrik", 5, 4)) == "pick at least one die of an opponent"
    )
    session.apply("swap:0", by_face(session, "Alrik", 5) + by_face(session, "Brun", 15))
    assert session.face(by_face(session, "Alrik", 5)[0]) == 15
    assert "Alrik swaps a 5 for Brun's 15" in session.outcome().detail
    # One point above 20: one swap, then no more
    assert not [a for a in session.actions() if a.id == "swap:0"]
    assert not [a for a in session.actions() if a.id == "swap:1"]  # Brun has 16


def test_swapped_dice_count_their_new_faces_and_dice_attacked_with_are_voided(combat):
    alrik, brun = fighter("Alrik", value=21), fighter("Brun")
    session = combat([alrik, brun], [12, 5, 4, 9, 15, 14, 6, 7])
    # When Alrik swaps his 5 for Brun's 15 (both successes: both stay hits)
    mine, theirs = by_face(session, "Alrik", 5)[0], by_face(session, "Brun", 15)[0]
    session.apply("swap:0", (mine, theirs))
    # Then each die counts the face it took
    assert (session.die(mine).score, session.die(theirs).score) == (15, 5)
    assert session.die(mine).has(Mark.HIT) and session.die(theirs).has(Mark.HIT)
    # And when Alrik attacks with the 15, his group, it is used up
    session.apply("initiative:0")
    session.apply("attack:1", (mine,))
    assert session.die(mine).marks == {Mark.VOIDED} and session.die(mine).score == 15


# --- Physical dice --------------------------------------------------------------------------


def typed_combat(system, sheets, dice):
    step = Step(
        lambda subject: system.start_group_check(subject, {"contest": "combat"}, dice),
        sheets,
        dice,
    )
    step.go()
    return step


def test_only_the_fighter_on_physical_dice_is_asked_for_his_dice(system):
    dice = RealDiceSource(ScriptedDiceSource([12, 5, 4, 9, 13, 8, 6]), rollers={"Brun"})
    step = typed_combat(system, [fighter("Alrik"), fighter("Brun")], dice)
    assert (step.request.roller, step.request.count, step.request.sides) == ("Brun", 4, 20)
    step.answer([15, 14, 6, 7])
    session = step.result
    assert [die.face for die in session.table] == [12, 5, 4, 9, 15, 14, 6, 7]
    # Throwing again together asks Brun for the dice he throws again, and nothing else
    session.apply("again", by_face(session, "Alrik", 12) + by_face(session, "Brun", 15, 14))
    assert session.pending.roller == "Brun" and session.pending.count == 2
    assert len(session.throws) == 2, "nothing thrown while Brun's dice are awaited"
    session.answer([11, 10])
    assert sorted(d.face for d in session.table if d.group == "Brun") == [10, 11, 14, 15]
    assert sorted(d.face for d in session.table if d.group == "Alrik") == [6, 8, 12, 13]


def test_a_combat_phase_on_typed_dice_ends_as_with_scripted_dice(system):
    faces = [12, 12, 12, 5, 15, 14, 9, 6, 14, 5, 5, 2]
    steps = [("initiative:0", ()), ("attack:1", "suggested"), ("let_through", ()), ("damage", ())]

    def play(sheets, source, answer):
        session = system.start_group_check(sheets, {"contest": "combat"}, source)
        for action_id, pick in steps:
            action = next(a for a in session.actions() if a.id == action_id)
            session.apply(action_id, action.pick.suggested if pick else ())
            while session.pending:
                session.answer(answer(session.pending.count))
        return session.finish()

    def chain_shirt():
        return Armor(name="Chain shirt", protection=3, quality=10)

    # The same faces, scripted
    scripted_sheets = [fighter("Alrik"), fighter("Brun", armor=chain_shirt())]
    by_script = play(scripted_sheets, ScriptedDiceSource(faces), None)
    typed_sheets = [fighter("Alrik"), fighter("Brun", armor=chain_shirt())]
    # Alrik types in his faces (his throw and his damage), Brun's are thrown digitally
    typed = iter([12, 12, 12, 5, 14, 5, 5, 2])
    dice = RealDiceSource(ScriptedDiceSource([15, 14, 9, 6]), rollers={"Alrik"})
    step = Step(
        lambda subject: system.start_group_check(subject, {"contest": "combat"}, dice),
        typed_sheets,
        dice,
    )
    step.go()
    assert step.request.roller == "Alrik"
    step.answer([next(typed) for _ in range(step.request.count)])
    session = step.result
    for action_id, pick in steps:
        action = next(a for a in session.actions() if a.id == action_id)
        session.apply(action_id, action.pick.suggested if pick else ())
        while session.pending:
            assert session.pending.roller == "Alrik"
            session.answer([next(typed) for _ in range(session.pending.count)])
    by_hand = session.finish()
    assert by_hand.outcome == by_script.outcome
    assert typed_sheets == scripted_sheets


# --- Patzer in a combat phase -----------------------------------------------------------------


def test_ones_not_offset_in_a_combat_cost_psyche_when_the_phase_ends(combat):
    alrik, brun = fighter("Alrik"), fighter("Brun")
    # Alrik throws two 1s: a Könner (16) must offset both; only the 12 can, one is left
    session = combat([alrik, brun], [1, 1, 12, 2, 8, 3, 3, 2])
    session.apply("initiative:1")
    assert session.fighters[0].group == () and session.fighters[0].rescue == ()
    session.apply("attack:0", by_face(session, "Brun", 8))
    session.apply("let_through")
    session.apply("flee")
    assert alrik.psyche.current == 14 and brun.psyche.current == 15


def test_three_ones_in_a_combat_are_a_legendary_failure_that_costs_respect(combat):
    alrik, brun = fighter("Alrik"), fighter("Brun")
    alrik.respect = 5
    # Alrik throws three 1s: even a Könner (16) must offset all three; only the 12 can
    session = combat([alrik, brun], [1, 1, 1, 12, 8, 3, 3, 2])
    session.apply("initiative:1")
    session.apply("attack:0", by_face(session, "Brun", 8))
    session.apply("let_through")
    session.apply("flee")
    record = session.finish()
    # Then two 1s left cost Psyche, and the legendary failure on W20 costs 2 respect
    assert alrik.psyche.current == 13 and alrik.respect == 3
    assert brun.respect == 0
    assert "Alrik: three 1s, a legendary failure: respect -2" in record.outcome.detail


def test_a_legendary_failure_on_w12_costs_one_respect_down_to_the_lowest(combat):
    alrik, brun = fighter("Alrik", value=9), fighter("Brun", value=9)
    for sheet in (alrik, brun):
        sheet.skill("Basic martial arts").base_die = "W12"
    alrik.respect, brun.respect = 0, -99
    # Both throw three 1s on 4W12
    session = combat([alrik, brun], [1, 1, 1, 12, 1, 1, 1, 8])
    session.apply("initiative:0")
    record = session.finish()
    assert (alrik.respect, brun.respect) == (-1, -99)
    assert "Alrik: three 1s, a legendary failure: respect -1" in record.outcome.detail
    assert "Brun: three 1s, a legendary failure: respect already at -99" in record.outcome.detail


def test_a_legendary_group_in_a_combat_earns_mythos_points(combat):
    alrik, brun = fighter("Alrik"), fighter("Brun")
    # Alrik's three 12s (of 11+, up to his 16) are a legendary check as well as a Tria
    session = combat([alrik, brun], [12, 12, 12, 5, 15, 14, 9, 6])
    session.apply("initiative:0")
    record = session.finish()
    assert (alrik.mythos_points, brun.mythos_points) == (1, 0)
    assert "Alrik: legendary check, +1 Mythos point" in record.outcome.detail


def test_a_critical_injury_in_the_last_circle_without_one_is_deadly():
    brun = fighter("Brun")
    for circle in brun.life_circles[:3]:
        circle.critical = 1
    note = inflict(brun, "Brun", 3, Severity.CRITICAL)
    assert note == (
        "Brun: critical injury in Life circle 4; critical injuries in every life circle are a "
        "deadly injury: only an epic first aid check (60+) revives"
    )
    # With a circle still free of one, a critical injury is no deadly one
    other = fighter("Other")
    other.life_circles[0].critical = 1
    assert "deadly" not in inflict(other, "Other", 1, Severity.CRITICAL)


# --- Waffenlos, Dolchkampf ----------------------------------------------------------------------


def test_unarmed_against_a_weapon_a_hit_costs_a_die_and_wears_no_armor(combat):
    armor = Armor(name="Chain shirt", protection=3, quality=10)
    alrik, brun = fighter("Alrik"), fighter("Brun", armor=armor)
    # Alrik, bare-handed, has the sequence 12 11 and attacks with the 12 alone
    session = combat([alrik, brun], [12, 11, 2, 3, 4, 2, 2, 3, 15], weapon_kind_0="unarmed")
    session.apply("initiative:0")
    session.apply("attack:1", by_face(session, "Alrik", 12))
    session.apply("let_through")
    # Then the 11 is voided to hit, and no longer adds a damage die
    assert "Alrik voids a 11 to hit" in session.outcome().detail
    assert session.actions()[0].label == "Throw damage (1W20)"
    session.apply("damage")
    # 15 - 3 = 12, heavy: the armor protects but does not wear
    assert session.outcome().values["damage"] == "Heavy damage: 12 after armor 3."
    assert armor.quality == 10


def test_unarmed_without_a_die_to_spare_gets_into_reach_but_does_not_hit(combat):
    unarmed = combat(
        [fighter("Alrik"), fighter("Brun")], [12, 2, 2, 3, 4, 2, 2, 3], weapon_kind_0="unarmed"
    )
    unarmed.apply("initiative:0")
    unarmed.apply("attack:1", by_face(unarmed, "Alrik", 12))
    unarmed.apply("let_through")
    assert "Alrik gets into reach, but has no die left to hit" in unarmed.outcome().detail
    assert unarmed.actions() == () and unarmed.outcome().values["hit"] is False
    # Against another bare-handed fighter the hit needs no extra die
    even = combat(
        [fighter("Alrik"), fighter("Brun")],
        [12, 2, 2, 3, 4, 2, 2, 3],
        weapon_kind_0="unarmed",
        weapon_kind_1="unarmed",
    )
    even.apply("initiative:0")
    even.apply("attack:1", by_face(even, "Alrik", 12))
    even.apply("let_through")
    assert even.actions()[0].id == "damage"


def test_a_dagger_against_a_sword_voids_a_die_of_matches_or_sequences_to_hit(combat):
    alrik, brun = fighter("Alrik"), fighter("Brun")
    values = {"weapon_kind_0": "dagger"}
    # Alrik's 12 12 and 5: he attacks with one 12; the other 12 (a match) is voided to hit
    session = combat([alrik, brun], [12, 12, 5, 2, 4, 2, 2, 3], **values)
    session.apply("initiative:0")
    session.apply("attack:1", by_face(session, "Alrik", 12))
    session.apply("let_through")
    assert "Alrik voids a 12 to hit" in session.outcome().detail
    assert session.actions()[0].label == "Throw damage (2W20)"  # 1 + the attacking 12
    # With only a lone die in his group, the dagger gets into reach and no further
    lone = combat([fighter("Alrik"), fighter("Brun")], [12, 5, 2, 2, 4, 2, 2, 3], **values)
    lone.apply("initiative:0")
    lone.apply("attack:1", by_face(lone, "Alrik", 12))
    lone.apply("let_through")
    assert lone.outcome().values["hit"] is False


def test_a_pente_in_a_defenders_counter_knocks_down_but_does_normal_damage(combat):
    alrik, brun = fighter("Alrik"), fighter("Brun", value=20, bonus_dice=5)
    # Alrik attacks with a lone 10; Brun's group is 13 and five 12s
    faces = [10, 2, 2, 3, 12, 12, 12, 12, 12, 13, 5, 5, 5, 5, 5, 5]
    session = combat([alrik, brun], faces)
    session.apply("initiative:0")
    session.apply("attack:1", by_face(session, "Alrik", 10))
    # Brun blocks with the 13 and counters with the five 12s: a Pente
    session.apply("block", by_face(session, "Brun", 13))
    session.apply("counter", by_face(session, "Brun", *[12] * 5))
    assert session.outcome().values["maneuver"] == "Pente"
    session.apply("let_through")
    assert "Alrik is knocked down" in session.outcome().detail
    assert session.actions()[0].label == "Throw damage (6W20)"
    session.apply("damage")
    # Six 5s added: 30, not doubled
    assert session.outcome().values["damage"] == "Critical damage: 30."
    assert alrik.combat_throws_skipped == 2


def test_three_ones_say_their_cost_right_after_the_throw_and_charge_it_when_the_phase_ends(
    combat,
):
    alrik, brun = fighter("Alrik"), fighter("Brun")
    alrik.respect = 5
    # When Alrik's first throw lays three 1s (a 1 is never thrown again: the failure stands)
    session = combat([alrik, brun], [1, 1, 1, 12, 8, 3, 3, 2])
    # Then the outcome says at once what they will cost, and the sheet is not charged yet
    foreseen = (
        "Alrik: three 1s, a legendary failure: respect -2, Psyche -1 for each 1 not offset, "
        "when the phase ends"
    )
    assert foreseen in session.outcome().detail
    assert (alrik.respect, alrik.psyche.current) == (5, 15)
    # When everyone stops: the 1s left not offset are known, and the Psyche with them
    session.apply("initiative:1")
    assert (
        "Alrik: three 1s, a legendary failure: respect -2, Psyche -2, when the phase ends"
        in session.outcome().detail
    )
    # When the phase ends: charged as said, and said as done
    session.apply("attack:0", by_face(session, "Brun", 8))
    session.apply("let_through")
    session.apply("flee")
    detail = session.outcome().detail
    assert (alrik.respect, alrik.psyche.current) == (3, 13)
    assert "when the phase ends" not in detail
    assert "Alrik: three 1s, a legendary failure: respect -2" in detail


def test_ones_not_offset_are_said_once_the_fighters_stop_and_two_ones_are_not_yet(combat):
    alrik, brun = fighter("Alrik"), fighter("Brun")
    session = combat([alrik, brun], [1, 1, 12, 2, 8, 3, 3, 2])
    assert "not offset" not in session.outcome().detail  # a later 4+ may still offset them
    session.apply("initiative:1")
    assert "Alrik: one 1 not offset: Psyche -1, when the phase ends" in session.outcome().detail


def test_placing_an_injury_says_where_it_went_in_the_change_in_english_and_german(combat):
    from shadowdice.core import language

    armor = Armor(name="Chain shirt", protection=3, quality=10)
    alrik, brun = fighter("Alrik"), fighter("Brun", armor=armor)
    session = combat([alrik, brun], [12, 12, 12, 5, 15, 14, 9, 6, 14, 5, 5, 2])
    session.apply("initiative:0")
    session.apply("attack:1", session.actions()[0].pick.suggested)
    session.apply("let_through")
    session.apply("damage")
    session.apply("injury:0")
    # Not "Life circle 1: Brun: heavy damage, unchanged": what was written where
    assert session.changes[-1] == "Brun: heavy injury in Life circle 1 · life circles −1"
    language.set_language("de")
    session.apply("injury:3")
    assert session.changes[-1].startswith("Brun: leichte Verletzung in Lebenskreis 4")
