"""The table window and secret rolls through the real main window: the players' window
follows public rolls live; nothing of a secret roll reaches it until it is revealed.
"""

import pytest
from PySide6.QtCore import QAbstractItemModel, QModelIndex, Qt
from PySide6.QtWidgets import QApplication, QGraphicsTextItem, QWidget

from shadowdice.systems.shadowrun4.sheet import ShadowrunSheet
from shadowdice.ui.play.tray.dice_tray import MAX_DIE_SIZE
from shadowdice.ui.table_window import SECRET_NOTICE, TableWindow
from tests.ui.window_helpers import SETTLE_MS, choose, headline, offered

CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier


def runner(window, name, pistols=3):
    sheet = ShadowrunSheet(name=name)
    sheet.skill("Pistols").rating = pistols
    choose(window.system_selector, "shadowrun4")
    document = window.new_character(sheet)
    choose(window.check_panel.widget("skill"), "Pistols")
    return document


def roll(qtbot, window, faces, dice):
    dice.extend(faces)
    qtbot.keyClick(window, Qt.Key.Key_R, CTRL)
    qtbot.waitUntil(lambda: offered(window, "edge_extra_dice"), timeout=SETTLE_MS)


def everything_in(table: TableWindow) -> str:
    """Every text the table window holds: widgets, the tray's scene, every model."""
    texts = [table.windowTitle()]
    for widget in [table, *table.findChildren(QWidget)]:
        for getter in ("text", "toolTip", "accessibleName", "accessibleDescription", "statusTip"):
            value = getattr(widget, getter, None)
            if callable(value):
                texts.append(str(value()))
        if hasattr(widget, "currentText"):
            texts.append(widget.currentText())
    for item in table.tray.scene().items():
        texts.append(item.toolTip())
        if isinstance(item, QGraphicsTextItem):
            texts.append(item.toPlainText())
        if hasattr(item, "die"):
            texts.append(repr(item.die))
    models = set(table.findChildren(QAbstractItemModel))
    models.update(view.model() for view in table.findChildren(QWidget) if hasattr(view, "model"))
    for model in filter(None, models):
        texts.extend(model_texts(model, QModelIndex()))
    return "\n".join(texts)


def model_texts(model, parent):
    for row in range(model.rowCount(parent)):
        for column in range(model.columnCount(parent)):
            index = model.index(row, column, parent)
            for role in range(0, int(Qt.ItemDataRole.UserRole) + 20):
                value = model.data(index, role)
                if value is not None:
                    yield str(value)
            yield from model_texts(model, index)


def test_the_table_window_follows_public_rolls_and_never_shows_a_secret_one(qtbot, window, dice):
    # Given the table window open (Ctrl+T) beside the main window
    runner(window, "Kira")
    qtbot.keyClick(window, Qt.Key.Key_T, CTRL)
    table = window.game_table.table_window
    assert table is not None and table.isVisible() and table.isWindow()

    # When Kira rolls in public: the table's tray shows the same faces, then the outcome
    roll(qtbot, window, [5, 6, 2, 3, 4, 1], dice)
    assert [item.die.faces for item in table.tray.die_items()] == [
        (5,),
        (6,),
        (2,),
        (3,),
        (4,),
        (1,),
    ]
    assert table.headline.text() == headline(window) == "2 hits - success"
    qtbot.keyClick(window, Qt.Key.Key_Return, CTRL)
    assert table.history_model.rowCount() == 1

    # When the game master rolls Mordecai secretly (Ctrl+Shift+R), with Edge
    runner(window, "Mordecai", pistols=4)
    qtbot.keyClick(window, Qt.Key.Key_R, CTRL | SHIFT)
    assert window.check_panel.secret_box.isChecked()
    roll(qtbot, window, [1, 1, 1, 4, 1, 2, 3], dice)
    dice.extend([3, 3, 3])
    qtbot.keyClick(window, Qt.Key.Key_1, CTRL)
    qtbot.waitUntil(lambda: not offered(window, "edge_extra_dice"), timeout=SETTLE_MS)
    qtbot.waitUntil(lambda: window.roll_panel.done_button.isEnabled(), timeout=SETTLE_MS)
    secret = window.roll_panel.session
    outcome = secret.outcome()
    qtbot.keyClick(window, Qt.Key.Key_Return, CTRL)

    # Then the table window says only that the game master rolled secretly, over an empty
    # tray: not even how many dice fell (Edge added three)
    assert table.headline.text() == SECRET_NOTICE
    assert table.tray.die_items() == [] and table.history_model.rowCount() == 1
    seen = everything_in(table)
    for secret_text in ["Mordecai", outcome.headline, outcome.detail, "Critical", "glitch"]:
        assert secret_text not in seen, f"{secret_text!r} leaked to the table window:\n{seen}"
    for value in outcome.values.values():
        if isinstance(value, str) and value:
            assert value not in seen
    # ... while the main window's history marks the roll secret
    record = window.history_model.records()[0]
    assert record.secret and not record.revealed
    assert window.history_model.index(0, 0).data().startswith("Secret: ")

    # When the game master reveals it (History ▸ Reveal)
    window.history.setCurrentIndex(window.history.model().index(0, 0))
    window.game_table.reveal_action.trigger()

    # Then the table shows it, saying so, and both histories keep it as revealed
    assert table.headline.text() == f"Revealed: {outcome.headline}"
    assert sorted(item.die.face for item in table.tray.die_items()) == [
        1,
        1,
        1,
        1,
        2,
        3,
        3,
        3,
        3,
        4,
    ]
    assert table.history_model.rowCount() == 2
    assert "Mordecai" in table.history_model.index(0, 0).data()
    assert window.history_model.records()[0].revealed
    assert window.history_model.index(0, 0).data().endswith("(revealed)")


