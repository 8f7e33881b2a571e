"""Influence, bargaining and joint checks (text 003, "Beeinflussen", "Feilschen",
"Gemeinschaftsprobe"), through the system's group check: every character's own check thrown
side by side, then the contest read from them.
"""

import pytest

from shadowdice.core.dice import ScriptedDiceSource
from shadowdice.core.registry import CheckError
from shadowdice.core.sheet import SheetEditError, set_field, set_resource
from shadowdice.systems.heldenhandbuch.sheet import HeldenSheet


def brun(self_control=9, haggling=9, psyche=15):
    """Brun: Self-control and Haggling on 3W12 (general skills without the star)."""
    sheet = HeldenSheet(name="Brun")
    for name, value in (("Self-control", self_control), ("Haggling", haggling)):
        skill = sheet.skill(name)
        skill.value, skill.base_die, skill.bonus_dice = value, "W12", 2
    sheet.psyche.current = psyche
    return sheet


@pytest.fixture
def contest(system):
    def start(sheets, faces, **values):
        return system.start_group_check(sheets, values, ScriptedDiceSource(faces))

    return start


def test_the_preview_says_who_throws_what(system, alrik):
    preview = system.preview_group_check([alrik, brun()], {"contest": "influence"})
    assert preview.summary == (
        "Influence against self-control · Alrik: Intimidation 12, cascade roll of 4W20, "
        "matches up to 12 · Brun: Self-control 9, sieve roll of 3W12, matches up to 9"
    )
    problem = system.preview_group_check([alrik], {"contest": "influence"}).problem
    assert problem == "A contest needs at least two characters: tick another one."


# --- Beeinflussen -------------------------------------------------------------------------------


def test_every_trick_left_unneutralised_costs_the_victim_a_psyche_point(contest, alrik):
    victim = brun()
    # Alrik's Intimidation (star: a cascade roll) throws 9 9 9 5; Brun's Self-control 9 9 4
    session = contest([alrik, victim], [9, 9, 9, 5, 9, 9, 4], contest="influence")
    assert session.outcome().headline == "Influence: everyone throws"
    assert {a.member for a in session.actions()} == {"Alrik", "Brun"}
    session.apply("0:stop")
    session.apply("1:stop")
    # Then the three matching 9s are tricks; Brun's matching 9s neutralise two of them
    outcome = session.outcome()
    assert outcome.values["tricks"] == 3
    assert outcome.headline == "Brun loses 1 Psyche point"
    assert victim.psyche.current == 14
    assert [(c.resource, c.amount, c.who) for c in session.charges] == [("psyche", 1, 1)]


def test_only_the_victims_group_dice_neutralise_tricks(contest, alrik):
    victim = brun()
    # Brun's 10 is high, but a lone die: no group, no die to neutralise with
    session = contest([alrik, victim], [9, 9, 9, 5, 10, 3, 2], contest="influence")
    session.apply("0:stop")
    session.apply("1:stop")
    assert session.outcome().headline == "Brun loses 3 Psyche points"


def test_without_matches_or_sequences_there_are_no_tricks(contest, alrik):
    session = contest([alrik, brun()], [20, 5, 3, 2, 9, 9, 4], contest="influence")
    session.apply("0:stop")
    session.apply("1:stop")
    assert session.outcome().headline == "Every trick neutralised"
    assert session.outcome().values["tricks"] == 0


def test_an_emptied_psyche_line_offers_the_die_malus_or_a_wish(contest, alrik):
    victim = brun(psyche=11)  # one point above an emptied line
    session = contest([alrik, victim], [9, 9, 9, 5, 10, 3, 2], contest="influence")
    session.apply("0:stop")
    session.apply("1:stop")
    assert victim.psyche.current == 8 and victim.psyche.emptied_lines == 1
    assert "Brun's Psyche line is empty: a die malus or a wish" in session.outcome().detail
    labels = [(a.member, a.label) for a in session.actions()]
    assert labels == [("Brun", "Take the die malus"), ("Brun", "Grant Alrik a wish")]
    session.apply("wish:1")
    assert session.outcome().values["choice:Brun"] == "wish"
    assert session.actions() == ()


