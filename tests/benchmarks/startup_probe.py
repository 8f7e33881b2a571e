"""Start Shadowdice as a player does, or a bare Qt window, and quit once it is on screen.

The start benchmarks run this file in a fresh interpreter for every start::

    python startup_probe.py shadowdice kira.shadowdice   # the app, opening one character
    python startup_probe.py bare                          # the floor: a bare QMainWindow
    python startup_probe.py validated kira.shadowdice     # the floor with the stack's least
    python startup_probe.py loaded kira.shadowdice        # the floor with Shadowdice's file code
    python startup_probe.py each a.shadowdice b.shadowdice # the app, each character shown once

For Shadowdice it calls :func:`shadowdice.app.main` with the files, exactly as the
``shadowdice`` command does: nothing of Qt is imported before the app imports it. It only
wraps :func:`shadowdice.app.start` to learn the main window once it is shown. For the floor it
shows an empty :class:`QMainWindow` of the same size. The validated floor is the least any
window built on Shadowdice's stack does before it shows a file: it imports pydantic and
validates the file's top level (its format and system) into a model of two fields, then shows
the same empty window. The loaded floor is the least any window built on Shadowdice's own file
code does: it reads the character as the app does (``load_character`` with the rule systems'
registry: the envelope, the system's sheet and every check of the file), then shows the same
empty window.

Either window is watched the same way once shown: when the platform has exposed it (its first
Expose event, on which Qt paints it) and the event loop then turns once (so every file named
on the command line is open in its tab), the probe prints one line,

    SHADOWDICE-SHOWN {"script_to_shown_s": 0.31, "tabs": 1, ...}

and quits the event loop, so the process exits 0. With ``each``, the app first shows every
character's tab once, in turn (building each card, as a game master going round the table
does), then shows the one it showed first again, and reports after that: ``cards_shown``
holds the name each card on screen showed, in turn, and ``cards`` how many cards are built
at the end. A window that is not shown within
:data:`GIVE_UP_AFTER_MS` ends the process with :data:`NEVER_SHOWN`. For Shadowdice it also
prints, the moment its main window is first exposed (which may come while the start still
waits for a file, in an event loop of its own),

    SHADOWDICE-EXPOSED {"script_to_exposed_s": 0.29}

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

#: The start of the line this script prints when Shadowdice's main window is first exposed.
EXPOSED_MARKER = "SHADOWDICE-EXPOSED"

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


def watch(app, window, shown: dict[str, float], *, each: bool = False) -> None:
    """Report ``window`` once it is exposed and the loop has turned (with ``each``, once
    every tab was shown in turn); fill ``shown``.
    """
    from PySide6.QtCore import QEvent, QObject, QTimer

    qt_ready = time.perf_counter()
    tabs = getattr(window, "tabs", None)
    cards_shown: list[str] = []

    def report() -> None:
        now = time.perf_counter()
        spawned_at = os.environ.get(SPAWNED_AT)
        shown.update(
            script_to_started_s=qt_ready - SCRIPT_STARTED,
            started_to_shown_s=now - qt_ready,
            script_to_shown_s=now - SCRIPT_STARTED,
            cpu_to_shown_s=time.process_time(),  # of every thread, from the interpreter's start
            tabs=tabs.count() if tabs is not None else 0,
            rss_mb=resident_megabytes(),
            cards=cards_built(tabs),
            cards_shown=cards_shown,
        )
        if spawned_at:
            shown["spawn_to_shown_s"] = (time.time_ns() - int(spawned_at)) / 1e9
        print(MARKER, json.dumps(shown), flush=True)
        app.quit()

    def first_turn() -> None:
        if each and tabs is not None:
            show_each_tab_once(tabs, report, cards_shown)
        else:
            report()

    class FirstExposure(QObject):
        """Watches the window's platform window for its first exposure."""

        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Expose and watched.isExposed():
                watched.removeEventFilter(self)
                QTimer.singleShot(0, first_turn)  # the first turn of the loop after it
            return False

    handle = window.windowHandle()
    if handle.isExposed():  # platforms without a server may expose it inside show()
        QTimer.singleShot(0, first_turn)
    else:
        window.first_exposure = FirstExposure(window)
        handle.installEventFilter(window.first_exposure)
    QTimer.singleShot(GIVE_UP_AFTER_MS, lambda: app.exit(NEVER_SHOWN))


