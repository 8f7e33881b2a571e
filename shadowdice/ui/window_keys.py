"""The window's keys win over a text field's own bindings.

A text field or spin box answers some keys itself before the window's shortcuts hear them:
on Linux a line edit takes Ctrl+E to the end of its line (so Play/Edit did nothing while the
Edge box had the focus), and every field takes Ctrl+Z for the letters typed (an edit on the
card or in the sheet is already a step on the character's undo stack). :class:`WindowKeys`,
an application event filter, lets every key of the window's actions and shortcuts through to
the window, from any field of the window: Play/Edit, Roll, Done and Confirm, Undo and Redo,
the party's Alt+digits, the follow-ups' Ctrl+digits. Copy, cut, paste and select all stay
with the field. A widget that keeps keys of its own (the strip where physical dice are typed
in) is not a text field and is left alone.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QComboBox,
    QLineEdit,
    QPlainTextEdit,
    QTextEdit,
    QWidget,
)

#: What a field keeps for itself, even where the window has an action on the key.
FIELD_KEYS = (
    QKeySequence.StandardKey.Copy,
    QKeySequence.StandardKey.Cut,
    QKeySequence.StandardKey.Paste,
    QKeySequence.StandardKey.SelectAll,
)

#: The widgets that take keys for their text.
FIELDS = (QLineEdit, QAbstractSpinBox, QComboBox, QTextEdit, QPlainTextEdit)


class WindowKeys(QObject):
    """An application event filter: in a text field of ``window``, a key the window has an
    action or shortcut on goes to the window, not to the field.
    """

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self._window = window

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Let the window's keys through a field's own bindings."""
        if (
            event.type() == QEvent.Type.ShortcutOverride
            and isinstance(event, QKeyEvent)
            and isinstance(watched, FIELDS)
            and watched.window() is self._window
            and not any(event.matches(key) for key in FIELD_KEYS)
            and self.is_window_key(QKeySequence(event.keyCombination()))
        ):
            event.ignore()  # not the field's: the shortcut map gives it to the window
            return True
        return False

    def is_window_key(self, key: QKeySequence) -> bool:
        """Whether an action or shortcut of the window is on this key (greyed or not: a
        key of the window never edits a field).
        """
        if any(key in action.shortcuts() for action in self._window.findChildren(QAction)):
            return True
        return any(key == shortcut.key() for shortcut in self._window.findChildren(QShortcut))
