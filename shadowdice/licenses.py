"""The libraries every Shadowdice installer ships, with their licenses (for the About dialog).

The installers carry Python, Qt and the Python packages the app runs on. Their licenses ask
that their notices travel with them: each :class:`Component` names its license and the text
files in ``resources/licenses/`` that hold it (refreshed from the installed packages by
``packaging/collect_licenses.py``). Qt and PySide6 are used under the LGPL version 3, which
adds permissions to the GPL version 3, so both texts go with them. The bundle links them
dynamically, as separate files a player may replace with their own builds.

A bundle lists more: the spec attributes every file PyInstaller collected to its library
(``packaging/notices.py``), the libraries of the build machine included, and writes the
notices with an index into the bundle's ``licenses/`` folder; :func:`bundled_components` reads
that index, and the About dialog shows it instead of :data:`COMPONENTS` when it is there.

No Qt here: the dialog in ``shadowdice.ui.about_dialog`` shows what this module lists.
"""

from __future__ import annotations

import json
import platform
import sys
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from shadowdice.core.language import N_

LGPL_FILES = ("LGPL-3.0.txt", "GPL-3.0.txt")

#: The index of a bundle's ``licenses/`` folder: every component with what it brings.
INDEX_FILE = "index.json"


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
        known_version: the version a bundle's index recorded when it was built; "" to ask the
            installed metadata.
        carries: the files of a bundle that come from it (from a bundle's index).
        modules: the Python packages of a bundle's archive that come from it.
    """

    name: str
    distribution: str | None
    license: str
    files: tuple[str, ...]
    source: str
    role: str
    known_version: str = ""
    carries: tuple[str, ...] = ()
    modules: tuple[str, ...] = ()

    @property
    def version(self) -> str:
        """The version that runs now (and so the one in the installer), or "" if unknown."""
        if self.known_version:
            return self.known_version
        if self.distribution is None:
            return platform.python_version() if self.name == "Python" else ""
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
        N_("windows, widgets and drawing"),
    ),
    Component(
        "PySide6 (Qt for Python)",
        "PySide6-Essentials",
        "LGPL-3.0-only",
        LGPL_FILES,
        "https://code.qt.io/cgit/pyside/pyside-setup.git/",
        N_("Qt from Python"),
    ),
    Component(
        "Shiboken6",
        "shiboken6",
        "LGPL-3.0-only",
        LGPL_FILES,
        "https://code.qt.io/cgit/pyside/pyside-setup.git/",
        N_("the binding layer under PySide6"),
    ),
    Component(
        "ICU",
        None,
        "Unicode-DFS-2016 AND ICU AND BSD-3-Clause AND NAIST-2003",
        ("ICU.txt",),
        "https://github.com/unicode-org/icu",
        N_("Unicode text handling under Qt (Linux)"),
    ),
    Component(
        "Python",
        None,
        "PSF-2.0",
        ("Python.txt",),
        "https://www.python.org/downloads/source/",
        N_("the language the app is written in"),
    ),
    Component(
        "pydantic",
        "pydantic",
        "MIT",
        ("pydantic.txt",),
        "https://github.com/pydantic/pydantic",
        N_("reading and checking character files"),
    ),
    Component(
        "pydantic-core",
        "pydantic-core",
        "MIT",
        ("pydantic-core.txt",),
        "https://github.com/pydantic/pydantic-core",
        N_("the fast core of pydantic"),
    ),
    Component(
        "annotated-types",
        "annotated-types",
        "MIT",
        ("annotated-types.txt",),
        "https://github.com/annotated-types/annotated-types",
        N_("used by pydantic"),
    ),
    Component(
        "typing-inspection",
        "typing-inspection",
        "MIT",
        ("typing-inspection.txt",),
        "https://github.com/pydantic/typing-inspection",
        N_("used by pydantic"),
    ),
    Component(
        "typing_extensions",
        "typing-extensions",
        "PSF-2.0",
        ("typing-extensions.txt",),
        "https://github.com/python/typing_extensions",
        N_("used by pydantic"),
    ),
    Component(
        "platformdirs",
        "platformdirs",
        "MIT",
        ("platformdirs.txt",),
        "https://github.com/tox-dev/platformdirs",
        N_("where settings and characters are kept"),
    ),
    Component(
        "icepool",
        "icepool",
        "MIT",
        ("icepool.txt",),
        "https://github.com/HighDiceRoller/icepool",
        N_("the exact chances of Generic dice expressions"),
    ),
    Component(
        "pycrdt",
        "pycrdt",
        "MIT",
        ("pycrdt.txt",),
        "https://github.com/y-crdt/pycrdt",
        N_("the shared characters of a table on the network"),
    ),
    Component(
        "AnyIO",
        "anyio",
        "MIT",
        ("anyio.txt",),
        "https://github.com/agronholm/anyio",
        N_("used by pycrdt"),
    ),
    Component(
        "idna",
        "idna",
        "BSD-3-Clause",
        ("idna.txt",),
        "https://github.com/kjd/idna",
        N_("used by AnyIO"),
    ),
    Component(
        "spake2",
        "spake2",
        "MIT",
        ("spake2.txt",),
        "https://github.com/warner/python-spake2",
        N_("proving a table's join code"),
    ),
    Component(
        "cryptography",
        "cryptography",
        "Apache-2.0 OR BSD-3-Clause",
        ("cryptography.txt",),
        "https://github.com/pyca/cryptography",
        N_("sealing what travels between the laptops of a table"),
    ),
    Component(
        "CFFI",
        "cffi",
        "MIT",
        ("cffi.txt",),
        "https://github.com/python-cffi/cffi",
        N_("used by cryptography"),
    ),
    Component(
        "pycparser",
        "pycparser",
        "BSD-3-Clause",
        ("pycparser.txt",),
        "https://github.com/eliben/pycparser",
        N_("used by CFFI"),
    ),
    Component(
        "python-zeroconf",
        "zeroconf",
        "LGPL-2.1-or-later",
        ("zeroconf.txt",),
        "https://github.com/python-zeroconf/python-zeroconf",
        N_("finding tables on the local network"),
    ),
    Component(
        "ifaddr",
        "ifaddr",
        "MIT",
        ("ifaddr.txt",),
        "https://github.com/pydron/ifaddr",
        N_("the laptop's network addresses"),
    ),
    Component(
        "Segno",
        "segno",
        "BSD-3-Clause",
        ("segno.txt",),
        "https://github.com/heuer/segno",
        N_("the QR code of a table's address"),
    ),
)

#: Libraries only the bundles carry, not the app run from source.
BUNDLE_ONLY: tuple[Component, ...] = (
    Component(
        "PyInstaller bootloader",
        None,
        "GPL-2.0-or-later WITH Bootloader-exception",
        ("PyInstaller.txt",),
        "https://github.com/pyinstaller/pyinstaller",
        N_("starts the bundled app"),
    ),
)

#: The Python distributions whose metadata the bundle carries, so their versions show.
DISTRIBUTIONS: tuple[str, ...] = tuple(
    dict.fromkeys(c.distribution for c in COMPONENTS if c.distribution is not None)
)


def bundled_components(folder: Path) -> tuple[Component, ...] | None:
    """The components a bundle's ``licenses/`` index lists, or None outside a bundle."""
    try:
        index = json.loads((folder / INDEX_FILE).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    return tuple(
        Component(
            name=entry["name"],
            distribution=None,
            license=entry["license"],
            files=tuple(entry["files"]),
            source=entry["source"],
            role=entry["role"],
            known_version=entry["known_version"],
            carries=tuple(entry["carries"]),
            modules=tuple(entry["modules"]),
        )
        for entry in index["components"]
    )


def bundled_licenses_folder() -> Path | None:
    """A bundle's ``licenses/`` folder, or None when the app runs from source."""
    bundle = getattr(sys, "_MEIPASS", None)
    return Path(bundle) / "licenses" if bundle else None
