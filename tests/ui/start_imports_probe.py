"""Start Shadowdice on the files named, as the ``shadowdice`` command does, and print which
of the modules named by ``--watch`` were imported as the window was about to be painted for
the first time, and which once it was painted and the work put off until then has run.

Run in a fresh interpreter by ``test_start_imports.py``::

    python start_imports_probe.py kira.shadowdice --watch shadowdice.ui.table_window ...

It prints one line of JSON: ``{"shown": [...], "painted": [...], ...}``, the watched modules
imported at each point, the number of tabs then and at the end, whether the welcome screen was
built and whether it is shown; and which of the
widget classes Shadowdice never uses (:data:`UNUSED_CLASSES`) PySide6 made a Python class of
by the time the window was about to be painted, and once painted.
"""

from __future__ import annotations

import argparse
import json
import sys

#: How long the event loop may run before the work put off until the first paint is over.
LOOP_MS = 3000

#: Widget classes of Qt that Shadowdice never shows: PySide6 makes their Python classes only
#: when it looks through every widget class for one it does not know.
UNUSED_CLASSES = ("QWizard", "QColorDialog", "QMdiArea", "QCalendarWidget")


def made_classes() -> list[str]:
    """The classes of :data:`UNUSED_CLASSES` that PySide6 made so far."""
    from PySide6 import QtWidgets

    return [name for name in UNUSED_CLASSES if name in vars(QtWidgets)]


def main() -> int:
    """Start, look as the window is about to be painted, let it be painted, look again."""
    parser = argparse.ArgumentParser()
    parser.add_argument("files", nargs="*")
    parser.add_argument("--watch", nargs="+", default=[])
    parser.add_argument("--table", action="store_true", help="View ▸ Table window at once")
    arguments = parser.parse_args()

    from shadowdice import app
    from shadowdice.ui import main_window
    from shadowdice.ui.first_paint import AT_THE_LATEST_MS, before_first_paint

    seen: dict = {}

    def look(window) -> None:
        # As the window is about to be painted: at the end of the start, or earlier while a
        # file is read on a slow machine (the window is kept alive meanwhile).
        seen["shown"] = [name for name in arguments.watch if name in sys.modules]
        seen["classes_shown"] = made_classes()
        seen["tabs_when_shown"] = window.tabs.count()

    built = main_window.MainWindow.__init__

    def build(window, *args, **options) -> None:
        built(window, *args, **options)
        before_first_paint(window, lambda: look(window))

    main_window.MainWindow.__init__ = build
    qt_app, window = app.start(app.parse_arguments(arguments.files))
    seen["painted_during_start"] = "shown" in seen  # a slow read lets the window be painted

    from PySide6.QtCore import QTimer

    if arguments.table:  # its action (Ctrl+T), before the loop turns even once
        seen["table_module_before"] = "shadowdice.ui.table_window" in sys.modules
        window.game_table.table_window_action.trigger()
        table = window.game_table.table_window
        seen["table_window_shown"] = table is not None and table.isVisible()

    # Past the latest moment the work put off until the first paint runs.
    QTimer.singleShot(AT_THE_LATEST_MS + 200, qt_app.quit)
    QTimer.singleShot(LOOP_MS + AT_THE_LATEST_MS, lambda: qt_app.exit(3))
    code = qt_app.exec()
    seen["painted"] = [name for name in arguments.watch if name in sys.modules]
    seen["classes_painted"] = made_classes()
    seen["tabs"] = window.tabs.count()
    left = window.left
    seen["welcome_built"] = left.has_welcome()
    seen["welcome_shown"] = left.has_welcome() and left.currentWidget() is left.welcome
    print(json.dumps(seen), flush=True)
    window.crash_reporter.uninstall()
    return code


if __name__ == "__main__":
    sys.exit(main())
