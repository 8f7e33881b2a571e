"""Start Shadowdice as a player does and quit as soon as its main window is on screen.

``tests/benchmarks/test_startup.py`` runs this file in a fresh interpreter for every round of
the cold-start benchmark. It creates the QApplication itself, installs an application-wide
event filter, and calls :func:`shadowdice.app.main` with no arguments, exactly as the
``shadowdice`` command does. On the first Expose event of the :class:`MainWindow` (the moment
the platform puts the window on screen) the filter prints one line,

    SHADOWDICE-SHOWN {"script_to_shown_s": 0.31, ...}

and quits the event loop, so ``main`` returns and the process exits 0. A window that is not
shown within :data:`GIVE_UP_AFTER_MS` ends the process with :data:`NEVER_SHOWN`.

Only ``json``, ``os``, ``sys`` and ``time`` are imported before the clock starts, so the times
printed cover every import of Qt and of Shadowdice; ``spawn_to_shown_s`` also covers the start
of the interpreter itself.
"""

import json
import os
import sys
import time

#: When this script started running, after the interpreter itself was up.
SCRIPT_STARTED = time.perf_counter()

#: The start of the line this script prints once the main window is on screen.
MARKER = "SHADOWDICE-SHOWN"

#: Environment variable the benchmark sets to :func:`time.time_ns` just before it spawns us.
SPAWNED_AT = "SHADOWDICE_BENCH_SPAWNED_AT_NS"

#: How long to wait for the window before giving up.
GIVE_UP_AFTER_MS = 30_000

#: Exit code when the window never came up.
NEVER_SHOWN = 3


def run() -> int:
    """Start the app, quit once its main window is exposed; return the exit code of ``main``."""
    from PySide6.QtCore import QEvent, QObject, QTimer
    from PySide6.QtWidgets import QApplication

    app = QApplication([sys.argv[0]])
    qt_ready = time.perf_counter()

    class FirstExposure(QObject):
        """Watches every event of the app for the main window coming on screen."""

        def __init__(self) -> None:
            super().__init__()
            self.main_window = None
            self.timings: dict[str, float] = {}

        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            kind = event.type()
            if kind == QEvent.Type.Show and self.main_window is None:
                main_window = sys.modules.get("shadowdice.ui.main_window")
                if main_window is not None and isinstance(watched, main_window.MainWindow):
                    self.main_window = watched
            elif (
                kind == QEvent.Type.Expose
                and self.main_window is not None
                and watched == self.main_window.windowHandle()
            ):
                self.report()
            return False

        def report(self) -> None:
            now = time.perf_counter()
            spawned_at = os.environ.get(SPAWNED_AT)
            self.timings = {
                "script_to_qt_ready_s": qt_ready - SCRIPT_STARTED,
                "qt_ready_to_shown_s": now - qt_ready,
                "script_to_shown_s": now - SCRIPT_STARTED,
            }
            if spawned_at:
                self.timings["spawn_to_shown_s"] = (time.time_ns() - int(spawned_at)) / 1e9
            app.removeEventFilter(self)
            print(MARKER, json.dumps(self.timings), flush=True)
            # Expose may come inside window.show(), before the loop runs: quit once it does.
            QTimer.singleShot(0, app.quit)

    watcher = FirstExposure()
    app.installEventFilter(watcher)
    QTimer.singleShot(GIVE_UP_AFTER_MS, lambda: app.exit(NEVER_SHOWN))

    from shadowdice.app import main

    code = main([])
    if not watcher.timings:
        return NEVER_SHOWN
    return code


if __name__ == "__main__":
    sys.exit(run())
