"""Physical dice typed in, through the real main window and the keyboard alone: a Shadowrun
check with Edge, a Phase Six exploding roll and a Heldenhandbuch keep-and-throw-again, every
face typed into the tray's entry strip.
"""

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from shadowdice.core.die import Mark
from shadowdice.systems.heldenhandbuch.sheet import HeldenSheet
from shadowdice.systems.phasesix.sheet import PhaseSixSheet
from shadowdice.systems.shadowrun4.sheet import ShadowrunSheet
from tests.ui.window_helpers import SETTLE_MS, choose, headline, offered

CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier


def open_character(window, system_id, sheet):
    choose(window.system_selector, system_id)
    document = window.new_character(sheet)
    return document


def keys(qtbot, text):
    """Type into whatever has the keyboard focus, as a player does."""
    qtbot.keyClicks(QApplication.focusWidget(), text)


def press(qtbot, key, modifiers=Qt.KeyboardModifier.NoModifier):
    qtbot.keyClick(QApplication.focusWidget(), key, modifiers)


def asked(window):
    entry = window.roll_panel.entry
    return entry.title.text() if entry.isVisible() else None


def test_three_systems_rolled_with_typed_dice_from_the_keyboard(qtbot, window, dice):
    entry = window.roll_panel.entry
    # --- Shadowrun: Kira on real dice rolls Agility 4 + Pistols 3 and spends Edge ----------
    kira = ShadowrunSheet(name="Kira")
    kira.attributes[1].value = 4
    kira.skill("Pistols").rating = 3
    open_character(window, "shadowrun4", kira)
    choose(window.check_panel.widget("skill"), "Pistols")
    press(qtbot, Qt.Key.Key_D, CTRL | SHIFT)
    assert window.game_table.real_dice_action.isChecked()
    press(qtbot, Qt.Key.Key_R, CTRL)
    assert asked(window) == "Kira: Roll: 7 × d6"
    assert QApplication.focusWidget() is entry, "the strip takes the keyboard"
    keys(qtbot, "5512347")
    assert "a d6 shows 1 to 6, not 7" in entry.refusal(), "refused at the keystroke"
    keys(qtbot, "6")
    press(qtbot, Qt.Key.Key_Backspace)  # corrects the last face
    assert entry.faces == [5, 5, 1, 2, 3, 4, None]
    keys(qtbot, "1")
    assert entry.faces == [5, 5, 1, 2, 3, 4, 1]
    press(qtbot, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: offered(window, "edge_extra_dice"), timeout=SETTLE_MS)
    assert headline(window) == "2 hits - failure" or "2 hits" in headline(window)
    session = window.roll_panel.session
    assert all(die.is_typed for die in session.table)

    press(qtbot, Qt.Key.Key_1, CTRL)  # Edge: +3 dice
    assert asked(window) == "Kira: Edge dice: 3 × d6"
    keys(qtbot, "665")
    press(qtbot, Qt.Key.Key_Return)
    assert asked(window) == "Kira: Edge dice again: 2 × d6", "only the exploded sixes"
    keys(qtbot, "61")
    press(qtbot, Qt.Key.Key_Return)
    assert asked(window) == "Kira: Edge dice again: 1 × d6"
    assert kira.edge_current == 3, "nothing charged while the dice are being typed"
    keys(qtbot, "2")
    press(qtbot, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: headline(window) == "6 hits - success", timeout=SETTLE_MS)
    assert not entry.isVisible() and kira.edge_current == 2
    press(qtbot, Qt.Key.Key_Return, CTRL)  # Done
    record = window.history_model.records()[0]
    assert record.throws[1].dice[0].faces == (6, 6, 2)
    assert record.throws[1].dice[0].typed == (True, True, True)

    # --- Phase Six: Hagen (classic, Neuroticism 10: 15+) rolls Courage; sixes explode -------
    hagen = PhaseSixSheet(name="Hagen", rules="classic")
    hagen.attribute("Neuroticism").value = 10
    hagen.skill("Courage").value = 2
    open_character(window, "phasesix", hagen)
    choose(window.check_panel.widget("trait"), "skill:Courage")
    choose(window.check_panel.widget("minimum_roll_from"), "Neuroticism")
    press(qtbot, Qt.Key.Key_D, CTRL | SHIFT)
    press(qtbot, Qt.Key.Key_R, CTRL)
    assert asked(window) == "Hagen: Roll: 2 × d6"
    keys(qtbot, "63")
    press(qtbot, Qt.Key.Key_Return)
    assert asked(window) == "Hagen: Roll again: 1 × d6"
    press(qtbot, Qt.Key.Key_Escape)  # the player changes their mind: nothing was rolled
    assert not entry.isVisible() and headline(window) == "Ready to roll"
    assert window.roll_panel.session is None or window.roll_panel.session.finished
    press(qtbot, Qt.Key.Key_R, CTRL)
    keys(qtbot, "63")
    press(qtbot, Qt.Key.Key_Return)
    keys(qtbot, "6")
    press(qtbot, Qt.Key.Key_Return)
    assert asked(window) == "Hagen: Roll again: 1 × d6"
    keys(qtbot, "4")
    press(qtbot, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.roll_panel.session is not None and not entry.isVisible())
    qtbot.waitUntil(lambda: headline(window) == "1 success", timeout=SETTLE_MS)
    assert [die.faces for die in window.roll_panel.session.table] == [(6, 6, 4), (3,)]

    # --- Heldenhandbuch: Alrik keeps a die and throws the rest again -----------------------
    alrik = HeldenSheet(name="Alrik")
    alrik.attribute("Strength").value = 9
    open_character(window, "heldenhandbuch", alrik)
    choose(window.check_panel.widget("what"), "attribute:Strength")
    choose(window.check_panel.widget("roll"), "sieve")
    press(qtbot, Qt.Key.Key_D, CTRL | SHIFT)
    press(qtbot, Qt.Key.Key_R, CTRL)
    assert asked(window) == "Alrik: Sieve roll: throw 1: 3 × d12"
    keys(qtbot, "11")  # a 1 on a d12 waits for a second digit: 11
    keys(qtbot, "1 ")  # or Space moves on after it
    assert entry.faces == [11, 1, None]
    press(qtbot, Qt.Key.Key_Backspace)
    press(qtbot, Qt.Key.Key_Backspace)
    keys(qtbot, "942")
    assert entry.faces == [9, 4, 2]
    press(qtbot, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: offered(window, "keep"), timeout=SETTLE_MS)
    press(qtbot, Qt.Key.Key_1, CTRL)  # keep: the suggested die is picked
    tray = window.roll_panel.tray
    assert tray.is_picking()
    assert tray.picked() == [0], "the 9 is suggested; the 4 is thrown again"
    press(qtbot, Qt.Key.Key_Return)  # Enter takes the pick
    assert asked(window).startswith("Alrik: Sieve roll: throw 2: ")
    press(qtbot, Qt.Key.Key_Escape)
    session = window.roll_panel.session
    assert len(session.throws) == 1 and offered(window, "keep"), "back before the request"
    press(qtbot, Qt.Key.Key_1, CTRL)
    press(qtbot, Qt.Key.Key_Return)
    assert asked(window) == "Alrik: Sieve roll: throw 2: 2 × d12"
    keys(qtbot, "88")
    press(qtbot, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not entry.isVisible() and not tray.is_animating(), timeout=SETTLE_MS)
    assert len(session.throws) == 2
    assert [die.face for die in session.table] == [9, 8, 8]
    assert [die.face for die in session.table if die.has(Mark.KEPT)] == [9]
    assert all(die.is_typed for die in session.dice)
    assert [item.die.is_typed for item in tray.die_items()] == [True] * len(tray.die_items())
    assert tray.die_items()[0].toolTip().endswith("typed in"), "the tray marks typed dice"
    assert "typed in from a physical die" in window.roll_panel.legend.text()


