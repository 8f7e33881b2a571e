"""The window at the sizes of the laptops and screens at the table: for every system, in Play
and in Edit, with a check rolled and the dice at rest, no two visible sibling widgets overlap,
no visible widget lies outside the window, and the window never asks to be larger than the
screen. Its size and the positions of its splitters come back at the next start.
"""

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QAbstractScrollArea, QApplication, QWidget

from shadowdice.systems import builtin_registry
from tests.ui.window_helpers import SETTLE_MS, headline

SYSTEMS = [info.id for info in builtin_registry().infos()]
SIZES = [(1024, 640), (1366, 768), (1920, 1080)]
DIRECT = Qt.FindChildOption.FindDirectChildrenOnly


def in_scrolled_content(widget: QWidget) -> bool:
    """Whether the widget lies in a scroll area's content (clipped by its viewport)."""
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QAbstractScrollArea) and parent.viewport().isAncestorOf(widget):
            return True
        parent = parent.parentWidget()
    return False


def layout_problems(window: QWidget) -> list[str]:
    """Visible siblings that overlap, and visible widgets outside the window."""
    problems = []
    frame = QRect(0, 0, window.width(), window.height())
    for parent in [window, *window.findChildren(QWidget)]:
        if not parent.isVisible() or (parent is not window and parent.isWindow()):
            continue
        children = [
            child
            for child in parent.findChildren(
                QWidget, options=Qt.FindChildOption.FindDirectChildrenOnly
            )
            if child.isVisible() and not child.isWindow() and not child.geometry().isEmpty()
        ]
        for index, first in enumerate(children):
            for second in children[index + 1 :]:
                overlap = first.geometry().intersected(second.geometry())
                if overlap.width() > 1 and overlap.height() > 1:
                    problems.append(
                        f"{describe(first)} overlaps {describe(second)} in {describe(parent)}"
                    )
        if parent is not window and not in_scrolled_content(parent):
            top_left = parent.mapTo(window, parent.rect().topLeft())
            placed = QRect(top_left, parent.size())
            if not frame.contains(placed):
                problems.append(f"{describe(parent)} at {placed} is outside the window {frame}")
    return problems


def describe(widget: QWidget) -> str:
    name = widget.objectName() or getattr(widget, "text", lambda: "")() or ""
    return f"{type(widget).__name__}({name!s:.30})"


def roll_something(qtbot, window, dice) -> None:
    dice.extend([6, 5, 4, 3, 2, 1, 6, 5, 1, 1, 5, 6] * 5)
    window.check_panel.request_roll()
    qtbot.waitUntil(
        lambda: (
            headline(window) not in ("Ready to roll", "Rolling…")
            and not window.roll_panel.tray.is_animating()
        ),
        timeout=SETTLE_MS,
    )


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_nothing_overlaps_or_is_cut_off_at_any_size(qtbot, window, dice, system_id):
    window.open_sample(system_id)
    roll_something(qtbot, window, dice)
    assert_fits_at_every_size(qtbot, window, system_id)


def assert_fits_at_every_size(qtbot, window, system_id: str) -> None:
    """In Play and Edit, at every size: nothing overlaps, nothing is outside the window, and
    the window never asks for more than the smallest laptop.
    """
    for mode in ("play", "edit"):
        window.current_page().set_mode(mode)
        for width, height in SIZES:
            window.resize(width, height)
            qtbot.waitUntil(lambda w=width, h=height: window.size().toTuple() == (w, h))
            QApplication.processEvents()
            minimum = window.minimumSizeHint().expandedTo(window.minimumSize())
            assert minimum.width() <= 1024 and minimum.height() <= 640, (
                f"{system_id} {mode}: the window asks for {minimum.toTuple()}"
            )
            problems = layout_problems(window)
            assert not problems, f"{system_id} {mode} at {width}x{height}: " + "; ".join(
                problems[:5]
            )


