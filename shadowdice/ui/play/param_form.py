"""A form of check parameters, built from their declarations (:class:`CheckParam`).

The check panel and the group-roll dialog both show one. Each kind gets its editor: a combo
box for a choice, a spin box for a number, a check box for a flag, a line for a code or text
(the system judges what is typed, in its preview), and a list of check boxes for a choice of
other characters.

The shown rows fill two columns side by side once the form is wide enough for every field
to show whole in them (and at least :data:`TWO_COLUMNS_FROM`), so that a long check (Star
Wars D6 with an opponent) stays in sight without scrolling on a laptop. In two columns too
narrow for every label on one line, a long label wraps, as narrow as its longest line, so
that the choices beside it get the room: a choice asks for the width of its chosen entry and
shows it whole wherever the form has that room; where it has not, its text ends in "…"
(never cut off mid-letter), and its list shows every entry whole.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import QRect, QSize, Qt, Signal
from PySide6.QtGui import QPaintEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QSizePolicy,
    QSpinBox,
    QStyle,
    QStyleOptionComboBox,
    QStylePainter,
    QWidget,
)

from shadowdice.core.registry import CheckParam
from shadowdice.core.sheet import Kind
from shadowdice.ui.language import shown

#: Rows a list of characters shows before it scrolls.
_VISIBLE_CHARACTERS = 4

#: Labels wider than this, in pixels, wrap to a second line in two columns.
LABEL_WRAPS_FROM = 120

#: The least width, in pixels, at which the rows fill two columns.
TWO_COLUMNS_FROM = 400


class ParamForm(QWidget):
    """Editors for a set of check parameters.

    Signals:
        values_changed: any parameter changed.
    """

    values_changed = Signal()

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._params: dict[str, tuple[CheckParam, QWidget]] = {}
        self._labels: dict[str, QLabel] = {}
        self.gone: list[str] = []  # characters kept from before who are no longer offered
        self.columns = 1
        self._labels_wrap = False  # in two columns too narrow for every label on one line
        self._two_columns_need: tuple[int, int] | None = None
        self._grid = QGridLayout(self)
        self._grid.setContentsMargins(0, 0, 0, 0)
        self._grid.setHorizontalSpacing(8)

    def params(self) -> tuple[CheckParam, ...]:
        """The parameters shown, in order."""
        return tuple(param for param, _widget in self._params.values())

    def set_params(self, params: tuple[CheckParam, ...], keep: Mapping[str, Any]) -> None:
        """Show these parameters, with the ``keep`` values where they still fit."""
        for label, widget in self._rows():
            for item in (label, widget):
                self._grid.removeWidget(item)
                item.deleteLater()
        self._params.clear()
        self._labels.clear()
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
            if isinstance(widget, QComboBox):
                _tell_the_whole_choice(widget, shown(param.hint))
            else:
                widget.setToolTip(shown(param.hint))
            self._params[param.key] = (param, widget)
            text = shown(param.label)
            label = FieldLabel("" if isinstance(widget, QCheckBox) else f"{text}:", self)
            if isinstance(widget, QCheckBox):
                widget.setText(text)
            else:
                label.setBuddy(widget)
            self._labels[param.key] = label
            widget.setParent(self)
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
            shown = self.applies(key, values)
            widget.setVisible(shown)
            self._labels[key].setVisible(shown)
        self._two_columns_need = None
        self._arrange()
        self._choose_columns(self.width())

    def _rows(self) -> list[tuple[QLabel, QWidget]]:
        return [(self._labels[key], widget) for key, (_param, widget) in self._params.items()]

    def _arrange(self) -> None:
        """Place the shown rows top to bottom, in one column or filling two side by side."""
        for label, widget in self._rows():
            self._grid.removeWidget(label)
            self._grid.removeWidget(widget)
        for row in range(self._grid.rowCount()):
            self._grid.setRowStretch(row, 0)
        shown = [(label, widget) for label, widget in self._rows() if not widget.isHidden()]
        per_column = max(-(-len(shown) // self.columns), 1)
        for label, _widget in shown:
            label.set_narrow(self._labels_wrap)
        for index, (label, widget) in enumerate(shown):
            row, column = index % per_column, 2 * (index // per_column)
            if isinstance(widget, QCheckBox) and self.columns > 1:  # its text is its label
                label.hide()
                self._grid.addWidget(widget, row, column, 1, 2)
            else:
                self._grid.addWidget(label, row, column)
                self._grid.addWidget(widget, row, column + 1)
        # The fields' columns share the width as their chosen entries ask for it: a column of
        # long choices gets more than one of numbers (an equal share would cut the long ones).
        for column in range(4):
            fields = shown[per_column * (column // 2) : per_column * (column // 2 + 1)]
            wanted = [w.sizeHint().width() for _l, w in fields if not isinstance(w, QCheckBox)]
            field_column = column % 2 and column < 2 * self.columns
            self._grid.setColumnStretch(column, max(wanted, default=1) if field_column else 0)
        self._grid.setRowStretch(per_column, 1)

    def resizeEvent(self, event) -> None:
        """Fill two columns when there is room for them, one when not."""
        super().resizeEvent(event)
        self._choose_columns(event.size().width())

    def _choose_columns(self, width: int) -> None:
        if self._two_columns_need is None:  # the rows shown changed since the last time
            self._two_columns_need = (
                self._width_for_two_columns(),
                self._width_for_two_columns(roomy=True),
            )
        least, roomy = self._two_columns_need
        columns = 2 if width >= max(TWO_COLUMNS_FROM, least) else 1
        labels_wrap = columns == 2 and width < roomy
        if (columns, labels_wrap) != (self.columns, self._labels_wrap):
            self.columns, self._labels_wrap = columns, labels_wrap
            self._arrange()

    def _width_for_two_columns(self, *, roomy: bool = False) -> int:
        """The least width in which the shown rows fit in two columns, every field whole;
        ``roomy``: every label on one line and every choice showing its entry whole.
        """
        shown = [(label, widget) for label, widget in self._rows() if not widget.isHidden()]
        per_column = max(-(-len(shown) // 2), 1)
        spacing = max(self._grid.horizontalSpacing(), 6)
        margins = self._grid.contentsMargins()
        width = margins.left() + margins.right() + spacing
        for part in (shown[:per_column], shown[per_column:]):
            paired_rows = [(label, w) for label, w in part if not isinstance(w, QCheckBox)]
            if roomy:
                labels = [label.one_line_width() for label, _w in paired_rows]
                fields = [w.sizeHint().width() for _l, w in paired_rows]
            else:
                labels = [label.minimumSizeHint().width() for label, _w in paired_rows]
                fields = [w.minimumSizeHint().width() for _l, w in paired_rows]
            spanning = [w.sizeHint().width() for _l, w in part if isinstance(w, QCheckBox)]
            paired = max(labels, default=0) + spacing + max(fields, default=0) if labels else 0
            width += max(paired, *spanning, 0)
        return width

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

    def label(self, key: str) -> QLabel:
        """The label of one parameter."""
        return self._labels[key]


class FieldLabel(QLabel):
    """A field's label: on one line where there is room, on two when its column is narrow
    (down to :data:`LABEL_WRAPS_FROM`), never cut off.
    """

    def __init__(self, text: str, parent: QWidget | None = None) -> None:
        super().__init__(text, parent)
        self._narrow = False
        self.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Preferred)
        # Only a long label wraps: wrapping makes the layout ask for heights by width, which
        # costs time on every switch between characters.
        if self.one_line_width() > LABEL_WRAPS_FROM:
            self.setWordWrap(True)
            self.setMinimumHeight(2 * self.fontMetrics().lineSpacing() + 2)  # its second line

    def one_line_width(self) -> int:
        """The width of the label on one line."""
        return self.fontMetrics().horizontalAdvance(self.text()) + 2 * self.margin() + 2

    def set_narrow(self, narrow: bool) -> None:
        """In two columns too narrow for every label on one line, a long label asks for no
        more than :data:`LABEL_WRAPS_FROM` and wraps, leaving the room to its field.
        """
        if narrow != self._narrow:
            self._narrow = narrow
            self.updateGeometry()

    def wrapped_width(self) -> int:
        """The width of the label wrapped at :data:`LABEL_WRAPS_FROM`: that of its longest
        line, so that the room its lines leave goes to the fields.
        """
        if self.one_line_width() <= LABEL_WRAPS_FROM:
            return self.one_line_width()
        frame = 2 * self.margin() + 2
        room = QRect(0, 0, LABEL_WRAPS_FROM - frame, 10 * self.fontMetrics().lineSpacing())
        flags = Qt.TextFlag.TextWordWrap | Qt.AlignmentFlag.AlignLeft
        lines = self.fontMetrics().boundingRect(room, flags, self.text())
        return min(lines.width() + frame + 1, LABEL_WRAPS_FROM)

    def sizeHint(self) -> QSize:
        """As wide as the text on one line (in two columns, a long one wraps instead)."""
        width = self.one_line_width()
        if self._narrow and self.wordWrap():
            width = self.wrapped_width()
        return QSize(width, super().sizeHint().height())

    def minimumSizeHint(self) -> QSize:
        """Narrow enough to wrap a long label."""
        return QSize(self.wrapped_width(), super().minimumSizeHint().height())


class ChoiceBox(QComboBox):
    """A choice that asks for the width of its chosen entry but makes do with ten letters,
    showing that entry with "…" where it does not fit, and every entry whole in its list.
    """

    def __init__(self) -> None:
        super().__init__()
        self.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.setMinimumContentsLength(10)  # long choices shorten rather than widen the form
        # ... and grow with the form, so that a wide window shows them whole.
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.currentIndexChanged.connect(self._on_current_index_changed)

    def _on_current_index_changed(self, _index: int) -> None:
        self.updateGeometry()  # another entry asks for another width

    def _widest_entry(self) -> int:
        metrics = self.fontMetrics()
        return max(
            (metrics.horizontalAdvance(self.itemText(i)) for i in range(self.count())), default=0
        )

    def sizeHint(self) -> QSize:
        """Wide enough for the chosen entry."""
        option = QStyleOptionComboBox()
        self.initStyleOption(option)
        wanted = self.fontMetrics().horizontalAdvance(self.currentText())
        contents = QSize(wanted, self.fontMetrics().height())
        size = self.style().sizeFromContents(
            QStyle.ContentsType.CT_ComboBox, option, contents, self
        )
        return QSize(max(size.width(), self.minimumSizeHint().width()), super().sizeHint().height())

    def paintEvent(self, event: QPaintEvent) -> None:
        """The chosen entry, ending in "…" where the box is too narrow for it."""
        painter = QStylePainter(self)
        option = QStyleOptionComboBox()
        self.initStyleOption(option)
        painter.drawComplexControl(QStyle.ComplexControl.CC_ComboBox, option)
        option.currentText = self._shortened(option)
        painter.drawControl(QStyle.ControlElement.CE_ComboBoxLabel, option)

    def showPopup(self) -> None:
        """The list as wide as its longest entry, however narrow the box."""
        view = self.view()
        view.setTextElideMode(Qt.TextElideMode.ElideNone)
        scroll = view.verticalScrollBar().sizeHint().width()
        view.setMinimumWidth(self._widest_entry() + scroll + 4 * view.frameWidth() + 16)
        super().showPopup()

    def shown_text(self) -> str:
        """The chosen entry as the box shows it: whole, or ending in "…"."""
        option = QStyleOptionComboBox()
        self.initStyleOption(option)
        return self._shortened(option)

    def _shortened(self, option: QStyleOptionComboBox) -> str:
        field = self.style().subControlRect(
            QStyle.ComplexControl.CC_ComboBox, option, QStyle.SubControl.SC_ComboBoxEditField, self
        )
        return self.fontMetrics().elidedText(
            option.currentText, Qt.TextElideMode.ElideRight, field.width()
        )


def _tell_the_whole_choice(combo: QComboBox, hint: str) -> None:
    """Name the chosen entry in the tooltip, above the hint: a narrow form shortens it."""

    def show(text: str) -> None:
        combo.setToolTip(f"{text}\n{hint}" if hint else text)

    show(combo.currentText())
    combo.currentTextChanged.connect(show)


def _editor(param: CheckParam, value: Any) -> QWidget:
    if param.kind == Kind.CHOICE:
        combo = ChoiceBox()
        for choice, label in param.choices:
            combo.addItem(shown(label), choice)
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
        # wide enough for a dice expression of a few terms ("4d6kh3+1d8!+2"), read whole
        line.setMaximumWidth(260)
        return line
    if param.kind == Kind.CHARACTERS:
        names = QListWidget()
        chosen = set(value or ())
        for choice, label in param.choices:
            item = QListWidgetItem(shown(label))
            item.setData(Qt.ItemDataRole.UserRole, choice)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(
                Qt.CheckState.Checked if choice in chosen else Qt.CheckState.Unchecked
            )
            names.addItem(item)
        rows = min(max(names.count(), 1), _VISIBLE_CHARACTERS)
        names.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        names.setTextElideMode(Qt.TextElideMode.ElideRight)
        names.setFixedHeight(names.sizeHintForRow(0) * rows + 2 * names.frameWidth() + 4)
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