def test_a_revealed_roll_stays_revealed_in_the_next_session(qtbot, make_window, dice):
    # Given a secret roll revealed to the players
    first = make_window()
    runner(first, "Kira")
    first.check_panel.secret_box.setChecked(True)
    dice.extend([5, 5, 5, 5, 5, 5])
    first.check_panel.roll_button.click()
    qtbot.waitUntil(first.roll_panel.done_button.isEnabled, timeout=SETTLE_MS)
    first.roll_panel.done_button.click()
    qtbot.waitUntil(lambda: first.history_model.rowCount() == 1, timeout=SETTLE_MS)
    first.history.setCurrentIndex(first.history.model().index(0, 0))
    first.game_table.reveal_action.trigger()
    first.close()

    # When Shadowdice starts again
    again = make_window()
    again.show_earlier_sessions()

    # Then the earlier session's roll is listed as revealed, not as still secret
    record = again.history_model.records()[0]
    assert record.secret and record.revealed


def test_a_secret_roll_can_leave_the_table_window_blank(qtbot, window, dice):
    runner(window, "Kira")
    window.game_table.open_table_window()
    window.game_table.notice_action.setChecked(False)
    window.check_panel.secret_box.setChecked(True)
    assert window.game_table.secret_action.isChecked()
    roll(qtbot, window, [5, 5, 5, 5, 5, 5], dice)
    table = window.game_table.table_window
    assert table.headline.text() == "" and table.tray.die_items() == []


def test_full_screen_on_the_chosen_screen_and_the_place_is_remembered(qtbot, make_window, window):
    table = window.game_table.open_table_window()
    qtbot.waitExposed(table)
    screens = [table.screen_chooser.itemData(i) for i in range(table.screen_chooser.count())]
    assert screens == [screen.name() for screen in QApplication.screens()]
    table.activateWindow()  # the game master clicks into it
    qtbot.waitUntil(lambda: QApplication.activeWindow() is table)
    qtbot.keyClick(table, Qt.Key.Key_F11)
    qtbot.waitUntil(table.isFullScreen)
    assert table.screen().name() == table.screen_chooser.currentData()
    assert not table.bar.isVisible()
    qtbot.keyClick(table, Qt.Key.Key_F11)
    qtbot.waitUntil(lambda: not table.isFullScreen())

    table.setGeometry(150, 90, 700, 500)
    qtbot.waitUntil(
        lambda: window.files.settings.table_window_geometry == "150,90,700,500", timeout=2000
    )
    later = make_window().game_table.open_table_window()
    qtbot.waitExposed(later)
    assert later.geometry() == table.geometry(), "opened again where it was"


@pytest.mark.parametrize("secret", [False, True])
def test_the_record_keeps_its_visibility(qtbot, window, dice, secret):
    runner(window, "Kira")
    window.check_panel.secret_box.setChecked(secret)
    roll(qtbot, window, [5, 2, 2, 2, 2, 2], dice)
    qtbot.keyClick(window, Qt.Key.Key_Return, CTRL)
    record = window.history_model.records()[0]
    assert record.secret is secret
    assert ('"secret": true' in record.model_dump_json().replace(":true", ": true")) is secret


def test_the_table_window_shows_larger_dice_on_a_big_screen(qtbot, window, dice):
    # Given the table window at 1920x1080 (a projector or a big screen for the players)
    runner(window, "Kira")
    qtbot.keyClick(window, Qt.Key.Key_T, CTRL)
    table = window.game_table.table_window
    table.resize(1920, 1080)
    qtbot.waitUntil(lambda: table.tray.viewport().height() > 600, timeout=SETTLE_MS)

    # When Kira rolls six dice
    roll(qtbot, window, [5, 6, 2, 3, 4, 1], dice)
    qtbot.waitUntil(lambda: len(table.tray.die_items()) == 6, timeout=SETTLE_MS)

    # Then the players' dice are larger than the game master's and than any main-window die
    main_size = window.roll_panel.tray.die_size()
    assert table.tray.die_size() >= 1.5 * main_size
    assert table.tray.die_size() > MAX_DIE_SIZE
    assert all(item.size > main_size for item in table.tray.die_items())
