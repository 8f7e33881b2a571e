"""The neutral headline under the tray ("Ready to roll") reads on the window's ground in a
light system palette and in the app's dark theme: a contrast ratio of 4.5:1 at least (WCAG),
measured on the headline as drawn.
"""

import pytest
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication

from shadowdice.ui import theme
from tests.ui.window_helpers import headline


def luminance(colour: QColor) -> float:
    """The relative luminance of a colour (WCAG 2)."""

    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    return (
        0.2126 * channel(colour.red())
        + 0.7152 * channel(colour.green())
        + 0.0722 * channel(colour.blue())
    )


def contrast(first: QColor, second: QColor) -> float:
    high, low = sorted((luminance(first), luminance(second)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def drawn_contrast(widget) -> float:
    """The contrast between a label's ground (its commonest colour) and its text (the colour
    drawn farthest from the ground), as drawn.
    """
    image = widget.grab().toImage()
    counts: dict[int, int] = {}
    for y in range(image.height()):
        for x in range(image.width()):
            rgb = image.pixel(x, y)
            counts[rgb] = counts.get(rgb, 0) + 1
    ground = QColor.fromRgb(max(counts, key=counts.get))
    return max(contrast(ground, QColor.fromRgb(rgb)) for rgb in counts)


@pytest.fixture(params=["light", "dark"])
def palette(request):
    """The window in a light system palette (Fusion's own) or in the app's dark theme."""
    app = QApplication.instance()
    style, style_sheet, before = app.style().name(), app.styleSheet(), app.palette()
    if request.param == "light":
        app.setStyle("Fusion")
        app.setPalette(app.style().standardPalette())
        assert luminance(app.palette().window().color()) > 0.5
    else:
        theme.apply_theme(app)
    yield request.param
    app.setStyle(style)
    app.setStyleSheet(style_sheet)
    app.setPalette(before)


def test_the_neutral_headline_reads_on_the_window_in_both_palettes(qtbot, palette, make_window):
    window = make_window()
    window.open_sample("generic_dice")
    label = window.roll_panel.findChild(type(window.roll_panel.headline), "outcome_headline")
    qtbot.waitUntil(lambda: headline(window) == "Ready to roll")
    assert drawn_contrast(label) >= 4.5, palette
