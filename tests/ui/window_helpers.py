"""What the main-window tests do over and over: choose in a combo box, read the outcome, find
an action's button, click a die in the tray.
"""

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLabel, QPushButton


def choose(combo: QComboBox, value) -> None:
    """Select the entry whose data is ``value``; fail when it is not offered."""
    index = combo.findData(value)
    assert index >= 0, f"{value!r} not offered"
    combo.setCurrentIndex(index)


def headline(window) -> str:
    """The outcome as the tray shows it, large."""
    return window.roll_panel.findChild(QLabel, "outcome_headline").text()


def action_button(window, action_id: str) -> QPushButton | None:
    """The button of an offered action, or None while it is not there."""
    buttons = {b.objectName(): b for b in window.roll_panel.action_buttons()}
    return buttons.get(f"action_{action_id}")


def offered(window, action_id: str) -> bool:
    """Whether the action's button is there and can be pressed (the dice have settled)."""
    button = action_button(window, action_id)
    return button is not None and button.isEnabled()


def click_die(qtbot, tray, die_id: int) -> None:
    """Click a die in the tray with the mouse."""
    item = tray.die_item(die_id)
    point = tray.mapFromScene(item.scenePos())
    qtbot.mouseClick(tray.viewport(), Qt.MouseButton.LeftButton, pos=point)
