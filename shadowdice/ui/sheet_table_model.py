"""A Qt table model over one table of a character sheet, and a proxy that hides rows.

The model adapts a :class:`~shadowdice.core.sheet.TableSpec`: one column per column spec, one
row per sheet row. It holds no rule: edits go to the document, which validates them through
the core, and a refused edit is reported through ``edit_refused``.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    Signal,
)

from shadowdice.core.language import translations
from shadowdice.core.sheet import Kind, SheetEditError, TableSpec, rows
from shadowdice.ui.character_document import CharacterDocument
from shadowdice.ui.language import events, shown

_, _n = translations(__name__)

#: Role giving an INT cell's (low, high) bounds, for the editor delegate.
BOUNDS_ROLE = Qt.ItemDataRole.UserRole + 1
#: Role giving a CHOICE cell's allowed values as (value kept, words shown) pairs, for the
#: editor delegate.
CHOICES_ROLE = Qt.ItemDataRole.UserRole + 2
#: Role giving the column's Kind.
KIND_ROLE = Qt.ItemDataRole.UserRole + 3

_Index = QModelIndex | QPersistentModelIndex


class SheetTableModel(QAbstractTableModel):
    """One table of a character sheet.

    Signals:
        edit_refused(str): an edit was refused; the message says why.
    """

    edit_refused = Signal(str)

    def __init__(self, document: CharacterDocument, table: TableSpec, parent=None) -> None:
        super().__init__(parent)
        self.document = document
        self.table = table
        self._row_count = len(self._rows())
        self._connect_signals()

    def _connect_signals(self) -> None:
        self.document.sheet_changed.connect(self._on_sheet_changed)
        self.document.rows_changed.connect(self._on_rows_changed)
        events.changed.connect(self._on_language_changed)

    def _on_language_changed(self) -> None:
        """Headers and the names the rules give, in the new language."""
        last = len(self.table.columns) - 1
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, last)
        if self._row_count:
            corner = self.index(self._row_count - 1, last)
            self.dataChanged.emit(self.index(0, 0), corner, [Qt.ItemDataRole.DisplayRole])

    def _rows(self) -> list:
        return rows(self.document.sheet, self.table)

    # --- reading -----------------------------------------------------------------------------

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        """Rows of the sheet table."""
        return 0 if parent.isValid() else self._row_count

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        """Columns declared by the table spec."""
        return 0 if parent.isValid() else len(self.table.columns)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = 0) -> Any:
        """Column labels."""
        if (
            orientation == Qt.Orientation.Horizontal
            and role == Qt.ItemDataRole.DisplayRole
            and 0 <= section < len(self.table.columns)
        ):
            return shown(self.table.columns[section].label)
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Cell values, and bounds/choices/kind for the editors."""
        if not index.isValid():
            return None
        row = self._rows()[index.row()]
        column = self.table.columns[index.column()]
        value = getattr(row, column.key)
        if column.kind is Kind.FLAG:  # a check box, no text
            if role == Qt.ItemDataRole.CheckStateRole:
                return Qt.CheckState.Checked if value else Qt.CheckState.Unchecked
            if role == Qt.ItemDataRole.EditRole:
                return value
            if role == KIND_ROLE:
                return column.kind
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return column.text_of(value)
        if role == Qt.ItemDataRole.EditRole:
            return value
        if role == Qt.ItemDataRole.TextAlignmentRole and column.kind is Kind.INT:
            return int(Qt.AlignmentFlag.AlignCenter)
        if role == BOUNDS_ROLE and column.bounds is not None:
            return column.bounds(row)
        if role == CHOICES_ROLE and column.choices is not None:
            return [
                (str(value), column.text_of(value)) for value in column.choices(self.document.sheet)
            ]
        if role == KIND_ROLE:
            return column.kind
        return None

    def flags(self, index: _Index) -> Qt.ItemFlag:
        """Editable where the column spec allows it for the row."""
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        column = self.table.columns[index.column()]
        editable = column.editable_in(self._rows()[index.row()])
        if column.kind is Kind.FLAG:
            return flags | Qt.ItemFlag.ItemIsUserCheckable if editable else flags
        if editable:
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    # --- writing -----------------------------------------------------------------------------

    def setData(self, index: _Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        """Send an edit to the document; report a refusal instead of raising. A flag is set
        by its check box.
        """
        if not index.isValid():
            return False
        if role == Qt.ItemDataRole.CheckStateRole:
            value = Qt.CheckState(value) == Qt.CheckState.Checked
        elif role != Qt.ItemDataRole.EditRole:
            return False
        try:
            self.document.set_cell(self.table, index.row(), index.column(), value)
        except SheetEditError as error:
            self.edit_refused.emit(str(error))
            return False
        return True

    def add_row(self) -> int | None:
        """Add a row through the document; returns its index, or None when the rules refuse
        a new row (all Force skills taken), with the reason reported.
        """
        try:
            return self.document.add_row(self.table)
        except SheetEditError as error:
            self.edit_refused.emit(str(error))
            return None

    def remove_row(self, row: int) -> None:
        """Remove a row through the document, or report why not."""
        removable = self.table.removable
        if removable is None or not removable(self._rows()[row]):
            self.edit_refused.emit(
                _("This row of {label} cannot be removed.", label=self.table.label)
            )
            return
        self.beginRemoveRows(QModelIndex(), row, row)
        self._row_count -= 1
        self.document.remove_row(self.table, row)
        self.endRemoveRows()

    # --- refreshing --------------------------------------------------------------------------

    def _on_sheet_changed(self) -> None:
        if self._row_count:
            last = self.index(self._row_count - 1, len(self.table.columns) - 1)
            self.dataChanged.emit(self.index(0, 0), last)

    def _on_rows_changed(self, key: str) -> None:
        count = len(self._rows())
        if key != self.table.key or count == self._row_count:
            return
        if count > self._row_count:
            self.beginInsertRows(QModelIndex(), self._row_count, count - 1)
            self._row_count = count
            self.endInsertRows()
        else:
            self.beginResetModel()
            self._row_count = count
            self.endResetModel()


class RatedRowsProxy(QSortFilterProxyModel):
    """Hides rows whose ``column`` value is 0 while ``hide_unrated`` is on (skills at 0)."""

    def __init__(self, column: int, parent=None) -> None:
        super().__init__(parent)
        self._column = column
        self._hide_unrated = False

    def set_hide_unrated(self, hide: bool) -> None:
        """Show only rows with a value, or all rows."""
        if hasattr(self, "beginFilterChange"):  # Qt 6.10 and later
            self.beginFilterChange()
            self._hide_unrated = hide
            self.endFilterChange(QSortFilterProxyModel.Direction.Rows)
        else:
            self._hide_unrated = hide
            self.invalidateRowsFilter()

    def filterAcceptsRow(self, source_row: int, source_parent: _Index) -> bool:
        """Accept every row, or only rated ones."""
        if not self._hide_unrated:
            return True
        model = self.sourceModel()
        return bool(model.data(model.index(source_row, self._column, source_parent)))
