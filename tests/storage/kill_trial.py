"""A kill trial: saves killed with SIGKILL at random moments, the files checked after each.

``tests/storage/test_kill_trial.py`` runs this file in a fresh interpreter::

    python tests/storage/kill_trial.py KILLS SEED

It saves two characters into one folder over and over in a forked child, alternating an old
and a new version of each, and kills the child at a random moment, ``KILLS`` times. After every
kill it loads each file (and its ``.bak``) and checks that it is the old or the new version; it
counts the temporary files the killed save left. At the end one more save is made into the
folder. It prints one line of JSON with the counts::

    {"kills": 200, "wrong": [], "temps_seen": 130, "temps_after_next_save": 0, ...}

POSIX only (fork and SIGKILL).
"""

import json
import os
import random
import signal
import sys
import tempfile
import time
from pathlib import Path

from shadowdice.storage.atomic import backup_path
from shadowdice.storage.character_file import load_character, save_character
from shadowdice.systems import builtin_registry

#: The notes make each file large enough that a kill often lands inside a write.
NOTES_CHARACTERS = 90_000


def versions(system, name: str) -> tuple:
    """An old and a new version of a character."""
    old = system.new_sheet().model_copy(
        update={"name": name, "notes": "old " * (NOTES_CHARACTERS // 4)}
    )
    new = system.new_sheet().model_copy(
        update={"name": name, "notes": "new " * (NOTES_CHARACTERS // 4)}
    )
    return old, new


def save_forever(paths: list[Path], system, pairs: list[tuple], turn: int) -> None:
    """The child: save every file, alternating versions from ``turn`` on, until killed."""
    while True:
        for path, pair in zip(paths, pairs, strict=True):
            save_character(path, system, pair[turn % 2])
        turn += 1


def temps(folder: Path) -> list[str]:
    return sorted(entry.name for entry in folder.iterdir() if entry.name.endswith(".tmp"))


def main(kills: int, seed: int) -> dict:
    registry = builtin_registry()
    system = registry.get("shadowrun4")
    chance = random.Random(seed)
    folder = Path(tempfile.mkdtemp(prefix="shadowdice-kill-trial-"))
    paths = [folder / "hagen.shadowdice", folder / "kira.shadowdice"]
    pairs = [versions(system, "Hagen"), versions(system, "Kira")]
    for path, (old, _new) in zip(paths, pairs, strict=True):
        save_character(path, system, old)
    notes = {pair[0].notes: "old" for pair in pairs} | {pair[1].notes: "new" for pair in pairs}

    started = time.perf_counter()
    wrong: list[str] = []
    temps_seen = most_temps = loads = 0
    seen = {"old": 0, "new": 0}
    for kill in range(kills):
        child = os.fork()
        if child == 0:  # pragma: no cover - the child never returns
            try:
                save_forever(paths, system, pairs, kill)
            finally:
                os._exit(1)
        time.sleep(chance.uniform(0.0005, 0.03))
        os.kill(child, signal.SIGKILL)
        os.waitpid(child, 0)
        for path in paths:
            for candidate in (path, backup_path(path)):
                if not candidate.exists():
                    continue
                try:
                    which = notes.get(load_character(candidate, registry).sheet.notes)
                except Exception as error:
                    wrong.append(f"kill {kill}: {candidate.name}: {error}")
                    continue
                loads += 1
                if which is None:
                    wrong.append(f"kill {kill}: {candidate.name} is neither old nor new")
                elif candidate == path:
                    seen[which] += 1
        left = len(temps(folder))
        temps_seen += left
        most_temps = max(most_temps, left)
    temps_before = temps(folder)
    save_character(paths[0], system, pairs[0][0])
    result = {
        "kills": kills,
        "loads_checked": loads,
        "wrong": wrong,
        "files_old": seen["old"],
        "files_new": seen["new"],
        "temps_seen": temps_seen,
        "most_temps_at_once": most_temps,
        "temps_before_next_save": len(temps_before),
        "temps_after_next_save": temps(folder),
        "seconds": round(time.perf_counter() - started, 2),
    }
    for entry in folder.iterdir():
        entry.unlink()
    folder.rmdir()
    return result


if __name__ == "__main__":
    print(json.dumps(main(int(sys.argv[1]), int(sys.argv[2]))))
