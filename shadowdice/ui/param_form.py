"""A form of check parameters, built from their declarations (:class:`CheckParam`).

The check panel and the group-roll dialog both show one. Each kind gets its editor: a combo
box for a choice, a spin box for a number, a check box for a flag, a line for a code or text
(the system judges what is typed, in its preview), and a list of check boxes for a choice of
other characters.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QSpinBox,
    QWidget,
)

from shadowdice.core.registry import CheckParam
from shadowdice.core.sheet import Kind

#: Rows a list of characters shows before it scrolls.
_VISIBLE_CHARACTERS = 4


class ParamForm(QWidget):
    """Editors for a set of check parameters.

    Signals:
        values_changed: any parameter changed.
    """

    values_changed = Signal()

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._params: dict[str, tuple[CheckParam, QWidget]] = {}
        self.gone: list[str] = []  # characters kept from before who are no longer offered
        self._form = QFormLayout(self)
        self._form.setContentsMargins(0, 0, 0, 0)

    def params(self) -> tuple[CheckParam, ...]:
        """The parameters shown, in order."""
        return tuple(param for param, _widget in self._params.values())

    def set_params(self, params: tuple[CheckParam, ...], keep: Mapping[str, Any]) -> None:
        """Show these parameters, with the ``keep`` values where they still fit."""
        while self._form.rowCount():
            self._form.removeRow(0)
        self._params.clear()
        self.gone = [
            name
            for param in params
            if param.kind == Kind.CHARACTERS
            for name in keep.get(param.key, ())
            if name not in {choice for choice, _label in param.choices}
        ]
        for param in params:
            widget = _editor(param, keep.get(param.key, param.default))
            widget.setObjectName(f"check_{param.key}")
            widget.setToolTip(param.hint)
            self._params[param.key] = (param, widget)
            if isinstance(widget, QCheckBox):
                widget.setText(param.label)
                self._form.addRow("", widget)
            else:
                self._form.addRow(f"{param.label}:", widget)
            _connect_change(widget, self._on_editor_changed)
        self._show_what_applies()

    def _on_editor_changed(self, *_changed: object) -> None:
        self._show_what_applies()
        self.values_changed.emit()

    def _show_what_applies(self) -> None:
        """Show each parameter only while the value it goes with is chosen, and that value's
        own parameter is shown (a typed code only with "a roll", only with "typed code").
        """
        values = self.values()
        for key, (_param, widget) in self._params.items():
            self._form.setRowVisible(widget, self.applies(key, values))

    def applies(self, key: str, values: Mapping[str, Any] | None = None) -> bool:
        """Whether a parameter applies to the values as set (and so is shown)."""
        values = self.values() if values is None else values
        seen: set[str] = set()
        while (param := self._params[key][0]).only_with is not None and key not in seen:
            seen.add(key)
            key, wanted = param.only_with
            if key not in self._params or values.get(key) != wanted:
                return False
        return True

    def values(self) -> dict[str, Any]:
        """The values as set."""
        return {key: _value(widget) for key, (_param, widget) in self._params.items()}

    def widget(self, key: str) -> QWidget:
        """The editor of one parameter."""
        return self._params[key][1]


def _editor(param: CheckParam, value: Any) -> QWidget:
    if param.kind == Kind.CHOICE:
        combo = QComboBox()
        for choice, label in param.choices:
            combo.addItem(label, choice)
        index = combo.findData(value)
        combo.setCurrentIndex(index if index >= 0 else max(combo.findData(param.default), 0))
        return combo
    if param.kind == Kind.INT:
        spin = QSpinBox()
        spin.setMaximumWidth(90)
        spin.setRange(*param.bounds)
        spin.setValue(int(value))
        return spin
    if param.kind in (Kind.CODE, Kind.TEXT):
        line = QLineEdit(str(value))
        line.setMaximumWidth(120)
        return line
    if param.kind == Kind.CHARACTERS:
        names = QListWidget()
        chosen = set(value or ())
        for choice, label in param.choices:
            item = QListWidgetItem(label)
            item.setData(Qt.ItemDataRole.UserRole, choice)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(
                Qt.CheckState.Checked if choice in chosen else Qt.CheckState.Unchecked
            )
            names.addItem(item)
        rows = min(max(names.count(), 1), _VISIBLE_CHARACTERS)
        names.setMaximumHeight(names.sizeHintForRow(0) * rows + 2 * names.frameWidth() + 4)
        return names
    check = QCheckBox()
    check.setChecked(bool(value))
    return check


def _value(widget: QWidget) -> Any:
    if isinstance(widget, QComboBox):
        return widget.currentData()
    if isinstance(widget, QSpinBox):
        return widget.value()
    if isinstance(widget, QLineEdit):
        return widget.text()
    if isinstance(widget, QListWidget):
        return tuple(
            widget.item(row).data(Qt.ItemDataRole.UserRole)
            for row in range(widget.count())
            if widget.item(row).checkState() == Qt.CheckState.Checked
        )
    return widget.isChecked()


def _connect_change(widget: QWidget, slot) -> None:
    if isinstance(widget, QComboBox):
        widget.currentIndexChanged.connect(slot)
    elif isinstance(widget, QSpinBox):
        widget.valueChanged.connect(slot)
    elif isinstance(widget, QLineEdit):
        widget.textChanged.connect(slot)
    elif isinstance(widget, QListWidget):
        widget.itemChanged.connect(slot)
    else:
        widget.toggled.connect(slot)
