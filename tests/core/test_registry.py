"""The registry is how the app learns what systems exist."""

import pytest

from shadowdice.core.registry import Registry, RuleSystem
from shadowdice.systems import builtin_registry


def test_builtin_registry_lists_shadowrun():
    registry = builtin_registry()
    assert "shadowrun4" in registry
    assert [system.name for system in registry] == ["Shadowrun 4"]
    assert isinstance(registry.get("shadowrun4"), RuleSystem)


def test_an_id_is_registered_once():
    registry = builtin_registry()
    with pytest.raises(ValueError, match="registered already"):
        registry.register(registry.get("shadowrun4"))


def test_unknown_id_says_so():
    with pytest.raises(KeyError, match="no rule system with id gurps"):
        Registry().get("gurps")
