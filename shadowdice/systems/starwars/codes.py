"""Star Wars D6 dice codes "XD+Y": X six-sided dice summed, plus Y pips.

Rule text, opening section: every attribute and skill has the form "XD+Y"; X dice are thrown,
their faces added, and Y is added at the end. Modifiers add or remove whole dice, a fixed
number (pips), or both, and never convert one into the other: 3D+2 with +1 is 3D+3, not 4D.

Decisions where the text says nothing:

- A code always names its dice: "3D", "3D+2", "3D-1", "0D+2". Pips alone ("+2", "2") are
  refused with a message that suggests "0D+2"; this keeps a typed code from being mistaken for
  a target number or a modifier.
- Parsing ignores case and spaces ("3d+2", " 4D + 1 "). The shown form is always upper case
  without spaces and without "+0" ("3D+2", "3D", "3D-1").
- A code never has fewer than 0 dice. Building or parsing one with negative dice is refused
  (:class:`CodeError`); a modifier that removes more dice than there are (:meth:`Code.plus`)
  leaves 0 dice and keeps the pips: the surplus dice are lost, never turned into pips.
- Pips may be negative ("3D-1"); a code is not normalized, so 3D+5 stays 3D+5.

>>> Code.parse("3d + 2")
Code(dice=3, pips=2)
>>> str(Code.parse("3D+2").plus(pips=1))
'3D+3'
>>> Code.parse("4D+1").minimum, Code.parse("4D+1").maximum
(5, 25)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from shadowdice.core.language import N_, translations
from shadowdice.core.quoting import shortened

_, _n = translations(__name__)

__all__ = ["MAX_DICE", "MAX_PIPS", "Code", "CodeError", "normalized_code"]

MAX_DICE = 99
"""The most dice a code may name; more is a typing slip, not a character."""

MAX_PIPS = 99
"""The largest pip count (either sign) a code may carry."""

_EXAMPLE = N_("Write a code as dice and pips, for example 3D+2, 4D or 2D-1.")

_CODE_PATTERN = re.compile(r"^(-?\d+)D(?:([+-])(\d+))?$")


class CodeError(ValueError):
    """A text or value that is not a valid dice code; the message is meant for the player."""


@dataclass(frozen=True)
class Code:
    """A dice code: a number of six-sided dice and a fixed number added to their sum.

    Attributes:
        dice: how many six-sided dice are thrown (0 or more).
        pips: the fixed number added to the dice (may be negative).
    """

    dice: int
    pips: int = 0

    def __post_init__(self) -> None:
        if isinstance(self.dice, bool) or not isinstance(self.dice, int):
            raise CodeError(_("The dice of a code must be a whole number."))
        if isinstance(self.pips, bool) or not isinstance(self.pips, int):
            raise CodeError(_("The pips of a code must be a whole number."))
        if self.dice < 0:
            raise CodeError(
                _(
                    "A code cannot have fewer than 0 dice ({dice}D). {example}",
                    dice=self.dice,
                    example=_(_EXAMPLE),
                )
            )
        if self.dice > MAX_DICE:
            raise CodeError(_("A code can have at most {max_dice} dice.", max_dice=MAX_DICE))
        if abs(self.pips) > MAX_PIPS:
            raise CodeError(
                _("A code can add or remove at most {max_pips} pips.", max_pips=MAX_PIPS)
            )

    @classmethod
    def parse(cls, text: str) -> Code:
        """Read a code as players write it ("3D+2", "3d", " 4D + 1 ", "2D-1").

        Raises:
            CodeError: with a sentence for the player when the text is not a code.

        >>> Code.parse("3D")
        Code(dice=3, pips=0)
        >>> Code.parse("4W+")
        Traceback (most recent call last):
        ...
        shadowdice.systems.starwars.codes.CodeError: "4W+" is not a dice code. ...
        """
        if not isinstance(text, str):
            raise CodeError(_("A dice code must be text, not {name}.", name=type(text).__name__))
        compact = "".join(text.split()).upper()
        if not compact:
            raise CodeError(_("Enter a dice code. {example}", example=_(_EXAMPLE)))
        match = _CODE_PATTERN.match(compact)
        if match is None:
            if re.fullmatch(r"[+-]?\d+", compact):
                raise CodeError(
                    _(
                        '"{strip}" has no dice. Write 0D+{lstrip} for pips alone, or '
                        "{lstrip}D for dice.",
                        strip=shortened(text.strip()),
                        lstrip=shortened(compact.lstrip("+-")),
                    )
                )
            raise CodeError(
                _(
                    '"{strip}" is not a dice code. {example}',
                    strip=shortened(text.strip()),
                    example=_(_EXAMPLE),
                )
            )
        dice = int(match.group(1))
        if dice < 0:
            raise CodeError(
                _(
                    '"{strip}" has fewer than 0 dice. {example}',
                    strip=shortened(text.strip()),
                    example=_(_EXAMPLE),
                )
            )
        pips = int(match.group(3) or 0)
        if match.group(2) == "-":
            pips = -pips
        return cls(dice, pips)

    def __str__(self) -> str:
        if self.pips == 0:
            return f"{self.dice}D"
        return f"{self.dice}D{self.pips:+d}"

    @property
    def minimum(self) -> int:
        """The lowest total this code can roll (every die shows 1)."""
        return self.dice + self.pips

    @property
    def maximum(self) -> int:
        """The highest total this code can roll (every die shows 6)."""
        return 6 * self.dice + self.pips

    def plus(self, dice: int = 0, pips: int = 0) -> Code:
        """This code with whole dice and pips added (negative numbers remove them).

        Dice and pips are never converted into each other. Removing more dice than the code
        has leaves 0 dice; the surplus is lost.

        >>> str(Code(3, 2).plus(pips=1)), str(Code(1, 2).plus(dice=-3))
        ('3D+3', '0D+2')
        """
        return Code(max(0, self.dice + dice), self.pips + pips)

    def doubled(self) -> Code:
        """This code with its dice and pips doubled (a spent Force Point: 4D+2 becomes 8D+4)."""
        return Code(self.dice * 2, self.pips * 2)

    def total(self, faces: Sequence[int]) -> int:
        """The sum of thrown faces plus the pips.

        Raises:
            ValueError: when the number of faces is not the code's number of dice.

        >>> Code(4, 1).total([6, 3, 2, 2])
        14
        """
        if len(faces) != self.dice:
            raise ValueError(
                _(
                    "{self} throws {dice} dice, got {len} faces.",
                    self=self,
                    dice=self.dice,
                    len=len(faces),
                )
            )
        return sum(faces) + self.pips

    def __add__(self, other: object) -> Code:
        if not isinstance(other, Code):
            return NotImplemented
        return Code(self.dice + other.dice, self.pips + other.pips)


def normalized_code(text: str) -> str:
    """The shown form of a typed code, for storing on a sheet ("3d + 2" -> "3D+2").

    Raises:
        CodeError: when the text is not a code.
    """
    return str(Code.parse(text))
