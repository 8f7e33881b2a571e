"""Opening and saving character files for the main window: which file, what to tell the
player when it fails, and the settings that remember recent files and folders.

A file that cannot be read is reported and left alone; a save that would go over a file
open as another character is refused. Files opened together (a party) are one batch
(:meth:`CharacterFiles.batch`): the settings are written once, the files that cannot be
read are named in one message, Python's cycle collector rests while they are read
(``core/collector.py``), so a folder of thousands opens in time growing with their number,
and the memory reading them used is given back to the system (``core/memory.py``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QWidget

from shadowdice.core.collector import collector_resting
from shadowdice.core.language import translations
from shadowdice.core.memory import give_back_free_memory
from shadowdice.core.registry import Registry
from shadowdice.storage.character_file import (
    CharacterFileError,
    LoadedCharacter,
    ReadOnlyCharacterFileError,
    load_character,
    save_character,
)
from shadowdice.storage.paths import AppPaths, real_path
from shadowdice.storage.settings import (
    MAX_RECENT,
    Settings,
    SettingsStore,
    add_recent,
    remove_recent,
    without_missing,
)
from shadowdice.ui.background import WaitingStopped, run_off_thread
from shadowdice.ui.character_document import CharacterDocument
from shadowdice.ui.first_paint import after_first_paint
from shadowdice.ui.prompts import CHARACTER_SUFFIX, Prompts

_, _n = translations(__name__)


class CharacterFiles(QObject):
    """Character files and the settings that remember them.

    Signals:
        recent_changed: the list of recent files changed.
        message_posted(str): something for the status bar.

    Attributes:
        settings: the settings as they stand (saved on every change, unless held).
    """

    recent_changed = Signal()
    message_posted = Signal(str)

    def __init__(
        self,
        *,
        registry: Registry,
        paths: AppPaths,
        store: SettingsStore,
        prompts: Prompts,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.registry = registry
        self.paths = paths
        self.prompts = prompts
        self._store = store
        self.settings: Settings = without_missing(store.load())
        self._batches = 0
        self._unsaved = self._recent_changed = self._held = False
        self._failures: list[str] = []
        self._opened: list[Path] = []

    def ask_open_paths(self) -> list[Path]:
        """Ask which files to open, starting in the last folder used."""
        folder = Path(self.settings.last_folder or self.paths.characters_dir)
        return self.prompts.open_paths(folder if folder.exists() else Path.home())

    @contextmanager
    def batch(self) -> Iterator[None]:
        """Open files as one batch: the settings are written once at its end, the files that
        cannot be read are reported together, and the cycle collector rests meanwhile.
        """
        self._batches += 1
        try:
            with collector_resting():
                yield
        finally:
            if self._batches == 1 and self._opened:
                # The batch's last files are the recent ones; the rest would drop out anyway.
                opened, self._opened = self._opened[-MAX_RECENT:], []
                settings = self.settings
                for path in opened:
                    settings = add_recent(settings, path)
                self._update(settings.model_copy(update={"last_folder": str(opened[-1].parent)}))
            self._batches -= 1
            if not self._batches:
                # What reading the files used and freed, once the window has shown them (at
                # a start: painted them).
                if (window := self._window()) is not None:
                    after_first_paint(window, give_back_free_memory)
                else:
                    QTimer.singleShot(0, give_back_free_memory)
                failures, self._failures = self._failures, []
                if failures:
                    self.prompts.error(_("Cannot open character"), "\n\n".join(failures))
                if self._unsaved and not self._held:
                    self._save()

    def hold_saving(self) -> None:
        """Keep changed settings in memory, unwritten, until :meth:`release_saving`.

        The start holds them until the window is on screen: writing them syncs the disk.
        """
        self._held = True

    def release_saving(self) -> None:
        """Write the settings changed while held, and save every change again."""
        self._held = False
        if self._unsaved and not self._batches:
            self._save()

    def load(self, path: Path) -> LoadedCharacter | None:
        """Read a character file; report a failure and drop it from the recent files."""
        try:
            loaded = run_off_thread(
                lambda: load_character(path, self.registry),
                label=_("Opening {name}…", name=path.name),
                parent=self._window(),
            )
        except WaitingStopped:
            self.message_posted.emit(_("Not opened: {name} was still being read", name=path.name))
            return None
        except CharacterFileError as error:
            if self._batches:
                self._failures.append(str(error))
            else:
                self.prompts.error(_("Cannot open character"), str(error))
            self._update(remove_recent(self.settings, path))
            return None
        self._remember(path)
        if loaded.migrated:
            self.message_posted.emit(
                _(
                    "Opened {path}, written by an older version: save to keep it up to date",
                    path=path,
                )
            )
        elif not self._batches:  # a batch says how many it opened
            self.message_posted.emit(_("Opened {path}", path=path))
        return loaded

    def _window(self) -> QWidget | None:
        """The window a progress bar belongs to."""
        owner = self.parent()
        return owner if isinstance(owner, QWidget) else None

    def save(
        self,
        document: CharacterDocument,
        *,
        ask: bool,
        open_documents: Sequence[CharacterDocument],
    ) -> bool:
        """Save a character (asking where when ``ask`` or never saved); False if not saved."""
        path = document.path
        if path is None or ask:
            path = self.prompts.save_path(
                self._save_folder(document) / f"{file_stem(document.title)}{CHARACTER_SUFFIX}"
            )
            if path is None:
                return False
            if (owner := document_at(path, open_documents)) not in (None, document):
                self.prompts.error(
                    _("Cannot save character"),
                    _(
                        "{name} is open as {title}. Close it first, or pick another name.",
                        name=path.name,
                        title=owner.title,
                    ),
                )
                return False
        if not self._write(path, document):
            return False
        document.mark_saved(path)
        self._remember(path)
        self.message_posted.emit(_("Saved {path}", path=path))
        return True

    def _write(self, path: Path, document: CharacterDocument) -> bool:
        """Write the file; a read-only file is replaced only when the player says so."""
        try:
            try:
                save_character(path, document.system, document.sheet)
            except ReadOnlyCharacterFileError:
                question = _(
                    "{name} is read-only: someone may have protected it on purpose.\nReplace it "
                    "anyway? It stays read-only, and its previous version is kept beside it as "
                    "a .bak file.",
                    name=path.name,
                )
                if not self.prompts.ask_yes_no(_("Read-only file"), question):
                    self.message_posted.emit(_("Not saved: {name} is read-only", name=path.name))
                    return False
                save_character(path, document.system, document.sheet, replace_read_only=True)
        except CharacterFileError as error:
            self.prompts.error(_("Cannot save character"), str(error))
            return False
        return True

    def change_settings(self, **changes: object) -> None:
        """Change some settings (those of the settings dialog), checked, and save them."""
        self._update(type(self.settings).model_validate({**self.settings.model_dump(), **changes}))

    def last_party(self) -> list[Path]:
        """The files of the characters open when the app last closed, when the settings say
        to reopen them (some may be gone since).
        """
        return (
            [Path(name) for name in self.settings.last_party] if self.settings.reopen_party else []
        )

    def remember_pins(self, key: str, pinned: Sequence[str]) -> None:
        """A character's pinned rolls (by its key, as dice colours are kept), for the next
        time it is open.
        """
        pins = {k: v for k, v in self.settings.pinned_rolls.items() if k != key}
        self.change_settings(pinned_rolls={**pins, **({key: list(pinned)} if pinned else {})})

    def follow_character(self, before: str, after: str) -> None:
        """A character saved under a new key (its first file, or another): its dice colour
        and pinned rolls go with it, unless the new key has its own.
        """
        changes = {}
        for name in ("dice_colours", "pinned_rolls"):
            kept = getattr(self.settings, name)
            if after != before and before in kept and after not in kept:
                changes[name] = {**kept, after: kept[before]}
        if changes:
            self.change_settings(**changes)

    def remember_system(self, system_id: str) -> None:
        """The system chosen for new characters, for the next start."""
        self._update(self.settings.model_copy(update={"last_system": system_id}))

    def _remember(self, path: Path) -> None:
        if self._batches:  # the batch's last files, at its end: the rest would drop out
            self._opened.append(path)
            return
        recent = add_recent(self.settings, path)
        self._update(recent.model_copy(update={"last_folder": str(path.parent)}))

    def update_settings(self, **changes: object) -> None:
        """Change some settings and save them."""
        self._update(self.settings.model_copy(update=changes))

    def _update(self, settings: Settings) -> None:
        self._recent_changed |= settings.recent_files != self.settings.recent_files
        self.settings = settings
        self._unsaved = True
        if not self._batches and not self._held:
            self._save()

    def _save(self) -> None:
        """Write the settings; a failure is said and the app goes on."""
        self._unsaved = False
        try:
            self._store.save(self.settings)
        except OSError as error:  # settings are a convenience: say so, and go on
            self.message_posted.emit(_("Cannot save the settings: {error}", error=error))
        if self._recent_changed:
            self._recent_changed = False
            self.recent_changed.emit()

    def _save_folder(self, document: CharacterDocument) -> Path:
        """Where the save dialog starts: beside the file, else the characters folder."""
        if document.path is not None:
            return document.path.parent
        try:
            self.paths.characters_dir.mkdir(parents=True, exist_ok=True)
        except OSError:
            return Path.home()
        return self.paths.characters_dir


def document_at(path: Path, documents: Sequence[CharacterDocument]) -> CharacterDocument | None:
    """The open character saved at this path, if any."""
    for document in documents:
        if document.path is not None and real_path(document.path) == real_path(path):
            return document
    return None


def file_stem(title: str) -> str:
    """A file name for a character's title: letters, digits, spaces, - and _.

    >>> file_stem("Kira Voss: the 2nd"), file_stem("???")
    ('Kira Voss the 2nd', 'character')
    """
    cleaned = "".join(c for c in title if c.isalnum() or c in " -_").strip()
    return cleaned or "character"
