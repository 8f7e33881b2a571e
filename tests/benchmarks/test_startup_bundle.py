"""Cold start of the bundle: from launching the built Shadowdice with one saved character to its
window on an X server with the character's name in its title.

Target, as for the start from source (``test_startup.py``): at most 1.5 times a bare PySide6
``QMainWindow`` started in the same run. The bundle cannot run the probe the source start
uses, so both are watched from outside: every few milliseconds ``xdotool`` asks the X server
whether a visible window with the awaited title is there. Polling costs both alike.

Needs a built bundle, a real X server and ``xdotool``, so it is skipped unless
``SHADOWDICE_BUNDLE`` names the bundle's folder (``dist/shadowdice``) and
``QT_QPA_PLATFORM=xcb``::

    export SHADOWDICE_BUNDLE=dist/shadowdice QT_QPA_PLATFORM=xcb
    xvfb-run -a .venv/bin/python -m pytest tests/benchmarks/test_startup_bundle.py --benchmark-only
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
from tests.private_home import private_home_environment

BUNDLE = os.environ.get("SHADOWDICE_BUNDLE", "")
ROUNDS = 7
GIVE_UP_AFTER_S = 30
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
    not BUNDLE or os.environ.get("QT_QPA_PLATFORM") != "xcb" or shutil.which("xdotool") is None,
    reason="needs SHADOWDICE_BUNDLE, QT_QPA_PLATFORM=xcb on an X server, and xdotool",
)


def seconds_until_shown(command: list[str], title: str, home: Path) -> float:
    """Launch ``command``; the time until a visible window titled ``title`` is on the X server.

    The process is killed once it is there.
    """
    env = {**private_home_environment(home), "QT_QPA_PLATFORM": "xcb"}
    started = time.perf_counter()
    process = subprocess.Popen(
        command, env=env, cwd=home, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        while time.perf_counter() - started < GIVE_UP_AFTER_S:
            search = ["xdotool", "search", "--onlyvisible", "--name", title]
            if subprocess.run(search, capture_output=True, text=True).stdout.strip():
                return time.perf_counter() - started
            if process.poll() is not None:
                raise AssertionError(f"{command[0]} ended with {process.returncode}")
            time.sleep(0.003)
        raise AssertionError(f"{command[0]} showed no window titled {title!r}")
    finally:
        process.kill()
        process.wait()


@pytest.mark.benchmark(group="startup")
def test_start_with_one_character_from_the_bundle(benchmark, tmp_path):
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
        floor = seconds_until_shown(bare, BARE_TITLE, tmp_path / f"bare-{number}")
        subject = seconds_until_shown(app, "Kira", tmp_path / f"app-{number}")
        pairs.append((subject, floor))

    # When the bundle opens it, alternately with a bare Qt window
    benchmark.pedantic(one_round, rounds=ROUNDS, warmup_rounds=1, iterations=1)
    measured = pairs[1:] or pairs
    app_s = statistics.median(subject for subject, _ in measured)
    bare_s = statistics.median(floor for _, floor in measured)
    benchmark.extra_info.update(
        shadowdice_s=round(app_s, 4), bare_window_s=round(bare_s, 4), ratio=round(app_s / bare_s, 3)
    )
    print(f"bundle {app_s * 1e3:.0f} ms, bare window {bare_s * 1e3:.0f} ms: {app_s / bare_s:.2f}x")

    # Then the bundle is on screen with the character nearly as soon as the bare window
    assert app_s <= TARGET_RATIO * bare_s, f"{app_s:.3f} s against {bare_s:.3f} s"
