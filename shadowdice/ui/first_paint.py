"""Work that waits until a window is on screen: :func:`after_first_paint`.

A start shows the main window with the characters first and does what nobody sees (writing
the settings to disk, with its fsyncs) once the window is painted, so nothing on disk makes
the player wait for the window. Parts of the window that the first paint does not show (the
table window, the dialog after an error) are imported then too
(:func:`import_after_first_paint`): not on the way to the window, and quick when first used.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QTimer
from PySide6.QtWidgets import QWidget

#: The work runs at the latest this long after it was put off, for a window never exposed
#: (started minimized, or on a platform that does not say).
AT_THE_LATEST_MS = 2000


def after_first_paint(window: QWidget, work: Callable[[], None]) -> None:
    """Run ``work`` once ``window`` is painted on screen for the first time.

    The platform's first Expose of the window (once shown) makes Qt paint it; ``work`` runs
    at the next turn of the event loop, or after :data:`AT_THE_LATEST_MS`, or when the app
    quits before either, whichever comes first, and only once.
    """
    FirstPaint(window, work)


def before_first_paint(window: QWidget, work: Callable[[], None]) -> None:
    """Run ``work`` as ``window`` is about to be painted for the first time: in the platform's
    first Expose of it, before Qt paints (or after :data:`AT_THE_LATEST_MS`, or as the app
    quits), once. What it builds or shows is on the first paint; what a start does before
    that (opening characters) may have made it needless.
    """
    FirstPaint(window, work, at_once=True)


def import_after_first_paint(window: QWidget, modules: Iterable[str]) -> None:
    """Import the modules named (``"shadowdice.ui.table_window"``) once ``window`` is painted
    for the first time (see :func:`after_first_paint`).
    """
    names = tuple(modules)
    FirstPaint(window, lambda: [importlib.import_module(name) for name in names])


class FirstPaint(QObject):
    """Runs its work once, after the first exposure of a window (see :func:`after_first_paint`),
    or in it (``at_once``, see :func:`before_first_paint`).
    """

    def __init__(self, window: QWidget, work: Callable[[], None], *, at_once: bool = False) -> None:
        super().__init__(window)
        self._work: Callable[[], None] | None = work
        self._at_once = at_once  # in the Expose, before the paint; else at the next turn
        self._window = window
        self._handle = None
        QCoreApplication.instance().aboutToQuit.connect(self._run)
        QTimer.singleShot(AT_THE_LATEST_MS, self, self._run)
        if window.isVisible():
            self._watch_platform_window()
        else:
            window.installEventFilter(self)  # until it is shown

    def _watch_platform_window(self) -> None:
        self._handle = self._window.windowHandle()
        if self._handle.isExposed():
            self._run_soon()
        else:
            self._handle.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Once the window is shown, wait for its platform window's first exposure; then run
        the work at the next turn of the loop.
        """
        kind = event.type()
        if kind == QEvent.Type.Show and watched == self._window:
            self._window.removeEventFilter(self)
            self._watch_platform_window()
        elif kind == QEvent.Type.Expose and watched == self._handle and watched.isExposed():
            self._handle.removeEventFilter(self)
            self._run_soon()
        return False

    def _run_soon(self) -> None:
        if self._at_once:
            self._run()
        else:
            QTimer.singleShot(0, self, self._run)

    def _run(self) -> None:
        work, self._work = self._work, None
        if work is None:
            return
        QCoreApplication.instance().aboutToQuit.disconnect(self._run)
        self._window.removeEventFilter(self)
        if self._handle is not None:
            self._handle.removeEventFilter(self)
        self.deleteLater()  # done: nothing of it stays with the window
        work()
