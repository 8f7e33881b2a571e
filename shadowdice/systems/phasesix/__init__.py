"""Phase Six, classic rules (rule text 000_24484d5c4812db9f.txt) and current rules (rule text
001_dc1578c849a7671e.txt), one system with the rules variant chosen per character.
"""

from shadowdice.systems.phasesix.system import PhaseSix

__all__ = ["PhaseSix"]
