"""The party roster: every open character in a column beside the card, each with its name,
its system, the resources a game master looks for across the table (``at_a_glance``) and its
state in words; a click or Alt+1 ... Alt+9 shows that character.

Eight characters fit whole beside the card on a 1366x768 laptop: an entry takes three or four
short lines, wrapped to the column's width, never cut. :class:`PartyModel` is a thin list
model over the open documents (a character's row changes alone when its sheet does; the
whole list only when characters join, leave or move, once per batch); the
:class:`RosterDelegate` draws an entry and its close button.
"""

from __future__ import annotations

from PySide6.QtCore import (
    QAbstractListModel,
    QEvent,
    QModelIndex,
    QPersistentModelIndex,
    QRect,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetrics,
    QKeySequence,
    QMouseEvent,
    QPainter,
    QPalette,
    QShortcut,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QListView,
    QMenu,
    QSizePolicy,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QWidget,
)

from shadowdice.core.language import translations
from shadowdice.ui import theme
from shadowdice.ui.character_document import CharacterDocument
from shadowdice.ui.language import events, put, shown
from shadowdice.ui.viewports import plain_viewport

_, _n = translations(__name__)

#: Characters reachable with Alt and a digit.
MAX_PARTY_KEYS = 9

#: Roles of :class:`PartyModel`: the lines of an entry, as the delegate draws them.
NAME_ROLE = Qt.ItemDataRole.UserRole + 1
SYSTEM_ROLE = Qt.ItemDataRole.UserRole + 2
RESOURCES_ROLE = Qt.ItemDataRole.UserRole + 3
STATUS_ROLE = Qt.ItemDataRole.UserRole + 4

#: Room around an entry's text, and the width of its key badge and close button.
PADDING = 4
BADGE_WIDTH = 14
CLOSE_WIDTH = 20

_LINE_ROLES = (NAME_ROLE, SYSTEM_ROLE, RESOURCES_ROLE, STATUS_ROLE)
NO_BREAK = "\u00a0"


def glance(document: CharacterDocument) -> str:
    """The resources shown at a glance, as "Edge 4/4 · Physical damage 2/10"."""
    return document.resources_in_words(
        [resource for resource in document.resources() if resource.at_a_glance]
    )


def state(document: CharacterDocument) -> str:
    """The character's state in words ("Wound modifier −2"), or "" when well or when a
    resource shown at a glance already says it ("Wounds Unconscious").
    """
    status = document.system.sheet_status(document.sheet)
    return "" if status and status in glance(document) else status


def summary(document: CharacterDocument) -> str:
    """One line on a character: name (starred when unsaved), system, resources, state."""
    parts = [document.title + ("*" if document.modified else ""), shown(document.system.name)]
    parts += [text for text in (glance(document), state(document)) if text]
    return " · ".join(parts)


def details(document: CharacterDocument) -> str:
    """A tooltip: every resource and where the character is saved."""
    sheet = document.sheet
    lines = [f"{document.title} ({shown(document.system.name)})"]
    for resource in document.resources():
        value = (
            resource.words(sheet)
            if resource.words
            else _("{value} of {most}", value=resource.get(sheet), most=resource.bounds(sheet)[1])
        )
        lines.append(_("{resource}: {value}", resource=resource.label, value=value))
    lines.append(str(document.path) if document.path else _("Not saved yet"))
    return "\n".join(lines)


class PartyModel(QAbstractListModel):
    """The open characters, in party order; each row one character."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._documents: list[CharacterDocument] = []

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        """One row per open character (a list has no children)."""
        return 0 if parent.isValid() else len(self._documents)

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = 0):
        """An entry's lines, its one-line summary and its tooltip."""
        if not index.isValid() or not 0 <= index.row() < len(self._documents):
            return None
        document = self._documents[index.row()]
        key = index.row() + 1
        if role == Qt.ItemDataRole.DisplayRole:
            return summary(document)
        if role == Qt.ItemDataRole.AccessibleTextRole:
            text = summary(document)
            return f"{text} (Alt+{key})" if key <= MAX_PARTY_KEYS else text
        if role == NAME_ROLE:
            return document.title + ("*" if document.modified else "")
        if role == SYSTEM_ROLE:
            return shown(document.system.name)
        if role == RESOURCES_ROLE:
            return glance(document)
        if role == STATUS_ROLE:
            return state(document)
        if role == Qt.ItemDataRole.ToolTipRole:
            show = _("Show this character")
            return f"{details(document)}\n{show}" + (
                f" (Alt+{key})" if key <= MAX_PARTY_KEYS else ""
            )
        return None

    def documents(self) -> list[CharacterDocument]:
        """The characters, in order."""
        return list(self._documents)

    def set_documents(self, documents: list[CharacterDocument]) -> None:
        """Show these characters: one reset for a whole batch; nothing when none changed."""
        if documents == self._documents:
            return
        self.beginResetModel()
        self._documents = list(documents)
        self.endResetModel()

    def refresh(self, document: CharacterDocument) -> None:
        """A character's sheet or file changed: its row says so."""
        if document in self._documents:
            index = self.index(self._documents.index(document))
            self.dataChanged.emit(index, index)

    def refresh_all(self) -> None:
        """Every row anew (after a change of language)."""
        if self._documents:
            self.dataChanged.emit(self.index(0), self.index(len(self._documents) - 1))


