"""The layer rules of docs/architecture.md: core, systems and storage never import Qt nor the
network package; the network package never imports Qt nor the user interface.
"""

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
        if name.split(".")[0] in {"PySide6", "shiboken6"}
        or name.startswith(("shadowdice.ui", "shadowdice.network"))
    ]
    assert offenders == []


def test_the_network_package_imports_neither_qt_nor_the_ui():
    offenders = [
        f"{path.relative_to(PACKAGE)}: {name}"
        for path in (PACKAGE / "network").rglob("*.py")
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
        "print(sorted(m for m in sys.modules if m.startswith(('PySide6', 'shiboken6',"
        " 'shadowdice.network', 'pycrdt', 'zeroconf'))))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph() -> dict[str, set[str]]:
    """Every module of the package and the modules of the package it imports, wherever the
    import stands (at the top, under TYPE_CHECKING, or inside a function).
    """
    paths = {module_name(path): path for path in PACKAGE.rglob("*.py")}
    graph = {}
    for name, path in paths.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        imported = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*parent, *([node.module] if node.module else [])])
                imported |= {base, *(f"{base}.{alias.name}" for alias in node.names)}
            elif isinstance(node, ast.Import):
                imported |= {alias.name for alias in node.names}
        graph[name] = {module for module in imported & paths.keys() if module != name}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import each other, round and round (Tarjan's algorithm)."""
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = []

    def visit(module: str) -> None:
        order[module] = low[module] = len(order)
        stack.append(module)
        for other in graph[module]:
            if other not in order:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], order[other])
        if low[module] == order[module]:
            group = []
            while (top := stack.pop()) != module:
                group.append(top)
            if group:
                found.append(sorted([module, *group]))

    for module in graph:
        if module not in order:
            visit(module)
    return found


def test_the_cycle_finder_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_modules_import_each_other_round_and_round():
    graph = import_graph()
    assert "shadowdice.systems.starwars.sheet" in graph["shadowdice.systems.starwars.system"]
    assert cycles(graph) == []