@pytest.mark.parametrize(("choice", "dice_lost"), [("malus", 1), ("wish", 0)])
def test_granting_the_wish_gives_back_the_emptied_lines_die(
    contest, system, alrik, choice, dice_lost
):
    victim = brun(psyche=11)
    session = contest([alrik, victim], [9, 9, 9, 5, 10, 3, 2], contest="influence")
    session.apply("0:stop")
    session.apply("1:stop")
    hint = {a.id: a.hint for a in session.actions()}["wish:1"]
    assert (
        hint == "Instead of the die malus, Brun grants Alrik a wish: the emptied line costs no die."
    )
    session.apply(f"{choice}:1")
    assert victim.dice_lost(physical=False) == dice_lost
    assert victim.psyche_lines_wished == 1 - dice_lost
    wished = [(c.resource, c.amount, c.who) for c in session.charges][1:]
    assert wished == ([] if dice_lost else [("psyche_lines_wished", -1, 1)])
    # Brun's next Self-control check (3W12) throws the dice the choice leaves him
    check = system.start_check(victim, {"what": "skill:Self-control"}, ScriptedDiceSource([4] * 3))
    assert len(check.dice) == 3 - dice_lost


def test_a_wish_holds_until_its_line_regains_a_point_and_a_new_emptied_line_costs_a_die(
    contest, system, alrik
):
    victim = brun(psyche=11)
    session = contest([alrik, victim], [9, 9, 9, 5, 10, 3, 2], contest="influence")
    session.apply("0:stop")
    session.apply("1:stop")
    session.apply("wish:1")
    psyche = {r.key: r for r in system.sheet_resources()}["psyche"]
    set_resource(victim, psyche, 10)  # 8 -> 10: the line is still empty, the wish holds
    assert (victim.psyche_lines_wished, victim.dice_lost(physical=False)) == (1, 0)
    # "...bis sich in der geleerten Zeile wieder mindestens 1 ... Punkt regeneriert hat"
    set_resource(victim, psyche, 11)
    assert (victim.psyche_lines_wished, victim.dice_lost(physical=False)) == (0, 0)
    # The line empties again later: no wish settles it now, it costs its die
    set_resource(victim, psyche, 10)
    assert (victim.psyche_lines_wished, victim.dice_lost(physical=False)) == (0, 1)


@pytest.mark.parametrize(("psyche", "kept"), [(15, 0), (10, 1), (4, 2)])
def test_a_sheet_read_whole_keeps_no_more_wishes_than_emptied_lines(psyche, kept):
    # A file written by hand (or before a line regained a point) may claim three wished
    # lines; only the lines still empty can carry a wish
    data = brun(psyche=psyche).model_dump(mode="json")
    data["psyche_lines_wished"] = 3
    sheet = HeldenSheet.model_validate(data)
    assert (sheet.psyche_lines_wished, sheet.dice_lost(physical=False)) == (kept, 0)


def test_only_emptied_lines_can_be_settled_by_a_wish_on_the_sheet(system):
    sheet = brun(psyche=11)
    wished = {f.key: f for f in system.sheet_fields()}["psyche_lines_wished"]
    with pytest.raises(SheetEditError, match="from 0 to 0"):
        set_field(sheet, wished, 1)
    sheet.psyche.current = 4  # two lines empty
    assert set_field(sheet, wished, 2) and sheet.dice_lost(physical=False) == 0


