"""Star Wars D6 through the real main window: a character made from a template, its skill
dice distributed in the sheet editor, a skill rolled against a target number, and a damage
roll that wounds the sheet as one undo step with the roll.
"""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from shadowdice.storage.template_file import load_template
from shadowdice.systems import builtin_registry
from shadowdice.systems.starwars.damage import Wound
from shadowdice.ui.language import switch
from shadowdice.ui.template_library import TemplateLibrary
from tests.ui.window_helpers import (
    SETTLE_MS,
    choose,
    headline,
    star_wars_duel,
    type_code_into_cell,
)


def open_templates(qtbot, window):
    choose(window.system_selector, "starwars_d6")
    qtbot.keyClick(
        window,
        Qt.Key.Key_N,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    dialog = window.findChild(TemplateLibrary)
    assert dialog is not None and dialog.isVisible()
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    return dialog


def test_a_character_from_a_template_rolls_a_skill_against_a_target_number(qtbot, window, dice):
    # Given the Star Wars D6 templates, opened with Ctrl+Shift+N
    dialog = open_templates(qtbot, window)
    names = [dialog.template_list.item(i).text() for i in range(dialog.template_list.count())]
    assert "Freighter Runner (sample)" in names

    # When the player picks the Freighter Runner and creates the character
    dialog.select("Freighter Runner")
    qtbot.mouseClick(dialog.create_button, Qt.MouseButton.LeftButton)

    # Then a new character in creation opens, with 7D of skill dice to distribute
    qtbot.waitUntil(lambda: window.findChild(TemplateLibrary) is None)
    document = window.current_document()
    assert document.sheet.template == "Freighter Runner" and document.sheet.in_creation
    editor = window.current_editor()
    assert editor.field_widget("skill_dice_left").text() == "7D"

    # When 2D go to Blaster
    skills = editor.tables["skills"]
    type_code_into_cell(qtbot, skills, "Blaster", "added", "2D")
    assert editor.field_widget("skill_dice_left").text() == "5D"

    # And 3D to Dodge, more than creation allows for one skill
    type_code_into_cell(qtbot, skills, "Dodge", "added", "3D")

    # Then that is refused with the reason, and nothing is spent
    assert "2D" in editor.problem.text()
    assert editor.field_widget("skill_dice_left").text() == "5D"

    # When Blaster (Dexterity 3D+1 + 2D = 5D+1) is rolled against 15
    choose(window.check_panel.widget("roll"), "skill:Blaster")
    window.check_panel.widget("target").setValue(15)
    assert "5D+1" in window.check_panel.preview.text()
    dice.extend([6, 3, 2, 2, 1])
    qtbot.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)

    # Then the total 14 + 1 = 15 reaches the target
    qtbot.waitUntil(lambda: "15" in headline(window), timeout=SETTLE_MS)
    detail = window.roll_panel.findChild(QLabel, "outcome_detail").text()
    assert "15" in detail
    assert window.roll_panel.session.outcome().values["success"] is True


def test_a_template_edited_and_saved_becomes_the_players_own(qtbot, window, app_paths, prompts):
    # Given the templates dialog on a sample template
    dialog = open_templates(qtbot, window)
    dialog.select("Treeclan Warrior")
    sample_rows = dialog.template_list.count()

    # When its name is changed in the editor and it is saved with Ctrl+S
    name = dialog.current_entry().editor.field_widget("name")
    name.selectAll()
    qtbot.keyClicks(name, "Canopy Guard")
    assert dialog.template_list.currentItem().text() == "Canopy Guard (sample) *"
    qtbot.keyClick(dialog, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)

    # Then the sample is back as it shipped, and the player's copy is saved beside it
    items = [dialog.template_list.item(i).text() for i in range(dialog.template_list.count())]
    assert "Treeclan Warrior (sample)" in items
    assert items[-1] == "Canopy Guard" and len(items) == sample_rows + 1
    saved = load_template(dialog.current_entry().document.path, builtin_registry())
    assert saved.sheet.name == "Canopy Guard"
    assert saved.path.parent == app_paths.templates_dir

    # And a fresh dialog lists the player's template after the samples
    dialog.close()
    qtbot.waitUntil(lambda: window.findChild(TemplateLibrary) is None)
    again = open_templates(qtbot, window)
    texts = [again.template_list.item(i).text() for i in range(again.template_list.count())]
    assert texts[-1] == "Canopy Guard"
    assert prompts.asked_save_changes == []


def test_a_bad_code_in_a_template_table_is_refused_saying_how_codes_are_written(qtbot, window):
    # Given a new template of the player's own
    dialog = open_templates(qtbot, window)
    qtbot.mouseClick(dialog.new_button, Qt.MouseButton.LeftButton)
    attributes = dialog.current_entry().editor.tables["attributes"]

    # When "4W+" is typed as Dexterity
    type_code_into_cell(qtbot, attributes, "Dexterity", "code", "4W+")

    # Then the code is refused with a message saying how codes are written
    editor = dialog.current_entry().editor
    assert "4W+" in editor.problem.text()
    model = attributes.view.model()
    assert model.index(0, 1).data() != "4W+"


