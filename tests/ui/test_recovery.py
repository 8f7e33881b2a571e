"""Recovery through the window: unsaved characters written aside, offered back after a crash,
and an unexpected error shown in a dialog instead of only on stderr.
"""

from __future__ import annotations

import sys

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication

from shadowdice.storage.character_file import load_character, save_character
from shadowdice.systems import builtin_registry
from shadowdice.ui.main_window import MainWindow
from tests.ui.window_helpers import SETTLE_MS, choose


def recovery_files(app_paths) -> list:
    return sorted(app_paths.recovery_dir.glob("*/*.recovery"))


@pytest.fixture
def open_window(make_window):
    """Start a main window as the app does (autosave after 50 ms instead of seconds)."""

    def start() -> MainWindow:
        return make_window(animation_ms=0, autosave_ms=50)

    return start


@pytest.fixture
def kira(app_paths):
    """Kira, saved in the characters folder."""
    registry = builtin_registry()
    system = registry.get("shadowrun4")
    path = app_paths.characters_dir / "kira.shadowdice"
    path.parent.mkdir(parents=True)
    save_character(path, system, system.new_sheet().model_copy(update={"name": "Kira"}))
    return path


def edit_name(qtbot, window, text: str) -> None:
    qtbot.keyClicks(window.current_editor().field_widget("name"), text)


def test_given_an_unsaved_edit_then_it_is_written_aside_soon_and_gone_after_saving(
    qtbot, open_window, app_paths, kira
):
    window = open_window()
    document = window.open_path(kira)
    assert recovery_files(app_paths) == []

    edit_name(qtbot, window, " Voss")
    qtbot.waitUntil(lambda: len(recovery_files(app_paths)) == 1, timeout=SETTLE_MS)
    window.autosave.flush()
    assert "Kira Voss" in recovery_files(app_paths)[0].read_text(encoding="utf-8")
    assert load_character(kira, window.registry).sheet.name == "Kira", "the file is untouched"

    assert window.save(document)
    window.autosave.flush()
    assert recovery_files(app_paths) == []


def test_given_a_finished_roll_that_spent_edge_then_it_is_written_aside_at_once(
    qtbot, make_window, dice, app_paths
):
    window = make_window()  # autosave after the usual delay: only the roll can write it now
    document = window.new_character()
    choose(window.check_panel.widget("attribute"), "Agility")
    choose(window.check_panel.widget("edge"), "before")
    dice.extend([2] * 6)

    window.check_panel.roll_button.click()
    window.roll_panel.finish()
    window.autosave.flush()

    files = recovery_files(app_paths)
    assert len(files) == 1
    assert f'"edge_current": {document.sheet.edge_current}' in files[0].read_text()


def test_given_changes_discarded_when_quitting_then_no_recovery_is_left(
    qtbot, open_window, app_paths, kira
):
    window = open_window()
    window.open_path(kira)
    edit_name(qtbot, window, " Voss")
    window.save_recovery_now()
    assert len(recovery_files(app_paths)) == 1

    window.close()  # the prompts answer Discard

    assert list(app_paths.recovery_dir.iterdir()) == []


def test_given_a_character_closed_unsaved_then_its_recovery_file_goes(
    qtbot, open_window, app_paths, kira
):
    window = open_window()
    window.open_path(kira)
    edit_name(qtbot, window, " Voss")
    window.save_recovery_now()

    assert window.close_current()
    window.autosave.flush()

    assert recovery_files(app_paths) == []


def crashed_run(qtbot, open_window, kira) -> MainWindow:
    """A run that edited Kira and a new character, then ended without a word."""
    window = open_window()
    window.open_path(kira)
    edit_name(qtbot, window, " Voss")
    window.new_character()
    edit_name(qtbot, window, "Ash")
    window.autosave.close(keep=True)  # what is left when the process dies: files, no lock
    return window


def test_given_a_crashed_run_when_started_again_then_each_character_is_offered(
    qtbot, open_window, app_paths, kira
):
    crashed_run(qtbot, open_window, kira)

    window = open_window()
    dialog = window.offer_recovery()

    assert dialog is not None and dialog.isVisible()
    rows = [
        [dialog.list.topLevelItem(row).text(column) for column in (0, 2)]
        for row in range(dialog.list.topLevelItemCount())
    ]
    assert sorted(rows) == [["Ash", "never saved"], ["Kira Voss", str(kira)]]
    assert all(dialog.list.topLevelItem(row).text(1) for row in range(2)), "when"


