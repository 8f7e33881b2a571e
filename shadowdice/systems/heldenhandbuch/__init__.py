"""Heldenhandbuch, a fantasy system rolling W6 to W20 (docs/rules/heldenhandbuch.md).

Results are built from matches ("Gleiche") and sequences ("Folgen"); checks are single, sieve,
cascade or learning rolls.
"""

from shadowdice.systems.heldenhandbuch.system import Heldenhandbuch

__all__ = ["Heldenhandbuch"]
