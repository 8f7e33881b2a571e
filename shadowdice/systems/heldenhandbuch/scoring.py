"""Scoring a throw: failures, successes and matches ("Gleiche") (rule text 003, "Gleiche",
"Einzelwurf", "Siebwurf", "Fehlschläge").

Faces of 2 and 3 are failures ("Misserfolge") and form nothing, not even when two of them
show alike (3, 3 is no match). A 1 is a fumble (see :mod:`.fumbles`). A face of 4 or more is
a success: a result of its own.

Dice showing the same face are matches and count together, their faces added, when the face
is at most the tested value. A single and a sieve roll score the highest result: the highest
single die or the highest sum of matches.

Readings of what the text leaves open:

- **Matches above the tested value** ("wenn das Ergebnis maximal so hoch ist, wie Dein
  geprüfter Wert"): the face is compared, not the sum, as players do (the issue says so too).
  Dice of a face above the value are not added; each is a result of its own, so 11, 11 tested
  against 9 is a result of 11, not 22.
- **Fumbles take dice away.** Every 1 that must be offset voids one success; the dice voided
  are chosen so that the result stays as high as it can, so the result is taken from the
  successes less the dice the 1s void (:func:`best_result`).
- **Equal results.** Of results of the same value the one with the higher face is shown (a
  single 12 before 6 + 6); the value is the same.

>>> best_result([7, 7, 3, 3, 11], cap=9)
Result(face=7, count=2)
>>> best_result([7, 7, 3, 3, 11], cap=9).value
14
>>> best_result([11, 11, 5], cap=9).value
11
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

#: The lowest face that succeeds; 2 and 3 fail, a 1 is a fumble.
SUCCESS_FROM = 4
FAILURE_FACES = (2, 3)


def is_success(face: int) -> bool:
    """Whether a face is a success (4 or more)."""
    return face >= SUCCESS_FROM


def is_failure(face: int) -> bool:
    """Whether a face is a failure (2 or 3) that forms nothing."""
    return face in FAILURE_FACES


def can_match(face: int, cap: int) -> bool:
    """Whether dice of this face may be counted together: a success at most the tested value.

    >>> can_match(3, 9), can_match(9, 9), can_match(10, 9)
    (False, True, False)
    """
    return SUCCESS_FROM <= face <= cap


@dataclass(frozen=True, slots=True)
class Result:
    """A result of a single or sieve roll: one die, or matches added.

    Attributes:
        face: the face of its dice.
        count: how many dice (1 for a single die, 2 or more for matches).
    """

    face: int
    count: int

    @property
    def value(self) -> int:
        """The faces added."""
        return self.face * self.count

    @property
    def matched(self) -> bool:
        """Whether it is a set of matches."""
        return self.count > 1

    def __str__(self) -> str:
        return " + ".join([str(self.face)] * self.count) if self.matched else str(self.face)


def room_left(faces: Sequence[int], offsets: int) -> int:
    """How many successes are left to score once ``offsets`` 1s have each voided one.

    >>> room_left([5, 9, 2], offsets=1), room_left([5, 2], offsets=3)
    (1, 0)
    """
    successes = sum(1 for face in faces if is_success(face))
    return successes - min(offsets, successes)


def results_of(faces: Sequence[int], cap: int, offsets: int = 0) -> list[Result]:
    """The best result each face offers, with ``offsets`` successes voided elsewhere:
    as many matches as there is room for when the face may match, else the single die.
    """
    room = room_left(faces, offsets)
    if room <= 0:
        return []
    counts = Counter(face for face in faces if is_success(face))
    return [
        Result(face, min(count, room) if can_match(face, cap) else 1)
        for face, count in sorted(counts.items(), reverse=True)
    ]


def best_result(faces: Sequence[int], cap: int, offsets: int = 0) -> Result | None:
    """The highest result of the faces tested against ``cap``, or None when nothing scores.

    ``offsets`` is the number of 1s to offset: each voids a success the result does not use.

    >>> best_result([12, 6, 6], cap=12), best_result([3, 3, 2], cap=12)
    (Result(face=12, count=1), None)
    >>> best_result([8, 8, 5, 1], cap=9, offsets=1)
    Result(face=8, count=2)
    >>> best_result([8, 8, 1], cap=9, offsets=1)
    Result(face=8, count=1)
    """
    return max(
        results_of(faces, cap, offsets),
        key=lambda result: (result.value, result.face),
        default=None,
    )
