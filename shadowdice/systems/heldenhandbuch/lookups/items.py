"""Item quality grades ("Güte"): their price factors and bonus effects.

Rule text sections "Güte von Gegenständen" and, of "Dein Beruf: Waffenschmied", "Erlesene und
legendäre Gegenstände" and the tables "Gütewurf" and "Bonuswirkungen" (used by
:mod:`.crafting`).

Quality grades: 4-6 improvised (price x0.5), 7-10 simple (x1), 11-15 good (x1.5), 16-19 artful
("kunstfertig", x3), 20 masterly (x5). A masterly item with 1-2 bonus effects is exquisite
("erlesen", about x10), with 3 or more legendary (at least x100).

Readings where the text is open (pinned by tests in ``lookups/test_items.py``):

- **Bonus effects need a masterly item**: the least crafting result for one is 21 (quality
  20), so an item below quality 20 carries none.
- **Price factors** of exquisite and legendary items are taken as x10 and x100 ("etwa den
  10-fachen Preis", "mindestens das 100-fache"); a legendary item's price is shown as at
  least that.
"""

from __future__ import annotations

from dataclasses import dataclass

from shadowdice.core.language import N_, Text, translations
from shadowdice.core.registry import CheckError
from shadowdice.systems.heldenhandbuch.lookups.shape import InputKind, Lookup, LookupInput

_, _n = translations(__name__)

#: The highest quality an item can have.
HIGHEST_QUALITY = 20
#: The least crafting result for 0, 1, 2 ... 6 bonus effects ("Mindestergebnis").
BONUS_EFFECT_MINIMUMS = (20, 21, 26, 31, 36, 41, 46)
#: Price factors of a masterly item with bonus effects.
EXQUISITE_PRICE = 10
LEGENDARY_PRICE = 100
#: From this many bonus effects a masterly item is legendary.
LEGENDARY_FROM = 3
#: The ranks above masterly, in the rule text's words.
EXQUISITE, LEGENDARY = ("exquisite", "erlesen"), ("legendary", "legendär")

#: The kinds of bonus effect: (code, what it does); x is the size of the bonus.
BONUS_EFFECTS = (
    ("Wx", N_("x bonus dice on checks (at most 6 dice)")),
    ("WFr x", N_("x free throws (no die set aside)")),
    ("W2c", N_("a second chance (throw 1 die again)")),
    ("FkWx", N_("the skill value rises by x")),
    ("Ex", N_("x check results +/- 1, or 1 result +/- x")),
    ("TSx", N_("+x damage dice")),
)


@dataclass(frozen=True, slots=True)
class QualityGrade:
    """A band of the quality table.

    Attributes:
        name: in English ("good").
        german: the rule text's word ("gut").
        lowest: its lowest quality.
        highest: its highest quality.
        price_factor: the simple item's price is multiplied by this.
    """

    name: str
    german: str
    lowest: int
    highest: int
    price_factor: float


GRADES = (
    QualityGrade(N_("improvised"), "improvisiert", 4, 6, 0.5),
    QualityGrade(N_("simple"), "einfach", 7, 10, 1.0),
    QualityGrade(N_("good"), "gut", 11, 15, 1.5),
    QualityGrade(N_("artful"), "kunstfertig", 16, 19, 3.0),
    QualityGrade(N_("masterly"), "meisterlich", 20, 20, 5.0),
)

#: Each rank with the rule text's word beside it, as English shows it ("good (gut)"); German
#: shows the rule text's word alone.
_RANK_WORDS = {
    "improvised": N_("improvised (improvisiert)"),
    "simple": N_("simple (einfach)"),
    "good": N_("good (gut)"),
    "artful": N_("artful (kunstfertig)"),
    "masterly": N_("masterly (meisterlich)"),
    "exquisite": N_("exquisite (erlesen)"),
    "legendary": N_("legendary (legendär)"),
}


def rank_words(rank: str) -> str:
    """A rank ("good") with the rule text's word beside it, in the language shown."""
    return _(_RANK_WORDS[rank])


def bonus_effect_lines() -> tuple[str, ...]:
    """The kinds of bonus effect, one sentence each ("TSx: +x damage dice.")."""
    return tuple(f"{code}: {_(meaning)}." for code, meaning in BONUS_EFFECTS)


