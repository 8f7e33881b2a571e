"""Long work off the UI thread: its progress dialog names the app, shows the job's words and
goes away with the job.
"""

from __future__ import annotations

import threading

import pytest
from PySide6.QtWidgets import QProgressDialog

from shadowdice.ui import background
from tests.ui.window_helpers import SETTLE_MS, shown_progress, when


def _visible_dialogs(window) -> list[tuple[str, str]]:
    return [
        (dialog.windowTitle(), dialog.labelText())
        for dialog in window.findChildren(QProgressDialog)
        if dialog.isVisible()
    ]


@pytest.mark.parametrize("kind", ["cancellable job", "file read"])
def test_a_long_job_shows_a_titled_progress_dialog_until_it_ends(qtbot, window, kind):
    # Given a job that runs until the test has looked at the window
    looked = threading.Event()
    seen: list[tuple[str, str]] = []

    def look() -> None:
        seen.extend(_visible_dialogs(window))
        looked.set()

    when(window, lambda: shown_progress(window), look)
    held = SETTLE_MS / 1000

    # When it runs
    if kind == "cancellable job":
        result = background.run_with_progress(
            window, "Writing rolls…", lambda progress: looked.wait(held) and "done"
        )
    else:
        result = background.run_off_thread(
            lambda: looked.wait(held) and "done", label="Opening kira.shadowdice…", parent=window
        )

    # Then its dialog, titled with the app's name, said what was going on, and is gone
    label = "Writing rolls…" if kind == "cancellable job" else "Opening kira.shadowdice…"
    assert result == "done"
    assert seen == [("Shadowdice", label)]
    assert _visible_dialogs(window) == []
