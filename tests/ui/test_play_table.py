"""At the table: new characters of the system shown, a tray per character, a roll that says
what each follow-up changed, a legend of the marks, and disabled commands that say why.
"""

from PySide6.QtCore import Qt

from tests.ui.test_history import children
from tests.ui.window_helpers import SETTLE_MS, action_button, choose, headline, offered


def roll_pistols(qtbot, window, dice, faces):
    choose(window.check_panel.widget("skill"), "Pistols")
    dice.extend(faces)
    qtbot.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: window.roll_panel.done_button.isEnabled(), timeout=SETTLE_MS)


def test_a_new_character_follows_the_system_of_the_character_shown(qtbot, window):
    # Given a Phase Six character made from the menu, then a Shadowrun one
    phase_six = window.new_character_of("phasesix")
    shadowrun = window.new_character_of("shadowrun4")
    assert shadowrun.system.id == "shadowrun4"

    # When the Phase Six tab is shown again
    window.tabs.setCurrentIndex(0)

    # Then the selector shows Phase Six and Ctrl+N makes a Phase Six character
    assert window.system_selector.currentData() == "phasesix"
    qtbot.keyClick(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    assert window.current_document().system is phase_six.system
    menu_names = [a.text() for a in window.new_menu.actions()]
    assert menu_names == [info.name for info in window.registry.infos()]


def test_the_tray_belongs_to_its_character(qtbot, window, dice):
    # Given Kira, who rolled, and Bo, who did not
    kira = window.new_character_of("shadowrun4")
    window.new_character_of("shadowrun4")
    window.tabs.setCurrentIndex(0)
    roll_pistols(qtbot, window, dice, [5, 6, 1])
    assert offered(window, "edge_extra_dice")

    # When Bo's tab is shown, the tray is empty and offers nothing
    window.tabs.setCurrentIndex(1)
    assert window.roll_panel.tray.die_items() == []
    assert headline(window) == "Ready to roll"
    assert not window.roll_panel.done_button.isEnabled()
    assert window.roll_panel.action_buttons() == []

    # When Kira's tab is shown again, her roll is back, still open
    window.tabs.setCurrentIndex(0)
    assert len(window.roll_panel.tray.die_items()) == 3
    assert headline(window) == "2 hits - success"
    qtbot.waitUntil(lambda: offered(window, "edge_extra_dice"))
    assert window.roll_panel.documents == [kira]


def test_a_follow_up_says_what_it_changed_and_what_it_cost(qtbot, window, dice):
    # Given Kira's roll of 2 hits with 3 Edge points
    document = window.new_character_of("shadowrun4")
    qtbot.keyClicks(window.current_editor().field_widget("name"), "Kira")
    roll_pistols(qtbot, window, dice, [5, 6, 1])
    assert not window.roll_panel.change.isVisible()

    # When Edge adds three dice
    dice.extend([5, 2, 3])
    action_button(window, "edge_extra_dice").click()
    qtbot.waitUntil(lambda: headline(window) == "3 hits - success", timeout=SETTLE_MS)

    # Then the tray says what changed and what it cost, and the history keeps it
    change = window.roll_panel.change
    assert change.isVisible()
    assert change.text() == "Edge: +3 dice: 2 hits - success → 3 hits - success · Edge 3 → 2"
    assert document.sheet.edge_current == 2
    window.roll_panel.finish()
    assert change.text() in children(window.history_model, 0)


def test_the_legend_names_the_marks_of_this_roll_and_a_key_hides_it(qtbot, window, dice):
    window.new_character_of("shadowrun4")
    roll_pistols(qtbot, window, dice, [5, 3, 1])
    legend = window.roll_panel.legend
    assert legend.isVisible()
    assert "green badge with a tick: counts" in legend.text()
    assert "orange burst" not in legend.text(), "only the marks this roll shows"

    qtbot.keyClick(window, Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier)
    assert not legend.isVisible()
    qtbot.keyClick(window, Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier)
    assert legend.isVisible()


def test_group_rolls_say_why_they_are_not_offered(qtbot, window):
    assert not window.group_roll_action.isEnabled()
    assert "Open a character first" in window.group_roll_action.toolTip()
    window.new_character_of("shadowrun4")
    assert not window.group_roll_action.isEnabled()
    assert window.group_roll_action.toolTip() == "Shadowrun 4 has no group rolls."
    qtbot.keyClick(window, Qt.Key.Key_G, Qt.KeyboardModifier.ControlModifier)
    window.group_roll_action.setEnabled(True)  # the menu entry is greyed; a stray call says why
    window.open_group_roll()
    assert window.statusBar().currentMessage() == "Shadowrun 4 has no group rolls."


def test_screen_readers_hear_each_die_the_outcome_and_each_action(qtbot, window, dice):
    window.new_character_of("shadowrun4")
    roll_pistols(qtbot, window, dice, [6, 1, 3])
    tray = window.roll_panel.tray
    assert tray.accessibleDescription() == "die 1: 6, hit; die 2: 1, miss, glitch; die 3: 3, miss"
    assert window.roll_panel.headline.accessibleName() == "Outcome: 1 hit - success"
    extra = action_button(window, "edge_extra_dice")
    assert extra.accessibleName() == "Edge: +3 dice (1 Edge)"
    assert "Costs 1 Edge" in extra.accessibleDescription()


def test_tab_leaves_the_notes(qtbot, window):
    window.new_character_of("shadowrun4")
    notes = window.current_editor().field_widget("notes")
    notes.setFocus()
    qtbot.waitUntil(notes.hasFocus)
    qtbot.keyClick(notes, Qt.Key.Key_Tab)
    assert notes.toPlainText() == ""
    assert not notes.hasFocus()
