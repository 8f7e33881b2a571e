"""Plain viewports for the scroll areas of the first window: :func:`plain_viewport`.

Every scroll area (a list, a scrolled form, the dice tray's view) shows its content in a
viewport widget that Qt makes itself. The first time Python asks for a viewport Qt made (a
size hint reading its width, the tray laying out its dice), PySide6 looks through every widget
class it has to find the viewport's, making a Python class of each on the way: the dialogs,
the wizards, the colour pickers, a few milliseconds of a start that shows none of them. A
viewport made in Python is known to PySide6 from the start; it works the same, as the scroll
area hears its events either way.
"""

from __future__ import annotations

from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QAbstractScrollArea, QWidget

#: The name Qt gives the viewports it makes (style sheets may name it).
VIEWPORT_NAME = "qt_scrollarea_viewport"


def plain_viewport(
    area: QAbstractScrollArea, background: QPalette.ColorRole = QPalette.ColorRole.Base
) -> None:
    """Give ``area`` a viewport made here, filled with ``background`` as Qt's own is (the
    base colour of a list or a view; a scroll area's leaves it to what it shows,
    ``NoRole``). Call it before anything is put into the area.
    """
    viewport = QWidget()
    viewport.setObjectName(VIEWPORT_NAME)
    viewport.setBackgroundRole(background)
    viewport.setAutoFillBackground(True)
    area.setViewport(viewport)
