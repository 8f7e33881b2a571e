"""Recovery in the window: unsaved characters written aside while the app runs, and offered
back after a crash.

:class:`Autosave` writes each open character with unsaved changes to this run's recovery
folder (see :mod:`shadowdice.storage.recovery`) at most :data:`AUTOSAVE_DELAY_MS` after a
change, and at once when asked (after every finished roll, and when an error is reported).
Only the snapshot is taken on the UI thread; the writing happens on a thread of its own. A
character saved, discarded or closed loses its recovery file; a run that ends normally
removes its folder.

Each run's folder holds a lock file while the run lives, so a second Shadowdice running at the
same time never offers the first one's characters. At the next start,
:func:`leftover_runs` finds the folders of runs that are gone, and
:class:`~shadowdice.ui.recovery_dialog.RecoveryDialog` offers each character in them: restore
(it opens as changed; its own file is not touched until the player saves) or discard.
"""

from __future__ import annotations

import contextlib
import logging
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import wait as wait_for
from datetime import datetime
from pathlib import Path
from uuid import uuid4

from PySide6.QtCore import QLockFile, QObject, QTimer, Signal

from shadowdice.core.language import translations
from shadowdice.storage.atomic import remove_stale_temps
from shadowdice.storage.recovery import RECOVERY_SUFFIX, recovery_bytes, write_recovery
from shadowdice.ui.character_document import CharacterDocument

_, _n = translations(__name__)

#: The longest a change waits before it is written to the recovery folder.
AUTOSAVE_DELAY_MS = 10_000

#: The lock file that marks a run's recovery folder as alive.
LOCK_NAME = "run.lock"

_log = logging.getLogger(__name__)


class Autosave(QObject):
    """Writes the open characters' unsaved changes to this run's recovery folder.

    Signals:
        problem_occurred(str): a recovery file could not be written.

    Attributes:
        folder: this run's recovery folder (created with the first recovery file).
    """

    problem_occurred = Signal(str)

    def __init__(self, root: Path, *, delay_ms: int = AUTOSAVE_DELAY_MS, parent=None) -> None:
        super().__init__(parent)
        self.folder = Path(root) / f"run-{datetime.now():%Y%m%d-%H%M%S}-{uuid4().hex[:8]}"
        self._lock: QLockFile | None = None
        self._keys: dict[CharacterDocument, str] = {}
        self._written: set[CharacterDocument] = set()
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(delay_ms)
        self._timer.timeout.connect(self.write_now)
        self._writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="recovery")
        self._pending: list[Future] = []
        self._closed = False

    def watch(self, document: CharacterDocument) -> None:
        """Keep ``document``'s unsaved changes in a recovery file from now on."""
        self._keys[document] = uuid4().hex
        document.sheet_changed.connect(self.schedule)
        document.modified_changed.connect(
            lambda modified, d=document: self._on_modified_changed(d, modified)
        )
        if document.modified:
            self.schedule()

    def forget(self, document: CharacterDocument) -> None:
        """``document`` is closed: its recovery file goes."""
        if document in self._keys:
            self._remove(document)
            del self._keys[document]

    def schedule(self) -> None:
        """Write within the delay (a change later in the delay does not postpone it)."""
        if not self._timer.isActive():
            self._timer.start()

    def write_now(self) -> None:
        """Snapshot every character with unsaved changes and have them written."""
        self._timer.stop()
        if self._closed:
            return
        for document, key in self._keys.items():
            if not document.modified:
                continue
            if not self._ensure_folder():
                return
            data = recovery_bytes(
                document.system, document.sheet, title=document.title, file=document.path
            )
            self._submit(write_recovery, self._file(key), data)
            self._written.add(document)

    def flush(self, timeout: float = 10.0) -> None:
        """Wait until everything asked for is on disk."""
        pending, self._pending = self._pending, []
        wait_for(pending, timeout)

    def close(self, *, keep: bool = False) -> None:
        """End this run: with ``keep`` (after a crash) the recovery files stay for the next
        start; otherwise they and the folder go. Either way the folder is no longer locked.
        Closing again does nothing.
        """
        self._timer.stop()
        if self._closed:
            return
        if keep:
            self.write_now()
        else:
            for document in list(self._keys):
                self._remove(document)
        self.flush()
        self._closed = True
        self._writer.shutdown(wait=True)
        if self._lock is not None:
            self._lock.unlock()
            self._lock = None
        if not keep:
            with contextlib.suppress(OSError):
                self.folder.rmdir()

    def _on_modified_changed(self, document: CharacterDocument, modified: bool) -> None:
        if modified:
            self.schedule()
        elif document in self._keys:
            self._remove(document)  # saved, or undone back to the save

    def _remove(self, document: CharacterDocument) -> None:
        if document in self._written:
            self._written.discard(document)
            self._submit(remove_recovery_file, self._file(self._keys[document]))

    def _file(self, key: str) -> Path:
        return self.folder / f"{key}{RECOVERY_SUFFIX}"

    def _ensure_folder(self) -> bool:
        if self._lock is not None:
            return True
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            self.problem_occurred.emit(
                _(
                    "Cannot keep recovery files in {folder}: {error}",
                    folder=self.folder,
                    error=error,
                )
            )
            return False
        self._lock = QLockFile(str(self.folder / LOCK_NAME))
        self._lock.tryLock(0)
        return True

    def _submit(self, job, *arguments) -> None:
        if self._closed:
            return
        self._pending = [future for future in self._pending if not future.done()]
        future = self._writer.submit(job, *arguments)
        future.add_done_callback(self._on_written)
        self._pending.append(future)

    def _on_written(self, future: Future) -> None:
        """On the writer's thread: a failure is logged and announced (queued to the UI)."""
        if (error := future.exception()) is not None:
            _log.warning("Cannot write a recovery file: %s", error)
            self.problem_occurred.emit(_("Cannot write a recovery file: {error}", error=error))


def remove_recovery_file(path: Path) -> None:
    """Remove one recovery file; the folder stays (it holds the run's lock)."""
    with contextlib.suppress(OSError):
        path.unlink(missing_ok=True)


def leftover_runs(root: Path, *, own: Path | None = None) -> list[tuple[Path, QLockFile]]:
    """The recovery folders of runs that are gone and left recovery files, each locked for
    this run until it has been dealt with (``unlock()`` the lock, then :func:`tidy_run`).
    A gone run's folder that holds none goes at once, with what a write cut short left.
    """
    runs = []
    try:
        folders = sorted(path for path in Path(root).iterdir() if path.is_dir())
    except OSError:
        return []
    for folder in folders:
        if own is not None and folder == own:
            continue
        lock = QLockFile(str(folder / LOCK_NAME))
        if not lock.tryLock(0):
            continue  # a run that lives
        remove_stale_temps(folder)
        if any(folder.glob(f"*{RECOVERY_SUFFIX}")):
            runs.append((folder, lock))
        else:
            lock.unlock()
            tidy_run(folder)
    return runs


def tidy_run(folder: Path) -> None:
    """Remove what a gone run left half-written (a recovery file its end cut short), and its
    folder once no recovery file is left in it.
    """
    remove_stale_temps(folder)
    if any(folder.glob(f"*{RECOVERY_SUFFIX}")):
        return
    with contextlib.suppress(OSError):
        (folder / LOCK_NAME).unlink(missing_ok=True)
        folder.rmdir()
