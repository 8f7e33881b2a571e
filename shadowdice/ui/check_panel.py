"""The check panel: what to roll for the current character, rendered from the system's
declared check parameters, with a preview of the pool and the chance of success.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from shadowdice.core.registry import CheckParam, CheckValues
from shadowdice.core.sheet import Kind
from shadowdice.ui import theme
from shadowdice.ui.character_document import CharacterDocument


class CheckPanel(QGroupBox):
    """Check parameters for one character, a preview, and the Roll button.

    Signals:
        roll_requested(dict): the player asked to roll with these check values.
    """

    roll_requested = Signal(dict)

    def __init__(self, parent=None) -> None:
        super().__init__("Check", parent)
        self.document: CharacterDocument | None = None
        self._params: dict[str, tuple[CheckParam, QWidget]] = {}
        self._remembered: dict[CharacterDocument, dict] = {}
        self._form_host = QWidget()
        self._form = QFormLayout(self._form_host)
        self._form.setContentsMargins(0, 0, 0, 0)
        self.preview = QLabel("Open or create a character to roll.")
        self.preview.setObjectName("check_preview")
        self.preview.setWordWrap(True)
        self.preview.setTextFormat(Qt.TextFormat.RichText)
        self.roll_button = QPushButton("Roll")
        self.roll_button.setObjectName("roll_button")
        self.roll_button.setToolTip("Roll the check (Ctrl+R)")
        self.roll_button.setMinimumHeight(34)
        self.roll_button.setEnabled(False)
        layout = QVBoxLayout(self)
        layout.addWidget(self._form_host)
        layout.addWidget(self.preview)
        layout.addWidget(self.roll_button)
        self._connect_signals()

    def _connect_signals(self) -> None:
        self.roll_button.clicked.connect(self.request_roll)

    def set_document(self, document: CharacterDocument | None) -> None:
        """Show the check of this character (or none), as it was last set for them."""
        if self.document is not None:
            self._remembered[self.document] = self.values()
            self.document.sheet_changed.disconnect(self._on_sheet_changed)
        self.document = document
        if document is not None:
            document.sheet_changed.connect(self._on_sheet_changed)
        self._rebuild(keep=self._remembered.get(document, {}) if document else {})

    def forget(self, document: CharacterDocument) -> None:
        """Drop what was remembered of a character that is closing."""
        self._remembered.pop(document, None)
        if document is self.document:
            self.set_document(None)

    def values(self) -> dict[str, int | str | bool | None]:
        """The check values as set in the panel."""
        values: dict[str, int | str | bool | None] = {}
        for key, (_param, widget) in self._params.items():
            if isinstance(widget, QComboBox):
                values[key] = widget.currentData()
            elif isinstance(widget, QSpinBox):
                values[key] = widget.value()
            elif isinstance(widget, QCheckBox):
                values[key] = widget.isChecked()
        return values

    def widget(self, key: str) -> QWidget:
        """The editor of one check parameter."""
        return self._params[key][1]

    def request_roll(self) -> None:
        """Ask for a roll with the current values, if the check can be rolled."""
        if self.document is not None and self.roll_button.isEnabled():
            self.roll_requested.emit(self.values())

    # --- building and refreshing ---------------------------------------------------------

    def _on_sheet_changed(self) -> None:
        assert self.document is not None
        self.setTitle(f"Check for {self.document.title}")
        params = self.document.system.check_params(self.document.sheet)
        if params == tuple(param for param, _widget in self._params.values()):
            self._update_preview()  # e.g. the name changed: nothing to rebuild
        else:
            self._rebuild(keep=self.values())

    def _rebuild(self, keep: CheckValues) -> None:
        while self._form.rowCount():
            self._form.removeRow(0)
        self._params.clear()
        if self.document is None:
            self.setTitle("Check")
            self.preview.setText("Open or create a character to roll.")
            self.roll_button.setEnabled(False)
            return
        self.setTitle(f"Check for {self.document.title}")
        for param in self.document.system.check_params(self.document.sheet):
            widget = _param_widget(param, keep.get(param.key, param.default))
            widget.setObjectName(f"check_{param.key}")
            widget.setToolTip(param.hint)
            self._params[param.key] = (param, widget)
            if isinstance(widget, QCheckBox):
                widget.setText(param.label)
                self._form.addRow("", widget)
            else:
                self._form.addRow(f"{param.label}:", widget)
            _on_change(widget, self._update_preview)
        self._update_preview()

    def _update_preview(self) -> None:
        if self.document is None:
            return
        preview = self.document.system.preview_check(self.document.sheet, self.values())
        text = preview.summary
        if preview.problem:
            text += f"<br><span style='color:{theme.PROBLEM}'>{preview.problem}</span>"
        elif preview.chance is not None:
            text += f"<br>Chance of success: <b>{preview.chance:.0%}</b>"
        self.preview.setText(text)
        self.roll_button.setEnabled(not preview.problem)
        self.roll_button.setToolTip(preview.problem or "Roll the check (Ctrl+R)")


def _param_widget(param: CheckParam, value) -> QWidget:
    if param.kind is Kind.CHOICE:
        combo = QComboBox()
        for choice, label in param.choices:
            combo.addItem(label, choice)
        index = combo.findData(value)
        combo.setCurrentIndex(index if index >= 0 else combo.findData(param.default))
        return combo
    if param.kind is Kind.INT:
        spin = QSpinBox()
        spin.setMaximumWidth(90)
        spin.setRange(*param.bounds)
        spin.setValue(int(value))
        return spin
    check = QCheckBox()
    check.setChecked(bool(value))
    return check


def _on_change(widget: QWidget, slot) -> None:
    if isinstance(widget, QComboBox):
        widget.currentIndexChanged.connect(slot)
    elif isinstance(widget, QSpinBox):
        widget.valueChanged.connect(slot)
    elif isinstance(widget, QCheckBox):
        widget.toggled.connect(slot)
