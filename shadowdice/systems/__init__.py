"""The rule systems, one package each, found where they lie.

Every package in this folder that declares a ``SYSTEM``
(:class:`~shadowdice.core.discovery.SystemInfo`) in its ``__init__`` is a rule system of the
app; there is no list of them anywhere else. :func:`builtin_registry` finds them without
importing their rules, which come in the first time a system is used.
"""

import sys

from shadowdice.core.discovery import discover
from shadowdice.core.registry import Registry


def builtin_registry() -> Registry:
    """A registry with every rule system that ships with Shadowdice, none imported yet."""
    registry = Registry()
    for info in discover(sys.modules[__name__]):
        registry.add(info)
    return registry
