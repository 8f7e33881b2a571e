"""Contests through the real main window, from the keyboard only: the game master opens the
group roll (Ctrl+G), holds a combat phase of two fighters, and takes every step with the
action shortcuts (Ctrl+1 ...) and Ctrl+Enter.
"""

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from shadowdice.ui.language import switch
from shadowdice.ui.play.group_roll_dialog import GroupRollDialog
from tests.ui.test_layout import layout_problems
from tests.ui.window_helpers import SETTLE_MS, choose, headline, offered

CTRL = Qt.KeyboardModifier.ControlModifier


def new_fighter(qtbot, window, name, armor=None):
    """A hero with Basic martial arts 16 on 4W20 (W20 and three bonus dice)."""
    choose(window.system_selector, "heldenhandbuch")
    document = window.new_character()
    qtbot.keyClicks(window.current_editor().field_widget("name"), name)
    skills = next(t for t in document.system.sheet_tables() if t.key == "skills")
    row = next(i for i, s in enumerate(document.sheet.skills) if s.name == "Basic martial arts")
    keys = [c.key for c in skills.columns]
    for key, value in (("value", 16), ("base_die", "W20"), ("bonus_dice", 3)):
        document.set_cell(skills, row, keys.index(key), value)
    if armor is not None:
        document.sheet.armor.append(armor)
    return document


def settled(window, action_id):
    return lambda: not window.roll_panel.tray.is_animating() and offered(window, action_id)


def test_a_combat_phase_of_two_fighters_from_the_keyboard(qtbot, window, dice):
    from shadowdice.systems.heldenhandbuch.sheet import Armor

    alrik = new_fighter(qtbot, window, "Alrik")
    brun = new_fighter(qtbot, window, "Brun", Armor(name="Chain shirt", protection=3, quality=10))

    # When the game master presses Ctrl+G: both fighters are ticked, a combat phase chosen
    qtbot.keyClick(window, Qt.Key.Key_G, CTRL)
    dialog = window.findChild(GroupRollDialog)
    assert dialog is not None and dialog.isVisible()
    assert dialog.form.widget("contest").currentData() == "combat"
    assert "Alrik: Basic martial arts 16, cascade roll of 4W20" in dialog.preview.text()
    # And presses Enter: everyone throws
    dice.extend([12, 12, 12, 5, 15, 14, 9, 6])
    qtbot.keyClick(dialog.focusWidget() or dialog, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: headline(window) == "Throw 1: everyone looks", timeout=SETTLE_MS)
    panel = window.roll_panel
    assert panel.tray.captions() == ["Alrik", "Brun"]  # side by side, one panel each
    assert [b.objectName() for b in panel.action_buttons()] == [
        "action_again",
        "action_initiative:0",
        "action_initiative:1",
    ]

    # When Alrik takes the initiative (Ctrl+2): everyone stops, Alrik attacks
    qtbot.waitUntil(settled(window, "initiative:0"), timeout=SETTLE_MS)
    qtbot.keyClick(window, Qt.Key.Key_2, CTRL)
    qtbot.waitUntil(settled(window, "attack:1"), timeout=SETTLE_MS)
    assert headline(window) == "Alrik attacks"

    # When he attacks Brun (Ctrl+1) with the suggested dice, confirmed with Ctrl+Enter
    qtbot.keyClick(window, Qt.Key.Key_1, CTRL)
    assert panel.tray.is_picking() and len(panel.tray.picked()) == 3
    qtbot.keyClick(window, Qt.Key.Key_Return)  # Enter takes the pick
    qtbot.waitUntil(settled(window, "let_through"), timeout=SETTLE_MS)
    assert headline(window) == "Brun must block 3 attacks"
    detail = panel.findChild(QLabel, "outcome_detail").text()
    assert "Brun's dice cannot block every attack" in detail

    # When Brun lets the attacks through (Ctrl+1) and Alrik throws the damage (Ctrl+1)
    qtbot.keyClick(window, Qt.Key.Key_1, CTRL)
    qtbot.waitUntil(settled(window, "damage"), timeout=SETTLE_MS)
    assert headline(window) == "Alrik hits Brun"
    dice.extend([14, 5, 5, 2])
    qtbot.keyClick(window, Qt.Key.Key_1, CTRL)
    qtbot.waitUntil(lambda: headline(window) == "Brun: heavy damage", timeout=SETTLE_MS)
    assert "Armor quality 10 falls to 9" in panel.findChild(QLabel, "outcome_detail").text()

    # Then the armor wore, Brun sits out a throw next phase
    assert brun.sheet.armor[0].quality == 9 and brun.sheet.combat_throws_skipped == 1
    assert brun.modified and not alrik.sheet.combat_throws_skipped

    # When Brun's player puts the heavy injury in circle 1 (Ctrl+1), the light one in 4 (Ctrl+4)
    qtbot.waitUntil(settled(window, "injury:0"), timeout=SETTLE_MS)
    assert window.encounter.cards[1].asked.text().startswith("Now: Life circle 1 · Life circle 2")
    assert "Brun places a heavy injury" in panel.findChild(QLabel, "outcome_detail").text()
    qtbot.keyClick(window, Qt.Key.Key_1, CTRL)
    detail = panel.findChild(QLabel, "outcome_detail")
    light = lambda: "Brun places a light injury" in detail.text()  # noqa: E731
    qtbot.waitUntil(lambda: settled(window, "injury:3")() and light(), timeout=SETTLE_MS)
    qtbot.keyClick(window, Qt.Key.Key_4, CTRL)
    # Then the injuries are on Brun's sheet, and the outcome says where
    circles = brun.sheet.life_circles
    assert (circles[0].heavy, circles[3].light) == (1, 1)
    qtbot.waitUntil(
        lambda: "Brun: light injury in Life circle 4" in detail.text(), timeout=SETTLE_MS
    )
    # And Ctrl+Enter files the phase without a question; one undo takes the roll's marks back
    qtbot.keyClick(window, Qt.Key.Key_Return, CTRL)
    assert "Alrik, Brun: Combat" in window.history_model.index(0).data()
    window.show_party_member(window.documents().index(brun))
    window.undo()
    circles = brun.sheet.life_circles
    assert (circles[0].heavy, circles[3].light) == (0, 0)


