"""Undo and redo through the main window: sheet edits, rows, rests and what rolls spend."""

import json

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

from tests.ui.window_helpers import SETTLE_MS, choose, headline, roll_edge_dice, type_into_cell

CTRL = Qt.KeyboardModifier.ControlModifier
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


def undo(qtbot, window):
    qtbot.keyClick(window, Qt.Key.Key_Z, CTRL)


def redo(qtbot, window):
    qtbot.keyClick(window, Qt.Key.Key_Z, CTRL_SHIFT)


def saved_character(window, prompts, tmp_path, name="Kira"):
    """A new Shadowrun character, saved: nothing unsaved."""
    window.system_selector.setCurrentIndex(window.system_selector.findData("shadowrun4"))
    document = window.new_character()
    window.current_editor().field_widget("name").setText(name)
    document.set_field(document.fields()[0], name)
    prompts.save_answers.append(tmp_path / f"{name}.shadowdice")
    assert window.save_current()
    assert not document.modified
    assert window.tabs.tabText(window.tabs.currentIndex()) == name
    return document


def cell_text(table_view, row_name, column):
    model = table_view.view.model()
    for row in range(model.rowCount()):
        if model.index(row, 0).data() == row_name:
            return model.index(row, column).data()
    raise AssertionError(f"no row {row_name!r}")


def test_a_cell_edit_is_undone_and_redone_and_the_star_follows(qtbot, window, prompts, tmp_path):
    # Given a saved character with Agility 3
    document = saved_character(window, prompts, tmp_path)
    attributes = window.current_editor().tables["attributes"]
    assert cell_text(attributes, "Agility", 1) == 3

    # When Agility is typed as 5
    type_into_cell(qtbot, attributes, "Agility", 1, "5")
    # Then the cell shows 5, the tab its star, and the menu what Undo would undo
    assert cell_text(attributes, "Agility", 1) == 5
    assert window.tabs.tabText(0) == "Kira*" and window.isWindowModified()
    assert window.undo_action.text() == "&Undo Rating of Agility"

    # When Ctrl+Z is pressed
    undo(qtbot, window)
    # Then Agility reads 3 again and the character is as saved: no star
    assert cell_text(attributes, "Agility", 1) == 3
    assert document.sheet.attribute("Agility") == 3
    assert window.tabs.tabText(0) == "Kira" and not window.isWindowModified()
    assert window.undo_action.text() == "&Undo Name" and window.redo_action.isEnabled()

    # When Ctrl+Shift+Z is pressed
    redo(qtbot, window)
    # Then the 5 is back, and so is the star
    assert cell_text(attributes, "Agility", 1) == 5
    assert window.tabs.tabText(0) == "Kira*"


def test_a_name_typed_letter_by_letter_is_one_step_and_ctrl_z_in_the_field_undoes_it(
    qtbot, window, prompts, tmp_path
):
    # Given a saved character Kira, and her name field with the keyboard in it
    saved_character(window, prompts, tmp_path)
    name = window.current_editor().field_widget("name")
    name.setFocus()
    name.end(False)

    # When " Tanaka" is typed, then Ctrl+Z is pressed in the field
    qtbot.keyClicks(name, " Tanaka")
    assert window.tabs.tabText(0) == "Kira Tanaka*"
    qtbot.keyClick(name, Qt.Key.Key_Z, CTRL)

    # Then the whole word goes at once, in the field and in the tab, with no star
    assert name.text() == "Kira"
    assert window.tabs.tabText(0) == "Kira"

    # And Ctrl+Shift+Z in the field brings it back
    qtbot.keyClick(name, Qt.Key.Key_Z, CTRL_SHIFT)
    assert name.text() == "Kira Tanaka"


def test_a_removed_row_comes_back(qtbot, window):
    # Given a new character with a skill of their own added
    document = window.new_character()
    skills = window.current_editor().tables["skills"]
    qtbot.mouseClick(skills.findChild(QPushButton, "add_skills"), Qt.MouseButton.LeftButton)
    qtbot.keyClick(skills.view, Qt.Key.Key_Escape)
    count = skills.view.model().rowCount()
    assert cell_text(skills, "New skill 1", 1) == 0

    # When it is removed, then Ctrl+Z is pressed
    qtbot.mouseClick(skills.findChild(QPushButton, "remove_skills"), Qt.MouseButton.LeftButton)
    assert skills.view.model().rowCount() == count - 1
    undo(qtbot, window)

    # Then the row is back in the table; a second Ctrl+Z takes the added row away
    assert skills.view.model().rowCount() == count
    assert cell_text(skills, "New skill 1", 1) == 0
    undo(qtbot, window)
    assert skills.view.model().rowCount() == count - 1
    assert "New skill 1" not in [skill.name for skill in document.sheet.skills]


