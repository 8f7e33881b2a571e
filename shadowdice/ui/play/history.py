"""The roll history: a tree model of finished roll records, newest first, and its view.

Each roll is one line (time, who, what, outcome); expanded, it shows every throw with its
faces and marks, every member's own result in a group roll, and every action taken with its
cost and what it changed. The model filters the rolls by character itself (a proxy would
remap every row at each new roll), and *Copy as text* puts the chosen rolls on the clipboard
as the history shows them.

Rolls come in two ways: :meth:`HistoryModel.add` puts a roll just finished on top,
:meth:`HistoryModel.add_earlier` puts rolls of earlier sessions below the rest.

A roll whose charges were undone stays in the history, struck through and marked undone: the
dice fell as they fell, only what the roll spent was given back.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import date
from functools import partial
from itertools import count
from pathlib import Path
from typing import Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QModelIndex,
    QModelRoleDataSpan,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QAction, QColor, QFont, QGuiApplication, QKeyEvent, QKeySequence
from PySide6.QtWidgets import QAbstractItemView, QComboBox, QTreeView

from shadowdice.core.language import N_, translations
from shadowdice.core.record import RollRecord
from shadowdice.core.record_text import describe, details, record_text, with_secrecy
from shadowdice.storage.roll_log import LogReader, RollLogError, session_files
from shadowdice.ui import theme
from shadowdice.ui.background import Progress, on_ui_thread, run_with_progress
from shadowdice.ui.language import events as language_events
from shadowdice.ui.language import put

_, _n = translations(__name__)

#: Role giving the RollRecord of a row (of a roll, or of one of its detail lines).
RECORD_ROLE = Qt.ItemDataRole.UserRole + 1
#: Role giving the characters who rolled, as a tuple of names.
CHARACTERS_ROLE = Qt.ItemDataRole.UserRole + 2
#: Role giving the characters whose charges in the roll were undone, as a tuple of names.
UNDONE_ROLE = Qt.ItemDataRole.UserRole + 3

TONE_TEXT_COLOURS = {
    "success": QColor(theme.SUCCESS),
    "glitch": QColor(theme.GLITCH),
    "critical": QColor(theme.CRITICAL),
}

_Index = QModelIndex | QPersistentModelIndex
#: No index, made once: under PySide making a ``QModelIndex`` costs about a microsecond, and the
#: view asks for indexes of every row it lays out or paints.
_NO_INDEX = QModelIndex()


#: Rows the history lays out at first, and adds each time the player scrolls to its end.
PAGE = 50
#: The rows under the root whose indexes are made once and kept: the newest, which every roll
#: lays out and paints again; a row further down gets an index made as it is asked for.
KEPT_INDEXES = 20 * PAGE


@dataclass(slots=True)
class _Entry:
    serial: int
    record: RollRecord
    characters: tuple[str, ...]  # who rolled, each once (the record's characters())
    undone: set[str] = field(default_factory=set)  # whose charges were given back
    earlier: bool = False  # from an earlier run of the app
    lines: tuple[str, ...] | None = None  # the details, made when first asked for
    has_details: bool = True  # whether the roll has details to expand (asked of every row)
    line: tuple[date, str] | None = None  # the day and the line shown that day, once made


#: Rolls of earlier sessions, newest first, a batch at a time: each roll with whose charges
#: in it were undone. An empty batch or the end of the iterator: there are no more.
EarlierRolls = Iterator[list[tuple[RollRecord, set[str]]]]

#: Runs a reading job (given how far it is to tell) and returns what it returns, or None when
#: the player cancelled it.
Reader = Callable[[Callable[[Progress], bool]], bool | None]


def _in_place(job: Callable[[Progress], bool]) -> bool:
    """Run a reading job where it is asked for."""
    return job(Progress())


def _read_until(
    source: EarlierRolls,
    character: str,
    needed: int,
    into: list[list[tuple[RollRecord, set[str]]]],
    progress: Progress,
) -> bool:
    """Read batches of ``source`` into ``into`` until they hold ``needed`` rolls of
    ``character`` (any roll for ""); True when the source has no more. How far back they lie
    is not known, so ``progress`` is told only that the reading goes on (a busy bar). Runs on
    any thread: it touches nothing but its arguments, and a batch is in ``into`` before a
    cancel can stop it, so no roll read is lost.
    """
    found = 0
    while found < needed:
        batch = next(source, None)
        if not batch:
            return True
        into.append(batch)
        found += sum(
            1 for record, _undone in batch if not character or character in record.characters()
        )
        progress(min(found, needed), 0)
    return False


def earlier_rolls(folder: Path, *, skip: Path, tell: Callable[[str, str], object]) -> EarlierRolls:
    """The rolls of every log in ``folder`` but ``skip`` (this session's), newest first, each
    log read from its end as far as the history asks. What cannot be read is told to ``tell``
    (what it is about, in words), on the UI thread whichever thread reads: a log that is not
    one, or lines of a log left out.
    """
    return _earlier_rolls(folder, skip, on_ui_thread(tell))


def _earlier_rolls(folder: Path, skip: Path, tell: Callable[[str, str], object]) -> EarlierRolls:
    for path in session_files(folder):
        if path == skip:
            continue
        try:
            reader = LogReader(path)
            for batch in reader.batches():
                yield [(roll.record, roll.undone) for roll in batch]
        except RollLogError as error:
            tell(
                f"log {path.name}", _("{problem}: its rolls are not in the history.", problem=error)
            )
            continue
        if reader.damaged:
            tell(
                f"log {path.name}",
                _n(
                    "{n} line of the roll log {name} could not be read (cut short or damaged) "
                    "and is left out; the history has every other roll of that session.",
                    "{n} lines of the roll log {name} could not be read (cut short or damaged) "
                    "and are left out; the history has every other roll of that session.",
                    reader.damaged,
                    name=path.name,
                ),
            )


class HistoryModel(QAbstractItemModel):
    """Finished rolls, newest first, each with its details as child rows; only one
    character's rolls while :meth:`set_character` says so.

    However long the history, the view is given the newest :data:`PAGE` rows and more a page
    at a time as it scrolls to its end (:meth:`show_more`), and rolls of earlier
    sessions are asked of their source only when the rows reach them. A roll just finished
    goes on top in constant time: no work per roll grows with the history's length.

    While one character is chosen, the rows may lie far back, behind many evenings of other
    characters' rolls: those are read by :attr:`reader` (the view's runs it off the window's
    thread, with progress and Cancel); everyone's rows are read in place, a batch or two.

    Attributes:
        reader: how earlier rolls are read while one character is chosen.

    Signals:
        replaced(object, object): a record was put in the place of another (old, new).
        characters_changed(): someone who had not rolled yet is in the history now.
    """

    replaced = Signal(object, object)
    characters_changed = Signal()

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._recent: list[_Entry] = []  # this run's, oldest first
        self._earlier: list[_Entry] = []  # earlier runs', newest first
        self._by_record: dict[int, _Entry] = {}
        self._by_serial: dict[int, _Entry] = {}
        self._characters: list[str] = []
        self._character = ""
        self._recent_rows: list[_Entry] = []  # shown by the filter, oldest first
        self._earlier_rows: list[_Entry] = []  # shown by the filter, newest first
        self._position: dict[int, int] = {}  # serial -> index in its list of rows
        self._shown = 0  # rows given to the view
        self._window = PAGE  # rows the view may have
        self._source: EarlierRolls | None = None
        self._growing = False
        self._reading = False
        self.reader: Reader = _in_place
        self._serials = count(1)
        self._asked, self._day = -1.0, date.min  # when today was last asked, and the answer
        self._tops: list[QModelIndex] = []  # the indexes of the newest rows, made once
        language_events.changed.connect(self._render_again)

    def _render_again(self, _language: str) -> None:
        """Every roll in the language now shown (records keep their texts in no language)."""
        self.layoutAboutToBeChanged.emit()
        for entry in self._by_serial.values():
            entry.lines = entry.line = None
        self.layoutChanged.emit()

    # --- filling -------------------------------------------------------------------------------

    def add(self, record: RollRecord) -> None:
        """Put a finished roll on top."""
        entry = self._entry(record)
        self._recent.append(entry)
        self._learn(entry.characters, first=True)
        if not self._accepts(entry):
            return
        self.beginInsertRows(QModelIndex(), 0, 0)
        self._position[entry.serial] = len(self._recent_rows)
        self._recent_rows.append(entry)
        self._shown += 1
        self.endInsertRows()
        if self._shown > self._window:  # the view keeps its length: the last row goes
            self.beginRemoveRows(QModelIndex(), self._shown - 1, self._shown - 1)
            self._shown -= 1
            self.endRemoveRows()

    def add_earlier(self, records: Iterable[RollRecord]) -> None:
        """Put rolls of earlier sessions (newest first) below the rolls there are."""
        self._take_earlier((record, set()) for record in records)

    def set_earlier_source(self, source: EarlierRolls) -> None:
        """Where rolls of earlier sessions come from, as the rows reach them."""
        self._source = source
        self._fill_window()

    def clear(self) -> None:
        """Forget every roll."""
        self.beginResetModel()
        for rows in (self._recent, self._earlier, self._recent_rows, self._earlier_rows):
            rows.clear()
        for mapping in (self._by_record, self._by_serial, self._position):
            mapping.clear()
        self._characters.clear()
        self._shown, self._window, self._source = 0, PAGE, None
        self.endResetModel()
        self.characters_changed.emit()

    def set_undone(self, record: RollRecord, character: str, undone: bool) -> None:
        """Mark what ``character`` spent in a roll as given back (``undone``) or spent again."""
        if (entry := self._by_record.get(id(record))) is not None:
            (entry.undone.add if undone else entry.undone.discard)(character)
            self._changed(entry)

    def undone(self, record: RollRecord) -> tuple[str, ...]:
        """Whose charges in this roll were undone, if anyone's."""
        entry = self._by_record.get(id(record))
        return tuple(sorted(entry.undone)) if entry is not None else ()

    def records(self) -> list[RollRecord]:
        """All records the history has read, newest first."""
        return self.records_of_this_run() + [entry.record for entry in self._earlier]

    def records_of_this_run(self) -> list[RollRecord]:
        """The records rolled since the app started, newest first."""
        return [entry.record for entry in reversed(self._recent)]

    def shown_records(self) -> list[RollRecord]:
        """The records the filter lets through, of all the history has read, newest first."""
        rows = [*reversed(self._recent_rows), *self._earlier_rows]
        return [entry.record for entry in rows]

    def replace(self, old: RollRecord, new: RollRecord) -> None:
        """Put ``new`` in the place of ``old`` (a secret roll revealed)."""
        if (entry := self._by_record.pop(id(old), None)) is None:
            return
        entry.record, entry.lines, entry.line = new, None, None
        entry.has_details = _has_details(new)
        self._by_record[id(new)] = entry
        self._changed(entry)
        self.replaced.emit(old, new)

    def line(self, record: RollRecord, today: date) -> str:
        """A roll's line as the history shows it on the day ``today``, saying whether it was
        secret (made once a day, until the language changes).
        """
        entry = self._by_record.get(id(record))
        return self._line(entry, today) if entry is not None else _line_of(record, today)

    def lines(self, record: RollRecord) -> tuple[str, ...]:
        """A roll's detail lines as the history shows them (made once, until the language
        changes).
        """
        entry = self._by_record.get(id(record))
        return self._lines(entry) if entry is not None else tuple(details(record))

    def characters(self) -> list[str]:
        """Everyone who rolled: who rolled first in this session first, then earlier ones."""
        return list(self._characters)

    # --- the filter ----------------------------------------------------------------------------

    @property
    def character(self) -> str:
        """The character whose rolls are shown; "" shows everyone's."""
        return self._character

    def set_character(self, name: str) -> None:
        """Show only this character's rolls (a group roll counts for each member), or "" for
        everyone's.
        """
        if name == self._character:
            return
        self.beginResetModel()
        self._character = name
        self._recent_rows = [entry for entry in self._recent if self._accepts(entry)]
        self._earlier_rows = [entry for entry in self._earlier if self._accepts(entry)]
        self._position = {entry.serial: row for row, entry in enumerate(self._recent_rows)}
        self._position.update((entry.serial, row) for row, entry in enumerate(self._earlier_rows))
        self._window = PAGE
        self._shown = min(self._window, len(self._recent_rows) + len(self._earlier_rows))
        self.endResetModel()
        self._fill_window()

    def _accepts(self, entry: _Entry) -> bool:
        return not self._character or self._character in entry.characters

    # --- earlier rolls, a page at a time -------------------------------------------------------

    def can_show_more(self) -> bool:
        """More rows below the last one shown: read already, or still to be read."""
        return self._shown < self._rows() or self._source is not None

    def show_more(self) -> None:
        """The view reached its last row: give it a page more."""
        self._window = max(self._window, self._shown) + PAGE
        self._fill_window()

    def _fill_window(self) -> None:
        """Read earlier rolls until the rows fill the window or there are no more."""
        if self._reading:
            return  # the reading under way fills the window, as it stands then, when done
        while self._rows() < self._window and (source := self._source) is not None:
            batches: list[list[tuple[RollRecord, set[str]]]] = []
            needed = self._window - self._rows()
            job = partial(_read_until, source, self._character, needed, batches)
            self._reading = True
            try:
                ended = (self.reader if self._character else _in_place)(job)
            finally:
                self._reading = False
            if self._source is not source:
                continue  # the history was cleared meanwhile: what was read is no one's now
            for batch in batches:
                self._take_earlier(batch, fill=False)
            if ended:
                self._source = None
            elif ended is None:
                break  # the player stopped the reading: the rest when scrolled to the end
        self._show_up_to(min(self._window, self._rows()))

    def _take_earlier(
        self, rolls: Iterable[tuple[RollRecord, set[str]]], *, fill: bool = True
    ) -> None:
        names: dict[str, None] = {}
        for record, undone in rolls:
            entry = self._entry(record, earlier=True)
            entry.undone.update(undone)
            self._earlier.append(entry)
            names.update(dict.fromkeys(entry.characters))
            if self._accepts(entry):
                self._position[entry.serial] = len(self._earlier_rows)
                self._earlier_rows.append(entry)
        self._learn(names, first=False)
        if fill:
            self._show_up_to(min(self._window, self._rows()))

    def _show_up_to(self, rows: int) -> None:
        if rows > self._shown and not self._growing:  # a view may ask for more meanwhile
            self._growing = True
            self.beginInsertRows(QModelIndex(), self._shown, rows - 1)
            self._shown = rows
            self.endInsertRows()
            self._growing = False

    def _rows(self) -> int:
        return len(self._recent_rows) + len(self._earlier_rows)

    # --- entries -------------------------------------------------------------------------------

    def _entry(self, record: RollRecord, *, earlier: bool = False) -> _Entry:
        entry = _Entry(next(self._serials), record, record.characters())
        entry.earlier, entry.has_details = earlier, _has_details(record)
        self._by_record[id(record)] = entry
        self._by_serial[entry.serial] = entry
        return entry

    def _learn(self, names: Iterable[str], *, first: bool) -> None:
        known = set(self._characters)
        new = [name for name in dict.fromkeys(names) if name not in known]
        if new:
            self._characters = [*new, *self._characters] if first else [*self._characters, *new]
            self.characters_changed.emit()

    def _line(self, entry: _Entry, today: date) -> str:
        if entry.line is None or entry.line[0] != today:
            entry.line = (today, _line_of(entry.record, today))
        return entry.line[1]

    def _today(self) -> date:
        """Today, asked of the calendar at most once a second: the view asks for the line of
        every row it paints, and ``date.today()`` costs an import each time under PySide.
        """
        if (now := time.monotonic()) - self._asked >= 1.0:
            self._asked, self._day = now, date.today()
        return self._day

    def _lines(self, entry: _Entry) -> tuple[str, ...]:
        if entry.lines is None:
            entry.lines = tuple(details(entry.record))
        return entry.lines

    def _row(self, entry: _Entry) -> int:
        """The entry's row, or -1 when the view does not have it."""
        position = self._position.get(entry.serial)
        if position is None or not self._accepts(entry):
            return -1
        row = (
            len(self._recent_rows) + position
            if entry.earlier
            else (len(self._recent_rows) - 1 - position)
        )
        return row if row < self._shown else -1

    def _at(self, row: int) -> _Entry:
        recent = len(self._recent_rows)
        return (
            self._recent_rows[recent - 1 - row]
            if row < recent
            else (self._earlier_rows[row - recent])
        )

    def _changed(self, entry: _Entry) -> None:
        if (row := self._row(entry)) >= 0:
            index = self.index(row, 0)
            self.dataChanged.emit(index, index)

    # --- the model -----------------------------------------------------------------------------

    def index(self, row: int, column: int = 0, parent: _Index = QModelIndex()) -> QModelIndex:  # noqa: B008
        """A roll (under the root) or one of its detail lines (under a roll)."""
        if not parent.isValid():  # asked of every row laid out: the fewest calls into Qt
            if column or row < 0 or row >= self._shown:
                return _NO_INDEX
            return self._top(row)
        if column or row < 0 or parent.internalId() != 0 or parent.row() >= self._shown:
            return _NO_INDEX
        entry = self._at(parent.row())
        if row >= len(self._lines(entry)):
            return _NO_INDEX
        return self.createIndex(row, 0, entry.serial)

    def _top(self, row: int) -> QModelIndex:
        """The index of a row under the root: the same for as long as the model lives (its
        row and no id), so each of the newest :data:`KEPT_INDEXES` is made once rather than at
        every layout and paint; one further down is made anew, so that scrolling through a
        long history keeps no index of every row it passed.
        """
        tops = self._tops
        if row < len(tops):
            return tops[row]
        if row >= KEPT_INDEXES:
            return self.createIndex(row, 0, 0)
        while len(tops) <= row:
            tops.append(self.createIndex(len(tops), 0, 0))
        return tops[row]

    def parent(self, child: _Index = QModelIndex()) -> QModelIndex:  # noqa: B008
        """The roll of a detail line; nothing for a roll (nor for no index, whose id is 0)."""
        if not child.internalId():
            return _NO_INDEX
        entry = self._by_serial.get(child.internalId())
        row = -1 if entry is None else self._row(entry)
        return _NO_INDEX if row < 0 else self._top(row)

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        """Rolls under the root, detail lines under a roll."""
        if not parent.isValid():
            return self._shown
        if parent.internalId() != 0 or parent.column() != 0 or parent.row() >= self._shown:
            return 0
        return len(self._lines(self._at(parent.row())))

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        """One column."""
        return 1

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """The line, its tooltip, its colour, the record and who rolled."""
        if role not in _ROLES:
            return None  # most roles a view asks of every row it paints
        entry = self._entry_of(index)
        return None if entry is None else self._answer(entry, index, role)

    def multiData(self, index: _Index, span: QModelRoleDataSpan) -> None:
        """The roles a view paints a row with, asked at once (a call to :meth:`data` per role
        and row painted would cost more than the answers).
        """
        entry = self._entry_of(index)
        for role_data in span:  # a delegate reuses its span: every role is answered or cleared
            role = role_data.role()
            answer = self._answer(entry, index, role) if entry and role in _ROLES else None
            if answer is None:
                role_data.clearData()
            else:
                role_data.setData(answer)

    def _answer(self, entry: _Entry, index: _Index, role: int) -> Any:
        record = entry.record
        if role == RECORD_ROLE:
            return record
        if role == CHARACTERS_ROLE:
            return entry.characters
        if index.internalId() != 0:
            if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
                return self._lines(entry)[index.row()]
            return None
        undone = entry.undone  # sorted only where the names are given out
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
            text = self._line(entry, self._today())
            return _("{roll} (undone)", roll=text) if undone else text
        if role == Qt.ItemDataRole.ToolTipRole:
            return record_text(record, tuple(sorted(undone)))
        if role == Qt.ItemDataRole.ForegroundRole:
            return QColor(theme.UNDONE) if undone else TONE_TEXT_COLOURS.get(record.outcome.tone)
        if role == Qt.ItemDataRole.FontRole and undone:
            font = QFont()
            font.setStrikeOut(True)
            return font
        if role == UNDONE_ROLE:
            return tuple(sorted(undone))
        return None

    def hasChildren(self, parent: _Index = QModelIndex()) -> bool:  # noqa: B008
        """A roll has its details (asked of every row laid out: answered without making
        them).
        """
        if not parent.isValid():
            return self._shown > 0
        if parent.internalId() != 0 or parent.row() >= self._shown:
            return False
        return self._at(parent.row()).has_details

    def _entry_of(self, index: _Index) -> _Entry | None:
        if not index.isValid():
            return None
        if index.internalId() == 0:
            return self._at(index.row()) if index.row() < self._shown else None
        entry = self._by_serial.get(index.internalId())
        if entry is None or self._row(entry) < 0 or index.row() >= len(self._lines(entry)):
            return None
        return entry


