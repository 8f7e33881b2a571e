"""Rule systems are found where they lie, and their rules are imported only when used."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from shadowdice.core.discovery import SystemInfo, discover
from shadowdice.core.registry import Registry
from shadowdice.systems import builtin_registry

ROOT = Path(__file__).parents[2]


def run_python(code: str, *args: str) -> object:
    """Run ``code`` in a fresh interpreter and return the JSON it prints last."""
    result = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code), *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": str(ROOT), "QT_QPA_PLATFORM": "offscreen", "PATH": ""},
    )
    return json.loads(result.stdout.splitlines()[-1])


#: Code that defines ``imported_rules()``: the systems whose rules are imported, indented as
#: the code of the tests is.
IMPORTED_RULES = """
        def imported_rules():
            return sorted(
                name.split(".")[2]
                for name in sys.modules
                if name.startswith("shadowdice.systems.") and name.endswith(".system")
            )
"""


def test_the_registry_lists_every_system_without_importing_any_rules():
    listed = run_python(
        """
        import json, sys
        from shadowdice.systems import builtin_registry
        """
        + IMPORTED_RULES
        + """
        registry = builtin_registry()
        names = [info.name for info in registry.infos()]
        print(json.dumps([names, imported_rules()]))
        """
    )
    assert listed == [
        ["Shadowrun 4", "Phase Six", "Star Wars D6", "Heldenhandbuch", "Generic dice"],
        [],
    ]


def test_asking_for_a_system_imports_that_system_only():
    imported = run_python(
        """
        import json, sys
        from shadowdice.systems import builtin_registry
        """
        + IMPORTED_RULES
        + """
        registry = builtin_registry()
        system = registry.get("phasesix")
        print(json.dumps([system.name, imported_rules(), registry.is_loaded("shadowrun4")]))
        """
    )
    assert imported == ["Phase Six", ["phasesix"], False]


def test_the_main_window_imports_only_the_system_of_the_character_it_opens(tmp_path):
    # Given a saved Star Wars character
    from shadowdice.storage.character_file import save_character

    system = builtin_registry().get("starwars_d6")
    sheet = system.new_sheet()
    sheet.name = "Mara"
    path = tmp_path / "mara.shadowdice"
    save_character(path, system, sheet)

    # When a fresh app opens it
    imported = run_python(
        """
        import json, sys
        from pathlib import Path
        from PySide6.QtWidgets import QApplication
        from shadowdice.core.dice import RandomDiceSource
        from shadowdice.storage.paths import AppPaths
        from shadowdice.storage.settings import SettingsStore
        from shadowdice.systems import builtin_registry
        from shadowdice.ui.main_window import MainWindow
        """
        + IMPORTED_RULES
        + """
        app = QApplication([])
        home = Path(sys.argv[1])
        paths = AppPaths.under(home)
        window = MainWindow(
            registry=builtin_registry(),
            paths=paths,
            settings=SettingsStore(paths.settings_file),
            dice_source=RandomDiceSource(1),
        )
        selector = [window.system_selector.itemText(i) for i in range(4)]
        document = window.open_path(Path(sys.argv[2]))
        print(json.dumps([selector, document.sheet.name, imported_rules()]))
        """,
        str(tmp_path),
        str(path),
    )

    # Then the selector lists every system, and only Star Wars' rules were imported
    assert imported == [
        ["Shadowrun 4", "Phase Six", "Star Wars D6", "Heldenhandbuch"],
        "Mara",
        ["starwars"],
    ]


def test_every_declaration_says_what_its_system_is():
    registry = builtin_registry()
    for info in registry.infos():
        system = registry.get(info.id)
        assert (system.id, system.name, system.summary) == (info.id, info.name, info.summary)
        assert info.has_templates == (system.template_type is not None)
        package = importlib.import_module(info.module_name.rpartition(".")[0])
        assert getattr(package, type(system).__name__) is type(system)


def test_a_new_system_is_one_package_and_nothing_else(tmp_path, monkeypatch):
    # Given a folder of systems with a new package that declares itself, and one that does not
    folder = tmp_path / "more_systems"
    (folder / "coins").mkdir(parents=True)
    (folder / "helpers").mkdir()
    (folder / "__init__.py").write_text("")
    (folder / "helpers" / "__init__.py").write_text("")
    (folder / "coins" / "__init__.py").write_text(
        textwrap.dedent(
            """
            from shadowdice.core.discovery import SystemInfo

            SYSTEM = SystemInfo(
                id="coins", name="Coins", summary="Heads or tails.", rules="coins_rules:Coins"
            )
            """
        )
    )
    monkeypatch.syspath_prepend(str(tmp_path))

    # When the folder is searched for systems
    found = discover(importlib.import_module("more_systems"))

    # Then the new system is found by its declaration alone
    assert found == [SystemInfo("coins", "Coins", "Heads or tails.", "coins_rules:Coins")]


def test_a_system_whose_rules_disagree_with_its_declaration_is_refused():
    registry = Registry()
    registry.add(SystemInfo("sr", "Shadowrun", "", "shadowdice.systems.shadowrun4:Shadowrun4"))
    with pytest.raises(ValueError, match="has the id shadowrun4, its declaration sr"):
        registry.get("sr")


def test_a_declaration_is_added_once():
    registry = builtin_registry()
    with pytest.raises(ValueError, match="registered already"):
        registry.add(registry.info("phasesix"))
    with pytest.raises(KeyError, match="no rule system with id gurps"):
        registry.info("gurps")
