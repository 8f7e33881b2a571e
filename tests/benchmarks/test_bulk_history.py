"""Bulk work on a long evening never freezes the window: 10,000 rolls in the history.

Targets (the issue's, in time on the UI thread), each timed against a floor in the same run
(see ``floors.py``) and asserted as time:

- exporting this session as Markdown, CSV or JSON: under 1 s (the floor: writing the log's
  own bytes to the same folder atomically, the least an export of the session could write);
- *Copy as text* of every roll: under 0.3 s (the floor: putting the same number of bytes
  on the clipboard), the first copy too, which makes every roll's details;
- expand all, collapse all and choosing one character in the history's filter: each under
  100 ms (the floor: the same on a tree view of 10,000 rows in a ``QStandardItemModel``).

An export that takes longer still runs on a thread of its own with a progress dialog (see
``background.py``); what is timed here is the export itself.
"""

from __future__ import annotations

import gc
import statistics
import time

import pytest
from PySide6.QtGui import QGuiApplication, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QApplication, QTreeView

from shadowdice.storage.atomic import write_atomic
from shadowdice.storage.roll_export import export_session
from shadowdice.ui import language
from tests.benchmarks.floors import Comparison, compare
from tests.benchmarks.test_history import home, make_window, roll  # noqa: F401

ROLLS = 10_000
EXPORT_S = 1.0
COPY_S = 0.3
VIEW_S = 0.1


@pytest.fixture
def evening(qtbot, home):  # noqa: F811
    """A window whose session has 10,000 rolls of five characters, with Python's cycle
    collector as the app has it once started: what the start made (here: the test run) is
    frozen out of its sight, what the evening made is not.
    """
    gc.collect()
    gc.freeze()
    yield evening_window(qtbot, home)
    gc.unfreeze()


def evening_window(qtbot, home):  # noqa: F811
    window = make_window(qtbot, home / "evening")
    names = ("Kira", "Ash", "Bo", "Cy", "Dee")
    for number in range(ROLLS):
        record = roll(number, names[number % len(names)])
        window.history_model.add(record)
    QApplication.processEvents()
    return window


def timed(benchmark, subject, floor) -> Comparison:
    return compare(benchmark, subject, floor, rounds=3, warmup_rounds=1)


@pytest.mark.benchmark(group="bulk")
@pytest.mark.parametrize("suffix", [".md", ".csv", ".json"])
def test_exporting_10000_rolls(benchmark, evening, home, suffix):  # noqa: F811
    session = evening._this_session()
    data = b"".join(
        roll.record.model_dump_json().encode() + b"\n" for roll in session.rolls[:ROLLS]
    )
    target = home / f"evening{suffix}"

    comparison = timed(
        benchmark,
        lambda: export_session(evening._this_session(), target),
        lambda: write_atomic(home / "floor.jsonl", data, keep_backup=False),
    )

    print(f"export {suffix} of {ROLLS} rolls: {comparison.describe()}")
    assert target.stat().st_size > 0
    assert comparison.subject_s < EXPORT_S, comparison.describe()


def details_forgotten() -> None:
    """The history forgets the details it made (as when the language changes): the next copy
    is a first one, which makes every roll's details.
    """
    language.switch("de")
    language.switch("en")


@pytest.mark.benchmark(group="bulk")
@pytest.mark.parametrize("first", [True, False], ids=["first copy", "copied before"])
def test_copying_10000_rolls_as_text(benchmark, evening, first):
    clipboard = QGuiApplication.clipboard()
    text = evening.history.copy_as_text()

    comparison = compare(
        benchmark,
        evening.history.copy_as_text,
        lambda: clipboard.setText(text),
        rounds=5,
        warmup_rounds=1,
        between=details_forgotten if first else None,
    )

    print(f"copy as text of {ROLLS} rolls ({'first' if first else 'again'}): ", end="")
    print(comparison.describe())
    assert clipboard.text() == text and text.count("Agility + Pistols #") == ROLLS
    assert comparison.subject_s < COPY_S, comparison.describe()


def floor_tree(qtbot) -> QTreeView:
    model = QStandardItemModel()
    for number in range(ROLLS):
        item = QStandardItem(f"roll {number}")
        item.appendRows([QStandardItem(f"detail {line}") for line in range(3)])
        model.appendRow(item)
    view = QTreeView()
    view.setModel(model)
    view.setUniformRowHeights(True)
    qtbot.addWidget(view)
    view.resize(600, 300)
    view.show()
    qtbot.waitExposed(view)
    view._model = model  # kept alive with the view
    return view


@pytest.mark.benchmark(group="bulk")
@pytest.mark.parametrize("what", ["expand all", "collapse all", "filter"])
def test_the_history_of_10000_rolls_at_once(benchmark, qtbot, evening, what):
    history, floor = evening.history, floor_tree(qtbot)
    chooser = evening.history_filter

    def act(view) -> None:
        if what == "expand all":
            view.collapseAll()
            QApplication.processEvents()
            started = time.perf_counter()
            view.expandAll()
        elif what == "collapse all":
            view.expandAll()
            QApplication.processEvents()
            started = time.perf_counter()
            view.collapseAll()
        else:
            started = time.perf_counter()
            if view is history:
                name = "Ash" if chooser.currentData() != "Ash" else ""
                chooser.setCurrentIndex(chooser.findData(name))
            else:
                for row in range(0, ROLLS, 5):
                    view.setRowHidden(
                        row, view.rootIndex(), not view.isRowHidden(row, view.rootIndex())
                    )
        QApplication.processEvents()
        took.append(time.perf_counter() - started)

    took: list[float] = []
    compare(benchmark, lambda: act(history), lambda: act(floor), rounds=6, warmup_rounds=1)
    measured = took[2:]  # the warm-up round's pair left out; the floor goes first each round
    floor_s, history_s = statistics.median(measured[0::2]), statistics.median(measured[1::2])
    print(
        f"{what} with {ROLLS} rolls: Shadowdice {history_s * 1e3:.1f} ms, "
        f"floor {floor_s * 1e3:.1f} ms"
    )
    benchmark.extra_info.update(
        shadowdice_ms=round(history_s * 1e3, 2), floor_ms=round(floor_s * 1e3, 2)
    )
    assert history_s < VIEW_S
