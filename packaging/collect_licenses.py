"""Refresh ``resources/licenses/`` from the installed libraries the installers ship.

Run after upgrading a dependency, in the environment the installers are built in::

    python packaging/collect_licenses.py

Each Python distribution's own license file comes from its installed metadata; Python's from
its standard library folder; the PyInstaller bootloader's from PyInstaller's metadata (the dev
extra); ICU's is kept as committed (its text comes with ICU's source, not with the wheel); the
LGPL and GPL version 3 texts (Qt, PySide6 and Shiboken6 come without them in their wheels)
from Debian's ``/usr/share/common-licenses``, kept as they are when that folder is missing.
What is written for which component is ``shadowdice.licenses.COMPONENTS`` and
``BUNDLE_ONLY``. A bundle's own ``licenses/`` folder is written by the spec from what it
collected (``packaging/notices.py``), these texts among them.
"""

from __future__ import annotations

import sys
import sysconfig
from importlib.metadata import distribution
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from shadowdice.licenses import BUNDLE_ONLY, COMPONENTS, LGPL_FILES  # noqa: E402

TARGET = ROOT / "resources" / "licenses"
COMMON_LICENSES = Path("/usr/share/common-licenses")
COMMON_NAMES = {"LGPL-3.0.txt": "LGPL-3", "GPL-3.0.txt": "GPL-3"}
#: Texts kept as committed, and texts taken from another distribution than the component's.
KEPT = {"ICU.txt"}
TEXT_FROM = {"PyInstaller.txt": "pyinstaller"}


def distribution_license(name: str) -> str:
    """The text of the license files a distribution installed with its metadata, one after
    the other (a library under a choice of licenses brings each).
    """
    found = distribution(name)
    texts = [
        file.read_text(encoding="utf-8").strip()
        for file in sorted(found.files or (), key=lambda f: (len(f.name), f.name))
        if file.parts[0].endswith(".dist-info")
        and ("licen" in file.name.lower() or "COPYING" in file.name)
    ]
    if not texts:
        raise FileNotFoundError(f"{name} installed no license file")
    return "\n\n".join(texts) + "\n"


def main() -> None:
    """Write every license text the components name."""
    TARGET.mkdir(parents=True, exist_ok=True)
    for component in (*COMPONENTS, *BUNDLE_ONLY):
        [main_file, *_] = component.files
        if main_file in KEPT:
            continue
        if component.files == LGPL_FILES:
            for file_name in LGPL_FILES:
                common = COMMON_LICENSES / COMMON_NAMES[file_name]
                if common.is_file():
                    (TARGET / file_name).write_text(common.read_text(encoding="utf-8"))
            continue
        if main_file in TEXT_FROM:
            text = distribution_license(TEXT_FROM[main_file])
        elif component.distribution is None:
            text = (Path(sysconfig.get_path("stdlib")) / "LICENSE.txt").read_text(encoding="utf-8")
        else:
            text = distribution_license(component.distribution)
        (TARGET / main_file).write_text(text, encoding="utf-8")
    for path in sorted(TARGET.iterdir()):
        print(path.relative_to(ROOT))


if __name__ == "__main__":
    main()
