"""Group rolls: members roll with their own dice and resources; the group sums up."""

from dataclasses import replace
from itertools import count

import pytest

from shadowdice.core import language
from shadowdice.core.dice import RandomDiceSource, ScriptedDiceSource
from shadowdice.core.die import Mark
from shadowdice.core.group import GroupSession
from shadowdice.core.record import RollRecord
from shadowdice.core.session import Action, Outcome, RollSession, SessionError, Tone
from shadowdice.systems import builtin_registry


class Member(RollSession):
    """d6 pool, success on 5+, one bonus die per token; tokens are the member's own."""

    def __init__(self, name, dice, tokens, source, ids):
        super().__init__(system_id="test", character=name, check="Search", source=source, ids=ids)
        self.tokens = tokens
        self._throw("Roll", dice)
        self._throw("Destiny", 1, group="destiny")
        self._evaluate()

    def successes(self):
        return sum(die.face >= 5 for die in self.table)

    def _evaluate(self):
        for die in self.table:
            self._mark(die.id, Mark.HIT if die.face >= 5 else Mark.MISS)

    def outcome(self):
        return Outcome(f"{self.successes()} successes", Tone.NEUTRAL)

    def _offered(self):
        yield Action(
            "bonus",
            "Bonus die",
            cost="1 token",
            enabled=self.tokens > 0,
            reason="" if self.tokens else "no tokens left",
        )

    def _apply(self, action, picked):
        self._throw("Bonus die", 1)
        self._charge("token", 1, lambda n: setattr(self, "tokens", self.tokens - n))


def sum_up(members):
    total = sum(member.successes() for member in members)
    return Outcome(
        f"{total} of 3", Tone.SUCCESS if total >= 3 else Tone.FAILURE, values={"successes": total}
    )


@pytest.fixture
def group():
    source = ScriptedDiceSource([5, 2, 1, 6, 3, 4, 6, 5])
    ids = count()
    members = [Member("Ash", 2, 1, source, ids), Member("Bo", 3, 0, source, ids)]
    return GroupSession(
        members, system_id="test", check="Search, 3 successes", combine=sum_up, source=source
    )


def test_members_dice_lie_grouped_by_character_with_their_own_groups(group):
    assert [(d.id, d.face, d.group) for d in group.table] == [
        (0, 5, "Ash"),
        (1, 2, "Ash"),
        (2, 1, "Ash · destiny"),
        (3, 6, "Bo"),
        (4, 3, "Bo"),
        (5, 4, "Bo"),
        (6, 6, "Bo · destiny"),
    ]
    assert [t.label for t in group.throws] == [
        "Ash: Roll",
        "Ash: Destiny",
        "Bo: Roll",
        "Bo: Destiny",
    ]


def test_the_group_outcome_combines_the_members(group):
    outcome = group.outcome()
    assert outcome.headline == "3 of 3" and outcome.values["successes"] == 3


def test_each_member_offers_its_own_actions_and_pays_itself(group):
    actions = {a.id: a for a in group.actions()}
    assert actions["0:bonus"].label == "Ash: Bonus die" and actions["0:bonus"].enabled
    assert actions["0:bonus"].member == "Ash"
    assert not actions["1:bonus"].enabled and actions["1:bonus"].reason == "no tokens left"
    with pytest.raises(SessionError, match="Bo: Bonus die: no tokens left"):
        group.apply("1:bonus")
    throw = group.apply("0:bonus")
    assert throw.label == "Ash: Bonus die" and group.die(throw.die_ids[0]).group == "Ash"
    assert group.members[0].tokens == 0 and group.members[1].tokens == 0
    assert [(c.resource, c.who) for c in group.charges] == [("token", 0)]
    assert group.outcome().values["successes"] == 4


def test_the_record_names_every_member_and_throw(group):
    record = group.finish()
    assert record.character == "Ash, Bo"
    assert [t.label for t in record.throws][:2] == ["Ash: Roll", "Ash: Destiny"]
    assert record.throws[1].dice[0].group == "Ash · destiny"
    # Written to the log and read back, the record is the same text (each throw names its
    # member as who threw it).
    assert record.throws[0].roller == "Ash"
    text = record.model_dump_json()
    assert RollRecord.model_validate_json(text).model_dump_json() == text


class KeptMember(Member):
    """A member that keeps its actions per table, tokens and language, as systems do."""

    def __init__(self, *args):
        self._kept = None
        super().__init__(*args)

    def _offered(self):
        state = (self.table, self.tokens, language.current())
        if self._kept is None or self._kept[0][0] is not state[0] or self._kept[0][1:] != state[1:]:
            label = "Bonuswürfel" if state[2] == "de" else "Bonus die"
            actions = tuple(
                Action(a.id, label, a.cost, a.enabled, a.reason, member=a.member)
                for a in super()._offered()
            )
            self._kept = (state, actions)
        return self._kept[1]


