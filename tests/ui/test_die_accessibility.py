"""A screen reader finds each die of the tray as an object of its own, named with its face
and marks, where the die lies on the screen.
"""

from PySide6.QtGui import QAccessible

from shadowdice.ui.play.tray.die_item import describe_die
from tests.ui.test_layout import roll_something
from tests.ui.window_helpers import SETTLE_MS


def accessible_children(widget):
    interface = QAccessible.queryAccessibleInterface(widget)
    assert interface is not None and interface.isValid()
    return [interface.child(index) for index in range(interface.childCount())]


def test_every_die_is_an_accessible_object_named_by_face_and_marks(qtbot, window, dice):
    window.open_sample("shadowrun4")
    window.resize(1366, 768)
    roll_something(qtbot, window, dice)
    tray = window.roll_panel.tray
    dice_shown = [item.die for item in tray.die_items()]
    assert dice_shown, "the check threw dice"

    children = accessible_children(tray.viewport())
    names = [child.text(QAccessible.Text.Name) for child in children]
    dice_named = [name for name in names if name.startswith("die ")]
    assert len(dice_named) == len(dice_shown)
    first = dice_shown[0]
    assert dice_named[0].startswith(f"die 1: {first.face}")
    hits = [die for die in dice_shown if "hit" in {mark.value for mark in die.marks}]
    assert hits and sum(", hit" in name for name in dice_named) == len(hits)

    # Each lies where its die is drawn, on screen
    for child, item in zip(
        [c for c in children if c.text(QAccessible.Text.Name).startswith("die ")],
        sorted(tray.die_items(), key=lambda i: dice_shown.index(i.die)),
        strict=True,
    ):
        centre = tray.mapToGlobal(tray.mapFromScene(item.scenePos()))
        assert child.rect().contains(centre), (
            f"{child.text(QAccessible.Text.Name)} is not over its die"
        )


def test_the_names_follow_each_roll_and_clicks_still_reach_the_dice(qtbot, window, dice):
    window.open_sample("shadowrun4")
    window.resize(1366, 768)
    tray = window.roll_panel.tray
    dice.extend([6, 6, 6, 6, 1, 2, 3, 4, 5] * 10)
    names_of_rolls = []
    for _roll in range(2):
        window.check_panel.request_roll()
        qtbot.waitUntil(lambda: window.roll_panel.done_button.isEnabled(), timeout=SETTLE_MS)
        qtbot.waitUntil(lambda: not tray.is_animating())
        items = {item.die.id: item for item in tray.die_items()}
        order = [die_id for die_id in items]
        shown = [label for label in tray.die_stand_ins() if label.isVisible()]
        names = [label.accessibleName() for label in shown]
        expected = [
            f"die {number}: {describe_die(items[die_id].die)}"
            for number, die_id in enumerate(order, start=1)
        ]
        assert names == expected
        for label in shown:
            # The stand-in lets the mouse through to the die under it
            assert tray.viewport().childAt(label.geometry().center()) is None
        names_of_rolls.append(names)
        window.roll_panel.done_button.click()
    assert names_of_rolls[0] != names_of_rolls[1]
