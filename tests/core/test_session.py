"""The roll session's shape, through a small keep-and-throw-again session like a sieve roll."""

import json
from datetime import UTC, datetime

import pytest
from pydantic import ValidationError

from shadowdice.core.dice import ScriptedDiceSource, ScriptExhaustedError
from shadowdice.core.die import Mark
from shadowdice.core.record import RollRecord
from shadowdice.core.session import (
    Action,
    DicePick,
    Outcome,
    RollSession,
    SessionError,
    Tone,
)

NOON = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)


class KeepSession(RollSession):
    """Three d20; keep at least one die, throw the rest again; a reroll of one die costs a token."""

    def __init__(self, source, tokens=1):
        super().__init__(
            system_id="test",
            character="Ayla",
            check="3W20",
            source=source,
            parameters={"dice": 3},
            clock=lambda: NOON,
        )
        self.tokens = tokens
        self._throw("Roll", 3, sides=20)
        self._evaluate()

    def _evaluate(self):
        for die in self.table:
            self._mark(
                die.id, *(die.marks & {Mark.KEPT}), Mark.HIT if die.face >= 10 else Mark.MISS
            )

    def outcome(self):
        best = max(d.face for d in self.table)
        return Outcome(f"best {best}", Tone.NEUTRAL, values={"best": best})

    def _loose(self):
        return [d.id for d in self.table if not d.has(Mark.KEPT)]

    def _offered(self):
        loose = self._loose()
        yield Action(
            "keep",
            "Keep and throw the rest",
            enabled=len(loose) > 1,
            reason="" if len(loose) > 1 else "no dice left",
            pick=DicePick("dice to keep", tuple(loose), 1, len(loose) - 1, loose[:1]),
        )
        yield Action(
            "reroll_one",
            "Reroll one die",
            cost="1 token",
            enabled=self.tokens > 0,
            reason="" if self.tokens else "no tokens left",
            pick=DicePick("die to reroll", tuple(loose), 1, 1),
        )

    def _apply(self, action, picked):
        if action.id == "keep":
            for die_id in picked:
                self._mark(die_id, Mark.KEPT)
            rest = [i for i in self._loose() if i not in picked]
            self._throw("Throw again", len(rest), sides=20, replace=rest)
        else:
            self._throw("Reroll", 1, sides=20, replace=picked)
            self._charge("token", 1, lambda n: setattr(self, "tokens", self.tokens - n))


def test_session_throws_and_evaluates_on_start():
    session = KeepSession(ScriptedDiceSource([3, 12, 17]))
    assert [d.face for d in session.table] == [3, 12, 17]
    assert [d.has(Mark.HIT) for d in session.table] == [False, True, True]
    assert session.outcome().headline == "best 17"


def test_keeping_dice_throws_the_rest_and_takes_them_off_the_table():
    session = KeepSession(ScriptedDiceSource([3, 12, 17, 20, 5]))
    throw = session.apply("keep", [2])
    assert throw.label == "Throw again" and throw.replaced == (0, 1)
    assert [d.face for d in session.table] == [17, 20, 5]
    assert session.die(2).has(Mark.KEPT)
    assert session.die(0).has(Mark.REROLLED) and session.die(0) not in session.table
    assert len(session.dice) == 5


def test_pick_is_checked_against_the_offer():
    session = KeepSession(ScriptedDiceSource([3, 12, 17]))
    with pytest.raises(SessionError, match="at least 1 die"):
        session.apply("keep", [])
    with pytest.raises(SessionError, match="at most 2 dice"):
        session.apply("keep", [0, 1, 2])
    with pytest.raises(SessionError, match="picked twice"):
        session.apply("keep", [0, 0])
    with pytest.raises(SessionError, match="cannot be picked"):
        session.apply("keep", [99])


def test_disabled_action_is_refused_with_its_reason_and_costs_nothing():
    session = KeepSession(ScriptedDiceSource([3, 12, 17, 9]), tokens=1)
    session.apply("reroll_one", [0])
    assert session.tokens == 0 and [c.resource for c in session.charges] == ["token"]
    reroll = next(a for a in session.actions() if a.id == "reroll_one")
    assert not reroll.enabled and reroll.reason == "no tokens left"
    with pytest.raises(SessionError, match="Reroll one die: no tokens left"):
        session.apply("reroll_one", [3])
    assert session.tokens == 0 and len(session.charges) == 1


