"""A Star Wars D6 check as it would be rolled, and its exact chance (rule text 004: the
opening section on rolls and target numbers, "Automatischer Erfolg" / automatic success,
"Modifikatoren").

A roll is a code. Its total W1 is compared with Z (the target number), W2 (the opponent's
roll) or Z + W2 (the opponent's roll added to the target number: parry, dodge, deflection);
the roll succeeds when W1 is at least that (the text: "gleich oder größer"), so ties go to the
one who rolls. A Force Point doubles the code on the sheet, dice and pips; every modifier is
applied to the doubled code afterwards (Luke doubles his Sense and still rolls at -3D).

When the lowest total reaches what is needed even against the opponent's highest, the check
succeeds without a roll; when the highest cannot reach it against the opponent's lowest, it
fails without one (:attr:`Plan.automatic`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING

from shadowdice.core.language import Text, translations
from shadowdice.systems.starwars.codes import Code

if TYPE_CHECKING:
    from shadowdice.systems.starwars.sheet import StarWarsSheet

_, _n = translations(__name__)


class Automatic(StrEnum):
    """A check decided without a roll."""

    SUCCESS = "success"
    FAILURE = "failure"


@dataclass(frozen=True, slots=True)
class Modifier:
    """Dice and pips added to (or, negative, taken from) a code, and why.

    Attributes:
        reason: in words ("wounded", "3 actions").
        dice: whole dice added (negative: removed).
        pips: pips added (negative: removed).
    """

    reason: str
    dice: int = 0
    pips: int = 0

    def __str__(self) -> str:
        parts = []
        if self.dice:
            parts.append(f"{self.dice:+d}D")
        if self.pips:
            parts.append(f"{self.pips:+d}")
        return f"{' '.join(parts)} ({self.reason})"


@dataclass(frozen=True, slots=True)
class Roller:
    """One side's roll: what is rolled, its code on the sheet, and what changes it.

    Attributes:
        label: what is rolled ("Blaster", "Strength", "Code").
        base: the code on the sheet (or typed).
        doubled: whether a Force Point doubles the base.
        modifiers: every change after doubling.
    """

    label: str
    base: Code
    doubled: bool = False
    modifiers: tuple[Modifier, ...] = ()
    #: The code thrown, once worked out: a roller never changes, and a check reads it often.
    _code: Code | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def code(self) -> Code:
        """The code thrown: the base, doubled if so, with every modifier."""
        code = self._code
        if code is None:
            code = self.base.doubled() if self.doubled else self.base
            dice = sum(modifier.dice for modifier in self.modifiers)
            pips = sum(modifier.pips for modifier in self.modifiers)
            code = code.plus(dice=dice, pips=pips)
            object.__setattr__(self, "_code", code)
        return code

    @property
    def changes(self) -> tuple[Modifier, ...]:
        """The modifiers that add or remove something."""
        return tuple(modifier for modifier in self.modifiers if modifier.dice or modifier.pips)

    @property
    def terms(self) -> str:
        """How the code is made up: "Blaster 5D+2, -2D (3 actions) → 3D+2"; a modifier that
        adds nothing (a ship of Maneuverability 0D) is left out.
        """
        text = f"{self.label} {self.base}"
        if self.doubled:
            text += str(_(" ×2 (Force Point) = {code}", code=str(self.base.doubled())))
        if self.changes:
            text += ", " + ", ".join(str(modifier) for modifier in self.changes)
        if self.doubled or self.changes:
            text += f" → {self.code}"
        return text


@dataclass(frozen=True, slots=True)
class Opponent:
    """The opponent's side of an opposed check.

    Attributes:
        name: who opposes ("Luke", or "" for a code typed by hand).
        roller: what the opponent rolls.
        dodge: the roll key when the opponent character dodges; the session keeps the total
            on ``sheet`` for ``segment``, for the segment's later attacks.
        dodged: the total of a dodge rolled earlier in the segment, added without a roll.
        hidden: that dodge was rolled in a secret roll: its total counts, but no text of
            this roll says it.
        sheet: the opponent character's sheet, or None for a code typed by hand.
        segment: the segment of the roll.
    """

    name: str
    roller: Roller
    dodge: str = ""
    dodged: int | None = None
    hidden: bool = False
    sheet: StarWarsSheet | None = field(default=None, compare=False, repr=False)
    segment: int = 1

    @property
    def code(self) -> Code:
        """What the opponent throws: the roller's code, or no dice but the dodge's total when
        the dodge was rolled earlier in the segment.
        """
        return self.roller.code if self.dodged is None else Code(0, self.dodged)

    @property
    def words(self) -> str:
        """The opponent's roll in words: "Luke's Melee Parry 3D", or "the opponent's 3D" for a
        code typed by hand.
        """
        if not self.name:
            return _("the opponent's {code}", code=str(self.roller.code))
        if self.dodged is not None and self.hidden:
            return _(
                "{name}'s {roll} (rolled secretly this segment)",
                name=self.name,
                roll=self.roller.label,
            )
        if self.dodged is not None:
            return _(
                "{name}'s {roll} {total} (rolled this segment)",
                name=self.name,
                roll=self.roller.label,
                total=self.dodged,
            )
        return _(
            "{name}'s {roll} {code}",
            name=self.name,
            roll=self.roller.label,
            code=str(self.roller.code),
        )


@dataclass(frozen=True, slots=True)
class Plan:
    """A check as it would be rolled.

    Attributes:
        check: what is rolled, in words, for the tray and the history.
        roller: the character's roll.
        target: the target number Z (may be 0 with an opponent).
        opponent: the opponent's roll W2, or None.
        spends_force_point: the check spends a Force Point (charged by the session).
        uses_preparation: the check uses the +1D prepared last round (cleared by the session).
        notes: what the game master should know besides ("stunned: reactions only").
    """

    check: str
    roller: Roller
    target: int
    opponent: Opponent | None = None
    spends_force_point: bool = False
    uses_preparation: bool = False
    notes: tuple[str, ...] = ()

    @property
    def automatic(self) -> Automatic | None:
        """Whether the check is decided without a roll, and how."""
        code = self.roller.code
        low = self.target + (self.opponent.code.minimum if self.opponent else 0)
        high = self.target + (self.opponent.code.maximum if self.opponent else 0)
        if code.minimum >= high:
            return Automatic.SUCCESS
        if code.maximum < low:
            return Automatic.FAILURE
        return None

    @property
    def against(self) -> str:
        """What the roll must reach, in words: "15", "5 + Luke's Melee Parry 3D"."""
        if self.opponent is None:
            return str(self.target)
        if self.target:
            return _("{target} + {opponent}", target=self.target, opponent=self.opponent.words)
        return self.opponent.words

    @property
    def summary(self) -> str:
        """The roll and what it must reach, whether it is automatic, and the notes."""
        parts = [_("{roll} · against {against}", roll=self.roller.terms, against=self.against)]
        if (
            self.opponent is not None
            and self.opponent.dodged is None
            and (self.opponent.roller.changes or self.opponent.roller.doubled)
        ):
            parts = [_("{roll} ({opponent})", roll=parts[0], opponent=self.opponent.roller.terms)]
        automatic = self.automatic
        code = self.roller.code
        if automatic is Automatic.SUCCESS:
            parts.append(_("automatic success: at least {n}, no roll needed", n=code.minimum))
        elif automatic is Automatic.FAILURE:
            parts.append(_("automatic failure: at most {n}, no roll needed", n=code.maximum))
        return Text.join(" · ", [*parts, *self.notes])


def chance_of_success(plan: Plan) -> float:
    """The exact chance that the character's total reaches the target plus the opponent's.

    >>> chance_of_success(Plan("Blaster", Roller("Blaster", Code(1, 0)), target=4))
    0.5
    """
    automatic = plan.automatic
    if automatic is not None:
        return 1.0 if automatic is Automatic.SUCCESS else 0.0
    other = plan.opponent.code if plan.opponent else Code(0)
    return chance_at_least(plan.roller.code, other, plan.target)


def chance_at_least(own: Code, other: Code, target: int = 0) -> float:
    """The exact chance that ``own`` rolls at least ``target`` plus what ``other`` rolls.

    >>> chance_at_least(Code(1), Code(1))
    0.5833333333333333
    """
    mine = sum_distribution(own.dice)
    theirs = sum_distribution(other.dice)
    chance = 0.0
    for total, p_theirs in enumerate(theirs):
        if p_theirs:
            needed = target + total + other.pips - own.pips
            chance += p_theirs * sum(mine[max(needed, 0) :])
    return min(chance, 1.0)


def sum_distribution(dice: int) -> list[float]:
    """``p[s]``: the chance that ``dice`` six-sided dice sum to ``s``.

    >>> [round(p * 36) for p in sum_distribution(2)][2:8]
    [1, 2, 3, 4, 5, 6]
    """
    dist = [1.0]
    for _die in range(dice):
        out = [0.0] * (len(dist) + 6)
        for total, chance in enumerate(dist):
            if chance:
                for face in range(1, 7):
                    out[total + face] += chance / 6
        dist = out
    return dist
