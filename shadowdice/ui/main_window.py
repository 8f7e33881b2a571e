"""The main window: system selector, open characters in tabs, the check panel, the dice tray
with its actions, and the roll history.

Each open character has its own undo stack; Undo and Redo work on the current tab's. Undoing
what a roll spent finishes that roll first, gives the resources back and marks the roll undone
in the history, where it stays.

Every finished roll goes to the lasting roll log (:mod:`shadowdice.storage.roll_log`); the
history shows the earlier sessions below this one's rolls, and any session exports as
Markdown, CSV or JSON. Unsaved characters are kept in recovery files while the app runs
(:mod:`.recovery`), and an unexpected error is shown in a dialog (:mod:`.crash_report`)
instead of only on stderr.

Everything it needs is handed in (registry, paths, settings, dice source, prompts); it finds
rule systems only through the registry.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

from PySide6.QtCore import QByteArray, Qt, Signal
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QColor,
    QGuiApplication,
    QKeySequence,
    QUndoGroup,
)
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMenu,
    QSplitter,
    QTabWidget,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from shadowdice import __version__
from shadowdice.core.dice import DiceSource, DiceSourceError
from shadowdice.core.language import translations
from shadowdice.core.record import RollRecord
from shadowdice.core.registry import CheckError, CheckValues, Registry
from shadowdice.core.session import RollSession
from shadowdice.core.sheet import Sheet, SheetAction
from shadowdice.storage.paths import AppPaths, real_path
from shadowdice.storage.recovery import RecoveredCharacter, leftover_characters
from shadowdice.storage.roll_export import export_session, session_title
from shadowdice.storage.roll_log import (
    LoggedRoll,
    LoggedSession,
    LogReader,
    RollLog,
    RollLogError,
    count_rolls,
    read_session,
    session_files,
)
from shadowdice.storage.settings import SettingsStore
from shadowdice.ui.background import Progress, run_with_progress
from shadowdice.ui.character_card import CharacterCard, CharacterPage
from shadowdice.ui.character_document import CharacterDocument, SheetCommand
from shadowdice.ui.character_files import CharacterFiles, document_at
from shadowdice.ui.crash_report import CrashReporter
from shadowdice.ui.first_paint import before_first_paint
from shadowdice.ui.game_table import GameTable
from shadowdice.ui.language import events as language_events
from shadowdice.ui.language import put, shown
from shadowdice.ui.language import switch as switch_language
from shadowdice.ui.network.table_menu import TableMenu
from shadowdice.ui.notices import NoticeBar
from shadowdice.ui.paperwork import Paperwork
from shadowdice.ui.play.check_panel import CheckPanel
from shadowdice.ui.play.history import (
    CharacterChooser,
    HistoryModel,
    HistoryView,
    earlier_rolls,
)
from shadowdice.ui.play.party_roster import PartyRoster
from shadowdice.ui.play.play_column import PlayColumn
from shadowdice.ui.play.roll_panel import RollPanel
from shadowdice.ui.play.tray.palette import SPEED_FACTORS, dice_colour, die_size, felt_colour
from shadowdice.ui.prompts import Prompts, SaveChoice
from shadowdice.ui.recovery import (
    AUTOSAVE_DELAY_MS,
    Autosave,
    leftover_runs,
    remove_recovery_file,
    tidy_run,
)
from shadowdice.ui.welcome import WelcomeOrParty
from shadowdice.ui.window_keys import WindowKeys

if TYPE_CHECKING:  # the dialogs and the sheet editor are imported when first shown
    from shadowdice.ui.about_dialog import AboutDialog
    from shadowdice.ui.keys_dialog import KeysDialog
    from shadowdice.ui.play.group_roll_dialog import GroupRollDialog
    from shadowdice.ui.print_dialog import PrintDialog
    from shadowdice.ui.recovery_dialog import RecoveryDialog
    from shadowdice.ui.settings_dialog import SettingsDialog
    from shadowdice.ui.sheet_editor import SheetEditor
    from shadowdice.ui.template_library import TemplateLibrary

_, _n = translations(__name__)


class MainWindow(QMainWindow):
    """The Shadowdice main window.

    Signals:
        roll_undone(object, str, bool): what a character spent in a finished roll (its
            RollRecord) was given back by Undo (True), or spent again by Redo (False).

    Attributes:
        registry: the rule systems.
        check_panel, roll_panel, history: the right-hand side.
        tabs: one SheetEditor per open character.
        undo_group: the open characters' undo stacks; the current tab's is active.
    """

    roll_undone = Signal(object, str, bool)

    def __init__(
        self,
        *,
        registry: Registry,
        paths: AppPaths,
        settings: SettingsStore,
        dice_source: DiceSource,
        prompts: Prompts | None = None,
        animation_ms: int = 550,
        autosave_ms: int = AUTOSAVE_DELAY_MS,
    ) -> None:
        super().__init__()
        self.registry = registry
        self.paths = paths
        self.autosave = Autosave(paths.recovery_dir, delay_ms=autosave_ms, parent=self)
        self.roll_log = RollLog(paths.log_dir)
        self.crash_reporter = CrashReporter(
            self, save_recovery=self.save_recovery_now, quit_app=self.quit_after_error
        )
        self._quitting_after_error = False
        self.prompts = prompts or Prompts(self)
        self.files = CharacterFiles(
            registry=registry, paths=paths, store=settings, prompts=self.prompts, parent=self
        )
        switch_language(self.files.settings.language)  # before any text is made
        self.dice_source = dice_source
        self.undo_group = QUndoGroup(self)
        self._roll_records: WeakKeyDictionary[RollSession, RollRecord] = WeakKeyDictionary()
        self.setWindowTitle("Shadowdice[*]")
        self._fit_to_screen(1280, 800)

        self.system_selector = QComboBox()
        self.system_selector.setObjectName("system_selector")
        put(
            self.system_selector.setToolTip,
            _("The rule system of new characters; it follows the character shown"),
        )
        put(self.system_selector.setAccessibleName, _("Rule system of new characters"))
        for system in registry.infos():
            self.system_selector.addItem(shown(system.name), system.id)
            self.system_selector.setItemData(
                self.system_selector.count() - 1, shown(system.summary), Qt.ItemDataRole.ToolTipRole
            )
        last = self.system_selector.findData(self.files.settings.last_system)
        self.system_selector.setCurrentIndex(max(last, 0))

        self.tabs = QTabWidget()
        self.tabs.setObjectName("character_tabs")
        self.tabs.setTabsClosable(True)
        self.tabs.setMovable(True)
        self.tabs.setDocumentMode(True)
        self.tabs.tabBar().hide()  # the party roster shows the characters
        self.tabs.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Tab goes on to the check
        self.party_roster = PartyRoster()
        party = QWidget()
        party_layout = QHBoxLayout(party)
        party_layout.setContentsMargins(0, 0, 0, 0)
        party_layout.setSpacing(4)
        party_layout.addWidget(self.party_roster, 1)
        party_layout.addWidget(self.tabs, 2)
        self._batch_depth = 0
        self._pages: dict[CharacterDocument, CharacterPage] = {}
        self.left = WelcomeOrParty(registry.infos(), party)
        # The welcome screen if the start opened no character before the window is painted.
        before_first_paint(self, lambda: self.left.show_party(bool(self.tabs.count())))

        self.check_panel = CheckPanel()
        self.roll_panel = RollPanel(animation_ms=animation_ms)
        self.roll_panel.may_stop = self._may_stop
        self._normal_animation_ms = animation_ms
        self.history_model = HistoryModel(self)
        self.history = HistoryView(self.history_model)
        self.history_filter = CharacterChooser(self.history_model)
        # Check (or encounter), tray and history share the right-hand column.
        self.right_splitter = PlayColumn(
            self.check_panel, self.roll_panel, self.history, self.history_filter
        )
        self.encounter = self.right_splitter.encounter

        self.splitter = QSplitter()
        self.splitter.setObjectName("main_splitter")
        self.splitter.addWidget(self.left)
        self.splitter.addWidget(self.right_splitter)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setSizes([700, 580])
        self.splitter.setChildrenCollapsible(False)
        self.notices = NoticeBar()
        central = QWidget()
        central_layout = QVBoxLayout(central)
        central_layout.setContentsMargins(0, 0, 0, 0)
        central_layout.addWidget(self.notices)
        central_layout.addWidget(self.splitter, 1)
        self.setCentralWidget(central)

        self.game_table = GameTable(self)
        self.paperwork = Paperwork(files=self.files, prompts=self.prompts, paths=paths, window=self)
        WindowKeys(self)  # the window's keys from any field
        self._build_actions()
        self._update_group_roll_action(None)
        self._update_play_edit_action()
        self._connect_signals()
        self.table_menu = TableMenu(self)
        self.apply_settings()
        self._restore_layout()
        self._update_template_action()
        self.statusBar().showMessage(_("Shadowdice {version}", version=__version__), 4000)

    # --- building ------------------------------------------------------------------------------

    def _build_actions(self) -> None:
        keys = QKeySequence.StandardKey
        self.new_action = self._action(_("&New character"), self.new_character, keys.New)
        self.template_action = self._action(
            _("New from &template…"), self.open_templates, "Ctrl+Shift+N"
        )
        self.open_action = self._action(_("&Open…"), self.open_dialog, keys.Open)
        self.save_action = self._action(_("&Save"), self.save_current, keys.Save)
        self.save_as_action = self._action(_("Save &as…"), self.save_current_as, keys.SaveAs)
        self.close_action = self._action(_("&Close character"), self.close_current, keys.Close)
        self.quit_action = self._action(_("&Quit"), self.close, keys.Quit)
        self.quit_action.setShortcut(QKeySequence("Ctrl+Q"))
        self.roll_action = self._action(_("&Roll"), self.check_panel.request_roll, "Ctrl+R")
        # Ctrl+Enter, not Ctrl+D: text fields on X11 take Ctrl+D to delete a character.
        self.done_action = self._action(_("&Done"), self.roll_panel.go_on, "Ctrl+Return")
        self.group_roll_action = self._action(_("&Group roll…"), self.open_group_roll, "Ctrl+G")
        self.undo_action = self._action(_("&Undo"), self.undo, keys.Undo)
        self.redo_action = self._action(_("&Redo"), self.redo)
        # Ctrl+Shift+Z everywhere, and the platform's own key too (Ctrl+Y on Windows).
        redo_keys = [QKeySequence("Ctrl+Shift+Z"), *QKeySequence.keyBindings(keys.Redo)]
        unique = {key.toString(): key for key in redo_keys}
        self.redo_action.setShortcuts(list(unique.values()))
        self._on_undo_state_changed()
        self.play_edit_action = self._action(_("&Edit sheet"), self.toggle_play_edit, "Ctrl+E")
        self.play_edit_action.setCheckable(True)
        self.find_roll_action = self._action(_("&Find a roll"), self.find_roll, keys.Find)
        self.settings_action = self._action(_("&Settings…"), self.open_settings, "Ctrl+,")
        self.settings_action.setMenuRole(QAction.MenuRole.PreferencesRole)
        self.legend_action = self._action(
            _("Legend of &marks"), self.roll_panel.set_legend_visible, "Ctrl+L"
        )
        self.legend_action.setCheckable(True)
        self.legend_action.setChecked(self.roll_panel.legend_visible())
        put(self.legend_action.setToolTip, _("Show the marks of the dice in words under the tray"))
        self.move_left_action = self._action(
            _("Move character &left"), lambda: self.move_current(-1), "Ctrl+Shift+PgUp"
        )
        self.move_right_action = self._action(
            _("Move character &right"), lambda: self.move_current(1), "Ctrl+Shift+PgDown"
        )
        self.print_action = self._action(_("&Print…"), self.open_print_dialog, keys.Print)
        self.export_pdf_action = self._action(
            _("&Export PDF…"), lambda: self.open_print_dialog(pdf=True), "Ctrl+Shift+E"
        )
        self.print_action.setEnabled(False)
        self.export_pdf_action.setEnabled(False)

        file_menu = self._menu(self.menuBar(), _("&File"))
        file_menu.addAction(self.new_action)
        self.new_menu = self._menu(file_menu, _("New character of &system"))
        for system in self.registry.infos():
            action = self.new_menu.addAction("")
            put(action.setText, system.name)
            put(action.setToolTip, system.summary)
            action.triggered.connect(lambda _=False, s=system.id: self.new_character_of(s))
        file_menu.addActions([self.template_action, self.open_action])
        self.recent_menu = self._menu(file_menu, _("Open &recent"))
        file_menu.addSeparator()
        file_menu.addActions([self.save_action, self.save_as_action, self.close_action])
        file_menu.addSeparator()
        file_menu.addActions([self.print_action, self.export_pdf_action])
        file_menu.addSeparator()
        file_menu.addAction(self.quit_action)
        edit_menu = self._menu(self.menuBar(), _("&Edit"))
        edit_menu.addActions([self.undo_action, self.redo_action])
        edit_menu.addSeparator()
        edit_menu.addAction(self.play_edit_action)
        edit_menu.addSeparator()
        edit_menu.addAction(self.settings_action)
        roll_menu = self._menu(self.menuBar(), _("&Roll"))
        roll_menu.setToolTipsVisible(True)  # a greyed entry says why
        roll_menu.addActions(
            [self.find_roll_action, self.roll_action, self.group_roll_action, self.done_action]
        )
        roll_menu.addSeparator()
        roll_menu.addAction(self.legend_action)
        view_menu = self._menu(self.menuBar(), _("&View"))
        view_menu.setToolTipsVisible(True)
        view_menu.addActions([self.move_left_action, self.move_right_action])
        view_menu.addSeparator()
        history_menu = self._menu(self.menuBar(), _("Hi&story"))
        self.game_table.fill_menus(roll_menu, view_menu, history_menu)
        history_menu.addSeparator()
        self.export_rolls_action = history_menu.addAction("", self.export_rolls)
        put(self.export_rolls_action.setText, _("&Export the rolls of a session…"))
        put(
            self.export_rolls_action.setToolTip,
            _("This session or an earlier one, as Markdown, CSV or JSON"),
        )
        help_menu = self._menu(self.menuBar(), _("&Help"))
        self.keys_action = self._action(_("&Keys"), self.show_keys, "F1")
        help_menu.addAction(self.keys_action)
        self.about_action = help_menu.addAction("", self.show_about)
        put(self.about_action.setText, _("&About Shadowdice"))
        self.about_action.setMenuRole(QAction.MenuRole.AboutRole)
        self._rebuild_recent_menu()

        toolbar = QToolBar()
        put(toolbar.setWindowTitle, _("Main"))
        toolbar.setObjectName("main_toolbar")
        toolbar.setMovable(False)
        system_label = QLabel()
        put(system_label.setText, _(" System: "))
        toolbar.addWidget(system_label)
        toolbar.addWidget(self.system_selector)
        toolbar.addAction(self.new_action)
        toolbar.addSeparator()
        toolbar.addActions([self.open_action, self.save_action])
        self.addToolBar(toolbar)

    def _menu(self, parent, title: str) -> QMenu:
        menu = parent.addMenu("")
        put(menu.setTitle, title)
        return menu

    def _action(self, text: str, slot, shortcut=None) -> QAction:
        action = QAction(self)
        put(action.setText, text)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(slot)
        self.addAction(action)
        return action

    def _connect_signals(self) -> None:
        language_events.changed.connect(self._on_language_changed)
        self.left.sample_requested.connect(self.open_sample)
        self.left.party_requested.connect(lambda system_id: self.open_sample(system_id, party=True))
        self.party_roster.chosen.connect(self.show_party_member)
        self.party_roster.close_requested.connect(self.close_document)
        self.party_roster.add_keys(self)
        self.tabs.currentChanged.connect(self._on_current_changed)
        self.tabs.tabBarClicked.connect(self.show_party_member)  # the one shown's tab too
        self.tabs.tabCloseRequested.connect(self.close_document)
        self.check_panel.roll_requested.connect(self._on_roll_requested)
        self.roll_panel.roll_finished.connect(self._on_roll_finished)
        self.roll_undone.connect(self.history_model.set_undone)
        self.history_model.replaced.connect(self._on_record_replaced)
        self.roll_undone.connect(self._log_undone)
        for signal in (
            self.undo_group.canUndoChanged,
            self.undo_group.canRedoChanged,
            self.undo_group.undoTextChanged,
            self.undo_group.redoTextChanged,
        ):
            signal.connect(self._on_undo_state_changed)
        self.roll_panel.problem_occurred.connect(self._show_message)
        self.history.copied.connect(lambda _text: self._show_message(_("Rolls copied as text")))
        self.system_selector.currentIndexChanged.connect(self._on_system_chosen)
        self.files.recent_changed.connect(self._rebuild_recent_menu)
        self.files.message_posted.connect(self._show_message)
        self.paperwork.message_posted.connect(self._show_message)
        self.autosave.problem_occurred.connect(self._on_recovery_problem)

    def open_settings(self) -> SettingsDialog:
        """Open the settings dialog; OK stores and applies its changes."""
        from shadowdice.ui.settings_dialog import SettingsDialog

        documents = self.documents()
        titles = [document.title for document in documents]
        characters = {
            colour_key(document): (
                _("{name} ({file})", name=document.title, file=document.path.name)
                if document.path is not None and titles.count(document.title) > 1
                else document.title
            )
            for document in documents
        }
        dialog = SettingsDialog(self.files.settings, list(characters.items()), self)
        dialog.accepted_changes.connect(self._on_settings_accepted)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()
        return dialog

    def _on_settings_accepted(self, changes: dict) -> None:
        self.files.change_settings(**changes)
        self.apply_settings()
        self.game_table.follow_settings()

    def _fit_to_screen(self, width: int, height: int) -> None:
        """Take this size, or the screen's free area when that is smaller."""
        screen = self.screen() or QGuiApplication.primaryScreen()
        free = screen.availableGeometry() if screen is not None else None
        if free is not None:
            width, height = min(width, free.width()), min(height, free.height())
        self.resize(width, height)

    def _restore_layout(self) -> None:
        """The window's size and place and its splitters as they were when it last closed."""
        settings = self.files.settings
        for state, restore in (
            (settings.window_geometry, self.restoreGeometry),
            (settings.splitter_state, self.splitter.restoreState),
            (settings.right_splitter_state, self.right_splitter.restoreState),
        ):
            if state:
                restore(QByteArray.fromBase64(state.encode("ascii")))
        self._fit_to_screen(self.width(), self.height())
        if not settings.splitter_state:
            # The check form needs about 560 px for its two columns, even on a small laptop;
            # on a wider window the sheet and the check share it as 700 to 580.
            right = max(CHECK_COLUMN_WIDTH, self.width() * 580 // 1280)
            self.splitter.setSizes([max(self.width() - right, 1), right])

    def _remember_layout(self) -> None:
        """The window's layout, and the party, for the next start."""

        def text(state: QByteArray) -> str:
            return bytes(state.toBase64()).decode("ascii")

        self.files.change_settings(
            last_party=[str(document.path) for document in self.documents() if document.path],
            window_geometry=text(self.saveGeometry()),
            splitter_state=text(self.splitter.saveState()),
            right_splitter_state=text(self.right_splitter.saveState()),
        )

    def apply_settings(self) -> None:
        """Make the tray and the roll panel follow the settings as they stand."""
        settings = self.files.settings
        tray = self.roll_panel.tray
        tray.duration_ms = round(self._normal_animation_ms * SPEED_FACTORS[settings.animation])
        tray.set_look(felt=felt_colour(settings.felt), max_die_size=die_size(settings.dice_size))
        colours = settings.dice_colours

        def colour_of(document: CharacterDocument) -> QColor | None:
            # Kept by file, so that renaming keeps it; by name before the first save (and in
            # settings from before colours were kept by file).
            name = colours.get(colour_key(document), colours.get(document.title))
            return dice_colour(name) if name else None

        self.roll_panel.colour_of = colour_of
        self.roll_panel.may_spend = self._may_spend if settings.confirm_spending else _always
        switch_language(settings.language)
        self.roll_panel.refresh_colours()

    def _may_spend(self, action) -> bool:
        question = _("{action} costs {cost}. Spend it?", action=action.label, cost=action.cost)
        return bool(self.prompts.ask_yes_no(action.label, question))

    def _may_stop(self, session: RollSession, stopped: str) -> bool:
        question = _(
            "{check} is not over. Ended now, the history records: “{stopped}”. End it here?",
            check=session.check,
            stopped=stopped,
        )
        return bool(self.prompts.ask_yes_no(_("End the roll here?"), question))

    def show_keys(self) -> KeysDialog:
        """Help ▸ Keys (F1): the keys that exist, read from the actions."""
        from shadowdice.ui.keys_dialog import KeysDialog

        dialog = KeysDialog(self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()
        return dialog

    def show_about(self) -> AboutDialog:
        """Show the version, what Shadowdice is, and the licenses of what it ships with."""
        from shadowdice.ui.about_dialog import AboutDialog

        dialog = AboutDialog(self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()
        return dialog

    # --- characters ----------------------------------------------------------------------------

    def documents(self) -> list[CharacterDocument]:
        """The open characters, in tab order."""
        return [self.tabs.widget(i).document for i in range(self.tabs.count())]

    def current_document(self) -> CharacterDocument | None:
        """The character of the current tab."""
        page = self.current_page()
        return page.document if page is not None else None

    def current_page(self) -> CharacterPage | None:
        """The card and editor of the current tab."""
        page = self.tabs.currentWidget()
        return page if isinstance(page, CharacterPage) else None

    def current_editor(self) -> SheetEditor | None:
        """The sheet editor of the current tab (built when first asked for)."""
        page = self.current_page()
        return page.editor if page is not None else None

    def current_card(self) -> CharacterCard | None:
        """The character card of the current tab."""
        page = self.current_page()
        return page.card if page is not None else None

    def toggle_play_edit(self) -> None:
        """Ctrl+E: show the current character's card (Play) or sheet editor (Edit)."""
        page = self.current_page()
        if page is None:
            return
        page.toggle_mode()
        page.shown_widget().setFocus()
        self._share_width()
        self._update_play_edit_action()

    def find_roll(self) -> None:
        """Ctrl+F: *Find a roll* on the card of the character shown (in Play)."""
        page = self.current_page()
        if page is not None:
            if page.mode != CharacterPage.PLAY:
                self.toggle_play_edit()
            page.card.find_roll()

    def _update_play_edit_action(self) -> None:
        page = self.current_page()
        self.find_roll_action.setEnabled(page is not None)
        self.play_edit_action.setEnabled(page is not None)
        self.play_edit_action.setChecked(page is not None and page.mode == CharacterPage.EDIT)
        self.play_edit_action.setToolTip(
            _("Open a character first.")
            if page is None
            else _("Switch between Play and Edit (Ctrl+E)")
        )

    def new_character(self, sheet: Sheet | None = None) -> CharacterDocument:
        """Open a new character of the system chosen in the selector (``sheet``: one made
        from a template).
        """
        system = self.registry.get(self.system_selector.currentData())
        document = CharacterDocument(system, sheet or system.new_sheet(), parent=self)
        document.mark_changed()
        self._add_tab(document, CharacterPage.EDIT)
        self.current_editor().focus_first_field()
        return document

    def open_sample(self, system_id: str, *, party: bool = False) -> CharacterDocument | None:
        """Open the sample character of a system (with ``party``, every one of them, as one
        batch), in Play, unsaved, to roll at once; returns the one shown.
        """
        system = self.registry.get(system_id)
        sheets = system.sample_party() if party else system.sample_party()[:1]
        if not sheets:
            self._show_message(_("{system} has no sample character.", system=system.name))
            return None
        with self._party_batch():
            documents = [CharacterDocument(system, sheet, parent=self) for sheet in sheets]
            for document in documents:
                self._add_tab(document, CharacterPage.PLAY, show=False)
        self._show_document(documents[0])
        return self.current_document()

    def new_character_of(self, system_id: str) -> CharacterDocument:
        """Open a new character of this system (and choose it in the selector)."""
        self.system_selector.setCurrentIndex(self.system_selector.findData(system_id))
        return self.new_character()

    def open_templates(self) -> TemplateLibrary | None:
        """Open the character templates of the chosen system, to create a character or edit
        them.
        """
        system = self.registry.get(self.system_selector.currentData())
        if system.template_type is None:
            self._show_message(
                _("{system} characters are not made from templates.", system=system.name)
            )
            return None
        from shadowdice.ui.template_library import TemplateLibrary

        dialog = TemplateLibrary(
            system, self.registry, self.paths.templates_dir, self.prompts, self
        )
        dialog.character_requested.connect(self.new_character)
        dialog.finished.connect(lambda _result: self.activateWindow())
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()
        return dialog

    def open_dialog(self) -> None:
        """Ask for files (one or several) and open them."""
        self.open_paths(self.files.ask_open_paths())

    def open_paths(self, paths: Sequence[Path]) -> list[CharacterDocument]:
        """Open several character files as one batch, as the command line or *Open* names
        them, and show the last one opened.

        The party, the check form and the settings are brought up to date once, at the end;
        the files that cannot be read are named in one message. The characters passed over
        on the way are never shown, so their cards are built when first shown, not now.
        """
        open_at = {real_path(d.path): d for d in self.documents() if d.path is not None}
        opened = []
        with self.files.batch(), self._party_batch():
            for path in paths:
                document = open_at.get(real_path(path)) or self.open_path(path, show=False)
                if document is not None:
                    open_at[real_path(path)] = document
                    opened.append(document)
        if opened:
            self._show_document(opened[-1])
            self._show_message(_n("Opened {n} character", "Opened {n} characters", len(opened)))
        return opened

    def reopen_last_party(self) -> list[CharacterDocument]:
        """Open the characters open when the app last closed, when the settings say so; the
        files gone since are named in the one message of the batch, and the rest open.
        """
        return self.open_paths(self.files.last_party())

    def open_path(self, path: Path, *, show: bool = True) -> CharacterDocument | None:
        """Open a character file and show it (with ``show`` false, it only joins the party);
        a file that cannot be read is reported and left alone.
        """
        if not self._batch_depth and (already := document_at(path, self.documents())):
            if show:
                self._show_document(already)
            return already
        loaded = self.files.load(path)
        if loaded is None:
            return None
        document = CharacterDocument(loaded.system, loaded.sheet, path, parent=self)
        self._add_tab(document, CharacterPage.PLAY, show=show)
        if loaded.migrated:
            document.mark_changed()
        return document

    def save_current(self) -> bool:
        """Save the current character (asking where, the first time)."""
        document = self.current_document()
        return document is not None and self.save(document)

    def save_current_as(self) -> bool:
        """Save the current character to a new place."""
        document = self.current_document()
        return document is not None and self.save(document, ask=True)

    def save(self, document: CharacterDocument, *, ask: bool = False) -> bool:
        """Save a character; returns False when the player cancelled or writing failed.

        Its dice colour goes with it to the file it is saved as.
        """
        before = colour_key(document)
        saved = self.files.save(document, ask=ask, open_documents=self.documents())
        if saved:
            self.files.follow_character(before, colour_key(document))
        return saved

    def close_current(self) -> bool:
        """Close the current character, asking before losing changes."""
        index = self.tabs.currentIndex()
        return index >= 0 and self.close_document(index)

    def close_document(self, index: int) -> bool:
        """Close the character of a tab, asking before losing changes."""
        page = self.tabs.widget(index)
        if not self._may_close(page.document):
            return False
        self._forget(page)
        return True

    def _forget(self, page: CharacterPage) -> None:
        """Take a character's tab away, asking nothing."""
        self.roll_panel.forget(page.document)
        self.autosave.forget(page.document)
        self.check_panel.forget(page.document)
        self.game_table.forget(page.document)
        self.table_menu.forget(page.document)
        self.undo_group.removeStack(page.document.undo_stack)
        self.tabs.removeTab(self.tabs.indexOf(page))
        del self._pages[page.document]
        page.document.deleteLater()
        page.deleteLater()
        self.left.show_party(bool(self.tabs.count()))
        self._on_party_changed()

    def closeEvent(self, event: QCloseEvent) -> None:
        """Ask once about all unsaved characters before quitting: save all, discard all, or
        cancel; one that cannot be saved keeps the window open. Not after an error: their
        recovery files keep them for the next start.
        """
        if self._quitting_after_error:
            self.autosave.close(keep=True)
            event.accept()
            return
        unsaved = [document for document in self.documents() if document.modified]
        if len(unsaved) == 1:
            accepted = self._may_close(unsaved[0])
        elif unsaved:
            choice = self.prompts.ask_save_all([document.title for document in unsaved])
            if choice is SaveChoice.SAVE:
                accepted = all(self.save(document) for document in unsaved)
            else:
                accepted = choice is SaveChoice.DISCARD
        else:
            accepted = True
        if not accepted:
            event.ignore()
            return
        self.roll_panel.finish()
        self._remember_layout()
        self.autosave.close()
        event.accept()

    # --- recovery ------------------------------------------------------------------------------

    def save_recovery_now(self) -> None:
        """Write every unsaved character's recovery file now, and wait until it is on disk."""
        self.autosave.write_now()
        self.autosave.flush()

    def quit_after_error(self) -> None:
        """Quit without questions, keeping the recovery files for the next start."""
        self._quitting_after_error = True
        self.close()

    def offer_recovery(self) -> RecoveryDialog | None:
        """Offer the characters left unsaved by a run that did not end normally."""
        runs = leftover_runs(self.paths.recovery_dir, own=self.autosave.folder)
        recovered, problems = leftover_characters([folder for folder, _ in runs], self.registry)
        for problem in problems:
            self._show_message(_("A recovery file cannot be read: {problem}", problem=problem))

        def release() -> None:
            for folder, lock in runs:
                lock.unlock()
                tidy_run(folder)

        if not recovered:
            release()
            return None
        from shadowdice.ui.recovery_dialog import RecoveryDialog

        dialog = RecoveryDialog(recovered, self)
        dialog.restore_requested.connect(self.restore_recovered)
        dialog.discard_requested.connect(lambda entry: remove_recovery_file(entry.recovery_file))
        dialog.finished.connect(lambda _result: release())
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()
        return dialog

    def restore_recovered(self, recovered: RecoveredCharacter) -> CharacterDocument:
        """Open a recovered character as changed; its own file is untouched until saved."""
        loaded = recovered.character
        document = CharacterDocument(loaded.system, loaded.sheet, recovered.file, parent=self)
        self._add_tab(document, CharacterPage.PLAY)
        document.mark_changed()
        self.save_recovery_now()  # kept by this run now, before the old file goes
        remove_recovery_file(recovered.recovery_file)
        self._show_message(_("Restored {name}: save to keep the changes", name=recovered.title))
        return document

    def _may_close(self, document: CharacterDocument) -> bool:
        if not document.modified:
            return True
        self.tabs.setCurrentIndex(self.documents().index(document))
        choice = self.prompts.ask_save_changes(document.title)
        if choice is SaveChoice.SAVE:
            return self.save(document)
        return choice is SaveChoice.DISCARD

    def _add_tab(self, document: CharacterDocument, mode: str, *, show: bool = True) -> None:
        def connect_editor(editor: SheetEditor) -> None:
            editor.sheet_action_requested.connect(
                lambda action: self._on_sheet_action_requested(document, action)
            )

        def connect_card(card: CharacterCard) -> None:
            card.sheet_action_requested.connect(
                lambda action: self._on_sheet_action_requested(document, action)
            )
            card.check_chosen.connect(self._on_card_check_chosen)
            card.roll_requested.connect(self._on_card_roll_requested)

        document.pinned = tuple(self.files.settings.pinned_rolls.get(colour_key(document), ()))
        document.pins_changed.connect(
            lambda d=document: self.files.remember_pins(colour_key(d), d.pinned)
        )
        page = CharacterPage(
            document, mode, connect_card=connect_card, connect_editor=connect_editor
        )
        page.mode_changed.connect(lambda _mode: self._update_play_edit_action())
        self._pages[document] = page
        self.tabs.addTab(page, "")
        document.sheet_changed.connect(lambda d=document: self._on_document_changed(d))
        document.modified_changed.connect(lambda _m, d=document: self._on_document_changed(d))
        document.roll_undone.connect(
            lambda session, undone, d=document: self._on_roll_undone(d, session, undone)
        )
        self.undo_group.addStack(document.undo_stack)
        self.autosave.watch(document)
        self.table_menu.seat(document)
        self._on_document_changed(document)
        if show:
            self._show_document(document)

    @contextmanager
    def _party_batch(self) -> Iterator[None]:
        """Characters join as one batch: the party and the check form follow once, at its
        end, instead of once per character.
        """
        self._batch_depth += 1
        try:
            yield
        finally:
            self._batch_depth -= 1
            if not self._batch_depth:
                self._on_party_changed()
                self._update_title()
                self._share_width()  # the check its two columns, as for one character

    def _show_document(self, document: CharacterDocument) -> None:
        """Show this character's tab (and the tabs, in place of the welcome screen), the
        focus on its roll list (or the editor).
        """
        self.tabs.setCurrentIndex(self.tabs.indexOf(self._pages[document]))
        self.left.show_party(True)
        self._pages[document].shown_widget().setFocus()

    def move_current(self, step: int) -> None:
        """Move the shown character ``step`` places along the party (and Alt+1 ... Alt+9)."""
        index = self.tabs.currentIndex()
        target = index + step
        if index < 0 or not 0 <= target < self.tabs.count():
            return
        self.tabs.tabBar().moveTab(index, target)
        self.tabs.setCurrentIndex(target)
        self._on_party_changed()

    def _update_move_actions(self) -> None:
        """The party order can change while there is a place to move to; the tooltip says
        why not.
        """
        index, count = self.tabs.currentIndex(), self.tabs.count()
        for action, blocked, reason, hint in (
            (
                self.move_left_action,
                index <= 0,
                _("The character shown is already first in the party."),
                _("Move the character shown one place left in the party (Ctrl+Shift+PgUp)"),
            ),
            (
                self.move_right_action,
                index < 0 or index >= count - 1,
                _("The character shown is already last in the party."),
                _("Move the character shown one place right in the party (Ctrl+Shift+PgDown)"),
            ),
        ):
            if index < 0:
                reason = _("Open a character first.")
            action.setEnabled(not blocked)
            action.setToolTip(reason if blocked else hint)
            action.setStatusTip(reason if blocked else "")

    def _on_card_check_chosen(self, values: dict) -> None:
        self.check_panel.fill(values)

    def _on_card_roll_requested(self, values: dict) -> None:
        self.check_panel.fill(values)
        self.check_panel.request_roll()

    def show_party_member(self, index: int) -> None:
        """Show the character at this place in the party (its Alt+digit, a click or Enter
        in the roster, a click on its tab), the focus on its roll list (or the editor).
        """
        if 0 <= index < self.tabs.count():
            self.tabs.setCurrentIndex(index)
            self.current_page().shown_widget().setFocus()

    def _on_sheet_action_requested(self, document: CharacterDocument, action: SheetAction) -> None:
        answer = True
        if action.question:
            answer = self.prompts.ask_yes_no(action.label, action.question)
            if answer is None:
                return
        message = document.apply_sheet_action(action, answer)
        self.statusBar().showMessage(
            _("{name}: {message}", name=document.title, message=message), 8000
        )

    def party(self, document: CharacterDocument | None) -> dict[str, Sheet]:
        """The other open characters of the same system as ``document``, by shown name."""
        party: dict[str, Sheet] = {}
        for other in self.documents():
            if document is not None and other is not document and other.system is document.system:
                name, number = other.title, 2
                while name in party:
                    name, number = f"{other.title} ({number})", number + 1
                party[name] = other.sheet
        return party

    # --- rolling -------------------------------------------------------------------------------

    def _share_width(self) -> None:
        """In Play, give the check column :data:`CHECK_COLUMN_WIDTH` (two columns of its form);
        in Edit, give the sheet :data:`EDIT_SHEET_WIDTH`: taken from the other side as long
        as that keeps :data:`SIDE_WIDTH_KEPT`.
        """
        page = self.current_page()
        if page is None:
            return
        left, right = self.splitter.sizes()[:2]
        if page.mode == CharacterPage.EDIT:
            given = -min(EDIT_SHEET_WIDTH - left, right - SIDE_WIDTH_KEPT)
        else:
            spare = left - max(self.left.minimumSizeHint().width(), SIDE_WIDTH_KEPT)
            given = min(CHECK_COLUMN_WIDTH - right, spare)
        if given and (given < 0) == (page.mode == CharacterPage.EDIT):  # toward the side shown
            self.splitter.setSizes([left - given, right + given])

    def resizeEvent(self, event) -> None:
        """Share the new width between sheet and check, and the right-hand column's new
        height between the check form and the tray.
        """
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self._share_width()
        self.right_splitter.make_room_for_check()

    def _on_roll_requested(self, values: CheckValues) -> None:
        document = self.current_document()
        if document is None:
            return
        system = document.system

        def start(subject: tuple[Sheet, dict[str, Sheet]], source: DiceSource) -> RollSession:
            sheet, party = subject
            return system.start_check(sheet, values, source, party)

        try:
            self.game_table.start_roll(start, (document.sheet, self.party(document)), [document])
        except (CheckError, DiceSourceError) as error:
            self._show_message(str(error))
            return
        if self.roll_panel.session is not None and not self.roll_panel.waiting():
            self._note_written_on_others(self.roll_panel.session)

    def _note_written_on_others(self, session: RollSession) -> None:
        """A check may write on another open character's sheet (a Star Wars dodge is kept on
        the defender's sheet for its segment): that character's window shows the change.
        """
        for other in self.documents():
            if other.system.id == session.system_id:
                other.note_spent(session)  # records nothing where nothing changed

    def open_group_roll(self) -> GroupRollDialog | None:
        """Open the group-roll dialog for the open characters of the current system."""
        document = self.current_document()
        if document is None or not document.system.has_group_checks:
            self._show_message(self.group_roll_action.toolTip())
            return None
        members = [d for d in self.documents() if d.system is document.system]
        from shadowdice.ui.play.group_roll_dialog import GroupRollDialog

        dialog = GroupRollDialog(document.system, members, document, self)
        dialog.roll_requested.connect(self._on_group_roll_requested)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()
        return dialog

    def _on_group_roll_requested(self, members: list, values: CheckValues) -> None:
        system = members[0].system
        dialog = self.sender()
        if any(member not in self.documents() for member in members):
            self._show_message(_("A character of the group was closed: open the group roll again."))
            dialog.reject()
            return

        def start(sheets: list[Sheet], source: DiceSource) -> RollSession:
            return system.start_group_check(sheets, values, source)

        try:
            self.game_table.start_roll(start, [member.sheet for member in members], members)
        except (CheckError, DiceSourceError) as error:
            self._show_message(str(error))
            return
        dialog.accept()
        self.activateWindow()  # the keys go back to the window, to the tray's actions
        if self.roll_panel.waiting():
            self.roll_panel.entry.setFocus()

    def _show_message(self, message: str) -> None:
        self.statusBar().showMessage(message, 8000)

    def _on_roll_finished(self, record: RollRecord) -> None:
        if self.roll_panel.session is not None:
            self._roll_records[self.roll_panel.session] = record
            self._note_written_on_others(self.roll_panel.session)
        self.history_model.add(record)
        self.autosave.write_now()
        self._write_log(self.roll_log.append, record)

    def _log_undone(self, record: RollRecord, character: str, undone: bool) -> None:
        if (roll_id := self.roll_log.id_of(record)) is not None:
            self._write_log(self.roll_log.mark_undone, roll_id, character, undone)

    def _write_log(self, write, *arguments) -> None:
        try:
            write(*arguments)
        except OSError as error:
            self.notices.tell(
                "roll log",
                _(
                    "Cannot write the roll log {path} ({error}). This roll stays in the history "
                    "until Shadowdice closes, but it is not kept for later evenings and cannot be "
                    "exported. Make room on the disk or check the folder: the next roll tries "
                    "again.",
                    path=self.roll_log.path,
                    error=error.strerror or error,
                ),
            )
        else:
            self.notices.solved("roll log")

    def _on_recovery_problem(self, message: str) -> None:
        self.notices.tell(
            "recovery",
            _(
                "{problem}. Unsaved changes to characters are not kept aside: if Shadowdice "
                "stops unexpectedly, they are lost. Save your characters.",
                problem=message,
            ),
        )

    # --- the lasting roll log ------------------------------------------------------------------

    def show_earlier_sessions(self) -> None:
        """Put the rolls of earlier sessions in the history, below this one's, each log read
        from its end as the history reaches it.
        """
        self.history_model.set_earlier_source(
            earlier_rolls(self.paths.log_dir, skip=self.roll_log.path, tell=self.notices.tell)
        )

    def export_rolls(self) -> Path | None:
        """Ask for a session (this one or an earlier one) and a file, and export its rolls."""
        sessions = []  # each as its log, its start and its count of rolls, read from the file
        for path in session_files(self.paths.log_dir):
            try:
                sessions.append((path, LogReader(path).started, count_rolls(path)))
            except RollLogError as error:
                self._show_message(str(error))
        sessions.sort(key=lambda session: session[0] != self.roll_log.path)  # this one first
        if not sessions:
            self._show_message(_("No rolls to export yet: the log is empty."))
            return None
        labels = [self._session_label(*session) for session in sessions]
        index = self.prompts.choose_item(_("Export rolls"), _("Export the rolls of:"), labels)
        if index is None:
            return None
        log, started = sessions[index][:2]
        path = self.prompts.export_path(
            self.paths.characters_dir / f"{started.astimezone():%Y-%m-%d %H%M} rolls.md"
        )
        leave_out = path and self.prompts.leave_out_secret(by_default=path.suffix.lower() == ".md")
        if path is None or leave_out is None:  # secret rolls: left out of Markdown by default
            return None

        this_session = self._this_session() if log == self.roll_log.path else None

        def export(progress: Progress) -> int:  # on a thread of its own
            session = this_session or read_session(log, lambda done, n: progress(done, 2 * n))
            return export_session(
                session, path, lambda done, total: progress(total + done, 2 * total or 1), leave_out
            )

        label = _("Exporting the rolls to {file}…", file=path.name)
        try:
            exported = run_with_progress(self, label, export)
        except (OSError, ValueError, RollLogError) as error:
            self.prompts.error(
                _("Cannot export the rolls"),
                _("Cannot write {file}: {error}", file=path.name, error=error),
            )
            return None
        if exported is None:
            self._show_message(_("Export cancelled: {path} is as it was.", path=path))
            return None
        self._show_message(
            _n("Exported {n} roll to {path}", "Exported {n} rolls to {path}", exported, path=path)
        )
        return path

    def _this_session(self) -> LoggedSession:
        """This session's rolls as the history has them, oldest first: no need to read its log."""
        model, log = self.history_model, self.roll_log
        rolls = [
            LoggedRoll(log.id_of(record) or "", record, set(model.undone(record)))
            for record in reversed(model.records_of_this_run())
        ]
        return LoggedSession(log.path, log.started, rolls)

    def _session_label(self, path: Path, started: datetime, count: int) -> str:
        if path == self.roll_log.path:
            return _n("This session ({n} roll)", "This session ({n} rolls)", count)
        title = session_title(LoggedSession(path, started, []))
        return _n("{title} ({n} roll)", "{title} ({n} rolls)", count, title=title)

    # --- paper ---------------------------------------------------------------------------------

    def open_print_dialog(self, *, pdf: bool = False) -> PrintDialog | None:
        """Ask for the paper and the pencil variant, then print or export the current sheet."""
        document = self.current_document()
        return self.paperwork.open_dialog(document, pdf=pdf) if document is not None else None

    # --- undo and redo -------------------------------------------------------------------------

    def undo(self) -> None:
        """Undo the current character's last change. Undoing what the roll in the tray spent
        finishes that roll first: the history keeps it, marked undone.
        """
        stack = self.undo_group.activeStack()
        if stack is None or not stack.canUndo():
            return
        command = stack.command(stack.index() - 1)
        session = self.roll_panel.session
        if isinstance(command, SheetCommand) and session is not None and command.session is session:
            self.roll_panel.finish()
        self.undo_group.undo()

    def redo(self) -> None:
        """Redo the current character's last undone change."""
        self.undo_group.redo()

    def _on_undo_state_changed(self, *_args) -> None:
        """The menu says what Undo and Redo would do."""
        # A name may hold "&", which a menu would take for the mark of its key.
        undo = self.undo_group.undoText().replace("&", "&&")
        redo = self.undo_group.redoText().replace("&", "&&")
        self.undo_action.setEnabled(self.undo_group.canUndo())
        self.undo_action.setText(_("&Undo {change}", change=undo) if undo else _("&Undo"))
        self.redo_action.setEnabled(self.undo_group.canRedo())
        self.redo_action.setText(_("&Redo {change}", change=redo) if redo else _("&Redo"))

    def _on_roll_undone(
        self, document: CharacterDocument, session: RollSession, undone: bool
    ) -> None:
        """Mark the roll's record: the lasting roll log hears it through ``roll_undone``."""
        if (record := self._roll_records.get(session)) is not None:
            self.roll_undone.emit(record, document.title, undone)

    def _on_record_replaced(self, old: RollRecord, new: RollRecord) -> None:
        """A revealed roll is the same roll: undoing what it spent marks the new record."""
        for session, record in list(self._roll_records.items()):
            if record is old:
                self._roll_records[session] = new
        self.roll_log.follow(old, new)

    # --- keeping the window in step ------------------------------------------------------------

    def _on_current_changed(self, _index: int) -> None:
        document = self.current_document()
        if document is not None:
            # New characters are of the system shown, never silently of another one; following
            # the character is not a choice to remember for the next start.
            index = self.system_selector.findData(document.system.id)
            if index != self.system_selector.currentIndex():
                self.system_selector.blockSignals(True)
                self.system_selector.setCurrentIndex(index)
                self.system_selector.blockSignals(False)
                self._update_template_action()
        self.check_panel.set_document(document, self.party(document))
        self.undo_group.setActiveStack(document.undo_stack if document is not None else None)
        self.roll_panel.show_for(document)
        self.party_roster.set_current(self.tabs.currentIndex())
        self._update_move_actions()
        self._update_group_roll_action(document)
        self._update_play_edit_action()
        self.print_action.setEnabled(document is not None)
        self.export_pdf_action.setEnabled(document is not None)
        self._update_title()
        if document is not None and not self._batch_depth:
            # On the card's roll list (or the editor), never on a value arrow keys would change.
            self.current_page().shown_widget().setFocus()
            self._share_width()  # the check its two columns, whatever came before

    def _update_group_roll_action(self, document: CharacterDocument | None) -> None:
        """Group rolls need a character of a system that has them; the tooltip says why not."""
        if document is None:
            reason = _("Open a character first: group rolls are made for its system.")
        elif not document.system.has_group_checks:
            reason = _("{system} has no group rolls.", system=document.system.name)
        else:
            reason = ""
        self.group_roll_action.setEnabled(not reason)
        self.group_roll_action.setToolTip(
            reason or _("Roll one check for several characters of this system (Ctrl+G)")
        )
        self.group_roll_action.setStatusTip(reason)

    def _on_language_changed(self, _language: str) -> None:
        """Texts that depend on the state: the title, greyed commands' reasons, undo's names."""
        self._update_title()
        self._update_group_roll_action(self.current_document())
        self._update_move_actions()
        self._update_play_edit_action()
        self._update_template_action()
        self._on_undo_state_changed()
        self._refresh_party_bar()
        for index, system in enumerate(self.registry.infos()):
            self.system_selector.setItemText(index, shown(system.name))
            summary = shown(system.summary)
            self.system_selector.setItemData(index, summary, Qt.ItemDataRole.ToolTipRole)

    def _on_party_changed(self) -> None:
        self._refresh_party_bar()
        party = self.party(self.current_document())
        if party.keys() != self.check_panel.party.keys():
            self.check_panel.set_party(party)

    def _on_document_changed(self, document: CharacterDocument) -> None:
        index = self.tabs.indexOf(self._pages[document])
        self.tabs.setTabText(index, document.title + ("*" if document.modified else ""))
        self.tabs.setTabToolTip(index, str(document.path or _("Not saved yet")))
        if not self._batch_depth:
            self.party_roster.refresh(document)
            self._update_title()
            self._on_party_changed()

    def _refresh_party_bar(self) -> None:
        self.party_roster.set_party(self.documents(), self.tabs.currentIndex())
        self._update_move_actions()

    def _update_title(self) -> None:
        document = self.current_document()
        if document is None:
            self.setWindowTitle("Shadowdice[*]")
            self.setWindowModified(False)
            return
        self.setWindowTitle(_("{name}[*] — Shadowdice", name=document.title))
        self.setWindowModified(document.modified)

    def _on_system_chosen(self, _index: int) -> None:
        system_id = self.system_selector.currentData()
        self.files.remember_system(system_id)
        self._update_template_action()

    def _update_template_action(self) -> None:
        system = self.registry.info(self.system_selector.currentData())
        self.template_action.setEnabled(system.has_templates)

    def _rebuild_recent_menu(self) -> None:
        self.recent_menu.clear()
        for name in self.files.settings.recent_files:
            action = self.recent_menu.addAction(name)
            action.triggered.connect(lambda _=False, p=Path(name): self.open_path(p))
        self.recent_menu.setEnabled(bool(self.files.settings.recent_files))


def _always(_action) -> bool:
    return True


#: The width the check column gets at first and keeps on resizing, when the sheet's side can
#: spare it: room for two columns of the check form.
CHECK_COLUMN_WIDTH = 560
#: The width the sheet editor gets in Edit, when the check column can spare it.
EDIT_SHEET_WIDTH = 600
#: The width either side keeps when the other takes room from it.
SIDE_WIDTH_KEPT = 440


def colour_key(document: CharacterDocument) -> str:
    """What a character's dice colour is kept by in the settings: its file, once saved (so
    that renaming keeps the colour and two characters of one name have their own), else its
    name.
    """
    return str(real_path(document.path)) if document.path is not None else document.title
