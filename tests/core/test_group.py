"""Group rolls: members roll with their own dice and resources; the group sums up."""

from itertools import count

import pytest

from shadowdice.core.dice import ScriptedDiceSource
from shadowdice.core.die import Mark
from shadowdice.core.group import GroupSession
from shadowdice.core.session import Action, Outcome, RollSession, SessionError, Tone


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
