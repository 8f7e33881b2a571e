"""The lasting roll log through the window: rolls survive a restart, undo marks them, a
session exports, one roll copies as text.
"""

from __future__ import annotations

import threading
import time
from datetime import UTC, datetime, timedelta

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QPushButton, QToolButton

from shadowdice.core.record import OutcomeRecord, RollRecord
from shadowdice.core.record_text import record_text
from shadowdice.storage.roll_log import (
    LOG_FORMAT,
    LogReader,
    RollLog,
    entry_line,
    read_session,
    session_files,
)
from shadowdice.ui import main_window
from shadowdice.ui.play import history
from tests.ui.window_helpers import SETTLE_MS, choose, roll_edge_dice, shown_progress, when

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
    (path,) = [path for path in session_files(window.paths.log_dir)]
    session = read_session(path)

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


def earlier_logs(folder, sessions: int, rolls: int, character="Kira") -> list:
    """Logs of earlier sessions, the newest last, each of ``rolls`` rolls; the very first
    roll is ``character``'s, every other Kira's.
    """
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for number in range(sessions):
        started = datetime(2026, 1, 1, 20, tzinfo=UTC) + timedelta(days=7 * number)
        log = RollLog(folder, started=started)
        header = {"format": LOG_FORMAT, "format_version": 1, "started": started.isoformat()}
        lines = [entry_line(header)]
        for roll in range(rolls):
            record = RollRecord(
                system="generic",
                character=character if number == 0 and roll == 0 else "Kira",
                check=f"evening {number} roll {roll}",
                throws=(),
                outcome=OutcomeRecord(headline="7", tone="neutral"),
                time=started + timedelta(minutes=roll),
            )
            entry = {"type": "roll", "id": f"{roll:016x}", "record": record.model_dump(mode="json")}
            lines.append(entry_line(entry))
        log.path.write_bytes(b"".join(lines))
        paths.append(log.path)
    return paths


def test_earlier_evenings_are_read_as_the_history_reaches_them(qtbot, window, app_paths):
    earlier_logs(app_paths.log_dir, sessions=20, rolls=300, character="Ghost")
    window.show()

    window.show_earlier_sessions()

    assert len(window.history_model.records()) <= 300  # the newest evening's end, no more
    assert history_lines(window)[0].endswith("evening 19 roll 299 — 7")
    window.history_filter.setCurrentIndex(window.history_filter.findData("Kira"))
    assert window.history_model.rowCount() > 0
    window.history_model.set_character("Ghost")  # only in the first evening: all are read
    assert history_lines(window) == [line for line in history_lines(window) if "evening 0 " in line]
    assert len(window.history_model.records()) == 20 * 300
    assert window.history_filter.findData("Ghost") > 0


def ghost_far_back(window, app_paths, monkeypatch, *, held: int):
    """Six earlier evenings of 300 rolls: Ghost rolled in the oldest only (and once tonight),
    Kira in all the others. Reading the evening ``held`` waits until the returned event is set.
    """
    logs = earlier_logs(app_paths.log_dir, sessions=6, rolls=300, character="Ghost")
    release = threading.Event()
    waits = []

    class HeldReader(LogReader):
        def batches(self):
            if self.path == logs[held]:
                on_the_window_thread = threading.current_thread() is threading.main_thread()
                waits.append(on_the_window_thread)
                if not on_the_window_thread:  # there, holding would hold the test too
                    release.wait(timeout=SETTLE_MS / 1000)
            yield from super().batches()

    monkeypatch.setattr(history, "LogReader", HeldReader)
    window.show()
    window.show_earlier_sessions()
    window.history_model.add(
        RollRecord(
            system="generic",
            character="Ghost",
            check="tonight",
            throws=(),
            outcome=OutcomeRecord(headline="7", tone="neutral"),
            time=datetime.now(UTC),
        )
    )
    return release, waits


def cancel_button(window) -> QPushButton:
    return shown_progress(window).findChild(QPushButton)


def test_choosing_a_character_whose_rolls_lie_far_back_reads_them_while_the_window_goes_on(
    qtbot, window, app_paths, monkeypatch
):
    # Given Ghost's rolls behind five evenings of Kira's, the reading of one of them slow
    release, waits = ghost_far_back(window, app_paths, monkeypatch, held=2)
    ticks, shown = [], []
    ticker = QTimer(window)
    ticker.timeout.connect(lambda: ticks.append(1))
    ticker.start(10)

    def seen() -> None:  # the reading goes on only once the window's own events went on
        shown.append(True)
        release.set()

    when(window, lambda: shown_progress(window) and len(ticks) >= 5, seen)

    # When the history's filter chooses Ghost
    window.history_filter.setCurrentIndex(window.history_filter.findData("Ghost"))

    # Then the evenings were read off the window's thread, the window went on with a progress
    # dialog up, and Ghost's rolls arrived, tonight's first
    assert waits == [False]
    assert shown == [True]
    lines = history_lines(window)
    assert len(lines) == 2 and "tonight" in lines[0] and "evening 0 roll 0 " in lines[1]
    assert shown_progress(window) is None


