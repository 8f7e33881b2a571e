"""Memory: ten characters open.

Target: Shadowdice with ten characters open, one of each system and then more Shadowrun
runners, holds at most 110 MB resident (Linux, where ``/proc`` tells it), measured once the
window is on screen; a bare PySide6 ``QMainWindow`` is measured in the same run for
comparison (64 MB on the machine the target was set on).

Both run in fresh interpreters through :mod:`startup_probe`, as the start benchmark does.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from shadowdice.storage.character_file import save_character
from shadowdice.systems import builtin_registry
from tests.benchmarks.test_startup import PROBE, ColdStart

CHARACTERS = 10
MOST_MB = 110


@pytest.fixture
def ten_characters(tmp_path) -> list[Path]:
    """One character of every system, then Shadowrun runners up to ten, each saved."""
    registry = builtin_registry()
    systems = list(registry)
    paths = []
    for number in range(CHARACTERS):
        system = systems[number] if number < len(systems) else registry.get("shadowrun4")
        sheet = system.new_sheet()
        sheet.name = f"Runner {number}"
        path = tmp_path / f"runner-{number}.shadowdice"
        save_character(path, system, sheet)
        paths.append(path)
    return paths


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.benchmark(group="memory")
def test_ten_characters_open(benchmark, tmp_path, ten_characters):
    results = {}

    def both() -> None:
        bare = ColdStart([sys.executable, str(PROBE), "bare"], tmp_path / "bare")
        bare.until_shown().finish()
        app = [sys.executable, str(PROBE), "shadowdice", *map(str, ten_characters)]
        subject = ColdStart(app, tmp_path / "app")
        subject.until_shown().finish()
        results.update(bare=bare, app=subject)

    # When Shadowdice opens ten characters, and a bare window starts in the same run
    benchmark.pedantic(both, rounds=1, iterations=1)
    app, bare = results["app"], results["bare"]
    app_mb, bare_mb = app.timings["rss_mb"], bare.timings["rss_mb"]
    benchmark.extra_info.update(shadowdice_mb=app_mb, bare_window_mb=bare_mb)
    benchmark.extra_info["ratio"] = round(app_mb / bare_mb, 3)

    # Then all ten are open in tabs and the app holds at most 110 MB
    assert app.exit_code == 0, app.describe()
    assert app.timings["tabs"] == CHARACTERS
    assert app_mb <= MOST_MB, f"Shadowdice {app_mb:.1f} MB, bare window {bare_mb:.1f} MB"
