"""Files the operating system asks the app to open while it runs.

On macOS, double-clicking a character file in the Finder does not start the app with the file
on its command line: the running app receives a ``FileOpen`` event. This filter hands each
such file to the main window.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QFileOpenEvent


class FileOpenEvents(QObject):
    """An application event filter that opens the files of ``FileOpen`` events."""

    def __init__(self, open_path: Callable[[Path], object], parent: QObject | None = None):
        super().__init__(parent)
        self._open_path = open_path

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Open the file of a FileOpen event; let every other event pass."""
        if isinstance(event, QFileOpenEvent) and event.file():
            self._open_path(Path(event.file()))
            return True
        return super().eventFilter(watched, event)
