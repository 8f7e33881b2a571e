"""Long work off the UI thread: a job runs on a thread of its own while the window stays
responsive and a progress dialog (Qt's ``QProgressDialog``, shown only when the job takes
longer than a moment) says how far it is and offers Cancel.

The job is handed a :class:`Progress` to tell how far it is; once the player cancels,
``Progress.__call__`` raises :class:`Cancelled` in the job at its next report, so the job
stops where it can leave everything as it was (an export writes its file only at its end).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TypeVar

from PySide6.QtCore import QEventLoop, Qt, QTimer
from PySide6.QtWidgets import QProgressDialog, QWidget

from shadowdice.core.language import translations

_, _n = translations(__name__)

T = TypeVar("T")

#: A job that takes less than this shows no dialog.
SHOW_AFTER_MS = 400

#: How often the dialog looks at how far the job is.
POLL_MS = 40


class Cancelled(Exception):
    """The player cancelled the work."""


class Progress:
    """How far a job is, told by the job on its thread and read by the UI's."""

    def __init__(self) -> None:
        self.done = 0
        self.total = 0
        self._cancelled = threading.Event()

    def __call__(self, done: int, total: int) -> None:
        """The job has done ``done`` of ``total``; raises :class:`Cancelled` once cancelled."""
        self.done, self.total = done, total
        if self._cancelled.is_set():
            raise Cancelled

    def cancel(self) -> None:
        """Ask the job to stop at its next report."""
        self._cancelled.set()


def run_with_progress(parent: QWidget | None, label: str, job: Callable[[Progress], T]) -> T | None:
    """Run ``job`` on a thread of its own, showing its progress; return its result, or None
    when the player cancelled it. What the job raises (but :class:`Cancelled`) is raised here.
    """
    progress = Progress()
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="shadowdice-job") as pool:
        future: Future[T] = pool.submit(job, progress)
        dialog = QProgressDialog(label, _("Cancel"), 0, 0, parent)
        dialog.setObjectName("progress")
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.setMinimumDuration(SHOW_AFTER_MS)
        dialog.setAutoReset(False)
        dialog.setAutoClose(False)
        dialog.canceled.connect(progress.cancel)
        loop = QEventLoop()
        timer = QTimer()
        timer.setInterval(POLL_MS)

        def look() -> None:
            if future.done():
                loop.quit()
                return
            if progress.total:
                dialog.setMaximum(progress.total)
                dialog.setValue(min(progress.done, progress.total - 1))

        timer.timeout.connect(look)
        timer.start()
        if not future.done():
            dialog.setValue(0)  # starts the dialog's own clock: it shows after a moment
            loop.exec()
        timer.stop()
        dialog.close()
        dialog.deleteLater()
    try:
        return future.result()
    except Cancelled:
        return None
