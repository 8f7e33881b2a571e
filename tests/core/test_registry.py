"""The registry is how the app learns what systems exist."""

import pytest

from shadowdice.core.registry import Registry, RuleSystem
from shadowdice.systems import builtin_registry


def test_builtin_registry_lists_every_shipped_system_in_menu_order():
    registry = builtin_registry()
    assert [system.name for system in registry] == [
        "Shadowrun 4",
        "Phase Six",
        "Star Wars D6",
        "Heldenhandbuch",
        "Generic dice",
    ]
    for system_id in ("shadowrun4", "phasesix", "starwars_d6", "heldenhandbuch", "generic_dice"):
        assert isinstance(registry.get(system_id), RuleSystem)


def test_an_id_is_registered_once():
    registry = builtin_registry()
    with pytest.raises(ValueError, match="registered already"):
        registry.register(registry.get("shadowrun4"))


def test_unknown_id_says_so():
    with pytest.raises(KeyError, match="no rule system with id gurps"):
        Registry().get("gurps")
