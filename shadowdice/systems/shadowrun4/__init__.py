"""Shadowrun, 4th edition (docs/rules/shadowrun4.md)."""

from shadowdice.systems.shadowrun4.system import Shadowrun4

__all__ = ["Shadowrun4"]