class RosterDelegate(QStyledItemDelegate):
    """Draws an entry: the Alt key's digit, the name in bold, the system, the resources and
    the state (in the colour of a warning), wrapped to the column; a close button on the
    entry under the mouse and on the one shown.

    Signals:
        close_requested(int): an entry's close button was clicked; carries its row.
    """

    close_requested = Signal(int)

    def __init__(self, view: QListView) -> None:
        super().__init__(view)
        self._view = view

    def _fonts(self, option: QStyleOptionViewItem) -> tuple[QFont, QFont]:
        bold = QFont(option.font)
        bold.setBold(True)
        small = QFont(option.font)
        small.setPointSizeF(max(option.font.pointSizeF() * 0.9, 7.0))
        return bold, small

    def _text_width(self, role: int) -> int:
        """The room of a line: the name's leaves room for the close button."""
        width = self._view.viewport().width() - BADGE_WIDTH - 2 * PADDING
        return max(width - (CLOSE_WIDTH if role == NAME_ROLE else 0), 40)

    def _lines(self, option: QStyleOptionViewItem, index: QModelIndex):
        """Each line's text, font, wrapping, width and height at the column's width.

        Resources wrap between one another, never inside one that fits a line; a word
        longer than the column ("Verletzungsmodifikator" in a narrow roster) breaks where it
        must rather than being cut.
        """
        bold, small = self._fonts(option)
        lines = []
        for role in _LINE_ROLES:
            text = index.data(role)
            if not text:
                continue
            font = bold if role == NAME_ROLE else small
            metrics, width = QFontMetrics(font), self._text_width(role)
            if role == RESOURCES_ROLE:
                fits = metrics.horizontalAdvance
                text = " · ".join(
                    part.replace(" ", NO_BREAK) if fits(part) <= width else part
                    for part in text.split(" · ")
                )
            flags = Qt.TextFlag.TextWordWrap
            room = QRect(0, 0, width, 10_000)
            if metrics.boundingRect(room, flags, text).width() > width:
                flags = Qt.TextFlag.TextWrapAnywhere
            height = metrics.boundingRect(room, flags, text).height()
            lines.append((role, text, font, flags, width, height))
        return lines

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex) -> QSize:
        """As tall as the entry's lines wrapped to the column."""
        height = sum(line[-1] for line in self._lines(option, index))
        return QSize(self._view.viewport().width(), height + 2 * PADDING)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: QModelIndex) -> None:
        """The entry's background, its key, its lines and its close button."""
        self.initStyleOption(option, index)
        option.text = ""
        style = option.widget.style() if option.widget else self._view.style()
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, option, painter, option.widget)
        selected = bool(option.state & QStyle.StateFlag.State_Selected)
        palette = option.palette
        text_colour = palette.color(
            QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text
        )
        muted = QColor(text_colour)
        muted.setAlphaF(0.75)
        rect = option.rect.adjusted(PADDING, PADDING, -PADDING, -PADDING)
        painter.save()
        key = index.row() + 1
        if key <= MAX_PARTY_KEYS:
            painter.setPen(muted)
            painter.setFont(self._fonts(option)[1])
            badge = QRect(rect.left(), rect.top(), BADGE_WIDTH, QFontMetrics(option.font).height())
            painter.drawText(badge, Qt.AlignmentFlag.AlignVCenter, str(key))
        top = rect.top()
        left = rect.left() + BADGE_WIDTH
        for role, text, font, flags, width, height in self._lines(option, index):
            colour = (
                text_colour
                if role == NAME_ROLE
                else QColor(theme.GLITCH)
                if role == STATUS_ROLE
                else muted
            )
            painter.setPen(colour)
            painter.setFont(font)
            painter.drawText(QRect(left, top, width, height), flags, text)
            top += height
        if option.state & (QStyle.StateFlag.State_MouseOver | QStyle.StateFlag.State_Selected):
            painter.setPen(text_colour)
            painter.setFont(option.font)
            painter.drawText(self.close_rect(option.rect), Qt.AlignmentFlag.AlignCenter, "×")
        painter.restore()

    @staticmethod
    def close_rect(entry: QRect) -> QRect:
        """Where an entry's close button is: at its top right."""
        return QRect(entry.right() - CLOSE_WIDTH, entry.top(), CLOSE_WIDTH, CLOSE_WIDTH + 4)

    def editorEvent(self, event: QEvent, model, option: QStyleOptionViewItem, index) -> bool:
        """A click on the close button asks to close that character."""
        if (
            event.type() == QEvent.Type.MouseButtonRelease
            and isinstance(event, QMouseEvent)
            and event.button() == Qt.MouseButton.LeftButton
            and self.close_rect(option.rect).contains(event.position().toPoint())
        ):
            self.close_requested.emit(index.row())
            return True
        return super().editorEvent(event, model, option, index)


