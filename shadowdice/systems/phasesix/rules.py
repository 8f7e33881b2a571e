"""Phase Six rules as small pure functions: minimum rolls, difficulty, exploding dice, successes
per die, destiny dice and the chance of one die.

Rule texts: classic rules 000 (German: "Der Mindestwurf", "Exploding Dice",
"Schwierigkeitsgrade", "Schicksalswürfel", "Verborgenheit") and current rules 001 (English:
"The minimum roll", "Levels of difficulty", "Exploding Dice", "Destiny dice", "Concealment").
The chance of a whole roll adds the chances of its dice up through
:func:`shadowdice.core.odds.chance_of_at_least`.

Points the rule texts leave open, and the reading Shadowdice takes (each has a test of the
same idea in ``tests/systems/phasesix``):

- **Which attributes follow 5 - value.** The classic text gives that formula for the physis
  attributes (strength 1 gives 4+), with its own ones for neuroticism and intelligence. For
  the other persona attributes (openness, conscientiousness, extraversion, agreeableness) it
  gives no formula of its own, only two examples: openness 6 gives 0+ (as 5 - value would
  too, floored at 0) and conscientiousness -6 gives 14+ (where 5 - value gives 11+). The
  formula that starts from 5 like the others and gives both is 5 - 1.5 x value: each point
  of a persona attribute weighs one and a half. A half is rounded in the character's favour
  (conscientiousness -5 gives 12+, extraversion 1 gives 3+).
- **Intelligence between multiples of 5.** (120 - IQ) / 5 is rounded down, in the character's
  favour: each *full* 5 points of IQ below 120 raise the minimum roll by 1, so IQ 81 to 85
  give 7+ and IQ 80 gives 8+.
- **Difficulty and the floor at 0.** The minimum roll written on the sheet is never below 0;
  a hard or very hard check raises that written value, so openness 8 (0+) is 2+ when hard.
  A minimum roll lowered by the current rules' free modifier stops at 0+ (every die succeeds).
- **When dice explode.** Sixes are thrown again only when the minimum roll is above 6: at 6 or
  lower a 6 already succeeds and a die gives one success at most, and the classic text says
  sixes are thrown again "wenn dies notwendig ist". Above 6, every 6 is thrown again and
  added, all sixes of a wave together, as long as sixes come.
- **Successes.** A die succeeds when the total of its chain reaches the minimum roll; it gives
  one success at most, however far it explodes.
- **Destiny dice** succeed on 4 or more whatever the minimum roll, and on a lower minimum roll
  (3+, 0+) by the normal rule. They are never thrown again: a destiny die showing 6 has
  succeeded already, and one below 4 could not explode.
"""

from __future__ import annotations

from enum import StrEnum
from fractions import Fraction

from shadowdice.core.language import N_, Text, terms, translations

_, _n = translations(__name__)

CLASSIC = "classic"
CURRENT = "current"
#: The two rules variants, one per rule text.
RULES = (CLASSIC, CURRENT)

#: A die showing this is thrown again when the minimum roll is above it.
EXPLODE_ON = 6
#: A destiny die showing this or more always succeeds.
DESTINY_ALWAYS = 4
#: The minimum roll of a human under the current rules.
HUMAN_MINIMUM_ROLL = 5
#: Classic rules: the minimum roll of a concealment roll is this minus the concealment value.
CONCEALMENT_BASE = 7

NEUROTICISM = N_("Neuroticism")
INTELLIGENCE = N_("Intelligence")
#: The classic persona attributes whose every point weighs one and a half in the minimum roll.
PERSONA_TRAITS = (N_("Openness"), N_("Conscientiousness"), N_("Extraversion"), N_("Agreeableness"))


class Difficulty(StrEnum):
    """The classic rules' levels of difficulty (text 000, "Schwierigkeitsgrade")."""

    NORMAL = "normal"
    HARD = "hard"
    VERY_HARD = "very_hard"

    @property
    def raise_by(self) -> int:
        """How much the level raises the minimum roll: 0, 2 or 4."""
        return {Difficulty.NORMAL: 0, Difficulty.HARD: 2, Difficulty.VERY_HARD: 4}[self]

    @property
    def label(self) -> Text:
        """The level in words, with what it adds."""
        if self is Difficulty.HARD:
            return _("Hard (+2)")
        if self is Difficulty.VERY_HARD:
            return _("Very hard (+4)")
        return _("Normal")

    @property
    def words(self) -> Text:
        """The level as a minimum roll's reason names it: "hard +2"."""
        if self is Difficulty.HARD:
            return _("hard +2")
        if self is Difficulty.VERY_HARD:
            return _("very hard +4")
        return _("normal")


