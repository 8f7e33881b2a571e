"""The roll history: a list model of finished roll records, newest first, and its view."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractListModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QListView

from shadowdice.core.record import RollRecord
from shadowdice.ui import theme

#: Role giving the RollRecord of a row.
RECORD_ROLE = Qt.ItemDataRole.UserRole + 1

TONE_TEXT_COLOURS = {
    "success": QColor(theme.SUCCESS),
    "glitch": QColor(theme.GLITCH),
    "critical": QColor(theme.CRITICAL),
}

_Index = QModelIndex | QPersistentModelIndex


def describe(record: RollRecord) -> str:
    """One line for the history: time, who, what, and the outcome."""
    who = f"{record.character}: " if record.character else ""
    time = record.time.astimezone().strftime("%H:%M")
    text = f"{time}  {who}{record.check} — {record.outcome.headline}"
    if record.outcome.headline.endswith("!") and record.outcome.detail:
        text += f" ({record.outcome.detail.split(' · ')[0]})"
    return text


def explain(record: RollRecord) -> str:
    """A tooltip: every throw with its faces, the actions taken, the detail."""
    lines = [describe(record), record.outcome.detail]
    for throw in record.throws:
        faces = ", ".join("→".join(map(str, die.faces)) for die in throw.dice)
        lines.append(f"{throw.label}: {faces}")
    lines.extend(f"{a.label} ({a.cost})" if a.cost else a.label for a in record.actions)
    return "\n".join(line for line in lines if line)


class HistoryModel(QAbstractListModel):
    """Finished rolls, newest first."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._records: list[RollRecord] = []

    def add(self, record: RollRecord) -> None:
        """Put a finished roll on top."""
        self.beginInsertRows(QModelIndex(), 0, 0)
        self._records.insert(0, record)
        self.endInsertRows()

    def records(self) -> list[RollRecord]:
        """All records, newest first."""
        return list(self._records)

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        """Number of finished rolls."""
        return 0 if parent.isValid() else len(self._records)

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """The line, its tooltip, its colour, and the record itself."""
        if not index.isValid() or not 0 <= index.row() < len(self._records):
            return None
        record = self._records[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return describe(record)
        if role == Qt.ItemDataRole.ToolTipRole:
            return explain(record)
        if role == Qt.ItemDataRole.ForegroundRole:
            return TONE_TEXT_COLOURS.get(record.outcome.tone)
        if role == RECORD_ROLE:
            return record
        return None


class HistoryView(QListView):
    """The history list under the tray."""

    def __init__(self, model: HistoryModel, parent=None) -> None:
        super().__init__(parent)
        self.setModel(model)
        self.setObjectName("history")
        self.setAlternatingRowColors(True)
        self.setUniformItemSizes(True)
        self.setEditTriggers(QListView.EditTrigger.NoEditTriggers)
