"""The rule systems, one package each, and the registry of those that ship with the app."""

from shadowdice.core.registry import Registry


def builtin_registry() -> Registry:
    """A registry with every rule system that ships with Shadowdice."""
    from shadowdice.systems.heldenhandbuch import Heldenhandbuch
    from shadowdice.systems.phasesix import PhaseSix
    from shadowdice.systems.shadowrun4 import Shadowrun4
    from shadowdice.systems.starwars import StarWarsD6

    registry = Registry()
    registry.register(Shadowrun4())
    registry.register(PhaseSix())
    registry.register(StarWarsD6())
    registry.register(Heldenhandbuch())
    return registry
