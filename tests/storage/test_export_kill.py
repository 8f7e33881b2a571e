"""Killed while exporting, or while reading an earlier evening: no file is changed, nothing
half-written stays, and the next start reads every log as before.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from shadowdice.storage.roll_export import export_session
from shadowdice.storage.roll_log import LogReader, read_session, session_files
from tests.benchmarks.test_start_with_logs import write_log

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")

EXPORTER = """
import sys
from pathlib import Path
from shadowdice.storage.roll_export import export_session
from shadowdice.storage.roll_log import read_session

print("exporting", flush=True)
export_session(read_session(Path(sys.argv[1])), Path(sys.argv[2]))
print("exported", flush=True)
"""

READER = """
import sys
from pathlib import Path
from shadowdice.storage.roll_log import LogReader

print("reading", flush=True)
for batch in LogReader(Path(sys.argv[1])).batches():
    pass
print("read", flush=True)
"""


def killed_after(script: str, arguments: list[Path], seconds: float) -> bool:
    """Run ``script`` and kill it ``seconds`` after it said it starts; True if it finished."""
    environment = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[2])}
    process = subprocess.Popen(
        [sys.executable, "-c", script, *map(str, arguments)],
        stdout=subprocess.PIPE,
        env=environment,
    )
    process.stdout.readline()
    time.sleep(seconds)
    process.send_signal(signal.SIGKILL)
    finished = process.stdout.read() != b""
    process.wait(10)
    return finished


def test_given_an_export_killed_at_any_moment_then_the_file_is_whole_and_nothing_stays(
    tmp_path,
):
    log = write_log(tmp_path / "log", 1, 3000)
    folder = tmp_path / "exports"
    folder.mkdir()
    target = folder / "evening.md"
    target.write_text("the diary as it was")
    before = sorted(p.name for p in (tmp_path / "log").iterdir()), log.read_bytes()
    expected = tmp_path / "expected.md"
    export_session(read_session(log), expected)

    finished = [
        killed_after(EXPORTER, [log, target], seconds) for seconds in (0.05, 0.3, 0.8, 1.5, 3.0)
    ]

    assert target.read_bytes() in (b"the diary as it was", expected.read_bytes())
    assert (sorted(p.name for p in (tmp_path / "log").iterdir()), log.read_bytes()) == before
    export_session(read_session(log), target)  # the next export tidies what a kill left
    assert sorted(p.name for p in folder.iterdir()) == ["evening.md"]
    assert not all(finished), "every export ended before the kill: nothing was tried"


def test_given_a_reading_of_an_earlier_evening_killed_then_the_log_is_as_it_was(tmp_path):
    log = write_log(tmp_path / "log", 1, 5_000)
    before = log.read_bytes()

    for seconds in (0.0, 0.1, 0.4):
        killed_after(READER, [log], seconds)

    assert log.read_bytes() == before
    assert [path.name for path in session_files(tmp_path / "log")] == [log.name]
    assert sum(len(batch) for batch in LogReader(log).batches()) == 5_000
