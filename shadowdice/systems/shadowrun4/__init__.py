"""Shadowrun, 4th edition (docs/rules/shadowrun4.md)."""

from shadowdice.core.discovery import SystemInfo
from shadowdice.core.language import translations

_, _n = translations(__name__)

SYSTEM = SystemInfo(
    id="shadowrun4",
    name="Shadowrun 4",
    summary=_("Dice pools of d6, hits on 5 and 6, glitches, Edge and the Rule of Six."),
    rules="shadowdice.systems.shadowrun4.system:Shadowrun4",
    order=10,
)

__all__ = ["SYSTEM", "Shadowrun4"]


def __getattr__(name: str) -> object:
    """``Shadowrun4``, imported the first time it is asked for (the rules take a moment)."""
    if name == "Shadowrun4":
        return SYSTEM.load()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
