"""Saves killed with SIGKILL leave every file old or new, and their leftovers go on the next
save into the folder.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

#: How many saves are killed: enough that kills land in every step of a save.
KILLS = 250


@pytest.mark.skipif(not hasattr(os, "fork"), reason="the trial forks and sends SIGKILL")
def test_given_saves_killed_at_random_then_every_file_is_old_or_new_and_no_temp_stays():
    trial = Path(__file__).with_name("kill_trial.py")
    root = Path(__file__).parents[2]
    environment = {**os.environ, "PYTHONPATH": str(root)}

    finished = subprocess.run(
        [sys.executable, str(trial), str(KILLS), "10"],
        capture_output=True,
        text=True,
        timeout=180,  # a bound on the trial, not a speed: the trial's speed is no test's
        env=environment,
        check=True,
    )
    counts = json.loads(finished.stdout.splitlines()[-1])

    assert counts["kills"] == KILLS
    assert counts["wrong"] == []
    assert counts["files_old"] and counts["files_new"], counts
    assert counts["temps_seen"] > 0, "no kill landed inside a save: the trial proves nothing"
    assert counts["temps_after_next_save"] == []