def test_several_influence_together_as_a_joint_check(contest, alrik):
    # Given Cara helps Alrik: her Intimidation is 14, his 12
    cara = brun()
    cara.name = "Cara"
    skill = cara.skill("Intimidation")
    skill.value, skill.base_die, skill.bonus_dice = 14, "W20", 2
    victim = brun()
    values = {"contest": "influence", "influencers": 2, "influence_skill_1": "skill:Intimidation"}
    # When Alrik throws 13 13 5 2 (above his 12: no matches alone), Cara 13 4 2, Brun 9 9 4
    faces = [13, 13, 5, 2, 13, 4, 2, 9, 9, 4]
    session = contest([alrik, cara, victim], faces, **values)
    for index in range(3):
        session.apply(f"{index}:stop")
    # Then Cara's 14 lets the three 13s match: three tricks that Brun's 9s cannot neutralise
    assert session.outcome().values["tricks"] == 3
    assert session.outcome().headline == "Brun loses 3 Psyche points"
    # While Alrik alone has no tricks with the same dice
    alone = contest([alrik, brun()], [13, 13, 5, 2, 9, 9, 4], contest="influence")
    alone.apply("0:stop")
    alone.apply("1:stop")
    assert alone.outcome().values["tricks"] == 0


# --- Feilschen ---------------------------------------------------------------------------------


def test_the_winner_of_each_round_drains_a_psyche_point_until_the_deal(contest):
    buyer, merchant = brun(haggling=9), brun(haggling=9)
    buyer.name, merchant.name = "Alrik", "Brun"
    buyer.psyche.current = 12
    faces = [10, 3, 2, 8, 3, 2, 5, 3, 2, 7, 2, 2, 11, 3, 2, 4, 3, 2]  # three rounds
    session = contest([buyer, merchant], faces, contest="bargaining")
    for _round in range(3):
        session.apply("0:stop")
        session.apply("1:stop")
        if _round < 2:
            assert [a.id for a in session.actions()] == ["haggle_on", "deal"]
            session.apply("haggle_on")
    # Alrik won two rounds, Brun one: Brun at 13, Alrik at 11 for now
    assert (buyer.psyche.current, merchant.psyche.current) == (11, 13)
    session.apply("deal")
    # The trade is over: Psyche comes back, the clear winner +1, the loser -1
    assert session.outcome().headline == "Alrik wins the trade"
    assert (buyer.psyche.current, merchant.psyche.current) == (13, 14)
    assert session.actions() == ()


def test_psyche_coming_back_after_the_trade_ends_the_wish_of_a_refilled_line(contest):
    buyer, merchant = brun(haggling=9), brun(haggling=9)
    buyer.name, merchant.name = "Alrik", "Brun"
    buyer.psyche.current, buyer.psyche_lines_wished = 10, 1  # an emptied line, wished away
    faces = [10, 3, 2, 8, 3, 2, 5, 3, 2, 7, 2, 2, 11, 3, 2, 4, 3, 2]  # Alrik wins 2:1
    session = contest([buyer, merchant], faces, contest="bargaining")
    for _round in range(3):
        session.apply("0:stop")
        session.apply("1:stop")
        if _round < 2:
            session.apply("haggle_on")
    assert buyer.psyche_lines_wished == 1  # 9 during the trade: the line is still empty
    session.apply("deal")
    # Psyche comes back to 10 + 1 = 11: the line has a point again, its wish is over
    assert (buyer.psyche.current, buyer.psyche_lines_wished) == (11, 0)
    assert ("psyche_lines_wished", 1, 0) in [(c.resource, c.amount, c.who) for c in session.charges]


def test_a_tie_drains_nothing_and_psyche_never_exceeds_its_lines(contest):
    buyer, merchant = brun(), brun()
    buyer.name, merchant.name = "Alrik", "Brun"
    session = contest(
        [buyer, merchant], [10, 3, 2, 10, 3, 2, 9, 2, 2, 4, 2, 2], contest="bargaining"
    )
    session.apply("0:stop")
    session.apply("1:stop")
    assert "round 1: a tie, nobody gives way" in session.outcome().detail
    session.apply("haggle_on")
    session.apply("0:stop")
    session.apply("1:stop")
    record = session.finish()  # finishing strikes the deal
    assert record.outcome.values["winner"] == "Alrik"
    assert (buyer.psyche.current, merchant.psyche.current) == (15, 14)


