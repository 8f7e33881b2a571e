"""Files that used to freeze or surprise the window: long notes, pipes, read-only files."""

from __future__ import annotations

import json
import os
import sys
import threading
import time

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QTextOption
from PySide6.QtWidgets import QPushButton

from shadowdice.core.sheet import MAX_LINE_LENGTH, MAX_TEXT_LENGTH
from shadowdice.storage.character_file import load_character, save_character
from shadowdice.systems import builtin_registry
from shadowdice.ui import character_files
from tests.ui.window_helpers import SETTLE_MS, shown_progress, when

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="POSIX pipes and permissions")

#: Text laid out as players and other programs write it: one line, words, many short lines.
LAYOUTS = {
    "one line": "x" * MAX_TEXT_LENGTH,
    "words": ("Kira " * MAX_TEXT_LENGTH)[:MAX_TEXT_LENGTH],
    "short lines": ("ab\n" * MAX_TEXT_LENGTH)[:MAX_TEXT_LENGTH],
}


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("system_id", [system.id for system in builtin_registry()])
def test_given_notes_at_the_limit_in_any_layout_then_the_character_opens_with_them_whole(
    qtbot, window, tmp_path, system_id, layout
):
    """How fast such notes lay out is a benchmark (``tests/benchmarks/test_long_notes.py``)."""
    system = window.registry.get(system_id)
    sheet = system.new_sheet().model_copy(update={"notes": LAYOUTS[layout], "name": "Kira"})
    path = tmp_path / "kira.shadowdice"
    save_character(path, system, sheet)

    document = window.open_path(path)
    window.toggle_play_edit()  # the sheet as the player edits it, laid out and painted
    notes = window.current_editor().field_widget("notes")
    qtbot.waitUntil(notes.isVisible)

    assert document is not None and document.sheet.notes == LAYOUTS[layout]
    assert notes.toPlainText() == LAYOUTS[layout]


def test_given_notes_at_the_limit_when_one_more_key_is_typed_then_the_limit_is_named(qtbot, window):
    document = window.new_character()
    notes = window.current_editor().field_widget("notes")
    notes.setPlainText("x" * MAX_TEXT_LENGTH)
    assert len(document.sheet.notes) == MAX_TEXT_LENGTH

    notes.moveCursor(notes.textCursor().MoveOperation.End)
    qtbot.keyClick(notes, Qt.Key.Key_Y)

    problem = window.current_editor().problem.text()
    assert problem == "Notes can hold at most 100,000 characters; the rest was not taken"
    assert document.sheet.notes == "x" * MAX_TEXT_LENGTH
    assert notes.toPlainText() == document.sheet.notes


def test_given_a_file_with_text_beyond_the_limit_then_opening_names_the_limit(
    window, prompts, tmp_path
):
    system = window.registry.get("shadowrun4")
    path = tmp_path / "kira.shadowdice"
    save_character(path, system, system.new_sheet())
    path.write_text(path.read_text().replace('"notes": ""', f'"notes": "{"x" * 100_001}"'))

    assert window.open_path(path) is None

    assert "notes" in prompts.errors[-1][1]
    assert "100000 characters" in prompts.errors[-1][1]


@posix_only
def test_given_a_pipe_named_like_a_character_file_then_the_window_refuses_it_at_once(
    window, prompts, tmp_path
):
    pipe = tmp_path / "kira.shadowdice"
    os.mkfifo(pipe)

    assert window.open_path(pipe) is None

    assert prompts.errors == [
        (
            "Cannot open character",
            "Cannot open kira.shadowdice: it is not a regular file (a pipe, a device or a socket)",
        )
    ]


@posix_only
def test_given_a_read_only_file_then_saving_asks_and_no_keeps_it(qtbot, window, prompts, tmp_path):
    path = tmp_path / "kira.shadowdice"
    system = window.registry.get("shadowrun4")
    save_character(path, system, system.new_sheet().model_copy(update={"name": "Kira"}))
    path.chmod(0o444)
    document = window.open_path(path)
    qtbot.keyClicks(window.current_editor().field_widget("name"), " Voss")

    prompts.yes_no_answers.append(False)
    assert not window.save(document)
    assert "kira.shadowdice is read-only" in prompts.asked_yes_no[-1]
    assert load_character(path, window.registry).sheet.name == "Kira"
    assert document.modified

    prompts.yes_no_answers.append(True)
    assert window.save(document)
    assert load_character(path, window.registry).sheet.name == "Kira Voss"
    assert not document.modified and prompts.errors == []
    path.chmod(0o644)


def test_a_long_unbroken_line_of_notes_is_laid_out_as_one_line_not_broken_anywhere(
    qtbot, window, tmp_path
):
    """Qt's fallback of breaking a word anywhere laid out one long unbroken line in quadratic
    time (seconds for 100,000 characters): notes wrap at word boundaries only, so such a line
    stays one line, laid out in one pass, while words still wrap.
    """
    system = window.registry.get("heldenhandbuch")
    lines = {}
    for layout in ("one line", "words"):
        path = tmp_path / f"{layout}.shadowdice"
        sheet = system.new_sheet().model_copy(update={"notes": LAYOUTS[layout]})
        save_character(path, system, sheet)
        window.open_path(path)
        window.toggle_play_edit()  # the sheet as the player edits it
        notes = window.current_editor().field_widget("notes")
        qtbot.waitUntil(notes.isVisible)
        block = notes.document().firstBlock()
        qtbot.waitUntil(lambda block=block: block.layout().lineCount() > 0)
        assert notes.toPlainText() == LAYOUTS[layout]
        assert notes.wordWrapMode() == QTextOption.WrapMode.WordWrap
        lines[layout] = block.layout().lineCount()

    # The unbroken line is not cut into pieces; words wrap as they should
    assert lines["one line"] == 1, lines
    assert lines["words"] > 100, lines