def test_undoing_edge_spent_in_a_roll_gives_it_back_and_marks_the_roll_undone(
    qtbot, window, dice, prompts, tmp_path
):
    # Given a saved character with 3 Edge
    document = saved_character(window, prompts, tmp_path)
    edge = window.current_editor().field_widget("edge_current")

    # When she rolls Agility with no hits, Edge buys three more dice, and the roll is done
    roll_edge_dice(qtbot, window, dice)
    assert edge.value() == 2 and window.tabs.tabText(0) == "Kira*"
    assert window.undo_action.text() == "&Undo Agility: 1 Edge"

    # When Ctrl+Z is pressed
    undo(qtbot, window)

    # Then the Edge is back, the character as saved, and the roll stays in the history,
    # marked undone
    assert edge.value() == 3 and document.sheet.edge_current == 3
    assert window.tabs.tabText(0) == "Kira"
    assert window.history_model.rowCount() == 1
    entry = window.history_model.index(0)
    assert entry.data().endswith("Kira: Agility — 3 hits - success (undone)")
    assert "what Kira spent was given back" in entry.data(Qt.ItemDataRole.ToolTipRole)
    assert entry.data(Qt.ItemDataRole.FontRole).strikeOut()
    copied = window.history.copy_as_text().splitlines()
    assert copied[0].endswith("(undone)")
    assert copied[1] == "    Undone: what Kira spent was given back."

    # When Ctrl+Shift+Z is pressed, the Edge is spent again and the roll stands
    redo(qtbot, window)
    assert edge.value() == 2
    assert not window.history_model.index(0).data().endswith("(undone)")


def test_undo_during_a_roll_finishes_it_first(qtbot, window, dice):
    # Given Edge spent before the roll, the roll still in the tray
    document = window.new_character()
    choose(window.check_panel.widget("attribute"), "Agility")
    choose(window.check_panel.widget("edge"), "before")
    dice.extend([2, 2, 2, 2, 2, 2])
    window.check_panel.roll_button.click()
    qtbot.waitUntil(lambda: headline(window) == "0 hits - failure", timeout=SETTLE_MS)
    assert document.sheet.edge_current == 2 and window.history_model.rowCount() == 0

    # When Ctrl+Z is pressed
    undo(qtbot, window)

    # Then the roll is finished into the history, marked undone, and the Edge is back
    assert window.roll_panel.session.finished
    assert window.history_model.rowCount() == 1
    assert window.history_model.index(0).data().endswith("(undone)")
    assert document.sheet.edge_current == 3
    assert not window.roll_panel.done_button.isEnabled()


def test_each_character_undoes_its_own_changes(qtbot, window, prompts, tmp_path):
    # Given Kira and Jax, both saved, and Kira's Agility set to 5
    kira = saved_character(window, prompts, tmp_path, "Kira")
    type_into_cell(qtbot, window.current_editor().tables["attributes"], "Agility", 1, "5")
    jax = saved_character(window, prompts, tmp_path, "Jax")

    # When Ctrl+Z is pressed in Jax's tab
    undo(qtbot, window)

    # Then Jax's last edit is undone (his name), nothing of Kira's
    assert jax.sheet.name == "" and kira.sheet.attribute("Agility") == 5 and kira.modified

    # When Kira's tab is chosen and Ctrl+Z pressed, her edit is undone
    window.tabs.setCurrentIndex(0)
    undo(qtbot, window)
    assert kira.sheet.attribute("Agility") == 3 and not kira.modified


def test_a_rest_is_undone_in_one_step(qtbot, window, prompts):
    # Given a Phase Six character with 3 bonus dice at most, 1 left
    window.system_selector.setCurrentIndex(window.system_selector.findData("phasesix"))
    window.new_character()
    editor = window.current_editor()
    editor.field_widget("bonus_dice_max").setValue(3)
    editor.field_widget("bonus_dice").setValue(1)

    # When the character rests, the bonus dice are back to 3
    qtbot.mouseClick(editor.findChild(QPushButton, "sheet_action_rest"), Qt.MouseButton.LeftButton)
    assert editor.field_widget("bonus_dice").value() == 3
    assert window.undo_action.text() == "&Undo Rest"

    # When Ctrl+Z is pressed, 1 is left again, and the maximum stays
    undo(qtbot, window)
    assert editor.field_widget("bonus_dice").value() == 1
    assert editor.field_widget("bonus_dice_max").value() == 3


