"""Odds of dice pools, kept apart from rolling them.

The check panel shows the chance of success before a roll. These functions compute it from
the faces of one die by convolution (exact up to float rounding, no sampling); nothing here
throws a die. Floats keep a 40-dice preview well under a frame; fractions did not.

A die that counts one success per face at or above ``hit_on`` and, with ``explode_on``, is
thrown again on that face (Shadowrun's Rule of Six) has a distribution of successes that we
convolve over the pool. Dice that give one success at most but succeed with different
chances (Phase Six's destiny dice beside ordinary ones, members of a group with their own
minimum rolls) go through :func:`chance_of_at_least`.

>>> round(chance_of_successes(dice=3, needed=1, hit_on=5), 4)   # 1 - (2/3)**3
0.7037
>>> chance_of_successes(dice=0, needed=1, hit_on=5)
0.0
"""

from __future__ import annotations

from collections.abc import Iterable


def successes_per_die(
    *, hit_on: int, sides: int = 6, explode_on: int | None = None, cap: int
) -> list[float]:
    """Distribution of successes of one die, ``p[k]`` for k in 0..cap; ``p[cap]`` is k >= cap."""
    if explode_on is not None and explode_on < hit_on:
        raise ValueError("a face that explodes must also be a success")
    hit = max(sides - hit_on + 1, 0) / sides
    again = (sides - explode_on + 1) / sides if explode_on is not None else 0.0
    stop_hit = hit - again  # a success face that is not thrown again
    miss = 1 - hit
    dist = [0.0] * (cap + 1)
    reach = 1.0  # chance that the die has scored k successes and is thrown (again)
    for k in range(cap):
        dist[k] += reach * miss
        dist[k + 1] += reach * stop_hit
        reach *= again
    dist[cap] += reach  # still exploding at the cap: at least cap successes
    return dist


def chance_of_successes(
    *, dice: int, needed: int, hit_on: int, sides: int = 6, explode_on: int | None = None
) -> float:
    """Chance that ``dice`` dice score at least ``needed`` successes."""
    if needed <= 0:
        return 1.0
    if dice <= 0:
        return 0.0
    one = successes_per_die(hit_on=hit_on, sides=sides, explode_on=explode_on, cap=needed)
    total = [1.0] + [0.0] * needed
    for _ in range(dice):
        total = _convolve_capped(total, one, needed)
    return min(total[needed], 1.0)


def chance_of_at_least(chances: Iterable[float], needed: int) -> float:
    """Chance that dice which each succeed with their own chance, and give one success at
    most, score at least ``needed`` successes together.

    >>> chance_of_at_least([0.5, 0.5], 1)
    0.75
    >>> round(chance_of_at_least([1 / 3, 0.5, 1.0], 2), 4)   # the sure die and one more
    0.6667
    >>> chance_of_at_least([], 1), chance_of_at_least([], 0)
    (0.0, 1.0)
    """
    if needed <= 0:
        return 1.0
    total = [1.0] + [0.0] * needed
    for chance in chances:
        if not 0.0 <= chance <= 1.0:
            raise ValueError(f"a chance of success must be from 0 to 1, not {chance}")
        total = _convolve_capped(total, [1.0 - chance, chance], needed)
    return min(total[needed], 1.0)


def _convolve_capped(a: list[float], b: list[float], cap: int) -> list[float]:
    out = [0.0] * (cap + 1)
    for i, pa in enumerate(a):
        if pa:
            for j, pb in enumerate(b):
                out[min(i + j, cap)] += pa * pb
    return out
