"""The real app in a process of its own, opening a party, for the test that kills it midway.

``tests/ui/test_party_kill.py`` runs this file with a private home (``HOME`` and the
``XDG_*`` folders point into a temporary folder) and the offscreen platform::

    python tests/ui/party_probe.py COUNT FILE ...   # open the files, as `shadowdice FILE ...`
    python tests/ui/party_probe.py COUNT            # reopen the party of the last session

It starts :func:`shadowdice.app.main` as the ``shadowdice`` command does, and prints one line
of JSON for each character file it has read, ``{"read": 1}``, ``{"read": 2}`` and so on, as
the batch opens them (so a test can kill it at a chosen moment of the batch). Once COUNT
characters are open and the event loop turns, it prints
``{"open": [title, ...], "modified": [title, ...]}`` (the characters open, in their order,
and those with changes not saved), closes the window as a player does (which remembers the
party for the next start) and ends.
"""

import itertools
import json
import sys

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from shadowdice import app as shadowdice_app
from shadowdice.ui import character_files
from shadowdice.ui.main_window import MainWindow

#: How often the window is looked at while the batch still opens.
POLL_MS = 50


def report(data: dict) -> None:
    print(json.dumps(data), flush=True)


def reporting_reads() -> None:
    """Print a line after each character file is read, on the thread that reads it."""
    read = character_files.load_character
    counted = itertools.count(1)

    def load_character(path, registry):
        loaded = read(path, registry)
        report({"read": next(counted)})
        return loaded

    character_files.load_character = load_character


def close_when_open(count: int) -> None:
    """Once ``count`` characters are open, say which and close the window."""
    window = next(w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow))
    documents = window.documents()
    if len(documents) < count:  # a slow read turns the loop while the batch still opens
        QTimer.singleShot(POLL_MS, lambda: close_when_open(count))
        return
    report(
        {
            "open": [document.title for document in documents],
            "modified": [document.title for document in documents if document.modified],
        }
    )
    window.close()


if __name__ == "__main__":
    application = QApplication([sys.argv[0]])
    reporting_reads()
    QTimer.singleShot(0, lambda: close_when_open(int(sys.argv[1])))
    sys.exit(shadowdice_app.main(sys.argv[2:]))