def test_given_a_name_and_cells_at_their_limit_then_the_character_opens_with_them_whole(
    qtbot, window, tmp_path
):
    """A name of 100,000 characters took the window seconds to lay out: names and cells hold
    at most MAX_LINE_LENGTH characters, and a file with both at that limit opens.
    """
    system = window.registry.get("shadowrun4")
    sheet = system.new_sheet().model_copy(update={"name": "N" * MAX_LINE_LENGTH})
    sheet.skills[0].name = "S" * MAX_LINE_LENGTH
    path = tmp_path / "long.shadowdice"
    save_character(path, system, sheet)

    document = window.open_path(path)
    qtbot.wait(1)

    assert document.sheet.name == "N" * MAX_LINE_LENGTH
    assert document.sheet.skills[0].name == "S" * MAX_LINE_LENGTH


def test_given_a_name_at_its_limit_when_one_more_key_is_typed_then_the_limit_is_named(
    qtbot, window
):
    document = window.new_character()
    name = window.current_editor().field_widget("name")
    qtbot.keyClicks(name, "x")
    name.setText("x" * MAX_LINE_LENGTH)
    name.textEdited.emit(name.text())
    assert len(document.sheet.name) == MAX_LINE_LENGTH

    qtbot.keyClick(name, Qt.Key.Key_Y)

    assert window.current_editor().problem.text() == (
        "Name can hold at most 1,000 characters; the rest was not taken"
    )
    assert document.sheet.name == "x" * MAX_LINE_LENGTH


def hostile_files(folder):
    """Files that crashed or froze the window: each made here, with its name."""
    template = {
        "format": "shadowdice-character",
        "format_version": 1,
        "system": "shadowrun4",
        "sheet_version": 1,
        "sheet": {"name": "Kira"},
    }
    files = {
        "damage past the monitor": {**template, "sheet": {"physical_damage": 11}},
        "damage of 2^31": {**template, "sheet": {"stun_damage": 2**31}},
        "damage of 2^63": {**template, "sheet": {"physical_damage": 2**63}},
        "damage of 10^400": {**template, "sheet": {"physical_damage": 10**400}},
        "true for a number": {**template, "sheet": {"edge_current": True}},
        "a long system": {**template, "system": "A" * 1_500_000},
        "a huge format": {**template, "format_version": 10**400},
    }
    paths = {}
    for name, document in files.items():
        path = folder / f"{name}.shadowdice"
        path.write_text(json.dumps(document), encoding="utf-8")
        paths[name] = path
    if sys.platform != "win32":
        loop = folder / "loop.shadowdice"
        loop.symlink_to(folder / "loop-back.shadowdice")
        (folder / "loop-back.shadowdice").symlink_to(loop)
        paths["a loop of links"] = loop
    paths["a file that vanished"] = folder / "gone.shadowdice"
    paths["a folder"] = folder
    return paths


def test_given_hostile_files_through_file_open_then_each_is_refused_in_a_short_message(
    qtbot, window, prompts, tmp_path
):
    folder = tmp_path / "hostile"
    folder.mkdir()
    for name, path in hostile_files(folder).items():
        # When the player picks it in File > Open
        prompts.open_answers.append(path)
        window.open_action.trigger()
        qtbot.wait(1)
        # Then no character opens, the refusal is a few hundred characters at most, and
        # the window takes the next file
        assert window.documents() == [], name
        title, message = prompts.errors.pop()
        assert title == "Cannot open character", name
        assert len(message) <= 400, (name, message[:400])


def test_given_a_file_slow_to_read_then_the_window_keeps_running_and_shows_progress(
    qtbot, window, tmp_path, monkeypatch
):
    # Given a character whose reading takes a second (a slow network drive)
    system = window.registry.get("shadowrun4")
    path = tmp_path / "kira.shadowdice"
    save_character(path, system, system.new_sheet().model_copy(update={"name": "Kira"}))
    real_load = character_files.load_character
    looked = threading.Event()

    def slow_load(*arguments):  # read once the test has looked at the window
        looked.wait(SETTLE_MS / 1000)
        return real_load(*arguments)

    monkeypatch.setattr(character_files, "load_character", slow_load)
    ticks: list[float] = []
    ticking = QTimer(interval=50)
    ticking.timeout.connect(lambda: ticks.append(time.perf_counter()))
    ticking.start()
    shown: list[str] = []

    def look_at_progress() -> None:
        shown.append(shown_progress(window).labelText())
        looked.set()

    when(window, lambda: shown_progress(window) and len(ticks) >= 5, look_at_progress)

    # When it is opened
    document = window.open_path(path)
    ticking.stop()

    # Then the window's timers ran meanwhile, a progress bar named the file, and it opened
    assert shown == ["Opening kira.shadowdice…"]
    assert document is not None and document.sheet.name == "Kira"
    assert shown_progress(window) is None


def test_given_a_file_that_never_answers_then_stopping_the_wait_leaves_it_unopened(
    qtbot, window, prompts, tmp_path, monkeypatch
):
    release = threading.Event()

    def hanging_load(*_arguments):
        release.wait(SETTLE_MS / 1000)
        raise AssertionError("never read")

    monkeypatch.setattr(character_files, "load_character", hanging_load)
    when(
        window,
        lambda: shown_progress(window),
        lambda: shown_progress(window).findChild(QPushButton).click(),
    )
    document = window.open_path(tmp_path / "kira.shadowdice")
    release.set()

    assert document is None and window.documents() == [] and prompts.errors == []
    assert window.statusBar().currentMessage() == "Not opened: kira.shadowdice was still being read"
