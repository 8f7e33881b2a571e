"""Long work off the UI thread: a job runs on a thread of its own while the window stays
responsive and a progress dialog (Qt's ``QProgressDialog``, shown only when the job takes
longer than a moment) says how far it is and offers Cancel.

The job is handed a :class:`Progress` to tell how far it is; once the player cancels,
``Progress.__call__`` raises :class:`Cancelled` in the job at its next report, so the job
stops where it can leave everything as it was (an export writes its file only at its end).

Reading a file cannot tell how far it is, nor stop midway, and a network drive may stop
answering: :func:`run_off_thread` waits for such a job in an event loop of its own, holds
back what the player types and clicks meanwhile, and its dialog's button stops the waiting
(the job runs on and its result is dropped), so the window is never stuck.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from functools import partial
from typing import TypeVar

from PySide6.QtCore import QEvent, QEventLoop, QObject, Qt, QThread, QTimer, Signal, Slot
from PySide6.QtWidgets import QApplication, QWidget

from shadowdice.core.language import translations

_, _n = translations(__name__)

T = TypeVar("T")

#: The progress dialog's title: the app's name, as the window's own with no character open.
TITLE = "Shadowdice"

#: A job that takes less than this shows no dialog.
SHOW_AFTER_MS = 400

#: How often the dialog looks at how far the job is.
POLL_MS = 40

#: How long a read is waited for in place before an event loop of its own takes over: most
#: character files are read in far less.
WAIT_IN_PLACE_S = 0.05


class Cancelled(Exception):
    """The player cancelled the work."""


class WaitingStopped(Exception):
    """The player stopped waiting for a read (it runs on, and its result is dropped)."""


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
    from PySide6.QtWidgets import QProgressDialog  # as the dialogs: when first shown

    progress = Progress()
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="shadowdice-job") as pool:
        future: Future[T] = pool.submit(job, progress)
        dialog = QProgressDialog(label, _("Cancel"), 0, 0, parent)
        dialog.setWindowTitle(TITLE)
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


class _Finished(QObject):
    """Tells the UI thread that a job on its own thread is done.

    Signals:
        finished: the job ended (delivered queued, on the UI thread).
    """

    finished = Signal()


def run_off_thread(job: Callable[[], T], *, label: str, parent: QWidget | None) -> T:
    """Run ``job`` on a thread of its own and return what it returns (or raise what it
    raises), the window kept alive meanwhile, with a progress bar saying ``label`` when it
    takes long.

    Raises:
        WaitingStopped: the player pressed the progress bar's button.
    """
    future: Future[T] = Future()
    threading.Thread(target=_run, args=(job, future), name="reading", daemon=True).start()
    try:
        return future.result(timeout=WAIT_IN_PLACE_S)
    except FutureTimeout:
        pass
    from PySide6.QtWidgets import QProgressDialog

    finished = _Finished()
    held = _InputHeld()
    QApplication.instance().installEventFilter(held)
    loop = QEventLoop()
    finished.finished.connect(loop.quit, Qt.ConnectionType.QueuedConnection)
    future.add_done_callback(lambda _done: finished.finished.emit())
    progress = QProgressDialog(label, _("Stop waiting"), 0, 0, parent)
    progress.setWindowTitle(TITLE)
    progress.setWindowModality(Qt.WindowModality.WindowModal)
    progress.setAutoClose(False)
    progress.setAutoReset(False)
    progress.hide()
    progress.canceled.connect(loop.quit)
    shown = QTimer(singleShot=True, interval=SHOW_AFTER_MS)
    shown.timeout.connect(progress.show)
    if not future.done():
        shown.start()
        loop.exec()
    shown.stop()
    QApplication.instance().removeEventFilter(held)
    stopped = progress.wasCanceled() and not future.done()
    progress.hide()
    progress.deleteLater()
    if stopped:
        raise WaitingStopped
    return future.result()


class _InputHeld(QObject):
    """Holds back what the player types and clicks while a job is waited for, but in the
    progress bar: nothing is asked of the window midway (before the bar comes up, too).
    """

    _INPUT = frozenset(
        {
            QEvent.Type.KeyPress,
            QEvent.Type.KeyRelease,
            QEvent.Type.ShortcutOverride,
            QEvent.Type.MouseButtonPress,
            QEvent.Type.MouseButtonRelease,
            QEvent.Type.MouseButtonDblClick,
            QEvent.Type.Wheel,
            QEvent.Type.Drop,
        }
    )

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Swallow input meant for the waiting window; let everything else pass."""
        if event.type() not in self._INPUT or not isinstance(watched, QWidget):
            return False
        target = watched.window()
        return isinstance(target, QWidget) and not target.inherits("QProgressDialog")


class _Posted(QObject):
    """Carries calls from any thread to the UI thread, where it lives.

    Signals:
        posted(object): a call to make (delivered queued when emitted on another thread).
    """

    posted = Signal(object)

    def __init__(self) -> None:
        super().__init__()
        self.posted.connect(self._on_posted)

    @Slot(object)
    def _on_posted(self, call: Callable[[], object]) -> None:
        call()


def on_ui_thread(function: Callable[..., object]) -> Callable[..., None]:
    """``function`` as a callable that any thread may call: on the UI thread it is called at
    once, from another its call waits for the UI thread's event loop (a job on a thread of its
    own telling the window something). Make it on the UI thread.
    """
    poster = _Posted()

    def call(*args: object) -> None:
        if QThread.currentThread() is poster.thread():
            function(*args)
        else:
            poster.posted.emit(partial(function, *args))

    call.poster = poster  # type: ignore[attr-defined] - lives as long as the callable
    return call


def _run(job: Callable[[], T], future: Future[T]) -> None:
    try:
        result = job()
    except BaseException as error:  # handed to the waiting UI thread, raised there
        future.set_exception(error)
    else:
        future.set_result(result)