def classic_minimum_roll(attribute: str, value: int) -> int:
    """The classic minimum roll an attribute gives: 5 - value for a physis attribute,
    5 - 1.5 x value for a persona attribute (halves rounded down), neuroticism 5 + value,
    intelligence (120 - IQ) / 5 rounded down; never below 0.

    >>> classic_minimum_roll("Strength", 3), classic_minimum_roll("Openness", 6)
    (2, 0)
    >>> classic_minimum_roll("Conscientiousness", -6), classic_minimum_roll("Extraversion", 1)
    (14, 3)
    >>> classic_minimum_roll("Neuroticism", 10), classic_minimum_roll("Intelligence", 80)
    (15, 8)
    >>> classic_minimum_roll("Intelligence", 83)
    7
    """
    if attribute == NEUROTICISM:
        roll = 5 + value
    elif attribute == INTELLIGENCE:
        roll = (120 - value) // 5
    elif attribute in PERSONA_TRAITS:
        roll = 5 + (-3 * value) // 2
    else:
        roll = 5 - value
    return max(roll, 0)


def raised(minimum_roll: int, by: int) -> int:
    """A minimum roll raised (or lowered) by a difficulty, never below 0.

    >>> raised(0, 2), raised(5, 9), raised(5, -7)
    (2, 14, 0)
    """
    return max(minimum_roll + by, 0)


def concealment_minimum_roll(concealment: int) -> int:
    """Classic rules: the minimum roll to spot an item, 7 - its concealment value, at least 0.

    >>> concealment_minimum_roll(2), concealment_minimum_roll(9)
    (5, 0)
    """
    return max(CONCEALMENT_BASE - concealment, 0)


def explode_on(minimum_roll: int) -> int | None:
    """The face that is thrown again at this minimum roll: 6 above 6+, else none.

    >>> explode_on(6) is None, explode_on(7)
    (True, 6)
    """
    return EXPLODE_ON if minimum_roll > EXPLODE_ON else None


def die_succeeds(total: int, minimum_roll: int, *, destiny: bool = False) -> bool:
    """Whether a die whose chain adds up to ``total`` is a success.

    >>> die_succeeds(13, 15), die_succeeds(4, 15, destiny=True), die_succeeds(3, 3, destiny=True)
    (False, True, True)
    """
    return total >= minimum_roll or (destiny and total >= DESTINY_ALWAYS)


def success_chance(minimum_roll: int, *, destiny: bool = False) -> Fraction:
    """The chance that one die succeeds, exploding above 6+.

    >>> success_chance(5), success_chance(9), success_chance(15)
    (Fraction(1, 3), Fraction(1, 9), Fraction(1, 54))
    >>> success_chance(15, destiny=True), success_chance(0)
    (Fraction(1, 2), Fraction(1, 1))
    """
    needed = min(minimum_roll, DESTINY_ALWAYS) if destiny else minimum_roll
    if needed <= 1:
        return Fraction(1)
    if needed <= EXPLODE_ON:
        return Fraction(EXPLODE_ON + 1 - needed, EXPLODE_ON)
    return Fraction(1, EXPLODE_ON) * success_chance(needed - EXPLODE_ON)


#: A name the rules give (an attribute, a skill) in the language shown; a name a player gave
#: shows as given.
term = terms(__name__)


def roll_text(minimum_roll: int) -> str:
    """A minimum roll as the sheet writes it.

    >>> roll_text(8)
    '8+'
    """
    return f"{minimum_roll}+"


def successes_phrase(successes: int) -> Text:
    """'No success', '1 success', '3 successes'."""
    if successes == 0:
        return _("No success")
    return _n("{n} success", "{n} successes", successes)


def dice_phrase(count: int, kind: str = "") -> Text:
    """'1 die', '3 dice', '1 bonus die', '2 destiny dice' (``kind``: "", "bonus", "destiny").

    >>> dice_phrase(1, "bonus"), dice_phrase(3)
    ('1 bonus die', '3 dice')
    """
    if kind == "bonus":
        return _n("{n} bonus die", "{n} bonus dice", count)
    if kind == "destiny":
        return _n("{n} destiny die", "{n} destiny dice", count)
    return _n("{n} die", "{n} dice", count)
