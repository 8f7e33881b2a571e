"""The outcome under the tray never lies over the dice, even with the splitters dragged to
their extremes at the smallest window: the part under the tray scrolls within itself instead,
and the window can still be made 1024x640.
"""

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QApplication

from tests.ui.test_layout import SYSTEMS, layout_problems, roll_something


def _drag_to_extremes(window) -> None:
    # The right column as narrow and the check area as tall as the splitters allow.
    window.splitter.setSizes([10_000, 1])
    window.right_splitter.setSizes([10_000, 1, 1])
    QApplication.processEvents()


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_the_headline_never_covers_the_dice_with_the_splitters_at_their_extremes(
    qtbot, window, dice, system_id
):
    window.open_sample(system_id)
    window.resize(1024, 640)
    qtbot.waitUntil(lambda: window.size().toTuple() == (1024, 640))
    roll_something(qtbot, window, dice)
    _drag_to_extremes(window)
    panel = window.roll_panel
    tray_bottom = panel.tray.mapTo(window, panel.tray.rect().bottomLeft()).y()
    headline_top = panel.headline.mapTo(window, panel.headline.rect().topLeft()).y()
    area_top = panel.outcome_area.mapTo(window, panel.outcome_area.rect().topLeft()).y()
    assert panel.tray.height() >= panel.tray.minimumHeight()
    assert area_top > tray_bottom, f"{system_id}: the outcome starts inside the tray"
    assert headline_top > tray_bottom, f"{system_id}: the headline lies over the dice"
    assert panel.headline.isVisible() and panel.headline.visibleRegion().boundingRect().height() > 0
    problems = layout_problems(window)
    assert not problems, f"{system_id}: " + "; ".join(problems[:5])
    assert window.size().toTuple() == (1024, 640)
    minimum = window.minimumSizeHint().expandedTo(window.minimumSize())
    assert minimum.width() <= 1024 and minimum.height() <= 640


def test_the_outcome_area_scrolls_when_squeezed_and_shows_whole_when_there_is_room(
    qtbot, window, dice
):
    window.open_sample("phasesix")
    window.resize(1024, 640)
    qtbot.waitUntil(lambda: window.size().toTuple() == (1024, 640))
    roll_something(qtbot, window, dice)
    area = window.roll_panel.outcome_area
    _drag_to_extremes(window)
    assert area.verticalScrollBar().maximum() > 0, "squeezed, the outcome scrolls"
    window.splitter.setSizes([1, 10_000])
    window.right_splitter.setSizes([1, 10_000, 1])
    window.resize(1920, 1080)
    qtbot.waitUntil(lambda: window.size().toTuple() == (1920, 1080))
    QApplication.processEvents()
    assert area.verticalScrollBar().maximum() == 0, "with room, the outcome shows whole"


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_squeezed_the_buttons_wrap_inside_the_outcome_area_instead_of_running_off_its_edge(
    qtbot, window, dice, system_id
):
    window.open_sample(system_id)
    window.resize(1024, 640)
    qtbot.waitUntil(lambda: window.size().toTuple() == (1024, 640))
    roll_something(qtbot, window, dice)
    _drag_to_extremes(window)
    qtbot.wait(100)  # the scroll bar that the squeeze brings takes its width from the area
    panel = window.roll_panel
    viewport = panel.outcome_area.viewport()
    buttons = [*panel.action_buttons(), panel.done_button]
    assert buttons, "a rolled check offers at least Done"
    for button in buttons:
        if not button.isVisible():
            continue
        left = button.mapTo(viewport, button.rect().topLeft()).x()
        right = button.mapTo(viewport, button.rect().topRight()).x()
        assert left >= 0 and right < viewport.width(), (
            f"{system_id}: {button.text()!r} spans {left}..{right}, "
            f"the area shows 0..{viewport.width() - 1}"
        )


def _placed(widget, within):
    """The widget's rectangle in ``within``'s coordinates."""
    return QRect(widget.mapTo(within, QPoint(0, 0)), widget.size())


def test_done_is_placed_out_of_the_way_of_a_scroll_bar_still_to_come(qtbot, window, dice):
    # Given a roll whose follow-ups and Done fit side by side only while the outcome does
    # not scroll (a scroll bar would take their last few pixels)
    window.open_sample("phasesix")
    window.resize(1366, 768)
    qtbot.waitUntil(lambda: window.size().toTuple() == (1366, 768))
    roll_something(qtbot, window, dice)
    panel, area = window.roll_panel, window.roll_panel.outcome_area
    bar = area.verticalScrollBar().sizeHint().width()

    def spare() -> int:
        """The outcome's width beyond what the follow-ups and Done need side by side."""
        grid = panel.actions_grid.minimumSize().width()
        return area.width() - grid - panel.done_button.sizeHint().width() - panel._buttons.spacing()

    for _ in range(5):  # the splitter gives the column's margins their share too
        left, right = window.splitter.sizes()
        window.splitter.setSizes([left + spare() - bar // 2, right - spare() + bar // 2])
        qtbot.wait(20)  # the column's layouts settle at the new width
    assert 0 <= spare() < bar
    content = area.widget()

    def done_under() -> bool:
        done = _placed(panel.done_button, content)
        return all(done.top() >= _placed(b, content).bottom() for b in panel.action_buttons())

    # Then Done lies under the follow-ups
    qtbot.waitUntil(done_under, timeout=1000)

    # And when the outcome is squeezed until it scrolls, Done stays clear of the scroll bar
    window.right_splitter.setSizes([10_000, 1, 1])
    qtbot.waitUntil(lambda: area.verticalScrollBar().isVisible())
    assert done_under()
    assert _placed(panel.done_button, area.viewport()).right() < area.viewport().width()
