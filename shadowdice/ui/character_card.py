"""The character card: a character in play, compact (*Play*), beside the sheet editor
(*Edit*).

Everything on it comes from the system's declarations: the name and the state in words
(``sheet_status``), each resource with its maximum (``sheet_resources``), changed a step at a
time with a click or the arrow keys, the sheet actions (a rest), and the character's rolls
(``quick_checks``) as a list to filter by typing. Enter or a click on a roll fills the check;
a double-click rolls it. A new system gets a card without a line of code here.

:class:`CharacterPage` is what a tab holds: the card and the editor, one shown at a time; each
is built the first time it is shown.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QModelIndex, QSortFilterProxyModel, Qt, Signal
from PySide6.QtGui import QKeyEvent, QStandardItem, QStandardItemModel, QValidator
from PySide6.QtWidgets import (
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListView,
    QPushButton,
    QSpinBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from shadowdice.core.language import translations
from shadowdice.core.registry import QuickCheck
from shadowdice.core.sheet import ResourceSpec, SheetEditError
from shadowdice.ui import theme
from shadowdice.ui.character_document import CharacterDocument
from shadowdice.ui.language import events, put, shown

if TYPE_CHECKING:
    from shadowdice.ui.sheet_editor import SheetEditor

_, _n = translations(__name__)

#: Role giving a roll's check values.
VALUES_ROLE = Qt.ItemDataRole.UserRole + 1


class ResourceBox(QSpinBox):
    """One resource: its value and maximum ("2 / 3") or its step in words ("Wounded")."""

    def __init__(self, document: CharacterDocument, resource: ResourceSpec, parent=None) -> None:
        super().__init__(parent)
        self.document = document
        self.resource = resource
        self.setObjectName(f"resource_{resource.key}")
        put(self.setAccessibleName, resource.label)
        put(self.setToolTip, resource.hint or resource.label)
        self.setKeyboardTracking(False)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setMinimumWidth(110)
        self.refresh()
        self.valueChanged.connect(self._on_value_changed)

    def refresh(self) -> None:
        """Show the value as the sheet has it, within its bounds as they stand."""
        sheet = self.document.sheet
        low, high = self.resource.bounds(sheet)
        self.blockSignals(True)
        self.setRange(low, high)
        self.setValue(self.resource.get(sheet))
        self.blockSignals(False)
        self.lineEdit().setText(self.textFromValue(self.value()))

    def textFromValue(self, value: int) -> str:
        """The value and its maximum, or the step in words."""
        if self.resource.words is not None:
            return self.resource.words(self.document.sheet)
        return f"{value} / {self.maximum()}"

    def valueFromText(self, text: str) -> int:
        """The number before the slash ("2 / 3" is 2); words stay at the value shown."""
        head = text.split("/")[0].strip()
        return int(head) if head.lstrip("-").isdigit() else self.value()

    def validate(self, text: str, pos: int) -> tuple[QValidator.State, str, int]:
        """Any text is acceptable while typing; it is read when editing ends."""
        return QValidator.State.Acceptable, text, pos

    def _on_value_changed(self, value: int) -> None:
        try:
            self.document.set_resource(self.resource, value)
        except SheetEditError:
            self.refresh()
        self.lineEdit().setText(self.textFromValue(self.value()))


class RollList(QListView):
    """The character's rolls; Enter chooses one, a double-click rolls it; typing a letter
    goes on in *Find a roll*.

    Signals:
        chosen(dict): a roll was chosen (Enter, a click); carries its check values.
        rolled(dict): a roll was double-clicked; carries its check values.
        typed(str): a letter was typed, to find a roll by; carries it.
        left_at_top(): Up was pressed on the first roll.
    """

    chosen = Signal(dict)
    rolled = Signal(dict)
    typed = Signal(str)
    left_at_top = Signal()

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("card_rolls")
        put(self.setAccessibleName, _("Rolls"))
        self.setEditTriggers(QListView.EditTrigger.NoEditTriggers)
        self.setUniformItemSizes(True)
        self.clicked.connect(lambda index: self._emit(self.chosen, index))
        self.doubleClicked.connect(lambda index: self._emit(self.rolled, index))

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Enter chooses the current roll; a letter starts finding one; Up from the first
        roll goes back to the search.
        """
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.currentIndex().isValid():
            self._emit(self.chosen, self.currentIndex())
            return
        plain = not event.modifiers() & ~(
            Qt.KeyboardModifier.ShiftModifier | Qt.KeyboardModifier.KeypadModifier
        )
        if plain and event.text().isprintable() and event.text().strip():
            self.typed.emit(event.text())
            return
        if event.key() == Qt.Key.Key_Up and self.currentIndex().row() <= 0:
            self.left_at_top.emit()
            return
        super().keyPressEvent(event)

    def focusInEvent(self, event) -> None:
        """Coming into the list, a roll is current at once, for Enter and the arrow keys."""
        if not self.currentIndex().isValid() and self.model() and self.model().rowCount():
            self.setCurrentIndex(self.model().index(0, 0))
        super().focusInEvent(event)

    def _emit(self, signal, index: QModelIndex) -> None:
        if index.isValid():
            signal.emit(dict(index.data(VALUES_ROLE)))


