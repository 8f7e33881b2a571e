"""The character-sheet editor, rendered from what a rule system declares.

Single values (:class:`~shadowdice.core.sheet.FieldSpec`) become a form, tables
(:class:`~shadowdice.core.sheet.TableSpec`) become table views over
:class:`~shadowdice.ui.sheet_table_model.SheetTableModel`. Number editors carry the allowed
range, so a value out of range cannot be typed; an edit the rules refuse (Magic and Resonance
together) is undone and its reason shown under the sheet.

Undo and Redo keys typed in a field go to the window's Undo and Redo, which undo whole edits
of the sheet, not the field's own letters.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut, QTextOption
from PySide6.QtWidgets import (
    QAbstractItemDelegate,
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QStyledItemDelegate,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from shadowdice.core.language import translations
from shadowdice.core.sheet import FieldSpec, Kind, SheetEditError, TableSpec
from shadowdice.ui import theme
from shadowdice.ui.character_document import CharacterDocument
from shadowdice.ui.language import events, put, shown
from shadowdice.ui.sheet_table_model import (
    BOUNDS_ROLE,
    CHOICES_ROLE,
    KIND_ROLE,
    RatedRowsProxy,
    SheetTableModel,
)

_, _n = translations(__name__)

#: More single values than this go in two columns.
FIELDS_IN_ONE_COLUMN = 7
#: Tables side by side; more go on the next row.
TABLES_PER_ROW = 2
#: Rows a table shows at least (more scroll).
TABLE_ROWS_SHOWN = 6


class CellDelegate(QStyledItemDelegate):
    """Edits INT cells with a spin box bounded by the model, CHOICE cells with a combo box.

    Enter writes the cell at once. Qt's own delegate writes it on a queued call, after keys
    already typed: Enter then Ctrl+Z would undo first and write the edit after the undo, and
    Enter then Alt+2 would close the editor first and leave a write for an editor the table
    no longer has.
    """

    def eventFilter(self, editor, event) -> bool:
        """Enter or Return in an editor: write the cell and close the editor now."""
        if (
            isinstance(editor, QWidget)
            and event.type() == QEvent.Type.KeyPress
            and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
            and not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        ):
            self.commitData.emit(editor)
            self.closeEditor.emit(editor, QAbstractItemDelegate.EndEditHint.SubmitModelCache)
            return True
        return super().eventFilter(editor, event)

    def createEditor(self, parent, option, index):
        """A spin box, a combo box, or the default line edit."""
        kind = index.data(KIND_ROLE)
        if kind == Kind.INT:  # roles come back through Qt as plain strings
            editor = QSpinBox(parent)
            low, high = index.data(BOUNDS_ROLE) or (-999, 999)
            editor.setRange(low, high)
            editor.setAlignment(Qt.AlignmentFlag.AlignCenter)
            return editor
        if kind == Kind.CHOICE:
            editor = QComboBox(parent)
            for value, words in index.data(CHOICES_ROLE) or ():
                editor.addItem(words, value)
            return editor
        return super().createEditor(parent, option, index)

    def setEditorData(self, editor, index):
        """Show the cell's value in the editor."""
        if isinstance(editor, QComboBox):
            found = editor.findData(str(index.data(Qt.ItemDataRole.EditRole)))
            if found >= 0:
                editor.setCurrentIndex(found)
        else:
            super().setEditorData(editor, index)

    def setModelData(self, editor, model, index: QModelIndex | QPersistentModelIndex):
        """Write the editor's value back through the model."""
        if isinstance(editor, QComboBox):
            if editor.currentIndex() >= 0:
                model.setData(index, editor.currentData())
        elif isinstance(editor, QSpinBox):
            editor.interpretText()
            model.setData(index, editor.value())
        else:
            model.setData(index, editor.text().strip())


