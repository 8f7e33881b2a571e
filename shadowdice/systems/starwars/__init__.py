"""Star Wars D6 (rule text 004, no wild die; docs/rules/starwars.md): dice codes, character
templates and creation, checks against target numbers and opposed checks, rounds and their
segments, damage, wounds and death rolls, lightsabers and starships.
"""

from shadowdice.core.discovery import SystemInfo
from shadowdice.core.language import translations

_, _n = translations(__name__)

SYSTEM = SystemInfo(
    id="starwars_d6",
    name="Star Wars D6",
    summary=(
        _(
            "Dice codes like 4D+1 summed against a target number or an "
            "opponent's roll; templates, 7D of skill dice at creation, Force "
            "Points, rounds, wounds, starships."
        )
    ),
    rules="shadowdice.systems.starwars.system:StarWarsD6",
    has_templates=True,
    order=30,
)

__all__ = ["SYSTEM", "StarWarsD6"]


def __getattr__(name: str) -> object:
    """``StarWarsD6``, imported the first time it is asked for (the rules take a moment)."""
    if name == "StarWarsD6":
        return SYSTEM.load()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
