"""A Generic dice character through the real main window: named rolls edited in the sheet,
rolled against a target, a typed expression, the tray and the history.
"""

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from shadowdice.core.die import Mark
from tests.ui.window_helpers import SETTLE_MS, choose, headline, type_code_into_cell


def new_generic_character(qtbot, window):
    window.system_selector.setCurrentIndex(window.system_selector.findData("generic_dice"))
    qtbot.keyClick(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    return window.current_editor()


def test_a_named_roll_is_edited_then_rolled_against_a_target(qtbot, window, dice):
    # Given a new Generic dice character with its starting rolls
    editor = new_generic_character(qtbot, window)
    qtbot.keyClicks(editor.field_widget("name"), "Rowan")
    assert window.current_document().system.id == "generic_dice"

    # When the attack is typed as "1d20 + 7" in the sheet
    type_code_into_cell(qtbot, editor.tables["rolls"], "Attack", "expression", "1d20 + 7")
    assert window.current_document().sheet.roll("Attack").expression == "1d20+7"

    # And it is chosen with a target of 15: the panel shows the exact chance (13 of 20)
    panel = window.check_panel
    choose(panel.widget("roll"), "Attack")
    panel.widget("target").setValue(15)
    assert "Attack: 1d20+7" in panel.preview.text()
    assert "65%" in panel.preview.text()

    # When it is rolled and the die shows 9
    dice.extend([9])
    qtbot.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)

    # Then the tray says the total and that the target was reached
    qtbot.waitUntil(lambda: headline(window) == "Total 16", timeout=SETTLE_MS)
    detail = window.roll_panel.findChild(QLabel, "outcome_detail").text()
    assert "1d20 (9) + 7" in detail and "target 15 reached" in detail

    # And Done puts it in the history
    qtbot.keyClick(window, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: window.history_model.rowCount() == 1, timeout=SETTLE_MS)
    (record,) = window.history_model.records()
    assert (record.check, record.outcome.values["total"]) == ("Attack: 1d20+7", 16)
    assert "Attack: 1d20+7" in window.history_model.index(0).data()


def test_a_typed_expression_counts_successes_and_a_bad_one_is_refused(qtbot, window, dice):
    # Given a Generic dice character, rolling a typed expression
    new_generic_character(qtbot, window)
    panel = window.check_panel
    choose(panel.widget("roll"), "")
    expression = panel.widget("expression")

    # When a mistyped expression is entered, the panel says why and Roll is disabled
    expression.setText("3x6")
    expression.editingFinished.emit()
    qtbot.waitUntil(lambda: "cannot be read" in panel.preview.text(), timeout=2000)
    assert not panel.roll_button.isEnabled()

    # When 5d10>=8 is entered and rolled
    expression.setText("5d10>=8")
    expression.editingFinished.emit()
    qtbot.waitUntil(lambda: panel.roll_button.isEnabled(), timeout=2000)
    dice.extend([8, 2, 10, 7, 9])
    qtbot.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)

    # Then three of the five dice are successes
    qtbot.waitUntil(lambda: headline(window) == "3 successes", timeout=SETTLE_MS)
    session = window.roll_panel.session
    assert [die.has(Mark.HIT) for die in session.dice] == [True, False, True, False, True]
