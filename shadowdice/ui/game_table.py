"""What the main window does for the table as a whole: physical dice typed in, secret rolls,
the table window for the players, revealing and replaying recorded rolls, dice statistics.

- **Real dice.** Roll ▸ Real dice for this character, or for the whole table: every check and
  action of such a character waits for its faces in the tray's entry strip. The app's dice
  source is wrapped in a :class:`~shadowdice.core.dice.RealDiceSource`; a check starts
  through a :class:`~shadowdice.core.pending.Step`, so it stands at its first request until
  the faces are typed in.
- **Secret rolls.** *Roll secretly* (the check panel's toggle, Ctrl+Shift+R) makes the next
  roll secret (or every roll while it is on, as Settings ▸ Keep "Roll secretly" on chooses):
  its record says so, the history marks it, and the table window gets at most the words "The
  game master rolled secretly" (View ▸ Announce secret rolls), once as the roll starts and the
  same whatever the dice show, whatever follows and whatever it spends; never its dice, their
  number, outcome or record. History ▸ Reveal (Ctrl+Shift+V, or the history row's context
  menu) shows the one secret roll chosen in the history on the table window later, saying
  "Revealed:" in its headline; with no roll, or several, chosen it is disabled and says why.
- **The table window** (View ▸ Table window, Ctrl+T) follows every public roll live and shows
  the current public state whenever it opens; the main window's keys work in it too.
- **Replay** (History ▸ Replay) throws a recorded roll's faces again from its seed.
- **Dice statistics** (View ▸ Dice statistics).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QObject, QRect, Qt, QTimer
from PySide6.QtGui import QAction, QKeySequence, QShortcut
from PySide6.QtWidgets import QMenu

from shadowdice.core.dice import RealDiceSource
from shadowdice.core.die import Die, Mark
from shadowdice.core.language import translations
from shadowdice.core.pending import Step, waiting_source
from shadowdice.core.record import DieRecord, RollRecord
from shadowdice.core.session import RollSession
from shadowdice.storage.roll_log import RollLogError, read_session, session_files
from shadowdice.ui.background import Progress, run_with_progress
from shadowdice.ui.character_document import CharacterDocument
from shadowdice.ui.first_paint import import_after_first_paint
from shadowdice.ui.language import put
from shadowdice.ui.play.history import RECORD_ROLE

if TYPE_CHECKING:  # imported once the main window is painted: the first paint never shows it
    from shadowdice.ui.table_window import TableWindow

_, _n = translations(__name__)

#: Starts a check from its subject (sheets) and a dice source.
Start = Callable[[Any, Any], RollSession]


class GameTable(QObject):
    """Real dice, secret rolls, the table window, reveal, replay and statistics.

    Attributes:
        real_dice: the app's dice source, able to wait for typed faces.
        table_window: the players' window, once opened.
    """

    def __init__(self, window: Any) -> None:
        """``window`` is the main window, with its roll panel, check panel and history."""
        super().__init__(window)
        self.window = window
        self.real_dice = RealDiceSource(window.dice_source)
        self.table_window: TableWindow | None = None
        self._real_documents: list[CharacterDocument] = []
        #: Characters who throw on their players' laptops at a table on the network (but in a
        #: secret roll, ticked or made secret by the rules).
        self.table_rollers: set[str] = set()
        self.real_dice.players = self.table_rollers
        self._public: list[RollRecord] = []  # oldest first
        self._secret_shown: RollSession | None = None
        # What the table window shows now, to show it again when it opens.
        self._now: Callable[[TableWindow], None] = lambda table: table.show_ready()
        self._save_placement = QTimer(self)
        self._save_placement.setSingleShot(True)
        self._save_placement.setInterval(300)
        self._save_placement.timeout.connect(self._remember_placement)
        self._build_actions()
        panel = window.roll_panel
        panel.dice_shown.connect(self._on_dice_shown)
        panel.outcome_shown.connect(self._on_outcome_shown)
        panel.roll_finished.connect(self._on_roll_finished)
        window.check_panel.secret_box.toggled.connect(self.secret_action.setChecked)
        self.secret_action.toggled.connect(window.check_panel.secret_box.setChecked)
        window.tabs.currentChanged.connect(self._on_current_changed)
        window.roll_undone.connect(self._on_roll_undone)
        history = window.history
        history.addActions([self.reveal_action, self.replay_action])
        history.selectionModel().selectionChanged.connect(self._on_choice_changed)
        # A reset (another filter) clears the choice without a word; a chosen row removed is
        # told by selectionChanged, and every roll removes the page's last row: not followed.
        model = history.model()
        for signal in (model.dataChanged, model.modelReset, model.layoutChanged):
            signal.connect(self._on_choice_changed)
        self._on_choice_changed()
        window.installEventFilter(self)
        import_after_first_paint(window, ["shadowdice.ui.table_window"])

    # --- building ------------------------------------------------------------------------------

    def _build_actions(self) -> None:
        window = self.window
        settings = window.files.settings
        self.secret_action = self._action(_("Roll &secretly"), "Ctrl+Shift+R", checkable=True)
        put(self.secret_action.setToolTip, _("Only you see the next rolls until you reveal them"))
        self.real_dice_action = self._action(
            _("Real dice for this &character"), "Ctrl+Shift+D", checkable=True
        )
        self.real_dice_action.setEnabled(False)
        self.real_dice_action.toggled.connect(self._on_real_dice_toggled)
        self.real_table_action = self._action(_("Real dice for the whole &table"), checkable=True)
        self.real_table_action.setChecked(settings.real_dice_table)
        self.real_dice.everyone = settings.real_dice_table
        self.real_table_action.toggled.connect(self._on_real_table_toggled)
        self.table_window_action = self._action(_("&Table window"), "Ctrl+T")
        self.table_window_action.triggered.connect(self.open_table_window)
        self.notice_action = self._action(_("&Announce secret rolls on the table"), checkable=True)
        self.notice_action.setChecked(settings.announce_secret_rolls)
        self.notice_action.toggled.connect(
            lambda on: window.files.update_settings(announce_secret_rolls=on)
        )
        self.statistics_action = self._action(_("Dice &statistics…"))
        self.statistics_action.triggered.connect(self.open_statistics)
        self.reveal_action = self._action(_("&Reveal on the table window"), "Ctrl+Shift+V")
        self.reveal_action.triggered.connect(self.reveal)
        self.replay_action = self._action(_("Re&play"))
        self.replay_action.triggered.connect(self.replay)

    def _action(self, text: str, shortcut: str = "", *, checkable: bool = False) -> QAction:
        action = QAction(self.window)
        put(action.setText, text)
        action.setCheckable(checkable)
        if shortcut:
            action.setShortcut(QKeySequence(shortcut))
        self.window.addAction(action)
        return action

    def fill_menus(self, roll_menu: QMenu, view_menu: QMenu, history_menu: QMenu) -> None:
        """Put the table's actions into the window's menus."""
        roll_menu.addSeparator()
        roll_menu.addActions([self.secret_action, self.real_dice_action, self.real_table_action])
        view_menu.addActions([self.table_window_action, self.notice_action])
        view_menu.addSeparator()
        view_menu.addAction(self.statistics_action)
        history_menu.addActions([self.reveal_action, self.replay_action])
        history_menu.setToolTipsVisible(True)  # a disabled Reveal says why

    # --- rolling -------------------------------------------------------------------------------

    def start_roll(
        self, start: Start, subject: Any, documents: Sequence[CharacterDocument]
    ) -> None:
        """Start a check (``start(subject, source)``) and show it in the tray; a check of a
        character on real dice waits there for its first faces.

        Raises:
            CheckError, DiceSourceError: as the system's start does.
        """
        secret = self.secret_action.isChecked()
        if secret and not self.window.files.settings.keep_secret_on:
            self.secret_action.setChecked(False)  # for one roll
        # A secret roll asks no player's laptop: its dice fall here, unseen. (One the rules
        # make secret says so in its dice requests.)
        self.real_dice.rollers = self._rollers()
        self.real_dice.players = set() if secret else self.table_rollers

        def started(subj: Any, source: Any) -> RollSession:
            session = start(subj, source)
            session.secret = secret or session.secret  # a system may roll secretly by itself
            return session

        panel = self.window.roll_panel
        dice = waiting_source(self.real_dice)
        if dice is None:
            panel.start(started(subject, self.real_dice), list(documents))
            return
        step = Step(lambda subj: started(subj, dice), subject, dice)
        if step.go():
            panel.start(step.result, list(documents))
        else:
            panel.start_when_typed(step, list(documents))

    def _rollers(self) -> set[str]:
        """Who throws physical dice on this laptop: the characters marked so here."""
        names: set[str] = set()
        for document in self._real_documents:
            names.update({document.sheet.name, document.title})
        return names

    def _on_real_dice_toggled(self, on: bool) -> None:
        document = self.window.current_document()
        if document is None:
            return
        if on and document not in self._real_documents:
            self._real_documents.append(document)
        elif not on and document in self._real_documents:
            self._real_documents.remove(document)
        self.real_dice.rollers = self._rollers()

    def follow_settings(self) -> None:
        """Take the table's settings as they stand (after the settings dialog)."""
        settings = self.window.files.settings
        self.real_table_action.setChecked(settings.real_dice_table)
        self.notice_action.setChecked(settings.announce_secret_rolls)

    def _on_real_table_toggled(self, on: bool) -> None:
        self.real_dice.everyone = on
        self.window.files.update_settings(real_dice_table=on)

    def _on_current_changed(self, _index: int) -> None:
        document = self.window.current_document()
        self.real_dice_action.blockSignals(True)
        self.real_dice_action.setChecked(document in self._real_documents)
        self.real_dice_action.blockSignals(False)
        self.real_dice_action.setEnabled(document is not None)

    def forget(self, document: CharacterDocument) -> None:
        """A character closes."""
        if document in self._real_documents:
            self._real_documents.remove(document)

    # --- the table window ----------------------------------------------------------------------

    def open_table_window(self) -> TableWindow:
        """Open the table window where it was last (or raise it)."""
        if self.table_window is None:
            from shadowdice.ui.table_window import TableWindow

            table = TableWindow(animation_ms=self.window.roll_panel.tray.duration_ms)
            settings = self.window.files.settings
            if place := _rect(settings.table_window_geometry):
                table.setGeometry(place)
            table.choose_screen(settings.table_window_screen)
            table.screen_chooser.currentIndexChanged.connect(self._save_placement.start)
            table.placement_changed.connect(self._save_placement.start)
            self._lend_keys(table)
            self.table_window = table
        self.table_window.show_history(self._public, self._undone_public())
        self._now(self.table_window)
        self.table_window.show()
        self.table_window.raise_()
        self.window.activateWindow()  # the game master's keys stay with the main window
        return self.table_window

    def _lend_keys(self, table: TableWindow) -> None:
        """The main window's keys work while the table window has the focus too (the game
        master clicked into it for F11): its actions and shortcuts, but for the table's own.
        """
        own = {key.toString() for key in table.OWN_KEYS}
        window_keys = Qt.ShortcutContext.WindowShortcut
        for action in self.window.findChildren(QAction):
            keys = {key.toString() for key in action.shortcuts()}
            if keys and not keys & own and action.shortcutContext() == window_keys:
                table.addAction(action)
        for shortcut in self.window.findChildren(QShortcut):
            key = shortcut.key()
            if key.toString() and key.toString() not in own and shortcut.context() == window_keys:
                mirror = QShortcut(key, table)
                mirror.activated.connect(shortcut.activated)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """The table window closes with the main window (quitting, or closing it)."""
        if watched is self.window and event.type() == QEvent.Type.Close and event.isAccepted():
            QTimer.singleShot(0, self._close_with_window)
        return False

    def _close_with_window(self) -> None:
        if self.table_window is not None and not self.window.isVisible():
            self.table_window.close()

    def _remember_placement(self) -> None:
        table = self.table_window
        if table is None or table.isFullScreen():
            return
        place = table.geometry()
        self.window.files.update_settings(
            table_window_geometry=f"{place.x()},{place.y()},{place.width()},{place.height()}",
            table_window_screen=table.screen_chooser.currentData() or "",
        )

    def _table(self) -> TableWindow | None:
        table = self.table_window
        return table if table is not None and table.isVisible() else None

    def _show(self, now: Callable[[TableWindow], None]) -> None:
        """Show ``now`` on the table window (when it is open), and again when it opens."""
        self._now = now
        if (table := self._table()) is not None:
            now(table)

    def _on_dice_shown(self, session: RollSession, fresh: set[int]) -> None:
        if session.secret:
            # Once, as it starts: nothing the dice decide, nor what follows, reaches the table.
            if session is not self._secret_shown:
                self._secret_shown = session
                notice = self.notice_action.isChecked()
                self._show(lambda table: table.show_secret(notice))
            return
        dice = list(session.dice)
        if (table := self._table()) is not None:
            table.show_dice(dice, fresh)
        self._now = lambda table: table.show_dice(dice, ())

    def _on_outcome_shown(self, session: RollSession) -> None:
        if session.secret:
            return
        dice, outcome = list(session.dice), session.outcome()
        who = f"{session.character}: " if session.character else ""
        words = (outcome.headline, outcome.tone.value, f"{who}{session.check}")
        self._show(lambda table: (table.show_dice(dice, ()), table.show_outcome(*words)))

    def add_public(self, record: RollRecord) -> None:
        """A public roll made on another laptop at the table: on the table window too."""
        self._on_roll_finished(record)

    def _on_roll_finished(self, record: RollRecord) -> None:
        if record.secret and not record.revealed:
            return
        self._public.append(record)
        if self.table_window is not None:
            self.table_window.add_record(record)

    def _undone_public(self) -> list[RollRecord]:
        history = self.window.history_model
        return [record for record in self._public if history.undone(record)]

    def _on_roll_undone(self, record: RollRecord, character: str, undone: bool) -> None:
        if self.table_window is not None and record in self._public:
            whose = set(self.window.history_model.undone(record))
            (whose.add if undone else whose.discard)(character)  # the history may hear later
            self.table_window.set_undone(record, bool(whose))

    # --- reveal and replay ---------------------------------------------------------------------

    def _chosen_rolls(self) -> list[RollRecord]:
        """The rolls chosen in the history as it is filtered now (a chosen detail line
        chooses its roll).
        """
        tops: dict[int, RollRecord] = {}
        for index in self.window.history.selectionModel().selectedIndexes():
            top = index.parent() if index.parent().isValid() else index
            tops[top.row()] = top.data(RECORD_ROLE)
        return list(tops.values())

    def chosen_record(self) -> RollRecord | None:
        """The one roll chosen in the history; None when none or several are chosen."""
        chosen = self._chosen_rolls()
        return chosen[0] if len(chosen) == 1 else None

    def _why_not_reveal(self) -> str:
        """Why Reveal cannot be taken now, or "" when it can."""
        chosen = self._chosen_rolls()
        if len(chosen) > 1:
            return _("Choose one roll in the history to reveal")
        if not chosen:
            return _("Choose a secret roll in the history to reveal it")
        if not chosen[0].secret:
            return _("This roll was not secret: the players saw it")
        if chosen[0].revealed:
            return _("This roll is revealed already")
        return ""

    def _on_choice_changed(self, *_args: object) -> None:
        """Reveal and Replay take the roll chosen in the history; without one, they say why."""
        why = self._why_not_reveal()
        self.reveal_action.setEnabled(not why)
        put(self.reveal_action.setToolTip, why or _("Show the chosen secret roll to the players"))
        self.reveal_action.setStatusTip(self.reveal_action.toolTip())
        chosen = self.chosen_record() is not None
        self.replay_action.setEnabled(chosen)
        put(
            self.replay_action.setToolTip,
            _("Throw the chosen roll's faces again")
            if chosen
            else _("Choose a roll in the history to replay it"),
        )

    def reveal(self) -> RollRecord | None:
        """Show the chosen secret roll on the table window; the history keeps it revealed."""
        record = self.chosen_record()
        if why := self._why_not_reveal():
            self.window.statusBar().showMessage(why, 8000)
            return None
        assert record is not None
        revealed = record.model_copy(update={"revealed": True})
        self.window.history_model.replace(record, revealed)
        self._log_revealed(record)
        self._on_roll_finished(revealed)
        dice = record_dice(revealed)
        words = (
            _("Revealed: {headline}", headline=revealed.outcome.headline),
            revealed.outcome.tone,
            _who_what(revealed),
        )
        self._now = lambda table: (table.show_dice(dice, ()), table.show_outcome(*words))
        table = self.open_table_window()
        table.show_dice(dice, range(len(dice)))
        table.show_outcome(*words)
        self._on_choice_changed()
        self.window.statusBar().showMessage(_("Revealed on the table window."), 8000)
        return revealed

    def _log_revealed(self, record: RollRecord) -> None:
        """Note the reveal in the roll log, so the roll stays revealed in later sessions."""
        log = self.window.roll_log
        roll_id = log.id_of(record)
        if roll_id is None:  # a roll of an earlier session: its log is closed
            return
        try:
            log.mark_revealed(roll_id)
        except OSError as error:
            self.window.statusBar().showMessage(
                _("Cannot write the roll log {path}: {error}", path=log.path, error=error), 8000
            )

    def replay(self) -> str:
        """Throw the chosen roll's faces again in the tray (and on the table window when the
        players may see it); returns what the replay found.
        """
        from shadowdice.core.replay import replay

        record = self.chosen_record()
        if record is None:
            return ""
        again = replay(record)
        faces = dict(zip(again.places, again.faces, strict=True))
        dice = record_dice(record, faces)
        headline = _("Replay: {headline}", headline=record.outcome.headline)
        self.window.roll_panel.show_replay(dice, headline, again.summary())
        if not record.secret or record.revealed:
            words = (headline, record.outcome.tone, again.summary())
            self._now = lambda table: (table.show_dice(dice, ()), table.show_outcome(*words))
            if (table := self._table()) is not None:
                table.show_dice(dice, {die.id for die in dice})
                table.show_outcome(*words)
        self.window.statusBar().showMessage(again.summary(), 10000)
        return again.summary()

    # --- statistics ----------------------------------------------------------------------------

    def open_statistics(self) -> Any:
        """Open the dice statistics of this session and of every roll logged, in every
        earlier session (not only those the history shows).
        """
        from shadowdice.ui.dice_statistics import DiceStatisticsDialog

        this_run = self.window.history_model.records_of_this_run()
        earlier = run_with_progress(self.window, _("Reading every logged roll…"), self._earlier)
        if earlier is None:  # cancelled
            return None
        dialog = DiceStatisticsDialog(
            session=this_run, logged=this_run + earlier, parent=self.window
        )
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()
        return dialog

    def _earlier(self, progress: Progress) -> list[RollRecord]:
        """Every roll of the earlier sessions' logs (on a thread of its own); a log that
        cannot be read is left out.
        """
        window = self.window
        paths = [p for p in session_files(window.paths.log_dir) if p != window.roll_log.path]
        records: list[RollRecord] = []
        for done, path in enumerate(paths):
            progress(done, len(paths))
            try:
                records.extend(reversed(read_session(path).records))
            except RollLogError:
                continue  # the history tells of it by name
        return records


