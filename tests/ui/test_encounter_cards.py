"""The encounter's cards belong to the characters who roll: a Star Wars segment order asked of
the whole party shows a card only for those with an action in the segment, each with its own
name, standing and sheet, never another character's under their name.
"""

from PySide6.QtCore import Qt

from shadowdice.systems.starwars.damage import Wound
from shadowdice.systems.starwars.round_sheet import Declared
from shadowdice.systems.starwars.rounds import ActionKind
from tests.ui.test_encounter_layout import settle
from tests.ui.window_helpers import choose


def star_wars_character(window, name, declared=(), wound=Wound.HEALTHY):
    choose(window.system_selector, "starwars_d6")
    document = window.new_character()
    document.sheet.name = name
    document.sheet.wound = wound
    document.sheet.this_round = [
        Declared(kind=ActionKind(kind), rolls=rolls, segment=1) for kind, rolls in declared
    ]
    window.current_page().set_mode("play")
    return document


def test_a_segment_order_shows_a_card_for_each_character_with_an_action_and_no_other(
    qtbot, window, dice
):
    # Given two characters with nothing declared (the first one wounded) and three who act
    star_wars_character(window, "Han", wound=Wound.WOUNDED)
    star_wars_character(window, "Bossk")
    for name in ("Anla", "Bulack", "Corukk"):
        star_wars_character(window, name, [("action", "Blaster")])

    # When the game master rolls the order of segment 1 for the whole party
    dialog = window.open_group_roll()
    choose(dialog.form.widget("group"), "order")
    dice.extend([4, 3, 5, 2, 6, 1, 3, 3, 4] * 5)
    qtbot.mouseClick(dialog.roll_button, Qt.MouseButton.LeftButton)
    settle(qtbot, window)

    # Then the encounter has three cards, Anla's, Bulack's and Corukk's, each with its own
    # standing, and no card carries Han's wound
    cards = [card for card in window.encounter.cards if card.isVisible()]
    assert [card.name.text() for card in cards] == ["Anla", "Bulack", "Corukk"]
    session = window.roll_panel.session
    assert session.participants() == ("Anla", "Bulack", "Corukk")
    assert [card.standing.text() for card in cards] == list(session.standings())
    assert not any("Wounded" in card.name.text() for card in cards)
