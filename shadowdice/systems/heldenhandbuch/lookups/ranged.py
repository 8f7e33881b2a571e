"""The minimum result of a ranged shot, by target size, movement and distance.

Rule text section "Fernkampf" (3. Der Schuss, Fernkampfangriffen entgehen): the minimum is the
size's base plus the dice the game master throws (1 die for a still target, 2 for a slow one,
3 for a fast one), plus 1 per full 10 metres, plus the result of the target's evasion check.
The shooter's result has matches and sequences added; a moving shooter has already struck 1
(slow) or 2 (fast) dice of matches or sequences before entering it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from shadowdice.core.language import N_, Text, translations
from shadowdice.core.registry import CheckError
from shadowdice.systems.heldenhandbuch.lookups.shape import InputKind, Lookup, LookupInput

_, _n = translations(__name__)

#: A ranged shot's minimum rises by 1 per this many metres to the target.
METRES_PER_POINT = 10


class TargetSize(StrEnum):
    """How big the target of a shot is; each has its base minimum and die."""

    HUGE = "huge"
    VERY_LARGE = "very_large"
    LARGE = "large"
    SMALL = "small"
    VERY_SMALL = "very_small"
    TINY = "tiny"


#: Size: (label, base minimum, sides of the die the game master throws).
TARGET_SIZES = {
    TargetSize.HUGE: (N_("Huge (an elephant)"), 3, 3),
    TargetSize.VERY_LARGE: (N_("Very large (a horse)"), 5, 6),
    TargetSize.LARGE: (N_("Large (a human)"), 7, 6),
    TargetSize.SMALL: (N_("Small (a torso, a guard on the battlements)"), 10, 8),
    TargetSize.VERY_SMALL: (N_("Very small (a pumpkin)"), 15, 8),
    TargetSize.TINY: (N_("Tiny (a coin)"), 30, 12),
}


class TargetMovement(StrEnum):
    """How the target moves: still (1 die), slowly (2 dice) or fast (3 dice)."""

    STILL = "still"
    SLOW = "slow"
    FAST = "fast"

    @property
    def dice(self) -> int:
        """How many of the size's dice the game master throws."""
        return {TargetMovement.STILL: 1, TargetMovement.SLOW: 2, TargetMovement.FAST: 3}[self]


#: How a target or a shooter moves, in a word.
MOVEMENT_WORDS = {
    TargetMovement.STILL: N_("Still"),
    TargetMovement.SLOW: N_("Slow"),
    TargetMovement.FAST: N_("Fast"),
}


def size_choices() -> tuple[tuple[str, str], ...]:
    """The target sizes as choices of a form, in the language shown."""
    return tuple((size.value, _(label)) for size, (label, _base, _sides) in TARGET_SIZES.items())


def movement_choices() -> tuple[tuple[str, str], ...]:
    """The ways of moving as choices of a form, in the language shown."""
    return tuple((movement.value, _(word)) for movement, word in MOVEMENT_WORDS.items())


@dataclass(frozen=True, slots=True)
class ShotResult:
    """Whether a shot hits.

    Attributes:
        minimum: the result needed.
        base: the size's base minimum.
        dice_total: what the game master threw on the size's dice.
        dice: those dice in words ("2W6").
        distance_points: 1 per full 10 metres.
        evasion: the target's evasion result, added.
        result: the shooter's result.
        hit: whether it reaches the minimum.
    """

    minimum: int
    base: int
    dice_total: int
    dice: str
    distance_points: int
    evasion: int
    result: int
    hit: bool

    @property
    def sentence(self) -> str:
        """The sentence, e.g. "Hit: 14 reaches the minimum 12 (7 + 3 on 1W6 + 2 for distance)."."""
        parts = [str(self.base), _("{total} on {dice}", total=self.dice_total, dice=self.dice)]
        if self.distance_points:
            parts.append(_("{distance_points} for distance", distance_points=self.distance_points))
        if self.evasion:
            parts.append(_("{evasion} for evasion", evasion=self.evasion))
        sentence = (
            N_("Hit: {result} reaches the minimum {minimum} ({parts}).")
            if self.hit
            else N_("Miss: {result} falls short of the minimum {minimum} ({parts}).")
        )
        return _(sentence, result=self.result, minimum=self.minimum, parts=Text.join(" + ", parts))

    @property
    def details(self) -> tuple[str, ...]:
        """What a hit does."""
        if not self.hit:
            return ()
        return (
            _("The target takes the hit (damage dice as a single roll) and voids one combat die."),
        )


def ranged_shot(
    size: TargetSize | str,
    movement: TargetMovement | str,
    dice_total: int,
    distance: int,
    evasion: int,
    result: int,
) -> ShotResult:
    """The minimum result of a shot and whether ``result`` reaches it.

    >>> ranged_shot("large", "still", 4, 25, 0, 13).sentence
    'Hit: 13 reaches the minimum 13 (7 + 4 on 1W6 + 2 for distance).'

    Raises:
        CheckError: ``dice_total`` cannot come from the game master's dice.
    """
    _label, base, sides = TARGET_SIZES[TargetSize(size)]
    count = TargetMovement(movement).dice
    if not count <= dice_total <= count * sides:
        raise CheckError(
            _(
                "{count}W{sides} shows {count} to {value}, not {dice_total}.",
                count=count,
                sides=sides,
                value=count * sides,
                dice_total=dice_total,
            )
        )
    points = distance // METRES_PER_POINT
    minimum = base + dice_total + points + evasion
    return ShotResult(
        minimum, base, dice_total, f"{count}W{sides}", points, evasion, result, result >= minimum
    )


RANGED_SHOT = Lookup(
    "ranged_shot",
    _("Ranged shot"),
    (
        LookupInput(
            "size",
            _("Target size"),
            InputKind.CHOICE,
            TargetSize.LARGE.value,
            choices=size_choices(),
        ),
        LookupInput(
            "movement",
            _("Target moves"),
            InputKind.CHOICE,
            TargetMovement.STILL.value,
            choices=(
                ("still", _("Standing still (1 die)")),
                ("slow", _("Slowly (2 dice)")),
                ("fast", _("Fast (3 dice)")),
            ),
        ),
        LookupInput(
            "dice_total",
            _("Game master's dice"),
            InputKind.INT,
            1,
            bounds=(1, 36),
            hint=_("The total the game master threw on the size's dice."),
        ),
        LookupInput("distance", _("Distance (m)"), InputKind.INT, 0, bounds=(0, 1000)),
        LookupInput(
            "evasion",
            _("Evasion result"),
            InputKind.INT,
            0,
            bounds=(0, 200),
            hint=_("The target's acrobatics, hiding, running or shield check, if it may evade."),
        ),
        LookupInput(
            "result",
            _("Shooter's result"),
            InputKind.INT,
            0,
            bounds=(0, 200),
            hint=_(
                "Matches and sequences added; a moving shooter has struck 1 or 2 of their dice."
            ),
        ),
    ),
    ranged_shot,
    _("The minimum result of a shot by target size, movement and distance (Fernkampf)."),
)
