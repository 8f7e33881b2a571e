"""Qt's libraries loaded, and fontconfig's configuration read, on a thread of their own while a
start imports Shadowdice's core: :func:`warm_up_natively`.

Python runs one thread at a time, but not while a thread is in native code that has let go of
the interpreter, as :mod:`ctypes` does for every call: the dynamic loader mapping and
relocating a library, fontconfig reading its configuration and its caches of the fonts. Both
are on the way to the window (PySide6's modules load Qt's libraries, and Qt asks fontconfig
for the fonts as it lays out the first text), some 30 ms of a start on Linux. So a start hands
them to a thread as it begins, which runs on the second core while the main thread imports
pydantic and the core; when PySide6 is imported, Qt's libraries are in memory already (a
library the loader has loaded is not loaded again), and fontconfig is ready for Qt.

Only where Qt's libraries are files of their own in PySide6's folder (Linux, from source and
from the bundle); elsewhere nothing is done, and a library that cannot be loaded is left to Qt,
which loads what it needs as it always does (and says what is missing). This module imports
nothing of Qt: it runs before Qt is imported.
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Mapping, Sequence
from contextlib import suppress
from importlib.machinery import PathFinder
from pathlib import Path

#: Qt's libraries every start loads, in PySide6's ``Qt`` folder, each after those it needs.
LIBRARIES = (
    "lib/libQt6Core.so.6",
    "lib/libQt6DBus.so.6",
    "lib/libQt6Gui.so.6",
    "lib/libQt6Widgets.so.6",
)

#: The X platform's library and plugin, which Qt loads as it creates the application on X.
X_PLATFORM = ("lib/libQt6XcbQpa.so.6", "plugins/platforms/libqxcb.so")

#: fontconfig, which Qt asks for the fonts on Linux.
FONTCONFIG = "libfontconfig.so.1"

#: The name of the thread, as debuggers and ``threading.enumerate()`` show it.
THREAD_NAME = "loading Qt"


def warm_up_natively() -> threading.Thread | None:
    """Start loading Qt's libraries and having fontconfig read its configuration, on a thread
    of its own; the thread, to join before Qt is given a font, or None (nothing to do here).
    """
    if not sys.platform.startswith("linux"):
        return None
    folder = qt_folder()
    if folder is None:
        return None
    names = libraries(os.environ)
    thread = threading.Thread(target=load, args=(folder, names), name=THREAD_NAME, daemon=True)
    thread.start()
    return thread


def qt_folder() -> Path | None:
    """PySide6's folder of Qt (with ``lib`` and ``plugins``), found on the import path without
    importing PySide6 (nor asking the import hooks, which would take it for an import); None
    where there is none.
    """
    try:
        spec = PathFinder.find_spec("PySide6")
    except (ImportError, ValueError):
        return None
    locations = spec.submodule_search_locations if spec is not None else None
    if not locations:
        return None
    folder = Path(next(iter(locations))) / "Qt"
    return folder if (folder / LIBRARIES[0]).is_file() else None


def libraries(environment: Mapping[str, str]) -> tuple[str, ...]:
    """The libraries of Qt to load ahead in ``environment``: :data:`LIBRARIES`, and those of
    :data:`X_PLATFORM` where Qt will run on X (the platform ``QT_QPA_PLATFORM`` names first,
    else X but in a Wayland session), not to load what another platform never uses.

    >>> libraries({"QT_QPA_PLATFORM": "offscreen"}) == LIBRARIES
    True
    """
    named = environment.get("QT_QPA_PLATFORM", "").split(";")[0].split(":")[0].strip()
    on_x = named == "xcb" if named else environment.get("XDG_SESSION_TYPE") != "wayland"
    return LIBRARIES + X_PLATFORM if on_x else LIBRARIES


def load(folder: Path, names: Sequence[str]) -> None:
    """Load the libraries ``names`` from ``folder`` (Qt's, in turn), then have fontconfig read
    its configuration; what cannot be loaded (the X platform's plugin where X's libraries are
    not installed) is left to Qt, which loads it, or says why not, if it needs it.
    """
    import ctypes

    for name in names:
        with suppress(OSError):
            ctypes.CDLL(str(folder / name))
    with suppress(OSError, AttributeError):
        ctypes.CDLL(FONTCONFIG).FcInit()
