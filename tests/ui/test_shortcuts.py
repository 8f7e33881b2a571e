"""Keyboard use: no two shortcuts of the window clash, and the main keys work from anywhere."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QShortcut
from PySide6.QtWidgets import QLabel, QWidget

from shadowdice.systems import builtin_registry
from tests.ui.window_helpers import SETTLE_MS

SYSTEMS = [system.id for system in builtin_registry()]


def scope(shortcut: QShortcut) -> str:
    """Where a shortcut is heard: its own widget, or the whole window."""
    if shortcut.context() == Qt.ShortcutContext.WidgetShortcut:
        return f"widget {id(shortcut.parent())}"
    return "window"


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_no_two_shortcuts_share_a_key_in_the_same_place(qtbot, window, system_id):
    window.system_selector.setCurrentIndex(window.system_selector.findData(system_id))
    window.new_character()
    actions = {  # one action shows in the window, its menu and the toolbar
        id(action): action
        for widget in [window, *window.findChildren(QWidget)]
        for action in widget.actions()
    }
    keys = [
        (sequence.toString(), "window")
        for action in actions.values()
        for sequence in action.shortcuts()
    ] + [
        (sequence.toString(), scope(shortcut))
        for shortcut in window.findChildren(QShortcut)
        for sequence in shortcut.keys()  # noqa: SIM118 - QShortcut.keys(), not a dict
    ]
    keys = [key for key in keys if key[0]]
    assert sorted(set(keys)) == sorted(keys)


def test_roll_and_done_work_while_typing_in_a_text_field(qtbot, window, dice):
    window.new_character()
    name = window.current_editor().field_widget("name")
    qtbot.keyClicks(name, "Kira")
    window.check_panel.widget("attribute").setCurrentIndex(
        window.check_panel.widget("attribute").findData("Agility")
    )
    name.setFocus()
    dice.extend([5, 2, 2])
    qtbot.keyClick(name, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    headline = window.roll_panel.findChild(QLabel, "outcome_headline")
    qtbot.waitUntil(lambda: headline.text() == "1 hit - success", timeout=SETTLE_MS)
    qtbot.keyClick(name, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert window.history_model.rowCount() == 1
    assert name.text() == "Kira", "the keys did not edit the name"
