"""Rounds of Star Wars D6: what each character declares, the segments the round runs in, who
acts first in a segment, and the penalty for doing several things at once.

Rule text, section on rounds (rundenbasiertes Spiel): there is no initiative roll of its own;
everyone rolls the skill of their declared action, and the totals give both the order and the
success. A character who declares several actions splits the round into segments (Segmente):
the first actions of everyone run in the first segment, the second ones in the second, and so
on. Every roll of the round is made 1D harder per extra action, as the text's table says:

=====================  ==============  ================
declared               counts (-1D)    own segment
=====================  ==============  ================
walk (Gehen)           no              yes
run (Rennen)           yes             yes
regular action         yes             yes
reaction (Reaktion)    yes             no
draw a weapon or such  yes             no
=====================  ==============  ================

"Dieser Modifikator gilt nur, wenn weitere Aktionen ausgeführt werden": the penalty is one die
for every counted action beyond the first, so a character who only runs rolls without one.
Preparing (nothing this round, +1D on the prepared action next round) and a Force Point
(the character's codes doubled for the round) are here as well.

Readings of what the text leaves open (each pinned by a test in ``test_rounds.py``):

- **Every roll of the character** in the round takes the penalty, the roll for walking
  included ("alle Würfelwürfe"): walking adds no penalty but is not spared one.
- **Reactions** count from the segment they are declared in, for every roll from then on
  ("gilt der -1D Modifikator nur ab dem zweiten Segment, aber für alle Würfe"). Actions with
  a segment of their own, running and drawing are declared with the round and count from its
  start. Segment 0 stands for the time before the first segment (a starship's speed contest,
  :mod:`.starships`): only what was declared with the round counts there.
- **Dodging** covers every attack of its segment with one reaction; every other defence
  (parry, deflecting a shot) is declared once per attack, and each counts.
- **Ties in a segment** act at the same time: :func:`segment_order` gives tiers, and the
  characters of one tier neither prevent nor pre-empt each other. The game master may still
  narrate them in any order; the text leaves independent actions in any order anyway.
- **One movement per round** (walk or run); a second one is refused. **Preparing** is doing
  nothing else, so it is refused beside any other declaration, reactions included.
- **A Force Point** doubles the character's code (dice and pips, "verdoppelt seinen
  Fertigkeitswert") before any modifier of the roll: the penalty for several actions, wounds
  and armor are taken from the doubled code, not doubled themselves.
- **Drawing a weapon** is part of an action ("Ziehen und Schießen"); it has no segment of its
  own and belongs to the action it goes with.
- **Too few dice**: a penalty larger than the code leaves 0 dice and keeps the pips
  (:meth:`.Code.plus`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from shadowdice.systems.starwars.codes import Code

BEFORE_FIRST_SEGMENT = 0
"""The time of the round before its first segment (the speed contest of starships)."""

MAX_SEGMENTS = 10
"""The most segments a round is given; more declared actions are a slip, not a plan."""


class ActionKind(StrEnum):
    """What a character can declare for a round."""

    WALK = "walk"
    """Gehen: up to 5 m; its own segment, never a penalty."""
    RUN = "run"
    """Rennen: up to 10 m (a jump or climb the game master counts as running); own segment."""
    REGULAR = "action"
    """A regular action (shoot, open a lock); own segment."""
    REACTION = "reaction"
    """Reaktion: dodge, parry, deflect; in the segment of the attack it answers."""
    DRAW = "draw"
    """Waffe ziehen o.ä.: drawing a weapon or the like, part of another action."""
    PREPARE = "prepare"
    """Doing nothing this round to prepare an action of the next one (+1D on it)."""
    SPEED = "speed"
    """Adding Starship Piloting to a starship's speed roll, before the first segment."""


class Defence(StrEnum):
    """The kind of a reaction: how far it reaches."""

    DODGE = "dodge"
    """Ausweichen: covers every attack of its segment."""
    PARRY = "parry"
    """Any other defence (parry, deflect): declared once for every attack."""


@dataclass(frozen=True, slots=True)
class KindRule:
    """One row of the text's table of actions.

    Attributes:
        counts: whether it counts as an action for the penalty (-1D per extra action).
        own_segment: whether it takes a segment of its own.
    """

    counts: bool
    own_segment: bool


