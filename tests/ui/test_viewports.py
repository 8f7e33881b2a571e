"""A viewport made in Python (:mod:`shadowdice.ui.viewports`) looks as the one Qt makes."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QGraphicsView, QLabel, QListView, QScrollArea

from shadowdice.ui.viewports import plain_viewport


@pytest.mark.parametrize(
    ("area_class", "background"),
    [
        (QListView, QPalette.ColorRole.Base),
        (QGraphicsView, QPalette.ColorRole.Base),
        (QScrollArea, QPalette.ColorRole.NoRole),
    ],
)
def test_a_plain_viewport_is_filled_as_qts_own(qtbot, area_class, background):
    # Given an area with a viewport made here, and one with Qt's own
    ours, qts = area_class(), area_class()
    for area in (ours, qts):
        qtbot.addWidget(area)
    plain_viewport(ours, background)

    # Then both fill their background alike, under one name
    mine, theirs = ours.viewport(), qts.viewport()
    assert mine is not theirs and mine.parent() is ours
    assert mine.backgroundRole() == theirs.backgroundRole()
    assert mine.autoFillBackground() and theirs.autoFillBackground()
    assert mine.objectName() == "qt_scrollarea_viewport"


def test_a_scroll_area_shows_its_content_in_a_plain_viewport(qtbot):
    area = QScrollArea()
    qtbot.addWidget(area)
    plain_viewport(area, QPalette.ColorRole.NoRole)
    label = QLabel("Kira")
    area.setWidget(label)
    area.show()
    qtbot.waitUntil(label.isVisible)
    assert label.parent() is area.viewport()