def quality_grade(quality: int) -> QualityGrade:
    """The grade of an item of this quality.

    >>> quality_grade(11).name, quality_grade(20).price_factor
    ('good', 5.0)

    Raises:
        CheckError: the quality is outside 4-20.
    """
    for grade in GRADES:
        if grade.lowest <= quality <= grade.highest:
            return grade
    raise CheckError(_("Item quality runs from 4 to 20, not {quality}.", quality=quality))


def factor_text(value: float) -> str:
    """A price factor in words: "x1.5" ("x1,5" in German)."""
    return Text("", "x{value:g}", args={"value": value})


def _money(value: float) -> str:
    """A price as the language shown writes it: "4,000" or "60.50" ("4.000", "60,50")."""
    if value == int(value):
        return Text("", "{value:,}", args={"value": int(value)})
    return Text("", "{value:,.2f}", args={"value": value})


@dataclass(frozen=True, slots=True)
class ItemQuality:
    """What an item's quality and bonus effects make of it.

    Attributes:
        quality: its quality (Güte).
        grade: its band of the quality table.
        bonus_effects: how many bonus effects it carries.
        rank: "improvised" ... "masterly", "exquisite" or "legendary".
        rank_german: the rank in the rule text's words ("gut", "erlesen").
        price_factor: times the simple item's price (a legendary item: at least this).
        price: the price for the simple price entered, or None.
    """

    quality: int
    grade: QualityGrade
    bonus_effects: int
    rank: str
    rank_german: str
    price_factor: float
    price: float | None

    @property
    def sentence(self) -> str:
        """The sentence, e.g. "Quality 12: good (gut), price x1.5."."""
        legendary = self.rank == "legendary"
        factor = factor_text(self.price_factor)
        text = _(
            "Quality {quality}: {rank}, price {factor_text}",
            quality=self.quality,
            rank=rank_words(self.rank),
            factor_text=_("at least {value}", value=factor) if legendary else factor,
        )
        if self.bonus_effects:
            effects = _n("{n} bonus effect", "{n} bonus effects", self.bonus_effects)
            text = Text.join(", ", [text, effects])
        if self.price is not None:
            price: str = _money(self.price)
            if legendary:
                price = _("at least {value}", value=price)
            text = Text.join(": ", [text, price])
        return Text.join("", [text, "."])

    @property
    def details(self) -> tuple[str, ...]:
        """The kinds of bonus effect, for a masterly item."""
        if self.quality < HIGHEST_QUALITY:
            return ()
        return bonus_effect_lines()


def item_quality(quality: int, bonus_effects: int = 0, simple_price: int = 0) -> ItemQuality:
    """Grade, rank and price of an item.

    >>> item_quality(20, bonus_effects=3, simple_price=40).sentence
    'Quality 20: legendary (legendär), price at least x100, 3 bonus effects: at least 4,000.'

    Raises:
        CheckError: bonus effects on an item below quality 20, or a quality outside 4-20.
    """
    grade = quality_grade(quality)
    if bonus_effects and quality < HIGHEST_QUALITY:
        raise CheckError(_("Only masterly items (quality 20) carry bonus effects."))
    (rank, german), factor = (grade.name, grade.german), grade.price_factor
    if bonus_effects >= LEGENDARY_FROM:
        (rank, german), factor = LEGENDARY, LEGENDARY_PRICE
    elif bonus_effects:
        (rank, german), factor = EXQUISITE, EXQUISITE_PRICE
    price = simple_price * factor if simple_price else None
    return ItemQuality(quality, grade, bonus_effects, rank, german, factor, price)


ITEM_QUALITY = Lookup(
    "item_quality",
    _("Item quality"),
    (
        LookupInput("quality", _("Quality (Güte)"), InputKind.INT, 7, bounds=(4, HIGHEST_QUALITY)),
        LookupInput(
            "bonus_effects",
            _("Bonus effects"),
            InputKind.INT,
            0,
            bounds=(0, len(BONUS_EFFECT_MINIMUMS) - 1),
            hint=_("Only masterly items (quality 20) carry them."),
        ),
        LookupInput(
            "simple_price",
            _("Price of a simple one"),
            InputKind.INT,
            0,
            bounds=(0, 1_000_000),
            hint=_("0: show only the factor."),
        ),
    ),
    item_quality,
    _("Quality grades, price factors and bonus effects (Güte von Gegenständen)."),
)