def test_unknown_action_is_refused():
    with pytest.raises(SessionError, match="'fly' is not possible now"):
        KeepSession(ScriptedDiceSource([3, 12, 17])).apply("fly")


def test_a_throw_that_fails_leaves_the_session_as_it_was():
    session = KeepSession(ScriptedDiceSource([3, 12, 17]))
    with pytest.raises(ScriptExhaustedError, match="ran out"):
        session.apply("keep", [2])
    assert [d.face for d in session.table] == [3, 12, 17] and session.taken == []


def test_finish_gives_a_json_record_and_ends_the_offers():
    session = KeepSession(ScriptedDiceSource([3, 12, 17, 20, 5]))
    session.apply("keep", [2])
    record = session.finish()
    assert session.actions() == ()
    data = json.loads(record.model_dump_json())
    assert data["system"] == "test" and data["character"] == "Ayla" and data["check"] == "3W20"
    assert [t["label"] for t in data["throws"]] == ["Roll", "Throw again"]
    assert data["throws"][0]["dice"][2] == {
        "sides": 20,
        "faces": [17],
        "group": "",
        "marks": ["hit", "kept"],
        "score": None,
    }
    assert "rerolled" in data["throws"][0]["dice"][0]["marks"]
    assert [a["id"] for a in data["actions"]] == ["keep"]
    assert data["outcome"]["values"] == {"best": 20}
    assert RollRecord.model_validate_json(record.model_dump_json()) == record
    assert record.time == NOON


def test_record_is_immutable_down_to_its_numbers():
    record = KeepSession(ScriptedDiceSource([1, 2, 3])).finish()
    with pytest.raises(ValidationError, match="frozen"):
        record.character = "someone else"
    with pytest.raises(TypeError):
        record.parameters["dice"] = 99
    with pytest.raises(TypeError):
        record.outcome.values["best"] = 20


def test_a_session_finishes_once():
    session = KeepSession(ScriptedDiceSource([1, 2, 3]))
    session.finish()
    with pytest.raises(SessionError, match="finished already"):
        session.finish()


def test_a_pick_may_ask_for_a_die_of_each_named_set():
    from shadowdice.core.session import DicePick

    pick = DicePick("Keep", eligible=(0, 1, 2, 3), each=(("Alrik", (0, 1)), ("Brun", (2, 3))))
    assert pick.problem((0, 1)) == "pick at least one die of Brun"
    assert pick.problem((1, 2)) is None


class CarriedSession(KeepSession):
    """Two dice saved from before lie on the table, then one die is thrown."""

    def __init__(self, source, saved):
        RollSession.__init__(
            self,
            system_id="test",
            character="Ayla",
            check="3W20",
            source=source,
            clock=lambda: NOON,
        )
        self.tokens = 0
        self._place("Saved from before", saved, sides=20, group="Ayla")
        self._throw("Roll", 3 - len(saved), sides=20, group="Ayla")
        self._evaluate()


def test_placed_dice_lie_with_their_faces_unthrown_and_the_record_says_they_were_carried():
    session = CarriedSession(ScriptedDiceSource([7]), [13, 13])  # one face: one die thrown
    assert [(d.face, d.carried) for d in session.table] == [(13, True), (13, True), (7, False)]
    assert [t.label for t in session.throws] == ["Saved from before", "Roll"]
    # The system's marks leave a die carried
    assert all(d.carried for d in session.table[:2]) and session.table[0].has(Mark.HIT)
    data = json.loads(session.finish().model_dump_json())
    saved, thrown = data["throws"]
    assert [d["carried"] for d in saved["dice"]] == [True, True]
    assert "carried" not in thrown["dice"][0]  # a thrown die's record reads as it always did
    assert RollRecord.model_validate_json(json.dumps(data)).throws[0].dice[0].carried
