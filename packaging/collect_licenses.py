"""Refresh ``resources/licenses/`` from the installed libraries the installers ship.

Run after upgrading a dependency, in the environment the installers are built in::

    python packaging/collect_licenses.py

Each Python distribution's own license file comes from its installed metadata; Python's from
its standard library folder; the LGPL and GPL version 3 texts (Qt, PySide6 and Shiboken6 come
without them in their wheels) from Debian's ``/usr/share/common-licenses``, kept as they are
when that folder is missing. What is written for which component is
``shadowdice.licenses.COMPONENTS``.
"""

from __future__ import annotations

import sys
import sysconfig
from importlib.metadata import distribution
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from shadowdice.licenses import COMPONENTS, LGPL_FILES  # noqa: E402

TARGET = ROOT / "resources" / "licenses"
COMMON_LICENSES = Path("/usr/share/common-licenses")
COMMON_NAMES = {"LGPL-3.0.txt": "LGPL-3", "GPL-3.0.txt": "GPL-3"}


def distribution_license(name: str) -> str:
    """The text of the license file a distribution installed with its metadata."""
    found = distribution(name)
    for file in found.files or ():
        parts = file.parts
        if parts[0].endswith(".dist-info") and "licen" in file.name.lower():
            return file.read_text(encoding="utf-8")
    raise FileNotFoundError(f"{name} installed no license file")


def main() -> None:
    """Write every license text the components name."""
    TARGET.mkdir(parents=True, exist_ok=True)
    for component in COMPONENTS:
        [main_file, *_] = component.files
        if component.files == LGPL_FILES:
            for file_name in LGPL_FILES:
                common = COMMON_LICENSES / COMMON_NAMES[file_name]
                if common.is_file():
                    (TARGET / file_name).write_text(common.read_text(encoding="utf-8"))
            continue
        if component.distribution is None:
            text = (Path(sysconfig.get_path("stdlib")) / "LICENSE.txt").read_text(encoding="utf-8")
        else:
            text = distribution_license(component.distribution)
        (TARGET / main_file).write_text(text, encoding="utf-8")
    for path in sorted(TARGET.iterdir()):
        print(path.relative_to(ROOT))


if __name__ == "__main__":
    main()
