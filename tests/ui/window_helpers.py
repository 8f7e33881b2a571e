"""What the main-window tests do over and over: choose in a combo box, type into a sheet's
table, read the outcome, find an action's button, click a die in the tray, act once a long
job's progress dialog is up.
"""

import time
from collections.abc import Callable

import shiboken6
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QComboBox,
    QLabel,
    QLineEdit,
    QProgressDialog,
    QPushButton,
    QSpinBox,
    QWidget,
)

#: How long a test waits for the window to settle (dice landing, a roll finished) before it
#: fails: waiting ends as soon as the window has settled, so this only bounds a busy machine.
SETTLE_MS = 10_000


def shown_progress(window: QWidget) -> QProgressDialog | None:
    """The window's progress dialog while it is up, else None."""
    shown = [dialog for dialog in window.findChildren(QProgressDialog) if dialog.isVisible()]
    return shown[0] if shown else None


def when(window: QWidget, condition: Callable[[], object], then: Callable[[], object]) -> None:
    """Call ``then`` once ``condition`` holds, looking whenever the event loop turns (also a
    loop that the code under test runs while it waits for a job): for what a test does while
    a call of its own is still under way. Nothing is timed from the test's start, which a busy
    machine would stretch; after :data:`SETTLE_MS` it gives up, leaving the test to fail.
    """
    deadline = time.monotonic() + SETTLE_MS / 1000
    looking = QTimer(window)

    def look() -> None:
        if condition():
            looking.stop()
            then()
        elif time.monotonic() > deadline:
            looking.stop()

    looking.timeout.connect(look)
    looking.start(10)


def choose(combo: QComboBox, value) -> None:
    """Select the entry whose data is ``value``; fail when it is not offered."""
    index = combo.findData(value)
    assert index >= 0, f"{value!r} not offered"
    combo.setCurrentIndex(index)


def type_into_cell(qtbot, table_view, row_name, column, text):
    """Select the row whose first cell reads row_name, type text into a column, press Enter."""
    model = table_view.view.model()
    for row in range(model.rowCount()):
        if model.index(row, 0).data() == row_name:
            index = model.index(row, column)
            break
    else:
        raise AssertionError(f"no row {row_name!r}")
    table_view.view.setCurrentIndex(index)
    table_view.view.setFocus()
    qtbot.keyClicks(table_view.view, text)
    editors = [w for w in table_view.view.findChildren(QSpinBox) if w.isVisible()]
    assert len(editors) == 1, "typing opens one editor in the cell"
    qtbot.keyClick(editors[0], Qt.Key.Key_Return)
    # Return writes the cell at once; Qt deletes the editor on its next round
    qtbot.waitUntil(lambda: not (shiboken6.isValid(editors[0]) and editors[0].isVisible()))
    return index


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


def type_code_into_cell(qtbot, table_view, row_name, column_key, text):
    """Select a row by its first cell, type a code into a column and press Enter."""
    model = table_view.view.model()
    column = [c.key for c in table_view.model.table.columns].index(column_key)
    row = next(r for r in range(model.rowCount()) if model.index(r, 0).data() == row_name)
    table_view.view.setCurrentIndex(model.index(row, column))
    table_view.view.setFocus()
    qtbot.keyClick(table_view.view, Qt.Key.Key_F2)
    editor = next(w for w in table_view.view.findChildren(QLineEdit) if w.isVisible())
    editor.selectAll()
    qtbot.keyClicks(editor, text)
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not (shiboken6.isValid(editor) and editor.isVisible()))


def roll_edge_dice(qtbot, window, dice) -> None:
    """The current Shadowrun character rolls Agility (no hits), buys three dice with Edge
    (three hits), and is done (a secret roll's headline says "Secret:" first).
    """
    choose(window.check_panel.widget("attribute"), "Agility")
    dice.extend([2, 2, 2])
    window.check_panel.roll_button.click()
    qtbot.waitUntil(lambda: headline(window).endswith("0 hits - failure"), timeout=SETTLE_MS)
    extra = next(
        b for b in window.roll_panel.action_buttons() if b.objectName() == "action_edge_extra_dice"
    )
    dice.extend([5, 5, 5])
    qtbot.mouseClick(extra, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: headline(window).endswith("3 hits - success"), timeout=SETTLE_MS)
    qtbot.keyClick(window, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)


def star_wars_duel(window):
    """Han (the Freighter Runner) about to shoot his Blaster at Bossk (the Bounty Tracker),
    who dodges; returns both documents.
    """
    system = window.registry.get("starwars_d6")
    choose(window.system_selector, "starwars_d6")
    samples = {template.name: template for template in system.sample_templates()}
    documents = []
    for name, template in (("Han", "Freighter Runner"), ("Bossk", "Bounty Tracker")):
        sheet = system.new_sheet_from_template(samples[template])
        sheet.name = name
        documents.append(window.new_character(sheet))
    window.tabs.setCurrentIndex(0)
    panel = window.check_panel
    choose(panel.widget("roll"), "skill:Blaster")
    choose(panel.widget("opponent"), "character")
    panel.widget("defender").item(0).setCheckState(Qt.CheckState.Checked)
    choose(panel.widget("defender_roll"), "skill:Dodge")
    return documents


def roster_names(window) -> list[str]:
    """The names the party roster shows, in order (starred when unsaved)."""
    return [entry.split(" · ")[0] for entry in window.party_roster.entries()]


def click_in_roster(qtbot, window, place: int) -> None:
    """Click the party roster's entry of the character at this place (counted from 0)."""
    roster = window.party_roster
    qtbot.mouseClick(
        roster.viewport(), Qt.MouseButton.LeftButton, pos=roster.entry_rect(place).center()
    )
