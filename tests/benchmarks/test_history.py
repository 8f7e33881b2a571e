"""A long campaign's history: a roll costs the same on the hundredth evening as on the first.

Target (against its floor timed alternately in the same run, see ``floors.py``): finishing a
roll, with the window's history holding 100,000 rolls of earlier evenings, takes at most 1.5×
finishing the same roll in a window whose history is empty (the floor; emptied again before
each round, untimed, but for one roll of the same character, so that in both windows the
roll's character is known to the history's filter already). Finishing means what
the window does on the UI thread when the roll panel reports a finished roll: the history
takes it, the recovery files are asked for, the roll log appends it, and the event loop turns
until the history is laid out and painted again.

Runs with the offscreen platform or under Xvfb (``QT_QPA_PLATFORM=xcb``); the figures are in
the benchmark's ``extra_info``.
"""

from __future__ import annotations

import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from shadowdice.core.record import (
    ActionRecord,
    DieRecord,
    OutcomeRecord,
    RollRecord,
    ThrowRecord,
)
from shadowdice.ui.main_window import MainWindow
from tests.benchmarks.floors import collector_as_in_the_app, compare
from tests.benchmarks.windows import benchmark_window

HISTORY_ROWS = 100_000
ROLL_RATIO = 1.5
SIZE = (1366, 768)


def roll(number: int, character: str = "Kira") -> RollRecord:
    """A Shadowrun roll of 12 dice with an Edge reroll, as the log keeps one."""
    dice = tuple(
        DieRecord(sides=6, faces=(face,), marks=("hit",) if face >= 5 else ())
        for face in (1, 2, 3, 4, 5, 6, 6, 5, 2, 3, 1, 4)
    )
    return RollRecord(
        system="shadowrun4",
        character=character,
        check=f"Agility + Pistols #{number}",
        throws=(ThrowRecord(label="Pool", dice=dice),),
        actions=(ActionRecord(id="edge", label="Second chance", cost="1 Edge"),),
        outcome=OutcomeRecord(headline="4 hits - success", tone="success", detail="threshold 2"),
        time=datetime(2026, 11, 1, 20, tzinfo=UTC) + timedelta(seconds=number),
    )


def make_window(qtbot, home) -> MainWindow:
    return benchmark_window(qtbot, home, SIZE)


@pytest.fixture
def home(tmp_path):
    """A folder for the app's files, in memory where the system has one: a sync to a real
    disk takes milliseconds that vary far more than what is measured here.
    """
    if Path("/dev/shm").is_dir():
        with tempfile.TemporaryDirectory(dir="/dev/shm") as folder:
            yield Path(folder)
    else:
        yield tmp_path


@pytest.mark.benchmark(group="history")
def test_a_roll_costs_the_same_with_100000_rolls_in_the_history(benchmark, qtbot, home):
    long = make_window(qtbot, home / "long")
    empty = make_window(qtbot, home / "empty")
    names = ("Kira", "Ash", "Bo", "Cy", "Dee")
    long.history_model.add_earlier(
        roll(number, names[number % len(names)]) for number in range(HISTORY_ROWS, 0, -1)
    )
    QApplication.processEvents()
    finished = roll(0)

    def finish(window: MainWindow) -> None:
        window.roll_panel.roll_finished.emit(finished)
        QApplication.processEvents()

    def empty_again() -> None:  # one roll of Kira, so that both windows know her already
        empty.history_model.clear()
        empty.history_model.add(finished)
        QApplication.processEvents()

    with collector_as_in_the_app():
        comparison = compare(
            benchmark,
            lambda: finish(long),
            lambda: finish(empty),
            rounds=300,  # a busy machine stretches single rounds: the median of many holds
            warmup_rounds=3,
            between=empty_again,
        )
    print(f"a roll with {HISTORY_ROWS} rolls in the history: {comparison.describe()}")
    assert long.history_model.index(0, 0).data().endswith("4 hits - success")
    assert comparison.ratio <= ROLL_RATIO, comparison.describe()
