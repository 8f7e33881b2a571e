"""Switching to a character never leaves the keys in a value box (Physis, Psyche) where the
arrow keys would change a value: every way there puts the focus on the character's roll
list, tried with the Heldenhandbuch samples through the real main window.
"""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tests.ui.window_helpers import click_in_roster

ALT = Qt.KeyboardModifier.AltModifier
PARTY = 10  # the samples five times: past the ninth character, which no Alt+digit reaches


def alt_digit(qtbot, window, place: int) -> None:
    qtbot.keyClick(QApplication.focusWidget(), getattr(Qt.Key, f"Key_{place + 1}"), ALT)


def roster_enter(qtbot, window, place: int) -> None:
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_0, ALT)
    roster = window.party_roster
    qtbot.keyClick(roster, Qt.Key.Key_Home)
    for _ in range(place):
        qtbot.keyClick(roster, Qt.Key.Key_Down)
    qtbot.keyClick(roster, Qt.Key.Key_Return)


def roster_click(qtbot, window, place: int) -> None:
    click_in_roster(qtbot, window, place)


def tab_click(qtbot, window, place: int) -> None:
    bar = window.tabs.tabBar()
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(place).center())


@pytest.mark.parametrize("way", [alt_digit, roster_enter, roster_click, tab_click])
def test_every_way_to_a_character_puts_the_keys_on_its_roll_list(qtbot, window, way):
    # Given the Heldenhandbuch samples open several times, the window active
    for _ in range(PARTY // 2):
        window.open_sample("heldenhandbuch", party=True)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    places = [1, 0, 4, 8, 3, 3] + ([9, 6] if way is not alt_digit else [])

    for place, value in zip(places, ["physis", "psyche"] * len(places), strict=False):
        # When the keys are in a value box of the character shown (the same one again too)
        box = window.current_card().resources[value]
        box.setFocus()
        qtbot.waitUntil(box.hasFocus)

        # And the game master goes to the character at this place
        way(qtbot, window, place)

        # Then that character is shown, the keys on its roll list, never in a value box
        assert window.tabs.currentIndex() == place
        focus = QApplication.focusWidget()
        assert focus.objectName() == "card_rolls"
        assert window.current_page().isAncestorOf(focus)
