"""A campaign's party on disk: a hundred characters of every system, for the tests and
benchmarks that open a whole party at once.
"""

from __future__ import annotations

from pathlib import Path

from shadowdice.storage.character_file import save_character
from shadowdice.systems import builtin_registry

#: The systems the party's characters take turns in.
SYSTEMS = ("shadowrun4", "phasesix", "starwars_d6", "heldenhandbuch", "generic_dice")

#: How many characters the party has.
PARTY = 100


def save_party(folder: Path) -> list[Path]:
    """Save the party in ``folder``, each character a system's sample with a name of its own
    ("… 007"), each in its own file; return the files in order.
    """
    registry = builtin_registry()
    paths = []
    for number in range(PARTY):
        system = registry.get(SYSTEMS[number % len(SYSTEMS)])
        sheet = system.sample_character()
        sheet.name = f"{sheet.name} {number:03d}"
        path = folder / f"character-{number:03d}.shadowdice"
        save_character(path, system, sheet)
        paths.append(path)
    return paths
