"""Heldenhandbuch, a fantasy system rolling W6 to W20 (rule text 003_8b653e1c68cc8937.txt).

Results are built from matches ("Gleiche") and sequences ("Folgen"); checks are single, sieve,
cascade or learning rolls.
"""

from shadowdice.systems.heldenhandbuch.system import Heldenhandbuch

__all__ = ["Heldenhandbuch"]
