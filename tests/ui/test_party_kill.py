"""The real app killed while it opens a party of a hundred: no character file is changed, no
temporary file is left beside them, and the next start opens the whole party as before.
"""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.campaign import PARTY, save_party
from tests.ui.test_recovery_process import environment

PROBE = Path(__file__).with_name("party_probe.py")
#: Kills after so many files of the batch were read: the first, in the middle, the last.
KILLED_AFTER_READS = (1, 34, 67, PARTY)
#: A start of the app that takes longer than this has hung.
START_TIMEOUT_S = 120

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="XDG folders and SIGKILL")


def saved_party(folder: Path) -> list[Path]:
    """The party (:mod:`tests.campaign`) saved in a folder of its own."""
    folder.mkdir()
    return save_party(folder)


def started(env: dict[str, str], *files: Path) -> subprocess.Popen:
    """The app started in a process of its own, opening ``files`` (or the last party)."""
    return subprocess.Popen(
        [sys.executable, str(PROBE), str(PARTY), *map(str, files)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def run_to_the_end(env: dict[str, str], *files: Path) -> dict:
    """Start the app on ``files`` (or the last party), and what it had open once it had."""
    app = started(env, *files)
    out, err = app.communicate(timeout=START_TIMEOUT_S)
    assert app.returncode == 0, err
    return json.loads(out.splitlines()[-1])


def killed_after(env: dict[str, str], reads: int) -> list[dict]:
    """Start the app on the last party and kill it once it has read ``reads`` files; what it
    printed up to then.
    """
    app = started(env)
    printed = []
    try:
        for line in app.stdout:
            printed.append(json.loads(line))
            if printed[-1] == {"read": reads}:
                break
    finally:
        app.send_signal(signal.SIGKILL)
        app.communicate(timeout=START_TIMEOUT_S)
    assert app.returncode == -signal.SIGKILL
    return printed


def as_on_disk(folder: Path) -> dict[str, tuple[bytes, int]]:
    """Every file in ``folder``: its bytes and its modification time."""
    return {path.name: (path.read_bytes(), path.stat().st_mtime_ns) for path in folder.iterdir()}


def test_given_a_party_reopened_when_the_app_is_killed_midway_then_nothing_is_lost(tmp_path):
    # Given a hundred characters saved in a folder, opened once and the app closed, so that
    # the next start reopens the whole party
    paths = saved_party(tmp_path / "party")
    env = environment(tmp_path / "home")
    first = run_to_the_end(env, *paths)
    assert len(first["open"]) == PARTY and first["modified"] == []
    before = as_on_disk(tmp_path / "party")
    assert sorted(before) == [path.name for path in paths]

    for reads in KILLED_AFTER_READS:
        # When the app is killed while it reopens the party, after so many files were read
        printed = killed_after(env, reads)
        assert printed == [{"read": number} for number in range(1, reads + 1)]

        # Then every file has its bytes and its time as before, and nothing lies beside them
        assert as_on_disk(tmp_path / "party") == before

    # And the next start opens the whole party as before, with nothing changed
    assert run_to_the_end(env) == first
    assert as_on_disk(tmp_path / "party") == before
    assert sorted(path.name for path in (tmp_path / "home").rglob("*.tmp")) == []
