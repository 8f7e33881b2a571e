"""Phase Six through the real main window: a group roll of three characters, and a rest."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QPushButton, QSpinBox

from shadowdice.ui.play.group_roll_dialog import GroupRollDialog
from tests.ui.window_helpers import SETTLE_MS, headline


def new_phase_six(qtbot, window, name, perception):
    window.system_selector.setCurrentIndex(window.system_selector.findData("phasesix"))
    document = window.new_character()
    qtbot.keyClicks(window.current_editor().field_widget("name"), name)
    skills = next(t for t in document.system.sheet_tables() if t.key == "skills")
    row = next(i for i, s in enumerate(document.sheet.skills) if s.name == "Perception")
    document.set_cell(skills, row, [c.key for c in skills.columns].index("value"), perception)
    return document


def test_a_group_roll_of_three_characters(qtbot, window, dice, prompts, tmp_path):
    # Given three saved Phase Six characters with Perception 2, 3 and 1 (current rules, 5+)
    ash = new_phase_six(qtbot, window, "Ash", 2)
    bo = new_phase_six(qtbot, window, "Bo", 3)
    cy = new_phase_six(qtbot, window, "Cy", 1)
    for document in (ash, bo, cy):
        prompts.save_answers.append(tmp_path / f"{document.title}.json")
        assert window.save(document)

    # When the game master opens the group roll (Ctrl+G) and asks Perception, 4 successes
    qtbot.keyClick(window, Qt.Key.Key_G, Qt.KeyboardModifier.ControlModifier)
    dialog = window.findChild(GroupRollDialog)
    assert dialog is not None and dialog.isVisible()
    assert [dialog.member_list.item(i).text() for i in range(3)] == ["Ash", "Bo", "Cy"]
    trait = dialog.form.widget("trait")
    trait.setCurrentIndex(trait.findData("skill:Perception"))
    dialog.form.widget("needed").setValue(4)
    assert "Ash: Perception 2 → 2 dice" in dialog.preview.text()
    dice.extend([5, 2, 6, 1, 5, 3])
    qtbot.mouseClick(dialog.roll_button, Qt.MouseButton.LeftButton)

    # Then the tray groups the dice by character and the group falls one short
    qtbot.waitUntil(
        lambda: headline(window) == "Group: 3 of 4 successes - failed", timeout=SETTLE_MS
    )
    qtbot.waitUntil(lambda: window.findChild(GroupRollDialog) is None)  # closed and gone
    assert window.roll_panel.tray.captions() == ["Ash", "Bo", "Cy"]
    detail = window.roll_panel.findChild(QLabel, "outcome_detail").text()
    assert "Ash 1 · Bo 2 · Cy 0" in detail

    # When Ash adds a bonus die from the row of Ash's actions
    buttons = {b.objectName(): b for b in window.roll_panel.action_buttons()}
    bonus = buttons["action_0:bonus_die"]
    assert bonus.text() == "Add a bonus die" and "Costs 1 bonus die" in bonus.toolTip()
    assert "action_0:destiny_die" not in buttons, "a member shows only what they can do"
    dice.extend([6])
    qtbot.mouseClick(bonus, Qt.MouseButton.LeftButton)

    # Then the group makes it, and only Ash paid for it
    qtbot.waitUntil(
        lambda: headline(window) == "Group: 4 of 4 successes - made it", timeout=SETTLE_MS
    )
    assert (ash.sheet.bonus_dice, bo.sheet.bonus_dice, cy.sheet.bonus_dice) == (1, 2, 2)
    assert [d.modified for d in (ash, bo, cy)] == [True, False, False]
    qtbot.keyClick(window, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert "Ash, Bo, Cy: Group roll: Perception" in window.history_model.index(0).data()


def test_a_member_left_out_does_not_roll(qtbot, window, dice):
    new_phase_six(qtbot, window, "Ash", 2)
    bo = new_phase_six(qtbot, window, "Bo", 3)
    dialog = window.open_group_roll()
    dialog.set_member(bo, rolls=False)
    trait = dialog.form.widget("trait")
    trait.setCurrentIndex(trait.findData("skill:Perception"))
    dice.extend([5, 5])
    dialog.roll_button.click()
    qtbot.waitUntil(lambda: headline(window).startswith("Group: 2 of"), timeout=SETTLE_MS)
    assert window.roll_panel.tray.captions() == ["Ash"]


def test_group_rolls_are_offered_only_for_systems_that_have_them(qtbot, window):
    window.new_character()  # Shadowrun 4, the first system
    assert not window.group_roll_action.isEnabled()
    new_phase_six(qtbot, window, "Ash", 2)
    assert window.group_roll_action.isEnabled()


def test_a_classic_rest_asks_about_ten_hours(qtbot, window, prompts):
    document = new_phase_six(qtbot, window, "Hagen", 2)
    editor = window.current_editor()
    variant = editor.field_widget("variant")
    variant.setCurrentIndex(variant.findData("classic"))
    document.sheet.destiny_dice_max = 2
    document.sheet.bonus_dice = 0
    prompts.yes_no_answers = [False]
    qtbot.mouseClick(editor.findChild(QPushButton, "sheet_action_rest"), Qt.MouseButton.LeftButton)
    assert prompts.asked_yes_no == ["Did the rest last at least 10 hours?"]
    assert document.sheet.bonus_dice == 2 and document.sheet.destiny_dice == 0
    assert "Destiny dice stay at 0 of 2" in window.statusBar().currentMessage()


def test_a_classic_reroll_die_is_picked_in_the_tray(qtbot, window, dice):
    # Given Hagen by the classic rules, Courage 3 against his Strength's 4+
    document = new_phase_six(qtbot, window, "Hagen", 0)
    variant = window.current_editor().field_widget("variant")
    variant.setCurrentIndex(variant.findData("classic"))
    courage = next(i for i, s in enumerate(document.sheet.skills) if s.name == "Courage")
    skills = next(t for t in document.system.sheet_tables() if t.key == "skills")
    document.set_cell(skills, courage, [c.key for c in skills.columns].index("value"), 3)
    panel = window.check_panel
    trait, source = panel.widget("trait"), panel.widget("minimum_roll_from")
    trait.setCurrentIndex(trait.findData("skill:Courage"))
    source.setCurrentIndex(source.findData("Strength"))
    dice.extend([1, 5, 2])
    panel.roll_button.click()
    qtbot.waitUntil(lambda: headline(window) == "1 success", timeout=SETTLE_MS)

    # When the player rerolls one die: the tray asks, the 2 is picked instead of the
    # suggested 1, and Ctrl+Enter confirms
    reroll = next(
        b for b in window.roll_panel.action_buttons() if b.objectName() == "action_reroll_die"
    )
    qtbot.mouseClick(reroll, Qt.MouseButton.LeftButton)
    tray = window.roll_panel.tray
    assert tray.is_picking() and tray.picked() == [0]
    tray.toggle_die(2)
    assert tray.picked() == [2]
    dice.extend([6])
    qtbot.keyClick(window, Qt.Key.Key_Return)

    # Then only that die was thrown again, and one reroll die was spent
    qtbot.waitUntil(lambda: headline(window) == "2 successes", timeout=SETTLE_MS)
    assert not tray.is_picking()
    faces = [die.face for die in window.roll_panel.session.table]
    assert faces == [1, 5, 6]
    assert document.sheet.reroll_dice == 1


@pytest.mark.parametrize(
    ("attribute", "typed", "expected"),
    [("Neuroticism", "4", "9+"), ("Conscientiousness", "-6", "14+"), ("Strength", "-6", "11+")],
)
def test_classic_minimum_rolls_follow_the_attributes_as_they_are_typed(
    qtbot, window, attribute, typed, expected
):
    # Neuroticism: 5 + value; a persona attribute: 5 - 1.5 x value; a physis one: 5 - value.
    new_phase_six(qtbot, window, "Hagen", 0)
    editor = window.current_editor()
    variant = editor.field_widget("variant")
    variant.setCurrentIndex(variant.findData("classic"))
    view = editor.tables["attributes"].view
    model = view.model()
    row = next(r for r in range(model.rowCount()) if model.index(r, 0).data() == attribute)
    headers = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    shown = model.index(row, headers.index("Min. roll"))
    view.setCurrentIndex(model.index(row, headers.index("Value")))
    view.setFocus()
    qtbot.keyClicks(view, typed[0])  # the first key opens the cell's editor
    editors = [w for w in view.findChildren(QSpinBox) if w.isVisible()]
    qtbot.keyClicks(editors[0], typed[1:])
    qtbot.keyClick(editors[0], Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: shown.data() == expected)
