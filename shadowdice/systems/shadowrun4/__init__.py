"""Shadowrun, 4th edition (rule text 002_5b926730b4e0994c.txt)."""

from shadowdice.systems.shadowrun4.system import Shadowrun4

__all__ = ["Shadowrun4"]
