"""Throwing dice: chains of exploding dice, thrown wave by wave."""

from itertools import count
from typing import NamedTuple

import pytest

from shadowdice.core.dice import DiceRequest, Faces, ScriptedDiceSource
from shadowdice.core.die import (
    _DICE_KEPT,
    MAX_CHAIN_LENGTH,
    Die,
    Mark,
    _dice_made,
    throw_dice,
)
from shadowdice.core.language import Text


class RecordingSource(ScriptedDiceSource):
    def __init__(self, faces):
        super().__init__(faces)
        self.requests: list[DiceRequest] = []

    def throw(self, request):
        self.requests.append(request)
        return super().throw(request)


def test_without_explosion_one_request_and_one_face_per_die():
    source = RecordingSource([6, 6, 1])
    dice = throw_dice(source, 3, ids=count())
    assert [d.faces for d in dice] == [(6,), (6,), (1,)]
    assert len(source.requests) == 1


def test_a_throw_asks_for_its_dice_with_its_own_purpose_and_secrecy():
    # Given the same dice asked for with the purpose as plain words and as a text, then secretly
    source = RecordingSource([3, 4, 5])
    purpose = Text("", "Roll")
    for words, secret in [("Roll", False), (purpose, False), (purpose, True)]:
        throw_dice(source, 1, ids=count(), purpose=words, roller="Kira", secret=secret)

    # Then each request carries what its throw gave: the very purpose, and the secrecy
    assert source.requests == [DiceRequest(1, 6, "Roll", "Kira")] * 3
    assert [type(request.purpose) for request in source.requests] == [str, Text, Text]
    assert [request.secret for request in source.requests] == [False, False, True]
    with pytest.raises(ValueError, match="cannot throw -1 dice"):
        throw_dice(source, -1, ids=count())


def test_sixes_of_one_throw_are_thrown_again_together():
    # Given 5 dice showing 4,2,6,6,1, then the two sixes showing 6 and 1, then the last six a 1
    source = RecordingSource([4, 2, 6, 6, 1, 6, 1, 1])
    dice = throw_dice(source, 5, ids=count(), explode_on=6, purpose="Roll")
    assert [d.faces for d in dice] == [(4,), (2,), (6, 6, 1), (6, 1), (1,)]
    assert [r.count for r in source.requests] == [5, 2, 1]
    assert source.requests[1].purpose == "Roll again"


def test_dice_of_other_sizes_keep_their_size_group_and_ids():
    dice = throw_dice(ScriptedDiceSource([20, 1]), 2, ids=count(7), sides=20, group="destiny")
    assert [(d.id, d.sides, d.group) for d in dice] == [(7, 20, "destiny"), (8, 20, "destiny")]


def test_endless_chain_stops_with_an_error():
    with pytest.raises(RuntimeError, match="faces"):
        throw_dice(ScriptedDiceSource([6] * (MAX_CHAIN_LENGTH + 1)), 1, ids=count(), explode_on=6)


def test_die_reports_total_and_first_face_and_marks():
    die = Die(0, 6, (6, 6, 3)).marked(Mark.HIT, Mark.EXPLODED, score=2)
    assert (die.face, die.total, die.score) == (6, 15, 2)
    assert die.has(Mark.EXPLODED) and not die.has(Mark.GLITCH)


class Judged(NamedTuple):
    marks: frozenset[Mark]
    score: int | None


def high_is_a_hit(faces):
    """Hits on 5 and 6, the chain's hits as its score."""
    hits = sum(face >= 5 for face in faces)
    return Judged(frozenset({Mark.HIT if hits else Mark.MISS}), hits if len(faces) > 1 else None)


@pytest.mark.parametrize("explode_on", [None, 6])
def test_a_judge_marks_every_die_as_it_lands(explode_on):
    # Given 3 dice showing 5, 1 and 6, the six thrown again as a 5 when sixes explode
    source = ScriptedDiceSource([5, 1, 6, 5])

    # When they are thrown with a judge
    dice = throw_dice(source, 3, ids=count(), explode_on=explode_on, judge=high_is_a_hit)

    # Then each lies marked by its own faces
    hit, miss = frozenset({Mark.HIT}), frozenset({Mark.MISS})
    six = [(6, 5), hit, 2] if explode_on else [(6,), hit, None]
    assert [[d.faces, d.marks, d.score] for d in dice] == [
        [(5,), hit, None],
        [(1,), miss, None],
        six,
    ]


def test_dice_that_lie_alike_are_made_once_each_by_its_own_rules_and_group():
    def thrown(group="", judge=high_is_a_hit):
        return throw_dice(ScriptedDiceSource([5, 1]), 2, ids=count(), group=group, judge=judge)

    # Given the same faces thrown twice with the same ids
    first, again = thrown(), thrown()

    # Then the second throw brings back the same dice, made once (a die never changes)
    assert [(d.id, d.faces, d.marks) for d in again] == [
        (0, (5,), frozenset({Mark.HIT})),
        (1, (1,), frozenset({Mark.MISS})),
    ]
    assert all(die is same for die, same in zip(first, again, strict=True))
    # And in another group, or without a judge, they lie their own way
    assert [d.group for d in thrown(group="edge")] == ["edge", "edge"]
    assert [d.marks for d in thrown(judge=None)] == [frozenset(), frozenset()]


def test_the_dice_kept_for_reuse_stay_few_however_many_are_thrown():
    # When 5,000 dice are thrown, each with an id of its own
    thrown = 5_000
    for start in range(0, thrown, 100):
        dice = throw_dice(ScriptedDiceSource([6] * 100), 100, ids=count(start), judge=high_is_a_hit)
        assert [d.id for d in dice] == list(range(start, start + 100))

    # Then only some of them are kept for later throws
    assert 0 < len(_dice_made(high_is_a_hit, 6, "")) <= min(_DICE_KEPT, thrown - 1)


def test_typed_faces_are_judged_and_keep_their_origin():
    source = ScriptedDiceSource([])
    source.throw = lambda request: Faces((5, 2), typed=(True, False))
    dice = throw_dice(source, 2, ids=count(), judge=high_is_a_hit)
    assert [(d.marks, d.typed) for d in dice] == [
        (frozenset({Mark.HIT}), (True,)),
        (frozenset({Mark.MISS}), ()),
    ]


def test_a_die_cannot_be_changed_only_remade():
    die = Die(3, 6, (6, 2), marks=frozenset({Mark.HIT}), score=1)
    with pytest.raises(AttributeError):
        die.faces = (1,)  # type: ignore[misc]
    moved = die.in_group("edge")
    assert (moved.id, moved.faces, moved.marks, moved.score, moved.group) == (
        3, (6, 2), frozenset({Mark.HIT}), 1, "edge"
    )  # fmt: skip
    assert die.with_marks(frozenset({Mark.MISS})) == Die(3, 6, (6, 2), marks=frozenset({Mark.MISS}))
    assert die.group == "" and die.marks == {Mark.HIT}