def record_dice(
    record: RollRecord, faces: dict[tuple[int, int, int], int] | None = None
) -> list[Die]:
    """A record's dice as the tray draws them (with ``faces`` by place: replayed faces)."""
    dice: list[Die] = []
    for throw_index, throw in enumerate(record.throws):
        for die_index, die in enumerate(throw.dice):
            chain = tuple(
                (faces or {}).get((throw_index, die_index, wave), face)
                for wave, face in enumerate(die.faces)
            )
            dice.append(_die(len(dice), die, chain))
    return dice


def _die(die_id: int, die: DieRecord, faces: tuple[int, ...]) -> Die:
    marks = frozenset(Mark(mark) for mark in die.marks if mark in Mark._value2member_map_)
    return Die(die_id, die.sides, faces, die.group, marks, die.score, die.typed)


def _rect(text: str) -> QRect | None:
    """A window's place as the settings keep it ("x,y,width,height"), or None.

    >>> _rect("10,20,700,500"), _rect(""), _rect("nonsense")
    (PySide6.QtCore.QRect(10, 20, 700, 500), None, None)
    """
    try:
        x, y, width, height = (int(part) for part in text.split(","))
    except ValueError:
        return None
    return QRect(x, y, width, height) if width > 0 and height > 0 else None


def _who_what(record: RollRecord) -> str:
    return f"{record.character}: {record.check}" if record.character else record.check
