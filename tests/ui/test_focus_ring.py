"""The focus ring in the dark theme: a focused check box and spin box show the accent colour
around them, which they do not show without focus.
"""

import pytest
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication, QSpinBox

from shadowdice.ui import theme


@pytest.fixture
def themed():
    app = QApplication.instance()
    style, style_sheet, palette = app.style().name(), app.styleSheet(), app.palette()
    theme.apply_theme(app)
    yield
    app.setStyle(style)
    app.setStyleSheet(style_sheet)
    app.setPalette(palette)


def accent_pixels(widget) -> int:
    """How many pixels of the widget, as drawn, have the accent colour."""
    image = widget.grab().toImage()
    accent = QColor(theme.ACCENT)
    return sum(
        1
        for y in range(image.height())
        for x in range(image.width())
        if max(
            abs(image.pixelColor(x, y).red() - accent.red()),
            abs(image.pixelColor(x, y).green() - accent.green()),
            abs(image.pixelColor(x, y).blue() - accent.blue()),
        )
        < 24
    )


def focus(qtbot, window, widget) -> None:
    window.activateWindow()
    widget.setFocus()
    qtbot.waitUntil(widget.hasFocus)


def test_a_focused_check_box_and_spin_box_show_the_ring(qtbot, themed, window):
    window.open_sample("starwars_d6")
    box = window.check_panel.secret_box
    spin = window.current_page().findChild(QSpinBox)
    assert spin is not None and spin.isVisible()
    unfocused = {"box": accent_pixels(box), "spin": accent_pixels(spin)}

    focus(qtbot, window, box)
    assert accent_pixels(box) > unfocused["box"] + 20

    focus(qtbot, window, spin)
    # The ring goes round the whole field: at least its outline in the accent colour
    assert accent_pixels(spin) >= unfocused["spin"] + spin.width() + spin.height()