def run(what: str, files: list[str]) -> int:
    """Start the app (``what`` is "shadowdice"), a bare window ("bare") or the bare window after
    validating a file ("validated") or loading it as a character ("loaded"); quit once shown.
    """
    shown: dict[str, float] = {}
    if what in ("bare", "validated", "loaded"):
        if what == "validated":
            validate_top_level(files[0])
        elif what == "loaded":
            load_as_character(files[0])
        from PySide6.QtWidgets import QApplication, QMainWindow

        app = QApplication([sys.argv[0]])
        window = QMainWindow()
        window.setWindowTitle("Bare")
        window.resize(1280, 800)
        window.show()
        watch(app, window, shown)
        code = app.exec()
    else:
        import shadowdice.app

        mark_first_exposure(shadowdice.app)
        start = shadowdice.app.start

        def start_watched(arguments):
            app, window = start(arguments)
            watch(app, window, shown, each=what == "each")
            return app, window

        shadowdice.app.start = start_watched
        code = shadowdice.app.main(files)
    if not shown:
        return NEVER_SHOWN
    return code


def mark_first_exposure(app_module) -> None:
    """Print a line the moment the main window is first exposed, wherever the app's start is
    then (a start that waits for a file in an event loop of its own may already have it
    painted): :data:`EXPOSED_MARKER` and the seconds since the script started.
    """

    def mark(_window) -> None:
        seconds = time.perf_counter() - SCRIPT_STARTED
        print(EXPOSED_MARKER, json.dumps({"script_to_exposed_s": seconds}), flush=True)

    when_first_exposed(app_module, mark)


def when_first_exposed(app_module, then) -> None:
    """Call ``then(window)`` the moment the start's main window is first exposed, on which Qt
    paints it: before any work the start put off until then has run.

    Qt is imported where the app imports it: the window is watched from the app's first
    :func:`~shadowdice.ui.first_paint.after_first_paint` for a window of its own (the main
    window, shown then or later).
    """
    import_core = app_module.import_core

    def import_core_then_watch() -> None:
        import_core()
        from shadowdice.ui import first_paint

        after_first_paint = first_paint.after_first_paint

        def watched(window, work) -> None:
            if window.isWindow() and not getattr(window, "exposure_watched", False):
                window.exposure_watched = True
                on_first_exposure(window, then)
            after_first_paint(window, work)

        first_paint.after_first_paint = watched

    app_module.import_core = import_core_then_watch


def on_first_exposure(window, then) -> None:
    """Call ``then(window)`` once ``window``'s platform window is exposed (now, if it is); a
    window not shown yet is watched from its showing on.
    """
    from PySide6.QtCore import QEvent, QObject

    class Exposure(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Show and watched is window:
                window.removeEventFilter(self)
                watch_platform_window()
            elif event.type() == QEvent.Type.Expose and watched.isExposed():
                watched.removeEventFilter(self)
                then(window)
            return False

    def watch_platform_window() -> None:
        handle = window.windowHandle()
        if handle.isExposed():
            then(window)
        else:
            handle.installEventFilter(window.exposure_watch)

    window.exposure_watch = Exposure(window)
    if window.isVisible():
        watch_platform_window()
    else:
        window.installEventFilter(window.exposure_watch)


def show_each_tab_once(tabs, then, names: list[str]) -> None:
    """Show every tab in turn, then the first shown again, each in a turn of the event loop of
    its own (as a player's clicks come); then call ``then``. ``names`` gets the name the card
    on screen shows, one per tab shown.
    """
    from PySide6.QtCore import QTimer

    order = [*range(tabs.count()), tabs.currentIndex()]

    def show(step: int) -> None:
        if step == len(order):
            then()
            return
        tabs.setCurrentIndex(order[step])
        card = tabs.currentWidget().card
        names.append(card.name.text() if card.isVisible() else "")
        QTimer.singleShot(0, lambda: show(step + 1))

    show(0)


def cards_built(tabs) -> int:
    """How many of the tabs' character cards were built."""
    if tabs is None:
        return 0
    return sum(tabs.widget(index).has_card() for index in range(tabs.count()))


def validate_top_level(path: str) -> None:
    """Validate the format and system of the character file at ``path`` with pydantic."""
    from pydantic import BaseModel

    class TopLevel(BaseModel):
        format: str
        system: str

    with open(path, "rb") as file:
        TopLevel.model_validate_json(file.read())


def load_as_character(path: str) -> None:
    """Read the character file at ``path`` as Shadowdice opens one."""
    from pathlib import Path

    from shadowdice.storage.character_file import load_character
    from shadowdice.systems import builtin_registry

    load_character(Path(path), builtin_registry())


if __name__ == "__main__":
    sys.exit(run(sys.argv[1], sys.argv[2:]))
