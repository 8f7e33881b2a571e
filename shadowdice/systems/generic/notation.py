"""Dice expressions as players write them: 3d6+2, 4d6kh3, 2d20kl1, 10d10>=8, d6!.

An expression is a sum of terms, each a number or a term of dice:

- ``NdS``: N dice of S sides, added up (N defaults to 1; ``d%`` is a d100).
- ``!`` after the dice: every die that shows its highest face is thrown again and the new
  face added, again and again while it shows the highest face (an exploding die).
- ``khK`` / ``klK`` (or ``kK`` for ``khK``): keep the K highest or lowest dice, by their
  totals; the others count for nothing.
- ``>=T``, ``>T``, ``<=T``, ``<T`` or ``=T``: count successes instead of adding: each die
  (of those kept) whose total meets the comparison is one success.

Terms are joined by ``+`` and ``-``; spaces and the case of letters do not matter. The
modifiers of a term come in that order: ``10d10!kh5>=8``.

Readings where notations differ (written in docs/rules/generic.md too):

- **Successes and sums do not mix**: an expression counts successes (every term of dice
  has a comparison) or adds up dice (none has one); numbers may be added to either, and add
  to the successes or to the total.
- **An exploding die is one die** whose total is its chain: keeping and comparing look at
  that total, as players read an exploded die.
- **Ties in keeping** keep the die thrown first.
- **Limits**: 1 to 100 dice a term, 2 to 1000 sides, 12 terms, numbers of at most six
  digits; a roll names at least one die. A d1 could not explode, a d0 has no face.

This module only reads and writes the notation; rolling is :mod:`.session`, the odds
:mod:`.odds`. It was written for Shadowdice rather than taken from a library: the dice
parsers on PyPI either read another notation (``dice``: ``x`` to explode, ``e`` to count
successes), roll with Python's global random generator (``d20``, whose grammar also lacks
``!`` and counting successes per die), or have no notation at all (``icepool``, which
:mod:`.odds` uses for the chances). The notation is regular, so a regular expression per
term reads it.

>>> expression = parse("4d6kh3 + 2")
>>> str(expression), expression.counts_successes
('4d6kh3+2', False)
>>> str(parse(" 10D10 >= 8 ")), str(parse("d6!")), str(parse("2d20KL1 - 1"))
('10d10>=8', '1d6!', '2d20kl1-1')
>>> parse("3x6")
Traceback (most recent call last):
...
shadowdice.systems.generic.notation.NotationError: 3x6 is no dice expression: "x6" cannot ...
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from shadowdice.core.language import translations
from shadowdice.core.quoting import shortened

#: The most dice one term may throw.
MAX_DICE = 100
#: The most sides a die may have.
MAX_SIDES = 1000
#: The most terms an expression may have.
MAX_TERMS = 12
#: The most digits a number may have (a bonus, a target to compare with).
MAX_DIGITS = 6

_, _n = translations(__name__)

#: Dice expressions to show how they are written.
EXAMPLES = _("3d6+2, 4d6kh3, 2d20kl1, 10d10>=8 or d6!")

_TERM = re.compile(
    r"""
    (?P<sign>[+-])?
    (?:
        (?P<count>\d*) d (?P<sides>\d+|%)
        (?P<explode>!)?
        (?: k (?P<keep>[hl]?) (?P<kept>\d+) )?
        (?: (?P<compare>>=|<=|>|<|=) (?P<target>\d+) )?
      | (?P<number>\d+)
    )
    """,
    re.VERBOSE,
)


#: Two terms with only spaces between them ("3d6 2"), which would otherwise read as one.
_TERMS_WITHOUT_SIGN = re.compile(r"[\d%!]\s+[\dd]", re.IGNORECASE)


class NotationError(ValueError):
    """A text that is no dice expression; the message says why, for the player."""


@dataclass(frozen=True, slots=True)
class Keep:
    """Which dice of a term count: the ``count`` highest (or lowest) by their totals."""

    highest: bool
    count: int

    def __str__(self) -> str:
        return f"k{'h' if self.highest else 'l'}{self.count}"


@dataclass(frozen=True, slots=True)
class Success:
    """What a die must show to be a success: its total compared with ``target``."""

    compare: str
    target: int

    def met_by(self, total: int) -> bool:
        """Whether a die of this total is a success.

        >>> Success(">=", 8).met_by(8), Success("<", 3).met_by(3)
        (True, False)
        """
        return {
            ">=": total >= self.target,
            ">": total > self.target,
            "<=": total <= self.target,
            "<": total < self.target,
            "=": total == self.target,
        }[self.compare]

    def __str__(self) -> str:
        return f"{self.compare}{self.target}"


@dataclass(frozen=True, slots=True)
class DiceTerm:
    """A term of dice: ``count`` dice of ``sides`` sides, exploding or not, some kept, their
    totals added or their successes counted; ``sign`` is +1 or -1.
    """

    count: int
    sides: int
    explode: bool = False
    keep: Keep | None = None
    success: Success | None = None
    sign: int = 1

    @property
    def dice(self) -> str:
        """The term without its sign ("4d6kh3")."""
        text = f"{self.count}d{self.sides}{'!' if self.explode else ''}"
        return text + str(self.keep or "") + str(self.success or "")

    def __str__(self) -> str:
        return f"{'-' if self.sign < 0 else '+'}{self.dice}"


@dataclass(frozen=True, slots=True)
class Number:
    """A number added to (or, with ``sign`` -1, taken from) the result."""

    value: int
    sign: int = 1

    def __str__(self) -> str:
        return f"{'-' if self.sign < 0 else '+'}{self.value}"


Term = DiceTerm | Number


@dataclass(frozen=True, slots=True)
class Expression:
    """A dice expression: its terms in the order written."""

    terms: tuple[Term, ...]

    @property
    def dice_terms(self) -> tuple[DiceTerm, ...]:
        """The terms that throw dice."""
        return tuple(term for term in self.terms if isinstance(term, DiceTerm))

    @property
    def constant(self) -> int:
        """What the numbers add up to."""
        return sum(term.sign * term.value for term in self.terms if isinstance(term, Number))

    @property
    def counts_successes(self) -> bool:
        """Whether the expression counts successes rather than adding up dice."""
        return self.dice_terms[0].success is not None

    def __str__(self) -> str:
        return "".join(str(term) for term in self.terms).removeprefix("+")


def parse(text: str) -> Expression:
    """Read a dice expression.

    Raises:
        NotationError: the text is no dice expression, or one beyond the limits.
    """
    compact = re.sub(r"\s+", "", text).lower()
    shown = shortened(text.strip()) or _("An empty text")
    if not compact:
        raise NotationError(_("Write a dice expression, such as {examples}.", examples=EXAMPLES))
    if long := re.search(rf"\d{{{MAX_DIGITS + 1},}}", compact):
        number = long[0] if len(long[0]) <= 12 else f"{long[0][:12]}…"
        raise NotationError(
            _(
                "{number} is too long a number; numbers have at most {digits} digits.",
                number=number,
                digits=MAX_DIGITS,
            )
        )
    if joined := _TERMS_WITHOUT_SIGN.search(text):
        raise NotationError(
            _(
                '{shown} is no dice expression: "{terms}" needs a + or - between its terms.',
                shown=shown,
                terms=joined[0],
            )
        )
    terms: list[Term] = []
    position = 0
    while position < len(compact):
        found = _TERM.match(compact, position)
        if found is None or (terms and not found["sign"]):
            rest = compact[position:]
            raise NotationError(
                _(
                    '{shown} is no dice expression: "{rest}" cannot be read. Write dice as '
                    "{examples}.",
                    shown=shown,
                    rest=shortened(rest),
                    examples=EXAMPLES,
                )
            )
        terms.append(_term(found, shown))
        position = found.end()
    return _checked(Expression(tuple(terms)), shown)


def _term(found: re.Match[str], shown: str) -> Term:
    sign = -1 if found["sign"] == "-" else 1
    if found["number"] is not None:
        return Number(int(found["number"]), sign)
    count = int(found["count"]) if found["count"] else 1
    sides = 100 if found["sides"] == "%" else int(found["sides"])
    if not 1 <= count <= MAX_DICE:
        raise NotationError(
            _(
                "{shown}: a term throws 1 to {most} dice, not {count}.",
                shown=shown,
                most=MAX_DICE,
                count=count,
            )
        )
    if not 2 <= sides <= MAX_SIDES:
        raise NotationError(
            _(
                "{shown}: a die has 2 to {most} sides, not {sides}.",
                shown=shown,
                most=MAX_SIDES,
                sides=sides,
            )
        )
    keep = None
    if found["kept"] is not None:
        kept = int(found["kept"])
        if not 1 <= kept <= count:
            raise NotationError(
                _(
                    "{shown}: keep 1 to {count} of {count} dice, not {kept}.",
                    shown=shown,
                    count=count,
                    kept=kept,
                )
            )
        keep = Keep(found["keep"] != "l", kept)
    success = None
    if found["compare"] is not None:
        success = Success(found["compare"], int(found["target"]))
    return DiceTerm(count, sides, bool(found["explode"]), keep, success, sign)


def _checked(expression: Expression, shown: str) -> Expression:
    if len(expression.terms) > MAX_TERMS:
        raise NotationError(
            _("{shown}: at most {most} terms, please.", shown=shown, most=MAX_TERMS)
        )
    dice = expression.dice_terms
    if not dice:
        raise NotationError(
            _("{shown} throws no dice. Write dice as {examples}.", shown=shown, examples=EXAMPLES)
        )
    if len({term.success is None for term in dice}) > 1:
        raise NotationError(
            _(
                "{shown}: either count successes with every term of dice (10d10>=8) or add "
                "up dice (3d6+2), not both in one roll.",
                shown=shown,
            )
        )
    return expression
