"""A Shadowrun 4 character through the real main window, as a player uses it."""

import pytest
import shiboken6
from PySide6.QtCore import QCoreApplication, QEvent, Qt
from PySide6.QtGui import QShortcut
from PySide6.QtWidgets import QLabel, QPushButton

from shadowdice.app import roll_and_write
from shadowdice.ui.prompts import SaveChoice
from tests.ui.window_helpers import SETTLE_MS, choose, headline, type_into_cell


def test_create_edit_roll_spend_edge_save_and_reopen(qtbot, window, dice, prompts, tmp_path):
    # Given a new Shadowrun character named Kira
    window.system_selector.setCurrentIndex(window.system_selector.findData("shadowrun4"))
    qtbot.keyClick(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    editor = window.current_editor()
    qtbot.keyClicks(editor.field_widget("name"), "Kira")
    assert window.tabs.tabText(0) == "Kira*"

    # When Agility is set to 5 and Pistols to 4 by typing into the tables
    type_into_cell(qtbot, editor.tables["attributes"], "Agility", 1, "5")
    type_into_cell(qtbot, editor.tables["skills"], "Pistols", 1, "4")
    sheet = window.current_document().sheet
    assert sheet.attribute("Agility") == 5 and sheet.skill("Pistols").rating == 4

    # And a check of Agility + Pistols is rolled: 9 dice, 2 hits, five 1s
    panel = window.check_panel
    choose(panel.widget("skill"), "Pistols")
    assert "Agility 5 + Pistols 4 = 9 dice" in panel.preview.text()
    dice.extend([5, 1, 1, 6, 1, 1, 1, 3, 2])
    qtbot.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)

    # Then the tray shows a glitch with its two hits
    qtbot.waitUntil(lambda: headline(window) == "Glitch!", timeout=SETTLE_MS)
    detail = window.roll_panel.findChild(QLabel, "outcome_detail").text()
    assert "2 hits - success" in detail and "5 of 9 dice show 1" in detail

    # When Edge is spent after the roll: three more dice, 6 -> 5, 5 and 2
    buttons = {b.objectName(): b for b in window.roll_panel.findChildren(QPushButton)}
    extra = buttons["action_edge_extra_dice"]
    assert extra.text() == "Edge: +3 dice (1 Edge)" and extra.isEnabled()
    dice.extend([6, 5, 2, 5])
    qtbot.mouseClick(extra, Qt.MouseButton.LeftButton)

    # Then the hits are added, the glitch is gone (5 ones of 12 dice), Edge is charged
    qtbot.waitUntil(lambda: headline(window) == "5 hits - success", timeout=SETTLE_MS)
    assert sheet.edge_current == 2
    assert editor.field_widget("edge_current").value() == 2
    reroll = next(
        b
        for b in window.roll_panel.action_buttons()
        if b.objectName() == "action_edge_reroll_misses"
    )
    assert not reroll.isEnabled() and "one point per check" in reroll.toolTip()

    # When the roll is done, it is in the history
    qtbot.mouseClick(window.roll_panel.done_button, Qt.MouseButton.LeftButton)
    assert window.history_model.rowCount() == 1
    assert "Kira: Agility + Pistols — 5 hits - success" in window.history_model.index(0).data()

    # When saved (Ctrl+S asks where the first time)
    path = tmp_path / "kira.json"
    prompts.save_answers.append(path)
    qtbot.keyClick(window, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert path.exists() and window.tabs.tabText(0) == "Kira"

    # And closed, then opened again
    assert window.close_current()
    assert window.tabs.count() == 0
    prompts.open_answers.append(path)
    qtbot.keyClick(window, Qt.Key.Key_O, Qt.KeyboardModifier.ControlModifier)

    # Then the same sheet is back
    reopened = window.current_document().sheet
    assert reopened == sheet
    assert reopened.name == "Kira" and reopened.edge_current == 2
    assert window.current_editor().field_widget("name").text() == "Kira"


def test_a_closed_character_is_freed(qtbot, window, prompts):
    document = window.new_character()
    prompts.save_changes_answers.append(SaveChoice.DISCARD)
    window.close_current()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    assert not shiboken6.isValid(document)


def test_closing_with_unsaved_changes_asks_and_cancel_keeps_the_window(qtbot, window, prompts):
    window.new_character()
    prompts.save_changes_answers.append(SaveChoice.CANCEL)
    window.close()
    assert prompts.asked_save_changes == ["New Shadowrun 4 character"]
    assert window.isVisible() and window.tabs.count() == 1

    prompts.save_changes_answers.append(SaveChoice.DISCARD)
    window.close()
    assert not window.isVisible()


def test_refused_edit_is_undone_and_explained(qtbot, window):
    window.new_character()
    editor = window.current_editor()
    type_into_cell(qtbot, editor.tables["attributes"], "Magic", 1, "3")
    type_into_cell(qtbot, editor.tables["attributes"], "Resonance", 1, "2")
    sheet = window.current_document().sheet
    assert sheet.attribute("Magic") == 3 and sheet.attribute("Resonance") == 0
    assert editor.problem.text() == "a character has Magic or Resonance, not both"


def test_out_of_range_values_cannot_be_typed(qtbot, window):
    window.new_character()
    editor = window.current_editor()
    type_into_cell(qtbot, editor.tables["skills"], "Pistols", 1, "99")
    assert window.current_document().sheet.skill("Pistols").rating == 9, "the second 9 is refused"
    assert editor.problem.text() == ""
    edge = editor.field_widget("edge_current")
    assert (edge.minimum(), edge.maximum()) == (0, 3)


def test_pool_of_zero_cannot_be_rolled_and_says_why(qtbot, window):
    window.new_character()
    panel = window.check_panel
    choose(panel.widget("attribute"), "")
    assert not panel.roll_button.isEnabled()
    assert "Choose a skill or an attribute" in panel.preview.text()
    panel.widget("modifier").setValue(-1)
    assert "A pool of -1 dice fails automatically" in panel.preview.text()
    choose(panel.widget("edge"), "long_shot")
    assert panel.roll_button.isEnabled()


def test_a_file_that_cannot_be_read_is_reported_and_left_alone(qtbot, window, prompts, tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "shadowdice-character", ', encoding="utf-8")
    before = broken.read_bytes()
    assert window.open_path(broken) is None
    assert window.tabs.count() == 0
    assert prompts.errors and "broken.json" in prompts.errors[0][1]
    assert broken.read_bytes() == before


def test_several_characters_each_keep_their_own_check(qtbot, window):
    window.new_character()
    qtbot.keyClicks(window.current_editor().field_widget("name"), "Ash")
    panel = window.check_panel
    panel.widget("threshold").setValue(3)
    choose(panel.widget("skill"), "Perception")
    window.new_character()
    qtbot.keyClicks(window.current_editor().field_widget("name"), "Bo")
    assert [d.title for d in window.documents()] == ["Ash", "Bo"]
    assert panel.title() == "Check for Bo" and panel.widget("threshold").value() == 0

    window.tabs.setCurrentIndex(0)
    assert panel.title() == "Check for Ash"
    assert panel.widget("threshold").value() == 3
    assert panel.widget("skill").currentData() == "Perception"


def test_edge_before_the_roll_and_a_long_shot_through_the_window(qtbot, window, dice):
    document = window.new_character()
    panel = window.check_panel
    choose(panel.widget("skill"), "Pistols")
    choose(panel.widget("edge"), "before")
    assert "= 3 dice → 6 with Edge" in panel.preview.text()
    dice.extend([6, 2, 2, 2, 5, 1, 5])
    panel.roll_button.click()
    qtbot.waitUntil(lambda: headline(window) == "3 hits - success", timeout=SETTLE_MS)
    assert document.sheet.edge_current == 2 and document.modified
    assert not any(b.isEnabled() for b in window.roll_panel.action_buttons())

    choose(panel.widget("skill"), "")
    choose(panel.widget("attribute"), "")
    choose(panel.widget("edge"), "long_shot")
    dice.extend([1, 1, 4])
    panel.roll_button.click()
    qtbot.waitUntil(lambda: headline(window) == "Critical glitch!", timeout=SETTLE_MS)
    assert document.sheet.edge_current == 1
    assert window.history_model.rowCount() == 1, "the new roll finished the one before"


def test_closing_a_character_puts_its_roll_in_the_history(qtbot, window, dice, prompts):
    window.new_character()
    choose(window.check_panel.widget("attribute"), "Agility")
    dice.extend([5, 2, 2])
    window.check_panel.roll_button.click()
    qtbot.waitUntil(lambda: headline(window) == "1 hit - success", timeout=SETTLE_MS)
    prompts.save_changes_answers.append(SaveChoice.DISCARD)
    assert window.close_current()
    assert window.history_model.rowCount() == 1
    assert window.roll_panel.action_buttons() == [], "no Edge for a closed character"
    assert not window.check_panel.roll_button.isEnabled()


def test_saving_over_a_file_open_in_another_tab_is_refused(qtbot, window, prompts, tmp_path):
    path = tmp_path / "ash.json"
    first = window.new_character()
    prompts.save_answers.append(path)
    assert window.save(first)
    second = window.new_character()
    prompts.save_answers.append(path)
    assert not window.save(second, ask=True)
    assert "ash.json is open as ash. Close it first" in prompts.errors[-1][1]
    assert second.path is None and second.modified


def test_a_save_that_fails_is_reported_and_the_character_stays_unsaved(
    qtbot, window, prompts, tmp_path
):
    document = window.new_character()
    prompts.save_answers.append(tmp_path / "no such folder" / "ash.json")
    assert not window.save(document)
    assert prompts.errors and "ash.json" in prompts.errors[-1][1]
    assert document.modified and window.tabs.tabText(0).endswith("*")


def test_adding_a_skill_while_only_rated_ones_show_keeps_it_in_sight(qtbot, window):
    window.new_character()
    skills = window.current_editor().tables["skills"]
    skills.hide_unrated.setChecked(True)
    assert skills.view.model().rowCount() == 0
    qtbot.mouseClick(skills.findChild(QPushButton, "add_skills"), Qt.MouseButton.LeftButton)
    assert not skills.hide_unrated.isChecked()
    current = skills.view.currentIndex()
    assert current.isValid() and current.data() == "New skill 1"


def test_custom_skills_are_added_and_removed_with_insert_and_delete(qtbot, window):
    document = window.new_character()
    view = window.current_editor().tables["skills"].view
    view.setFocus()
    count = len(document.sheet.skills)
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    view.setCurrentIndex(view.model().index(0, 0))
    shortcut = next(s for s in view.findChildren(QShortcut) if s.key().toString() == "Ins")
    shortcut.activated.emit()
    assert len(document.sheet.skills) == count + 1
    qtbot.keyClick(view, Qt.Key.Key_Escape)  # leave the name editor the new row opened
    delete = next(s for s in view.findChildren(QShortcut) if s.key().toString() == "Del")
    delete.activated.emit()
    assert len(document.sheet.skills) == count


def test_edge_before_the_roll_is_not_spent_again_by_the_next_roll(qtbot, window, dice):
    document = window.new_character()
    panel = window.check_panel
    choose(panel.widget("attribute"), "Agility")
    choose(panel.widget("edge"), "before")
    dice.extend([2] * 6)
    panel.roll_button.click()
    assert document.sheet.edge_current == 2
    assert panel.widget("edge").currentData() == ""
    assert panel.widget("attribute").currentData() == "Agility", "other choices stay"


def test_the_offered_actions_follow_the_sheet_during_a_roll(qtbot, window, dice):
    document = window.new_character()
    document.sheet.edge_current = 0
    document.mark_changed()
    choose(window.check_panel.widget("attribute"), "Agility")
    dice.extend([2, 2, 2])
    window.check_panel.roll_button.click()
    qtbot.waitUntil(lambda: headline(window) == "0 hits - failure", timeout=SETTLE_MS)
    extra = next(
        b for b in window.roll_panel.action_buttons() if b.objectName() == "action_edge_extra_dice"
    )
    assert not extra.isEnabled()
    window.current_editor().field_widget("edge_current").setValue(1)
    extra = next(
        b for b in window.roll_panel.action_buttons() if b.objectName() == "action_edge_extra_dice"
    )
    assert extra.isEnabled()


def test_a_new_character_is_saved_as_a_shadowdice_file_named_after_it(
    qtbot, window, prompts, app_paths
):
    window.new_character()
    qtbot.keyClicks(window.current_editor().field_widget("name"), "Kira")
    prompts.save_answers.append(None)  # the player looks at the suggestion and cancels

    qtbot.keyClick(window, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)

    assert prompts.suggested_saves == [app_paths.characters_dir / "Kira.shadowdice"]


@pytest.mark.parametrize("modifier", [10**9, 2**63, True, "3"])
def test_a_roll_from_the_command_line_past_the_bounds_is_refused_at_once(
    window, tmp_path, capsys, modifier
):
    # Given a Shadowrun 4 character open, and a --roll asking for a modifier no check has
    window.new_character_of("shadowrun4")
    result = tmp_path / "roll.json"

    # When it is rolled as the command line does
    code = roll_and_write(window, {"modifier": modifier}, result)

    # Then nothing is rolled, and the reason names the modifier
    assert code == 1 and not result.exists()
    assert "modifier" in capsys.readouterr().err