def test_a_long_sheet_and_check_scroll_and_the_window_keeps_a_laptops_height(qtbot, window):
    # Given the window at a laptop's height and two Star Wars characters from templates
    window.resize(1366, 760)
    system = window.registry.get("starwars_d6")
    choose(window.system_selector, "starwars_d6")
    samples = {template.name: template for template in system.sample_templates()}
    window.new_character(system.new_sheet_from_template(samples["Freighter Runner"]))
    window.new_character(system.new_sheet_from_template(samples["Bounty Tracker"]))

    # When the check asks for the most: an opponent character and the roll it makes
    choose(window.check_panel.widget("opponent"), "character")
    qtbot.wait(50)

    # Then the sheet and the check form scroll, and the window stays as it was
    assert window.check_panel.widget("defender_roll").isVisible()
    assert window.height() == 760
    assert window.minimumSizeHint().height() <= 760


def test_a_bad_code_in_a_field_stays_there_with_the_reason_to_correct(qtbot, window):
    # Given a Star Wars character and its ship's Sublight Speed field
    choose(window.system_selector, "starwars_d6")
    document = window.new_character()
    field = window.current_editor().field_widget("sublight_speed")

    # When "4W+" is typed and Enter pressed
    field.selectAll()
    qtbot.keyClicks(field, "4W+")
    qtbot.keyClick(field, Qt.Key.Key_Return)

    # Then the field keeps the text, says why, and the sheet is unchanged
    assert field.text() == "4W+"
    assert "4W+" in field.toolTip() and "4W+" in window.current_editor().problem.text()
    assert document.sheet.sublight_speed == "0D"

    # When it is corrected to "4D+1", it is taken and the reason goes
    field.selectAll()
    qtbot.keyClicks(field, "4d+1")
    qtbot.keyClick(field, Qt.Key.Key_Return)
    assert document.sheet.sublight_speed == "4D+1" and field.text() == "4D+1"
    assert window.current_editor().problem.text() == ""


def test_a_dodge_kept_on_the_defenders_sheet_marks_the_defenders_window_changed(
    qtbot, window, dice, tmp_path
):
    # Given two saved Star Wars characters: the runner shoots, the tracker dodges
    system = window.registry.get("starwars_d6")
    choose(window.system_selector, "starwars_d6")
    samples = {template.name: template for template in system.sample_templates()}
    runner = window.new_character(system.new_sheet_from_template(samples["Freighter Runner"]))
    tracker = window.new_character(system.new_sheet_from_template(samples["Bounty Tracker"]))
    runner.mark_saved(tmp_path / "runner.json")
    tracker.mark_saved(tmp_path / "tracker.json")
    window.tabs.setCurrentIndex(window.documents().index(runner))
    assert not tracker.modified

    # When the runner's Blaster is rolled against the tracker, who dodges
    choose(window.check_panel.widget("roll"), "skill:Blaster")
    choose(window.check_panel.widget("opponent"), "character")
    names = window.check_panel.widget("defender")
    names.item(0).setCheckState(Qt.CheckState.Checked)
    choose(window.check_panel.widget("defender_roll"), "skill:Dodge")
    dice.extend([4] * 20)
    qtbot.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: window.roll_panel.session is not None, timeout=SETTLE_MS)

    # Then the dodge's total is on the tracker's sheet, and the tracker's window shows it
    # unsaved, with the roll as the change to undo
    assert [dodge.segment for dodge in tracker.sheet.dodged] == [1]
    assert tracker.modified
    assert tracker.undo_stack.undoText().startswith("Blaster")
    tracker.undo_stack.undo()
    assert tracker.sheet.dodged == [] and not tracker.modified


@pytest.mark.parametrize(
    ("language", "check", "said", "healthy", "wounded"),
    [
        ("en", "Resist damage", "Bossk: wounded", "Healthy", "Wounded (-1D)"),
        ("de", "Schaden widerstehen", "Bossk: verwundet", "Gesund", "Verwundet (-1D)"),
    ],
)
def test_a_damage_roll_wounds_the_sheet_and_one_ctrl_z_takes_back_roll_and_wound(
    qtbot, window, dice, language, check, said, healthy, wounded
):
    # Given Bossk, healthy, his sheet shown; the table plays in the language given
    _han, bossk = star_wars_duel(window)
    window.tabs.setCurrentIndex(window.documents().index(bossk))
    switch(language)
    wound = window.current_editor().field_widget("wound")
    assert wound.currentText() == healthy and bossk.undo_stack.count() == 0

    # When he resists a 4D hit: the damage 16 reaches his Strength but not twice it
    choose(window.check_panel.widget("check"), "damage")
    dice.extend([4, 4, 4, 4] + [3] * 10)
    qtbot.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: window.roll_panel.session is not None, timeout=SETTLE_MS)
    detail = window.roll_panel.findChild(QLabel, "outcome_detail")
    qtbot.waitUntil(lambda: said in detail.text(), timeout=SETTLE_MS)

    # Then his sheet says wounded, and the roll with its wound is one step to undo
    assert bossk.sheet.wound is Wound.WOUNDED and bossk.sheet.stunned
    assert wound.currentText() == wounded
    assert bossk.undo_stack.count() == 1 and bossk.undo_stack.undoText().startswith(check)

    # When Ctrl+Z is pressed once
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)

    # Then both are taken back: the sheet is healthy again, the roll marked undone
    assert bossk.sheet.wound is Wound.HEALTHY and not bossk.sheet.stunned
    assert wound.currentText() == healthy
    assert bossk.undo_stack.index() == 0
    entry = window.history_model.index(0)
    assert window.history_model.rowCount() == 1 and "Bossk" in entry.data()
    assert entry.data(Qt.ItemDataRole.FontRole).strikeOut()