def test_given_a_crashed_run_when_restored_then_the_characters_open_changed_and_files_stay(
    qtbot, open_window, app_paths, kira
):
    crashed_run(qtbot, open_window, kira)
    window = open_window()
    dialog = window.offer_recovery()

    dialog.restore_button.click()

    assert not dialog.isVisible()
    shown = sorted((d.title, d.modified, d.path) for d in window.documents())
    assert shown == [("Ash", True, None), ("Kira Voss", True, kira)]
    assert load_character(kira, window.registry).sheet.name == "Kira"
    window.autosave.flush()
    assert len(recovery_files(app_paths)) == 2, "kept by the new run, until saved"
    assert {path.parent for path in recovery_files(app_paths)} == {window.autosave.folder}

    kira_document = next(d for d in window.documents() if d.path == kira)
    assert window.save(kira_document)
    window.autosave.flush()
    assert load_character(kira, window.registry).sheet.name == "Kira Voss"
    assert len(recovery_files(app_paths)) == 1


def test_given_a_crashed_run_when_discarded_then_nothing_is_offered_again(
    qtbot, open_window, app_paths, kira
):
    crashed_run(qtbot, open_window, kira)
    window = open_window()
    dialog = window.offer_recovery()

    dialog.discard_button.click()

    assert window.documents() == []
    assert recovery_files(app_paths) == []
    assert open_window().offer_recovery() is None
    assert load_character(kira, window.registry).sheet.name == "Kira"


def test_given_decide_later_then_the_characters_are_offered_at_the_next_start(
    qtbot, open_window, app_paths, kira
):
    crashed_run(qtbot, open_window, kira)

    open_window().offer_recovery().later_button.click()

    assert open_window().offer_recovery().list.topLevelItemCount() == 2


def test_given_another_shadowdice_running_then_its_characters_are_not_offered(
    qtbot, open_window, app_paths, kira
):
    running = open_window()
    running.open_path(kira)
    edit_name(qtbot, running, " Voss")
    running.save_recovery_now()

    assert open_window().offer_recovery() is None
    assert len(recovery_files(app_paths)) == 1


# --- an unexpected error -------------------------------------------------------------------


def fail_in_a_slot(qtbot) -> None:
    """Raise an error from a slot that Qt calls, as a bug in a widget would."""

    def broken() -> None:
        raise RuntimeError("the tray lost a die")

    QTimer.singleShot(0, broken)
    qtbot.wait(20)


@pytest.mark.qt_no_exception_capture
def test_given_an_unexpected_error_then_a_dialog_shows_a_copyable_report_and_work_goes_on(
    qtbot, open_window, app_paths, kira, monkeypatch
):
    window = open_window()
    window.open_path(kira)
    edit_name(qtbot, window, " Voss")
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    window.crash_reporter.install()

    fail_in_a_slot(qtbot)

    dialog = window.crash_reporter.dialog
    assert dialog is not None and dialog.isVisible()
    assert "RuntimeError: the tray lost a die" in dialog.text.toPlainText()
    assert "Traceback" in dialog.text.toPlainText()
    assert len(recovery_files(app_paths)) == 1, "the unsaved changes were written aside"
    dialog.copy_button.click()
    assert QGuiApplication.clipboard().text() == dialog.report

    dialog.keep_button.click()
    assert window.isVisible()
    edit_name(qtbot, window, "!")
    assert window.current_document().sheet.name == "Kira Voss!"
    window.crash_reporter.uninstall()


@pytest.mark.qt_no_exception_capture
def test_given_an_unexpected_error_when_quitting_then_the_characters_come_back_next_time(
    qtbot, open_window, app_paths, kira, monkeypatch, prompts
):
    window = open_window()
    window.open_path(kira)
    edit_name(qtbot, window, " Voss")
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    window.crash_reporter.install()
    fail_in_a_slot(qtbot)

    window.crash_reporter.dialog.quit_button.click()
    window.crash_reporter.uninstall()

    assert not window.isVisible()
    assert prompts.asked_save_changes == [], "quitting after an error asks nothing"
    dialog = open_window().offer_recovery()
    assert [dialog.list.topLevelItem(0).text(0)] == ["Kira Voss"]
    QApplication.processEvents()