def test_a_memory_check_is_rolled_secretly_by_the_game_master(qtbot, window, dice):
    from shadowdice.ui.table_window import SECRET_NOTICE

    new_fighter(qtbot, window, "Alrik")
    qtbot.keyClick(window, Qt.Key.Key_T, CTRL)  # the players' table window
    table = window.game_table.table_window
    panel = window.check_panel
    choose(panel.widget("what"), "attribute:Intellect")
    panel.widget("memory").setChecked(True)
    assert not panel.secret_box.isChecked()
    dice.extend([5, 4, 3])  # Intellect 5: 3W6
    qtbot.keyClick(window, Qt.Key.Key_R, CTRL)
    qtbot.waitUntil(lambda: window.roll_panel.done_button.isEnabled(), timeout=SETTLE_MS)
    assert window.roll_panel.session.check.startswith("Memory check, rolled by the game master")
    qtbot.keyClick(window, Qt.Key.Key_Return, CTRL)
    # The players see only that the game master rolled; the history keeps it secret
    assert table.headline.text() == SECRET_NOTICE
    assert window.history_model.records()[0].secret
    assert not panel.widget("memory").isChecked()  # the option is for one roll


def test_dice_saved_on_the_sheet_lie_on_the_table_of_the_next_combat_phase(
    qtbot, window, dice, prompts
):
    alrik = new_fighter(qtbot, window, "Alrik")
    # The game master types the faces Alrik saved by aiming into his sheet
    field = window.current_editor().field_widget("combat_dice_saved_text")
    field.setFocus()
    qtbot.keyClicks(field, "13 13")
    qtbot.keyClick(field, Qt.Key.Key_Return)
    assert alrik.sheet.combat_dice_saved == [13, 13]
    new_fighter(qtbot, window, "Brun")

    # When the combat phase starts: Alrik throws only two of his 4W20, Brun all four
    qtbot.keyClick(window, Qt.Key.Key_G, CTRL)
    dialog = window.findChild(GroupRollDialog)
    dice.extend([9, 4, 15, 14, 9, 6])
    qtbot.keyClick(dialog.focusWidget() or dialog, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: headline(window) == "Throw 1: everyone looks", timeout=SETTLE_MS)
    session = window.roll_panel.session
    assert [(d.face, d.carried) for d in session.table if d.group == "Alrik"] == [
        (13, True),
        (13, True),
        (9, False),
        (4, False),
    ]
    assert window.encounter.cards[0].standing.text() == "group 26 (13 + 13) on the table"
    # Then the sheet's list is used up, and the record keeps the saved dice as carried over
    assert alrik.sheet.combat_dice_saved == [] and alrik.modified
    qtbot.waitUntil(settled(window, "initiative:0"), timeout=SETTLE_MS)
    prompts.yes_no_answers.append(True)  # ended while throwing: asked, and recorded so
    qtbot.keyClick(window, Qt.Key.Key_Return, CTRL)
    assert "before the initiative" in prompts.asked_yes_no[-1]
    window.show_party_member(window.documents().index(alrik))
    editor = window.current_editor()
    assert editor.field_widget("combat_dice_saved_text").text() == ""
    record = window.history_model.records()[0]
    assert record.outcome.headline == "Stopped while the fighters throw, before the initiative"
    assert record.throws[0].label == "Alrik: dice saved from the last combat phase"
    assert all(die.carried for die in record.throws[0].dice)


