"""An open character: its sheet, its rule system, where it is saved and whether it changed.

Every edit of an open character goes through the few operations here, which call the core's
sheet operations and announce the change with one signal that the widgets refresh from.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal

from shadowdice.core import sheet as sheet_ops
from shadowdice.core.registry import RuleSystem
from shadowdice.core.sheet import FieldSpec, Sheet, SheetAction, TableSpec


class CharacterDocument(QObject):
    """One open character.

    Signals:
        sheet_changed: the sheet changed (an edit, or a resource spent in a roll).
        rows_changed(str): rows were added to or removed from the table with this key.
        modified_changed(bool): the document became modified or saved.

    Attributes:
        system: the character's rule system.
        sheet: the character sheet.
        path: where it is saved, or None before the first save.
    """

    sheet_changed = Signal()
    rows_changed = Signal(str)
    modified_changed = Signal(bool)

    def __init__(
        self, system: RuleSystem, sheet: Sheet, path: Path | None = None, parent=None
    ) -> None:
        super().__init__(parent)
        self.system = system
        self.sheet = sheet
        self.path = path
        self._modified = False

    @property
    def modified(self) -> bool:
        """Whether there are changes not yet saved."""
        return self._modified

    @property
    def title(self) -> str:
        """The name to show: the character's name, else the file's, else 'New character'."""
        if self.sheet.name.strip():
            return self.sheet.name.strip()
        return self.path.stem if self.path else f"New {self.system.name} character"

    # --- what the editor shows: the system's sheet declaration -----------------------------

    def fields(self) -> tuple[FieldSpec, ...]:
        """The single values to edit."""
        return self.system.sheet_fields()

    def tables(self) -> tuple[TableSpec, ...]:
        """The tables to edit."""
        return self.system.sheet_tables()

    def actions(self) -> tuple[SheetAction, ...]:
        """What can be done to the sheet outside a roll, as it stands now."""
        return self.system.sheet_actions(self.sheet)

    # --- edits --------------------------------------------------------------------------------

    def set_field(self, spec: FieldSpec, value: Any) -> None:
        """Set a single value; raises SheetEditError with a message when refused."""
        if sheet_ops.set_field(self.sheet, spec, value):
            self.mark_changed()

    def set_cell(self, table: TableSpec, row: int, column: int, value: Any) -> None:
        """Set a table cell; raises SheetEditError with a message when refused."""
        if sheet_ops.set_cell(self.sheet, table, row, table.columns[column], value):
            self.mark_changed()

    def add_row(self, table: TableSpec) -> int:
        """Add a row to a table; returns its index."""
        index = sheet_ops.add_row(self.sheet, table)
        self.rows_changed.emit(table.key)
        self.mark_changed()
        return index

    def remove_row(self, table: TableSpec, row: int) -> None:
        """Remove a row of a table; raises SheetEditError when the row may not go."""
        sheet_ops.remove_row(self.sheet, table, row)
        self.rows_changed.emit(table.key)
        self.mark_changed()

    def apply_sheet_action(self, action: SheetAction, answer: bool = True) -> str:
        """Carry out a sheet action (a rest); returns what happened, in words."""
        message = self.system.apply_sheet_action(self.sheet, action.id, answer)
        self.mark_changed()
        return message

    def mark_changed(self) -> None:
        """Announce a change of the sheet (made here or through a roll session)."""
        self.sheet_changed.emit()
        self._set_modified(True)

    def mark_saved(self, path: Path) -> None:
        """The sheet was written to ``path``."""
        self.path = path
        self._set_modified(False)

    def _set_modified(self, modified: bool) -> None:
        if modified != self._modified:
            self._modified = modified
            self.modified_changed.emit(modified)


class TemplateDocument(CharacterDocument):
    """An open character template: edited like a sheet, through the system's template
    declaration (``template_fields``, ``template_tables``), with no sheet actions.
    """

    @property
    def title(self) -> str:
        """The template's name, else 'New template'."""
        return self.sheet.name.strip() or f"New {self.system.name} template"

    def fields(self) -> tuple[FieldSpec, ...]:
        """The single values of the template."""
        return self.system.template_fields()

    def tables(self) -> tuple[TableSpec, ...]:
        """The tables of the template."""
        return self.system.template_tables()

    def actions(self) -> tuple[SheetAction, ...]:
        """Templates have no sheet actions."""
        return ()
