"""Cards and check forms of characters not shown for a while are freed, and come back as their
player left them: the search, the toggle, the roll chosen, the scrolling, the check's values;
and they work as before.
"""

from PySide6.QtCore import Qt

from shadowdice.ui.character_card import CARDS_KEPT
from shadowdice.ui.play.check_panel import FORMS_KEPT
from tests.ui.test_party_opening import saved_party
from tests.ui.window_helpers import click_in_roster


def go_round(qtbot, window, *indexes: int) -> None:
    """Show these characters in turn, by their place in the party roster."""
    for index in indexes:
        click_in_roster(qtbot, window, index)


def test_a_card_freed_comes_back_as_it_was_left_and_works(qtbot, window, tmp_path):
    # Given four runners, and on the first one's card the rolls not rated shown, a search
    # typed and the second roll found chosen
    window.open_paths(saved_party(tmp_path, 4))
    go_round(qtbot, window, 0)
    card = window.current_card()
    card.finder.unrated.click()
    qtbot.keyClicks(card.filter, "an")
    card.rolls.setFocus()
    qtbot.keyClick(card.rolls, Qt.Key.Key_Down)
    left = (card.roll_labels(), card.rolls.currentIndex().data())
    assert len(left[0]) > 2 and left[1] == left[0][1]
    looked = card.grab().toImage()

    # When the game master goes round the other three
    go_round(qtbot, window, 1, 2, 3)

    # Then only the cards shown last are still built; the first one's was freed
    pages = [window.tabs.widget(index) for index in range(4)]
    assert [page.has_card() for page in pages] == [False, False, True, True]
    assert CARDS_KEPT == 2

    # And back on the first runner, the card shows what was left on it
    go_round(qtbot, window, 0)
    again = window.current_card()
    assert again is not card and again.isVisible()
    assert again.name.text() == "Runner 1"
    assert again.filter.text() == "an" and again.finder.unrated.isChecked()
    assert (again.roll_labels(), again.rolls.currentIndex().data()) == left
    qtbot.waitUntil(lambda: again.grab().toImage() == looked)  # once laid out: pixel for pixel

    # And Enter fills the check with the roll chosen, as before
    again.rolls.setFocus()
    qtbot.keyClick(again.rolls, Qt.Key.Key_Return)
    chosen = again.rolls.currentIndex().data(Qt.ItemDataRole.UserRole + 1)
    assert {key: window.check_panel.values()[key] for key in chosen} == chosen


def test_a_card_freed_comes_back_scrolled_as_it_was(qtbot, window, tmp_path):
    # Given two runners, the first one's long list of rolls scrolled to its end
    window.resize(1024, 640)
    window.open_paths(saved_party(tmp_path, 3))
    go_round(qtbot, window, 0)
    card = window.current_card()
    card.finder.unrated.click()
    bar = card.rolls.verticalScrollBar()
    qtbot.waitUntil(lambda: bar.maximum() > 0)
    bar.setValue(bar.maximum())
    scrolled = bar.value()

    # When its card is freed and shown again
    go_round(qtbot, window, 1, 2)
    assert not window.tabs.widget(0).has_card()
    go_round(qtbot, window, 0)

    # Then the list shows the same rolls at the same place
    assert window.current_card().rolls.verticalScrollBar().value() == scrolled > 0


def test_a_check_form_freed_comes_back_with_its_values(qtbot, window, tmp_path):
    # Given four runners on a small laptop, and on the first one's check a threshold of 3 and
    # two dice more
    window.resize(1024, 640)
    window.open_paths(saved_party(tmp_path, 4))
    go_round(qtbot, window, 0)
    panel = window.check_panel
    form = panel.form
    panel.widget("threshold").setValue(3)
    panel.widget("modifier").setValue(2)
    chosen = panel.values()
    qtbot.wait(200)  # the window lays the form out
    looked = panel.grab().toImage()

    # When the game master goes round the other three
    go_round(qtbot, window, 1, 2, 3)

    # Then only the forms of the characters shown last are kept
    assert len(panel._forms) == FORMS_KEPT == 2

    # And back on the first runner, the check is as it was left, in a form built anew
    go_round(qtbot, window, 0)
    assert panel.form is not form
    assert panel.values() == chosen
    assert panel.widget("threshold").value() == 3 and panel.widget("modifier").value() == 2
    assert panel.title() == "Check for Runner 1"
    qtbot.waitUntil(lambda: panel.grab().toImage() == looked)  # once laid out: pixel for pixel
