"""Autosave of 10 changed characters: what it costs the UI thread.

Target: at most 20 ms on the UI thread for 10 open characters with unsaved changes (a game
master's evening: two of each system and more), so that writing them aside after every roll
never makes the tray stutter. Only the snapshot is taken on the UI thread; the files are
written on the autosave's own thread, which is waited for outside the clock.

The floor, timed alternately with the autosave in the same rounds (``floors.compare``), is
the least any snapshot needs: dumping the 10 sheets to JSON text. The autosave may cost at
most three times the floor (the recovery file's header, handing the bytes to the writer).
Before each round, untimed, the writer thread finishes the previous round's files, so the
floor never shares the machine with it.
"""

from __future__ import annotations

import json

import pytest

from tests.benchmarks.floors import compare
from tests.benchmarks.windows import benchmark_window

CHARACTERS = 10
TARGET_S = 0.020
MOST_TIMES_THE_FLOOR = 3.0
ROUNDS = 30

#: Notes as players keep them: a page of text each.
NOTES = "Owes Mr. Johnson a favour. Contact: Fixer »Blue« in the Redmond Barrens. 🎲\n" * 40


@pytest.fixture
def window(qtbot, tmp_path):
    window = benchmark_window(qtbot, tmp_path, size=None)
    systems = list(window.registry)
    for number in range(CHARACTERS):
        system = systems[number % len(systems)]
        index = window.system_selector.findData(system.id)
        window.system_selector.setCurrentIndex(index)
        document = window.new_character()
        document.sheet.name = f"Character {number}"
        document.sheet.notes = NOTES
        document.mark_changed()
    return window


def snapshot_floor(window):
    """The least a snapshot needs: dump the 10 sheets to JSON text."""
    sheets = [document.sheet for document in window.documents()]

    def floor() -> None:
        for sheet in sheets:
            json.dumps(sheet.model_dump(mode="json"), ensure_ascii=False)

    return floor


@pytest.mark.benchmark(group="autosave")
def test_an_autosave_of_10_changed_characters_costs_the_ui_thread_under_20_ms(benchmark, window):
    # Given 10 open characters of every system, each with unsaved changes
    documents = window.documents()
    assert len(documents) == CHARACTERS and all(document.modified for document in documents)

    # When the autosave writes them aside (the writing itself waited for outside the clock)
    comparison = compare(
        benchmark,
        window.autosave.write_now,
        snapshot_floor(window),
        rounds=ROUNDS,
        warmup_rounds=2,
        between=window.autosave.flush,
    )
    window.autosave.flush()

    # Then each character has its recovery file, and the UI thread paid little for it
    files = sorted(window.autosave.folder.glob("*.recovery"))
    assert len(files) == CHARACTERS
    assert all("Character" in path.read_text(encoding="utf-8") for path in files)
    print(f"\nautosave of {CHARACTERS}: {comparison.describe()}")
    assert comparison.subject_s <= TARGET_S
    assert comparison.ratio <= MOST_TIMES_THE_FLOOR, comparison.describe()