def test_emptying_a_line_forces_a_better_offer_and_the_last_point_the_last_offer(contest):
    buyer, merchant = brun(), brun(psyche=11)
    buyer.name, merchant.name = "Alrik", "Brun"
    session = contest([buyer, merchant], [10, 3, 2, 8, 3, 2], contest="bargaining")
    session.apply("0:stop")
    session.apply("1:stop")
    assert "Brun must make Alrik a better offer" in session.outcome().detail
    poor = brun(psyche=1)
    poor.name = "Brun"
    buyer = brun()
    buyer.name = "Alrik"
    buyer.psyche.current = 10
    session = contest([buyer, poor], [10, 3, 2, 8, 3, 2], contest="bargaining")
    session.apply("0:stop")
    session.apply("1:stop")
    assert "Brun must accept Alrik's last offer" in session.outcome().detail
    # The trade ends at once; Brun lost a whole line: a point less for him, more for Alrik
    assert session.outcome().values["forced"] is True and session.actions() == ()
    assert (buyer.psyche.current, poor.psyche.current) == (11, 0)


def test_bargaining_is_between_two_sides(system, alrik):
    problem = system.preview_group_check([alrik, brun(), brun()], {"contest": "bargaining"}).problem
    assert problem == "Bargaining is between two sides: tick exactly two characters."
    with pytest.raises(CheckError, match="two sides"):
        system.start_group_check([alrik, brun(), brun()], {"contest": "bargaining"}, None)


# --- Gemeinschaftsprobe ------------------------------------------------------------------------


def test_each_contributes_a_die_or_matches_and_the_highest_value_caps(contest, alrik):
    # Alrik's Oratory is 9, Brun's 14: together, matches reach up to 14
    partner = brun()
    oratory = partner.skill("Oratory")
    oratory.value, oratory.base_die, oratory.bonus_dice = 14, "W12", 2
    values = {
        "contest": "joint",
        "joint_roll": "single",
        "joint_skill_0": "skill:Oratory",
        "joint_skill_1": "skill:Oratory",
    }
    session = contest([alrik, partner], [12, 5, 3, 12, 12, 4], **values)
    assert session.outcome().headline == "Contribute dice"
    contribute = {a.member: a for a in session.actions()}
    assert contribute["Alrik"].pick.suggested == (0,)  # his 12
    assert contribute["Brun"].pick.suggested == (3, 4)  # the matching 12s
    session.apply("contribute:0", (0,))
    # Two dice of different faces are refused at the pick already, before Confirm
    assert contribute["Brun"].pick.problem((3, 5)) == "pick dice of the same face"
    assert contribute["Brun"].pick.problem((3, 4)) is None
    with pytest.raises(Exception, match="same face"):
        session.apply("contribute:1", (3, 5))
    session.apply("contribute:1", (3, 4))
    # Three 12s match: Brun's 14 allows it, though Alrik's 9 alone would not
    assert session.outcome().headline == "Joint group 36 (12 + 12 + 12)"
    assert session.outcome().values["cap"] == 14


# --- Gedächtnisprobe ----------------------------------------------------------------------------


def test_a_memory_check_is_rolled_by_the_game_master_and_named_so(system, roll, alrik):
    memory = next(p for p in system.check_params(alrik) if p.key == "memory")
    assert memory.default is False and memory.resets_after_roll
    session = roll(alrik, [8, 7, 3], what="attribute:Strength", memory=True)
    assert session.check == "Memory check, rolled by the game master: Strength 9"
    record = session.finish()
    assert record.parameters["memory"] is True and record.secret
    plain = roll(alrik, [8, 7, 3], what="attribute:Strength")
    assert plain.check == "Single roll: Strength 9" and not plain.secret
