"""The layer rule of docs/architecture.md: core, systems and storage never import Qt."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).parents[1] / "shadowdice"
QT_FREE = ["core", "systems", "storage"]


def imported_modules(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


@pytest.mark.parametrize("layer", QT_FREE)
def test_no_module_of_the_layer_imports_qt_or_the_ui(layer):
    offenders = [
        f"{path.relative_to(PACKAGE)}: {name}"
        for path in (PACKAGE / layer).rglob("*.py")
        for name in imported_modules(path)
        if name.split(".")[0] in {"PySide6", "shiboken6"} or name.startswith("shadowdice.ui")
    ]
    assert offenders == []


def test_importing_every_qt_free_layer_loads_no_qt():
    code = (
        "import sys, pkgutil, importlib\n"
        "import shadowdice.core, shadowdice.systems, shadowdice.storage\n"
        "for pkg in (shadowdice.core, shadowdice.systems, shadowdice.storage):\n"
        "    for m in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + '.'):\n"
        "        importlib.import_module(m.name)\n"
        "print(sorted(m for m in sys.modules if m.startswith(('PySide6', 'shiboken6'))))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"
