"""Shadowrun 4 rules as small pure functions (rule text 002: hits, glitches, Rule of Six,
Edge, optional rules).

Points the rule text leaves open, and the reading Shadowdice takes:

- **Dice that count toward a glitch.** The glitch compares the 1s with the number of dice
  thrown for the check: the pool, Edge dice added before the roll, and Edge dice thrown after
  it (they join the check's pool). A Rule-of-Six re-throw is the same die thrown again, so it
  adds neither to the number of dice nor to the 1s; a die counts as a 1 by its first face.
- **"Half or more".** The text says *die Hälfte oder mehr*: 2 ones of 4 dice glitch, 2 of 5
  do not, 3 of 5 do.
- **Rerolling the misses** replaces every die without a hit; the glitch is judged again on the
  dice as they then lie (a 1 that was rerolled no longer counts). The Rule of Six does not
  apply to the rerolled dice (they are not Edge dice), except under the cinematic rules.
- **Edge before the roll on a small pool** adds to the pool as it is: a pool of -1 with Edge 3
  throws 2 dice. A pool that stays at 0 or less needs a long shot.
- **Long shot.** Its dice are Edge dice, so the Rule of Six applies to them.
- **Edge dice before the roll** are thrown with the pool, as one throw, and shown apart as Edge
  dice so the player sees which they were.
- **The full Edge attribute.** Outside the harder rules, every use of Edge throws as many
  dice as the Edge attribute, however few Edge points are left: one point pays for it.
- **Harder rules, unspent Edge.** Pre-roll Edge adds as many dice as the character has unspent
  Edge points *before* paying for this check, so a character at full Edge still gets the full
  attribute. The harder rule names only Edge that enlarges the pool: a long shot and Edge dice
  after the roll still throw the full Edge attribute.
- **Cinematic and harder together** simply combine: hits on 4+, Rule of Six on every roll,
  and 1s and 2s count toward a glitch.
- **The Edge attribute** is read when the check starts; changing the sheet during a roll does
  not change what that roll's Edge buttons throw.
- **Success.** With a threshold, the check succeeds when the hits reach it; without one, one
  hit is enough. A critical glitch has no hit and so always fails.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import NamedTuple

from shadowdice.core.die import Mark
from shadowdice.core.language import translations

_, _n = translations(__name__)


@dataclass(frozen=True, slots=True)
class TableRules:
    """The rule options in play for a character.

    Attributes:
        cinematic: hits on 4+, Rule of Six on every roll.
        harder: pre-roll Edge adds only unspent Edge points; 1s and 2s glitch.
        judge: how a die's chain of faces is judged under these rules (:func:`die_judge`).

    >>> TableRules(cinematic=True).judge((4,)).hits, TableRules(harder=True).judge((2,)).glitch
    (1, True)
    """

    cinematic: bool = False
    harder: bool = False
    judge: Callable[[tuple[int, ...]], JudgedDie] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "judge", die_judge(self.hit_on, self.glitch_up_to))

    @property
    def hit_on(self) -> int:
        """The lowest face that is a hit."""
        return 4 if self.cinematic else 5

    @property
    def glitch_up_to(self) -> int:
        """The highest face that counts toward a glitch."""
        return 2 if self.harder else 1


@dataclass(frozen=True, slots=True)
class Glitch:
    """Whether a throw glitched.

    >>> judge_glitch(ones=2, dice=4, hits=1)
    Glitch(glitch=True, critical=False)
    >>> judge_glitch(ones=2, dice=5, hits=0)
    Glitch(glitch=False, critical=False)
    >>> judge_glitch(ones=3, dice=5, hits=0)
    Glitch(glitch=True, critical=True)
    """

    glitch: bool
    critical: bool


def judge_glitch(*, ones: int, dice: int, hits: int) -> Glitch:
    """A glitch when half or more of the dice show a glitch face; critical without a hit."""
    glitch = dice > 0 and 2 * ones >= dice
    return Glitch(glitch=glitch, critical=glitch and hits == 0)


class JudgedDie(NamedTuple):
    """What one die's chain counts for.

    Attributes:
        hits: the faces at or above the hit face.
        marks: hit or miss, glitch by the first face, exploded for a chain.
        score: the hits of a chain, shown on the die; None for a single face.
        glitch: the first face counts toward a glitch.
    """

    hits: int
    marks: frozenset[Mark]
    score: int | None
    glitch: bool


@cache
def die_judge(hit_on: int, glitch_up_to: int) -> Callable[[tuple[int, ...]], JudgedDie]:
    """How a die's chain of faces is judged, given the lowest hit face and the highest glitch
    face: hits by every face, a glitch by the first.

    A die is judged by its faces alone, so each chain is judged once and the answer shared.

    >>> judged = die_judge(hit_on=5, glitch_up_to=1)((6, 6, 1))
    >>> judged.hits, sorted(map(str, judged.marks)), judged.score
    (2, ['exploded', 'hit'], 2)
    >>> judged = die_judge(hit_on=4, glitch_up_to=1)((4,))
    >>> judged.hits, sorted(map(str, judged.marks)), judged.score
    (1, ['hit'], None)
    >>> sorted(map(str, die_judge(hit_on=5, glitch_up_to=2)((2,)).marks))
    ['glitch', 'miss']
    """

    @lru_cache(maxsize=1024)  # every chain of a few faces, with room to spare
    def judge(faces: tuple[int, ...]) -> JudgedDie:
        hits = sum(1 for face in faces if face >= hit_on)
        marks = [Mark.HIT if hits else Mark.MISS]
        glitch = faces[0] <= glitch_up_to
        if glitch:
            marks.append(Mark.GLITCH)
        chain = len(faces) > 1
        if chain:
            marks.append(Mark.EXPLODED)
        return JudgedDie(hits, frozenset(marks), hits if chain else None, glitch)

    return judge


def edge_dice_before_roll(*, edge: int, edge_current: int, rules: TableRules) -> int:
    """Dice that pre-roll Edge adds: the Edge attribute, or under harder rules the unspent
    points before paying for this check.

    >>> edge_dice_before_roll(edge=4, edge_current=2, rules=TableRules(harder=True))
    2
    """
    return min(edge, edge_current) if rules.harder else edge


def succeeded(*, hits: int, threshold: int) -> bool:
    """Whether the hits reach the threshold (one hit when there is none).

    >>> succeeded(hits=2, threshold=3), succeeded(hits=1, threshold=0)
    (False, True)
    """
    return hits >= max(threshold, 1)


def hits_phrase(hits: int) -> str:
    """'1 hit', '3 hits' (in the current language)."""
    return _n("{n} hit", "{n} hits", hits)