ACTION_TABLE: Mapping[ActionKind, KindRule] = {
    ActionKind.WALK: KindRule(counts=False, own_segment=True),
    ActionKind.RUN: KindRule(counts=True, own_segment=True),
    ActionKind.REGULAR: KindRule(counts=True, own_segment=True),
    ActionKind.REACTION: KindRule(counts=True, own_segment=False),
    ActionKind.DRAW: KindRule(counts=True, own_segment=False),
    ActionKind.PREPARE: KindRule(counts=False, own_segment=False),
    ActionKind.SPEED: KindRule(counts=True, own_segment=False),
}
"""The table of the text (walk to draw), with preparing and the starship speed action."""

MOVEMENTS = frozenset({ActionKind.WALK, ActionKind.RUN})


class RoundError(ValueError):
    """Declarations the rules do not allow; the message is for the game master."""


@dataclass(frozen=True, slots=True)
class Declaration:
    """One thing a character declares for a round.

    Attributes:
        kind: walk, run, regular action, reaction, draw, prepare or speed.
        label: what is done, in words ("shoot at Corukk").
        skill: the skill or attribute rolled for it ("Blaster"), "" when nothing is rolled.
        segment: for a reaction, the segment it is declared in (it counts from there on);
            for drawing, the segment of the action it is part of. Ignored for actions with a
            segment of their own, which take the segments in the order declared.
        defence: for a reaction that defends, dodge or another defence; else None (turning a
            deflected shot on a target is a reaction that defends against nothing).
        prepared: this action was prepared the round before (+1D on its roll).
    """

    kind: ActionKind
    label: str = ""
    skill: str = ""
    segment: int = 1
    defence: Defence | None = None
    prepared: bool = False

    @property
    def rule(self) -> KindRule:
        """Its row of the table."""
        return ACTION_TABLE[self.kind]

    def counts_in(self, segment: int) -> bool:
        """Whether it counts toward the penalty of a roll in ``segment``."""
        if not self.rule.counts:
            return False
        return self.kind is not ActionKind.REACTION or self.segment <= segment


def walk(label: str = "walk") -> Declaration:
    """Walking (up to 5 m), rolled with Dexterity when the order matters."""
    return Declaration(ActionKind.WALK, label, "Dexterity")


def run(label: str = "run") -> Declaration:
    """Running (up to 10 m), rolled with Dexterity."""
    return Declaration(ActionKind.RUN, label, "Dexterity")


def act(label: str, skill: str, *, prepared: bool = False) -> Declaration:
    """A regular action rolled with ``skill``."""
    return Declaration(ActionKind.REGULAR, label, skill, prepared=prepared)


def dodge(segment: int = 1, skill: str = "Dodge") -> Declaration:
    """Dodging every attack of ``segment``."""
    return Declaration(ActionKind.REACTION, "dodge", skill, segment, Defence.DODGE)


def parry(segment: int = 1, skill: str = "Melee Parry", label: str = "parry") -> Declaration:
    """Parrying (or deflecting) one attack of ``segment``."""
    return Declaration(ActionKind.REACTION, label, skill, segment, Defence.PARRY)


def draw(segment: int = 1, label: str = "draw a weapon") -> Declaration:
    """Drawing a weapon as part of the action of ``segment``."""
    return Declaration(ActionKind.DRAW, label, "", segment)


def prepare(label: str = "prepare") -> Declaration:
    """Doing nothing this round, to roll a chosen action next round with +1D."""
    return Declaration(ActionKind.PREPARE, label)


