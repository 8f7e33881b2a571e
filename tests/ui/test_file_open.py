"""A file the operating system hands over as an event is opened in the window."""

from pathlib import Path

from PySide6.QtCore import QEvent
from PySide6.QtGui import QFileOpenEvent
from PySide6.QtWidgets import QApplication

from shadowdice.ui.file_open import FileOpenEvents


def test_a_file_open_event_opens_the_file_and_other_events_pass(qtbot):
    opened = []
    events = FileOpenEvents(opened.append)
    app = QApplication.instance()
    app.installEventFilter(events)
    try:
        QApplication.sendEvent(app, QFileOpenEvent("/tmp/kira.shadowdice"))
        QApplication.sendEvent(app, QEvent(QEvent.Type.User))
    finally:
        app.removeEventFilter(events)

    assert opened == [Path("/tmp/kira.shadowdice")]
