"""Cold start of the bundle: from launching the built Shadowdice with one saved character to its
window on an X server with the character's name in its title.

Target, as for the start from source (``test_startup.py``): at most 2.0 times a bare PySide6
``QMainWindow`` started in the same run on the same X server. The bundle cannot run the probe
the start from source uses, so both are watched from outside: every few milliseconds
``xdotool`` asks the X server whether a visible window with the awaited title is there.
Polling costs both alike.

Needs a built bundle and ``xdotool``, so it is skipped unless ``SHADOWDICE_BUNDLE`` names the
bundle's folder (``dist/shadowdice``, built as ``docs/building.md`` says); the X server is the
one of :mod:`x_server` (the one given with ``QT_QPA_PLATFORM=xcb``, else a private Xvfb)::

    export SHADOWDICE_BUNDLE=dist/shadowdice
    .venv/bin/python -m pytest -s --benchmark-only tests/benchmarks/test_startup_bundle.py
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.benchmarks.test_startup import TARGET_RATIO
from tests.benchmarks.x_server import on_display, x_display
from tests.private_home import private_home_environment

BUNDLE = os.environ.get("SHADOWDICE_BUNDLE", "")
ROUNDS = 7
GIVE_UP_AFTER_S = 30
#: Between two questions to the X server: each is a process and a connection of its own.
POLL_S = 0.005
#: How often a start the X server refused to connect is tried.
CONNECTION_TRIES = 3
BARE_TITLE = "Bare window"
BARE = (
    "from PySide6.QtWidgets import QApplication, QMainWindow\n"
    "app = QApplication([])\n"
    "window = QMainWindow()\n"
    f"window.setWindowTitle({BARE_TITLE!r})\n"
    "window.resize(1280, 800)\n"
    "window.show()\n"
    "app.exec()\n"
)

pytestmark = pytest.mark.skipif(
    not BUNDLE or shutil.which("xdotool") is None,
    reason="needs SHADOWDICE_BUNDLE (a built bundle) and xdotool",
)


@pytest.fixture(scope="module")
def display():
    """The X server the starts show their windows on."""
    with x_display() as name:
        yield name


def seconds_until_shown(command: list[str], title: str, home: Path, display: str) -> float:
    """Launch ``command`` on ``display``; the time until a visible window titled ``title`` is
    on that X server.

    The process is killed once it is there. A start the X server refused to connect (Xvfb
    does so now and then while it answers the polling of a busy machine) is started again,
    at most :data:`CONNECTION_TRIES` times: it never reached the app's own start.
    """
    for _try in range(CONNECTION_TRIES):
        seconds = start_once(command, title, home, display)
        if seconds is not None:
            return seconds
    raise AssertionError(f"the X server refused {command[0]} {CONNECTION_TRIES} times")


def start_once(command: list[str], title: str, home: Path, display: str) -> float | None:
    """One launch as :func:`seconds_until_shown` says; None if it could not connect."""
    env = on_display(private_home_environment(home), display)
    stderr_path = home / "stderr.txt"
    with stderr_path.open("w") as stderr:
        started = time.perf_counter()
        process = subprocess.Popen(
            command, env=env, cwd=home, stdout=subprocess.DEVNULL, stderr=stderr
        )
    try:
        while time.perf_counter() - started < GIVE_UP_AFTER_S:
            search = ["xdotool", "search", "--onlyvisible", "--name", title]
            if subprocess.run(search, capture_output=True, text=True, env=env).stdout.strip():
                return time.perf_counter() - started
            if process.poll() is not None:
                said = stderr_path.read_text(errors="replace")
                if "could not connect to display" in said:
                    return None
                raise AssertionError(f"{command[0]} ended with {process.returncode}:\n{said}")
            time.sleep(POLL_S)
        raise AssertionError(f"{command[0]} showed no window titled {title!r}")
    finally:
        process.kill()
        process.wait()


@pytest.mark.benchmark(group="startup")
def test_start_with_one_character_from_the_bundle(benchmark, tmp_path, display):
    # Given the built bundle and a saved character
    from shadowdice.storage.character_file import save_character
    from shadowdice.systems.shadowrun4 import Shadowrun4
    from shadowdice.systems.shadowrun4.sheet import ShadowrunSheet

    character = tmp_path / "kira.shadowdice"
    save_character(character, Shadowrun4(), ShadowrunSheet(name="Kira"))
    app = [str(Path(BUNDLE).resolve() / "shadowdice"), str(character)]
    bare = [sys.executable, "-c", BARE]
    pairs: list[tuple[float, float]] = []

    def one_round() -> None:
        number = len(pairs)
        floor = seconds_until_shown(bare, BARE_TITLE, tmp_path / f"bare-{number}", display)
        subject = seconds_until_shown(app, "Kira", tmp_path / f"app-{number}", display)
        pairs.append((subject, floor))

    # When the bundle opens it on an X server, alternately with a bare Qt window
    benchmark.pedantic(one_round, rounds=ROUNDS, warmup_rounds=1, iterations=1)
    measured = pairs[1:] or pairs
    app_s = statistics.median(subject for subject, _ in measured)
    bare_s = statistics.median(floor for _, floor in measured)
    benchmark.extra_info.update(
        shadowdice_s=round(app_s, 4), bare_window_s=round(bare_s, 4), ratio=round(app_s / bare_s, 3)
    )
    print(f"bundle {app_s * 1e3:.0f} ms, bare window {bare_s * 1e3:.0f} ms: {app_s / bare_s:.2f}x")

    # Then the bundle is on screen with the character at most twice as late as the bare window
    assert app_s <= TARGET_RATIO * bare_s, f"{app_s:.3f} s against {bare_s:.3f} s"