class SheetTableView(QWidget):
    """A sheet table with its title, and Add/Remove buttons where rows may change."""

    def __init__(self, document: CharacterDocument, table: TableSpec, parent=None) -> None:
        super().__init__(parent)
        self.model = SheetTableModel(document, table, self)
        self.proxy = RatedRowsProxy(_column_index(table, table.hide_zero), self)
        self.proxy.setSourceModel(self.model)
        self.view = QTableView(self)
        self.view.setObjectName(f"table_{table.key}")
        self.view.setModel(self.proxy)
        self.view.setItemDelegate(CellDelegate(self.view))
        self.view.setAlternatingRowColors(True)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
            | QAbstractItemView.EditTrigger.AnyKeyPressed
        )
        self.view.verticalHeader().setVisible(False)
        self.view.verticalHeader().setDefaultSectionSize(24)
        # Every table shows several rows whatever the system (the sheet scrolls instead), and
        # names are never cut: the columns take their contents' width, the table scrolls.
        self.view.setMinimumHeight(24 * TABLE_ROWS_SHOWN + 30)
        header = self.view.horizontalHeader()
        for column in range(len(table.columns)):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        top = QHBoxLayout()
        title = QLabel()
        title.setObjectName(f"title_{table.key}")
        bold = title.font()
        bold.setBold(True)
        title.setFont(bold)
        put(title.setText, table.label)
        top.addWidget(title)
        top.addStretch(1)
        self.hide_unrated: QCheckBox | None = None
        if table.hide_zero is not None:
            self.hide_unrated = QCheckBox()
            put(self.hide_unrated.setText, _("Only rated"))
            put(self.hide_unrated.setToolTip, _("Hide the rows rated 0"))
            self.hide_unrated.toggled.connect(self.proxy.set_hide_unrated)
            top.addWidget(self.hide_unrated)
        # Plain Insert and Delete keys: the standard Delete sequence includes Ctrl+D on X11,
        # which is "done with this roll" here.
        if table.new_row is not None:
            top.addWidget(
                self._row_button(
                    _("Add"),
                    f"add_{table.key}",
                    Qt.Key.Key_Insert,
                    _("Add a row to {table}", table=table.label),
                    self._on_add_clicked,
                )
            )
        if table.removable is not None:
            top.addWidget(
                self._row_button(
                    _("Remove"),
                    f"remove_{table.key}",
                    Qt.Key.Key_Delete,
                    _("Remove the selected row of {table}", table=table.label),
                    self._on_remove_clicked,
                )
            )
        layout.addLayout(top)
        layout.addWidget(self.view)

    def _row_button(self, text: str, name: str, key: Qt.Key, tip: str, slot) -> QPushButton:
        """A button that adds or removes rows, and its key while the table has focus."""
        button = QPushButton()
        put(button.setText, text)
        button.setObjectName(name)
        shortcut = QKeySequence(key)
        keys = shortcut.toString(QKeySequence.SequenceFormat.NativeText)
        put(button.setToolTip, _("{tip} ({keys})", tip=tip, keys=keys))
        button.clicked.connect(slot)
        key = QShortcut(shortcut, self.view, slot)
        key.setContext(Qt.ShortcutContext.WidgetShortcut)  # heard only in this table
        return button

    def source_row(self, proxy_row: int) -> int:
        """The sheet row shown at a row of the view."""
        return self.proxy.mapToSource(self.proxy.index(proxy_row, 0)).row()

    def _on_add_clicked(self) -> None:
        if self.hide_unrated is not None:
            self.hide_unrated.setChecked(False)  # a new row starts unrated: keep it in sight
        row = self.model.add_row()
        if row is None:  # refused, and the reason shown
            return
        index = self.proxy.mapFromSource(self.model.index(row, 0))
        self.view.setCurrentIndex(index)
        self.view.scrollTo(index)
        self.view.edit(index)

    def _on_remove_clicked(self) -> None:
        current = self.view.currentIndex()
        if current.isValid():
            self.model.remove_row(self.proxy.mapToSource(current).row())