def _line_of(record: RollRecord, today: date) -> str:
    """A roll's line on the day ``today``, saying whether it was secret."""
    return with_secrecy(record, describe(record, today=today))


def _has_details(record: RollRecord) -> bool:
    """Whether a roll has lines under it: a detail, members, throws or actions."""
    return bool(record.outcome.detail or record.members or record.throws or record.actions)


#: The roles :meth:`HistoryModel.data` answers.
_ROLES = frozenset(
    {
        RECORD_ROLE,
        CHARACTERS_ROLE,
        UNDONE_ROLE,
        Qt.ItemDataRole.DisplayRole,
        Qt.ItemDataRole.AccessibleTextRole,
        Qt.ItemDataRole.ToolTipRole,
        Qt.ItemDataRole.ForegroundRole,
        Qt.ItemDataRole.FontRole,
    }
)


class CharacterChooser(QComboBox):
    """Chooses whose rolls the history shows: everyone, or one character who rolled."""

    EVERYONE = N_("Everyone")

    def __init__(self, model: HistoryModel, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("history_filter")
        put(self.setAccessibleName, _("Show the rolls of"))
        put(self.setToolTip, _("Show the rolls of one character, or of everyone"))
        self.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.setMinimumContentsLength(10)
        self._model = model
        self._refresh()
        model.characters_changed.connect(self._refresh)
        language_events.changed.connect(self._refresh)
        self.currentIndexChanged.connect(lambda: self._model.set_character(self.currentData()))

    def _refresh(self) -> None:
        chosen = self._model.character
        self.blockSignals(True)
        self.clear()
        self.addItem(_(self.EVERYONE), "")
        for name in self._model.characters():
            self.addItem(name, name)
        self.setCurrentIndex(max(self.findData(chosen), 0))
        self.blockSignals(False)
        if self.currentData() != chosen:
            self._model.set_character(self.currentData())


class HistoryView(QTreeView):
    """The history under the tray: one line per roll, expandable to its details.

    Signals:
        copied(str): rolls were put on the clipboard; carries the text.
    """

    copied = Signal(str)

    def __init__(self, model: HistoryModel, parent=None) -> None:
        super().__init__(parent)
        self.history_model = model
        self.setModel(model)
        self.setObjectName("history")
        put(self.setAccessibleName, _("Roll history"))
        self.setHeaderHidden(True)
        self.setAlternatingRowColors(True)
        self.setUniformRowHeights(True)
        self.setExpandsOnDoubleClick(True)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.copy_action = QAction(self)
        put(self.copy_action.setText, _("&Copy as text"))
        self.copy_action.setShortcut(QKeySequence.StandardKey.Copy)
        self.copy_action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        put(self.copy_action.setToolTip, _("Copy the chosen rolls with all their details"))
        self.copy_action.triggered.connect(self.copy_as_text)
        self.addAction(self.copy_action)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        self.verticalScrollBar().valueChanged.connect(self._on_scrolled)
        model.reader = self._read_off_thread

    def _read_off_thread(self, job: Callable[[Progress], bool]) -> bool | None:
        """Earlier evenings are read for the chosen character on a thread of their own: the
        window goes on, and a progress dialog with Cancel comes up when it takes a while.
        """
        label = _(
            "Reading earlier evenings for the rolls of {name}…", name=self.history_model.character
        )
        return run_with_progress(self.window(), label, job)

    def _on_scrolled(self, value: int) -> None:
        """At the end of its rows, the history shows a page more (Qt's own ``fetchMore`` is
        not used: it also asks while a new roll on top is laid out, and the rows would grow
        with every roll).
        """
        bar = self.verticalScrollBar()
        if value == bar.maximum() > 0 and self.history_model.can_show_more():
            self.history_model.show_more()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Ctrl+C copies the chosen rolls as text (a tree view would copy one line)."""
        if event.matches(QKeySequence.StandardKey.Copy):
            self.copy_as_text()
            event.accept()
            return
        super().keyPressEvent(event)

    def chosen_records(self) -> list[RollRecord]:
        """The rolls chosen (a chosen detail line chooses its roll), newest first; all the
        rolls the filter lets through when none is chosen.
        """
        rows: dict[int, RollRecord] = {}
        for index in self.selectionModel().selectedIndexes():
            top = index.parent() if index.parent().isValid() else index
            rows[top.row()] = top.data(RECORD_ROLE)
        if not rows:
            return self.history_model.shown_records()
        return [rows[row] for row in sorted(rows)]

    def copy_as_text(self) -> str:
        """Put the chosen rolls on the clipboard as text; returns the text."""
        model = self.history_model
        today = date.today()
        text = "\n\n".join(
            record_text(
                record,
                model.undone(record),
                line=model.line(record, today),
                lines=model.lines(record),
            )
            for record in self.chosen_records()
        )
        QGuiApplication.clipboard().setText(text)
        self.copied.emit(text)
        return text
