"""A party of a hundred: opening 100 saved characters at once (``shadowdice a b c ...``,
*File ▸ Open* with many files, the last session's party at start).

Targets, against the floor timed alternately in the same run (``floors.py``): the floor is
reading and checking the same 100 files with the same ``load_character``, which any way of
opening them must do. Opening them in the window (the party roster, the check form of the
character shown, the settings) takes:

- at most 1.5 s for the 100;
- time growing linearly: each character beyond the first 10 adds at most 10 ms (the window
  used to rebuild the party for everyone on every file, resolve every open path again and
  save the settings with their fsyncs once per file, growing with the square);
- one write of the settings for the whole batch.

The figures (medians in ms, and the ratio to the floor) are printed and kept in the
benchmark's ``extra_info``.
"""

from __future__ import annotations

import gc
import statistics
import time

import pytest
from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QApplication

from shadowdice.storage.character_file import load_character
from shadowdice.storage.settings import SettingsStore
from shadowdice.systems import builtin_registry
from tests.benchmarks.floors import collector_as_in_the_app, compare
from tests.benchmarks.windows import benchmark_window
from tests.campaign import PARTY, save_party

FEW = 10
MOST_S = 1.5
MOST_PER_CHARACTER_S = 0.010


@pytest.fixture
def window(qtbot, tmp_path):
    return benchmark_window(qtbot, tmp_path / "home")


@pytest.fixture(scope="module")
def campaign(tmp_path_factory) -> list:
    """The party of :mod:`tests.campaign`, saved once for the module."""
    return save_party(tmp_path_factory.mktemp("campaign"))


def close_all(window) -> None:
    """Close every character, and delete what closing left to the event loop to delete."""
    while window.tabs.count():
        window.close_document(window.tabs.count() - 1)
    QApplication.processEvents()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    gc.collect()


def opening(window, paths):
    def subject() -> None:
        window.open_paths(paths)
        QApplication.processEvents()

    return subject


def loading(paths):
    registry = builtin_registry()

    def floor() -> None:
        for path in paths:
            load_character(path, registry)

    return floor


@pytest.mark.benchmark(group="party")
def test_opening_a_hundred_characters_at_once(benchmark, window, campaign, monkeypatch):
    # Given a hundred saved characters, and the settings writes counted
    writes = []
    save = SettingsStore.save
    monkeypatch.setattr(
        SettingsStore, "save", lambda store, settings: (writes.append(1), save(store, settings))
    )

    # When they are opened at once, alternately with loading the same files (the floor)
    with collector_as_in_the_app():
        comparison = compare(
            benchmark,
            opening(window, campaign),
            loading(campaign),
            rounds=5,
            warmup_rounds=1,
            between=lambda: (close_all(window), writes.clear()),
        )

    # Then all hundred are open, the last shown, within the time; the settings written once
    names = [document.title for document in window.documents()]
    assert len(names) == PARTY and names[-1].endswith(f"{PARTY - 1:03d}")
    print(f"opening {PARTY} characters: {comparison.describe()}")
    assert comparison.subject_s <= MOST_S, comparison.describe()
    assert len(writes) == 1


@pytest.mark.benchmark(group="party")
def test_opening_grows_linearly(benchmark, window, campaign):
    # Given the time to open 10 and 100 characters at once, each median of five
    def median_open(paths) -> float:
        times = []
        for _ in range(5):
            close_all(window)
            started = time.perf_counter()
            opening(window, paths)()
            times.append(time.perf_counter() - started)
        return statistics.median(times)

    with collector_as_in_the_app():
        few, many = benchmark.pedantic(
            lambda: (median_open(campaign[:FEW]), median_open(campaign)), rounds=1
        )

    # Then each character beyond the first ten adds at most 10 ms
    per_character = (many - few) / (PARTY - FEW)
    benchmark.extra_info.update(
        few_ms=round(few * 1e3, 1),
        many_ms=round(many * 1e3, 1),
        per_character_ms=round(per_character * 1e3, 2),
    )
    print(
        f"opening {FEW}: {few * 1e3:.0f} ms, {PARTY}: {many * 1e3:.0f} ms, "
        f"{per_character * 1e3:.2f} ms per further character"
    )
    assert per_character <= MOST_PER_CHARACTER_S
