"""The Heldenhandbuch through the real main window: a sieve roll whose dice are kept by
clicking them in the tray.
"""

from PySide6.QtCore import Qt

from shadowdice.core.die import Mark
from tests.ui.window_helpers import SETTLE_MS, action_button, choose, click_die, headline, offered


def new_hero(qtbot, window, strength):
    choose(window.system_selector, "heldenhandbuch")
    document = window.new_character()
    qtbot.keyClicks(window.current_editor().field_widget("name"), "Alrik")
    attributes = next(t for t in document.system.sheet_tables() if t.key == "attributes")
    row = next(i for i, a in enumerate(document.sheet.attributes) if a.name == "Strength")
    document.set_cell(attributes, row, [c.key for c in attributes.columns].index("value"), strength)
    return document


def test_a_sieve_roll_where_dice_are_kept_by_clicking(qtbot, window, dice):
    # Given Alrik with Strength 9: a sieve roll of 3W12, matches up to 9
    new_hero(qtbot, window, 9)
    panel = window.check_panel
    choose(panel.widget("what"), "attribute:Strength")
    choose(panel.widget("roll"), "sieve")
    assert "3W12" in panel.preview.text()

    # When the first throw shows 9, 4 and 2
    dice.extend([9, 4, 2])
    qtbot.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: offered(window, "keep"), timeout=SETTLE_MS)
    tray = window.roll_panel.tray

    # And the player asks to keep dice: the tray offers the 9, picked already
    qtbot.mouseClick(action_button(window, "keep"), Qt.MouseButton.LeftButton)
    assert tray.is_picking() and tray.picked() == [0]

    # When the player clicks the 9 away, then the 4, then the 9 again
    click_die(qtbot, tray, 0)
    assert tray.picked() == []
    click_die(qtbot, tray, 1)
    click_die(qtbot, tray, 0)
    assert sorted(tray.picked()) == [0, 1]
    click_die(qtbot, tray, 1)  # no: only the 9
    assert tray.picked() == [0]

    # And takes the pick with Enter: the 4 and the 2 are thrown again and show 9 and 5
    dice.extend([9, 5])
    qtbot.keyClick(window, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not tray.is_animating() and offered(window, "keep"))

    # Then the kept 9 lies apart in the tray's kept strip, first, and the result so far is 9
    session = window.roll_panel.session
    kept = [die.face for die in session.table if die.has(Mark.KEPT)]
    assert kept == [9]
    first = tray.die_items()[0].die
    assert first.id == 0 and first.has(Mark.KEPT)
    assert "9" in headline(window)

    # When the player keeps the new 9 by clicking it, throws the 5 again, and stops
    qtbot.mouseClick(action_button(window, "keep"), Qt.MouseButton.LeftButton)
    new_nine = next(die.id for die in session.table if not die.has(Mark.KEPT) and die.face == 9)
    if tray.picked() != [new_nine]:
        click_die(qtbot, tray, new_nine)
    assert tray.picked() == [new_nine]
    dice.extend([7])
    qtbot.keyClick(window, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: not tray.is_animating() and offered(window, "stop"))
    qtbot.mouseClick(action_button(window, "stop"), Qt.MouseButton.LeftButton)

    # Then the two 9s match and are added: 18
    qtbot.waitUntil(lambda: "18" in headline(window), timeout=SETTLE_MS)
    qtbot.keyClick(window, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert "Alrik" in window.history_model.index(0).data()


def test_a_game_master_table_is_looked_up_and_its_long_outcome_fits_the_window(qtbot, window):
    # Given a hero, and the damage table chosen in the check panel with faces typed in
    new_hero(qtbot, window, 5)
    width = window.width()
    panel = window.check_panel
    choose(panel.widget("check"), "damage")
    assert panel.widget("damage_faces").isVisible()
    assert not panel.widget("what").isVisible(), "the attribute belongs to other checks"
    qtbot.keyClicks(panel.widget("damage_faces"), "12 12 5")

    # When it is rolled (looked up: no dice thrown)
    qtbot.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)

    # Then the outcome names the severities, and the window keeps its width
    qtbot.waitUntil(lambda: "Critical damage: 24" in headline(window), timeout=SETTLE_MS)
    assert "light damage: 5" in headline(window).casefold()
    assert window.width() == width


def test_a_table_without_details_names_its_check_without_a_dangling_dash(qtbot, window):
    new_hero(qtbot, window, 5)
    choose(window.check_panel.widget("check"), "chase")
    qtbot.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: "against the leader" in headline(window), timeout=SETTLE_MS)
    assert window.roll_panel.detail.text() == "Alrik: Chase"


def test_faces_that_are_no_dice_are_refused_before_the_roll(qtbot, window):
    new_hero(qtbot, window, 5)
    panel = window.check_panel
    choose(panel.widget("check"), "damage")
    qtbot.keyClicks(panel.widget("damage_faces"), "12 x")
    assert "no die face" in panel.preview.text()
    assert not panel.roll_button.isEnabled()


def test_done_in_the_middle_of_a_sieve_roll_shows_what_the_history_keeps(qtbot, window, dice):
    # Given a sieve roll of Strength 9 whose first throw shows 1, 6 and 9
    new_hero(qtbot, window, 9)
    panel = window.check_panel
    choose(panel.widget("what"), "attribute:Strength")
    choose(panel.widget("roll"), "sieve")
    dice.extend([1, 6, 9])
    qtbot.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: offered(window, "keep"), timeout=SETTLE_MS)
    assert headline(window) == "Nothing kept yet"

    # When the player presses Done (Ctrl+Enter) without keeping anything
    qtbot.keyClick(window, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)

    # Then the tray shows the result the history keeps: the last throw scored, as Stop does
    history = window.history_model.index(0).data()
    assert "Result 9" in headline(window) and "Result 9" in history
    assert not window.roll_panel.action_buttons()
