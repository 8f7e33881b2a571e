"""The table window: a second window for the players, on a second screen, a projector or a
monitor turned towards them.

It shows a large tray that follows the game master's rolls with the same animation, the
outcome in large letters, and the public history. It is fed only what the players may see
(:class:`~shadowdice.ui.game_table.GameTable` decides): a secret roll reaches it at most as
the words "The game master rolled secretly" over as many blank dice as it threw, never its
faces, marks, outcome or record.

F11 puts it full screen on the screen chosen in its own bar (and back); where it was, and
on which screen, is remembered between runs.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import (
    QCloseEvent,
    QGuiApplication,
    QKeySequence,
    QMoveEvent,
    QResizeEvent,
    QShortcut,
    QStandardItem,
    QStandardItemModel,
)
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QListView,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from shadowdice.core.die import Die
from shadowdice.core.language import N_, translations
from shadowdice.core.record import RollRecord
from shadowdice.core.session import Tone
from shadowdice.ui import theme
from shadowdice.ui.language import events, put, shown
from shadowdice.ui.play.history import describe
from shadowdice.ui.play.tray.dice_tray import MAX_DIE_SIZE, DiceTray
from shadowdice.ui.play.tray.die_painting import BLANK_FACE

_, _n = translations(__name__)

SECRET_NOTICE = N_("The game master rolled secretly")
TONE_COLOURS = {
    Tone.SUCCESS.value: theme.SUCCESS,
    Tone.FAILURE.value: theme.FAILURE,
    Tone.GLITCH.value: theme.GLITCH,
    Tone.CRITICAL.value: theme.CRITICAL,
    Tone.NEUTRAL.value: theme.NEUTRAL,
}


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
        put(self.setWindowTitle, _("Shadowdice — Table"))
        self._outcome: tuple[str, str, str] = ("", Tone.NEUTRAL.value, "")
        self._records: list[RollRecord] = []
        events.changed.connect(self._on_language_changed)
        self.resize(1024, 640)
        self.tray = DiceTray(duration_ms=animation_ms)
        self.tray.setObjectName("table_tray")
        self.tray.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.headline = QLabel(_("Ready to roll"))
        self.headline.setObjectName("table_headline")
        self.headline.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.headline.setWordWrap(True)
        self.detail = QLabel("")
        self.detail.setObjectName("table_detail")
        self.detail.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.detail.setWordWrap(True)
        self.detail.setStyleSheet("font-size: 15pt;")
        self._style(Tone.NEUTRAL.value)
        self.history_model = QStandardItemModel(self)
        self.history = QListView()
        self.history.setObjectName("table_history")
        self.history.setModel(self.history_model)
        self.history.setEditTriggers(QListView.EditTrigger.NoEditTriggers)
        self.history.setStyleSheet("font-size: 13pt;")
        self.screen_chooser = QComboBox()
        self.screen_chooser.setObjectName("table_screen_chooser")
        put(self.screen_chooser.setToolTip, _("The screen F11 puts the table window on"))
        self.bar = QWidget()
        bar = QHBoxLayout(self.bar)
        bar.setContentsMargins(0, 0, 0, 0)
        bar.addWidget(QLabel(_("Full screen (F11) on:")))
        bar.addWidget(self.screen_chooser)
        bar.addStretch(1)

        stage = QWidget()
        stage_layout = QVBoxLayout(stage)
        stage_layout.setContentsMargins(0, 0, 0, 0)
        stage_layout.addWidget(self.tray, 1)
        stage_layout.addWidget(self.headline)
        stage_layout.addWidget(self.detail)
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(stage)
        splitter.addWidget(self.history)
        splitter.setStretchFactor(0, 4)
        splitter.setStretchFactor(1, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.bar)
        layout.addWidget(splitter, 1)
        QShortcut(QKeySequence("F11"), self, self.toggle_full_screen)
        QShortcut(QKeySequence("Esc"), self, self._leave_full_screen)
        self.refresh_screens()
        QGuiApplication.instance().screenAdded.connect(lambda _screen: self.refresh_screens())
        QGuiApplication.instance().screenRemoved.connect(lambda _screen: self.refresh_screens())

    # --- what the players see ------------------------------------------------------------------

    def show_dice(self, dice: Sequence[Die], fresh: Collection[int]) -> None:
        """The dice of a public roll, those in ``fresh`` tumbling in as on the main tray."""
        self.tray.show_dice(dice, fresh, animate=True)
        if fresh and len(fresh) == len(dice):
            put(self.headline.setText, _("Rolling…"))
            self._style(Tone.NEUTRAL.value)
            self.detail.clear()

    def show_outcome(self, headline: str, tone: str, detail: str) -> None:
        """The outcome of a public roll as it stands."""
        self._outcome = (headline, tone, detail)
        self.headline.setText(shown(headline))
        self._style(tone)
        self.detail.setText(shown(detail))

    def show_secret(self, notice: bool, dice: Sequence[Die] = ()) -> None:
        """A secret roll: with ``notice``, the words that one was made and as many blank dice
        as it threw (no face, no mark); else an empty tray.
        """
        self.tray.clear()
        if notice and dice:
            blanks = [Die(place, die.sides, (BLANK_FACE,)) for place, die in enumerate(dice)]
            self.tray.show_dice(blanks, (), animate=False)
        self._outcome = (_(SECRET_NOTICE) if notice else "", Tone.NEUTRAL.value, "")
        self.headline.setText(self._outcome[0])
        self._style(Tone.NEUTRAL.value)
        self.detail.clear()

    def add_record(self, record: RollRecord) -> None:
        """A public roll (or a revealed one) goes on top of the public history."""
        self._records.append(record)
        self.history_model.insertRow(0, _history_item(record))

    def _on_language_changed(self) -> None:
        """The outcome shown and the public history, in the new language."""
        headline, tone, detail = self._outcome
        self.show_outcome(headline, tone, detail)
        self.history_model.clear()
        for record in self._records:
            self.history_model.insertRow(0, _history_item(record))

    def _style(self, tone: str) -> None:
        colour = TONE_COLOURS.get(tone, theme.NEUTRAL)
        self.headline.setStyleSheet(
            f"font-size: 34pt; font-weight: 700; color: {colour}; padding: 6px;"
        )

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
        """Remember how big the window is, and let its dice grow with it."""
        super().resizeEvent(event)
        self.tray.set_look(felt=self.tray.felt, max_die_size=table_die_size(self.height()))
        self.placement_changed.emit()

    def closeEvent(self, event: QCloseEvent) -> None:
        """Closing only hides it; View ▸ Table window opens it again where it was."""
        self.placement_changed.emit()
        super().closeEvent(event)


def table_die_size(window_height: int) -> int:
    """The largest die on the table window: read from across the room, so it grows with the
    window (a seventh of its height) and is never smaller than on the main window's tray.
    """
    return max(MAX_DIE_SIZE, window_height // 7)


def _history_item(record: RollRecord) -> QStandardItem:
    """A line of the public history: who rolled what and how it came out."""
    text = describe(record)
    if record.revealed:
        text = _("{roll} (revealed)", roll=text)
    item = QStandardItem(text)
    item.setToolTip(shown(record.outcome.detail))
    return item
