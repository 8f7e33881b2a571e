"""Dice steps ("Würfelstufe" and "Würfelanzahl"): which dice a check throws (rule text 003,
"Proben", "Einsetzbare Würfel").

An attribute check ("Eigenschaftsprobe") takes its dice from the attribute's value:

=====  =====
value  dice
=====  =====
1-5    3W6
6-7    3W8
8-11   3W12
12-14  3W20
15-17  4W20
18+    5W20
=====  =====

A skill check ("Fertigkeitsprobe") throws the skill's base die ("Basiswürfel"), 1 die plus
the skill's bonus dice ("Bonuswürfel"). A check throws 1 to 6 dice.

Readings of what the text leaves open:

- An attribute of 0 or less gives no dice (the table starts at 1).
- Dice gained or lost (emptied Psyche lines, critical injuries, an item's bonus dice) change
  the count, never the die size, and a check never throws more than 6 dice.

>>> str(attribute_step(9)), str(skill_step(12, 2))
('3W12', '3W12')
"""

from __future__ import annotations

from dataclasses import dataclass

from shadowdice.core.language import translations

_, _n = translations(__name__)

#: The die sizes of the game, smallest first.
DIE_SIZES = (6, 8, 12, 20)
#: The most dice a check throws.
MAX_DICE = 6
#: The most bonus dice a skill has (1 + 5 = 6 dice).
MAX_BONUS_DICE = MAX_DICE - 1

#: (lowest value, dice, die size) of the attribute table, from the top.
_ATTRIBUTE_STEPS = ((18, 5, 20), (15, 4, 20), (12, 3, 20), (8, 3, 12), (6, 3, 8), (1, 3, 6))


@dataclass(frozen=True, slots=True)
class DiceStep:
    """The dice a check throws.

    Attributes:
        count: how many dice (0 when the value gives none).
        sides: the die size: 6, 8, 12 or 20.
    """

    count: int
    sides: int

    def __str__(self) -> str:
        return f"{self.count}W{self.sides}"

    def changed_by(self, dice: int) -> DiceStep:
        """The step with ``dice`` more (or, negative, fewer) dice, at most :data:`MAX_DICE`.

        >>> str(DiceStep(5, 20).changed_by(2)), str(DiceStep(3, 6).changed_by(-4))
        ('6W20', '0W6')
        """
        return DiceStep(min(max(self.count + dice, 0), MAX_DICE), self.sides)


def die_name(sides: int) -> str:
    """The die in the players' words: "W12"."""
    return f"W{sides}"


def attribute_step(value: int) -> DiceStep:
    """The dice of an attribute check from the attribute's value.

    >>> [str(attribute_step(value)) for value in (5, 6, 8, 12, 15, 18, 25)]
    ['3W6', '3W8', '3W12', '3W20', '4W20', '5W20', '5W20']
    >>> attribute_step(0)
    DiceStep(count=0, sides=6)
    """
    for lowest, count, sides in _ATTRIBUTE_STEPS:
        if value >= lowest:
            return DiceStep(count, sides)
    return DiceStep(0, 6)


def skill_step(base_die: int, bonus_dice: int) -> DiceStep:
    """The dice of a skill check: the base die, 1 + bonus dice of it.

    Raises:
        ValueError: the base die is no die of the game, or the bonus dice are out of range.
    """
    if base_die not in DIE_SIZES:
        raise ValueError(_("W{base_die} is no die of the game", base_die=base_die))
    if not 0 <= bonus_dice <= MAX_BONUS_DICE:
        raise ValueError(
            _(
                "a skill has 0 to {max_bonus_dice} bonus dice, not {bonus_dice}",
                max_bonus_dice=MAX_BONUS_DICE,
                bonus_dice=bonus_dice,
            )
        )
    return DiceStep(1 + bonus_dice, base_die)
