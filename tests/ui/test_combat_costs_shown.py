"""A combat phase in the real window says what three 1s cost under the throw that laid them,
and where an injury went in the line of what the last step changed, in English and German.
"""

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from shadowdice.ui import language as ui_language
from shadowdice.ui.play.group_roll_dialog import GroupRollDialog
from tests.ui.test_main_window_contests import new_fighter, settled
from tests.ui.window_helpers import SETTLE_MS, headline

CTRL = Qt.KeyboardModifier.ControlModifier


def start_combat(qtbot, window, dice, faces):
    qtbot.keyClick(window, Qt.Key.Key_G, CTRL)
    dialog = window.findChild(GroupRollDialog)
    dice.extend(faces)
    qtbot.keyClick(dialog.focusWidget() or dialog, Qt.Key.Key_Return)
    qtbot.waitUntil(settled(window, "initiative:0"), timeout=SETTLE_MS)


def label(window, name) -> str:
    return window.roll_panel.findChild(QLabel, name).text()


def test_three_ones_say_their_cost_under_the_throw_that_laid_them(qtbot, window, dice):
    # Given Alrik and Brun in a combat phase, Alrik's first throw laying three 1s
    alrik = new_fighter(qtbot, window, "Alrik")
    alrik.sheet.respect = 5
    new_fighter(qtbot, window, "Brun")
    start_combat(qtbot, window, dice, [1, 1, 1, 12, 8, 3, 3, 2])

    # Then the tray says at once what they will cost, before anyone acts
    assert headline(window) == "Throw 1: everyone looks"
    assert (
        "Alrik: three 1s, a legendary failure: respect -2, Psyche -1 for each 1 not offset, "
        "when the phase ends" in label(window, "outcome_detail")
    )
    # And in German, as a German table reads it
    ui_language.switch("de")
    assert (
        "Alrik: drei 1er, ein legendärer Fehlschlag: Respektwert -2, Psyche -1 für jede nicht "
        "ausgeglichene 1, am Ende der Kampfphase" in label(window, "outcome_detail")
    )
    # And the sheet keeps its respect until the phase ends
    assert alrik.sheet.respect == 5


def test_placing_an_injury_says_where_it_went(qtbot, window, dice):
    from shadowdice.systems.heldenhandbuch.sheet import Armor

    # Given Alrik's Tria let through into Brun's chain shirt, and the damage thrown
    new_fighter(qtbot, window, "Alrik")
    new_fighter(qtbot, window, "Brun", Armor(name="Chain shirt", protection=3, quality=10))
    start_combat(qtbot, window, dice, [12, 12, 12, 5, 15, 14, 9, 6])
    qtbot.keyClick(window, Qt.Key.Key_2, CTRL)  # Alrik takes the initiative
    qtbot.waitUntil(settled(window, "attack:1"), timeout=SETTLE_MS)
    qtbot.keyClick(window, Qt.Key.Key_1, CTRL)
    qtbot.keyClick(window, Qt.Key.Key_Return)
    qtbot.waitUntil(settled(window, "let_through"), timeout=SETTLE_MS)
    qtbot.keyClick(window, Qt.Key.Key_1, CTRL)
    qtbot.waitUntil(settled(window, "damage"), timeout=SETTLE_MS)
    dice.extend([14, 5, 5, 2])
    qtbot.keyClick(window, Qt.Key.Key_1, CTRL)
    qtbot.waitUntil(settled(window, "injury:0"), timeout=SETTLE_MS)

    # When Brun's player puts the heavy injury in circle 1
    qtbot.keyClick(window, Qt.Key.Key_1, CTRL)

    # Then the line of what changed says so, not "Life circle 1: Brun: heavy damage, unchanged"
    qtbot.waitUntil(
        lambda: label(window, "outcome_change").startswith("Brun: heavy injury in Life circle 1"),
        timeout=SETTLE_MS,
    )
    assert "unchanged" not in label(window, "outcome_change")
    # And in German
    ui_language.switch("de")
    qtbot.waitUntil(settled(window, "injury:3"), timeout=SETTLE_MS)
    qtbot.keyClick(window, Qt.Key.Key_4, CTRL)
    qtbot.waitUntil(
        lambda: label(window, "outcome_change").startswith(
            "Brun: leichte Verletzung in Lebenskreis 4"
        ),
        timeout=SETTLE_MS,
    )
    assert "unverändert" not in label(window, "outcome_change")
