"""An open character: its sheet, its rule system, where it is saved and whether it changed.

Every edit of an open character goes through the few operations here, which call the core's
sheet operations and announce the change with one signal that the widgets refresh from.

Each change, whoever made it (an editor, a rest, a roll spending Edge), goes on the
character's undo stack as a :class:`SheetCommand` holding what it changed (a
:class:`~shadowdice.core.sheet.SheetChange`); the stack's clean state is the saved state, so
undoing back to it leaves the character unchanged again.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from shadowdice.core import sheet as sheet_ops
from shadowdice.core.language import translations
from shadowdice.core.registry import RuleSystem
from shadowdice.core.session import RollSession
from shadowdice.core.sheet import (
    FieldSpec,
    Kind,
    ResourceSpec,
    Sheet,
    SheetAction,
    SheetChange,
    TableSpec,
)

_, _n = translations(__name__)

#: Kinds of single values whose editors set them on every key: edits in a row merge into one.
TYPED_KINDS = frozenset({Kind.TEXT, Kind.MULTILINE, Kind.INT})


class CharacterDocument(QObject):
    """One open character.

    Signals:
        sheet_changed: the sheet changed (an edit, or a resource spent in a roll).
        rows_changed(str): rows were added to or removed from the table with this key.
        modified_changed(bool): the document became modified or saved.
        roll_undone(object, bool): what a roll session spent was given back (True) or spent
            again by a redo (False).
        pins_changed: a roll was pinned or unpinned.

    Attributes:
        system: the character's rule system.
        sheet: the character sheet.
        path: where it is saved, or None before the first save.
        undo_stack: every change of the sheet, to undo and redo.
        pinned: the keys of the rolls pinned to the top of the card's list, in the order
            pinned (``ui/roll_finder.py``); kept in the settings, not in the file.
        saved_elsewhere: a player's character at the game master's table: saved on the
            player's laptop, so it never counts as unsaved here (:attr:`modified`).
    """

    sheet_changed = Signal()
    rows_changed = Signal(str)
    modified_changed = Signal(bool)
    roll_undone = Signal(object, bool)
    pins_changed = Signal()

    def __init__(
        self, system: RuleSystem, sheet: Sheet, path: Path | None = None, parent=None
    ) -> None:
        super().__init__(parent)
        self.system = system
        self.sheet = sheet
        self.path = path
        self.undo_stack = QUndoStack(self)
        self.pinned: tuple[str, ...] = ()
        self.saved_elsewhere = False
        self._known = sheet_ops.snapshot(sheet)
        self.undo_stack.cleanChanged.connect(self._on_clean_changed)

    @property
    def modified(self) -> bool:
        """Whether there are changes not yet saved (undoing back to the save clears it); never
        for a character saved on another laptop.
        """
        return not self.saved_elsewhere and not self.undo_stack.isClean()

    @property
    def title(self) -> str:
        """The name to show: the character's name, else the file's, else 'New character'."""
        if self.sheet.name.strip():
            return self.sheet.name.strip()
        return self.path.stem if self.path else _("New {system} character", system=self.system.name)

    def _on_clean_changed(self, clean: bool) -> None:
        if not self.saved_elsewhere:
            self.modified_changed.emit(not clean)

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

    def toggle_pin(self, key: str) -> None:
        """Pin a roll to the top of the card's list, or unpin it."""
        pinned = self.pinned
        self.pinned = tuple(k for k in pinned if k != key) if key in pinned else (*pinned, key)
        self.pins_changed.emit()

    # --- edits --------------------------------------------------------------------------------

    def set_field(self, spec: FieldSpec, value: Any) -> None:
        """Set a single value; raises SheetEditError with a message when refused."""
        if sheet_ops.set_field(self.sheet, spec, value):
            merge = f"field:{spec.key}" if spec.kind in TYPED_KINDS else None
            self._record(spec.label, merge)

    def set_cell(self, table: TableSpec, row: int, column: int, value: Any) -> None:
        """Set a table cell; raises SheetEditError with a message when refused."""
        spec = table.columns[column]
        if sheet_ops.set_cell(self.sheet, table, row, spec, value):
            row_name = getattr(sheet_ops.rows(self.sheet, table)[row], "name", "")
            self._record(
                _("{column} of {row}", column=spec.label, row=row_name) if row_name else spec.label
            )

    def set_resource(self, resource: ResourceSpec, value: int) -> None:
        """Set a resource (Edge, wounds) from the character card; raises SheetEditError."""
        if sheet_ops.set_resource(self.sheet, resource, value):
            self._record(resource.label)

    def resources(self) -> tuple[ResourceSpec, ...]:
        """What the character spends or takes in play, as the system declares it."""
        return self.system.sheet_resources()

    def resources_in_words(self, resources: Iterable[ResourceSpec]) -> str:
        """``resources`` as they stand, in one line ("Physis 12/15 · Psyche 9/15")."""
        sheet = self.sheet
        parts = []
        for resource in resources:
            value = (
                resource.words(sheet)
                if resource.words
                else f"{resource.get(sheet)}/{resource.bounds(sheet)[1]}"
            )
            parts.append(_("{resource} {value}", resource=resource.label, value=value))
        return " · ".join(parts)

    def add_row(self, table: TableSpec) -> int:
        """Add a row to a table; returns its index."""
        index = sheet_ops.add_row(self.sheet, table)
        self._record(_("New row in {table}", table=table.label))
        return index

    def remove_row(self, table: TableSpec, row: int) -> None:
        """Remove a row of a table; raises SheetEditError when the row may not go."""
        name = getattr(sheet_ops.rows(self.sheet, table)[row], "name", "")
        sheet_ops.remove_row(self.sheet, table, row)
        if name:
            self._record(_("Removing {name}", name=name))
        else:
            self._record(_("Removing a row of {table}", table=table.label))

    def apply_sheet_action(self, action: SheetAction, answer: bool = True) -> str:
        """Carry out a sheet action (a rest); returns what happened, in words."""
        message = self.system.apply_sheet_action(self.sheet, action.id, answer)
        self._record(action.label)
        return message

    def note_spent(self, session: RollSession) -> None:
        """A roll session spent from this sheet: keep it as one change to undo, with what
        else the same roll spends after it.
        """
        costs = [action.cost for action in session.taken if action.cost]
        label = f"{session.check}: {', '.join(costs)}" if costs else session.check
        self._record(label, f"roll:{id(session)}", session)

    def mark_changed(self) -> None:
        """The sheet is not saved as it is (a new character, a file of an older version);
        a change made to it from outside goes on the undo stack.
        """
        if not self._record(_("Change")):
            self.undo_stack.resetClean()

    def mark_saved(self, path: Path) -> None:
        """The sheet was written to ``path``."""
        self.path = path
        self.undo_stack.setClean()

    def _record(
        self, label: str, merge: str | None = None, session: RollSession | None = None
    ) -> bool:
        """Put what changed since the last change on the undo stack and announce it; returns
        whether anything had changed.
        """
        now = sheet_ops.snapshot(self.sheet)
        change = sheet_ops.change_between(label, self._known, now)
        self._known = now
        if not change:
            return False
        self.undo_stack.push(SheetCommand(self, change, merge, session))
        self._announce(change.fields())
        return True

    def restore(self, values: Mapping[str, Any]) -> None:
        """Put fields back to these values (an undo or a redo) and announce it."""
        sheet_ops.restore(self.sheet, values)
        self._known = sheet_ops.snapshot(self.sheet)
        self._announce(tuple(values))

    def _announce(self, keys: Iterable[str]) -> None:
        """Tables whose rows may have come or gone, then the sheet as a whole."""
        table_keys = {table.key for table in self.tables()}
        for key in keys:
            if key in table_keys:
                self.rows_changed.emit(key)
        self.sheet_changed.emit()


