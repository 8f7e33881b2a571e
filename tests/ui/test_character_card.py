"""The character card (Play) beside the sheet editor (Edit): resources with their maximum,
rolls to find by typing, filled with Enter and rolled with a double-click; Ctrl+E; a saved
character opens in Play; quitting asks once.
"""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QToolButton

from shadowdice.storage.character_file import save_character
from shadowdice.systems import builtin_registry
from shadowdice.ui.character_card import CharacterPage
from shadowdice.ui.prompts import SaveChoice
from tests.ui.window_helpers import SETTLE_MS, headline

SYSTEMS = [info.id for info in builtin_registry().infos()]


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_every_system_gets_a_card_from_its_declarations(qtbot, window, system_id):
    document = window.new_character_of(system_id)
    qtbot.keyClick(window, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    assert window.current_page().mode == CharacterPage.PLAY
    card = window.current_card()
    assert card.isVisible()
    resources = document.system.sheet_resources()
    assert list(card.resources) == [resource.key for resource in resources]
    for resource in resources:
        box = card.resources[resource.key]
        _low, high = resource.bounds(document.sheet)
        shown = box.text()
        assert shown == (
            resource.words(document.sheet)
            if resource.words
            else f"{resource.get(document.sheet)} / {high}"
        )
    # The rated rolls, then, when asked for, the rest (most of a new character's skills)
    checks = document.system.quick_checks(document.sheet)
    rated = [check.label for check in checks if check.rated]
    unrated = [check.label for check in checks if not check.rated]
    assert card.roll_labels() == rated
    assert card.finder.unrated.isVisible() == bool(unrated)
    if unrated:
        qtbot.mouseClick(card.finder.unrated, Qt.MouseButton.LeftButton)
        assert card.roll_labels() == rated + unrated


def test_a_resource_changes_with_one_key_and_says_its_maximum(qtbot, window):
    document = window.new_character_of("shadowrun4")
    window.toggle_play_edit()
    edge = window.current_card().resources["edge_current"]
    assert edge.text() == "3 / 3"
    edge.setFocus()
    qtbot.keyClick(edge, Qt.Key.Key_Down)
    assert document.sheet.edge_current == 2 and edge.text() == "2 / 3"
    assert window.undo_action.isEnabled(), "a change on the card can be undone"
    damage = window.current_card().resources["physical_damage"]
    damage.stepBy(4)
    assert window.current_card().status.text() == "Wound modifier −1"


def test_a_roll_is_found_by_typing_filled_with_enter_and_rolled_by_double_click(
    qtbot, window, dice
):
    window.new_character_of("shadowrun4")
    window.toggle_play_edit()
    card = window.current_card()
    qtbot.keyClicks(card.filter, "pisto")
    assert card.roll_labels() == ["Pistols 0 (Agility)"]
    qtbot.keyClick(card.filter, Qt.Key.Key_Return)
    assert window.check_panel.widget("skill").currentData() == "Pistols"

    card.filter.clear()
    qtbot.keyClicks(card.filter, "Body")
    index = card.rolls.model().index(0, 0)
    dice.extend([5, 5, 1])
    card.rolls.doubleClicked.emit(index)
    qtbot.waitUntil(lambda: headline(window) == "2 hits - success", timeout=SETTLE_MS)
    assert window.roll_panel.session.check.startswith("Body")


def test_the_search_for_a_roll_has_its_clear_button_once_something_is_typed(qtbot, window):
    # Given a character's card, nothing searched
    window.new_character_of("shadowrun4")
    window.toggle_play_edit()
    card = window.current_card()

    # When a roll is searched for
    qtbot.keyClicks(card.filter, "pisto")

    # Then the search offers its clear button, which lists every roll again
    assert card.filter.isClearButtonEnabled()
    (clear,) = card.filter.findChildren(QToolButton)
    clear.click()
    assert card.filter.text() == ""
    assert len(card.roll_labels()) > 1


def test_a_saved_character_opens_in_play_and_ctrl_e_shows_the_editor(
    qtbot, window, prompts, tmp_path
):
    system = window.registry.get("phasesix")
    sheet = system.new_sheet()
    sheet.name = "Ash"
    path = tmp_path / "ash.shadowdice"
    save_character(path, system, sheet)
    document = window.open_path(path)
    page = window.current_page()
    assert page.mode == CharacterPage.PLAY and not page.has_editor()
    assert window.current_card().name.text() == "Ash"
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(window, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    assert page.mode == CharacterPage.EDIT and page.editor.isVisible()
    assert window.play_edit_action.isChecked()
    assert page.editor.field_widget("name").text() == "Ash"
    assert document.title == "Ash"


def test_quitting_with_several_unsaved_characters_asks_once(qtbot, window, prompts):
    for name in ("Ash", "Bo", "Cy"):
        window.new_character_of("shadowrun4")
        qtbot.keyClicks(window.current_editor().field_widget("name"), name)
    prompts.save_changes_answers.append(SaveChoice.CANCEL)
    assert not window.close()
    assert prompts.asked_save_all == [["Ash", "Bo", "Cy"]]
    assert prompts.asked_save_changes == []
    prompts.save_changes_answers.append(SaveChoice.DISCARD)
    assert window.close()
    assert len(prompts.asked_save_all) == 2
