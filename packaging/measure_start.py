"""Time a whole start of Shadowdice from the bundle against one from source.

Each run is a fresh process that starts the app offscreen in an empty home, opens one
character, rolls one check (``--roll ... --write-result``), writes the record and exits: the
time from spawning it to its exit, so it covers the interpreter, every import, Qt, the main
window and the way out. The first run of each kind is reported apart (files not yet in the
page cache); the median is over the rest::

    python packaging/measure_start.py [--bundle dist/shadowdice/shadowdice] [--rounds 10]

Run it from the top of the repository, with Shadowdice installed in the interpreter that runs
it (the "source" runs are ``python -m shadowdice`` in that interpreter).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CHECK = {"skill": "Pistols", "threshold": 2}


def sample_character(folder: Path) -> Path:
    """A Shadowrun 4 character with a Pistols rating, saved in ``folder``."""
    from shadowdice.storage.character_file import save_character
    from shadowdice.systems import builtin_registry

    system = builtin_registry().get("shadowrun4")
    data = system.new_sheet().model_dump(mode="json")
    data["name"] = "Kira"
    for skill in data["skills"]:
        if skill["name"] == "Pistols":
            skill["rating"] = 4
    path = folder / "kira.shadowdice"
    save_character(path, system, system.sheet_type.model_validate(data))
    return path


def environment(home: Path) -> dict[str, str]:
    """Offscreen Qt, and every per-user folder inside ``home``."""
    runtime = home / "runtime"
    runtime.mkdir(mode=0o700, parents=True, exist_ok=True)
    return {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "XDG_DATA_HOME": str(home / ".local" / "share"),
        "XDG_STATE_HOME": str(home / ".local" / "state"),
        "XDG_CACHE_HOME": str(home / ".cache"),
        "XDG_RUNTIME_DIR": str(runtime),
    }


def one_run(command: list[str], folder: Path, number: int) -> float:
    """Seconds from spawn to exit of one start; fails loudly when the app did not roll."""
    home = folder / f"home-{number}"
    result = home / "roll.json"
    home.mkdir()
    started = time.perf_counter()
    arguments = ["--seed", "7", "--roll", json.dumps(CHECK), "--write-result", str(result)]
    subprocess.run(
        [*command, *arguments, str(folder / "kira.shadowdice")],
        cwd=home,
        env=environment(home),
        check=True,
        capture_output=True,
    )
    elapsed = time.perf_counter() - started
    if not result.is_file():
        raise RuntimeError(f"{command[0]} did not write its roll")
    return elapsed


def measure(name: str, command: list[str], rounds: int) -> None:
    """Print the first run and the median, min and max of the others."""
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        sample_character(folder)
        times = [one_run(command, folder, number) for number in range(rounds + 1)]
    rest = times[1:]
    print(
        f"{name:7} first {times[0]:.3f} s, then median {statistics.median(rest):.3f} s "
        f"(min {min(rest):.3f}, max {max(rest):.3f}, {len(rest)} runs)"
    )


def main() -> None:
    """Command line: the bundle's executable and how many runs of each."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bundle", type=Path, default=Path("dist/shadowdice/shadowdice"))
    parser.add_argument("--rounds", type=int, default=10)
    arguments = parser.parse_args()
    measure("bundle", [str(arguments.bundle.resolve())], arguments.rounds)
    measure("source", [sys.executable, "-m", "shadowdice"], arguments.rounds)


if __name__ == "__main__":
    main()
