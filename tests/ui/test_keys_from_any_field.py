"""Keys are never trapped: the window's keys (Play/Edit, Roll, Done, Undo, the party's
Alt+digits) work from any field, even where a field has a binding of its own on them (Qt's
Linux line edit takes Ctrl+E to the end of its line); switching to a character puts the
focus on its roll list, where the arrow keys choose a roll and typing finds one (Ctrl+F too).
"""

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication, QLineEdit

from shadowdice.ui.character_card import CharacterPage
from tests.ui.window_helpers import SETTLE_MS, headline

CTRL = Qt.KeyboardModifier.ControlModifier
ALT = Qt.KeyboardModifier.AltModifier


def activate(qtbot, window):
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)


def focused():
    return QApplication.focusWidget()


def test_ctrl_e_from_the_edge_box_switches_to_edit_and_back(qtbot, window):
    window.open_sample("shadowrun4")
    activate(qtbot, window)
    edge = window.current_card().resources["edge_current"]
    edge.setFocus()
    qtbot.waitUntil(lambda: focused() is edge)

    qtbot.keyClick(focused(), Qt.Key.Key_E, CTRL)
    assert window.current_page().mode == CharacterPage.EDIT
    assert edge.value() == 4

    # and from a field of the sheet editor back to Play
    name = window.current_editor().field_widget("name")
    name.setFocus()
    qtbot.waitUntil(lambda: focused() is name)
    qtbot.keyClick(name, Qt.Key.Key_E, CTRL)
    assert window.current_page().mode == CharacterPage.PLAY
    assert name.text() == "Vex Calloway"


def test_roll_and_done_from_the_search_and_a_check_field(qtbot, window, dice):
    window.open_sample("shadowrun4")
    activate(qtbot, window)
    card = window.current_card()
    card.filter.setFocus()
    qtbot.keyClicks(card.filter, "Pistols")
    qtbot.keyClick(card.filter, Qt.Key.Key_Return)
    dice.extend([5, 5, 6, 1, 2, 3, 4, 2, 2, 3])
    qtbot.keyClick(card.filter, Qt.Key.Key_R, CTRL)
    qtbot.waitUntil(lambda: window.roll_panel.session is not None, timeout=SETTLE_MS)
    qtbot.waitUntil(lambda: window.roll_panel.done_button.isEnabled(), timeout=SETTLE_MS)

    modifier = window.check_panel.widget("modifier")
    modifier.setFocus()
    qtbot.waitUntil(
        lambda: (
            (focused() is not None and modifier.isAncestorOf(focused())) or focused() is modifier
        )
    )
    qtbot.keyClick(focused(), Qt.Key.Key_Return, CTRL)
    assert window.history_model.rowCount() == 1
    assert headline(window)


def test_alt_digits_from_a_field_put_the_focus_on_the_roll_list(qtbot, window):
    for system_id in ("shadowrun4", "phasesix"):
        window.open_sample(system_id)
    activate(qtbot, window)
    reroll = window.current_card().resources["reroll_dice"]
    reroll.setFocus()
    qtbot.waitUntil(lambda: focused() is reroll)

    # When Alt+1 is pressed in Ilse's reroll box
    qtbot.keyClick(reroll, Qt.Key.Key_1, ALT)

    # Then Vex is shown, with the focus on his rolls: Down chooses the next roll, Edge stays
    card = window.current_card()
    assert window.current_document().title == "Vex Calloway"
    qtbot.waitUntil(lambda: focused() is card.rolls)
    first = card.rolls.currentIndex().row()
    qtbot.keyClick(card.rolls, Qt.Key.Key_Down)
    assert card.rolls.currentIndex().row() == first + 1
    assert card.resources["edge_current"].value() == 4

    # and typing right away finds a roll
    qtbot.keyClicks(focused(), "pis")
    assert focused() is card.filter and card.filter.text() == "pis"
    assert card.roll_labels() == ["Pistols 5 (Agility)"]
    qtbot.keyClick(card.filter, Qt.Key.Key_Return)
    assert window.check_panel.widget("skill").currentData() == "Pistols"


def test_ctrl_f_goes_to_find_a_roll_even_from_edit(qtbot, window):
    window.open_sample("heldenhandbuch")
    activate(qtbot, window)
    window.toggle_play_edit()
    assert window.current_page().mode == CharacterPage.EDIT
    qtbot.keyClick(focused() or window, Qt.Key.Key_F, CTRL)
    card = window.current_card()
    assert window.current_page().mode == CharacterPage.PLAY
    qtbot.waitUntil(lambda: focused() is card.filter)
    qtbot.keyClicks(card.filter, "track")
    assert card.roll_labels()[0].startswith("Tracking")


def test_copy_and_paste_stay_with_the_field(qtbot, window):
    window.open_sample("shadowrun4")
    activate(qtbot, window)
    card = window.current_card()
    card.filter.setFocus()
    qtbot.keyClicks(card.filter, "Dodge")
    qtbot.keyClick(card.filter, Qt.Key.Key_A, CTRL)
    assert card.filter.selectedText() == "Dodge"


class LinuxLineEdit(QLineEdit):
    """A line edit binding Ctrl+E to the end of its line, as Qt's does on Linux desktops
    (the offscreen platform used in tests has no such binding).
    """

    def event(self, event):
        if event.type() == QEvent.Type.ShortcutOverride and QKeySequence(
            event.keyCombination()
        ) == QKeySequence("Ctrl+E"):
            event.accept()
            return True
        return super().event(event)


def test_a_field_binding_ctrl_e_itself_does_not_trap_play_edit(qtbot, window):
    window.open_sample("shadowrun4")
    activate(qtbot, window)
    field = LinuxLineEdit(window.current_card())
    field.show()
    field.setFocus()
    qtbot.waitUntil(lambda: focused() is field)

    qtbot.keyClick(field, Qt.Key.Key_E, CTRL)

    assert window.current_page().mode == CharacterPage.EDIT
