"""The party bar: every open character in one row, with its system, its first resource and
its state; a click or Alt+1 ... Alt+9 shows that character.

It stands in for the tabs' own bar: each entry shows what the game master looks for at the
table (who is hurt, who has Edge left), and has its own close button.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QSize, Qt, QTimer, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QFrame, QHBoxLayout, QScrollArea, QSizePolicy, QToolButton, QWidget

from shadowdice.core.language import translations
from shadowdice.ui.character_document import CharacterDocument
from shadowdice.ui.language import events, put

_, _n = translations(__name__)

#: Characters reachable with Alt and a digit.
MAX_PARTY_KEYS = 9


def summary(document: CharacterDocument) -> str:
    """One line on a character: name (starred when unsaved), system, first resource, state."""
    parts = [document.title + ("*" if document.modified else ""), document.system.name]
    resources = document.resources()
    if resources:
        first = resources[0]
        sheet = document.sheet
        value = (
            first.words(sheet) if first.words else f"{first.get(sheet)}/{first.bounds(sheet)[1]}"
        )
        parts.append(_("{resource} {value}", resource=first.label, value=value))
    if status := document.system.sheet_status(document.sheet):
        parts.append(status)
    return " · ".join(parts)


def details(document: CharacterDocument) -> str:
    """A tooltip: every resource and where the character is saved."""
    sheet = document.sheet
    lines = [f"{document.title} ({document.system.name})"]
    for resource in document.resources():
        value = (
            resource.words(sheet)
            if resource.words
            else _("{value} of {most}", value=resource.get(sheet), most=resource.bounds(sheet)[1])
        )
        lines.append(_("{resource}: {value}", resource=resource.label, value=value))
    lines.append(str(document.path) if document.path else _("Not saved yet"))
    return "\n".join(lines)


class PartyBar(QScrollArea):
    """One button per open character, in tab order, the shown one checked.

    Signals:
        chosen(int): a character's button was clicked; carries its tab index.
        close_requested(int): a character's close button was clicked; carries its tab index.
    """

    chosen = Signal(int)
    close_requested = Signal(int)

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("party_bar")
        put(self.setAccessibleName, _("Party"))
        # One row that scrolls sideways when the party is wider than the window.
        inner = QWidget()
        self._flow = QHBoxLayout(inner)
        self._flow.setContentsMargins(0, 0, 0, 0)
        self._flow.setSpacing(4)
        self._flow.addStretch(1)
        self.setWidget(inner)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self._entries: list[tuple[QWidget, QToolButton, QToolButton]] = []
        self._documents: list[CharacterDocument] = []
        events.changed.connect(self._on_language_changed)

    def _on_language_changed(self) -> None:
        for index, document in enumerate(self._documents):
            self._show(index, document)

    def set_party(self, documents: list[CharacterDocument], current: int) -> None:
        """Show these characters, the one at ``current`` as the one shown."""
        while len(self._entries) > len(documents):
            holder, _button, _close = self._entries.pop()
            self._flow.removeWidget(holder)
            holder.deleteLater()
        while len(self._entries) < len(documents):
            self._entries.append(self._new_entry(len(self._entries)))
        self._documents = list(documents)
        for index, document in enumerate(documents):
            self._show(index, document)
        self.set_current(current)
        self.updateGeometry()

    def set_current(self, current: int) -> None:
        """Check the button of the character shown."""
        for index, (_holder, button, _close) in enumerate(self._entries):
            button.setChecked(index == current)
        # Once laid out, since a new entry has no place yet.
        QTimer.singleShot(0, self, self._show_current)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Keep the character shown in sight when the bar narrows."""
        super().resizeEvent(event)
        self._show_current()

    def _show_current(self) -> None:
        for holder, button, _close in self._entries:
            if button.isChecked():
                self.ensureWidgetVisible(holder, 0, 0)

    def sizeHint(self) -> QSize:
        """One row of entries, and room for the sideways scroll bar."""
        row = self.widget().sizeHint().height()
        return QSize(
            super().sizeHint().width(), row + self.horizontalScrollBar().sizeHint().height()
        )

    def minimumSizeHint(self) -> QSize:
        """As tall as its hint; as narrow as one would like."""
        return QSize(60, self.sizeHint().height())

    def buttons(self) -> list[QToolButton]:
        """The characters' buttons, in order."""
        return [button for _holder, button, _close in self._entries]

    def _new_entry(self, index: int) -> tuple[QWidget, QToolButton, QToolButton]:
        holder = QWidget()
        row = QHBoxLayout(holder)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(0)
        button = QToolButton()
        button.setCheckable(True)
        button.setAutoRaise(False)
        button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        button.clicked.connect(self._emitter(self.chosen, button))
        close = QToolButton()
        close.setText("×")
        close.setAutoRaise(True)
        close.clicked.connect(self._emitter(self.close_requested, button))
        row.addWidget(button)
        row.addWidget(close)
        self._flow.insertWidget(self._flow.count() - 1, holder)
        return holder, button, close

    def _emitter(self, signal, button: QToolButton) -> Callable[[], None]:
        def emit() -> None:
            for index, (_holder, own, _close) in enumerate(self._entries):
                if own is button:
                    signal.emit(index)
                    return

        return emit

    def _show(self, index: int, document: CharacterDocument) -> None:
        _holder, button, close = self._entries[index]
        text = summary(document)
        key = f" (Alt+{index + 1})" if index < MAX_PARTY_KEYS else ""
        button.setText(text)
        button.setObjectName(f"party_{index + 1}")
        button.setAccessibleName(f"{text}{key}")
        show = _("Show this character")
        button.setToolTip(f"{details(document)}\n{show}{key}")
        close.setObjectName(f"party_close_{index + 1}")
        close.setAccessibleName(_("Close {name}", name=document.title))
        close.setToolTip(_("Close {name} (Ctrl+W when shown)", name=document.title))
