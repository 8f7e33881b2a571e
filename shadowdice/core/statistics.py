"""Dice statistics: how often each face came up, against what fair dice would give.

The faces of recorded rolls are counted per die size, every face of an exploding chain
included, apart by origin (typed in from a physical die, or thrown digitally) and by
character if asked (each die credited to whoever threw it: a contest's fighter, an opponent
who dodges). Dice laid with a face saved from before (``carried``) were not thrown and
are not counted. A chi-square test against fair dice says how surprising the counts are:
the p-value is the chance that fair dice give counts at least this far from the expected.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import StrEnum

from shadowdice.core.record import RollRecord

#: Below this many expected throws per face, a chi-square test says little.
FEW_PER_FACE = 5


class Origin(StrEnum):
    """Which faces to count."""

    ALL = "all"
    ROLLED = "rolled"
    TYPED = "typed"


@dataclass(frozen=True, slots=True)
class FaceCounts:
    """How often each face of one die size came up.

    Attributes:
        sides: the die size.
        counts: the count of each face, face 1 first.
    """

    sides: int
    counts: tuple[int, ...]

    @property
    def total(self) -> int:
        """How many faces were counted."""
        return sum(self.counts)

    @property
    def expected(self) -> float:
        """How often each face comes up with fair dice, on average."""
        return self.total / self.sides

    @property
    def chi_square(self) -> float:
        """The chi-square statistic against fair dice."""
        expected = self.expected
        if not expected:
            return 0.0
        return sum((count - expected) ** 2 / expected for count in self.counts)

    @property
    def p_value(self) -> float:
        """The chance that fair dice give counts at least this uneven (1.0 with no faces)."""
        return chi_square_p(self.chi_square, self.sides - 1) if self.total else 1.0

    @property
    def enough(self) -> bool:
        """Whether there are enough faces for the test to say much."""
        return self.expected >= FEW_PER_FACE


def faces_of(
    records: Iterable[RollRecord], *, origin: Origin = Origin.ALL, character: str = ""
) -> Iterator[tuple[int, int, bool, str]]:
    """(sides, face, typed, character) of every face in the records, filtered."""
    for record in records:
        for throw in record.throws:
            for die in throw.dice:
                if die.carried:
                    continue  # not thrown: its face was counted when it was thrown
                who = record.thrower(throw, die)
                if character and who != character:
                    continue
                for index, face in enumerate(die.faces):
                    typed = bool(die.typed) and die.typed[index]
                    if origin is Origin.TYPED and not typed:
                        continue
                    if origin is Origin.ROLLED and typed:
                        continue
                    yield die.sides, face, typed, who


def count_faces(
    records: Iterable[RollRecord], *, origin: Origin = Origin.ALL, character: str = ""
) -> dict[int, FaceCounts]:
    """The counts per die size, smallest die first.

    >>> from shadowdice.core.record import DieRecord, OutcomeRecord, ThrowRecord
    >>> from datetime import UTC, datetime
    >>> dice = (DieRecord(sides=6, faces=(6, 2)), DieRecord(sides=6, faces=(3,), typed=(True,)))
    >>> dice += (DieRecord(sides=6, faces=(5,), carried=True),)  # saved from before: not counted
    >>> record = RollRecord(system="x", character="Kira", check="c", time=datetime.now(UTC),
    ...     throws=(ThrowRecord(label="Roll", dice=dice),),
    ...     outcome=OutcomeRecord(headline="h", tone="neutral"))
    >>> count_faces([record])[6].counts
    (0, 1, 1, 0, 0, 1)
    >>> count_faces([record], origin=Origin.TYPED)[6].counts
    (0, 0, 1, 0, 0, 0)
    """
    tallies: dict[int, list[int]] = {}
    for sides, face, _typed, _who in faces_of(records, origin=origin, character=character):
        tally = tallies.setdefault(sides, [0] * sides)
        if 1 <= face <= sides:
            tally[face - 1] += 1
    return {sides: FaceCounts(sides, tuple(tallies[sides])) for sides in sorted(tallies)}


def characters_of(records: Iterable[RollRecord]) -> list[str]:
    """Everyone whose dice lie in the records, in the order they first rolled."""
    names: dict[str, None] = {}
    for _sides, _face, _typed, who in faces_of(records):
        if who:
            names[who] = None
    return list(names)


def chi_square_p(statistic: float, freedom: int) -> float:
    """The upper tail of the chi-square distribution: P(X >= statistic).

    >>> round(chi_square_p(3.841, 1), 3), round(chi_square_p(11.070, 5), 3)
    (0.05, 0.05)
    >>> round(chi_square_p(30.144, 19), 3), chi_square_p(0.0, 5)
    (0.05, 1.0)
    """
    if freedom < 1:
        return 1.0
    return _upper_gamma(freedom / 2, statistic / 2)


def _upper_gamma(a: float, x: float) -> float:
    """The regularized upper incomplete gamma function Q(a, x)."""
    if x <= 0:
        return 1.0
    front = math.exp(-x + a * math.log(x) - math.lgamma(a))
    if x < a + 1:  # the series of P(a, x) converges fast here
        term = total = 1 / a
        n = 0
        while abs(term) > abs(total) * 1e-15:
            n += 1
            term *= x / (a + n)
            total += term
        return max(0.0, 1 - front * total)
    tiny = 1e-300  # the continued fraction of Q(a, x), by Lentz's method
    b = x + 1 - a
    c, d = 1 / tiny, 1 / b
    fraction = d
    for i in range(1, 1000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        step = d * c
        fraction *= step
        if abs(step - 1) < 1e-15:
            break
    return min(1.0, front * fraction)
