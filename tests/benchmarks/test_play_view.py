"""At the table: opening a saved character, and switching between ten open ones.

Targets, each against its floor timed alternately in the same run (see ``floors.py``):

- Opening a saved character (File ▸ Open, shown in Play and painted) takes at most 50 ms;
  the floor is the least a viewer of the same file could do: read and check the file with
  the same ``load_character``, and show its name in a new page of a stacked widget, painted.
  The sheet's tables are not built until Edit is chosen, so ``SheetTableModel.data`` is not
  called at all (it was called 11,742 times when every open built the whole editor).
- Switching between ten open characters (one of each system and more) takes at most 30 ms
  a switch, painted; the floor switches a stacked widget between ten labels in a window of
  the same size, painted.

The ratios asserted are the targets over the floors as measured under Xvfb (a floor of
about 2 ms to open, about 1 ms to switch); the figures (Shadowdice and floor medians in ms, and
their ratio) are in the benchmark's ``extra_info``.

Like the tray's, these run under Xvfb with ``QT_QPA_PLATFORM=xcb``, where a painted frame
reaches a real X server. With the offscreen platform nothing is shown on a screen, the floors
shrink to a few tenths of a millisecond and the ratios say nothing, so they are skipped there.
"""

from __future__ import annotations

import os

import pytest
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow, QStackedWidget

from shadowdice.storage.character_file import load_character, save_character
from shadowdice.systems import builtin_registry
from shadowdice.ui.sheet_table_model import SheetTableModel
from tests.benchmarks.floors import compare
from tests.benchmarks.windows import benchmark_window

SYSTEMS = ("shadowrun4", "phasesix", "starwars_d6", "heldenhandbuch")
OPEN_RATIO = 25.0
SWITCH_RATIO = 20.0
SIZE = (1366, 768)

pytestmark = pytest.mark.skipif(
    os.environ.get("QT_QPA_PLATFORM") == "offscreen",
    reason="paints to a real X server: run under Xvfb with QT_QPA_PLATFORM=xcb",
)


@pytest.fixture
def window(qtbot, tmp_path):
    return benchmark_window(qtbot, tmp_path / "home", SIZE)


@pytest.fixture
def saved(tmp_path):
    """The sample character of every system, saved."""
    registry = builtin_registry()
    paths = {}
    for system_id in SYSTEMS:
        system = registry.get(system_id)
        path = tmp_path / f"{system_id}.shadowdice"
        save_character(path, system, system.sample_character())
        paths[system_id] = path
    return paths


def bare_window(qtbot) -> tuple[QMainWindow, QStackedWidget]:
    bare = QMainWindow()
    pages = QStackedWidget()
    bare.setCentralWidget(pages)
    qtbot.addWidget(bare)
    bare.resize(*SIZE)
    bare.show()
    qtbot.waitExposed(bare)
    return bare, pages


@pytest.mark.benchmark(group="play view")
@pytest.mark.parametrize("system_id", SYSTEMS)
def test_opening_a_saved_character(benchmark, qtbot, window, saved, system_id, monkeypatch):
    path = saved[system_id]
    registry = builtin_registry()
    _bare, pages = bare_window(qtbot)
    data_calls = []
    original = SheetTableModel.data

    def counted(self, *args):
        data_calls.append(1)
        return original(self, *args)

    monkeypatch.setattr(SheetTableModel, "data", counted)

    def close_it() -> None:
        window.close_current()  # the one opened last round, untimed
        QApplication.processEvents()

    def subject() -> None:
        window.open_path(path)
        QApplication.processEvents()

    def floor() -> None:
        loaded = load_character(path, registry)
        page = QLabel(loaded.sheet.name)
        pages.addWidget(page)
        pages.setCurrentWidget(page)
        QApplication.processEvents()
        pages.removeWidget(page)
        page.deleteLater()

    comparison = compare(
        benchmark, subject, floor, rounds=15, warmup_rounds=2, calls=1, between=close_it
    )
    assert data_calls == [], "opening in Play builds no sheet table"
    assert window.current_document().path == path
    print(f"opening a saved {system_id} character: {comparison.describe()}")
    assert comparison.ratio <= OPEN_RATIO, comparison.describe()


@pytest.mark.benchmark(group="play view")
def test_switching_between_ten_open_characters(benchmark, qtbot, window, saved):
    for number in range(10):
        window.open_sample(SYSTEMS[number % len(SYSTEMS)])
    assert window.tabs.count() == 10
    _bare, pages = bare_window(qtbot)
    for number in range(10):
        pages.addWidget(QLabel(f"Character {number}"))
    QApplication.processEvents()
    turn = {"window": 0, "bare": 0}

    def subject() -> None:
        turn["window"] = (turn["window"] + 1) % 10
        window.tabs.setCurrentIndex(turn["window"])
        QApplication.processEvents()

    def floor() -> None:
        turn["bare"] = (turn["bare"] + 1) % 10
        pages.setCurrentIndex(turn["bare"])
        QApplication.processEvents()

    comparison = compare(benchmark, subject, floor, rounds=10, warmup_rounds=1, calls=10)
    print(f"switching between ten characters: {comparison.describe()}")
    assert comparison.ratio <= SWITCH_RATIO, comparison.describe()
