"""The build step that compiles the message catalogs into the wheel (pyproject.toml names it).

The .mo files are built, never committed: this hook writes them next to their .po files
(packaging/catalogs.py) and puts them into the wheel; an editable install reads them where
they are.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CatalogsBuildHook(BuildHookInterface):
    """Compile every .po file to a .mo file before the wheel is put together."""

    PLUGIN_NAME = "catalogs"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        """Compile the catalogs; a standard wheel also gets them included by name."""
        sys.path.insert(0, str(Path(self.root) / "packaging"))
        try:
            import catalogs
        finally:
            sys.path.pop(0)
        for mo in catalogs.compile_all():
            relative = mo.relative_to(self.root).as_posix()
            build_data["force_include"][str(mo)] = relative
