"""Legendary checks ("Legendäre Probe") and Mythos points (rule text 003, "Legendäre Probe").

A check with at least three matches ("Gleiche") of 11 or more is legendary and gives Mythos
points: 1 for three matches, 2 for four, 3 for five and 5 for six. Lucky numbers that were
turned into another result do not count.

Readings of what the text leaves open:

- Matches are counted together only up to the tested value ("Gleiche"), so a legendary check
  needs a tested value (or tool quality) of 11 or more.
- Only the largest set of matches counts; two sets of three give 1 Mythos point, not 2.
- The dice that count are those the check scores: all dice of a single roll, the kept dice
  of a sieve or cascade roll; a die voided by offsetting a 1 does not count.

>>> mythos_points(2), mythos_points(3), mythos_points(6)
(0, 1, 5)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

#: The lowest face of a legendary match.
LEGENDARY_FROM = 11
#: Mythos points by the number of legendary matches.
MYTHOS_POINTS = {3: 1, 4: 2, 5: 3, 6: 5}


def mythos_points(matches: int) -> int:
    """The Mythos points for a set of ``matches`` equal dice of 11 or more."""
    if matches < min(MYTHOS_POINTS):
        return 0
    return MYTHOS_POINTS[min(matches, max(MYTHOS_POINTS))]


def legendary_matches(faces: Iterable[int], cap: int) -> tuple[int, int]:
    """The largest set of legendary matches among ``faces``: (face, count), or (0, 0).

    ``faces`` are the dice that count, converted lucky numbers left out.

    >>> legendary_matches([12, 12, 12, 15, 15], cap=14)
    (12, 3)
    >>> legendary_matches([15, 15, 15], cap=14)
    (0, 0)
    """
    counts = Counter(face for face in faces if LEGENDARY_FROM <= face <= cap)
    best = max(counts.items(), key=lambda item: (item[1], item[0]), default=(0, 0))
    return best if best[1] >= min(MYTHOS_POINTS) else (0, 0)