def test_undoing_what_one_member_of_a_group_roll_spent(qtbot, window, dice, prompts, tmp_path):
    # Given Ash and Bo, Phase Six characters saved with 2 bonus dice each
    window.system_selector.setCurrentIndex(window.system_selector.findData("phasesix"))
    members = []
    for name in ("Ash", "Bo"):
        document = window.new_character()
        document.set_field(document.fields()[0], name)
        prompts.save_answers.append(tmp_path / f"{name}.shadowdice")
        assert window.save_current()
        members.append(document)
    ash, bo = members

    # And a group roll of Perception in which Ash adds a bonus die, then done
    dialog = window.open_group_roll()
    trait = dialog.form.widget("trait")
    trait.setCurrentIndex(trait.findData("skill:Perception"))
    dice.extend([5, 2])
    dialog.roll_button.click()
    qtbot.waitUntil(lambda: headline(window).startswith("Group:"), timeout=SETTLE_MS)
    bonus = next(
        b for b in window.roll_panel.action_buttons() if b.objectName() == "action_0:bonus_die"
    )
    dice.extend([6])
    qtbot.mouseClick(bonus, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: ash.sheet.bonus_dice == 1, timeout=SETTLE_MS)
    window.roll_panel.finish()
    assert not bo.modified

    # When Ctrl+Z is pressed in Ash's tab
    window.tabs.setCurrentIndex(0)
    undo(qtbot, window)

    # Then Ash has the bonus die back, and the group roll is marked undone for Ash
    assert ash.sheet.bonus_dice == 2 and not ash.modified
    entry = window.history_model.index(0)
    assert entry.data().endswith("(undone)")
    assert "what Ash spent was given back" in entry.data(Qt.ItemDataRole.ToolTipRole)


def test_a_template_edit_is_undone_in_the_templates_dialog(qtbot, window):
    # Given the Star Wars templates, a sample's name typed over
    window.system_selector.setCurrentIndex(window.system_selector.findData("starwars_d6"))
    dialog = window.open_templates()
    dialog.select("Treeclan Warrior")
    name = dialog.current_entry().editor.field_widget("name")
    name.selectAll()
    qtbot.keyClicks(name, "Canopy Guard")
    assert dialog.template_list.currentItem().text() == "Canopy Guard (sample) *"

    # When Ctrl+Z is pressed in the name field, the sample is as it shipped
    qtbot.keyClick(name, Qt.Key.Key_Z, CTRL)
    assert name.text() == "Treeclan Warrior"
    assert dialog.template_list.currentItem().text() == "Treeclan Warrior (sample)"

    # And Ctrl+Shift+Z brings the new name back
    qtbot.keyClick(name, Qt.Key.Key_Z, CTRL_SHIFT)
    assert name.text() == "Canopy Guard"


def test_a_resource_changed_on_the_card_is_undone_with_ctrl_z_in_its_box(
    qtbot, window, prompts, tmp_path
):
    # Given Kira saved, in Play, her Edge lowered from 3 to 2 with the arrow key
    document = saved_character(window, prompts, tmp_path)
    window.toggle_play_edit()
    edge = window.current_card().resources["edge_current"]
    edge.setFocus()
    qtbot.keyClick(edge, Qt.Key.Key_Down)
    assert document.sheet.edge_current == 2 and document.modified

    # When Ctrl+Z is pressed in the Edge box
    qtbot.keyClick(edge.lineEdit(), Qt.Key.Key_Z, CTRL)

    # Then Edge is 3 again, in the box and on the sheet, and nothing is unsaved
    assert document.sheet.edge_current == 3 and edge.text() == "3 / 3"
    assert not document.modified


def test_undoing_edge_spent_in_a_secret_roll_after_it_was_revealed_marks_the_roll(
    qtbot, window, dice, prompts, tmp_path
):
    # Given a saved character who spent 1 Edge in a secret roll, then revealed
    document = saved_character(window, prompts, tmp_path)
    window.check_panel.secret_box.setChecked(True)
    roll_edge_dice(qtbot, window, dice)
    assert document.sheet.edge_current == 2
    window.history.setCurrentIndex(window.history.model().index(0, 0))
    revealed = window.game_table.reveal()
    assert revealed is not None and revealed.revealed

    # When Ctrl+Z is pressed
    undo(qtbot, window)

    # Then the Edge is back and the revealed roll is marked undone, in the history and the log
    assert document.sheet.edge_current == 3
    assert window.history_model.records() == [revealed]
    assert window.history_model.undone(revealed) == ("Kira",)
    assert window.history_model.index(0).data().endswith("(undone)")
    entries = [json.loads(line) for line in window.roll_log.path.read_text("utf-8").splitlines()]
    rolled = next(entry["id"] for entry in entries if entry.get("type") == "roll")
    assert [entry["roll"] for entry in entries if entry.get("type") == "undone"] == [rolled]


def test_the_edit_menu_shows_an_ampersand_in_a_name_as_typed(qtbot, window):
    # Given a skill of the character's own, named "Knives & Forks"
    document = window.new_character()
    skills = next(table for table in document.tables() if table.key == "skills")
    row = document.add_row(skills)
    document.set_cell(skills, row, 0, "Knives & Forks")

    # When it is removed
    document.remove_row(skills, row)

    # Then the menu offers to undo it by its name: "&" shows as itself, not as a key mark
    assert window.undo_action.text() == "&Undo Removing Knives && Forks"
    undo(qtbot, window)
    assert window.redo_action.text() == "&Redo Removing Knives && Forks"
    assert window.undo_action.text() == "&Undo Skill of Knives && Forks"
