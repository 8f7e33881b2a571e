"""The keys of the follow-ups stay with their kind: Edge's *Second chance* keeps its Ctrl+digit
on every roll whatever else is offered beside it, also through the real window.
"""

from PySide6.QtCore import Qt

from shadowdice.core.session import Action
from shadowdice.ui.play.action_keys import ActionKeys
from tests.ui.window_helpers import SETTLE_MS, action_button, headline


def actions(*ids: str) -> list[Action]:
    return [Action(action_id, action_id) for action_id in ids]


def test_a_kind_keeps_its_key_whatever_is_offered_beside_it():
    keys = ActionKeys()
    assert keys.assign(actions("extra_dice", "second_chance")) == [1, 2]
    # Offered alone, or after another, Second chance is still 2
    assert keys.assign(actions("second_chance")) == [2]
    assert keys.assign(actions("reroll", "second_chance", "extra_dice")) == [3, 2, 1]
    assert keys.assign(actions("reroll")) == [3]


def test_a_new_kind_takes_its_place_in_the_list_or_the_lowest_free_key():
    keys = ActionKeys()
    assert keys.assign(actions("again", "initiative:0", "initiative:1")) == [1, 2, 3]
    # attack is new: the first button, Ctrl+1, as again is not offered now
    assert keys.assign(actions("attack:1", "attack:0")) == [1, 2]
    # and in a later list with both, the first listed keeps 1 and the other takes a free one
    assert keys.assign(actions("attack:0", "again", "initiative:1")) == [1, 3, 2]


def test_group_members_share_no_key_and_the_first_keeps_the_kind():
    keys = ActionKeys()
    assert keys.assign(actions("reroll")) == [1]
    assert keys.assign(actions("0:bonus", "0:reroll", "1:reroll")) == [2, 1, 3]
    assert keys.assign(actions("1:reroll")) == [1]


def test_past_nine_no_key():
    keys = ActionKeys()
    assert keys.assign(actions(*(f"k{n}" for n in range(11))))[9:] == [None, None]


def test_the_window_shows_and_answers_the_same_key(qtbot, window, dice):
    window.open_sample("shadowrun4")
    activate = window.activateWindow
    activate()
    qtbot.waitUntil(window.isActiveWindow)
    dice.extend([6, 1, 3, 2, 2, 4, 5, 2, 1, 1, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3])
    window.check_panel.request_roll()
    qtbot.waitUntil(
        lambda: action_button(window, "edge_reroll_misses") is not None, timeout=SETTLE_MS
    )
    button = action_button(window, "edge_reroll_misses")
    qtbot.waitUntil(button.isEnabled, timeout=SETTLE_MS)
    number = int(button.toolTip().rpartition("Ctrl+")[2].rstrip(")"))
    qtbot.keyClick(window, getattr(Qt.Key, f"Key_{number}"), Qt.KeyboardModifier.ControlModifier)
    # Ctrl+that digit takes it: the reroll spends a point of Edge
    qtbot.waitUntil(lambda: window.current_document().sheet.edge_current == 3, timeout=SETTLE_MS)
    assert headline(window)
