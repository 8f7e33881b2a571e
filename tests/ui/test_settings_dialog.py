"""The settings dialog (Ctrl+,): animation, dice size, felt and dice colours, asking before
spending; kept with the other settings and applied at once.
"""

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

from shadowdice.storage.settings import SettingsStore
from shadowdice.ui.play.tray.palette import dice_colour, felt_colour
from shadowdice.ui.settings_dialog import SettingsDialog
from tests.ui.window_helpers import SETTLE_MS, action_button, choose


def open_dialog(qtbot, window) -> SettingsDialog:
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(window, Qt.Key.Key_Comma, Qt.KeyboardModifier.ControlModifier)
    dialog = window.findChild(SettingsDialog)
    assert dialog is not None and dialog.isVisible()
    return dialog


def test_the_settings_are_kept_and_applied(qtbot, make_window, app_paths, dice):
    # Given Kira open
    window = make_window()
    kira = window.new_character_of("shadowrun4")
    qtbot.keyClicks(window.current_editor().field_widget("name"), "Kira")

    # When the game master turns the animation off, makes dice large, the felt blue and
    # Kira's dice rose, and presses OK
    dialog = open_dialog(qtbot, window)
    choose(dialog.animation, "off")
    choose(dialog.dice_size, "large")
    choose(dialog.felt, "blue")
    choose(dialog.dice_colours["Kira"], "rose")
    dialog.buttons.button(dialog.buttons.StandardButton.Ok).click()

    # Then the tray follows at once
    tray = window.roll_panel.tray
    assert tray.duration_ms == 0
    assert tray.felt == felt_colour("blue")
    choose(window.check_panel.widget("skill"), "Pistols")
    dice.extend([5, 3, 2])
    window.check_panel.request_roll()
    qtbot.waitUntil(lambda: window.roll_panel.done_button.isEnabled(), timeout=SETTLE_MS)
    assert tray.die_size() > 72
    assert [item.colour for item in tray.die_items()] == [dice_colour("rose")] * 3

    # And the settings are kept for the next start
    stored = SettingsStore(app_paths.settings_file).load()
    assert (stored.animation, stored.dice_size, stored.felt) == ("off", "large", "blue")
    assert stored.dice_colours == {"Kira": "rose"}
    assert kira.title == "Kira"


def test_cancel_changes_nothing(qtbot, window, app_paths):
    dialog = open_dialog(qtbot, window)
    choose(dialog.felt, "red")
    dialog.reject()
    assert window.files.settings.felt == "green"
    assert window.roll_panel.tray.felt == felt_colour("green")
    assert window.roll_panel.tray.felt != QColor("#6e2b34")


def test_spending_asks_first_when_wanted(qtbot, window, dice, prompts):
    # Given asking before spending is on, and a roll with Edge left
    window.files.change_settings(confirm_spending=True)
    window.apply_settings()
    document = window.new_character_of("shadowrun4")
    choose(window.check_panel.widget("skill"), "Pistols")
    dice.extend([5, 3, 1])
    window.check_panel.request_roll()
    qtbot.waitUntil(lambda: window.roll_panel.done_button.isEnabled(), timeout=SETTLE_MS)

    # When Edge is asked for and the answer is no, nothing is spent
    prompts.yes_no_answers.append(False)
    action_button(window, "edge_extra_dice").click()
    assert prompts.asked_yes_no == ["Edge: +3 dice costs 1 Edge. Spend it?"]
    assert document.sheet.edge_current == 3

    # When the answer is yes, it is
    prompts.yes_no_answers.append(True)
    dice.extend([5, 5, 5])
    action_button(window, "edge_extra_dice").click()
    qtbot.waitUntil(lambda: document.sheet.edge_current == 2, timeout=SETTLE_MS)


def test_the_table_options_are_in_the_dialog(qtbot, window, app_paths):
    # Given the defaults: digital dice, secret rolls announced
    assert not window.game_table.real_table_action.isChecked()
    assert window.game_table.notice_action.isChecked()

    # When the game master ticks real dice for the whole table and stops announcing secrets
    dialog = open_dialog(qtbot, window)
    assert not dialog.real_dice_table.isChecked() and dialog.announce_secret_rolls.isChecked()
    dialog.real_dice_table.click()
    dialog.announce_secret_rolls.click()
    dialog.buttons.button(dialog.buttons.StandardButton.Ok).click()

    # Then the Roll and View menus follow, the dice source waits for everyone's typed faces,
    # and both are kept for the next start
    assert window.game_table.real_table_action.isChecked()
    assert window.game_table.real_dice.everyone
    assert not window.game_table.notice_action.isChecked()
    stored = SettingsStore(app_paths.settings_file).load()
    assert stored.real_dice_table and not stored.announce_secret_rolls

    # And the dialog opened again shows them as they are now
    dialog = window.open_settings()
    assert dialog.real_dice_table.isChecked() and not dialog.announce_secret_rolls.isChecked()
    dialog.reject()


def _colour_of_dice(qtbot, window, dice) -> list:
    choose(window.check_panel.widget("skill"), "Pistols")
    dice.extend([5, 3, 2])
    window.check_panel.request_roll()
    qtbot.waitUntil(lambda: window.roll_panel.done_button.isEnabled(), timeout=SETTLE_MS)
    colours = [item.colour for item in window.roll_panel.tray.die_items()]
    window.roll_panel.done_button.click()
    return colours


def test_a_dice_colour_stays_with_its_character_through_a_rename_and_apart_from_a_namesake(
    qtbot, make_window, app_paths, dice, tmp_path
):
    # Given two saved characters who are both called Kira
    window = make_window()
    first = window.new_character_of("shadowrun4")
    qtbot.keyClicks(window.current_editor().field_widget("name"), "Kira")
    window.prompts.save_answers.append(tmp_path / "kira-1.shadowdice")
    assert window.save(first)
    second = window.new_character_of("shadowrun4")
    qtbot.keyClicks(window.current_editor().field_widget("name"), "Kira")
    window.prompts.save_answers.append(tmp_path / "kira-2.shadowdice")
    assert window.save(second)

    # When the game master gives the first Kira rose dice (the dialog tells the two apart)
    window.show_party_member(window.documents().index(first))
    dialog = open_dialog(qtbot, window)
    labels = [dialog.dice_colours[key].accessibleName() for key in dialog.dice_colours]
    assert labels == [
        "Dice colour of Kira (kira-1.shadowdice)",
        "Dice colour of Kira (kira-2.shadowdice)",
    ]
    first_key = next(key for key in dialog.dice_colours if key.endswith("kira-1.shadowdice"))
    choose(dialog.dice_colours[first_key], "rose")
    dialog.buttons.button(dialog.buttons.StandardButton.Ok).click()

    # Then only her dice are rose, and they stay rose after she is renamed
    assert _colour_of_dice(qtbot, window, dice) == [dice_colour("rose")] * 3
    window.show_party_member(window.documents().index(second))
    assert dice_colour("rose") not in _colour_of_dice(qtbot, window, dice)
    window.show_party_member(window.documents().index(first))
    name = window.current_editor().field_widget("name")
    name.selectAll()
    qtbot.keyClicks(name, "Kira Vex")
    assert first.title == "Kira Vex"
    assert _colour_of_dice(qtbot, window, dice) == [dice_colour("rose")] * 3
