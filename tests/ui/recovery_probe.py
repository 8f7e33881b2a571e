"""The real app in a process of its own, for the recovery test that kills it.

``tests/ui/test_recovery_process.py`` runs this file with a private home (``HOME`` and the
``XDG_*`` folders point into a temporary folder) and the offscreen platform::

    python tests/ui/recovery_probe.py edit FILE     # open FILE, type " Voss" after the name
    python tests/ui/recovery_probe.py stall FILE    # the same, its recovery write stalled
    python tests/ui/recovery_probe.py restart       # print what is offered, restore it all
    python tests/ui/recovery_probe.py look          # print what the recovery folder holds

It starts :func:`shadowdice.app.main` as the ``shadowdice`` command does, with the autosave
delay cut to 200 ms so that the test need not wait seconds. Once the main window is up, a timer
drives it as a player would and prints one line of JSON:

- ``edit``: ``{"edited": "Kira Voss"}``; then the app runs on until it is killed.
- ``stall``: ``{"stalled": "<temporary file>"}`` once the recovery file is written to its
  temporary file and about to be synced, where the writing thread stops for good: a kill
  then falls inside the recovery write.
- ``restart``: ``{"offered": [[name, file], ...], "open": [[title, modified, path], ...]}``
  after pressing Restore in the recovery dialog; then the process ends at once.
- ``look``: ``{"left": [path, ...]}``, every file and folder under the recovery folder
  once the window is up (relative, ``/``-separated); then the process ends at once.
"""

import json
import os
import sys
import threading
from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from shadowdice import app as shadowdice_app
from shadowdice.storage import atomic
from shadowdice.ui.main_window import MainWindow
from shadowdice.ui.recovery_dialog import RecoveryDialog

#: How long the app waits before writing an unsaved change aside, here.
AUTOSAVE_MS = 200


def main_window() -> MainWindow:
    return next(w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow))


def report(data: dict) -> None:
    print(json.dumps(data), flush=True)


def edit() -> None:
    window = main_window()
    if window.current_editor() is None:  # the file is still being read: its turn comes
        QTimer.singleShot(100, edit)
        return
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


def look() -> None:
    root = main_window().paths.recovery_dir
    left = sorted(path.relative_to(root).as_posix() for path in root.rglob("*"))
    report({"left": left})
    os._exit(0)


def stall_recovery_writes() -> None:
    """Stop the recovery writer for good just before it syncs its temporary file."""
    real_fsync = atomic.os.fsync

    def stalling_fsync(descriptor: int) -> None:
        if threading.current_thread().name.startswith("recovery"):
            name = Path(os.readlink(f"/proc/self/fd/{descriptor}")).name
            report({"stalled": name})
            threading.Event().wait()
        real_fsync(descriptor)

    atomic.os.fsync = stalling_fsync


if __name__ == "__main__":
    MainWindow.__init__.__kwdefaults__["autosave_ms"] = AUTOSAVE_MS
    mode, files = sys.argv[1], sys.argv[2:]
    application = QApplication([sys.argv[0]])
    if mode == "stall":
        stall_recovery_writes()
    driver = {"edit": edit, "stall": edit, "restart": restart, "look": look}[mode]
    QTimer.singleShot(300, driver)
    sys.exit(shadowdice_app.main(files))
