"""Dice on the table: a die's faces, its marks, and the throws that put it there.

These are the words the dice tray understands. A rule system evaluates dice by giving them
*marks*; the tray draws faces and marks and knows no rule.

A die that explodes (Shadowrun's Rule of Six, Phase Six's exploding dice) is one die with a
*chain* of faces: the first throw and every throw again after it. Sixes of one throw are thrown
again together, as players do at the table, so a scripted source replays a throw wave by wave:

>>> from shadowdice.core.dice import ScriptedDiceSource
>>> ids = iter(range(100))
>>> chains = throw_dice(ScriptedDiceSource([4, 6, 6, 6, 1, 2]), 3, ids=ids, explode_on=6)
>>> [die.faces for die in chains]
[(4,), (6, 6, 2), (6, 1)]
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from enum import StrEnum
from functools import lru_cache
from typing import NamedTuple, Protocol

from shadowdice.core.dice import DiceRequest, DiceSource, Faces, typed_flags
from shadowdice.core.language import N_, translations, words

_, _n = translations(__name__)

#: Safety stop for exploding chains; no fair die reaches it in practice.
MAX_CHAIN_LENGTH = 64


class Mark(StrEnum):
    """What a die means after evaluation, drawn by the tray on the die."""

    HIT = "hit"
    """Counts as a hit or success."""
    MISS = "miss"
    """Counts for nothing."""
    GLITCH = "glitch"
    """Counts toward a glitch (a 1; in some rules a 2)."""
    EXPLODED = "exploded"
    """Its top face was thrown again and added to the chain."""
    REROLLED = "rerolled"
    """Thrown again by a reroll; its replacement lies on the table instead."""
    KEPT = "kept"
    """Set aside for scoring in a sieve or cascade roll."""
    MATCHED = "matched"
    """Part of a group of matches (same faces)."""
    SEQUENCE = "sequence"
    """Part of a sequence (adjacent faces)."""
    FAILURE = "failure"
    """A failure face that can form nothing."""
    FUMBLE = "fumble"
    """A fumble (a 1) that must be offset."""
    VOIDED = "voided"
    """Used up, e.g. to offset a fumble."""
    LUCKY = "lucky"
    """Shows the character's lucky number."""
    CHOSEN = "chosen"
    """The die whose face is the result."""


#: Each mark in a word, for a die's description (shown through :func:`mark_word`).
MARK_WORDS = {
    Mark.HIT: N_("hit"),
    Mark.MISS: N_("miss"),
    Mark.GLITCH: N_("glitch"),
    Mark.EXPLODED: N_("exploded"),
    Mark.REROLLED: N_("rerolled"),
    Mark.KEPT: N_("kept"),
    Mark.MATCHED: N_("matched"),
    Mark.SEQUENCE: N_("sequence"),
    Mark.FAILURE: N_("failure"),
    Mark.FUMBLE: N_("fumble"),
    Mark.VOIDED: N_("voided"),
    Mark.LUCKY: N_("lucky"),
    Mark.CHOSEN: N_("chosen"),
}


def mark_word(mark: str) -> str:
    """A mark in a word, in the language shown; one this version does not know, as written."""
    try:
        return _(MARK_WORDS[Mark(mark)])
    except (ValueError, KeyError):
        return str(mark)


#: The words of dice groups whose names are ids the rules compare against, by id.
_GROUP_WORDS: dict[str, Callable[[], str]] = {}


def name_group(group: str, words: Callable[[], str]) -> None:
    """Show the dice of ``group``, an id the rules compare against (Star Wars' "opponent"),
    under ``words()``: the group keeps its id, its caption follows the language shown.
    """
    _GROUP_WORDS[group] = words


def group_words(group: str) -> str:
    """The words a die's group is shown under, part by part ("Hagen · opponent" ->
    "Hagen · Gegner" in German): a part :func:`name_group` named, in the language shown;
    any other (a character's name, a translated text) as the current language renders it.
    """
    return " · ".join(
        _GROUP_WORDS[part]() if part in _GROUP_WORDS else part for part in words(group).split(" · ")
    )


