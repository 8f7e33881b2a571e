"""The libraries every Shadowdice installer ships, with their licenses (for the About dialog).

The installers carry Python, Qt and the Python packages the app runs on. Their licenses ask
that their notices travel with them: each :class:`Component` names its license and the text
files in ``resources/licenses/`` that hold it (refreshed from the installed packages by
``packaging/collect_licenses.py``). Qt and PySide6 are used under the LGPL version 3, which
adds permissions to the GPL version 3, so both texts go with them. The bundle links them
dynamically, as separate files a player may replace with their own builds.

No Qt here: the dialog in ``shadowdice.ui.about_dialog`` shows what this module lists.
"""

from __future__ import annotations

import platform
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

LGPL_FILES = ("LGPL-3.0.txt", "GPL-3.0.txt")


@dataclass(frozen=True, slots=True)
class Component:
    """One library in the installers.

    Attributes:
        name: its name, as its authors write it.
        distribution: the Python distribution that brings it, for its version; None for
            Python itself.
        license: the license, as an SPDX identifier.
        files: the license texts in ``resources/licenses/``, the first the main one.
        source: where its source code is published.
        role: what Shadowdice uses it for, in a few words.
    """

    name: str
    distribution: str | None
    license: str
    files: tuple[str, ...]
    source: str
    role: str

    @property
    def version(self) -> str:
        """The version that runs now (and so the one in the installer), or "" if unknown."""
        if self.distribution is None:
            return platform.python_version()
        try:
            return version(self.distribution)
        except PackageNotFoundError:
            return ""

    def texts(self, folder: Path) -> str:
        """The license texts, read from ``folder``, one after the other."""
        return "\n\n".join(
            (folder / name).read_text(encoding="utf-8").strip() for name in self.files
        )


COMPONENTS: tuple[Component, ...] = (
    Component(
        "Qt",
        "PySide6-Essentials",
        "LGPL-3.0-only",
        LGPL_FILES,
        "https://download.qt.io/official_releases/qt/",
        "windows, widgets and drawing",
    ),
    Component(
        "PySide6 (Qt for Python)",
        "PySide6-Essentials",
        "LGPL-3.0-only",
        LGPL_FILES,
        "https://code.qt.io/cgit/pyside/pyside-setup.git/",
        "Qt from Python",
    ),
    Component(
        "Shiboken6",
        "shiboken6",
        "LGPL-3.0-only",
        LGPL_FILES,
        "https://code.qt.io/cgit/pyside/pyside-setup.git/",
        "the binding layer under PySide6",
    ),
    Component(
        "Python",
        None,
        "PSF-2.0",
        ("Python.txt",),
        "https://www.python.org/downloads/source/",
        "the language the app is written in",
    ),
    Component(
        "pydantic",
        "pydantic",
        "MIT",
        ("pydantic.txt",),
        "https://github.com/pydantic/pydantic",
        "reading and checking character files",
    ),
    Component(
        "pydantic-core",
        "pydantic-core",
        "MIT",
        ("pydantic-core.txt",),
        "https://github.com/pydantic/pydantic-core",
        "the fast core of pydantic",
    ),
    Component(
        "annotated-types",
        "annotated-types",
        "MIT",
        ("annotated-types.txt",),
        "https://github.com/annotated-types/annotated-types",
        "used by pydantic",
    ),
    Component(
        "typing-inspection",
        "typing-inspection",
        "MIT",
        ("typing-inspection.txt",),
        "https://github.com/pydantic/typing-inspection",
        "used by pydantic",
    ),
    Component(
        "typing_extensions",
        "typing-extensions",
        "PSF-2.0",
        ("typing-extensions.txt",),
        "https://github.com/python/typing_extensions",
        "used by pydantic",
    ),
    Component(
        "platformdirs",
        "platformdirs",
        "MIT",
        ("platformdirs.txt",),
        "https://github.com/tox-dev/platformdirs",
        "where settings and characters are kept",
    ),
)

#: The Python distributions whose metadata the bundle carries, so their versions show.
DISTRIBUTIONS: tuple[str, ...] = tuple(
    dict.fromkeys(c.distribution for c in COMPONENTS if c.distribution is not None)
)
