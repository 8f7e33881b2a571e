"""Resolving a Shadowrun 4 check of 20 dice, and computing its odds.

Targets: a plain check of 20 dice (start, outcome, actions, finish) takes at most 5 times what
plain Python takes to throw 20 d6 and count hits and ones, measured alternately in the same
run, so pressing *Roll* costs microseconds and the dice tray's animation, not the rules, sets
the pace; the preview with its exact chance takes at most 2 ms.

A whole check is what the app does for one press of *Roll* and one Edge button: start the
check on the sheet (a free pool of 20: no attribute, no skill, modifier 20), read the outcome
and the offered actions, spend Edge after the roll for extra dice, read the outcome again and
finish into a roll record. A variant spends Edge before the roll (23 dice with the Rule of Six,
so chains of sixes are thrown again). A third benchmark only computes ``preview_check``, the
exact chance of success the check panel shows while the player sets up the check (20 dice,
threshold 5), without and with Edge before the roll.

Dice come from a :class:`RandomDiceSource` with a fixed seed, fresh for every round, and every
round rolls on a fresh copy of the sheet (which the session charges for Edge); both are made
before the clock starts.
"""

from __future__ import annotations

import random
from math import comb

import pytest

from shadowdice.core.dice import RandomDiceSource
from shadowdice.core.die import Mark
from shadowdice.core.record import RollRecord
from shadowdice.systems.shadowrun4 import Shadowrun4
from shadowdice.systems.shadowrun4.sheet import ShadowrunSheet
from tests.benchmarks.floors import compare

#: A seed whose throws include Rule-of-Six chains both with Edge before and after the roll.
SEED = 26
POOL = 20
EDGE = 3
FREE_POOL = {"attribute": "", "skill": "", "modifier": POOL}
ROUNDS = 300
WARMUP_ROUNDS = 20
TARGET_RATIO = 5.0
PREVIEW_MS = 2.0


@pytest.fixture
def system() -> Shadowrun4:
    return Shadowrun4()


@pytest.fixture
def sheet() -> ShadowrunSheet:
    """Kira, with every attribute at 3 (Edge 3) and all Edge points unspent."""
    return ShadowrunSheet(name="Kira")


def fresh_table(sheet: ShadowrunSheet):
    """Pedantic setup: an untouched copy of the sheet and a newly seeded dice source."""
    return (sheet.model_copy(deep=True), RandomDiceSource(seed=SEED)), {}


def hits_in(record: RollRecord) -> int:
    """Hits counted straight from the record's faces: every 5 or 6 of a die still on the table."""
    return sum(
        sum(1 for face in die.faces if face >= 5)
        for throw in record.throws
        for die in throw.dice
        if "rerolled" not in die.marks
    )


def dice_in(record: RollRecord) -> list:
    return [die for throw in record.throws for die in throw.dice]


@pytest.mark.benchmark(group="shadowrun check")
def test_a_plain_check_of_20_dice_against_plain_python(benchmark, system, sheet):
    # Given a free pool of 20 dice, and plain Python throwing 20 d6 (the floor)
    source = RandomDiceSource(seed=SEED)
    rng = random.Random(SEED)

    def check():
        session = system.start_check(sheet, FREE_POOL, source)
        session.outcome(), session.actions()
        return session.finish()

    def plain_python():
        faces = [rng.randint(1, 6) for _ in range(POOL)]
        hits = sum(1 for face in faces if face >= 5)
        ones = sum(1 for face in faces if face == 1)
        return hits, ones * 2 >= POOL

    # When both run alternately, many times
    # (in short rounds of 20 calls each, well under a time slice of the scheduler, so that on a
    # busy machine most rounds of either run whole and the medians leave the others out)
    comparison = compare(benchmark, check, plain_python, rounds=600, warmup_rounds=50, calls=20)

    # Then the check costs at most a few times the bare dice
    record = check()
    assert len(record.throws[0].dice) == POOL
    assert record.outcome.values["hits"] == hits_in(record)
    assert comparison.ratio <= TARGET_RATIO, comparison.describe()