def test_reading_far_back_for_a_character_can_be_cancelled_and_goes_on_when_scrolled(
    qtbot, window, app_paths, monkeypatch
):
    # Given Ghost's rolls behind five evenings of Kira's, the reading of the fourth held
    release, _waits = ghost_far_back(window, app_paths, monkeypatch, held=3)
    model = window.history_model

    def cancel() -> None:
        cancel_button(window).click()
        release.set()

    when(window, lambda: shown_progress(window), cancel)

    # When Ghost is chosen, and the reading cancelled
    window.history_filter.setCurrentIndex(window.history_filter.findData("Ghost"))

    # Then it stopped: tonight's roll is shown, the oldest evening is not read yet
    assert len(history_lines(window)) == 1 and "tonight" in history_lines(window)[0]
    assert model.can_show_more()
    assert len(model.records()) < 6 * 300

    # When the history is scrolled to its end, the reading goes on where it stopped
    model.show_more()

    # Then Ghost's roll of the oldest evening arrives, and every roll was read once
    assert "evening 0 roll 0 " in history_lines(window)[1]
    assert len(model.records()) == 6 * 300 + 1
    assert len({id(record) for record in model.records()}) == 6 * 300 + 1


def test_a_damaged_or_foreign_log_is_told_in_the_window_by_name_and_the_rest_is_read(
    qtbot, window, app_paths
):
    damaged, foreign = earlier_logs(app_paths.log_dir, sessions=2, rolls=3)
    with damaged.open("ab") as file:
        file.write(b"{not json\n")
    foreign.write_text('{"hello": "world"}\n')
    window.show()

    window.show_earlier_sessions()

    notices = window.notices.notices()
    assert window.notices.isVisible()
    assert any(foreign.name in notice and "not in the history" in notice for notice in notices)
    assert any(damaged.name in notice and "1 line" in notice for notice in notices)
    assert len(history_lines(window)) == 3


def test_an_export_runs_off_the_window_and_cancelled_leaves_the_file_as_it_was(
    qtbot, window, prompts, app_paths, tmp_path, monkeypatch
):
    earlier_logs(app_paths.log_dir, sessions=1, rolls=20)
    target = tmp_path / "evening.md"
    target.write_text("the diary as it was")
    ticks = []
    ticker = QTimer(window)
    ticker.timeout.connect(lambda: ticks.append(1))
    ticker.start(10)
    real_export = main_window.export_session

    def slow_export(session, path, progress, *rest):  # reports as it goes, until cancelled
        deadline = time.monotonic() + SETTLE_MS / 1000
        while time.monotonic() < deadline:
            progress(1, 1000)
            time.sleep(0.002)
        return real_export(session, path, progress, *rest)

    monkeypatch.setattr(main_window, "export_session", slow_export)
    when(window, lambda: shown_progress(window), lambda: cancel_button(window).click())
    prompts.choice_answers.append(0)
    prompts.export_answers.append(target)

    assert window.export_rolls() is None

    assert target.read_text() == "the diary as it was"
    assert sorted(path.name for path in tmp_path.iterdir() if path.name.endswith(".tmp")) == []
    assert "Export cancelled" in window.statusBar().currentMessage()
    assert len(ticks) >= 5  # the window went on meanwhile (its timer, not only the click)

    prompts.choice_answers.append(0)
    prompts.export_answers.append(target)
    monkeypatch.setattr(main_window, "export_session", real_export)
    assert window.export_rolls() == target
    assert target.read_text().count("evening 0 roll") == 20


def roll_secretly(window, dice) -> None:
    window.check_panel.secret_box.setChecked(True)
    roll_plain(window, dice)
    window.check_panel.secret_box.setChecked(False)


def test_an_export_asks_whether_to_leave_out_secret_rolls_left_out_of_markdown_by_default(
    qtbot, window, dice, prompts, tmp_path
):
    # Given a public roll and a secret one
    window.new_character()
    roll_plain(window, dice)
    roll_secretly(window, dice)

    # When the session is exported as Markdown and the question answered as Enter does
    prompts.choice_answers.append(0)
    prompts.export_answers.append(tmp_path / "forum.md")
    window.export_rolls()

    # Then it was asked about secret rolls, leaving them out by default
    assert prompts.asked_leave_out == [True]
    text = (tmp_path / "forum.md").read_text(encoding="utf-8")
    assert text.count("Agility — ") == 1 and "Secret" not in text
    assert "Exported 1 roll to" in window.statusBar().currentMessage()

    # When exported as CSV, it is asked again, keeping the roll by default, marked secret
    prompts.choice_answers.append(0)
    prompts.export_answers.append(tmp_path / "sheet.csv")
    window.export_rolls()
    assert prompts.asked_leave_out[-1] is False
    rows = (tmp_path / "sheet.csv").read_text(encoding="utf-8").splitlines()
    assert len(rows) == 3 and rows[2].endswith(",secret") and not rows[1].endswith("secret")

    # When the question is cancelled, nothing is written
    prompts.choice_answers.append(0)
    prompts.export_answers.append(tmp_path / "cancelled.json")
    prompts.leave_out_answers.append(None)
    assert window.export_rolls() is None
    assert not (tmp_path / "cancelled.json").exists()


def test_a_secret_roll_copied_as_text_says_it_is_secret(qtbot, window, dice):
    window.new_character()
    roll_secretly(window, dice)
    roll_plain(window, dice)

    window.history.selectAll()
    qtbot.keyClick(window.history, Qt.Key.Key_C, CTRL)

    public, secret = QGuiApplication.clipboard().text().split("\n\n")
    assert secret.startswith("Secret: ") and "Agility" in secret
    assert not public.startswith("Secret") and "(revealed)" not in public
