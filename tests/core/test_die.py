"""Throwing dice: chains of exploding dice, thrown wave by wave."""

from itertools import count

import pytest

from shadowdice.core.dice import DiceRequest, ScriptedDiceSource
from shadowdice.core.die import MAX_CHAIN_LENGTH, Die, Mark, throw_dice


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
