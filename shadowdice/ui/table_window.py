"""The table window: a second window for the players, on a second screen, a projector or a
monitor turned towards them, read from across a room.

It shows a large tray that follows the game master's rolls with the same animation, the
outcome in large letters, and the public history, newest first. Its letters and dice grow
with the window (:func:`text_sizes`, :func:`table_die_size`). It is fed only what the players
may see (:class:`~shadowdice.ui.game_table.GameTable` decides): a secret roll reaches it at
most as the words "The game master rolled secretly" over an empty tray, the same whatever the
dice showed, whatever was done after and whatever it spent; never its dice, marks, outcome or
record.

F11 puts it full screen on the screen chosen in its own bar (and back); where it was, and
on which screen, is remembered between runs.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QCloseEvent,
    QColor,
    QFont,
    QGuiApplication,
    QKeySequence,
    QMoveEvent,
    QResizeEvent,
    QShortcut,
    QStandardItem,
    QStandardItemModel,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QListView,
    QVBoxLayout,
    QWidget,
)

from shadowdice.core.die import Die
from shadowdice.core.language import N_, translations
from shadowdice.core.record import RollRecord
from shadowdice.core.record_text import describe, with_secrecy
from shadowdice.core.session import Tone
from shadowdice.ui import theme
from shadowdice.ui.language import events, put, shown
from shadowdice.ui.play.tray.dice_tray import MAX_DIE_SIZE, DiceTray

_, _n = translations(__name__)

SECRET_NOTICE = N_("The game master rolled secretly")
READY = N_("Ready to roll")
TONE_COLOURS = {
    Tone.SUCCESS.value: theme.SUCCESS,
    Tone.FAILURE.value: theme.FAILURE,
    Tone.GLITCH.value: theme.GLITCH,
    Tone.CRITICAL.value: theme.CRITICAL,
    Tone.NEUTRAL.value: theme.NEUTRAL,
}
#: The headline's letters, and the detail's and the history's, as parts of the window's height.
HEADLINE_SHARE = 0.07
TEXT_SHARE = 0.03
#: The history's part of the window's height.
HISTORY_SHARE = 0.22


class TableWindow(QWidget):
    """The players' window.

    Signals:
        placement_changed(): it moved, changed size, or went full screen or back.

    Attributes:
        tray: the large dice tray.
        headline, detail: the outcome.
        history_model: the public history, newest first.
        screen_chooser: the screen F11 puts it on.
    """

    placement_changed = Signal()

    def __init__(self, *, animation_ms: int = 550, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("table_window")
        self.setAttribute(Qt.WidgetAttribute.WA_ShowWithoutActivating)
        self.setAttribute(Qt.WidgetAttribute.WA_QuitOnClose, False)  # the app ends with its window
        put(self.setWindowTitle, _("Shadowdice — Table"))
        self._outcome: tuple[str, str, str] = (_(READY), Tone.NEUTRAL.value, "")
        self._records: list[RollRecord] = []
        self._undone: set[int] = set()  # ids of the records whose charges were undone
        events.changed.connect(self._on_language_changed)
        self.tray = DiceTray(duration_ms=animation_ms)
        self.tray.setObjectName("table_tray")
        self.tray.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.headline = QLabel()
        self.headline.setObjectName("table_headline")
        self.detail = QLabel()
        self.detail.setObjectName("table_detail")
        for label in (self.headline, self.detail):
            label.setAlignment(Qt.AlignmentFlag.AlignCenter)
            label.setWordWrap(True)
        self.detail.setStyleSheet(f"color: {theme.NEUTRAL};")
        self.history_model = QStandardItemModel(self)
        self.history = QListView()
        self.history.setObjectName("table_history")
        put(self.history.setAccessibleName, _("Rolls the players saw"))
        self.history.setModel(self.history_model)
        self.history.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.history.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.history.setFrameShape(QFrame.Shape.NoFrame)
        self.history.setWordWrap(True)
        self.history.setStyleSheet(
            f"QListView {{ background: {theme.BASE}; color: {theme.NEUTRAL}; }}"
        )
        self.screen_chooser = QComboBox()
        self.screen_chooser.setObjectName("table_screen_chooser")
        put(self.screen_chooser.setToolTip, _("The screen F11 puts the table window on"))
        self.bar = QWidget()
        bar = QHBoxLayout(self.bar)
        bar.setContentsMargins(0, 0, 0, 0)
        screen_label = QLabel()
        put(screen_label.setText, _("Full screen (F11) on:"))
        screen_label.setBuddy(self.screen_chooser)
        bar.addWidget(screen_label)
        bar.addWidget(self.screen_chooser)
        bar.addStretch(1)

        layout = QVBoxLayout(self)
        layout.addWidget(self.bar)
        layout.addWidget(self.tray, 1)
        layout.addWidget(self.headline)
        layout.addWidget(self.detail)
        layout.addSpacing(10)  # the history apart from the outcome
        layout.addWidget(self.history)
        QShortcut(QKeySequence("F11"), self, self.toggle_full_screen)
        QShortcut(QKeySequence("Esc"), self, self._leave_full_screen)
        self.resize(1024, 640)
        self._show_words()
        self.refresh_screens()
        QGuiApplication.instance().screenAdded.connect(lambda _screen: self.refresh_screens())
        QGuiApplication.instance().screenRemoved.connect(lambda _screen: self.refresh_screens())

    #: The keys the table window keeps for itself.
    OWN_KEYS = (QKeySequence("F11"), QKeySequence("Esc"))

    # --- what the players see ------------------------------------------------------------------

    def show_dice(self, dice: Sequence[Die], fresh: Collection[int]) -> None:
        """The dice of a public roll, those in ``fresh`` tumbling in as on the main tray."""
        self.tray.show_dice(dice, fresh, animate=bool(fresh))
        if fresh and len(fresh) == len(dice):
            self._outcome = (_("Rolling…"), Tone.NEUTRAL.value, "")
            self._show_words()

    def show_outcome(self, headline: str, tone: str, detail: str) -> None:
        """The outcome of a public roll as it stands."""
        self._outcome = (headline, tone, detail)
        self._show_words()

    def show_secret(self, notice: bool) -> None:
        """A secret roll: with ``notice``, the words that one was made; else nothing. The tray
        is empty either way: nothing the dice decided, not even how many there were.
        """
        self.tray.clear()
        self._outcome = (_(SECRET_NOTICE) if notice else "", Tone.NEUTRAL.value, "")
        self._show_words()

    def show_ready(self) -> None:
        """No roll yet: an empty tray, ready to roll."""
        self.tray.clear()
        self._outcome = (_(READY), Tone.NEUTRAL.value, "")
        self._show_words()

    def show_history(self, records: Sequence[RollRecord], undone: Collection[RollRecord]) -> None:
        """The public history as it stands, oldest first in ``records`` (shown newest first),
        those in ``undone`` marked undone.
        """
        self._records = list(records)
        self._undone = {id(record) for record in undone}
        self._fill_history()

    def add_record(self, record: RollRecord) -> None:
        """A public roll (or a revealed one) goes on top of the public history."""
        self._records.append(record)
        self.history_model.insertRow(0, self._history_item(record))

    def set_undone(self, record: RollRecord, undone: bool) -> None:
        """Mark a roll of the public history undone (what it spent was given back), or not."""
        (self._undone.add if undone else self._undone.discard)(id(record))
        if record in self._records:
            self._fill_history()

    def _fill_history(self) -> None:
        self.history_model.clear()
        for record in reversed(self._records):
            self.history_model.appendRow(self._history_item(record))

    def _history_item(self, record: RollRecord) -> QStandardItem:
        """A line of the public history: who rolled what and how it came out."""
        text = with_secrecy(record, describe(record))
        undone = id(record) in self._undone
        item = QStandardItem(_("{roll} (undone)", roll=text) if undone else text)
        item.setToolTip(shown(record.outcome.detail))
        if undone:
            font = QFont(self.history.font())
            font.setStrikeOut(True)
            item.setFont(font)
            item.setForeground(QBrush(QColor(theme.UNDONE)))
        return item

    def _show_words(self) -> None:
        headline, tone, detail = self._outcome
        self.headline.setText(shown(headline) if headline else "")
        self.headline.setAccessibleName(self.headline.text())
        colour = TONE_COLOURS.get(tone, theme.NEUTRAL)
        self.headline.setStyleSheet(f"color: {colour}; font-weight: 700;")
        self.detail.setText(shown(detail) if detail else "")

    def _on_language_changed(self) -> None:
        """The outcome shown and the public history, in the new language."""
        self._show_words()
        self._fill_history()

    def _scale(self) -> None:
        """Letters, dice and the history's share grow with the window."""
        headline, text = text_sizes(self.height())
        sizes = ((self.headline, headline), (self.detail, text), (self.history, text))
        for widget, pixels in sizes:
            font = QFont(widget.font())
            font.setPixelSize(pixels)
            widget.setFont(font)
        self.history.setFixedHeight(int(self.height() * HISTORY_SHARE))
        self.tray.set_look(felt=self.tray.felt, max_die_size=table_die_size(self.height()))
        self._fill_history()

    # --- screens -------------------------------------------------------------------------------

    def refresh_screens(self) -> None:
        """List the screens there are now, keeping the one chosen if it is still there."""
        chosen = self.screen_chooser.currentData()
        self.screen_chooser.clear()
        for screen in QGuiApplication.screens():
            size = screen.geometry().size()
            self.screen_chooser.addItem(
                f"{screen.name()} ({size.width()} × {size.height()})", screen.name()
            )
        self.choose_screen(chosen or "")

    def choose_screen(self, name: str) -> None:
        """Choose the screen for full screen by name; an unknown one leaves the choice."""
        index = self.screen_chooser.findData(name)
        if index >= 0:
            self.screen_chooser.setCurrentIndex(index)

    def toggle_full_screen(self) -> None:
        """F11: full screen on the chosen screen, or back to a window."""
        if self.isFullScreen():
            self._leave_full_screen()
            return
        name = self.screen_chooser.currentData()
        screen = next((s for s in QGuiApplication.screens() if s.name() == name), None)
        if screen is not None:
            self.setScreen(screen)
            self.move(screen.geometry().topLeft())
        self.bar.setVisible(False)
        self.showFullScreen()
        self.placement_changed.emit()

    def _leave_full_screen(self) -> None:
        if self.isFullScreen():
            self.showNormal()
            self.bar.setVisible(True)
            self.placement_changed.emit()

    def moveEvent(self, event: QMoveEvent) -> None:
        """Remember where the window is."""
        super().moveEvent(event)
        self.placement_changed.emit()

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Remember how big the window is, and let its letters and dice grow with it."""
        super().resizeEvent(event)
        if event.size().height() != event.oldSize().height():
            self._scale()
        self.placement_changed.emit()

    def closeEvent(self, event: QCloseEvent) -> None:
        """Closing only hides it; View ▸ Table window opens it again where it was."""
        self.placement_changed.emit()
        super().closeEvent(event)


def text_sizes(window_height: int) -> tuple[int, int]:
    """The headline's letters and the detail's and history's, in pixels, for a window this
    high: a share of it, read from across the room, never smaller than on the main window.

    >>> text_sizes(1080), text_sizes(640), text_sizes(300)
    ((76, 32), (45, 19), (28, 15))
    """
    headline = max(28, round(window_height * HEADLINE_SHARE))
    return headline, max(15, round(window_height * TEXT_SHARE))


def table_die_size(window_height: int) -> int:
    """The largest die on the table window: read from across the room, so it grows with the
    window (a seventh of its height) and is never smaller than on the main window's tray.
    """
    return max(MAX_DIE_SIZE, window_height // 7)
