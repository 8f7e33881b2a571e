"""An X server for benchmarks that measure what users see on a real display platform.

:func:`x_display` is the display to start Qt on with ``QT_QPA_PLATFORM=xcb``: the one the
environment names when the benchmark already runs on an X server (``QT_QPA_PLATFORM=xcb`` and
``DISPLAY`` set, as under ``xvfb-run``), else a private Xvfb the benchmark starts on a free
display number (``-displayfd`` lets Xvfb pick it) and stops afterwards. Without Xvfb the
benchmark is skipped and says why.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

#: The screen of a game master's laptop.
SCREEN = "1366x768x24"

#: How long Xvfb may take to come up.
STARTING_TIMEOUT_S = 20


@contextmanager
def x_display() -> Iterator[str]:
    """The X display (``":N"``) to start Qt on; a private Xvfb unless one is given."""
    given = os.environ.get("DISPLAY", "")
    if os.environ.get("QT_QPA_PLATFORM") == "xcb" and given:
        yield given
        return
    if shutil.which("Xvfb") is None:
        pytest.skip("needs an X server: Xvfb is not installed (or run under one with xcb)")
    read_end, write_end = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write_end), "-screen", "0", SCREEN, "-nolisten", "tcp"],
        pass_fds=(write_end,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write_end)
    try:
        with os.fdopen(read_end) as announced:
            number = announced.readline().strip()  # written once the server accepts clients
        if not number.isdigit():
            pytest.skip(f"Xvfb did not start (exit code {server.poll()})")
        yield f":{number}"
    finally:
        server.terminate()
        try:
            server.wait(timeout=STARTING_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def on_display(environment: dict[str, str], display: str) -> dict[str, str]:
    """``environment`` with Qt started on the X server at ``display``."""
    return {**environment, "QT_QPA_PLATFORM": "xcb", "DISPLAY": display}