def test_an_exis_damage_is_handed_to_a_third_fighter_from_the_keyboard(qtbot, window, dice):
    from shadowdice.systems.heldenhandbuch.sheet import Armor

    alrik = new_fighter(qtbot, window, "Alrik")
    alrik.sheet.skill("Basic martial arts").bonus_dice = 5  # 6W20
    brun = new_fighter(qtbot, window, "Brun")
    cedric = new_fighter(
        qtbot, window, "Cedric", Armor(name="Chain shirt", protection=3, quality=10)
    )
    qtbot.keyClick(window, Qt.Key.Key_G, CTRL)
    dialog = window.findChild(GroupRollDialog)
    dice.extend([11] * 6 + [4, 3, 2, 2] * 2)
    qtbot.keyClick(dialog.focusWidget() or dialog, Qt.Key.Key_Return)
    qtbot.waitUntil(settled(window, "initiative:0"), timeout=SETTLE_MS)
    qtbot.keyClick(window, Qt.Key.Key_2, CTRL)  # Alrik takes the initiative
    qtbot.waitUntil(settled(window, "attack:1"), timeout=SETTLE_MS)
    qtbot.keyClick(window, Qt.Key.Key_1, CTRL)  # attacks Brun with the six 11s: an Exi
    qtbot.keyClick(window, Qt.Key.Key_Return)  # Enter takes the pick
    qtbot.waitUntil(settled(window, "let_through"), timeout=SETTLE_MS)
    qtbot.keyClick(window, Qt.Key.Key_1, CTRL)  # Brun cannot block: lets them through
    qtbot.waitUntil(settled(window, "damage"), timeout=SETTLE_MS)
    dice.extend([9, 8, 7, 6, 5, 4, 3, 2, 10, 1, 12, 13, 14])
    qtbot.keyClick(window, Qt.Key.Key_1, CTRL)  # 13W20 damage
    qtbot.waitUntil(settled(window, "deal"), timeout=SETTLE_MS)
    panel = window.roll_panel
    assert headline(window) == "Alrik splits the Exi's damage"
    assert [b.text() for b in panel.action_buttons()] == [
        "Hand damage to Cedric",
        "Deal the damage",
    ]
    # On the smallest laptop window the choice shows whole: no button cut, nothing overlapping
    window.resize(1024, 640)
    qtbot.waitUntil(lambda: window.size().toTuple() == (1024, 640))
    qtbot.wait(100)
    for button in panel.action_buttons():
        assert button.width() >= button.sizeHint().width(), f"{button.text()} is cut"
    assert not layout_problems(window)

    # When he hands the last damage die (14) to Cedric: Ctrl+1, End, Space, Ctrl+Enter
    qtbot.keyClick(window, Qt.Key.Key_1, CTRL)
    assert panel.tray.is_picking() and not panel.tray.picked()
    qtbot.keyClick(panel.tray, Qt.Key.Key_End)
    qtbot.keyClick(panel.tray, Qt.Key.Key_Space)
    qtbot.keyClick(window, Qt.Key.Key_Return)  # Enter takes the pick
    qtbot.waitUntil(settled(window, "deal"), timeout=SETTLE_MS)
    detail = panel.findChild(QLabel, "outcome_detail").text()
    assert "Alrik hands the damage die 14 to Cedric" in detail
    qtbot.keyClick(window, Qt.Key.Key_2, CTRL)  # Deal the damage
    qtbot.waitUntil(lambda: headline(window) == "Brun: critical damage", timeout=SETTLE_MS)

    # Then Cedric's own armor took his hit (42 - 3) and wore; both opponents sit out 3 throws
    detail = panel.findChild(QLabel, "outcome_detail").text()
    assert "Cedric: Critical damage: 39 after armor 3. Armor quality 10 falls to 9." in detail
    assert cedric.sheet.armor[0].quality == 9 and cedric.modified
    assert brun.sheet.combat_throws_skipped == 3 and cedric.sheet.combat_throws_skipped == 3


