"""Nothing on the way to the first paint waits for the disk.

Shadowdice is started as a player starts it, with one saved character, on an X server
(``QT_QPA_PLATFORM=xcb``), under ``strace``, which logs every call of the process and its
threads that forces data to the disk, and the line the start probe writes the moment the
window is first exposed, on which Qt paints it (see ``tests/benchmarks/startup_probe.py``; on
a busy machine that may come while the start still waits for the file to be read). Opening a
file changes the recent files, and the settings are written with two fsyncs: they must come
after that line, and still come (the settings on disk name the character's file once the app
has quit).

Skipped where ``strace`` cannot trace (not installed, or tracing not permitted) or no X server
can be had (see ``tests/benchmarks/x_server.py``).
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from shadowdice.storage.character_file import save_character
from shadowdice.systems.shadowrun4 import Shadowrun4
from shadowdice.systems.shadowrun4.sheet import ShadowrunSheet
from tests.benchmarks import startup_probe
from tests.benchmarks.x_server import on_display, x_display
from tests.private_home import private_home_environment

#: Every system call that waits for data to reach the disk.
SYNCS = ("fsync", "fdatasync", "sync", "syncfs", "sync_file_range", "msync")

TIMEOUT_S = 120


def strace_works() -> bool:
    """Whether strace is there and may trace a child here."""
    if shutil.which("strace") is None:
        return False
    run = subprocess.run(["strace", "-f", "-o", "/dev/null", "true"], capture_output=True)
    return run.returncode == 0


pytestmark = pytest.mark.skipif(not strace_works(), reason="needs strace, allowed to trace")


def call_of(line: str) -> str:
    """The system call a line of strace's log is about ("fsync"), or ""."""
    called = re.match(r"\d+\s+(\w+)\(", line)
    return called.group(1) if called else ""


def traced_start(tmp_path: Path, display: str) -> tuple[list[str], Path]:
    """Start the app on one saved character under strace; its trace lines and its home."""
    character = tmp_path / "kira.shadowdice"
    save_character(character, Shadowrun4(), ShadowrunSheet(name="Kira"))
    home = tmp_path / "home"
    trace = tmp_path / "trace.txt"
    probe = Path(startup_probe.__file__).resolve()
    command = [
        *("strace", "-f", "-qq", "-o", str(trace), "-e", f"trace={','.join(SYNCS)},write"),
        *(sys.executable, str(probe), "shadowdice", str(character)),
    ]
    env = on_display(private_home_environment(home), display)
    run = subprocess.run(
        command, env=env, cwd=tmp_path, capture_output=True, text=True, timeout=TIMEOUT_S
    )
    assert run.returncode == 0, run.stderr
    assert startup_probe.MARKER in run.stdout, "the window was never shown"
    return trace.read_text().splitlines(), home


def test_the_settings_are_synced_after_the_first_paint_not_before(tmp_path):
    # Given an X server, and a player's saved character
    with x_display() as display:
        # When Shadowdice starts on it, traced
        lines, home = traced_start(tmp_path, display)

    # Then no call syncs the disk before the window is painted with the character...
    calls = [call_of(line) for line in lines]
    exposed = f'write(1, "{startup_probe.EXPOSED_MARKER}'
    shown = next(number for number, line in enumerate(lines) if exposed in line)
    syncs = [(number, line) for number, line in enumerate(lines) if calls[number] in SYNCS]
    assert not [line for number, line in syncs if number < shown]

    # ... and the settings are still written, synced, naming the opened file
    assert [line for number, line in syncs if number > shown]
    (settings_file,) = home.rglob("settings.json")  # under the private XDG_CONFIG_HOME
    recent = json.loads(settings_file.read_text(encoding="utf-8"))["recent_files"]
    assert recent == [str((tmp_path / "kira.shadowdice").resolve())]
