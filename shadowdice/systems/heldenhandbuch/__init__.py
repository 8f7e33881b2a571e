"""Heldenhandbuch, a fantasy system rolling W6 to W20 (docs/rules/heldenhandbuch.md).

Results are built from matches ("Gleiche") and sequences ("Folgen"); checks are single, sieve,
cascade or learning rolls.
"""

from shadowdice.core.discovery import SystemInfo
from shadowdice.core.language import translations

_, _n = translations(__name__)

SYSTEM = SystemInfo(
    id="heldenhandbuch",
    name="Heldenhandbuch",
    summary=(
        _(
            "Fantasy with W6 to W20: matches and sequences, sieve and cascade "
            "rolls, fumbles to offset, lucky numbers and legendary checks."
        )
    ),
    rules="shadowdice.systems.heldenhandbuch.system:Heldenhandbuch",
    order=40,
)

__all__ = ["SYSTEM", "Heldenhandbuch"]


def __getattr__(name: str) -> object:
    """``Heldenhandbuch``, imported the first time it is asked for (the rules take a moment)."""
    if name == "Heldenhandbuch":
        return SYSTEM.load()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