def test_picking_dice_on_a_small_laptop_leaves_every_follow_up_readable(qtbot, window, dice):
    # Given a German table's combat phase of two fighters on a 1024x640 window, the roll
    # panel about half of it, everyone's first throw made
    new_fighter(qtbot, window, "Alrik")
    new_fighter(qtbot, window, "Brun")
    window.toggle_play_edit()
    switch("de")
    window.resize(1024, 640)
    qtbot.waitUntil(lambda: window.size().toTuple() == (1024, 640))
    window.splitter.setSizes([490, 534])
    qtbot.keyClick(window, Qt.Key.Key_G, CTRL)
    dialog = window.findChild(GroupRollDialog)
    dice.extend([12, 12, 12, 5, 15, 14, 9, 6, 3, 4, 5, 6])
    qtbot.keyClick(dialog.focusWidget() or dialog, Qt.Key.Key_Return)
    qtbot.waitUntil(settled(window, "again"), timeout=SETTLE_MS)

    # When the game master starts picking the dice to keep (Confirm and Cancel come up)
    panel = window.roll_panel
    next(b for b in panel.action_buttons() if b.objectName() == "action_again").click()
    qtbot.waitUntil(panel.confirm_button.isVisible)

    # Then every follow-up is as wide as its words and lies within the panel, and Confirm,
    # Cancel and Done too
    buttons = [*panel.action_buttons(), panel.confirm_button, panel.cancel_button]
    viewport = panel.outcome_area.viewport()

    def cut_off():
        return [
            b.text()
            for b in [*buttons, panel.done_button]
            if b.width() < b.sizeHint().width()
            or b.mapTo(viewport, b.rect().topRight()).x() >= viewport.width()
        ]

    qtbot.waitUntil(lambda: not cut_off(), timeout=1000)


def test_confirming_a_pick_and_ending_the_phase_never_share_a_key(qtbot, window, dice, prompts):
    new_fighter(qtbot, window, "Alrik")
    new_fighter(qtbot, window, "Brun")
    qtbot.keyClick(window, Qt.Key.Key_G, CTRL)
    dialog = window.findChild(GroupRollDialog)
    dice.extend([12, 12, 12, 5, 15, 14, 9, 6])
    qtbot.keyClick(dialog.focusWidget() or dialog, Qt.Key.Key_Return)
    qtbot.waitUntil(settled(window, "initiative:0"), timeout=SETTLE_MS)
    qtbot.keyClick(window, Qt.Key.Key_2, CTRL)  # Alrik takes the initiative
    qtbot.waitUntil(settled(window, "attack:1"), timeout=SETTLE_MS)
    panel = window.roll_panel

    # When the game master picks the attack dice and presses Ctrl+Enter (Done's key)
    qtbot.keyClick(window, Qt.Key.Key_1, CTRL)
    assert panel.tray.is_picking() and not panel.done_button.isEnabled()
    qtbot.keyClick(window, Qt.Key.Key_Return, CTRL)
    # Then nothing is taken or ended: the pick waits for Enter, and the status bar says so
    assert panel.tray.is_picking() and panel.is_open() and not prompts.asked_yes_no
    assert "Enter" in window.statusBar().currentMessage()
    # When Enter takes the pick, a second Enter ends nothing either
    qtbot.keyClick(window, Qt.Key.Key_Return)
    qtbot.keyClick(window, Qt.Key.Key_Return)
    qtbot.waitUntil(settled(window, "let_through"), timeout=SETTLE_MS)
    assert panel.is_open() and headline(window) == "Brun must block 3 attacks"
    qtbot.keyClick(window, Qt.Key.Key_1, CTRL)  # Brun lets the attacks through
    qtbot.waitUntil(settled(window, "damage"), timeout=SETTLE_MS)

    # When Done comes after the hit, before the damage throw: the game master is asked
    prompts.yes_no_answers.append(False)
    qtbot.keyClick(window, Qt.Key.Key_Return, CTRL)
    assert "Stopped after the hit, before the damage throw" in prompts.asked_yes_no[-1]
    assert panel.is_open() and offered(window, "damage"), "No: the phase goes on"
    prompts.yes_no_answers.append(True)
    panel.done_button.click()
    # Then the history records where it stopped, never "Every attack blocked"
    record = window.history_model.records()[0]
    assert record.outcome.headline == "Stopped after the hit, before the damage throw"


def test_closing_a_member_of_a_group_roll_leaves_the_others_their_tabs(qtbot, window, dice):
    # Given a Phase Six group roll of two characters, done (found by the soak test: switching
    # to the other one afterwards showed the roll with the closed character, and raised)
    for _ in range(2):
        window.open_sample("phasesix")
    dialog = window.open_group_roll()
    dice.extend([6, 5, 4, 3, 2, 1] * 4)
    qtbot.mouseClick(dialog.roll_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.roll_panel.done_button.isEnabled(), timeout=SETTLE_MS)
    window.roll_panel.done_button.click()
    # When the first closes and the game master shows the second
    with qtbot.capture_exceptions() as exceptions:
        window.close_document(0)
        qtbot.wait(10)  # the closed character is deleted when the event loop turns
        window.show_party_member(0)
        qtbot.wait(10)
    # Then nothing raised, and the tray shows no roll of a closed character
    assert not exceptions
    assert window.roll_panel.documents == []
