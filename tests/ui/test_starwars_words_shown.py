"""Star Wars D6 through the real main window in German and English: the opponent's dice are
captioned in the language shown, and the kinds of action declared for the round read as words.
"""

from PySide6.QtCore import Qt

from shadowdice.systems.starwars.session import OPPONENT
from shadowdice.ui.language import switch
from tests.ui.window_helpers import choose


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
    qtbot.waitUntil(lambda: window.roll_panel.session is not None, timeout=3000)

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