@dataclass(frozen=True, slots=True)
class CharacterRound:
    """What one character declared for a round.

    Attributes:
        name: the character.
        declarations: everything declared, in the order declared; reactions may be added
            later with :meth:`react`.
        force_point: a Force Point was spent: every code of the round is doubled.

    Raises:
        RoundError: two movements, or preparing beside anything else.
    """

    name: str
    declarations: tuple[Declaration, ...] = ()
    force_point: bool = False

    def __post_init__(self) -> None:
        kinds = [declaration.kind for declaration in self.declarations]
        if sum(kind in MOVEMENTS for kind in kinds) > 1:
            raise RoundError(f"{self.name} can walk or run only once a round.")
        if ActionKind.PREPARE in kinds and len(kinds) > 1:
            raise RoundError(f"{self.name} prepares and so does nothing else this round.")
        for declaration in self.declarations:
            if declaration.segment < 1:
                raise RoundError(f"Segments are counted from 1, not {declaration.segment}.")
        dodges = [d.segment for d in self.declarations if d.defence is Defence.DODGE]
        if len(dodges) != len(set(dodges)):
            raise RoundError(
                f"{self.name} dodges once a segment: one dodge covers every attack of it."
            )

    def react(self, reaction: Declaration) -> CharacterRound:
        """This round with a reaction declared at the start of its segment."""
        if reaction.kind is not ActionKind.REACTION:
            raise RoundError("Only reactions can be declared during the round.")
        return CharacterRound(self.name, (*self.declarations, reaction), self.force_point)

    @property
    def actions(self) -> tuple[Declaration, ...]:
        """The declarations with a segment of their own, in the order they run."""
        return tuple(d for d in self.declarations if d.rule.own_segment)

    def action_in(self, segment: int) -> Declaration | None:
        """The action the character runs in ``segment``, or None."""
        actions = self.actions
        return actions[segment - 1] if 1 <= segment <= len(actions) else None

    def counted(self, segment: int) -> int:
        """How many declarations count as actions for a roll in ``segment``."""
        return sum(1 for declaration in self.declarations if declaration.counts_in(segment))

    def penalty(self, segment: int) -> int:
        """The dice taken off every roll in ``segment``: one per counted action past the
        first (0 when only one action counts, or none).
        """
        return max(0, self.counted(segment) - 1)

    def code_for(
        self, code: Code, segment: int, *, prepared: bool = False, dice: int = 0, pips: int = 0
    ) -> Code:
        """The code rolled in ``segment``: the character's code, doubled for a Force Point;
        then the penalty taken off, +1D when the action was prepared the round before, and
        the roll's other modifiers (``dice``, ``pips``: wounds, armor), which are not doubled.

        >>> str(CharacterRound("Luke", (act("a", "Sense"), act("b", "Sense")), True).code_for(
        ...     Code(3, 1), 1, dice=-1, pips=-1))
        '4D+1'
        """
        base = code.doubled() if self.force_point else code
        bonus = 1 if prepared else 0
        return base.plus(dice=bonus - self.penalty(segment) + dice, pips=pips)

    def covers(self, segment: int, attacks: int) -> int:
        """How many of ``attacks`` in ``segment`` the character's reactions defend against:
        all of them with a dodge, else one for every other defence declared there.
        """
        defences = [
            d.defence
            for d in self.declarations
            if d.kind is ActionKind.REACTION and d.segment == segment and d.defence is not None
        ]
        if Defence.DODGE in defences:
            return attacks
        return min(attacks, len(defences))


def reactions_needed(defence: Defence, attacks: int) -> int:
    """How many reactions defend against ``attacks`` of one segment: a dodge covers all,
    any other defence is declared once per attack.

    >>> reactions_needed(Defence.DODGE, 3), reactions_needed(Defence.PARRY, 3)
    (1, 3)
    """
    if attacks <= 0:
        return 0
    return 1 if defence is Defence.DODGE else attacks


def segment_count(characters: Sequence[CharacterRound]) -> int:
    """How many segments the round has: the most actions with a segment of their own
    anyone declared (at least one).
    """
    return max((len(character.actions) for character in characters), default=0) or 1


def segment_actions(
    characters: Sequence[CharacterRound], segment: int
) -> tuple[tuple[str, Declaration], ...]:
    """Who runs which action in ``segment``, as (name, action) in the order given."""
    return tuple(
        (character.name, action)
        for character in characters
        if (action := character.action_in(segment)) is not None
    )


@dataclass(frozen=True, slots=True)
class Turn:
    """The characters who act together in a segment: the same total, at the same time.

    Attributes:
        total: the total they rolled.
        names: who rolled it, in the order given.
    """

    total: int
    names: tuple[str, ...] = field(default_factory=tuple)


def segment_order(totals: Mapping[str, int]) -> tuple[Turn, ...]:
    """The order of a segment from everyone's rolled totals: highest first; equal totals
    act at the same time.

    >>> [turn.names for turn in segment_order({"Anla": 16, "Bulack": 12, "Corukk": 8})]
    [('Anla',), ('Bulack',), ('Corukk',)]
    """
    by_total: dict[int, list[str]] = {}
    for name, total in totals.items():
        by_total.setdefault(total, []).append(name)
    return tuple(Turn(total, tuple(by_total[total])) for total in sorted(by_total, reverse=True))


def force_point(code: Code) -> Code:
    """A code for the round in which a Force Point is spent: dice and pips doubled.

    >>> str(force_point(Code(4, 2)))
    '8D+4'
    """
    return code.doubled()