class PartyRoster(QListView):
    """The party, one entry per open character in party order, the one shown selected.

    Signals:
        chosen(int): a character's entry was clicked, or Enter pressed on it, or its Alt+digit;
            carries its place in the party.
        close_requested(int): a character's close button (or its menu's *Close*) was
            clicked; carries its place in the party.
    """

    chosen = Signal(int)
    close_requested = Signal(int)

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        plain_viewport(self)
        self.setObjectName("party_roster")
        put(self.setAccessibleName, _("Party"))
        self.party = PartyModel(self)
        self.setModel(self.party)
        self.delegate = RosterDelegate(self)
        self.setItemDelegate(self.delegate)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.setResizeMode(QListView.ResizeMode.Adjust)  # wrap again at a new width
        self.setWordWrap(True)
        self.setMouseTracking(True)  # the close button of the entry under the mouse
        # A click leaves the focus with the card; Alt+0 (or Tab) brings it here.
        self.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        self._shown = -1
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        # A third of the side beside the check, between 176 and 300 px: on a 1024 px laptop
        # the check keeps the 560 px of its two columns.
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding)
        self.setMinimumWidth(176)
        self.setMaximumWidth(300)
        self.delegate.close_requested.connect(self.close_requested)
        self.clicked.connect(self._on_clicked)
        self.customContextMenuRequested.connect(self._on_context_menu_requested)
        events.changed.connect(self.party.refresh_all)

    def add_keys(self, window: QWidget) -> None:
        """Put the party's keys on ``window``: Alt+1 ... Alt+9 choose the first nine
        characters, Alt+0 puts the focus on the roster.
        """
        for number in range(MAX_PARTY_KEYS + 1):
            shortcut = QShortcut(QKeySequence(f"Alt+{number}"), window)
            if number:
                what = _("Show character {number} of the party", number=number)
                shortcut.activated.connect(lambda row=number - 1: self._choose(row))
            else:
                what = _("Go to the party: arrow keys choose, Enter shows the character")
                shortcut.activated.connect(
                    lambda: self.setFocus(Qt.FocusReason.ShortcutFocusReason)
                )
            put(shortcut.setWhatsThis, what)

    def set_party(self, documents: list[CharacterDocument], current: int) -> None:
        """Show these characters, the one at ``current`` as the one shown."""
        self.party.set_documents(documents)
        self.set_current(current)

    def refresh(self, document: CharacterDocument) -> None:
        """Show a character's entry as its sheet and file stand now."""
        self.party.refresh(document)

    def set_current(self, current: int) -> None:
        """Select the entry of the character shown, and keep it in sight."""
        self._shown = current
        index = self.party.index(current)
        if not index.isValid():
            self.clearSelection()
            return
        self.selectionModel().setCurrentIndex(
            index, self.selectionModel().SelectionFlag.ClearAndSelect
        )
        self.scrollTo(index)

    def entries(self) -> list[str]:
        """Each entry as one line of text (name, system, resources, state), in order."""
        return [
            self.party.index(row).data(Qt.ItemDataRole.DisplayRole)
            for row in range(self.party.rowCount())
        ]

    def entry_rect(self, place: int) -> QRect:
        """Where a character's entry is, in the viewport."""
        return self.visualRect(self.party.index(place))

    def keyPressEvent(self, event) -> None:
        """Enter shows the character chosen with the arrow keys."""
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.currentIndex().isValid():
            self._choose(self.currentIndex().row())
            return
        super().keyPressEvent(event)

    def focusOutEvent(self, event) -> None:
        """Leaving without Enter changes nothing: the character shown stays selected."""
        super().focusOutEvent(event)
        self.set_current(self._shown)

    def _choose(self, row: int) -> None:
        if 0 <= row < self.party.rowCount():
            self.chosen.emit(row)

    def _on_clicked(self, index: QModelIndex) -> None:
        if index.isValid():
            self._choose(index.row())

    def _on_context_menu_requested(self, position) -> None:
        index = self.indexAt(position)
        if not index.isValid():
            return
        menu = QMenu(self)
        document = self.party.documents()[index.row()]
        row = index.row()
        menu.addAction(
            _("Close {name}", name=document.title), lambda: self.close_requested.emit(row)
        )
        menu.popup(self.viewport().mapToGlobal(position))
