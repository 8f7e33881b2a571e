"""Generic dice: dice expressions for any game (docs/rules/generic.md).

For every table whose game is not one of the others: named rolls such as "Attack: 1d20+5",
rolled from dice expressions (3d6+2, 4d6kh3, 2d20kl1, 10d10>=8, d6!) with the exact chance of
a target before the roll.
"""

from shadowdice.core.discovery import SystemInfo
from shadowdice.core.language import translations

_, _n = translations(__name__)

SYSTEM = SystemInfo(
    id="generic_dice",
    name=_("Generic dice"),
    summary=_(
        "Dice expressions for any game: 3d6+2, 4d6kh3, 2d20kl1, 10d10>=8, d6!; "
        "named rolls and the chance of a target before the roll."
    ),
    rules="shadowdice.systems.generic.system:GenericDice",
    order=90,
)

__all__ = ["SYSTEM", "GenericDice"]


def __getattr__(name: str) -> object:
    """``GenericDice``, imported the first time it is asked for."""
    if name == "GenericDice":
        return SYSTEM.load()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
