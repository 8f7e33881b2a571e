"""Where the app's resources (icons, and later sounds and translations) are found.

One function serves every way the app runs: from a PyInstaller bundle, from an installed
wheel (resources inside the package), and from a source checkout (the top-level
``resources/`` folder). Nothing depends on the working directory.
"""

from __future__ import annotations

import sys
from pathlib import Path

import shadowdice


def resources_root() -> Path:
    """The folder holding the resources."""
    bundle = getattr(sys, "_MEIPASS", None)
    package = Path(shadowdice.__file__).resolve().parent
    candidates = [Path(bundle) / "resources"] if bundle else []
    candidates += [package / "resources", package.parent / "resources"]
    for candidate in candidates:
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(
        "the Shadowdice resources folder is missing: " + ", ".join(str(c) for c in candidates)
    )


def resource_path(relative: str) -> Path:
    """The path of one resource, e.g. ``resource_path("icons/shadowdice.svg")``."""
    return resources_root() / relative
