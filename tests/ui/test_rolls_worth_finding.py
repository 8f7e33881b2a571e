"""Rolls worth finding: the card lists the rated rolls first and the unrated behind a toggle
(a search finds them too); a character's favourite rolls are pinned to the top, and stay
pinned at the next start and after the character is saved elsewhere.
"""

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from shadowdice.ui.roll_finder import PIN_MARK, roll_key


def activate(qtbot, window):
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)


def test_shadowrun_rolls_rated_first_the_rest_behind_a_toggle(qtbot, window):
    window.open_sample("shadowrun4")
    card = window.current_card()

    # The sample's six rated skills and its attributes, no skill rated 0
    labels = card.roll_labels()
    assert labels[:2] == ["Infiltration 2 (Agility)", "Pistols 5 (Agility)"]
    assert "Body 4" in labels and not any(" 0 (" in label for label in labels)
    toggle = card.finder.unrated
    assert toggle.isVisible() and toggle.text() == "Show the 66 rolls not rated"

    # A search finds an unrated skill without the toggle
    qtbot.keyClicks(card.filter, "climb")
    assert card.roll_labels() == ["Climbing 0 (Strength)"]
    card.filter.clear()

    # The toggle lists them after the rest
    qtbot.mouseClick(toggle, Qt.MouseButton.LeftButton)
    labels = card.roll_labels()
    assert len(labels) == 83 and labels[-1] == "Registering 0 (Resonance)"
    assert labels.index("Archery 0 (Agility)") > labels.index("Resonance 0")


def test_the_unrated_toggle_in_german(qtbot, window):
    from shadowdice.ui.language import switch

    window.open_sample("heldenhandbuch")
    switch("de")
    toggle = window.current_card().finder.unrated
    assert toggle.text() == "Die 12 nicht bewerteten Würfe zeigen"


def test_a_pinned_roll_comes_first_and_stays_pinned_at_the_next_start(qtbot, make_window, tmp_path):
    window = make_window()
    window.open_sample("shadowrun4")
    activate(qtbot, window)
    card = window.current_card()

    # When Dodge is chosen in the list and pinned with Ctrl+Shift+P
    card.filter.setFocus()
    qtbot.keyClicks(card.filter, "dodge")
    qtbot.keyClick(card.filter, Qt.Key.Key_Down)
    assert QApplication.focusWidget() is card.rolls
    shift_ctrl = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    qtbot.keyClick(card.rolls, Qt.Key.Key_P, shift_ctrl)
    card.filter.clear()

    # Then it leads the list, marked
    assert card.roll_labels()[0] == f"{PIN_MARK}Dodge 3 (Reaction)"
    assert "Dodge 3 (Reaction)" not in card.roll_labels()

    # and once saved, it is pinned when the character is opened at the next start
    path = tmp_path / "vex.shadowdice"
    window.prompts.save_answers.append(path)
    assert window.save_current()
    window.close()
    again = make_window()
    again.open_path(path)
    assert again.current_card().roll_labels()[0] == f"{PIN_MARK}Dodge 3 (Reaction)"
    pins = again.files.settings.pinned_rolls
    assert pins[str(path.resolve())] == [roll_key({"skill": "Dodge"})]


def test_unpinning_from_the_context_menu(qtbot, window):
    window.open_sample("phasesix")
    card = window.current_card()
    document = window.current_document()
    document.toggle_pin(roll_key({"trait": "skill:Stealth"}))
    assert card.roll_labels()[0] == f"{PIN_MARK}Stealth 2"

    menu = card.rolls.pin_menu(card.rolls.model().index(0, 0))
    assert [action.text() for action in menu.actions()] == ["Unpin"]
    menu.actions()[0].trigger()
    assert card.roll_labels()[0] == "Investigation 3"
    assert not document.pinned
