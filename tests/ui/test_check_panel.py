"""The check panel hands the system's typed check values to the roll, not a free dict, and
its preview shows the chance of success whatever it is.
"""

from PySide6.QtCore import Qt
from PySide6.QtGui import QTextDocument

from shadowdice.systems.shadowrun4.system import ShadowrunCheck
from tests.ui.window_helpers import choose, star_wars_duel


def test_roll_sends_the_systems_typed_check_values(qtbot, window, dice):
    # Given a Shadowrun character with Pistols chosen and a threshold of 2
    window.system_selector.setCurrentIndex(window.system_selector.findData("shadowrun4"))
    qtbot.keyClick(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    panel = window.check_panel
    choose(panel.widget("skill"), "Pistols")
    panel.widget("threshold").setValue(2)

    # When the player rolls
    dice.extend([5, 6, 1])
    with qtbot.waitSignal(panel.roll_requested, timeout=2000) as rolled:
        qtbot.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)

    # Then the roll gets Shadowrun's own check values, typed, as the panel shows them
    (values,) = rolled.args
    assert isinstance(values, ShadowrunCheck)
    assert (values.skill, values.threshold, values.edge) == ("Pistols", 2, "")


def test_a_chance_below_one_percent_shows_as_such(qtbot, window):
    # Given Han shooting at Bossk, whose Dodge of 4D makes a hit very unlikely
    star_wars_duel(window)

    # Then the preview says so: "<1%" is text, not a tag that hides it
    shown = QTextDocument()
    shown.setHtml(window.check_panel.preview.text())
    assert "Chance of success: <1%" in shown.toPlainText()