class SheetCommand(QUndoCommand):
    """One change of a sheet on its undo stack; it was made before it was pushed.

    Changes pushed with the same ``merge`` key one after the other become one (a name typed
    letter by letter, what one roll spends).

    Attributes:
        change: what changed.
        session: the roll session that spent it, or None for an edit.
    """

    def __init__(
        self,
        document: CharacterDocument,
        change: SheetChange,
        merge: str | None = None,
        session: RollSession | None = None,
    ) -> None:
        super().__init__(change.label)
        self.change = change
        self.session = session
        self._document = document
        self._merge = merge
        self._done = True

    def id(self) -> int:
        """Commands with the same merge key share an id; -1 never merges."""
        return -1 if self._merge is None else hash(self._merge) & 0x7FFFFFFF

    def mergeWith(self, other: QUndoCommand) -> bool:
        """Take in the next change of the same kind; a change back to the start goes away."""
        if not isinstance(other, SheetCommand) or other._merge != self._merge:
            return False
        self.change = self.change.then(other.change)
        self.setText(other.change.label)
        if not self.change:
            self.setObsolete(True)
        return True

    def redo(self) -> None:
        """Make the change again (not when pushed: it was made already)."""
        if self._done:
            return
        self._done = True
        self._document.restore(self.change.after)
        if self.session is not None:
            self._document.roll_undone.emit(self.session, False)

    def undo(self) -> None:
        """Put the changed fields back as they were."""
        self._done = False
        self._document.restore(self.change.before)
        if self.session is not None:
            self._document.roll_undone.emit(self.session, True)


class TemplateDocument(CharacterDocument):
    """An open character template: edited like a sheet, through the system's template
    declaration (``template_fields``, ``template_tables``), with no sheet actions.
    """

    @property
    def title(self) -> str:
        """The template's name, else 'New template'."""
        return self.sheet.name.strip() or _("New {system} template", system=self.system.name)

    def fields(self) -> tuple[FieldSpec, ...]:
        """The single values of the template."""
        return self.system.template_fields()

    def tables(self) -> tuple[TableSpec, ...]:
        """The tables of the template."""
        return self.system.template_tables()

    def actions(self) -> tuple[SheetAction, ...]:
        """Templates have no sheet actions."""
        return ()
