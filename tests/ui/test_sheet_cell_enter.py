"""Enter in a cell of the sheet writes the cell at once, before any key typed after it: a fast
Enter then Ctrl+Z undoes the edit, and Enter then Alt+2 leaves no late write behind.
"""

import shiboken6
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QSpinBox

CTRL = Qt.KeyboardModifier.ControlModifier
ALT = Qt.KeyboardModifier.AltModifier


def open_agility_editor(qtbot, window, text: str) -> QSpinBox:
    """Type ``text`` into the current character's Agility cell; the editor it opened."""
    table = window.current_editor().tables["attributes"]
    model = table.view.model()
    row = next(r for r in range(model.rowCount()) if model.index(r, 0).data() == "Agility")
    table.view.setCurrentIndex(model.index(row, 1))
    table.view.setFocus()
    qtbot.keyClicks(table.view, text)
    (editor,) = [w for w in table.view.findChildren(QSpinBox) if w.isVisible()]
    return editor


def two_new_characters(qtbot, window):
    window.system_selector.setCurrentIndex(window.system_selector.findData("shadowrun4"))
    for _ in range(2):
        qtbot.keyClick(window, Qt.Key.Key_N, CTRL)
    qtbot.keyClick(window, Qt.Key.Key_1, ALT)
    return window.current_document()


def test_enter_writes_the_cell_before_the_next_key_is_handled(qtbot, window, qt_warnings):
    # Given a new character whose Agility is being typed as 5
    document = two_new_characters(qtbot, window)
    before = document.sheet.attribute("Agility")
    editor = open_agility_editor(qtbot, window, "5")

    # When Enter is pressed, before Qt had a round to handle anything queued
    qtbot.keyClick(editor, Qt.Key.Key_Return)

    # Then the sheet holds the 5 already, and the editor is gone from the table
    assert document.sheet.attribute("Agility") == 5 != before
    qtbot.waitUntil(lambda: not (shiboken6.isValid(editor) and editor.isVisible()))
    assert not qt_warnings


def test_enter_then_ctrl_z_in_one_burst_undoes_the_edit(qtbot, window, qt_warnings):
    # Given a new character whose Agility is being typed as 5
    document = two_new_characters(qtbot, window)
    before = document.sheet.attribute("Agility")
    editor = open_agility_editor(qtbot, window, "5")

    # When Enter and Ctrl+Z come in one burst (a fast hand: no round of Qt between them)
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.keyClick(window.focusWidget() or window, Qt.Key.Key_Z, CTRL)
    qtbot.wait(20)

    # Then the edit is undone, and no late write brings it back
    assert document.sheet.attribute("Agility") == before
    assert not qt_warnings


def test_enter_then_alt_2_in_one_burst_leaves_no_write_for_a_closed_editor(
    qtbot, window, qt_warnings
):
    # Given a new character whose Agility is being typed as 5, and a second character
    document = two_new_characters(qtbot, window)
    editor = open_agility_editor(qtbot, window, "5")

    # When Enter and Alt+2 come in one burst
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.keyClick(window.focusWidget() or window, Qt.Key.Key_2, ALT)
    qtbot.wait(20)

    # Then the first character keeps its 5, the second is shown, and Qt did not warn of a
    # write for an editor its table no longer has
    assert document.sheet.attribute("Agility") == 5
    assert window.current_document() is not document
    assert not qt_warnings
