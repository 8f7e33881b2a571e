"""Memory: ten characters, and a hundred, each shown once.

Targets: Shadowdice with ten characters open, one of each system and then more Shadowrun
runners, each of them shown once (its tab chosen in turn, as a game master going round the
table does, so its card and its check form are built), holds at most 110 MB resident (Linux,
where ``/proc`` tells it); with a hundred, each shown once, at most 180 MB: what the app holds
stays flat as the party grows. A bare PySide6 ``QMainWindow`` is measured in the same run, as
the floor (50–54 MB on the machine the targets were set on).

All run in fresh interpreters through :mod:`startup_probe` (``each``), as the start benchmark
does; the figures are printed (``-s``) and kept in ``extra_info``.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from shadowdice.storage.character_file import save_character
from shadowdice.systems import builtin_registry
from tests.benchmarks.test_startup import PROBE, ColdStart

#: Party sizes and the most memory each may take, in MB.
TARGETS = {10: 110, 100: 180}
ROUNDS = 2


def saved_party(folder: Path, count: int) -> list[Path]:
    """One character of every system, then Shadowrun runners up to ``count``, each saved."""
    registry = builtin_registry()
    systems = list(registry)
    folder.mkdir()
    paths = []
    for number in range(count):
        system = systems[number] if number < len(systems) else registry.get("shadowrun4")
        sheet = system.new_sheet()
        sheet.name = f"Runner {number}"
        path = folder / f"runner-{number}.shadowdice"
        save_character(path, system, sheet)
        paths.append(path)
    return paths


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.benchmark(group="memory")
@pytest.mark.parametrize("count", sorted(TARGETS))
def test_characters_each_shown_once(benchmark, tmp_path, count):
    # Given a party saved in a folder
    party = saved_party(tmp_path / "party", count)
    apps: list[ColdStart] = []
    bares: list[ColdStart] = []

    def both() -> None:
        round_ = len(apps)
        bare = ColdStart([sys.executable, str(PROBE), "bare"], tmp_path / f"bare-{round_}")
        bare.until_shown().finish()
        command = [sys.executable, str(PROBE), "each", *map(str, party)]
        app = ColdStart(command, tmp_path / f"app-{round_}")
        app.until_shown().finish()
        bares.append(bare), apps.append(app)

    # When Shadowdice opens them and shows each once, and a bare window starts in the same run
    benchmark.pedantic(both, rounds=ROUNDS, iterations=1)
    app_mb = max(app.timings["rss_mb"] for app in apps)
    bare_mb = max(bare.timings["rss_mb"] for bare in bares)
    benchmark.extra_info.update(shadowdice_mb=app_mb, bare_window_mb=bare_mb)
    benchmark.extra_info["ratio"] = round(app_mb / bare_mb, 3)
    figures = f"Shadowdice {app_mb:.1f} MB, bare window {bare_mb:.1f} MB"
    print(f"{count} characters each shown once: {figures}")

    # Then all are open, each card was on screen once, and the app holds at most the target
    names = [path.stem.replace("runner-", "Runner ") for path in party]
    for app in apps:
        assert app.exit_code == 0, app.describe()
        assert app.timings["tabs"] == count
        assert app.timings["cards_shown"] == [*names, names[-1]]
    assert app_mb <= TARGETS[count], figures
