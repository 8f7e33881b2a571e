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
for every counted action beyond the first (:func:`penalty`), so a character who only runs
rolls without one.

This module holds the rules of declaring; the app applies them elsewhere: the sheet's table
"This round" becomes a :class:`CharacterRound` (:mod:`.round_sheet`), every roll takes the
penalty of its segment (:func:`.rolls.round_modifiers`), the +1D of preparing and the Force
Point's doubling are applied to the roll (:mod:`.rolls`, :class:`.plan.Roller`), and the
segment order is rolled as a group (:mod:`.group_checks`, :mod:`.group_rolls`).

Readings of what the text leaves open (pinned by tests in ``test_rounds.py``,
``test_round_sheet.py`` and ``test_group_checks.py``):

- **Every roll of the character** in the round takes the penalty, the roll for walking
  included ("alle Würfelwürfe"): walking adds no penalty but is not spared one.
- **Reactions** count from the segment they are declared in, for every roll from then on
  ("gilt der -1D Modifikator nur ab dem zweiten Segment, aber für alle Würfe"). Actions with
  a segment of their own, running and drawing are declared with the round and count from its
  start. Segment 0 stands for the time before the first segment (a starship's speed contest,
  :mod:`.starships`): only what was declared with the round counts there.
- **Dodging** covers every attack of its segment with one reaction, so a second dodge in a
  segment is refused; every other defence (parry, deflecting a shot) is declared once per
  attack, and each counts.
- **Ties in a segment** act at the same time: :func:`segment_order` gives tiers, and the
  characters of one tier neither prevent nor pre-empt each other. The game master may still
  narrate them in any order; the text leaves independent actions in any order anyway.
- **One movement per round** (walk or run); a second one is refused. **Preparing** is doing
  nothing else, so it is refused beside any other declaration, reactions included.
- **A Force Point** doubles the character's code (dice and pips, "verdoppelt seinen
  Fertigkeitswert") before any modifier of the roll: the penalty for several actions, wounds
  and armor are taken from the doubled code, not doubled themselves (:class:`.plan.Roller`).
- **Drawing a weapon** is part of an action ("Ziehen und Schießen"); it has no segment of its
  own and belongs to the action it goes with.
- **Too few dice**: a penalty larger than the code leaves 0 dice and keeps the pips
  (:meth:`.Code.plus`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from shadowdice.core.language import N_, translations

_, _n = translations(__name__)

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


#: The kinds of action in words (the sheet keeps the kinds' ids), shown by :func:`kind_words`.
KIND_WORDS = {
    ActionKind.WALK: N_("Walk"),
    ActionKind.RUN: N_("Run"),
    ActionKind.REGULAR: N_("Action"),
    ActionKind.REACTION: N_("Reaction"),
    ActionKind.DRAW: N_("Draw"),
    ActionKind.PREPARE: N_("Prepare"),
    ActionKind.SPEED: N_("Speed"),
}


def kind_words(kind: str) -> str:
    """A kind of action in words, in the language shown ("walk" -> "Walk", "Gehen" in German);
    an id this version does not know, as written.
    """
    try:
        return _(KIND_WORDS[ActionKind(kind)])
    except ValueError:
        return str(kind)


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
        defence: for a reaction that defends, dodge or another defence; else None.
    """

    kind: ActionKind
    label: str = ""
    skill: str = ""
    segment: int = 1
    defence: Defence | None = None

    @property
    def rule(self) -> KindRule:
        """Its row of the table."""
        return ACTION_TABLE[self.kind]

    def counts_in(self, segment: int) -> bool:
        """Whether it counts toward the penalty of a roll in ``segment``."""
        if not self.rule.counts:
            return False
        return self.kind is not ActionKind.REACTION or self.segment <= segment


@dataclass(frozen=True, slots=True)
class CharacterRound:
    """What one character declared for a round.

    Attributes:
        name: the character.
        declarations: everything declared, in the order declared (reactions declared
            later in the round are added with the segment they are declared in).

    Raises:
        RoundError: two movements, preparing beside anything else, or two dodges in one
            segment.
    """

    name: str
    declarations: tuple[Declaration, ...] = ()

    def __post_init__(self) -> None:
        kinds = [declaration.kind for declaration in self.declarations]
        if sum(kind in MOVEMENTS for kind in kinds) > 1:
            raise RoundError(_("{name} can walk or run only once a round.", name=self.name))
        if ActionKind.PREPARE in kinds and len(kinds) > 1:
            raise RoundError(
                _("{name} prepares and so does nothing else this round.", name=self.name)
            )
        for declaration in self.declarations:
            if declaration.segment < 1:
                raise RoundError(
                    _("Segments are counted from 1, not {segment}.", segment=declaration.segment)
                )
        dodges = [d.segment for d in self.declarations if d.defence is Defence.DODGE]
        if len(dodges) != len(set(dodges)):
            raise RoundError(
                _(
                    "{name} dodges once a segment: one dodge covers every attack of it.",
                    name=self.name,
                )
            )

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


def penalty(counted: int) -> int:
    """The dice taken off every roll of a round with ``counted`` actions: one per counted
    action past the first, none for a single one.

    >>> penalty(1), penalty(3), penalty(0)
    (0, 2, 0)
    """
    return max(0, counted - 1)


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
