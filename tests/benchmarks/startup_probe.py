"""Start Shadowdice as a player does, or a bare Qt window, and quit once it is on screen.

``tests/benchmarks/test_startup.py`` runs this file in a fresh interpreter for every round of
the cold-start benchmark::

    python startup_probe.py shadowdice kira.shadowdice   # the app, opening one character
    python startup_probe.py bare                          # the floor: a bare QMainWindow
    python startup_probe.py validated kira.shadowdice     # the floor with the stack's least

For Shadowdice it creates the QApplication itself, installs an application-wide event filter
and calls :func:`shadowdice.app.main` with the files, exactly as the ``shadowdice`` command
does. For the floor it shows an empty :class:`QMainWindow` of the same size. The validated
floor is the least any window built on Shadowdice's stack does before it shows a file: it
imports pydantic and validates the file's top level (its format and system) into a model of
two fields, then shows the same empty window. Once the main
window has had its first Expose event (the platform put it on screen) and the event loop turns
for the first time (so every file named on the command line is open in its tab), it prints one
line,

    SHADOWDICE-SHOWN {"script_to_shown_s": 0.31, "tabs": 1, ...}

and quits the event loop, so the process exits 0. A window that is not shown within
:data:`GIVE_UP_AFTER_MS` ends the process with :data:`NEVER_SHOWN`.

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


def resident_megabytes() -> float:
    """The memory the process holds now (its resident set), where /proc tells it, else 0."""
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def run(what: str, files: list[str]) -> int:
    """Start the app (``what`` is "shadowdice"), a bare window ("bare") or the bare window after
    validating a file ("validated"); quit once shown.
    """
    from PySide6.QtCore import QEvent, QObject, QTimer
    from PySide6.QtWidgets import QApplication, QMainWindow

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
                if isinstance(watched, QMainWindow):
                    self.main_window = watched
            elif (
                kind == QEvent.Type.Expose
                and self.main_window is not None
                and watched == self.main_window.windowHandle()
            ):
                app.removeEventFilter(self)
                # Expose may come inside window.show(), before the files are opened and
                # before the loop runs: the first turn of the loop comes after both.
                QTimer.singleShot(0, self.report)
            return False

        def report(self) -> None:
            now = time.perf_counter()
            spawned_at = os.environ.get(SPAWNED_AT)
            tabs = getattr(self.main_window, "tabs", None)
            self.timings = {
                "script_to_qt_ready_s": qt_ready - SCRIPT_STARTED,
                "qt_ready_to_shown_s": now - qt_ready,
                "script_to_shown_s": now - SCRIPT_STARTED,
                "tabs": tabs.count() if tabs is not None else 0,
                "rss_mb": resident_megabytes(),
            }
            if spawned_at:
                self.timings["spawn_to_shown_s"] = (time.time_ns() - int(spawned_at)) / 1e9
            print(MARKER, json.dumps(self.timings), flush=True)
            app.quit()

    watcher = FirstExposure()
    app.installEventFilter(watcher)
    QTimer.singleShot(GIVE_UP_AFTER_MS, lambda: app.exit(NEVER_SHOWN))

    if what in ("bare", "validated"):
        if what == "validated":
            validate_top_level(files[0])
        window = QMainWindow()
        window.setWindowTitle("Bare")
        window.resize(1280, 800)
        window.show()
        code = app.exec()
    else:
        from shadowdice.app import main

        code = main(files)
    if not watcher.timings:
        return NEVER_SHOWN
    return code


def validate_top_level(path: str) -> None:
    """Validate the format and system of the character file at ``path`` with pydantic."""
    from pydantic import BaseModel

    class TopLevel(BaseModel):
        format: str
        system: str

    with open(path, "rb") as file:
        TopLevel.model_validate_json(file.read())


if __name__ == "__main__":
    sys.exit(run(sys.argv[1], sys.argv[2:]))