def test_ctrl_enter_throws_the_empty_slots_digitally(qtbot, window, dice):
    kira = ShadowrunSheet(name="Kira")
    kira.skill("Pistols").rating = 3
    open_character(window, "shadowrun4", kira)
    choose(window.check_panel.widget("skill"), "Pistols")
    window.game_table.real_table_action.trigger()  # the whole table on real dice
    dice.extend([4, 4])
    press(qtbot, Qt.Key.Key_R, CTRL)
    count = window.roll_panel.entry.request.count
    keys(qtbot, "5" * (count - 2))
    press(qtbot, Qt.Key.Key_Return, CTRL)
    qtbot.waitUntil(lambda: window.roll_panel.session is not None, timeout=SETTLE_MS)
    table = window.roll_panel.session.table
    assert [die.face for die in table] == [5] * (count - 2) + [4, 4]
    assert [die.is_typed for die in table] == [True] * (count - 2) + [False, False]


def test_a_d10_takes_0_for_10_and_a_d20_two_digits(qtbot, window):
    from shadowdice.core.dice import DiceRequest

    entry = window.roll_panel.entry
    entry.ask(DiceRequest(3, 10, "Test"))
    keys(qtbot, "0")
    keys(qtbot, "10")
    keys(qtbot, "7")
    assert entry.faces == [10, 10, 7]
    entry.ask(DiceRequest(3, 20, "Test"))
    keys(qtbot, "2")
    keys(qtbot, "0")
    keys(qtbot, "3")
    keys(qtbot, "1")
    keys(qtbot, "9")
    assert entry.faces == [20, 3, 19]
    entry.ask(DiceRequest(1, 20, "Test"))
    keys(qtbot, "0")
    assert "a d20 shows 1 to 20, not 0" in entry.refusal()
    keys(qtbot, "2")
    keys(qtbot, "5")
    assert "not 25" in entry.refusal() and entry.faces == [2]
    with qtbot.waitSignal(entry.answered) as answered:
        press(qtbot, Qt.Key.Key_Return)
    assert answered.args == [[2]]


def test_in_german_the_empty_slots_name_their_die_as_german_does(qtbot, window):
    from PySide6.QtWidgets import QLabel

    from shadowdice.core.dice import DiceRequest
    from shadowdice.ui import language as ui_language

    ui_language.switch("de")
    entry = window.roll_panel.entry
    entry.ask(DiceRequest(2, 20, "Test"))
    keys(qtbot, "7")
    # Then the slot still empty reads "W20", as German names the die, beside the face typed
    slots = [label.text() for label in entry.findChildren(QLabel) if label.text() in ("7", "W20")]
    assert sorted(slots) == ["7", "W20"]
