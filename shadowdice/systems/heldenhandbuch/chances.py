"""The chance that a single roll has a result, for the check preview (rule text 003,
"Einzelwurf", "Fehlschläge", "Patzer", "Meisterliches Können", "Glückszahl").

The rule text sets no general minimum for a check: the game master names it (7, 11, 16 ...)
or an opponent's result is the mark. What every check can fail by itself is having no result
at all: no success (4+) left once the 1s are offset ("Ein Ergebnis von 1-3 ist ein
Fehlschlag"). That chance is exact and cheap for a single roll, so the preview shows it as the
chance of success, and says so.

Each die is a fumble (1), a failure (2, 3) or a success (4+); a roll has a result when its
successes outnumber the 1s that must be offset (masterly skill ignores one or two, see
:func:`~.fumbles.ones_to_offset`). On a W20 the lucky number can be turned into a 20, so a
die showing it counts as a success, even a lucky 1, 2 or 3.

Readings of what the text leaves open:

- **Sieve, cascade and learning rolls** get no chance: the player decides after every throw
  which dice to keep, so the chance depends on how they play; the preview says what the roll
  is instead.
- **Shadow rolls** (high mastery) throw dice again at the player's choice; a check that has
  them gets no chance either, rather than a number that leaves them out.

3W6 have no result with no success (1/8), or with one success and a 1 to void it (1/6 with a
failure beside, 1/24 with another 1): 1/3 in all.

>>> round(chance_of_a_result(3, 6, value=5), 4)
0.6667
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

from shadowdice.systems.heldenhandbuch.fumbles import ones_to_offset
from shadowdice.systems.heldenhandbuch.lucky_numbers import LUCKY_SIDES
from shadowdice.systems.heldenhandbuch.scoring import FAILURE_FACES, SUCCESS_FROM


def face_chances(sides: int, lucky_number: int = 0) -> tuple[Fraction, Fraction, Fraction]:
    """The chances of one die to show a 1, a failure and a success.

    >>> face_chances(6)
    (Fraction(1, 6), Fraction(1, 3), Fraction(1, 2))
    >>> face_chances(20, lucky_number=1)
    (Fraction(0, 1), Fraction(1, 10), Fraction(9, 10))
    """
    ones, failures = 1, len(FAILURE_FACES)
    successes = sides - SUCCESS_FROM + 1
    if sides == LUCKY_SIDES and 1 <= lucky_number < SUCCESS_FROM:
        successes += 1
        if lucky_number == 1:
            ones -= 1
        else:
            failures -= 1
    return Fraction(ones, sides), Fraction(failures, sides), Fraction(successes, sides)


def chance_of_a_result(count: int, sides: int, *, value: int, lucky_number: int = 0) -> float:
    """The chance that ``count`` dice of ``sides`` thrown once have a result, tested against
    ``value`` (for masterly skill), with the character's lucky number.

    >>> chance_of_a_result(1, 6, value=5)
    0.5
    >>> chance_of_a_result(1, 20, value=15), chance_of_a_result(1, 20, value=15, lucky_number=2)
    (0.85, 0.9)
    """
    one, failure, success = face_chances(sides, lucky_number)
    chance = Fraction(0)
    for ones in range(count + 1):
        for successes in range(count - ones + 1):
            if successes <= ones_to_offset(ones, value):
                continue
            failures = count - ones - successes
            ways = comb(count, ones) * comb(count - ones, successes)
            chance += ways * one**ones * success**successes * failure**failures
    return float(chance)
