"""The best group of a cascade roll and the best dice to keep in a sieve or cascade roll
(rule text 003, "Kaskadenwurf", "Siebwurf", "Folgen", "Kampf").

A cascade roll builds one group of dice ("Würfelgruppe") from matches ("Gleiche") and
sequences ("Folgen", adjacent faces), "with as many dice and as high values as possible;
matches are usually better than sequences". Every die of a group of two or more is a success
of at most the tested value with a partner in the group: a die of the same face, or, where
sequences are allowed, of an adjacent face. The combat rules show that one group may hold
several sets of matches (a "Doppeltria" is two sets of three). Without any partner the group
is the one die scored, any success.

Readings of what the text leaves open, pinned in the tests:

- **The order of groups** (:func:`strength`): more dice first; of as many dice, more dice in
  matches ("matches are usually better"); then the higher sum. Of groups equal in all three,
  the one with the higher faces is shown.
- **The value of a group** is the sum of its faces, matches and sequences added, as for a shot
  ("Du darfst Gleiche und Folgen addieren").
- **Fumbles** void successes outside the group first; the best group is the best one that
  leaves enough successes outside it to offset the 1s (:func:`best_group`).
- **The dice to keep** (:func:`keep_choice`) after a throw: those that make the table's best
  result (sieve) or best group (cascade) and offset as many 1s as can be, as few of the new
  dice as that takes (the rest are thrown again), the higher dice first. At least one die is
  kept, as the rules demand.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import product

from shadowdice.systems.heldenhandbuch.scoring import (
    best_result,
    can_match,
    is_success,
    results_of,
    room_left,
)

#: A die as (id, face).
DieFace = tuple[int, int]
#: How a group ranks: (dice, dice in matches, sum).
Strength = tuple[int, int, int]


def strength(faces: Sequence[int]) -> Strength:
    """How a group of these faces ranks: (dice, dice in matches, sum).

    >>> strength([7, 7]) > strength([11, 12]) > strength([12])
    True
    """
    counts = Counter(faces)
    matched = sum(count for count in counts.values() if count > 1)
    return (len(faces), matched, sum(faces))


def is_group(faces: Sequence[int], cap: int, sequences: bool) -> bool:
    """Whether the faces form a group: one success, or successes of at most ``cap`` each with
    a partner of the same face or (``sequences``) an adjacent one.

    >>> is_group([7, 8], cap=9, sequences=False), is_group([7, 8], cap=9, sequences=True)
    (False, True)
    >>> is_group([3, 3], cap=9, sequences=True), is_group([12], cap=9, sequences=False)
    (False, True)
    """
    if len(faces) == 1:
        return is_success(faces[0])
    if not faces or not all(can_match(face, cap) for face in faces):
        return False
    counts = Counter(faces)
    return all(
        counts[face] > 1 or (sequences and (counts[face - 1] or counts[face + 1]))
        for face in counts
    )


@dataclass(frozen=True, slots=True)
class Group:
    """A group of dice scored together.

    Attributes:
        ids: its dice, as ids.
        faces: their faces, in the same order.
        matched: the ids of its dice in matches.
        sequence: the ids of its dice next to an adjacent face (a sequence).
    """

    ids: tuple[int, ...]
    faces: tuple[int, ...]
    matched: frozenset[int]
    sequence: frozenset[int]

    @property
    def value(self) -> int:
        """The faces added."""
        return sum(self.faces)

    @property
    def strength(self) -> Strength:
        """See :func:`strength` (its dice in matches are those :attr:`matched` names)."""
        return (len(self.faces), len(self.matched), self.value)

    def __str__(self) -> str:
        return " + ".join(str(face) for face in sorted(self.faces, reverse=True))


def group_counts(
    faces: Sequence[int], cap: int, sequences: bool, room: int
) -> Iterator[dict[int, int]]:
    """Every group the faces can form of at most ``room`` dice, as {face: dice}.

    Dice of one face are alike, so groups are counted by face, not by die.
    """
    if room <= 0:
        return
    for face in sorted({face for face in faces if is_success(face)}, reverse=True):
        yield {face: 1}
    counts = Counter(face for face in faces if can_match(face, cap))
    eligible = sorted(counts)
    for numbers in product(*(range(counts[face] + 1) for face in eligible)):
        chosen = {face: n for face, n in zip(eligible, numbers, strict=True) if n}
        size = sum(chosen.values())
        if 2 <= size <= room and is_group(_expand(chosen), cap, sequences):
            yield chosen


def best_group_counts(
    faces: Sequence[int], cap: int, sequences: bool, room: int
) -> list[dict[int, int]]:
    """The groups of the highest :func:`strength`, best faces first."""
    found = _best_group_counts(tuple(sorted(faces)), cap, sequences, room)
    return [dict(chosen) for chosen in found]


@lru_cache(maxsize=4096)
def _best_group_counts(
    faces: tuple[int, ...], cap: int, sequences: bool, room: int
) -> tuple[tuple[tuple[int, int], ...], ...]:
    """:func:`best_group_counts` of sorted faces, remembered: a contest asks for the same
    dice again and again while its fighters look at the table.

    The groups are those of :func:`group_counts`, ranked by :func:`strength`; both are worked
    out here on the counts by face directly (no dice are laid out one by one), leaving out the
    dice that cannot be in a group of two or more, and only the groups that may still be the
    strongest are kept.
    """
    if room <= 0:
        return ()
    top: Strength = (0, 0, 0)
    best: list[tuple[tuple[int, ...], tuple[tuple[int, int], ...]]] = []
    for face in sorted({face for face in faces if is_success(face)}, reverse=True):
        if (1, 0, face) > top:
            top, best = (1, 0, face), [((face,), ((face, 1),))]
        elif (1, 0, face) == top:
            best.append(((face,), ((face, 1),)))
    counts = Counter(face for face in faces if can_match(face, cap))
    # A face joins a group of two or more with a partner: another die of its face, or one of
    # an adjacent face (sequences). Faces that can have none are left out, and without
    # sequences so is a single die of a face.
    eligible = sorted(
        face
        for face in counts
        if counts[face] > 1 or (sequences and (face - 1 in counts or face + 1 in counts))
    )
    choices = (
        range(counts[face] + 1) if sequences else (0, *range(2, counts[face] + 1))
        for face in eligible
    )
    for numbers in product(*choices):
        size = sum(numbers)
        if size < 2 or size > room or size < top[0]:
            continue
        chosen = tuple((face, n) for face, n in zip(eligible, numbers, strict=True) if n)
        if sequences:
            present = {face for face, _n in chosen}
            if not all(n > 1 or face - 1 in present or face + 1 in present for face, n in chosen):
                continue
        elif any(n == 1 for _face, n in chosen):
            continue
        rank = (size, sum(n for _face, n in chosen if n > 1), sum(f * n for f, n in chosen))
        if rank < top:
            continue
        laid_out = tuple(face for face, n in reversed(chosen) for _copy in range(n))
        if rank > top:
            top, best = rank, [(laid_out, chosen)]
        else:
            best.append((laid_out, chosen))
    best.sort(key=lambda group: group[0], reverse=True)
    return tuple(chosen for _faces, chosen in best)


def best_group(
    dice: Sequence[DieFace], cap: int, sequences: bool, offsets: int = 0
) -> tuple[Group | None, tuple[int, ...]]:
    """The best group of the dice and the dice voided to offset ``offsets`` 1s.

    The voided dice are the lowest successes outside the group.

    >>> group, voided = best_group([(0, 7), (1, 7), (2, 8), (3, 11), (4, 1)], 9, True, 1)
    >>> str(group), group.value, voided
    ('8 + 7 + 7', 22, (3,))
    """
    return _best_group(tuple(dice), cap, sequences, offsets)


@lru_cache(maxsize=1024)
def _best_group(
    dice: tuple[DieFace, ...], cap: int, sequences: bool, offsets: int
) -> tuple[Group | None, tuple[int, ...]]:
    """:func:`best_group`, remembered: a combat phase asks for each fighter's group on the
    table while its dice stay as they are (a group never changes).
    """
    faces = [face for _id, face in dice]
    found = _best_group_counts(tuple(sorted(faces)), cap, sequences, room_left(faces, offsets))
    if not found:
        return None, _voided(dice, set(), offsets)
    group = _group_of(dice, found[0], sequences)
    return group, _voided(dice, set(group.ids), offsets)


def voided_for_result(dice: Sequence[DieFace], cap: int, offsets: int) -> tuple[int, ...]:
    """The dice voided to offset ``offsets`` 1s in a single or sieve roll: the lowest
    successes that the best result does not use.
    """
    faces = [face for _id, face in dice]
    result = best_result(faces, cap, offsets)
    used = set(_pick_ids(dice, {result.face: result.count})) if result else set()
    return _voided(dice, used, offsets)


def result_dice(dice: Sequence[DieFace], cap: int, offsets: int) -> tuple[int, ...]:
    """The ids of the dice that make the best result of a single or sieve roll."""
    result = best_result([face for _id, face in dice], cap, offsets)
    return _pick_ids(dice, {result.face: result.count}) if result else ()


def keep_choice(
    kept: Sequence[DieFace],
    thrown: Sequence[DieFace],
    *,
    cap: int,
    offsets: int,
    cascade: bool,
    sequences: bool = False,
) -> tuple[int, ...]:
    """The dice of a throw to keep: see the module docstring.

    ``kept`` are the dice on the table already (1s included), ``thrown`` the dice of the
    throw that may be kept, ``offsets`` the 1s to offset.

    >>> keep_choice([(0, 9)], [(1, 9), (2, 4), (3, 12)], cap=9, offsets=0, cascade=False)
    (1,)
    >>> keep_choice([], [(0, 3), (1, 2)], cap=9, offsets=0, cascade=False)
    (0,)
    """
    faces = [face for _id, face in kept] + [face for _id, face in thrown]
    successes = sum(1 for face in faces if is_success(face))
    successes_needed = min(offsets, successes)
    if cascade:  # room for the group: the successes not voided (as room_left counts it)
        room = successes - successes_needed
        targets = _best_group_counts(tuple(sorted(faces)), cap, sequences, room)
    else:
        targets = _best_results(faces, cap, offsets)
    choices = [_keep_for(kept, thrown, target, successes_needed) for target in (targets or [()])]
    if len(choices) == 1:
        return choices[0]
    return max(choices, key=lambda ids: (-len(ids), _faces_down(thrown, ids)))


def _best_results(
    faces: Sequence[int], cap: int, offsets: int
) -> list[tuple[tuple[int, int], ...]]:
    """Every result of the best value, as ((face, dice),)."""
    results = results_of(faces, cap, offsets)
    if not results:
        return []
    top = max(result.value for result in results)
    return [
        ((face, top // face),)
        for face in sorted(set(faces), reverse=True)
        if is_success(face)
        and top % face == 0
        and (top // face == 1 or can_match(face, cap))
        and top // face <= faces.count(face)
    ]


def _keep_for(
    kept: Sequence[DieFace],
    thrown: Sequence[DieFace],
    target: Sequence[tuple[int, int]],
    offsets: int,
) -> tuple[int, ...]:
    """The fewest thrown dice that make ``target`` ((face, dice) pairs) with the kept dice
    and leave successes to offset ``offsets`` 1s, higher dice first; at least one die.
    """
    chosen: list[int] = []
    for face, needed in target:
        missing = needed - sum(1 for _id, f in kept if f == face)
        if missing > 0:
            chosen += [die_id for die_id, f in thrown if f == face][:missing]
    successes = sum(1 for _id, face in kept if is_success(face)) + len(chosen)
    extra = sum(needed for _face, needed in target) + offsets - successes
    if extra > 0:  # the highest successes left, to offset 1s
        spare = sorted(
            (
                (face, die_id)
                for die_id, face in thrown
                if is_success(face) and die_id not in chosen
            ),
            key=lambda item: (-item[0], item[1]),
        )
        chosen += [die_id for _face, die_id in spare[:extra]]
    if not chosen and thrown:
        chosen = [max(thrown, key=lambda die: (die[1], -die[0]))[0]]
    return tuple(sorted(chosen))


def _faces_down(dice: Sequence[DieFace], ids: Sequence[int]) -> tuple[int, ...]:
    """The faces of the chosen dice, highest first."""
    return tuple(sorted((face for die_id, face in dice if die_id in ids), reverse=True))


def _expand(chosen: Mapping[int, int]) -> list[int]:
    return [face for face, n in sorted(chosen.items(), reverse=True) for _copy in range(n)]


def _pick_ids(dice: Sequence[DieFace], chosen: Mapping[int, int]) -> tuple[int, ...]:
    """The first dice of each face, as many as chosen."""
    left = dict(chosen)
    ids = []
    for die_id, face in dice:
        if left.get(face, 0) > 0:
            ids.append(die_id)
            left[face] -= 1
    return tuple(ids)


def _group_of(dice: Sequence[DieFace], chosen: Sequence[tuple[int, int]], sequences: bool) -> Group:
    """The group of the first dice of each face, as many as ``chosen`` ((face, dice) pairs,
    as :func:`_best_group_counts` gives them), in the dice's order.

    Its dice in matches and in sequences are read from the chosen faces: a face chosen more
    than once is matched; one next to another chosen face is in a sequence (where sequences
    count).

    >>> group = _group_of([(0, 7), (1, 12), (2, 8), (3, 7)], ((7, 2), (8, 1)), True)
    >>> group.ids, group.faces, sorted(group.matched), sorted(group.sequence)
    ((0, 2, 3), (7, 8, 7), [0, 3], [0, 2, 3])
    """
    left = dict(chosen)
    in_matches = {face for face, n in chosen if n > 1}
    in_sequence = (
        {face for face in left if face - 1 in left or face + 1 in left} if sequences else set()
    )
    ids: list[int] = []
    faces: list[int] = []
    matched: list[int] = []
    sequence: list[int] = []
    for die_id, face in dice:
        if left.get(face, 0) > 0:
            left[face] -= 1
            ids.append(die_id)
            faces.append(face)
            if face in in_matches:
                matched.append(die_id)
            if face in in_sequence:
                sequence.append(die_id)
    return Group(tuple(ids), tuple(faces), frozenset(matched), frozenset(sequence))


def _voided(dice: Sequence[DieFace], used: set[int], offsets: int) -> tuple[int, ...]:
    """The lowest successes not in ``used``, one per 1 to offset."""
    if not offsets:
        return ()
    spare = sorted(
        ((face, die_id) for die_id, face in dice if is_success(face) and die_id not in used),
        key=lambda item: (item[0], item[1]),
    )
    return tuple(sorted(die_id for _face, die_id in spare[:offsets]))
