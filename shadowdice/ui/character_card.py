"""The character card: a character in play, compact (*Play*), beside the sheet editor
(*Edit*).

Everything on it comes from the system's declarations: the name and the state in words
(``sheet_status``), each resource with its maximum (``sheet_resources``), changed a step at a
time with a click or the arrow keys, the sheet actions (a rest), and the character's rolls
(``quick_checks``), to find by typing (:mod:`.roll_finder`: pinned rolls first, the rolls not
rated behind a toggle). Enter or a click on a roll fills the check; a double-click rolls it.
A new system gets a card without a line of code here.

:class:`CharacterPage` is what a tab holds: the card and the editor, one shown at a time; each
is built the first time it is shown. Only the cards of the characters shown last stay built
(:data:`CARDS_KEPT`, the one on screen among them): a card hidden longer is freed (about half
a megabyte each) and built again when its tab is shown, with the search, the toggle, the roll
chosen and the scrolling its player left (the rest of it comes from the character).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QValidator
from PySide6.QtWidgets import (
    QFormLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from shadowdice.core.language import translations
from shadowdice.core.memory import give_back_free_memory
from shadowdice.core.sheet import ResourceSpec, SheetEditError
from shadowdice.ui import theme
from shadowdice.ui.character_document import CharacterDocument
from shadowdice.ui.flow_layout import flow_widget
from shadowdice.ui.language import events, put
from shadowdice.ui.roll_finder import FinderView, RollFinder

if TYPE_CHECKING:
    from shadowdice.ui.sheet_editor import SheetEditor

_, _n = translations(__name__)

#: How many characters' cards stay built: the one shown, and the one shown before it (a game
#: master going back and forth between two finds both at once).
CARDS_KEPT = 2

#: Counts the pages shown, to tell which was shown longest ago.
_shown_turns = itertools.count(1)


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
        self.name.setWordWrap(True)  # a long name takes two lines, not the check's width
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
        actions_box, actions = flow_widget()  # a narrow card puts them on two lines
        for action in document.actions():
            button = QPushButton(action.label)
            button.setObjectName(f"card_action_{action.id}")
            button.setToolTip(action.hint)
            button.clicked.connect(lambda _=False, i=action.id: self._on_action_clicked(i))
            self.action_buttons[action.id] = button
            actions.addWidget(button)

        self.finder = RollFinder()
        self.filter, self.rolls = self.finder.filter, self.finder.rolls

        header = QVBoxLayout()
        header.addWidget(self.name)
        header.addWidget(self.system)
        header.addWidget(self.status)
        layout = QVBoxLayout(self)
        layout.addLayout(header)
        layout.addLayout(resources)
        layout.addWidget(actions_box)
        layout.addWidget(self.finder, 1)
        self.setFocusProxy(self.finder)  # the arrow keys choose a roll, never change a value

        self.finder.chosen.connect(self.check_chosen)
        self.finder.rolled.connect(self.roll_requested)
        self.finder.pin_toggled.connect(document.toggle_pin)
        document.sheet_changed.connect(self.refresh)
        document.pins_changed.connect(self.refresh)
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
        self.finder.show_rolls(self.document.system.quick_checks(sheet), self.document.pinned)

    def _on_language_changed(self) -> None:
        self.finder.forget_rolls()  # the roll list in the new language, even where alike
        # The resources as the rules declare them in the new language (a wound step's words)
        fresh = {resource.key: resource for resource in self.document.resources()}
        for key, box in self.resources.items():
            box.resource = fresh.get(key, box.resource)
        self.refresh()

    def roll_labels(self) -> list[str]:
        """The rolls as the list shows them now (searched, unrated hidden or not)."""
        return self.finder.roll_labels()

    def find_roll(self) -> None:
        """Ctrl+F: the focus in *Find a roll*, its text chosen to be typed over."""
        self.finder.find_roll()

    def _on_action_clicked(self, action_id: str) -> None:
        for action in self.document.actions():
            if action.id == action_id:
                self.sheet_action_requested.emit(action)
                return


class CharacterPage(QStackedWidget):
    """One open character in its tab: the card (Play) or the sheet editor (Edit).

    Neither is built before it is first shown: a party of ten opened at once builds the card
    of the character on screen only, and each other card the first time its tab is shown.
    Asking for :attr:`card` or :attr:`editor` builds it at once. A page shown frees the cards
    of the pages beside it (in the same tabs) beyond the :data:`CARDS_KEPT` shown last.

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
        self._card_view = FinderView()
        self._editor: SheetEditor | None = None
        self._mode = mode
        self._shown_turn = 0

    @property
    def card(self) -> CharacterCard:
        """The character card, built the first time it is shown or asked for."""
        if self._card is None:
            self._card = CharacterCard(self.document)
            self._card.finder.restore_view(self._card_view)
            self.insertWidget(0, self._card)
            self._connect_card(self._card)
        return self._card

    def free_card(self) -> None:
        """Free the card while it is not on screen; it is built again, as it was left, when
        shown or asked for.
        """
        if self._card is None or self._card.isVisible():
            return
        self._card_view = self._card.finder.view()
        self.removeWidget(self._card)
        self._card.deleteLater()
        self._card = None
        QTimer.singleShot(0, give_back_free_memory)  # once the event loop deleted it

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
        """The page comes on screen: build what it shows, if that has not been built yet, and
        free the cards of the pages beside it shown longest ago.
        """
        self.setCurrentWidget(self.shown_widget())
        super().showEvent(event)
        self._shown_turn = next(_shown_turns)
        self._free_cards_beside()

    def _free_cards_beside(self) -> None:
        """Keep the cards of the :data:`CARDS_KEPT` pages beside this one shown last."""
        beside = self.parentWidget()
        if beside is None:
            return
        built = [
            page
            for page in beside.findChildren(
                CharacterPage, options=Qt.FindChildOption.FindDirectChildrenOnly
            )
            if page.has_card()
        ]
        built.sort(key=lambda page: page._shown_turn, reverse=True)
        for page in built[CARDS_KEPT:]:
            page.free_card()

    def toggle_mode(self) -> None:
        """Play to Edit, Edit to Play."""
        self.set_mode(self.EDIT if self._mode == self.PLAY else self.PLAY)