class CharacterCard(QWidget):
    """A character in play.

    Signals:
        check_chosen(dict): fill the check with these values.
        roll_requested(dict): fill the check with these values and roll it.
        sheet_action_requested(object): the player asked for a SheetAction (a rest).
    """

    check_chosen = Signal(dict)
    roll_requested = Signal(dict)
    sheet_action_requested = Signal(object)

    def __init__(self, document: CharacterDocument, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("character_card")
        self.document = document
        self.name = QLabel()
        self.name.setObjectName("card_name")
        self.name.setStyleSheet("font-size: 17pt; font-weight: 700;")
        self.name.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.system = QLabel()
        put(self.system.setText, document.system.name)
        self.system.setObjectName("card_system")
        self.status = QLabel()
        self.status.setObjectName("card_status")
        self.status.setStyleSheet(f"color: {theme.GLITCH}; font-weight: 600;")
        self.status.setWordWrap(True)

        self.resources: dict[str, ResourceBox] = {}
        resources = QFormLayout()
        resources.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.FieldsStayAtSizeHint)
        for resource in document.resources():
            box = ResourceBox(document, resource)
            self.resources[resource.key] = box
            label = QLabel()
            put(label.setText, _("{resource}:", resource=resource.label))
            label.setBuddy(box)
            resources.addRow(label, box)

        self.action_buttons: dict[str, QPushButton] = {}
        actions = QHBoxLayout()
        for action in document.actions():
            button = QPushButton(action.label)
            button.setObjectName(f"card_action_{action.id}")
            button.setToolTip(action.hint)
            button.clicked.connect(lambda _=False, i=action.id: self._on_action_clicked(i))
            self.action_buttons[action.id] = button
            actions.addWidget(button)
        actions.addStretch(1)

        self.filter = QLineEdit()
        self.filter.setObjectName("card_filter")
        put(self.filter.setPlaceholderText, _("Find a roll: type a skill, attribute or table"))
        put(self.filter.setAccessibleName, _("Find a roll"))
        self.filter.setClearButtonEnabled(True)
        self.model = QStandardItemModel(self)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.rolls = RollList()
        self.rolls.setModel(self.proxy)
        put(self.rolls.setToolTip, _("Enter or a click fills the check; a double-click rolls it"))
        self._quick: tuple[QuickCheck, ...] = ()

        header = QVBoxLayout()
        header.addWidget(self.name)
        header.addWidget(self.system)
        header.addWidget(self.status)
        layout = QVBoxLayout(self)
        layout.addLayout(header)
        layout.addLayout(resources)
        layout.addLayout(actions)
        layout.addWidget(self.filter)
        layout.addWidget(self.rolls, 1)
        self.setFocusProxy(self.rolls)  # the arrow keys choose a roll, never change a value

        self.filter.textChanged.connect(self._on_filter_changed)
        self.filter.returnPressed.connect(self._choose_first)
        self.rolls.chosen.connect(self.check_chosen)
        self.rolls.typed.connect(self._on_rolls_typed)
        self.rolls.left_at_top.connect(self.filter.setFocus)
        self.rolls.rolled.connect(self.roll_requested)
        document.sheet_changed.connect(self.refresh)
        events.changed.connect(self._on_language_changed)
        self.refresh()

    def refresh(self) -> None:
        """Show the sheet as it stands."""
        sheet = self.document.sheet
        self.name.setText(self.document.title)
        status = self.document.system.sheet_status(sheet)
        self.status.setText(status)
        self.status.setVisible(bool(status))
        for box in self.resources.values():
            box.refresh()
        actions = {action.id: action for action in self.document.actions()}
        for action_id, button in self.action_buttons.items():
            if action_id in actions:
                button.setText(actions[action_id].label)
                button.setToolTip(actions[action_id].hint)
        quick = self.document.system.quick_checks(sheet)
        if quick != self._quick:
            self._quick = quick
            current = self.rolls.currentIndex().row()
            self.model.clear()
            for check in quick:
                item = QStandardItem(shown(check.label))
                item.setData(dict(check.values), VALUES_ROLE)
                self.model.appendRow(item)
            if 0 <= current < self.proxy.rowCount():
                self.rolls.setCurrentIndex(self.proxy.index(current, 0))

    def _on_language_changed(self) -> None:
        self._quick = ()  # the roll list in the new language, even where its texts are alike
        self.refresh()

    def roll_labels(self) -> list[str]:
        """The rolls as the list shows them now (filtered)."""
        return [self.proxy.index(row, 0).data() for row in range(self.proxy.rowCount())]

    def find_roll(self) -> None:
        """Ctrl+F: the focus in *Find a roll*, its text chosen to be typed over."""
        self.filter.setFocus()
        self.filter.selectAll()

    def _on_rolls_typed(self, text: str) -> None:
        self.filter.setFocus()
        self.filter.insert(text)

    def _on_filter_changed(self, text: str) -> None:
        self.proxy.setFilterFixedString(text)
        if self.proxy.rowCount():
            self.rolls.setCurrentIndex(self.proxy.index(0, 0))

    def _choose_first(self) -> None:
        index = self.rolls.currentIndex()
        if not index.isValid() and self.proxy.rowCount():
            index = self.proxy.index(0, 0)
        if index.isValid():
            self.check_chosen.emit(dict(index.data(VALUES_ROLE)))

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Down from the filter goes into the list."""
        if event.key() == Qt.Key.Key_Down and self.filter.hasFocus():
            self.rolls.setFocus()
            return
        super().keyPressEvent(event)

    def _on_action_clicked(self, action_id: str) -> None:
        for action in self.document.actions():
            if action.id == action_id:
                self.sheet_action_requested.emit(action)
                return


class CharacterPage(QStackedWidget):
    """One open character in its tab: the card (Play) or the sheet editor (Edit).

    Neither is built before it is first shown: a party of ten opened at once builds the card
    of the character on screen only, and each other card the first time its tab is shown.
    Asking for :attr:`card` or :attr:`editor` builds it at once.

    Signals:
        mode_changed(str): "play" or "edit".
    """

    PLAY = "play"
    EDIT = "edit"
    mode_changed = Signal(str)

    def __init__(
        self,
        document: CharacterDocument,
        mode: str = PLAY,
        *,
        connect_card: Callable[[CharacterCard], None] = lambda _card: None,
        connect_editor: Callable[[SheetEditor], None] = lambda _editor: None,
        parent=None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("character_page")
        self.document = document
        self._connect_card = connect_card
        self._connect_editor = connect_editor
        self._card: CharacterCard | None = None
        self._editor: SheetEditor | None = None
        self._mode = mode

    @property
    def card(self) -> CharacterCard:
        """The character card, built the first time it is shown or asked for."""
        if self._card is None:
            self._card = CharacterCard(self.document)
            self.insertWidget(0, self._card)
            self._connect_card(self._card)
        return self._card

    @property
    def editor(self) -> SheetEditor:
        """The sheet editor, built the first time it is shown or asked for."""
        if self._editor is None:
            from shadowdice.ui.sheet_editor import (
                SheetEditor,  # the sheet's tables: when first shown
            )

            self._editor = SheetEditor(self.document)
            self.addWidget(self._editor)
            self._connect_editor(self._editor)
        return self._editor

    def has_card(self) -> bool:
        """Whether the card was built yet."""
        return self._card is not None

    def has_editor(self) -> bool:
        """Whether the editor was built yet."""
        return self._editor is not None

    @property
    def mode(self) -> str:
        """Either PLAY (the card) or EDIT (the sheet editor)."""
        return self._mode

    def shown_widget(self) -> CharacterCard | SheetEditor:
        """What the mode shows: the card or the editor (built if it was not yet)."""
        return self.editor if self._mode == self.EDIT else self.card

    def set_mode(self, mode: str) -> None:
        """Show the card or the editor."""
        changed = mode != self._mode
        self._mode = mode
        if self.isVisible():
            self.setCurrentWidget(self.shown_widget())
        if changed:
            self.mode_changed.emit(mode)

    def showEvent(self, event) -> None:
        """The page comes on screen: build what it shows, if that has not been built yet."""
        self.setCurrentWidget(self.shown_widget())
        super().showEvent(event)

    def toggle_mode(self) -> None:
        """Play to Edit, Edit to Play."""
        self.set_mode(self.EDIT if self._mode == self.PLAY else self.PLAY)
