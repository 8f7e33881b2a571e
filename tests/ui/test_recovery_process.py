"""The real app killed after an unsaved edit offers the character back when started again."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from shadowdice.storage.character_file import load_character, save_character
from shadowdice.systems import builtin_registry
from tests.private_home import private_home_environment

PROBE = Path(__file__).with_name("recovery_probe.py")


def environment(home: Path) -> dict[str, str]:
    """A private home, and this source tree on the import path."""
    return {**private_home_environment(home), "PYTHONPATH": str(Path(__file__).parents[2])}


def saved_kira(folder: Path) -> Path:
    """Kira, a Shadowrun 4 character, saved in ``folder``."""
    system = builtin_registry().get("shadowrun4")
    kira = folder / "kira.shadowdice"
    save_character(kira, system, system.new_sheet().model_copy(update={"name": "Kira"}))
    return kira


def started(mode: str, env: dict[str, str], *files: Path) -> subprocess.Popen:
    """The app started in a process of its own, driven by the probe in ``mode``."""
    return subprocess.Popen(
        [sys.executable, str(PROBE), mode, *map(str, files)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


@pytest.mark.skipif(sys.platform != "linux", reason="the private home uses XDG folders")
def test_given_an_unsaved_edit_when_the_app_is_killed_then_the_next_start_offers_it(tmp_path):
    # Given Kira saved, and the app started on her in a process of its own
    registry = builtin_registry()
    kira = saved_kira(tmp_path)
    env = environment(tmp_path / "home")
    recovery = tmp_path / "home" / ".local" / "share" / "Shadowdice" / "recovery"
    app = started("edit", env, kira)
    try:
        # When her name is edited and not saved, and the app is killed once it wrote aside
        assert json.loads(app.stdout.readline()) == {"edited": "Kira Voss"}
        deadline = time.monotonic() + 10
        while not list(recovery.glob("*/*.recovery")) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert list(recovery.glob("*/*.recovery")), "nothing was written aside"
        time.sleep(0.2)  # the writer replaces files atomically: any moment is a fair kill
    finally:
        app.send_signal(signal.SIGKILL)
        app.wait(10)
    assert app.returncode == -signal.SIGKILL

    # Then the next start offers Kira Voss with her file, and restores her unsaved
    restarted = subprocess.run(
        [sys.executable, str(PROBE), "restart"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert restarted.returncode == 0, restarted.stderr
    shown = json.loads(restarted.stdout.splitlines()[-1])
    assert shown == {
        "offered": [["Kira Voss", str(kira)]],
        "open": [["Kira Voss", True, str(kira)]],
    }
    # And her file was never touched
    assert load_character(kira, registry).sheet.name == "Kira"


@pytest.mark.skipif(sys.platform != "linux", reason="the private home uses XDG folders")
def test_given_runs_killed_inside_recovery_writes_then_the_next_start_leaves_no_debris(tmp_path):
    # Given Kira saved
    kira = saved_kira(tmp_path)
    env = environment(tmp_path / "home")
    recovery = tmp_path / "home" / ".local" / "share" / "Shadowdice" / "recovery"
    for _run in range(3):
        # When the app is killed three times while it writes her unsaved change aside
        app = started("stall", env, kira)
        try:
            assert json.loads(app.stdout.readline()) == {"edited": "Kira Voss"}
            stalled = json.loads(app.stdout.readline())["stalled"]
            assert stalled.startswith(".") and stalled.endswith(".tmp")
        finally:
            app.send_signal(signal.SIGKILL)
            app.wait(10)
    # (each start tidied the run killed before it: the last one's half-written file is left)
    assert len(list(recovery.glob("run-*/.*.tmp"))) == 1

    # Then the next start removes all of it: no run folder, no file is left
    looked = subprocess.run(
        [sys.executable, str(PROBE), "look"], env=env, capture_output=True, text=True, timeout=60
    )
    assert looked.returncode == 0, looked.stderr
    assert json.loads(looked.stdout.splitlines()[-1]) == {"left": []}
