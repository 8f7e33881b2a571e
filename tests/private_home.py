"""A private home for the app started in a process of its own.

Tests and benchmarks that start Shadowdice as a player does (from source or from the bundle)
give it an environment in which every per-user folder lies inside a temporary ``home``, so
that platformdirs finds no real settings, characters or roll log, and nothing real is written.
"""

from __future__ import annotations

import os
from pathlib import Path


def private_home_environment(home: Path) -> dict[str, str]:
    """The environment of the app: offscreen Qt, and every per-user folder inside ``home``."""
    runtime = home / "runtime"
    runtime.mkdir(mode=0o700, parents=True, exist_ok=True)
    return {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "HOME": str(home),
        "USERPROFILE": str(home),
        "APPDATA": str(home / "AppData" / "Roaming"),
        "LOCALAPPDATA": str(home / "AppData" / "Local"),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "XDG_DATA_HOME": str(home / ".local" / "share"),
        "XDG_STATE_HOME": str(home / ".local" / "state"),
        "XDG_CACHE_HOME": str(home / ".cache"),
        "XDG_DOCUMENTS_DIR": str(home / "Documents"),
        "XDG_RUNTIME_DIR": str(runtime),
    }
