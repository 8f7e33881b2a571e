"""The party roster (a click or Alt+1 ... Alt+9), the samples of the welcome screen, and
Help ▸ Keys (F1) read from the actions.
"""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence

from shadowdice.systems import builtin_registry
from shadowdice.ui.character_card import CharacterPage
from shadowdice.ui.keys_dialog import KeysDialog, key_list
from tests.ui.window_helpers import SETTLE_MS, click_in_roster, headline, roster_names

SYSTEMS = [info.id for info in builtin_registry().infos()]


def activate(qtbot, window):
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)


def test_the_party_roster_shows_everyone_and_alt_digits_switch(qtbot, window):
    for system_id in ("shadowrun4", "phasesix", "starwars_d6", "heldenhandbuch"):
        window.open_sample(system_id)
    roster = window.party_roster
    entries = roster.entries()
    assert entries[0] == (
        "Vex Calloway · Shadowrun 4 · Edge 4/4 · Physical damage 0/10 · Stun damage 0/10"
    )
    # Key resources only: Physis and Psyche, not experience points
    assert entries[3] == "Jorna Eisenhand · Heldenhandbuch · Physis 15/15 · Psyche 15/15"
    assert roster.currentIndex().row() == 3

    activate(qtbot, window)
    qtbot.keyClick(window, Qt.Key.Key_2, Qt.KeyboardModifier.AltModifier)
    assert window.current_document().title == "Ilse Brandt"
    assert roster.currentIndex().row() == 1
    click_in_roster(qtbot, window, 0)
    assert window.current_document().title == "Vex Calloway"

    # The wound state shows as it changes
    damage = window.current_card().resources["physical_damage"]
    damage.stepBy(6)
    assert roster.entries()[0].endswith(
        "Physical damage 6/10 · Stun damage 0/10 · Wound modifier −2"
    )


def test_the_game_master_reorders_the_party_from_the_keyboard(qtbot, window):
    for system_id in ("shadowrun4", "phasesix", "starwars_d6"):
        window.open_sample(system_id)
    activate(qtbot, window)
    qtbot.keyClick(window, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
    assert not window.move_left_action.isEnabled()
    assert window.move_left_action.toolTip() == "The character shown is already first in the party."

    # Vex moves right twice: to the end of the party
    shift_ctrl = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    qtbot.keyClick(window, Qt.Key.Key_PageDown, shift_ctrl)
    qtbot.keyClick(window, Qt.Key.Key_PageDown, shift_ctrl)
    assert roster_names(window) == ["Ilse Brandt", "Tarn Okoro", "Vex Calloway"]
    assert window.current_document().title == "Vex Calloway"
    assert window.party_roster.currentIndex().row() == 2
    assert not window.move_right_action.isEnabled()
    assert window.move_left_action.isEnabled()

    # Alt+digits follow the new order, and so does Ctrl+Shift+PgUp
    qtbot.keyClick(window, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
    assert window.current_document().title == "Ilse Brandt"
    qtbot.keyClick(window, Qt.Key.Key_3, Qt.KeyboardModifier.AltModifier)
    qtbot.keyClick(window, Qt.Key.Key_PageUp, shift_ctrl)
    assert roster_names(window) == ["Ilse Brandt", "Vex Calloway", "Tarn Okoro"]
    qtbot.keyClick(window, Qt.Key.Key_2, Qt.KeyboardModifier.AltModifier)
    assert window.current_document().title == "Vex Calloway"
    assert [d.title for d in window.documents()] == roster_names(window)


def test_closing_from_the_party_roster(qtbot, window):
    window.open_sample("shadowrun4")
    window.open_sample("phasesix")
    roster = window.party_roster
    close = roster.delegate.close_rect(roster.entry_rect(0)).center()
    qtbot.mouseClick(roster.viewport(), Qt.MouseButton.LeftButton, pos=close)
    assert [d.title for d in window.documents()] == ["Ilse Brandt"]
    assert roster_names(window) == ["Ilse Brandt"]


def test_the_party_model_passes_the_model_tester(qtbot, qtmodeltester, window):
    for system_id in ("shadowrun4", "phasesix", "heldenhandbuch"):
        window.open_sample(system_id)
    qtmodeltester.check(window.party_roster.party)


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_a_sample_of_every_system_is_one_click_from_a_first_roll(qtbot, window, dice, system_id):
    # Given the welcome screen (once the window is on screen), when the sample of a system
    # is clicked
    qtbot.waitUntil(lambda: window.left.currentWidget() is window.left.welcome)
    qtbot.mouseClick(window.left.welcome.sample_buttons[system_id], Qt.MouseButton.LeftButton)

    # Then its character is open in Play, named, unchanged, and can roll at once
    document = window.current_document()
    assert document.system.id == system_id and document.sheet.name
    assert window.current_page().mode == CharacterPage.PLAY
    assert not document.modified
    dice.extend([4] * 40)
    window.check_panel.request_roll()
    qtbot.waitUntil(
        lambda: headline(window) not in ("Ready to roll", "Rolling…"), timeout=SETTLE_MS
    )


def test_f1_lists_the_keys_that_exist(qtbot, window):
    activate(qtbot, window)
    qtbot.keyClick(window, Qt.Key.Key_F1)
    dialog = window.findChild(KeysDialog)
    assert dialog is not None and dialog.isVisible()
    rows = dict(dialog.rows())
    native = QKeySequence.SequenceFormat.NativeText
    assert rows[QKeySequence("Ctrl+E").toString(native)] == "Edit sheet"
    assert rows[QKeySequence("Ctrl+,").toString(native)] == "Settings"
    assert rows[QKeySequence("Ctrl+G").toString(native)] == "Group roll"
    assert rows[QKeySequence("Alt+3").toString(native)] == "Show character 3 of the party"
    assert rows[QKeySequence("Ctrl+2").toString(native)].startswith("Take follow-up 2")
    # Every listed key belongs to an action or shortcut of the window
    assert dialog.rows() == key_list(window)
