"""The roll history: a tree model of finished roll records, newest first, and its view.

Each roll is one line (time, who, what, outcome); expanded, it shows every throw with its
faces and marks, every member's own result in a group roll, and every action taken with its
cost and what it changed. A proxy filters the rolls by character, and *Copy as text* puts the
chosen rolls on the clipboard as the history shows them.

Rolls come in two ways: :meth:`HistoryModel.add` puts a roll just finished on top,
:meth:`HistoryModel.add_earlier` puts rolls of earlier sessions below the rest.

A roll whose charges were undone stays in the history, struck through and marked undone: the
dice fell as they fell, only what the roll spent was given back.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from itertools import count
from typing import Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    Signal,
)
from PySide6.QtGui import QAction, QColor, QFont, QGuiApplication, QKeyEvent, QKeySequence
from PySide6.QtWidgets import QAbstractItemView, QComboBox, QTreeView

from shadowdice.core.language import N_, translations
from shadowdice.core.record import RollRecord
from shadowdice.core.record_text import describe, details, record_text
from shadowdice.ui import theme
from shadowdice.ui.language import events as language_events
from shadowdice.ui.language import put

_, _n = translations(__name__)

#: Role giving the RollRecord of a row (of a roll, or of one of its detail lines).
RECORD_ROLE = Qt.ItemDataRole.UserRole + 1
#: Role giving the characters who rolled, as a tuple of names.
CHARACTERS_ROLE = Qt.ItemDataRole.UserRole + 2
#: Role giving the characters whose charges in the roll were undone, as a tuple of names.
UNDONE_ROLE = Qt.ItemDataRole.UserRole + 3

TONE_TEXT_COLOURS = {
    "success": QColor(theme.SUCCESS),
    "glitch": QColor(theme.GLITCH),
    "critical": QColor(theme.CRITICAL),
}

_Index = QModelIndex | QPersistentModelIndex


@dataclass(frozen=True, slots=True)
class _Entry:
    serial: int
    record: RollRecord
    lines: tuple[str, ...]
    undone: set[str] = field(default_factory=set)  # whose charges were given back
    earlier: bool = False  # from an earlier run of the app


class HistoryModel(QAbstractItemModel):
    """Finished rolls, newest first, each with its details as child rows.

    Signals:
        replaced(object, object): a record was put in the place of another (old, new).
    """

    replaced = Signal(object, object)

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._entries: list[_Entry] = []
        self._row_of: dict[int, int] = {}
        self._serials = count(1)
        language_events.changed.connect(self._render_again)

    def _render_again(self, _language: str) -> None:
        """Every roll in the language now shown (records keep their texts in no language)."""
        self.layoutAboutToBeChanged.emit()
        self._entries = [
            replace(entry, lines=tuple(details(entry.record))) for entry in self._entries
        ]
        self.layoutChanged.emit()

    # --- filling -------------------------------------------------------------------------------

    def add(self, record: RollRecord) -> None:
        """Put a finished roll on top."""
        self.beginInsertRows(QModelIndex(), 0, 0)
        self._entries.insert(0, self._entry(record))
        self._reindex()
        self.endInsertRows()

    def add_earlier(self, records: Iterable[RollRecord]) -> None:
        """Put rolls of earlier sessions (newest first) below the rolls there are."""
        entries = [replace(self._entry(record), earlier=True) for record in records]
        if not entries:
            return
        first = len(self._entries)
        self.beginInsertRows(QModelIndex(), first, first + len(entries) - 1)
        self._entries.extend(entries)
        self._reindex()
        self.endInsertRows()

    def clear(self) -> None:
        """Forget every roll."""
        self.beginResetModel()
        self._entries.clear()
        self._reindex()
        self.endResetModel()

    def set_undone(self, record: RollRecord, character: str, undone: bool) -> None:
        """Mark what ``character`` spent in a roll as given back (``undone``) or spent again."""
        for row, entry in enumerate(self._entries):
            if entry.record is record:
                (entry.undone.add if undone else entry.undone.discard)(character)
                index = self.index(row, 0)
                self.dataChanged.emit(index, index)
                return

    def undone(self, record: RollRecord) -> tuple[str, ...]:
        """Whose charges in this roll were undone, if anyone's."""
        for entry in self._entries:
            if entry.record is record:
                return tuple(sorted(entry.undone))
        return ()

    def records(self) -> list[RollRecord]:
        """All records, newest first."""
        return [entry.record for entry in self._entries]

    def records_of_this_run(self) -> list[RollRecord]:
        """The records rolled since the app started, newest first."""
        return [entry.record for entry in self._entries if not entry.earlier]

    def replace(self, old: RollRecord, new: RollRecord) -> None:
        """Put ``new`` in the place of ``old`` (a secret roll revealed)."""
        for row, entry in enumerate(self._entries):
            if entry.record is old:
                self._entries[row] = replace(entry, record=new, lines=tuple(details(new)))
                index = self.index(row, 0)
                self.dataChanged.emit(index, index)
                self.replaced.emit(old, new)
                return

    def characters(self) -> list[str]:
        """Everyone who rolled, in the order of their first roll shown."""
        names: dict[str, None] = {}
        for entry in self._entries:
            names.update(dict.fromkeys(entry.record.characters()))
        return list(names)

    def _entry(self, record: RollRecord) -> _Entry:
        return _Entry(next(self._serials), record, tuple(details(record)))

    def _reindex(self) -> None:
        self._row_of = {entry.serial: row for row, entry in enumerate(self._entries)}

    # --- the model -----------------------------------------------------------------------------

    def index(self, row: int, column: int = 0, parent: _Index = QModelIndex()) -> QModelIndex:  # noqa: B008
        """A roll (under the root) or one of its detail lines (under a roll)."""
        if column != 0 or row < 0:
            return QModelIndex()
        if not parent.isValid():
            if row >= len(self._entries):
                return QModelIndex()
            return self.createIndex(row, 0, 0)
        if parent.internalId() != 0 or parent.row() >= len(self._entries):
            return QModelIndex()
        entry = self._entries[parent.row()]
        if row >= len(entry.lines):
            return QModelIndex()
        return self.createIndex(row, 0, entry.serial)

    def parent(self, child: _Index = QModelIndex()) -> QModelIndex:  # noqa: B008
        """The roll of a detail line; nothing for a roll."""
        if not child.isValid() or child.internalId() == 0:
            return QModelIndex()
        row = self._row_of.get(child.internalId())
        return QModelIndex() if row is None else self.createIndex(row, 0, 0)

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        """Rolls under the root, detail lines under a roll."""
        if not parent.isValid():
            return len(self._entries)
        if parent.internalId() != 0 or parent.column() != 0:
            return 0
        return len(self._entries[parent.row()].lines)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        """One column."""
        return 1

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """The line, its tooltip, its colour, the record and who rolled."""
        entry = self._entry_of(index)
        if entry is None:
            return None
        record = entry.record
        if role == RECORD_ROLE:
            return record
        if role == CHARACTERS_ROLE:
            return record.characters()
        if index.internalId() != 0:
            if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
                return entry.lines[index.row()]
            return None
        undone = tuple(sorted(entry.undone))
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
            text = describe(record)
            if record.secret:
                text = (
                    _("{roll} (revealed)", roll=text)
                    if record.revealed
                    else _("Secret: {roll}", roll=text)
                )
            return _("{roll} (undone)", roll=text) if undone else text
        if role == Qt.ItemDataRole.ToolTipRole:
            return record_text(record, undone)
        if role == Qt.ItemDataRole.ForegroundRole:
            return QColor(theme.UNDONE) if undone else TONE_TEXT_COLOURS.get(record.outcome.tone)
        if role == Qt.ItemDataRole.FontRole and undone:
            font = QFont()
            font.setStrikeOut(True)
            return font
        if role == UNDONE_ROLE:
            return undone
        return None

    def flags(self, index: _Index) -> Qt.ItemFlag:
        """Selectable and enabled, never editable."""
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable

    def _entry_of(self, index: _Index) -> _Entry | None:
        if not index.isValid():
            return None
        top = index.internalId() == 0
        row = index.row() if top else self._row_of.get(index.internalId(), -1)
        if not 0 <= row < len(self._entries):
            return None
        entry = self._entries[row]
        return entry if top or index.row() < len(entry.lines) else None


