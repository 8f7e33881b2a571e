"""Phase Six, classic rules (rule text 000) and current rules (rule text 001), one system with
the rules variant chosen per character (docs/rules/phasesix.md).
"""

from shadowdice.systems.phasesix.system import PhaseSix

__all__ = ["PhaseSix"]