@pytest.mark.benchmark(group="shadowrun check")
def test_a_check_of_20_dice_with_edge_after_the_roll(benchmark, system, sheet):
    # Given Kira at full Edge and a free pool of 20 dice
    def resolve(sheet, source):
        # When the check is rolled, read, boosted with Edge dice and finished
        session = system.start_check(sheet, FREE_POOL, source)
        first, offered = session.outcome(), session.actions()
        session.apply("edge_extra_dice")
        return first, offered, session.outcome(), session.finish(), sheet

    first, offered, final, record, charged = benchmark.pedantic(
        resolve, setup=lambda: fresh_table(sheet), rounds=ROUNDS, warmup_rounds=WARMUP_ROUNDS
    )

    # Then the roll had 20 dice and an outcome, and Edge added 3 dice with their hits
    assert first.values["dice"] == POOL
    assert {action.id: action.enabled for action in offered}["edge_extra_dice"]
    assert 0 <= first.values["hits"] <= final.values["hits"]
    assert final.values["dice"] == POOL + EDGE
    assert [throw.label for throw in record.throws] == ["Roll", "Edge dice"]
    assert [len(throw.dice) for throw in record.throws] == [POOL, EDGE]
    assert [action.id for action in record.actions] == ["edge_extra_dice"]
    assert record.outcome.values == dict(final.values)
    assert record.outcome.values["hits"] == hits_in(record)
    assert record.outcome.headline
    assert charged.edge_current == EDGE - 1
    assert sheet.edge_current == EDGE, "every round rolled on its own copy of the sheet"


@pytest.mark.benchmark(group="shadowrun check")
def test_a_check_of_20_dice_with_edge_before_the_roll(benchmark, system, sheet):
    # Given Kira at full Edge and a free pool of 20 dice, Edge spent before the roll
    values = {**FREE_POOL, "edge": "before"}

    def resolve(sheet, source):
        # When the check is rolled with the Rule of Six, read and finished
        session = system.start_check(sheet, values, source)
        return session.outcome(), session.actions(), session.finish(), sheet

    outcome, offered, record, charged = benchmark.pedantic(
        resolve, setup=lambda: fresh_table(sheet), rounds=ROUNDS, warmup_rounds=WARMUP_ROUNDS
    )

    # Then 23 dice were thrown, sixes were thrown again in chains, and every hit counted
    dice = dice_in(record)
    assert outcome.values["dice"] == len(dice) == POOL + EDGE
    assert not any(action.enabled for action in offered), "one Edge point per check"
    chains = [die for die in dice if len(die.faces) > 1]
    assert chains, f"seed {SEED} threw no six; pick a seed that does"
    assert all(Mark.EXPLODED.value in die.marks for die in chains)
    assert all(die.faces[:-1] == (6,) * (len(die.faces) - 1) for die in chains)
    assert outcome.values["hits"] == hits_in(record) > 0
    assert record.outcome.headline
    assert charged.edge_current == EDGE - 1


def binomial_at_least(needed: int, dice: int, p: float) -> float:
    """Chance of at least ``needed`` hits of ``dice`` dice that each hit with chance ``p``."""
    return sum(comb(dice, k) * p**k * (1 - p) ** (dice - k) for k in range(needed, dice + 1))


def rule_of_six_at_least(needed: int, dice: int) -> float:
    """The same for dice that are thrown again on a 6.

    One die ends with k >= 1 hits after k sixes and a 1-4, or k-1 sixes and a 5: (1/6)**k
    * (4/6 + 1) in all; with no hit it showed a 1-4 first (4/6). Added up over the pool,
    counting every total of ``needed`` or more as ``needed``.
    """
    one = [4 / 6] + [(1 / 6) ** k * 10 / 6 for k in range(1, needed)]
    one.append(1 - sum(one))
    total = [1.0] + [0.0] * needed
    for _ in range(dice):
        added = [0.0] * (needed + 1)
        for i, p in enumerate(total):
            for j, q in enumerate(one):
                added[min(i + j, needed)] += p * q
        total = added
    return total[needed]


@pytest.mark.benchmark(group="shadowrun odds")
@pytest.mark.parametrize(
    ("edge", "expected"),
    [
        pytest.param("", binomial_at_least(5, POOL, 1 / 3), id="plain"),
        pytest.param("before", rule_of_six_at_least(5, POOL + EDGE), id="edge-before"),
    ],
)
def test_the_chance_of_5_hits_on_20_dice(benchmark, system, sheet, edge, expected):
    # Given a free pool of 20 dice against a threshold of 5
    values = {**FREE_POOL, "threshold": 5, "edge": edge}

    # When the check panel asks for the preview
    preview = benchmark(system.preview_check, sheet, values)

    # Then it shows the exact chance at once, and nothing stands in the way of the roll
    assert benchmark.stats.stats.median * 1e3 <= PREVIEW_MS
    assert not preview.problem
    assert preview.chance == pytest.approx(expected, rel=1e-12)
    assert "threshold 5" in preview.summary
    assert sheet.edge_current == EDGE, "a preview spends nothing"
