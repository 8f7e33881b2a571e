"""The table window read across a room, and secret rolls the game master cannot forget: its
letters grow with it, it shows the current state whenever it opens, newest first, marks
undone and revealed rolls, takes the game master's keys, closes with the app, and switches
language whole.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontInfo
from PySide6.QtWidgets import QApplication, QLabel

from shadowdice.ui.language import switch
from tests.ui.test_table_window import runner
from tests.ui.window_helpers import SETTLE_MS, headline

CTRL = Qt.KeyboardModifier.ControlModifier


def roll(qtbot, window, faces, *, secret=False):
    window.check_panel.secret_box.setChecked(secret)
    window.dice_source.extend(faces)
    qtbot.keyClick(window, Qt.Key.Key_R, CTRL)
    qtbot.waitUntil(window.roll_panel.done_button.isEnabled, timeout=SETTLE_MS)


def done(qtbot, window):
    qtbot.keyClick(window, Qt.Key.Key_Return, CTRL)


def test_at_1920_by_1080_the_words_are_read_across_a_room(qtbot, window):
    table = window.game_table.open_table_window()
    table.resize(1920, 1080)
    qtbot.waitUntil(lambda: table.height() == 1080)
    assert QFontInfo(table.headline.font()).pixelSize() >= 0.06 * 1080
    for part in (table.detail, table.history):
        assert QFontInfo(part.font()).pixelSize() >= 0.025 * 1080
    small = QFontInfo(table.headline.font()).pixelSize()
    table.resize(1024, 640)
    qtbot.waitUntil(lambda: table.height() == 640)
    assert QFontInfo(table.headline.font()).pixelSize() < small, "the letters follow the window"


def test_opened_late_it_shows_the_last_roll_and_the_history_newest_first(qtbot, window):
    runner(window, "Kira")
    roll(qtbot, window, [5, 2, 2, 2, 2, 1])
    done(qtbot, window)
    roll(qtbot, window, [5, 5, 5, 2, 2, 1])
    last = headline(window)

    # When the table window opens after the rolls
    table = window.game_table.open_table_window()

    # Then it shows the last roll, not "Ready to roll", and the newest roll on top
    assert table.headline.text() == last == "3 hits - success"
    assert len(table.tray.die_items()) == 6
    done(qtbot, window)
    lines = [table.history_model.index(r, 0).data() for r in range(2)]
    assert "3 hits" in lines[0] and "1 hit " in lines[1]

    # When it is closed, a roll is made, and it is opened again: it shows that roll
    table.close()
    roll(qtbot, window, [1, 1, 1, 1, 1, 2])
    reopened = window.game_table.open_table_window()
    assert reopened is table and table.headline.text() == headline(window)
    assert table.history_model.rowCount() == 2


def test_an_undone_roll_is_marked_on_the_table(qtbot, window):
    runner(window, "Kira")
    table = window.game_table.open_table_window()
    roll(qtbot, window, [2, 2, 2, 2, 2, 2])
    window.dice_source.extend([5, 5, 5])
    qtbot.keyClick(window, Qt.Key.Key_1, CTRL)  # Edge: spends a point
    qtbot.waitUntil(window.roll_panel.done_button.isEnabled, timeout=SETTLE_MS)
    done(qtbot, window)
    qtbot.keyClick(window, Qt.Key.Key_Z, CTRL)
    item = table.history_model.item(0)
    assert item.text().endswith("(undone)") and item.font().strikeOut()
    qtbot.keyClick(window, Qt.Key.Key_Z, CTRL | Qt.KeyboardModifier.ShiftModifier)
    assert not table.history_model.item(0).text().endswith("(undone)")


def test_the_game_masters_keys_work_while_the_table_window_has_the_focus(qtbot, window):
    runner(window, "Kira")
    table = window.game_table.open_table_window()
    table.activateWindow()  # clicked into, for F11
    qtbot.waitUntil(lambda: QApplication.activeWindow() is table)
    window.dice_source.extend([5, 5, 5, 5, 5, 5])
    qtbot.keyClick(table, Qt.Key.Key_R, CTRL)
    qtbot.waitUntil(window.roll_panel.done_button.isEnabled, timeout=SETTLE_MS)
    window.dice_source.extend([5] * 3)
    qtbot.keyClick(table, Qt.Key.Key_1, CTRL)  # the roll panel's follow-up key
    qtbot.waitUntil(lambda: bool(window.roll_panel.session.taken), timeout=SETTLE_MS)
    qtbot.keyClick(table, Qt.Key.Key_Return, CTRL)
    qtbot.waitUntil(lambda: window.history_model.rowCount() == 1, timeout=SETTLE_MS)


def test_quitting_closes_the_table_window(qtbot, window):
    table = window.game_table.open_table_window()
    qtbot.waitExposed(table)
    qtbot.keyClick(window, Qt.Key.Key_Q, CTRL)
    qtbot.waitUntil(lambda: not table.isVisible(), timeout=2000)
    assert not table.testAttribute(Qt.WidgetAttribute.WA_QuitOnClose)


def test_nothing_on_the_table_stays_english_after_switching_to_german(qtbot, window):
    runner(window, "Kira")
    table = window.game_table.open_table_window()
    roll(qtbot, window, [5, 5, 2, 2, 2, 1])
    try:
        switch("de")
        texts = [label.text() for label in table.findChildren(QLabel)]
        assert "Vollbild (F11) auf:" in texts
        assert "Erfolg" in table.headline.text()
        for tray in (table.tray, window.roll_panel.tray):
            tips = [item.toolTip() for item in tray.die_items()]
            assert tips and not any("hit" in tip or "miss" in tip for tip in tips), tips
    finally:
        switch("en")


def test_a_secret_roll_says_so_to_the_game_master_and_is_for_one_roll(qtbot, window):
    runner(window, "Kira")
    roll(qtbot, window, [5, 5, 2, 2, 2, 1], secret=True)
    panel = window.roll_panel
    assert panel.secret_banner.isVisible() and "Secret roll" in panel.secret_banner.text()
    assert headline(window) == "Secret: 2 hits - success"
    # Roll secretly was for this roll: the next is public unless the setting keeps it on
    assert not window.check_panel.secret_box.isChecked()
    done(qtbot, window)
    roll(qtbot, window, [5, 5, 2, 2, 2, 1])
    assert not panel.secret_banner.isVisible() and headline(window) == "2 hits - success"
    done(qtbot, window)

    window.files.update_settings(keep_secret_on=True)
    roll(qtbot, window, [5, 5, 2, 2, 2, 1], secret=True)
    done(qtbot, window)
    assert window.check_panel.secret_box.isChecked(), "kept on for the next roll"
    roll(qtbot, window, [5, 5, 2, 2, 2, 1], secret=True)
    assert window.roll_panel.session.secret


def test_the_outcome_and_the_history_lie_apart_on_the_dark_table(qtbot, window):
    runner(window, "Kira")
    table = window.game_table.open_table_window()
    table.resize(1366, 768)
    qtbot.waitUntil(lambda: table.height() == 768)
    roll(qtbot, window, [5, 5, 2, 2, 2, 1])
    done(qtbot, window)
    qtbot.wait(50)

    # The detail line has the height its words need, and nothing is drawn over it
    detail, history = table.detail.geometry(), table.history.geometry()
    assert detail.height() >= table.detail.heightForWidth(detail.width())
    assert detail.bottom() < history.top() and table.headline.geometry().bottom() < detail.top()
    # The history is dark like the rest of the table, with light words
    image = table.grab().toImage()
    ground = image.pixelColor(history.center().x(), history.bottom() - 5)
    assert ground.lightness() < 60, ground.name()
