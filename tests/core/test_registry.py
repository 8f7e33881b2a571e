"""The registry is how the app learns what systems exist."""

import pytest

from shadowdice.core.registry import Registry, RuleSystem
from shadowdice.systems import builtin_registry


def test_builtin_registry_lists_shadowrun_then_phase_six():
    registry = builtin_registry()
    assert "shadowrun4" in registry and "phasesix" in registry
    assert [system.name for system in registry] == ["Shadowrun 4", "Phase Six"]
    assert isinstance(registry.get("shadowrun4"), RuleSystem)
    assert isinstance(registry.get("phasesix"), RuleSystem)


def test_an_id_is_registered_once():
    registry = builtin_registry()
    with pytest.raises(ValueError, match="registered already"):
        registry.register(registry.get("shadowrun4"))


def test_unknown_id_says_so():
    with pytest.raises(KeyError, match="no rule system with id gurps"):
        Registry().get("gurps")
