"""The lasting roll log through the window: rolls survive a restart, undo marks them, a
session exports, one roll copies as text.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QToolButton

from shadowdice.core.record_text import record_text
from shadowdice.storage.roll_log import read_session
from tests.ui.window_helpers import choose, roll_edge_dice

CTRL = Qt.KeyboardModifier.ControlModifier


def roll_plain(window, dice) -> None:
    choose(window.check_panel.widget("attribute"), "Agility")
    dice.extend([6, 6, 1])
    window.check_panel.roll_button.click()
    window.roll_panel.finish()


def earlier_session_with_one_roll(make_window, dice) -> None:
    first = make_window()
    first.new_character()
    roll_plain(first, dice)
    first.close()


def history_lines(window) -> list[str]:
    model = window.history_model
    return [model.index(row).data() for row in range(model.rowCount())]


def test_given_rolls_of_an_earlier_session_when_started_again_then_the_history_shows_them(
    qtbot, make_window, dice
):
    # Given a session in which Kira rolled twice, and undid what the second roll spent
    first = make_window()
    first.new_character()
    qtbot.keyClicks(first.current_editor().field_widget("name"), "Kira")
    roll_plain(first, dice)
    roll_edge_dice(qtbot, first, dice)
    qtbot.keyClick(first, Qt.Key.Key_Z, CTRL)
    earlier = history_lines(first)
    assert earlier[0].endswith("(undone)")
    first.close()

    # When the app starts again
    again = make_window()
    assert history_lines(again) == []
    again.show_earlier_sessions()

    # Then the history shows both rolls as they were, the undone one still marked
    assert history_lines(again) == earlier
    assert again.history_model.index(0).data(Qt.ItemDataRole.FontRole).strikeOut()

    # And a roll of this session goes on top of them
    again.new_character()
    roll_plain(again, dice)
    assert history_lines(again)[1:] == earlier


def test_given_a_session_when_exported_as_markdown_then_the_file_holds_its_rolls(
    qtbot, window, dice, prompts, tmp_path
):
    window.new_character()
    roll_plain(window, dice)
    roll_plain(window, dice)
    prompts.choice_answers.append(0)
    prompts.export_answers.append(tmp_path / "evening.md")

    assert window.export_rolls() == tmp_path / "evening.md"

    assert prompts.offered_choices == [["This session (2 rolls)"]]
    text = (tmp_path / "evening.md").read_text(encoding="utf-8")
    assert text.startswith("# Session of ") and "2 rolls" in text
    assert text.count("Agility — ") == 2


def test_given_an_earlier_session_then_it_is_offered_for_export_with_this_one(
    qtbot, make_window, dice, prompts, tmp_path
):
    earlier_session_with_one_roll(make_window, dice)
    window = make_window()
    window.new_character()
    roll_plain(window, dice)
    roll_plain(window, dice)
    prompts.choice_answers.append(1)
    prompts.export_answers.append(tmp_path / "earlier.csv")

    window.export_rolls()

    labels = prompts.offered_choices[0]
    assert labels[0] == "This session (2 rolls)"
    assert labels[1].startswith("Session of ") and labels[1].endswith("(1 roll)")
    assert len((tmp_path / "earlier.csv").read_text().splitlines()) == 2  # header and one roll


def test_with_no_rolls_yet_export_says_so(window, prompts):
    assert window.export_rolls() is None
    assert prompts.offered_choices == []
    assert "No rolls to export yet" in window.statusBar().currentMessage()


def test_one_roll_of_an_earlier_session_copies_as_text(qtbot, make_window, dice):
    earlier_session_with_one_roll(make_window, dice)
    window = make_window()
    window.show_earlier_sessions()
    (session,) = window.earlier_sessions()

    window.history.setCurrentIndex(window.history.model().index(0, 0))
    qtbot.keyClick(window.history, Qt.Key.Key_C, CTRL)

    assert QGuiApplication.clipboard().text() == record_text(session.records[0])


def test_every_finished_roll_is_in_the_log_at_once(qtbot, window, dice):
    window.new_character()
    roll_plain(window, dice)

    session = read_session(window.roll_log.path)

    assert session.records == window.history_model.records()


def test_a_roll_log_that_cannot_be_written_is_told_in_the_window_until_it_can(
    qtbot, window, dice, app_paths
):
    window.show()
    window.new_character()
    app_paths.log_dir.parent.mkdir(parents=True, exist_ok=True)
    app_paths.log_dir.write_text("a file where the log folder should be")

    roll_plain(window, dice)

    assert window.notices.isVisible()
    (notice,) = window.notices.notices()
    assert str(window.roll_log.path) in notice and "not kept for later evenings" in notice
    assert window.history_model.rowCount() == 1  # the roll itself is in the history

    app_paths.log_dir.unlink()
    roll_plain(window, dice)

    assert not window.notices.isVisible()
    assert len(read_session(window.roll_log.path).rolls) == 1


def test_a_recovery_file_that_cannot_be_written_is_told_in_the_window(qtbot, window):
    window.show()
    window.autosave.problem_occurred.emit("Cannot write a recovery file: disk full")

    (notice,) = window.notices.notices()
    assert notice.startswith("Cannot write a recovery file: disk full.")
    assert "they are lost" in notice
    qtbot.mouseClick(window.notices.findChild(QToolButton, "notices_close"), Qt.LeftButton)
    assert not window.notices.isVisible()
