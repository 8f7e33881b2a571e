"""The evaluation of the dice a check scores: the result or group, the fumbles offset and
ignored, the legendary failure and the Mythos points, and the mark of every die (rule text
003, "Gleiche", "Folgen", "Fehlschläge", "Patzer", "Glückszahl", "Legendäre Probe",
"Meisterliches Können").

This joins :mod:`.scoring` (single and sieve rolls), :mod:`.best_group` (cascade rolls),
:mod:`.fumbles` and :mod:`.legendary`; the roll sessions mark their dice from it. The marks
say why a die counts as it does:

- ``FUMBLE``: a 1 that must be offset; ``MISS``: a 1 that masterly skill ignores.
- ``FAILURE``: a 2 or 3.
- ``HIT``: a success (4+); ``VOIDED`` instead when it offsets a 1.
- ``MATCHED``, ``SEQUENCE``: in matches or a sequence that count; ``CHOSEN``: in the result
  (single and sieve rolls) or the group (cascade rolls).
- ``LUCKY``: shows the character's lucky number (the sessions add it).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from shadowdice.core.die import Mark
from shadowdice.systems.heldenhandbuch.best_group import (
    DieFace,
    Group,
    best_group,
    result_dice,
    voided_for_result,
)
from shadowdice.systems.heldenhandbuch.fumbles import (
    FUMBLE,
    is_legendary_failure,
    ones_to_offset,
    respect_loss,
)
from shadowdice.systems.heldenhandbuch.legendary import legendary_matches, mythos_points
from shadowdice.systems.heldenhandbuch.scoring import (
    Result,
    best_result,
    can_match,
    is_failure,
    is_success,
)


@dataclass(frozen=True, slots=True)
class Evaluation:
    """What the scored dice of a check come to.

    Attributes:
        value: the result (single and sieve rolls) or the group's sum (cascade rolls); 0
            when nothing scores.
        result: the best result of a single or sieve roll, else None.
        group: the best group of a cascade roll, else None.
        chosen: the dice of the result or group.
        matched, sequence: the dice in matches and in sequences that count.
        voided: the dice voided to offset 1s.
        ones: the 1s, as ids.
        ignored: the 1s masterly skill ignores.
        unoffset: the 1s neither ignored nor offset; each costs a Psyche point.
        legendary_failure: three 1s or more.
        respect_loss: the respect a legendary failure costs on these dice.
        legendary: the largest set of legendary matches, (face, count), or (0, 0).
        mythos_points: what the legendary matches give.
    """

    value: int
    result: Result | None
    group: Group | None
    chosen: frozenset[int]
    matched: frozenset[int]
    sequence: frozenset[int]
    voided: frozenset[int]
    ones: tuple[int, ...]
    ignored: frozenset[int]
    unoffset: int
    legendary_failure: bool
    respect_loss: int
    legendary: tuple[int, int]
    mythos_points: int

    def marks(self, die_id: int, face: int) -> frozenset[Mark]:
        """The marks of a scored die showing ``face`` (one of the few sets there are)."""
        if face == FUMBLE:
            return _MISS if die_id in self.ignored else _FUMBLE
        if is_failure(face):
            return _FAILURE
        if die_id in self.voided:
            return _VOIDED
        return _SCORED[die_id in self.matched, die_id in self.sequence, die_id in self.chosen]


_MISS, _FUMBLE = frozenset({Mark.MISS}), frozenset({Mark.FUMBLE})
_FAILURE, _VOIDED = frozenset({Mark.FAILURE}), frozenset({Mark.VOIDED})
#: The marks of a success, by whether it is in matches, in a sequence, and chosen.
_SCORED = {
    (matched, sequence, chosen): frozenset(
        {Mark.HIT}
        | ({Mark.MATCHED} if matched else set())
        | ({Mark.SEQUENCE} if sequence else set())
        | ({Mark.CHOSEN} if chosen else set())
    )
    for matched in (False, True)
    for sequence in (False, True)
    for chosen in (False, True)
}


def evaluate(
    dice: Sequence[DieFace],
    *,
    cap: int,
    value: int,
    sides: int,
    cascade: bool = False,
    sequences: bool = False,
    converted: frozenset[int] = frozenset(),
) -> Evaluation:
    """Evaluate the scored dice, as (id, face) with converted lucky numbers at their new face.

    ``cap`` is the highest face that may match (the tested value, or a tool's lower quality),
    ``value`` the tested value (for masterly skill), ``converted`` the ids of converted lucky
    numbers (they do not count for a legendary check).

    An evaluation never changes, and a roll asks for the same one several times between two
    throws (its marks, its outcome before and after an action, its actions): the last ones
    worked out are remembered, by the dice and everything else they were evaluated with.
    """
    return _evaluated(tuple(dice), cap, value, sides, cascade, sequences, converted)


@lru_cache(maxsize=1024)
def _evaluated(
    dice: tuple[DieFace, ...],
    cap: int,
    value: int,
    sides: int,
    cascade: bool,
    sequences: bool,
    converted: frozenset[int],
) -> Evaluation:
    """:func:`evaluate`, remembered."""
    ones = tuple(die_id for die_id, face in dice if face == FUMBLE)
    offsets = ones_to_offset(len(ones), value)
    ignored = frozenset(ones) if not offsets else frozenset()
    successes = sum(1 for _id, face in dice if is_success(face))
    result: Result | None = None
    group: Group | None = None
    if cascade:
        group, voided = best_group(dice, cap, sequences, offsets)
        chosen = frozenset(group.ids) if group else frozenset()
        matched = group.matched if group else frozenset()
        sequence = group.sequence if group else frozenset()
        total = group.value if group else 0
    else:
        result = best_result([face for _id, face in dice], cap, offsets)
        voided = voided_for_result(dice, cap, offsets)
        chosen = frozenset(result_dice(dice, cap, offsets))
        matched = _matches(dice, cap, set(voided))
        sequence = frozenset()
        total = result.value if result else 0
    counted = [face for die_id, face in dice if die_id not in voided and die_id not in converted]
    legendary = legendary_matches(counted, cap)
    return Evaluation(
        value=total,
        result=result,
        group=group,
        chosen=chosen,
        matched=matched,
        sequence=sequence,
        voided=frozenset(voided),
        ones=ones,
        ignored=ignored,
        unoffset=max(offsets - successes, 0),
        legendary_failure=is_legendary_failure(len(ones)),
        respect_loss=respect_loss(len(ones), sides),
        legendary=legendary,
        mythos_points=mythos_points(legendary[1]),
    )


def _matches(dice: Sequence[DieFace], cap: int, voided: set[int]) -> frozenset[int]:
    """The dice in matches that may count together (not voided)."""
    live = [(die_id, face) for die_id, face in dice if die_id not in voided]
    counts = Counter(face for _id, face in live)
    return frozenset(die_id for die_id, face in live if counts[face] > 1 and can_match(face, cap))
