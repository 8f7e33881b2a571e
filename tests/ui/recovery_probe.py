"""The real app in a process of its own, for the recovery test that kills it.

``tests/ui/test_recovery_process.py`` runs this file with a private home (``HOME`` and the
``XDG_*`` folders point into a temporary folder) and the offscreen platform::

    python tests/ui/recovery_probe.py edit FILE     # open FILE, type " Voss" after the name
    python tests/ui/recovery_probe.py restart       # print what is offered, restore it all

It starts :func:`shadowdice.app.main` as the ``shadowdice`` command does, with the autosave
delay cut to 200 ms so that the test need not wait seconds. Once the main window is up, a timer
drives it as a player would and prints one line of JSON:

- ``edit``: ``{"edited": "Kira Voss"}``; then the app runs on until it is killed.
- ``restart``: ``{"offered": [[name, file], ...], "open": [[title, modified, path], ...]}``
  after pressing Restore in the recovery dialog; then the process ends at once.
"""

import json
import os
import sys

from PySide6.QtCore import QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from shadowdice import app as shadowdice_app
from shadowdice.ui.main_window import MainWindow
from shadowdice.ui.recovery import RecoveryDialog

#: How long the app waits before writing an unsaved change aside, here.
AUTOSAVE_MS = 200


def main_window() -> MainWindow:
    return next(w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow))


def report(data: dict) -> None:
    print(json.dumps(data), flush=True)


def edit() -> None:
    window = main_window()
    QTest.keyClicks(window.current_editor().field_widget("name"), " Voss")
    report({"edited": window.current_document().sheet.name})


def restart() -> None:
    window = main_window()
    dialog = next(w for w in QApplication.topLevelWidgets() if isinstance(w, RecoveryDialog))
    offered = [[entry.title, str(entry.file)] for entry in dialog.entries()]
    dialog.restore_button.click()
    documents = [[d.title, d.modified, str(d.path)] for d in window.documents()]
    report({"offered": offered, "open": documents})
    os._exit(0)


if __name__ == "__main__":
    MainWindow.__init__.__kwdefaults__["autosave_ms"] = AUTOSAVE_MS
    mode, files = sys.argv[1], sys.argv[2:]
    application = QApplication([sys.argv[0]])
    QTimer.singleShot(300, edit if mode == "edit" else restart)
    sys.exit(shadowdice_app.main(files))
