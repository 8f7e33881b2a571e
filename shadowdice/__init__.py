"""Shadowdice: a desktop companion for tabletop role-playing games.

``__version__`` is the version of the installed distribution (pyproject.toml's, written into
its metadata on install; the bundle carries that metadata too). It is read straight from the
``METADATA`` file of the first ``shadowdice-*.dist-info`` folder on the import path, as
:mod:`importlib.metadata` would find it, without importing that module and the e-mail parser,
sockets and zip support it brings along: the app shows its version at every start.
"""

import os
import sys

#: The version of a source tree that was never installed.
UNINSTALLED = "0.0.0"


def _installed_version(distribution: str = "shadowdice") -> str:
    """The ``Version:`` of ``distribution``'s metadata on :data:`sys.path`, or UNINSTALLED."""
    prefix = f"{distribution}-"
    for folder in sys.path:
        try:
            names = sorted(os.listdir(folder or "."))
        except OSError:
            continue
        for name in names:
            if not (name.startswith(prefix) and name.endswith(".dist-info")):
                continue
            try:
                with open(os.path.join(folder, name, "METADATA"), encoding="utf-8") as metadata:
                    for line in metadata:
                        if line.startswith("Version:"):
                            return line.removeprefix("Version:").strip()
                        if not line.strip():
                            break  # the headers end here
            except OSError:
                continue
    return UNINSTALLED


__version__ = _installed_version()
