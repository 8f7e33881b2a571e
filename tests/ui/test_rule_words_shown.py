"""The rules' ids read as words through the real main window, in German and English: the
Star Wars opponent's and the Phase Six destiny dice are captioned in the language shown, and
the kinds of action declared for a Star Wars round read as words.
"""

import pytest
import shiboken6
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QWidget

from shadowdice.systems.starwars.rounds import ActionKind
from shadowdice.systems.starwars.session import OPPONENT
from shadowdice.ui.language import switch
from tests.ui.window_helpers import SETTLE_MS, choose


def test_the_dodge_of_an_attack_is_captioned_in_german_and_keeps_its_group(qtbot, window, dice):
    # Given a German table: the runner shoots at the tracker, who dodges
    switch("de")
    system = window.registry.get("starwars_d6")
    choose(window.system_selector, "starwars_d6")
    samples = {template.name: template for template in system.sample_templates()}
    runner = window.new_character(system.new_sheet_from_template(samples["Freighter Runner"]))
    window.new_character(system.new_sheet_from_template(samples["Bounty Tracker"]))
    window.tabs.setCurrentIndex(window.documents().index(runner))
    choose(window.check_panel.widget("roll"), "skill:Blaster")
    choose(window.check_panel.widget("opponent"), "character")
    window.check_panel.widget("defender").item(0).setCheckState(Qt.CheckState.Checked)
    choose(window.check_panel.widget("defender_roll"), "skill:Dodge")

    # When the attack is rolled
    dice.extend([4] * 20)
    qtbot.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: window.roll_panel.session is not None, timeout=SETTLE_MS)

    # Then the dodge's dice lie apart under a German caption, with no English word of it
    tray = window.roll_panel.tray
    assert tray.captions() == ["Gegner"]
    assert "Opponent" not in tray.accessibleDescription()
    assert "Gegner: " in tray.accessibleDescription()
    # while the rules still know the dodge's dice by their group
    dodge = [die for die in window.roll_panel.session.dice if die.group == OPPONENT]
    assert dodge

    # And back in English the same dice read "Opponent"
    switch("en")
    assert tray.accessibleDescription().count("Opponent: ") == 1
    assert tray.captions() == ["Opponent"]


@pytest.mark.parametrize(
    ("language", "kinds", "walk"),
    [
        ("en", ["Walk", "Run", "Action", "Reaction", "Draw", "Prepare", "Speed"], "Walk"),
        (
            "de",
            [
                "Gehen",
                "Rennen",
                "Aktion",
                "Reaktion",
                "Waffe ziehen",
                "Vorbereiten",
                "Geschwindigkeit",
            ],
            "Gehen",
        ),
    ],
)
def test_the_kinds_declared_for_the_round_read_as_words_and_keep_their_ids(
    qtbot, window, language, kinds, walk
):
    # Given a Star Wars character's sheet, in the table language
    switch(language)
    document = window.open_sample("starwars_d6")
    qtbot.keyClick(window, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    table = window.current_editor().tables["this_round"]

    # When the game master adds a row to "This round": its kind is chosen from words
    qtbot.mouseClick(table.findChild(QWidget, "add_this_round"), Qt.MouseButton.LeftButton)
    editor = next(w for w in table.view.findChildren(QComboBox) if w.isVisible())
    assert [editor.itemText(i) for i in range(editor.count())] == kinds
    editor.setCurrentIndex(editor.findText(walk))
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not (shiboken6.isValid(editor) and editor.isVisible()))

    # Then the cell reads the word, and the sheet keeps the kind's id
    assert table.view.model().index(0, 0).data() == walk
    assert [row.kind for row in document.sheet.this_round] == [ActionKind.WALK]


def test_phase_six_destiny_dice_are_captioned_in_german(qtbot, window, dice):
    # Given a German table and the Phase Six sample with a destiny die to add
    switch("de")
    document = window.open_sample("phasesix")
    document.sheet.destiny_dice_max = document.sheet.destiny_dice = 1
    window.check_panel.set_document(document, window.party(document))
    window.check_panel.widget("destiny_dice").setValue(1)

    # When the check is rolled
    dice.extend([4] * 20)
    qtbot.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: window.roll_panel.session is not None, timeout=SETTLE_MS)

    # Then the destiny die lies apart under a German caption
    assert window.roll_panel.tray.captions() == ["Schicksal"]
    assert "Destiny" not in window.roll_panel.tray.accessibleDescription()
