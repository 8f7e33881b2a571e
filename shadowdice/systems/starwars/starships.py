"""Starships in rounds of Star Wars D6: abstract range, the speed contest at the start of a
round, and dodging with the ship.

Rule text, section on starships (Raumschiffe):

- Range between ships is only short, medium or long.
- At the start of every round each pilot says whether they want to close or open the range.
  When they do not all want the same, every pilot rolls the ship's Sublight Speed before the
  first segment; the winner closes or opens the range. A pilot may add Starship Piloting to
  the roll; that counts as an action and costs -1D on the other actions of the round. On a
  tie the range stays.
- A pilot whose ship is attacked in a segment may dodge as a reaction: Starship Piloting plus
  the ship's Maneuverability, added to the difficulty of every attack of that segment, like a
  dodge in ordinary combat; other actions and earlier dodges make it harder as usual
  (:mod:`.rounds`).

This module decides the range. A pilot's sheet keeps the range of the encounter
(``ship_range``): the speed contest starts from it and writes the new range back, and a
pilot's check starts with the difficulty of that range as its target number
(:data:`RANGE_DIFFICULTY`). The codes are built from the sheets elsewhere: the speed roll
(Sublight Speed, plus Starship Piloting) in :func:`.group_checks.plan_speed`, the starship
dodge (the roll ``ship:dodge``) in :func:`.rolls.roller`, and the dodge's total is added to the
attacker's difficulty as the opponent's roll of a check (:mod:`.plan`). The difficulty to hit
a ship at each range fills the target number (the text's X-wing example: short, 10); the
game master may still change it (cover and the like).

Readings of what the text leaves open (pinned by tests in ``test_starships.py`` and
``test_group_checks.py``):

- **One step per round**: the winner closes or opens the range by one step (medium to short,
  medium to long). Closing at short and opening at long leave it where it is; whether a ship
  gets away is the game master's call.
- **All pilots want the same**: no roll, and the range changes that way.
- **Keeping the range** is a wish like the others: a pilot who wants to stay where they are
  rolls against those who want to move, and keeps the range by winning.
- **A tie at the top** between pilots who want different things keeps the range; pilots who
  want the same thing and tie at the top win together.
- **Piloting in the speed roll** is an action (:attr:`.ActionKind.SPEED`): the multiple-action
  penalty of the round applies to every roll of the pilot, the speed roll included.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import IntEnum, StrEnum

from shadowdice.core.language import Text, translations
from shadowdice.systems.starwars.rounds import ActionKind, Declaration

_, _n = translations(__name__)


class Range(IntEnum):
    """The abstract range between two ships."""

    SHORT = 0
    MEDIUM = 1
    LONG = 2

    @property
    def label(self) -> Text:
        """The range in words ("medium")."""
        if self is Range.SHORT:
            return _("short")
        return _("medium") if self is Range.MEDIUM else _("long")


#: The difficulty to hit a ship at each range: short 10 (the text's X-wing example), medium
#: 15 and long 20 (the text's blaster example: medium range 15; each step one level harder).
RANGE_DIFFICULTY = {Range.SHORT: 10, Range.MEDIUM: 15, Range.LONG: 20}
#: The encounter's range as the sheet keeps it ("" for none).
NO_RANGE = ""


def range_difficulty(label: str) -> int | None:
    """The difficulty to hit a ship at the range of this label ("" for none: None).

    >>> range_difficulty("short"), range_difficulty("long"), range_difficulty("")
    (10, 20, None)
    """
    return RANGE_DIFFICULTY[Range[label.upper()]] if label else None


class Wish(StrEnum):
    """What a pilot wants of the range this round."""

    CLOSE = "close"
    OPEN = "open"
    KEEP = "keep"


def moved(distance: Range, wish: Wish) -> Range:
    """The range one step closer or farther (or kept), never past short or long.

    >>> moved(Range.MEDIUM, Wish.CLOSE).label, moved(Range.LONG, Wish.OPEN).label
    ('short', 'long')
    """
    step = {Wish.CLOSE: -1, Wish.OPEN: 1, Wish.KEEP: 0}[wish]
    return Range(min(Range.LONG, max(Range.SHORT, distance + step)))


def speed_roll_needed(wishes: Mapping[str, Wish]) -> bool:
    """Whether the pilots roll for speed: only when they do not all want the same."""
    return len(set(wishes.values())) > 1


def pilot_for_speed() -> Declaration:
    """The action of adding Starship Piloting to the speed roll (counts, no segment)."""
    return Declaration(
        ActionKind.SPEED, "add Starship Piloting to the speed roll", "Starship Piloting"
    )


def speed_contest(
    distance: Range, wishes: Mapping[str, Wish], totals: Mapping[str, int] | None = None
) -> Range:
    """The range after the speed contest: the wish of the highest total (or everyone's
    wish, when all want the same); a tie between different wishes keeps it.

    Raises:
        ValueError: the pilots need to roll and a total is missing.
    """
    if not wishes:
        return distance
    if not speed_roll_needed(wishes):
        return moved(distance, next(iter(wishes.values())))
    totals = totals or {}
    if missing := [name for name in wishes if name not in totals]:
        raise ValueError(_("{join} must roll for speed.", join=", ".join(missing)))
    best = max(totals[name] for name in wishes)
    winners = {wish for name, wish in wishes.items() if totals[name] == best}
    if len(winners) > 1:
        return distance
    return moved(distance, winners.pop())
