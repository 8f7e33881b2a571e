"""The stand-in for pydantic's loader of plugins (``app.no_plugin_loader``) offers every name
pydantic's own modules take from the loader, and answers as the loader does with its plugins
off: a pydantic that asks the loader for more fails here rather than at a user's start.
"""

import ast
import importlib.util
from pathlib import Path

import pydantic

from shadowdice.app import PYDANTIC_PLUGIN_LOADER, no_plugin_loader


def names_taken_from_the_loader() -> set[str]:
    """Every name a module of pydantic imports from its loader of plugins."""
    loader = PYDANTIC_PLUGIN_LOADER.rsplit(".", 1)
    names = set()
    for source in Path(pydantic.__file__).parent.rglob("*.py"):
        package = ".".join(source.relative_to(Path(pydantic.__file__).parent.parent).parts[:-1])
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ImportFrom) or node.module is None:
                continue
            module = node.module
            if node.level:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                module = f"{base}.{module}"
            if module == ".".join(loader):
                names.update(alias.name for alias in node.names)
    return names


def test_pydantic_takes_only_get_plugins_from_its_loader_and_the_stand_in_has_it():
    taken = names_taken_from_the_loader()
    assert taken, "pydantic no longer imports its loader of plugins the way the stand-in expects"
    stand_in = no_plugin_loader()
    assert all(hasattr(stand_in, name) for name in taken), sorted(taken)


def test_the_stand_in_finds_no_plugins_as_pydantics_loader_does_with_them_off(monkeypatch):
    monkeypatch.setenv("PYDANTIC_DISABLE_PLUGINS", "__all__")
    # pydantic's own loader, read from its file (its name may be the stand-in's already)
    source = Path(pydantic.__file__).parent.joinpath(*PYDANTIC_PLUGIN_LOADER.split(".")[1:])
    spec = importlib.util.spec_from_file_location("real_loader", source.with_suffix(".py"))
    real = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(real)
    assert list(no_plugin_loader().get_plugins()) == list(real.get_plugins()) == []
