"""On the smallest laptop window (1024x640) the check form fills two columns and every field
shows whole across: nothing runs off its right edge.
"""

import pytest
from PySide6.QtCore import Qt

from tests.ui.test_layout import SYSTEMS


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_at_1024x640_the_check_form_has_two_columns_and_no_field_runs_off_its_edge(
    qtbot, window, system_id
):
    window.open_sample(system_id)
    window.resize(1024, 640)
    qtbot.waitUntil(lambda: window.size().toTuple() == (1024, 640))
    qtbot.wait(100)  # a scroll bar appearing takes its width from the form
    form = window.check_panel.form
    shown = [form.widget(param.key) for param in form.params()]
    shown = [widget for widget in shown if widget.isVisible()]
    assert shown, f"{system_id}: the sample's check has fields"
    if len(shown) > 1:
        assert form.columns == 2, f"{system_id}: the form is one column at 1024 px"
    viewport = form.parentWidget()
    for widget in shown:
        right = widget.mapTo(viewport, widget.rect().topRight()).x()
        assert right < viewport.width(), f"{system_id}: {widget.objectName()} runs off the form"


def test_play_gives_the_check_its_two_columns_and_edit_gives_the_sheet_room(qtbot, window):
    window.open_sample("phasesix")
    window.resize(1024, 640)
    qtbot.waitUntil(lambda: window.size().toTuple() == (1024, 640))
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    sheet_in_play, check = window.splitter.sizes()
    assert check >= 560 and window.check_panel.form.columns == 2

    qtbot.keyClick(window, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    sheet, check = window.splitter.sizes()
    assert window.current_page().mode == "edit"
    assert sheet >= sheet_in_play + 100 and check >= 440

    qtbot.keyClick(window, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    window.resize(1000, 640)
    window.resize(1024, 640)
    qtbot.waitUntil(lambda: window.splitter.sizes()[1] >= 560)