def test_the_check_helper_finds_an_overlap(qtbot):
    # A check that cannot fail is no check: two labels placed on top of each other are found.
    from PySide6.QtWidgets import QLabel

    holder = QWidget()
    qtbot.addWidget(holder)
    holder.resize(200, 100)
    first, second = QLabel("one", holder), QLabel("two", holder)
    first.setGeometry(0, 0, 100, 50)
    second.setGeometry(50, 20, 100, 50)
    outside = QLabel("far", holder)
    outside.setGeometry(180, 80, 100, 50)
    holder.show()
    problems = layout_problems(holder)
    assert any("overlaps" in problem for problem in problems)
    assert any("outside the window" in problem for problem in problems)


def test_the_size_and_splitters_come_back(qtbot, make_window):
    window = make_window()
    window.resize(780, 600)  # within the offscreen screen (800 x 800)
    window.splitter.setSizes([250, 530])
    window.right_splitter.setSizes([200, 300, 100])
    QApplication.processEvents()
    sizes = window.splitter.sizes()
    window.close()

    again = make_window()
    assert again.size().toTuple() == (780, 600)
    assert again.splitter.sizes() == sizes


def test_the_window_never_starts_larger_than_the_screen(make_window):
    window = make_window()
    free = window.screen().availableGeometry()
    assert window.width() <= free.width() and window.height() <= free.height()


def shown_outside_the_form_area(window) -> list[str]:
    """The check's shown fields that lie (partly) outside the form area's viewport."""
    form = window.check_panel.form
    viewport = form.parentWidget()
    seen = viewport.rect()
    outside = []
    for param in form.params():
        field = form.widget(param.key)
        if field.isVisible():
            placed = QRect(field.mapTo(viewport, field.rect().topLeft()), field.size())
            if not seen.contains(placed):
                outside.append(param.key)
    return outside


def test_the_star_wars_check_with_an_opponent_fits_a_laptop_without_scrolling(qtbot, window):
    from tests.ui.test_main_window_starwars import choose

    # Given two Star Wars characters at 1366 x 768
    window.resize(1366, 768)
    qtbot.waitUntil(lambda: window.size().toTuple() == (1366, 768))
    system = window.registry.get("starwars_d6")
    choose(window.system_selector, "starwars_d6")
    samples = {template.name: template for template in system.sample_templates()}
    window.new_character(system.new_sheet_from_template(samples["Freighter Runner"]))
    window.new_character(system.new_sheet_from_template(samples["Bounty Tracker"]))

    # When the check asks for the most: an opponent character and the roll it makes
    choose(window.check_panel.widget("opponent"), "character")
    qtbot.waitUntil(lambda: window.check_panel.widget("defender_roll").isVisible())

    # Then the Force Point choice and every other field are in sight, nothing scrolled
    qtbot.waitUntil(lambda: not shown_outside_the_form_area(window))
    assert window.check_panel.widget("force_point").isVisible()
    assert window.check_panel.form.columns == 2
    defenders = window.check_panel.widget("defender")
    assert defenders.viewport().height() >= defenders.sizeHintForRow(0)  # a name, not squashed
    assert not layout_problems(window)


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_every_check_form_shows_whole_at_1366x768(qtbot, window, system_id):
    window.resize(1366, 768)
    qtbot.waitUntil(lambda: window.size().toTuple() == (1366, 768))
    window.open_sample(system_id)
    qtbot.waitUntil(lambda: window.check_panel.form.params() != ())
    qtbot.waitUntil(lambda: not shown_outside_the_form_area(window))


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_texts_40_percent_longer_still_fit_at_every_size(qtbot, window, dice, system_id):
    # The pseudo-language makes every translated text 40 % longer, as German often is.
    from shadowdice.ui.language import switch

    switch("pseudo")
    window.open_sample(system_id)
    roll_something(qtbot, window, dice)
    assert window.check_panel.roll_button.text().startswith("[")
    assert_fits_at_every_size(qtbot, window, system_id)