class Die(NamedTuple):
    """One die and its chain of faces.

    A die is an immutable named tuple rather than a frozen dataclass: a roll makes one for
    every die it throws and again for every change of its marks, and a named tuple is made
    in a quarter of the time. Change a die through :meth:`marked`, :meth:`with_marks` or
    :meth:`in_group`, which return a new die.

    Attributes:
        id: unique within its roll session, so an action can name the dice it acts on.
        sides: 6 for a d6/W6, 20 for a W20.
        faces: the first face, then each face thrown again after an explosion.
        group: where the die lies apart from others ("" for the main pool, "edge",
            "destiny", a character's name in a group roll).
        marks: the evaluation, set by the rule system.
        score: a number to show on the die when its faces alone do not say it
            (hits of a chain, the total of an exploding die), else None.
        typed: for each face, whether it was typed in from a physical die; empty when every
            face was thrown digitally.
        carried: laid on the table with a face kept from before (dice saved for a later
            throw), not thrown.
    """

    id: int
    sides: int
    faces: tuple[int, ...]
    group: str = ""
    marks: frozenset[Mark] = frozenset()
    score: int | None = None
    typed: tuple[bool, ...] = ()
    carried: bool = False

    @property
    def face(self) -> int:
        """The first face thrown."""
        return self.faces[0]

    @property
    def total(self) -> int:
        """The sum of the chain."""
        return sum(self.faces)

    def marked(self, *marks: Mark, score: int | None = None) -> Die:
        """This die with exactly these marks (and score)."""
        return self.with_marks(frozenset(marks), score)

    def with_marks(self, marks: frozenset[Mark], score: int | None = None) -> Die:
        """This die with exactly the marks of the set (and score)."""
        return _new_die(
            Die,
            (self.id, self.sides, self.faces, self.group, marks, score, self.typed, self.carried),
        )

    def in_group(self, group: str) -> Die:
        """This die, lying in ``group``."""
        marks, score, typed, carried = self.marks, self.score, self.typed, self.carried
        return _new_die(Die, (self.id, self.sides, self.faces, group, marks, score, typed, carried))

    def has(self, mark: Mark) -> bool:
        """Whether the die carries the mark."""
        return mark in self.marks

    @property
    def is_typed(self) -> bool:
        """Whether any face of the die was typed in from a physical die."""
        return any(self.typed)


#: Makes a die from all its fields at once, without the keyword handling of ``Die(...)``.
_new_die = tuple.__new__
_NO_MARKS: frozenset[Mark] = frozenset()


class Throw(NamedTuple):
    """One throw of a roll session: the dice it put on the table, in order.

    Immutable, and a named tuple for the same reason as :class:`Die`.

    Attributes:
        label: what the throw was, in the players' words ("Roll", "Edge: second chance").
        die_ids: the dice thrown, as ids into the session's dice.
        replaced: dice this throw took off the table (a reroll).
        roller: who threw it when not the session's character (a fighter of a contest, an
            opponent: "" for the game master); None: the session's character.
    """

    label: str
    die_ids: tuple[int, ...]
    replaced: tuple[int, ...] = ()
    roller: str | None = None

    def relabelled(self, label: str, roller: str | None = None) -> Throw:
        """This throw under another label; thrown by ``roller`` if it had no roller of its
        own (a member's throw taken into a group roll).
        """
        roller = roller if self.roller is None else self.roller
        return Throw(label, self.die_ids, self.replaced, roller)


class Judged(Protocol):
    """What a rule that judges a die by its faces alone gives: the die's marks and score."""

    @property
    def marks(self) -> frozenset[Mark]:
        """The die's marks."""
        ...

    @property
    def score(self) -> int | None:
        """The number shown on the die, or None."""
        ...


@lru_cache(maxsize=64)  # a few dice, groups and rules, with room to spare
def _dice_made(
    judge: Callable[[tuple[int, ...]], Judged] | None, sides: int, group: str
) -> dict[tuple[int, int], Die]:
    """The dice thrown digitally with one face each, by that face and their id.

    Ids start at 0 in every session, so the same die (its id, and how it lies: judged by
    ``judge`` when there is one) comes up roll after roll: each is made once and shared, as
    dice never change.
    """
    return {}


