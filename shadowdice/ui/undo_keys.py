"""Undo and Redo keys for the window, not for the text field that has the focus.

A text field or spin box answers Ctrl+Z itself, by taking back the letters typed. In the sheet
editor and on the card, an edit is already a step on the character's undo stack, so the keys
should reach the window's Undo and Redo: :class:`UndoKeysToWindow`, installed as an event
filter on such a field, lets them through.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QKeyEvent, QKeySequence


class UndoKeysToWindow(QObject):
    """An event filter that keeps text fields from taking the Undo and Redo keys for their
    own letters, so that the window's Undo and Redo hear them.
    """

    KEYS = (QKeySequence.StandardKey.Undo, QKeySequence.StandardKey.Redo)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Let the Undo and Redo keys through to the window's shortcuts."""
        if event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent):
            redo = QKeySequence(event.keyCombination()) == QKeySequence("Ctrl+Shift+Z")
            if any(event.matches(key) for key in self.KEYS) or redo:
                event.ignore()
                return True
        return False
