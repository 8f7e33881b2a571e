"""The character card's rolls, to find by typing: *Find a roll* over the list of the rolls
the system offers (``quick_checks``).

The list shows first the rolls pinned for the character (its favourites, marked ★, in the
order they were pinned), then the rated ones, in the system's order; the rolls the character
has no rating in (most of Shadowrun 4's skills) come last and only when asked for (*Show the
rolls not rated*) or when a search finds them. A letter typed in the list goes on in the
search; Enter or a click chooses a roll, a double-click rolls it.

Pins are kept by :func:`roll_key` (the check values, not the label, which changes with a
rating or the language); where they are stored is the window's business (the settings, see
``ui/character_files.py``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QSortFilterProxyModel, Qt, Signal
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QCheckBox, QLineEdit, QListView, QMenu, QVBoxLayout, QWidget

from shadowdice.core.language import translations
from shadowdice.core.registry import QuickCheck
from shadowdice.ui.language import put, shown

_, _n = translations(__name__)

#: Roles of the list's items: the check values a roll sets, whether it is rated, its pin key.
VALUES_ROLE = Qt.ItemDataRole.UserRole + 1
RATED_ROLE = Qt.ItemDataRole.UserRole + 2
KEY_ROLE = Qt.ItemDataRole.UserRole + 3

#: What marks a pinned roll in the list.
PIN_MARK = "★ "


def roll_key(values: Mapping[str, Any]) -> str:
    """What a roll is known by among a character's pins: its check values.

    >>> roll_key({"skill": "Pistols", "attribute": ""})
    '{"attribute": "", "skill": "Pistols"}'
    """
    return json.dumps(dict(values), sort_keys=True, ensure_ascii=False)


class FinderView(NamedTuple):
    """What a player left in *Find a roll*: the search, the toggle, the current roll (its
    key) and how far the list was scrolled; a finder built again shows it as it was.
    """

    search: str = ""
    unrated_shown: bool = False
    current: str | None = None
    scrolled: int = 0


class RollFilter(QSortFilterProxyModel):
    """The rolls matching the search; the unrated ones only when shown or searched for."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self._unrated_shown = False

    def set_unrated_shown(self, shown_: bool) -> None:
        """Show or hide the rolls not rated (a search finds them either way)."""
        self.beginFilterChange()
        self._unrated_shown = shown_
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def filterAcceptsRow(
        self, source_row: int, source_parent: QModelIndex | QPersistentModelIndex
    ) -> bool:
        """A rated roll, or an unrated one while shown or searched, that matches the search."""
        if not (self._unrated_shown or self.filterRegularExpression().pattern()):
            index = self.sourceModel().index(source_row, 0, source_parent)
            if not index.data(RATED_ROLE):
                return False
        return super().filterAcceptsRow(source_row, source_parent)


#: The room a line's frame takes around its text, with a little air, in pixels.
HINT_PADDING = 12


class SearchLine(QLineEdit):
    """*Find a roll*'s line: its hint says what to type where the line is wide enough, and
    only its name and key where it is not (a narrow card, a longer language), never cut.
    """

    def __init__(self) -> None:
        super().__init__()
        self._long_hint = self._short_hint = ""

    def set_long_hint(self, text: str) -> None:
        """The hint that says what to type."""
        self._long_hint = text
        self._show_hint()

    def set_short_hint(self, text: str) -> None:
        """The hint for a line too narrow for the long one."""
        self._short_hint = text
        self._show_hint()

    def resizeEvent(self, event) -> None:
        """Choose the hint that fits the new width."""
        super().resizeEvent(event)
        self._show_hint()

    def _show_hint(self) -> None:
        margins = self.textMargins()
        room = self.contentsRect().width() - margins.left() - margins.right() - HINT_PADDING
        fits = self.fontMetrics().horizontalAdvance(self._long_hint) <= room
        short = self._short_hint and not fits
        self.setPlaceholderText(self._short_hint if short else self._long_hint)


