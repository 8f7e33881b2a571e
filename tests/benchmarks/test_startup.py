"""Cold start: from launching Shadowdice to its main window on screen.

Target: under about 1.5 s, so a game master who opens the laptop mid-session is not left
waiting.

Every round starts a fresh interpreter (``sys.executable``) on :mod:`startup_probe`, which
calls :func:`shadowdice.app.main` as the ``shadowdice`` command does and quits on the first
Expose event of the main window. The clock runs from spawning the process until its "shown"
line arrives; the process winding down afterwards (saving settings, Qt teardown) is not timed,
but its exit code is checked. Qt runs offscreen, and HOME and the XDG folders point into a
fresh temporary folder per round, so platformdirs finds no settings and writes nothing real.

The first round is a warm-up (bytecode caches, the disk cache). ``extra_info`` holds the
medians the probe measured inside the process: ``spawn_to_shown_s`` (interpreter start
included), ``script_to_shown_s``, and its split into ``script_to_qt_ready_s`` (importing Qt
and creating the QApplication) and ``qt_ready_to_shown_s`` (Shadowdice's own imports and
building the window), with ``bare_interpreter_s`` (``python -c pass``) for comparison.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

import pytest

from shadowdice.storage.paths import AppPaths
from tests.benchmarks import startup_probe

PROBE = Path(startup_probe.__file__).resolve()
ROUNDS = 5
WARMUP_ROUNDS = 1
#: A round that takes longer than this has hung; the probe gives up after 30 s itself.
ROUND_TIMEOUT_S = 60


def isolated_environment(home: Path) -> dict[str, str]:
    """The environment of the app: offscreen Qt, and every per-user folder inside ``home``."""
    runtime = home / "runtime"
    runtime.mkdir(mode=0o700, parents=True)
    env = dict(os.environ)
    env.update(
        QT_QPA_PLATFORM="offscreen",
        HOME=str(home),
        USERPROFILE=str(home),
        APPDATA=str(home / "AppData" / "Roaming"),
        LOCALAPPDATA=str(home / "AppData" / "Local"),
        XDG_CONFIG_HOME=str(home / ".config"),
        XDG_DATA_HOME=str(home / ".local" / "share"),
        XDG_STATE_HOME=str(home / ".local" / "state"),
        XDG_CACHE_HOME=str(home / ".cache"),
        XDG_DOCUMENTS_DIR=str(home / "Documents"),
        XDG_RUNTIME_DIR=str(runtime),
    )
    return env


class ColdStart:
    """One start of the app in its own process and its own home folder.

    Attributes:
        home: the temporary home of this start.
        process: the running app, once :meth:`until_shown` was called.
        timings: what the probe measured inside the process (see :mod:`startup_probe`).
        exit_code: the exit code, once :meth:`finish` was called.
    """

    def __init__(self, home: Path) -> None:
        self.home = home
        self.env = isolated_environment(home)
        self.stderr_path = home / "stderr.txt"
        self.process: subprocess.Popen[str] | None = None
        self.timings: dict[str, float] = {}
        self.exit_code: int | None = None

    def until_shown(self) -> None:
        """Launch the app and return as soon as it reports its main window on screen."""
        self.env[startup_probe.SPAWNED_AT] = str(time.time_ns())
        with self.stderr_path.open("w") as stderr:
            self.process = subprocess.Popen(
                [sys.executable, str(PROBE)],
                stdout=subprocess.PIPE,
                stderr=stderr,
                env=self.env,
                cwd=self.home,
                text=True,
            )
        assert self.process.stdout is not None
        for line in self.process.stdout:
            if line.startswith(startup_probe.MARKER):
                self.timings = json.loads(line.removeprefix(startup_probe.MARKER))
                return
        self.finish()
        raise AssertionError(f"the main window was never shown: {self.describe()}")

    def finish(self) -> None:
        """Wait for the app to exit (untimed) and keep its exit code."""
        if self.process is None or self.exit_code is not None:
            return
        try:
            self.process.communicate(timeout=ROUND_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.communicate()
        self.exit_code = self.process.returncode

    def describe(self) -> str:
        """Exit code and error output, for a failure message."""
        stderr = self.stderr_path.read_text(errors="replace") if self.stderr_path.exists() else ""
        return f"exit code {self.exit_code}, stderr:\n{stderr}"


def bare_interpreter_seconds(env: dict[str, str], runs: int = 3) -> float:
    """Median time of ``python -c pass``: what any Python app pays before its first line."""
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], env=env, check=True)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


@pytest.mark.benchmark(group="startup")
def test_cold_start_until_the_main_window_is_shown(benchmark, tmp_path):
    # Given a fresh interpreter for every round, with an empty home and offscreen Qt
    real_settings = AppPaths.default().settings_file
    real_before = real_settings.stat().st_mtime_ns if real_settings.exists() else None
    starts: list[ColdStart] = []

    def new_start():
        start = ColdStart(tmp_path / f"home-{len(starts)}")
        starts.append(start)
        return (start,), {}

    # When Shadowdice is started until its main window is on screen
    benchmark.pedantic(
        ColdStart.until_shown,
        setup=new_start,
        teardown=ColdStart.finish,
        rounds=ROUNDS,
        warmup_rounds=WARMUP_ROUNDS,
        iterations=1,
    )
    for start in starts:
        start.finish()

    # Then every start showed the window, quit cleanly, and left the real settings alone
    assert starts, "the app was never started"
    for start in starts:
        assert start.timings["script_to_shown_s"] > 0, start.describe()
        assert start.exit_code == 0, start.describe()
    real_after = real_settings.stat().st_mtime_ns if real_settings.exists() else None
    assert real_after == real_before, f"a start touched {real_settings}"

    measured = starts[WARMUP_ROUNDS:] or starts  # one start only with --benchmark-disable
    for key in sorted({key for start in measured for key in start.timings}):
        values = [start.timings[key] for start in measured if key in start.timings]
        benchmark.extra_info[key] = round(statistics.median(values), 4)
    benchmark.extra_info["bare_interpreter_s"] = round(
        bare_interpreter_seconds(isolated_environment(tmp_path / "bare")), 4
    )
