"""Typed dice ask the right person for the right dice: an opponent's dice of the opponent's
player, a kept dodge of nobody, a d100 takes 100 and "00", a pasted list fills the dice in
order, and anything refused says why at the keystroke.
"""

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication

from shadowdice.core.dice import DiceRequest
from tests.ui.test_typed_dice import asked, keys, press
from tests.ui.window_helpers import SETTLE_MS, star_wars_duel

CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier


def test_a_d100_takes_100_and_00_and_a_leading_0(qtbot, window):
    entry = window.roll_panel.entry
    entry.ask(DiceRequest(5, 100, "Percentile"))
    for face in ("100", "00", "05", "57", "1"):
        keys(qtbot, face)
    press(qtbot, Qt.Key.Key_Space)
    assert entry.faces == [100, 100, 5, 57, 1] and not entry.refusal()
    entry.ask(DiceRequest(1, 100, "Percentile"))
    keys(qtbot, "101")
    assert "a d100 shows 1 to 100, not 101" in entry.refusal() and entry.faces == [10]


def test_a_pasted_list_of_faces_fills_the_dice_in_order(qtbot, window):
    entry = window.roll_panel.entry
    entry.ask(DiceRequest(4, 6, "Test"))
    QGuiApplication.clipboard().setText("3 5 6 1")
    press(qtbot, Qt.Key.Key_V, CTRL)
    assert entry.faces == [3, 5, 6, 1]

    entry.ask(DiceRequest(4, 20, "Test"))
    entry.paste("12, 3, 25, 4")
    assert entry.faces == [12, 3, None, None]
    assert "a d20 shows 1 to 20, not 25" in entry.refusal()


def test_a_key_that_is_no_face_is_refused_at_once_saying_why(qtbot, window):
    entry = window.roll_panel.entry
    entry.ask(DiceRequest(2, 6, "Test"))
    for key in ("a", "-"):
        keys(qtbot, key)
        assert f"“{key}” is no face" in entry.refusal()
    entry.paste("three")
    assert "paste faces as digits" in entry.refusal()
    assert entry.faces == [None, None]


def test_the_defenders_dodge_is_asked_of_the_defenders_player(qtbot, window, dice):
    # Given the tracker's player on real dice, the runner's digital
    _runner, tracker = star_wars_duel(window)
    window.tabs.setCurrentIndex(1)
    window.game_table.real_dice_action.trigger()
    window.tabs.setCurrentIndex(0)
    dice.extend([4] * 10)

    # When the runner shoots at the tracker
    press(qtbot, Qt.Key.Key_R, CTRL)

    # Then the runner's dice fall digitally and the tracker's player is asked for the dodge
    qtbot.waitUntil(lambda: asked(window) is not None, timeout=SETTLE_MS)
    request = window.roll_panel.entry.request
    assert request.roller == tracker.title and "Dodge" in asked(window)
    keys(qtbot, "6" * request.count)
    press(qtbot, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.roll_panel.session is not None, timeout=SETTLE_MS)
    session = window.roll_panel.session
    assert all(die.is_typed for die in session.dice if die.group == "opponent")
    assert not any(die.is_typed for die in session.dice if die.group != "opponent")
    qtbot.keyClick(window, Qt.Key.Key_Return, CTRL)

    # When the runner shoots again in the same segment: the kept dodge asks nothing
    press(qtbot, Qt.Key.Key_R, CTRL)
    qtbot.waitUntil(lambda: window.roll_panel.session is not session, timeout=SETTLE_MS)
    assert asked(window) is None
    assert not [d for d in window.roll_panel.session.dice if d.group == "opponent"]


def test_an_attacker_on_real_dice_is_asked_for_their_own_dice_only(qtbot, window, dice):
    runner, _tracker = star_wars_duel(window)
    window.game_table.real_dice_action.trigger()  # the runner's player
    dice.extend([3] * 10)
    press(qtbot, Qt.Key.Key_R, CTRL)
    qtbot.waitUntil(lambda: asked(window) is not None, timeout=SETTLE_MS)
    request = window.roll_panel.entry.request
    assert request.roller == runner.title and "Opponent" not in asked(window)
    keys(qtbot, "5" * request.count)
    press(qtbot, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.roll_panel.session is not None, timeout=SETTLE_MS)
    assert asked(window) is None, "the tracker's dodge is thrown digitally"