class SheetEditor(QWidget):
    """The whole sheet of one character: a form of single values, then the tables.

    Signals:
        sheet_action_requested(object): the player asked for a SheetAction (a rest).

    Attributes:
        document: the character edited.
        tables: the table views, by table key.
    """

    sheet_action_requested = Signal(object)

    def __init__(self, document: CharacterDocument, parent=None) -> None:
        super().__init__(parent)
        self.document = document
        self._fields: dict[str, tuple[FieldSpec, QWidget]] = {}
        self.tables: dict[str, SheetTableView] = {}

        form_box = QGroupBox()
        put(form_box.setTitle, document.system.name)
        box_layout = QVBoxLayout(form_box)
        columns = QHBoxLayout()
        box_layout.addLayout(columns)
        specs = document.fields()
        single = [spec for spec in specs if spec.kind is not Kind.MULTILINE]
        # Many single values go in two columns, so the tables below keep their room.
        per_column = len(single) if len(single) <= FIELDS_IN_ONE_COLUMN else -(-len(single) // 2)
        notes: list[tuple[FieldSpec, QWidget]] = []
        form = None
        for spec in specs:
            widget = self._field_widget(spec)
            widget.setObjectName(f"field_{spec.key}")
            put(widget.setToolTip, spec.hint)
            self._fields[spec.key] = (spec, widget)
            if spec.kind is Kind.MULTILINE:
                notes.append((spec, widget))
                continue
            if form is None or form.rowCount() == per_column:
                form = QFormLayout()
                form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
                columns.addLayout(form, 1)
            form.addRow(self._label(spec), widget)

        actions = QHBoxLayout()
        self._action_buttons: dict[str, QPushButton] = {}
        for action in document.actions():
            button = QPushButton(action.label)
            button.setObjectName(f"sheet_action_{action.id}")
            button.clicked.connect(lambda _=False, i=action.id: self._on_action_clicked(i))
            self._action_buttons[action.id] = button
            actions.addWidget(button)
        actions.addStretch(1)
        box_layout.addLayout(actions)

        grid = QGridLayout()
        for index, table in enumerate(document.tables()):
            view = SheetTableView(document, table, self)
            view.model.edit_refused.connect(self._on_edit_refused)
            self.tables[table.key] = view
            grid.addWidget(view, index // TABLES_PER_ROW, index % TABLES_PER_ROW)
        grid.setColumnStretch(0, 1)
        grid.setColumnStretch(1, 1)

        self.problem = QLabel("")
        self.problem.setObjectName("sheet_problem")
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet(f"color: {theme.PROBLEM};")

        # The sheet scrolls when it is taller than the window (Star Wars D6 in rounds); the
        # reason of a refused edit stays in sight below it.
        sheet = QWidget()
        layout = QVBoxLayout(sheet)
        layout.addWidget(form_box)
        layout.addLayout(grid, 1)
        for spec, widget in notes:
            layout.addWidget(self._label(spec))
            widget.setMaximumHeight(90)
            layout.addWidget(widget)
        scroll = QScrollArea()
        scroll.setWidget(sheet)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        # It scrolls both ways: a narrow window never has to widen for the sheet.
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scroll, 1)
        outer.addWidget(self.problem)
        self._refresh()
        self._connect_signals()

    def _connect_signals(self) -> None:
        self.document.sheet_changed.connect(self._on_sheet_changed)
        events.changed.connect(self._on_language_changed)

    def _label(self, spec: FieldSpec) -> QLabel:
        """A field's label, which follows the language."""
        label = QLabel()
        put(label.setText, _("{label}:", label=spec.label))
        return label

    def _on_language_changed(self) -> None:
        """Fixed texts follow by themselves; the choices' words and the actions are set again."""
        for spec, widget in self._fields.values():
            if isinstance(widget, QComboBox) and spec.choice_labels:
                for index, label in enumerate(spec.choice_labels):
                    widget.setItemText(index, shown(label))
        self._refresh()

    def _on_sheet_changed(self) -> None:
        self.problem.clear()
        self._refresh()

    def focus_first_field(self) -> None:
        """Put the keyboard in the first single value (the name, as systems declare it)."""
        if self._fields:
            next(iter(self._fields.values()))[1].setFocus()

    def field_widget(self, key: str) -> QWidget:
        """The editor widget of a single value, by its key."""
        return self._fields[key][1]

    def _field_widget(self, spec: FieldSpec) -> QWidget:
        if not spec.editable:
            widget = QLabel()
            widget.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        elif spec.kind is Kind.CODE:
            widget = QLineEdit()
            widget.editingFinished.connect(lambda s=spec, w=widget: self._set_code(s, w))
        elif spec.kind is Kind.INT:
            widget = QSpinBox()
            widget.setSuffix(spec.suffix)
            widget.valueChanged.connect(lambda value, s=spec: self._set(s, value))
        elif spec.kind is Kind.FLAG:
            widget = QCheckBox()
            widget.toggled.connect(lambda value, s=spec: self._set(s, value))
        elif spec.kind is Kind.CHOICE:
            widget = QComboBox()
            for index, choice in enumerate(spec.choices):
                label = spec.choice_labels[index] if spec.choice_labels else choice
                widget.addItem(label, choice)
            widget.currentIndexChanged.connect(
                lambda _index, s=spec, w=widget: self._set(s, w.currentData())
            )
        elif spec.kind is Kind.MULTILINE:
            widget = QPlainTextEdit()
            widget.setTabChangesFocus(True)  # Tab moves on, as in every other field
            # Words wrap at their boundaries only: Qt's fallback of breaking anywhere lays out
            # a long unbroken line in quadratic time (a 100,000-character line took seconds).
            widget.setWordWrapMode(QTextOption.WrapMode.WordWrap)
            widget.textChanged.connect(lambda s=spec, w=widget: self._set(s, w.toPlainText()))
        else:
            widget = QLineEdit()
            widget.textEdited.connect(lambda value, s=spec: self._set(s, value))
        return widget

    def _set(self, spec: FieldSpec, value: Any) -> None:
        try:
            self.document.set_field(spec, value)
        except SheetEditError as error:
            self._refresh()
            self._on_edit_refused(str(error))

    def _set_code(self, spec: FieldSpec, widget: QLineEdit) -> None:
        """Set a code when its editing ends; a refusal stays in the field with its reason,
        so the player can correct what they typed.
        """
        try:
            self.document.set_field(spec, widget.text())
        except SheetEditError as error:
            widget.setStyleSheet(f"border: 1px solid {theme.PROBLEM};")
            widget.setToolTip(str(error))
            self._on_edit_refused(str(error))
            return
        widget.setStyleSheet("")
        widget.setToolTip(spec.hint)
        self.problem.clear()
        self._refresh()

    def _on_action_clicked(self, action_id: str) -> None:
        """Ask for the action as the sheet now has it (its question may have changed)."""
        for action in self.document.actions():
            if action.id == action_id:
                self.sheet_action_requested.emit(action)

    def _on_edit_refused(self, message: str) -> None:
        self.problem.setText(message)

    def _refresh(self) -> None:
        sheet = self.document.sheet
        for action in self.document.actions():
            self._action_buttons[action.id].setText(action.label)
            self._action_buttons[action.id].setToolTip(action.hint)
        for spec, widget in self._fields.values():
            value = getattr(sheet, spec.key)
            widget.blockSignals(True)
            if isinstance(widget, QLabel):
                widget.setText(f"{value}{spec.suffix}")
            elif isinstance(widget, QSpinBox):
                if spec.bounds is not None:
                    widget.setRange(*spec.bounds(sheet))
                widget.setValue(value)
            elif isinstance(widget, QCheckBox):
                widget.setChecked(value)
            elif isinstance(widget, QComboBox):
                widget.setCurrentIndex(widget.findData(value))
            elif isinstance(widget, QPlainTextEdit):
                if widget.toPlainText() != value:
                    widget.setPlainText(value)
            elif isinstance(widget, QLineEdit) and widget.text() != str(value):
                widget.setText(str(value))
                widget.setStyleSheet("")
            widget.blockSignals(False)


def _column_index(table: TableSpec, key: str | None) -> int:
    for index, column in enumerate(table.columns):
        if column.key == key:
            return index
    return 0
