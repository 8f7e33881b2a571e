"""Phase Six, classic rules (rule text 000) and current rules (rule text 001), one system with
the rules variant chosen per character (docs/rules/phasesix.md).
"""

from shadowdice.core.discovery import SystemInfo
from shadowdice.core.language import translations

_, _n = translations(__name__)

SYSTEM = SystemInfo(
    id="phasesix",
    name="Phase Six",
    summary=_(
        "Pools of d6 against a minimum roll, exploding sixes, bonus, reroll and destiny dice; "
        "classic and current rules."
    ),
    rules="shadowdice.systems.phasesix.system:PhaseSix",
    order=20,
)

__all__ = ["SYSTEM", "PhaseSix"]


def __getattr__(name: str) -> object:
    """``PhaseSix``, imported the first time it is asked for (the rules take a moment)."""
    if name == "PhaseSix":
        return SYSTEM.load()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
