"""What a player can choose for the tray, by name: the felt's and each character's dice
colour, the dice size and the animation speed.

Only light dice colours are offered, so that the dark pips and numbers stay readable, and
only dark felts, so that the light dice and captions stand out.
"""

from __future__ import annotations

from PySide6.QtGui import QColor

from shadowdice.core.language import N_

#: Felt colours: name -> (label, colour in the light).
FELTS: dict[str, tuple[str, str]] = {
    "green": (N_("Green baize"), "#2f6a4e"),
    "blue": (N_("Night blue"), "#2b4a73"),
    "red": (N_("Wine red"), "#6e2b34"),
    "grey": (N_("Slate grey"), "#4a5058"),
    "brown": (N_("Leather brown"), "#6a4a2e"),
}

#: Dice colours: name -> (label, colour of a plain die).
DICE: dict[str, tuple[str, str]] = {
    "ivory": (N_("Ivory"), "#f7f1e3"),
    "sky": (N_("Sky blue"), "#cfe3f7"),
    "rose": (N_("Rose"), "#f6d3da"),
    "mint": (N_("Mint"), "#d4f0dc"),
    "sand": (N_("Sand"), "#efdcb3"),
    "lilac": (N_("Lilac"), "#e3d6f3"),
}

#: Animation speeds: name -> label.
ANIMATION_SPEEDS = {
    "off": N_("Off"),
    "fast": N_("Fast"),
    "normal": N_("Normal"),
    "slow": N_("Slow"),
}

#: How long a throw tumbles, as a share of the normal time, by animation speed.
SPEED_FACTORS = {"off": 0.0, "fast": 0.5, "normal": 1.0, "slow": 2.0}

#: Largest die size in pixels by the dice size chosen.
DIE_SIZES: dict[str, tuple[str, int]] = {
    "small": (N_("Small"), 56),
    "normal": (N_("Normal"), 72),
    "large": (N_("Large"), 96),
}


def felt_colour(name: str) -> QColor:
    """The felt of this name (green baize for a name not known)."""
    return QColor(FELTS.get(name, FELTS["green"])[1])


def dice_colour(name: str) -> QColor:
    """The dice colour of this name (ivory for a name not known)."""
    return QColor(DICE.get(name, DICE["ivory"])[1])


def die_size(name: str) -> int:
    """The largest die size for this dice size (normal for a name not known)."""
    return DIE_SIZES.get(name, DIE_SIZES["normal"])[1]
