"""Getting better: learning rolls, the star of skill, master grades and high mastery (rule
text 003, "Lernwurf", "Könnerstern", "Meistergrad", "Hohe Meisterschaft").

A learning roll ("Lernwurf") is a sieve roll of learning dice, 1 EP each; the rules for
failures, fumbles, the lucky number and matches do not apply. It aims at one of:

- **the value**: a die above the current value raises it by 1. Above 20 ("Hohe
  Meisterschaft") a W20 cannot beat the value; the text's rule takes over: 21 needs two 20s,
  22 three, and so on (one 20 more for every point above 20).
- **the star of skill** ("Könnerstern"), for a general skill of 12 or more: at least three
  dice used, and at least three of them 12 or more.
- **the next master grade** ("Meistergrad") of a profession: grade 1 needs three dice of 12
  or more, grade 2 four of 15 or more, grade 3 five of 18 or more.

High mastery: every point above 20 allows one shadow roll ("Schattenwurf") per check, or a
swap of dice with the opponent.

Readings of what the text leaves open:

- "mit mindestens drei Würfeln mindestens den Wert 12 erreichen" means three dice each
  showing 12 or more (matches, and so sums, do not apply in a learning roll).
- A learning roll aims at one thing, chosen before it is rolled; it raises the value by 1 at
  most.
- High mastery is for skills ("Du kannst eine Fertigkeit über 20 hinaus steigern"); an
  attribute above 20 gives no shadow rolls.

>>> raises_value([7, 13], 12), raises_value([20, 19], 20), raises_value([20, 20], 20)
(True, False, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

HIGH_MASTERY_FROM = 20
STAR_FROM = 12
STAR_DICE = 3
#: Master grade: (dice needed, lowest face of each).
MASTER_GRADE_NEEDS = {1: (3, 12), 2: (4, 15), 3: (5, 18)}


class Goal(StrEnum):
    """What a learning roll aims at."""

    VALUE = "value"
    STAR = "star"
    MASTER_GRADE = "master_grade"


def raises_value(faces: Sequence[int], value: int) -> bool:
    """Whether the kept learning dice raise the value by 1."""
    if value < HIGH_MASTERY_FROM:
        return any(face > value for face in faces)
    return faces.count(HIGH_MASTERY_FROM) >= value - HIGH_MASTERY_FROM + 2


def counting_dice(faces: Sequence[int], value: int) -> int:
    """How many dice count toward raising the value (above it; 20s from 20 on)."""
    if value < HIGH_MASTERY_FROM:
        return sum(1 for face in faces if face > value)
    return faces.count(HIGH_MASTERY_FROM)


def earns_star(faces: Sequence[int], dice_used: int) -> bool:
    """Whether a learning roll earns the star of skill.

    >>> earns_star([12, 14, 19], 3), earns_star([12, 14, 11], 4), earns_star([12, 12], 2)
    (True, False, False)
    """
    high = sum(1 for face in faces if face >= STAR_FROM)
    return dice_used >= STAR_DICE and high >= STAR_DICE


def earns_master_grade(faces: Sequence[int], grade: int) -> bool:
    """Whether a learning roll earns master grade ``grade`` (1 to 3).

    >>> earns_master_grade([15, 16, 20, 15], 2), earns_master_grade([15, 16, 20, 14], 2)
    (True, False)
    """
    dice, lowest = MASTER_GRADE_NEEDS[grade]
    return sum(1 for face in faces if face >= lowest) >= dice


def goal_threshold(goal: Goal, value: int, grade: int = 1) -> int:
    """The lowest face that counts toward the goal.

    >>> goal_threshold(Goal.VALUE, 9), goal_threshold(Goal.STAR, 9)
    (10, 12)
    """
    if goal is Goal.STAR:
        return STAR_FROM
    if goal is Goal.MASTER_GRADE:
        return MASTER_GRADE_NEEDS[grade][1]
    return min(value + 1, HIGH_MASTERY_FROM)


def shadow_rolls(value: int) -> int:
    """Shadow rolls a skill of this value allows per check."""
    return max(value - HIGH_MASTERY_FROM, 0)