class RollList(QListView):
    """The character's rolls; Enter chooses one, a double-click rolls it; typing a letter
    goes on in *Find a roll*; Ctrl+Shift+P (or the context menu) pins or unpins a roll.

    Signals:
        chosen(dict): a roll was chosen (Enter, a click); carries its check values.
        rolled(dict): a roll was double-clicked; carries its check values.
        typed(str): a letter was typed, to find a roll by; carries it.
        left_at_top(): Up was pressed on the first roll.
        pin_toggled(str): the current roll is to be pinned or unpinned; carries its key.
    """

    chosen = Signal(dict)
    rolled = Signal(dict)
    typed = Signal(str)
    left_at_top = Signal()
    pin_toggled = Signal(str)

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("card_rolls")
        put(self.setAccessibleName, _("Rolls"))
        self.setEditTriggers(QListView.EditTrigger.NoEditTriggers)
        self.setUniformItemSizes(True)
        self.pin_action = QAction(self)
        put(self.pin_action.setText, _("&Pin to the top / unpin"))
        self.pin_action.setShortcut(QKeySequence("Ctrl+Shift+P"))
        self.pin_action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        self.pin_action.triggered.connect(self._on_pin_triggered)
        self.addAction(self.pin_action)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.customContextMenuRequested.connect(self._on_context_menu_requested)
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

    def _on_pin_triggered(self) -> None:
        if self.currentIndex().isValid():
            self.pin_toggled.emit(self.currentIndex().data(KEY_ROLE))

    def pin_menu(self, index: QModelIndex) -> QMenu:
        """The context menu of a roll: pin it to the top, or unpin it."""
        self.setCurrentIndex(index)
        menu = QMenu(self)
        pinned = index.data().startswith(PIN_MARK)
        entry = menu.addAction(_("Unpin") if pinned else _("Pin to the top"))
        entry.triggered.connect(self._on_pin_triggered)
        return menu

    def _on_context_menu_requested(self, position) -> None:
        index = self.indexAt(position)
        if index.isValid():
            self.pin_menu(index).popup(self.viewport().mapToGlobal(position))


