"""Notes of one long unbroken line, laid out in the sheet editor.

Qt's fallback of breaking a word anywhere laid out a line of 100,000 characters without a
space in quadratic time: seconds, where the same length in words took a tenth of a second. The
notes field wraps at word boundaries only (``tests/ui/test_file_safety.py`` checks that without
a clock); this benchmark times what a player waits for.

Target: putting 100,000 characters of one unbroken line into the notes of the sheet shown, and
laying them out, takes at most 3 times the same with 100,000 characters of words (the floor),
timed alternately in the same run.
"""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from shadowdice.core.sheet import MAX_TEXT_LENGTH
from tests.benchmarks.floors import compare
from tests.benchmarks.test_open_party import window  # noqa: F401

ONE_LINE = "x" * MAX_TEXT_LENGTH
WORDS = ("Kira " * MAX_TEXT_LENGTH)[:MAX_TEXT_LENGTH]
TARGET_RATIO = 3.0


@pytest.fixture
def notes(qtbot, window):  # noqa: F811
    """The notes field of a new Heldenhandbuch character's sheet, shown in a window."""
    window.new_character_of("heldenhandbuch")
    if window.current_page().mode == window.current_page().PLAY:
        window.toggle_play_edit()  # the sheet as the player edits it
    field = window.current_editor().field_widget("notes")
    qtbot.waitUntil(field.isVisible)
    return field


def laying_out(notes, text):
    def lay_out() -> None:
        notes.setPlainText(text)
        notes.viewport().repaint()
        QApplication.processEvents()

    return lay_out


@pytest.mark.benchmark(group="long notes")
def test_an_unbroken_line_of_notes_lays_out_about_as_fast_as_words(benchmark, notes):
    # Given the notes of the sheet shown
    # When one unbroken line and as many characters of words are put in, alternately
    comparison = compare(benchmark, laying_out(notes, ONE_LINE), laying_out(notes, WORDS), rounds=7)
    print(f"\nunbroken line against words: {comparison.describe()}")

    # Then the unbroken line costs at most a few times the words
    assert notes.toPlainText() == ONE_LINE
    assert comparison.ratio <= TARGET_RATIO, comparison.describe()
