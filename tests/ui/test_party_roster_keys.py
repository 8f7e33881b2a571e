"""The party roster from the keyboard: Alt+0 puts the focus on it, the arrow keys go along the
party (past the ninth character, which no Alt+digit reaches), Enter shows the character chosen
with the focus on its roll list; leaving without Enter changes nothing.
"""

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from shadowdice.ui.keys_dialog import key_list
from tests.ui.window_helpers import click_in_roster

ALT = Qt.KeyboardModifier.AltModifier


def party_of(qtbot, window, count: int) -> None:
    """``count`` characters open, the window active."""
    for _ in range(count):
        window.open_sample("generic_dice")
    assert len(window.documents()) == count
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)


def roster_in_focus(qtbot, window, count: int):
    """``count`` characters, the first one shown, and Alt+0 pressed: the roster, focused."""
    party_of(qtbot, window, count)
    qtbot.keyClick(window, Qt.Key.Key_1, ALT)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_0, ALT)
    assert window.party_roster.hasFocus()
    return window.party_roster


def keys_on_roll_list(window) -> bool:
    """Whether the focus is on the roll list of the character shown."""
    focus = QApplication.focusWidget()
    return focus.objectName() == "card_rolls" and window.current_page().isAncestorOf(focus)


def test_alt_0_arrows_and_enter_reach_the_eleventh_character(qtbot, window):
    # Given eleven characters, the first one shown, when the game master presses Alt+0, End
    roster = roster_in_focus(qtbot, window, 11)
    first, eleventh = window.documents()[0], window.documents()[10]
    qtbot.keyClick(roster, Qt.Key.Key_End)

    # Then the arrow keys only choose: the first character is still the one shown...
    assert roster.currentIndex().row() == 10
    assert window.current_document() is first

    # ...and Enter shows the eleventh, the focus on its roll list
    qtbot.keyClick(roster, Qt.Key.Key_Return)
    assert window.current_document() is eleventh
    assert roster.currentIndex().row() == 10
    assert keys_on_roll_list(window)


def test_up_and_down_go_one_character_and_enter_on_the_one_shown_returns_to_it(qtbot, window):
    roster = roster_in_focus(qtbot, window, 3)
    qtbot.keyClick(roster, Qt.Key.Key_Down)
    qtbot.keyClick(roster, Qt.Key.Key_Down)
    qtbot.keyClick(roster, Qt.Key.Key_Up)
    assert roster.currentIndex().row() == 1
    qtbot.keyClick(roster, Qt.Key.Key_Return)
    assert window.current_document() is window.documents()[1]

    # Enter on the character already shown hands the keys back to its card
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_0, ALT)
    qtbot.keyClick(roster, Qt.Key.Key_Return)
    assert window.current_document() is window.documents()[1]
    assert keys_on_roll_list(window)


def test_leaving_the_roster_without_enter_changes_nothing(qtbot, window):
    roster = roster_in_focus(qtbot, window, 3)
    qtbot.keyClick(roster, Qt.Key.Key_Down)
    assert roster.currentIndex().row() == 1

    # When the focus goes back to the card (a click there)
    window.current_page().shown_widget().setFocus()
    qtbot.waitUntil(lambda: not roster.hasFocus())

    # Then the first character is shown and selected in the roster, as before
    assert window.current_document() is window.documents()[0]
    assert roster.currentIndex().row() == 0
    assert [index.row() for index in roster.selectedIndexes()] == [0]


def test_a_click_in_the_roster_leaves_the_keys_with_the_card(qtbot, window):
    party_of(qtbot, window, 2)
    click_in_roster(qtbot, window, 1)
    assert window.current_document() is window.documents()[1]
    assert not window.party_roster.hasFocus()
    assert keys_on_roll_list(window)


def test_help_keys_lists_alt_0(qtbot, window):
    keys = dict(key_list(window))
    assert keys["Alt+0"] == "Go to the party: arrow keys choose, Enter shows the character"
    assert keys["Alt+9"] == "Show character 9 of the party"