class RollFinder(QWidget):
    """*Find a roll* over the list of rolls, with the toggle for the rolls not rated.

    Signals:
        chosen(dict): fill the check with these values.
        rolled(dict): fill the check with these values and roll it.
        pin_toggled(str): pin or unpin the roll with this key.

    Attributes:
        filter: the search line.
        rolls: the list.
        unrated: the toggle showing the rolls not rated (hidden when there are none).
    """

    chosen = Signal(dict)
    rolled = Signal(dict)
    pin_toggled = Signal(str)

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.filter = SearchLine()
        self.filter.setObjectName("card_filter")
        put(self.filter.set_long_hint, _("Find a roll: type a skill, attribute or table"))
        put(self.filter.set_short_hint, _("Find a roll (Ctrl+F)"))
        put(self.filter.setAccessibleName, _("Find a roll"))
        self.model = QStandardItemModel(self)
        self.proxy = RollFilter(self)
        self.proxy.setSourceModel(self.model)
        self.rolls = RollList()
        self.rolls.setModel(self.proxy)
        put(
            self.rolls.setToolTip,
            _(
                "Enter or a click fills the check; a double-click rolls it; Ctrl+Shift+P or "
                "a right-click pins it to the top"
            ),
        )
        self.unrated = QCheckBox()
        self.unrated.setObjectName("card_unrated")
        self._checks: tuple[QuickCheck, ...] = ()
        self._pinned: tuple[str, ...] = ()
        self._scroll_when_shown: int | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.filter)
        layout.addWidget(self.rolls, 1)
        layout.addWidget(self.unrated)
        self.setFocusProxy(self.rolls)  # the arrow keys choose a roll, never change a value

        self.filter.textChanged.connect(self._on_filter_changed)
        self.filter.returnPressed.connect(self._choose_first)
        self.unrated.toggled.connect(self.proxy.set_unrated_shown)
        self.rolls.chosen.connect(self.chosen)
        self.rolls.rolled.connect(self.rolled)
        self.rolls.typed.connect(self._on_rolls_typed)
        self.rolls.left_at_top.connect(self.filter.setFocus)
        self.rolls.pin_toggled.connect(self.pin_toggled)

    def show_rolls(self, checks: Sequence[QuickCheck], pinned: Sequence[str]) -> None:
        """List these rolls: the pinned ones first, then the rated, then the rest."""
        checks, pinned = tuple(checks), tuple(pinned)
        if (checks, pinned) == (self._checks, self._pinned):
            return
        self._checks, self._pinned = checks, pinned
        current = self.rolls.currentIndex().data(KEY_ROLE)
        keyed = [(roll_key(check.values), check) for check in checks]
        by_key = dict(keyed)
        first = [(key, by_key[key]) for key in pinned if key in by_key]
        rest = [(key, check) for key, check in keyed if key not in pinned]
        rated = [(key, check) for key, check in rest if check.rated]
        ordered = first + rated + [(key, check) for key, check in rest if not check.rated]
        self.model.clear()
        for key, check in ordered:
            label = shown(check.label)
            item = QStandardItem(PIN_MARK + label if key in pinned else label)
            item.setData(dict(check.values), VALUES_ROLE)
            item.setData(check.rated or key in pinned, RATED_ROLE)
            item.setData(key, KEY_ROLE)
            self.model.appendRow(item)
        unrated = len(rest) - len(rated)
        self.unrated.setText(_n("Show {n} roll not rated", "Show the {n} rolls not rated", unrated))
        self.unrated.setVisible(bool(unrated))
        for row in range(self.proxy.rowCount()):
            if self.proxy.index(row, 0).data(KEY_ROLE) == current:
                self.rolls.setCurrentIndex(self.proxy.index(row, 0))
                break

    def view(self) -> FinderView:
        """The search, the toggle, the current roll and the scrolling as they stand."""
        return FinderView(
            self.filter.text(),
            self.unrated.isChecked(),
            self.rolls.currentIndex().data(KEY_ROLE),
            self.rolls.verticalScrollBar().value(),
        )

    def restore_view(self, view: FinderView) -> None:
        """Show the rolls as ``view`` left them (the scrolling once the list is laid out)."""
        self.unrated.setChecked(view.unrated_shown)
        self.filter.setText(view.search)
        for row in range(self.proxy.rowCount()):
            if self.proxy.index(row, 0).data(KEY_ROLE) == view.current:
                self.rolls.setCurrentIndex(self.proxy.index(row, 0))
                break
        self._scroll_when_shown = view.scrolled

    def showEvent(self, event) -> None:
        """Shown again after :meth:`restore_view`: scrolled as it was."""
        super().showEvent(event)
        if self._scroll_when_shown is not None:
            self.rolls.doItemsLayout()
            self.rolls.verticalScrollBar().setValue(self._scroll_when_shown)
            self._scroll_when_shown = None

    def forget_rolls(self) -> None:
        """List the rolls anew at the next :meth:`show_rolls` (after a change of language)."""
        self._checks = ()

    def roll_labels(self) -> list[str]:
        """The rolls as the list shows them now (searched, unrated hidden or not)."""
        return [self.proxy.index(row, 0).data() for row in range(self.proxy.rowCount())]

    def find_roll(self) -> None:
        """The focus in *Find a roll*, its text chosen to be typed over."""
        self.filter.setFocus()
        self.filter.selectAll()

    def _on_rolls_typed(self, text: str) -> None:
        self.filter.setFocus()
        self.filter.insert(text)

    def _on_filter_changed(self, text: str) -> None:
        if text and not self.filter.isClearButtonEnabled():
            # Its button shows only over a text: made with the first one, as loading its icon
            # takes longer than building the rest of the card.
            self.filter.setClearButtonEnabled(True)
        self.proxy.setFilterFixedString(text)
        if self.proxy.rowCount():
            self.rolls.setCurrentIndex(self.proxy.index(0, 0))

    def _choose_first(self) -> None:
        index = self.rolls.currentIndex()
        if not index.isValid() and self.proxy.rowCount():
            index = self.proxy.index(0, 0)
        if index.isValid():
            self.chosen.emit(dict(index.data(VALUES_ROLE)))

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Down from the search goes into the list."""
        if event.key() == Qt.Key.Key_Down and self.filter.hasFocus():
            self.rolls.setFocus()
            return
        super().keyPressEvent(event)