#: How many dice one :func:`_dice_made` keeps (a few pools of every face, with room to spare).
_DICE_KEPT = 1024


def _new_digital_die(
    made: dict[tuple[int, int], Die],
    face: int,
    die_id: int,
    judge: Callable[[tuple[int, ...]], Judged] | None,
    sides: int,
    group: str,
) -> Die:
    """A die thrown digitally with one face, judged, and kept among the dice ``made``."""
    if len(made) >= _DICE_KEPT:
        made.clear()
    faces = (face,)
    if judge is None:
        marks, score = _NO_MARKS, None
    else:
        judged = judge(faces)
        marks, score = judged.marks, judged.score
    die = made[face, die_id] = _new_die(Die, (die_id, sides, faces, group, marks, score, (), False))
    return die


#: The requests made so far, by what they ask (see :func:`_request`).
_REQUESTS: dict[tuple[int, int, str, str, bool], DiceRequest] = {}
#: How many requests :data:`_REQUESTS` keeps (every throw of many rolls, with room to spare).
_REQUESTS_KEPT = 256


def _request(count: int, sides: int, purpose: str, roller: str, secret: bool) -> DiceRequest:
    """The request for a throw, made once: requests never change, and rolls ask the same
    ones again and again. A purpose in words knows how it was made (its words in any
    language), so a request is shared only with throws of the very same purpose.
    """
    key = (count, sides, purpose, roller, secret)
    request = _REQUESTS.get(key)
    if request is None or request.purpose is not purpose:
        if len(_REQUESTS) >= _REQUESTS_KEPT:
            _REQUESTS.clear()
        request = _REQUESTS[key] = DiceRequest(count, sides, purpose, roller, secret)
    return request


def throw_dice(
    source: DiceSource,
    count: int,
    *,
    ids: Iterator[int],
    sides: int = 6,
    group: str = "",
    purpose: str = "",
    explode_on: int | None = None,
    roller: str = "",
    judge: Callable[[tuple[int, ...]], Judged] | None = None,
    secret: bool = False,
) -> list[Die]:
    """Throw ``count`` dice and, with ``explode_on``, throw again every die at or above it.

    All dice that explode in one wave are thrown again together in one request, wave after
    wave, until no die explodes. Faces typed in from physical dice keep that origin. With
    ``judge`` (rules that judge a die by its faces alone), every die is marked as it lands.
    ``secret``: the dice of a secret roll (asked of no player's laptop).
    """
    first = source.throw(_request(count, sides, purpose, roller, secret))
    if not isinstance(first, Faces) and (explode_on is None or max(first, default=0) < explode_on):
        # The common throw: one face a die, all thrown digitally.
        made = _dice_made(judge, sides, group)
        # By (face, id): the faces first, so that no id is drawn past the last face.
        return [
            made.get(key) or _new_digital_die(made, *key, judge, sides, group)
            for key in zip(first, ids, strict=False)
        ]
    chains = [[face] for face in first]
    typed = [[flag] for flag in typed_flags(first)]
    if explode_on is not None:
        live = [i for i, chain in enumerate(chains) if chain[-1] >= explode_on]
        while live:
            if len(chains[live[0]]) >= MAX_CHAIN_LENGTH:
                raise RuntimeError(f"an exploding die reached {MAX_CHAIN_LENGTH} faces")
            request = DiceRequest(len(live), sides, f"{purpose} again".strip(), roller, secret)
            again = source.throw(request)
            for i, face, flag in zip(live, again, typed_flags(again), strict=True):
                chains[i].append(face)
                typed[i].append(flag)
            live = [i for i in live if chains[i][-1] >= explode_on]
    dice = [
        Die(next(ids), sides, tuple(chain), group, typed=tuple(flags) if any(flags) else ())
        for chain, flags in zip(chains, typed, strict=True)
    ]
    if judge is None:
        return dice
    return [die.with_marks((judged := judge(die.faces)).marks, judged.score) for die in dice]