@pytest.fixture
def kept_group():
    source = ScriptedDiceSource([5, 2, 1, 6, 3, 4, 6, 5, 1])
    ids = count()
    members = [KeptMember("Ash", 2, 2, source, ids), KeptMember("Bo", 3, 0, source, ids)]
    return GroupSession(
        members, system_id="test", check="Search, 3 successes", combine=sum_up, source=source
    )


def enabled(group, action_id):
    return {a.id: a for a in group.actions()}[action_id].enabled


def test_the_group_offers_the_same_actions_until_a_member_changes(kept_group):
    actions = kept_group.actions()
    assert kept_group.actions() is actions
    kept_group.members[1].tokens = 1  # edited on Bo's sheet
    assert kept_group.actions() is not actions and enabled(kept_group, "1:bonus")
    kept_group.members[1].tokens = 0
    assert not enabled(kept_group, "1:bonus")


def test_the_group_actions_follow_every_member_action_and_the_finish(kept_group):
    kept_group.apply("0:bonus")
    assert enabled(kept_group, "0:bonus")
    kept_group.apply("0:bonus")
    assert not enabled(kept_group, "0:bonus")
    kept_group.finish()
    assert kept_group.actions() == ()


def test_the_group_actions_follow_a_switch_of_language(kept_group):
    assert {a.label for a in kept_group.actions()} == {"Ash: Bonus die", "Bo: Bonus die"}
    try:
        language.set_language("de")
        assert {a.label for a in kept_group.actions()} == {"Ash: Bonuswürfel", "Bo: Bonuswürfel"}
    finally:
        language.set_language("en")
    assert {a.label for a in kept_group.actions()} == {"Ash: Bonus die", "Bo: Bonus die"}


def test_the_group_actions_follow_members_that_make_them_anew(group):
    assert enabled(group, "0:bonus") and not enabled(group, "1:bonus")
    group.members[1].tokens = 1
    assert enabled(group, "1:bonus")


def test_the_grouped_dice_follow_every_member_action(kept_group):
    before = {die.id: die for die in kept_group.table}
    kept_group.apply("0:bonus")
    kept_group.apply("0:bonus")
    added = [die for die in kept_group.table if die.id not in before]
    assert [(d.id, d.face, d.group, Mark.HIT in d.marks) for d in added] == [
        (7, 5, "Ash", True),
        (8, 1, "Ash", False),
    ]
    assert [die.id for die in kept_group.dice] == list(range(9))
    assert all(kept_group.die(die_id) == die for die_id, die in before.items())


def test_a_phase_six_group_follows_the_dice_left_the_language_and_the_finish():
    system = builtin_registry().get("phasesix")
    sheets = [system.new_sheet() for _ in range(2)]
    for number, sheet in enumerate(sheets, start=1):
        sheet.name = f"Scout {number}"
        next(skill for skill in sheet.skills if skill.name == "Perception").value = 3
    values = {param.key: param.default for param in system.group_check_params(sheets)}
    values.update(trait="skill:Perception", needed=4)
    session = system.start_group_check(sheets, values, RandomDiceSource(seed=6))
    assert enabled(session, "1:bonus_die")
    sheets[1].bonus_dice = 0
    assert not enabled(session, "1:bonus_die")
    sheets[1].bonus_dice = 1
    assert enabled(session, "1:bonus_die")
    english = {a.id: a.label for a in session.actions()}
    try:
        language.set_language("de")
        german = {a.id: a.label for a in session.actions()}
        assert german["1:bonus_die"] != english["1:bonus_die"]
        assert german["1:bonus_die"].startswith("Scout 2: ")
    finally:
        language.set_language("en")
    assert {a.id: a.label for a in session.actions()} == english
    dice = len(session.table)
    session.apply("1:bonus_die")
    assert len(session.table) == dice + 1 and session.table[-1].group == "Scout 2"
    assert not enabled(session, "1:bonus_die")
    session.finish()
    assert session.actions() == ()


def test_a_member_action_is_offered_as_it_is_but_for_its_id_label_and_member(kept_group):
    member = kept_group.members[0]
    (own,) = member.actions()
    offered = {a.id: a for a in kept_group.actions()}["0:bonus"]
    assert offered == replace(own, id="0:bonus", label="Ash: Bonus die", member="Ash")
