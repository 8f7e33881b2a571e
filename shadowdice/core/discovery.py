"""Finding rule systems without importing their rules.

Each package under ``shadowdice/systems/`` declares itself in its ``__init__`` with a light
:class:`SystemInfo` named ``SYSTEM``: its id, its name, a line on what it is, whether it makes
characters from templates, and where its :class:`~shadowdice.core.registry.RuleSystem` class
lives. :func:`discover` walks the packages of a folder with :mod:`pkgutil` and collects those
declarations; no list of systems is kept anywhere else, so a new system is one new package.

Importing a system's rules (its sheet models, checks, odds tables) is what takes time; the
declaration costs nothing. The app lists every system in its selector and file dialogs from
the declarations and imports a system the first time one of its characters is opened or it is
chosen for a new one (:meth:`SystemInfo.load`).

This module imports nothing but the standard library, so that a declaration stays light.

>>> info = SystemInfo(id="dice", name="Dice", summary="Plain dice.", rules="fractions:Fraction")
>>> info.module_name, info.class_name
('fractions', 'Fraction')
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterator
from dataclasses import dataclass
from types import ModuleType
from typing import Any

#: The name under which a system package declares its :class:`SystemInfo`.
DECLARATION = "SYSTEM"


@dataclass(frozen=True, slots=True)
class SystemInfo:
    """A rule system as the app knows it before importing its rules.

    Attributes:
        id: stable id, written into save files; the system class has the same.
        name: the name players know.
        summary: one line on what the system is (the selector's tooltip).
        rules: where the :class:`~shadowdice.core.registry.RuleSystem` subclass lives, as
            ``"package.module:ClassName"``.
        has_templates: whether characters of the system are made from templates.
        order: where the system stands among the others in lists (lower first; equal orders
            go by name).
    """

    id: str
    name: str
    summary: str
    rules: str
    has_templates: bool = False
    order: int = 100

    @property
    def module_name(self) -> str:
        """The module that holds the system class."""
        return self.rules.partition(":")[0]

    @property
    def class_name(self) -> str:
        """The name of the system class in that module."""
        return self.rules.partition(":")[2]

    def load(self) -> Any:
        """Import the system's rules and return its class (imports happen once)."""
        return getattr(importlib.import_module(self.module_name), self.class_name)


def discover(package: ModuleType) -> list[SystemInfo]:
    """The systems declared by the packages inside ``package``, in list order.

    Only each package's ``__init__`` is imported. A package without a ``SYSTEM`` declaration
    is not a rule system and is skipped.
    """
    return sorted(_declarations(package), key=lambda info: (info.order, info.name.casefold()))


def _declarations(package: ModuleType) -> Iterator[SystemInfo]:
    prefix = f"{package.__name__}."
    for module in pkgutil.iter_modules(package.__path__, prefix):
        if not module.ispkg:
            continue
        declared = getattr(importlib.import_module(module.name), DECLARATION, None)
        if isinstance(declared, SystemInfo):
            yield declared
