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

Keys go to the widget with the focus, so :class:`WindowKeys` filters the events of that field
only, moving with the focus: a filter of the whole app would cost every event of every
widget a call into Python.
"""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import QAbstractSpinBox, QApplication, QComboBox, QWidget

#: What a field keeps for itself, even where the window has an action on the key.
FIELD_KEYS = (
    QKeySequence.StandardKey.Copy,
    QKeySequence.StandardKey.Cut,
    QKeySequence.StandardKey.Paste,
    QKeySequence.StandardKey.SelectAll,
)

#: The widgets that take keys for their text, by the name of their Qt class (asked of Qt: a
#: text editor's Python class is made when the first one is, not at start).
FIELDS = ("QLineEdit", "QAbstractSpinBox", "QComboBox", "QTextEdit", "QPlainTextEdit")


def is_field(widget: QObject) -> bool:
    """Whether ``widget`` takes keys for its text (see :data:`FIELDS`)."""
    return any(widget.inherits(name) for name in FIELDS)


class WindowKeys(QObject):
    """The event filter of the field of ``window`` that has the focus: a key the window has
    an action or shortcut on goes to the window, not to the field.
    """

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self._window = window
        app = QApplication.instance()
        app.focusChanged.connect(self._on_focus_changed)
        self._on_focus_changed(None, app.focusWidget())

    def _on_focus_changed(self, old: QWidget | None, now: QWidget | None) -> None:
        for field in with_line_edit(old):
            if shiboken6.isValid(field):
                field.removeEventFilter(self)
        if now is not None and is_field(now) and now.window() is self._window:
            for field in with_line_edit(now):
                field.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Let the window's keys through a field's own bindings."""
        if (
            event.type() == QEvent.Type.ShortcutOverride
            and isinstance(event, QKeyEvent)
            and is_field(watched)
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


def with_line_edit(widget: QWidget | None) -> list[QWidget]:
    """The widget and the line edit inside it (of a spin box, or an editable combo box)."""
    if widget is None or not shiboken6.isValid(widget):
        return []
    line_edit = widget.lineEdit() if isinstance(widget, (QAbstractSpinBox, QComboBox)) else None
    return [widget] if line_edit is None else [widget, line_edit]