class CharacterFilter(QSortFilterProxyModel):
    """The rolls of one character (a group roll counts for each member), or all of them."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._character = ""

    @property
    def character(self) -> str:
        """The character whose rolls are shown; "" shows everyone's."""
        return self._character

    def set_character(self, name: str) -> None:
        """Show only this character's rolls ("" for everyone's)."""
        self.beginFilterChange()
        self._character = name
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def filterAcceptsRow(self, source_row: int, source_parent: _Index) -> bool:
        """A roll passes when its character rolled in it; detail lines always pass."""
        if source_parent.isValid() or not self._character:
            return True
        index = self.sourceModel().index(source_row, 0, source_parent)
        return self._character in (index.data(CHARACTERS_ROLE) or ())


class CharacterChooser(QComboBox):
    """Chooses whose rolls the history shows: everyone, or one character who rolled."""

    EVERYONE = N_("Everyone")

    def __init__(self, model: HistoryModel, history_filter: CharacterFilter, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("history_filter")
        put(self.setAccessibleName, _("Show the rolls of"))
        put(self.setToolTip, _("Show the rolls of one character, or of everyone"))
        self.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.setMinimumContentsLength(10)
        self._model = model
        self._filter = history_filter
        self._refresh()
        model.rowsInserted.connect(self._refresh)
        model.modelReset.connect(self._refresh)
        language_events.changed.connect(self._refresh)
        self.currentIndexChanged.connect(lambda: self._filter.set_character(self.currentData()))

    def _refresh(self) -> None:
        chosen = self.currentData()
        self.blockSignals(True)
        self.clear()
        self.addItem(_(self.EVERYONE), "")
        for name in self._model.characters():
            self.addItem(name, name)
        self.setCurrentIndex(max(self.findData(chosen), 0))
        self.blockSignals(False)
        if self.currentData() != chosen:
            self._filter.set_character(self.currentData())


class HistoryView(QTreeView):
    """The history under the tray: one line per roll, expandable to its details.

    Signals:
        copied(str): rolls were put on the clipboard; carries the text.
    """

    copied = Signal(str)

    def __init__(self, model: HistoryModel, parent=None) -> None:
        super().__init__(parent)
        self.history_model = model
        self.filter = CharacterFilter(self)
        self.filter.setSourceModel(model)
        self.setModel(self.filter)
        self.setObjectName("history")
        put(self.setAccessibleName, _("Roll history"))
        self.setHeaderHidden(True)
        self.setAlternatingRowColors(True)
        self.setUniformRowHeights(True)
        self.setExpandsOnDoubleClick(True)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.copy_action = QAction(self)
        put(self.copy_action.setText, _("&Copy as text"))
        self.copy_action.setShortcut(QKeySequence.StandardKey.Copy)
        self.copy_action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        put(self.copy_action.setToolTip, _("Copy the chosen rolls with all their details"))
        self.copy_action.triggered.connect(self.copy_as_text)
        self.addAction(self.copy_action)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Ctrl+C copies the chosen rolls as text (a tree view would copy one line)."""
        if event.matches(QKeySequence.StandardKey.Copy):
            self.copy_as_text()
            event.accept()
            return
        super().keyPressEvent(event)

    def chosen_records(self) -> list[RollRecord]:
        """The rolls chosen (a chosen detail line chooses its roll), newest first; all shown
        rolls when none is chosen.
        """
        rows: dict[int, RollRecord] = {}
        for index in self.selectionModel().selectedIndexes():
            top = index.parent() if index.parent().isValid() else index
            rows[top.row()] = top.data(RECORD_ROLE)
        if not rows:
            rows = {
                row: self.filter.index(row, 0).data(RECORD_ROLE)
                for row in range(self.filter.rowCount())
            }
        return [rows[row] for row in sorted(rows)]

    def copy_as_text(self) -> str:
        """Put the chosen rolls on the clipboard as text; returns the text."""
        model = self.history_model
        text = "\n\n".join(
            record_text(record, model.undone(record)) for record in self.chosen_records()
        )
        QGuiApplication.clipboard().setText(text)
        self.copied.emit(text)
        return text
