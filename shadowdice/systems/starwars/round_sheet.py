"""The round on the sheet: the table "This round" of declared actions and how it becomes a
:class:`~.rounds.CharacterRound` for the penalties (rule text 004, "rundenbasiertes Spiel",
"Vorbereiten", the Force Point of Luke's example, and "benommen" for the stun). The sheet
action "New round" is in :mod:`.sheet_actions`.

Every row is one declaration: its kind (walk, run, action, reaction, draw, prepare, or the
speed action of a pilot), what is rolled for it (a roll's name such as "Blaster", "skill:
Blaster", "Starship dodge", or free words), and for a reaction or a draw the segment it is
declared in. Actions with a segment of their own take the segments in the order of the rows.

Readings of what the text leaves open (pinned by tests in ``test_round_sheet.py``):

- **Dodge or parry** is read from what a reaction rolls: Dodge or a starship dodge covers
  every attack of its segment; any other reaction is one defence.
- **A dodge is rolled once in its segment**: the first attack of the segment rolls it and the
  sheet keeps its total (:class:`Dodged`); every later attack of that segment against the
  character adds the same total without a roll.
- **"New round"** clears the declarations and dodges, ends the stun and the Force Point's
  doubling, and carries a declared "prepare" into the next round: the character's next roll
  of what was prepared gets +1D (:data:`ANY_ROLL` when the row names nothing: the next roll).
  A bonus not used in the round it was prepared for is gone at the following "New round".
- **A mortally wounded character's rounds** are counted by the death roll, not by "New
  round" (it reminds the game master to roll it).
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import Field

from shadowdice.core.language import translations
from shadowdice.core.sheet import Row
from shadowdice.systems.starwars.rounds import (
    MAX_SEGMENTS,
    ActionKind,
    CharacterRound,
    Declaration,
    Defence,
)

_, _n = translations(__name__)

NEW_ROUND = "new_round"
ANY_ROLL = "next roll"
"""What :attr:`~.sheet.StarWarsSheet.prepared` holds when the prepare row named no roll."""

#: What a reaction rolls when it is a dodge (compared without case).
DODGES = frozenset({"dodge", "skill:dodge", "starship dodge", "ship:dodge"})
#: Kinds whose segment is declared with them (the others take theirs in order).
SEGMENT_DECLARED = frozenset({ActionKind.REACTION, ActionKind.DRAW})


def prepared_words(prepared: str) -> str:
    """What a preparation is for, in words: the roll named, or "the next roll"."""
    return _("the next roll") if prepared == ANY_ROLL else prepared


class Declared(Row):
    """One row of "This round".

    Attributes:
        kind: walk, run, action, reaction, draw, prepare or speed (:class:`.ActionKind`).
        rolls: what is rolled for it: a roll's name, or free words ("" for nothing).
        segment: for a reaction or a draw, the segment it is declared in (1 or later).
    """

    kind: ActionKind = ActionKind.REGULAR
    rolls: str = ""
    segment: int = Field(default=1, ge=1, le=MAX_SEGMENTS)

    @property
    def declaration(self) -> Declaration:
        """The row as the rules of :mod:`.rounds` see it."""
        defence = None
        if self.kind is ActionKind.REACTION:
            dodges = self.rolls.strip().casefold() in DODGES
            defence = Defence.DODGE if dodges else Defence.PARRY
        segment = self.segment if self.kind in SEGMENT_DECLARED else 1
        return Declaration(self.kind, self.rolls or self.kind.value, self.rolls, segment, defence)


class Dodged(Row):
    """A dodge rolled this round: it covers every attack of its segment (rule text 004,
    "Ausweichen gilt für alle Angriffe im gleichen Segment"; a starship's dodge "wie beim
    Ausweichen im normalen Kampf").

    Attributes:
        segment: the segment it was rolled in.
        roll: the roll key of the dodge (``"skill:Dodge"`` or ``"ship:dodge"``).
        total: its total, added to the difficulty of every attack of that segment.
        secret: it was rolled in a secret roll: the players have not seen its total, so a
            later attack of the segment adds it without saying it.
    """

    segment: int = Field(ge=1, le=MAX_SEGMENTS)
    roll: str
    total: int = Field(ge=0, le=999)
    secret: bool = False


def character_round(name: str, rows: Sequence[Declared]) -> CharacterRound:
    """The declarations as a :class:`.CharacterRound`.

    Raises:
        RoundError: declarations the rules do not allow (two movements, preparing beside
            anything else, two dodges in a segment).
    """
    who = name.strip() or _("The character")
    return CharacterRound(who, tuple(row.declaration for row in rows))


def check_round(name: str, rows: Sequence[Declared]) -> None:
    """Refuse declarations the rules do not allow, with the reason."""
    character_round(name, rows)
