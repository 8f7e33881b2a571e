"""Damage severity and armor: what the damage dice of a hit do to the target.

Rule text sections "Kampf" (5. Treffer, 6. Rüstung), "Fernkampf" (4. Treffer) and
"Verletzungen" (what light, heavy and critical injuries do).

Damage ("Trefferstärke"): every damage die counts as a hit of its own; its face gives the
severity, 1-10 light, 11-20 heavy, 21+ critical. Matches may be added into one hit. Armor
lowers each hit by its protection value ("Schutzwert"), at most its current quality ("Güte").

Readings where the text is open (each pinned by a test in ``lookups/test_combat.py``):

- **Matches in damage** are added by default (the attacker's usual choice; "apart" is offered)
  and need no cap: a damage roll has no tested value. Faces of 2 and 3 still form no match,
  but as damage every die counts ("Jeder Würfel wird gewertet"), so a 2 is light damage 2.
- **Armor wear** ("Jeder Schaden ab 11+: Güte -1; ab 21+: Güte der leichten Rüstung -2") is
  read from the damage *before* armor: a hit of 11+ costs any armor 1 quality, a hit of 21+
  costs light armor 2 in all (not 3). The quality never falls below 0.
- **One throw, one protection**: all hits of one damage roll meet the armor as it was before
  the roll; the wear counts from the next roll on.
- **A hit the armor stops entirely** (0 or less left) does no injury.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from shadowdice.core.language import N_, Text, translations
from shadowdice.core.registry import CheckError
from shadowdice.systems.heldenhandbuch.lookups.shape import (
    HIGHEST_FACE,
    InputKind,
    Lookup,
    LookupInput,
    match_groups,
)

_, _n = translations(__name__)

#: The highest damage of a light hit, and of a heavy one; above that it is critical.
LIGHT_UP_TO = 10
HEAVY_UP_TO = 20
#: Damage from which any armor loses 1 quality, and light armor 2 (at CRITICAL_FROM).
WEAR_FROM = 11
CRITICAL_FROM = 21


class Severity(StrEnum):
    """How bad a hit is ("Trefferstärke"): none (stopped by armor), light, heavy, critical."""

    NONE = "none"
    LIGHT = "light"
    HEAVY = "heavy"
    CRITICAL = "critical"

    @property
    def effect(self) -> str:
        """What an injury of this severity does (rule text "Verletzungen")."""
        return _(_EFFECTS[self])


_EFFECTS = {
    Severity.NONE: N_("The armor stops the hit: no injury."),
    Severity.LIGHT: N_(
        "A light injury marks outer segments of a life circle (you choose which); "
        "they heal by themselves while you rest."
    ),
    Severity.HEAVY: N_(
        "A heavy injury marks middle segments and the outer segments beside them; "
        "untreated it cannot heal and costs one more segment of that life circle per day "
        "(gangrene, outer segments first)."
    ),
    Severity.CRITICAL: N_(
        "A critical injury marks every segment of a life circle and takes 1 die "
        "from every check; untreated it sets regeneration to 0 and costs one more segment every "
        "8 hours until first aid stops it; only medicine starts the healing. Critical injuries "
        "in all life circles are deadly."
    ),
}

#: A hit's damage after armor in words, by its severity.
_DAMAGE_WORDS = {
    Severity.LIGHT: N_("Light damage: {after_armor}"),
    Severity.HEAVY: N_("Heavy damage: {after_armor}"),
    Severity.CRITICAL: N_("Critical damage: {after_armor}"),
}
#: The same, for a hit named after another one in a sentence.
_LATER_DAMAGE_WORDS = {
    Severity.LIGHT: N_("light damage: {after_armor}"),
    Severity.HEAVY: N_("heavy damage: {after_armor}"),
    Severity.CRITICAL: N_("critical damage: {after_armor}"),
}

#: A contest's headline for a hit, by the severity of the worst hit.
_HIT_HEADLINES = {
    Severity.NONE: N_("{target}: no damage"),
    Severity.LIGHT: N_("{target}: light damage"),
    Severity.HEAVY: N_("{target}: heavy damage"),
    Severity.CRITICAL: N_("{target}: critical damage"),
}


def hit_headline(target: str, result: DamageResult) -> str:
    """The headline of a contest whose hit is ``result``: "Brun: heavy damage"."""
    return _(_HIT_HEADLINES[result.hits[0].severity], target=target)


def severity(damage: int) -> Severity:
    """The severity of a hit of this much damage (after armor).

    >>> [severity(value).value for value in (0, 1, 10, 11, 20, 21)]
    ['none', 'light', 'light', 'heavy', 'heavy', 'critical']
    """
    if damage <= 0:
        return Severity.NONE
    if damage <= LIGHT_UP_TO:
        return Severity.LIGHT
    if damage <= HEAVY_UP_TO:
        return Severity.HEAVY
    return Severity.CRITICAL


class Armor(StrEnum):
    """What the target wears: nothing, light armor, or other (heavier) armor."""

    NONE = "none"
    LIGHT = "light"
    HEAVY = "heavy"


def armor_wear(damage: int, armor: Armor) -> int:
    """How much quality the armor loses to one hit of this damage (before armor).

    >>> armor_wear(10, Armor.HEAVY), armor_wear(11, Armor.HEAVY), armor_wear(21, Armor.HEAVY)
    (0, 1, 1)
    >>> armor_wear(20, Armor.LIGHT), armor_wear(21, Armor.LIGHT), armor_wear(30, Armor.NONE)
    (1, 2, 0)
    """
    if armor is Armor.NONE or damage < WEAR_FROM:
        return 0
    return 2 if armor is Armor.LIGHT and damage >= CRITICAL_FROM else 1


@dataclass(frozen=True, slots=True)
class Hit:
    """One hit of a damage roll.

    Attributes:
        dice: the dice it is made of (one die, or added matches).
        damage: their sum, before armor.
        protection: what the armor took off.
        after_armor: the damage left, never below 0.
        severity: the severity of what is left.
        wear: the quality the armor loses to it.
    """

    dice: tuple[int, ...]
    damage: int
    protection: int
    after_armor: int
    severity: Severity
    wear: int

    @property
    def sentence(self) -> str:
        """The hit in words: "Heavy damage: 14 after armor 3"."""
        return self.words(first=True)

    def words(self, *, first: bool) -> str:
        """The hit in words, beginning a sentence (``first``) or after another hit."""
        if self.severity is Severity.NONE:
            return _(
                N_("No damage: {damage} stopped by armor {protection}")
                if first
                else N_("no damage: {damage} stopped by armor {protection}"),
                damage=self.damage,
                protection=self.protection,
            )
        words = _DAMAGE_WORDS if first else _LATER_DAMAGE_WORDS
        text = _(words[self.severity], after_armor=self.after_armor)
        if not self.protection:
            return text
        return _("{text} after armor {protection}", text=text, protection=self.protection)


@dataclass(frozen=True, slots=True)
class DamageResult:
    """The hits of a damage roll against armor.

    Attributes:
        hits: the hits, most damage first.
        protection: the protection that counted (at most the armor's quality).
        armor_quality: the armor's quality before the roll.
        armor_quality_after: its quality after the hits' wear.
    """

    hits: tuple[Hit, ...]
    protection: int
    armor_quality: int
    armor_quality_after: int

    @property
    def sentence(self) -> str:
        """Every hit, then the armor's wear."""
        hits = [hit.words(first=index == 0) for index, hit in enumerate(self.hits)]
        text = Text.join("", [Text.join("; ", hits), "."])
        if self.armor_quality_after == self.armor_quality:
            return text
        wear = _(
            "Armor quality {before} falls to {after}.",
            before=self.armor_quality,
            after=self.armor_quality_after,
        )
        return Text.join(" ", [text, wear])

    @property
    def details(self) -> tuple[str, ...]:
        """What each severity among the hits does, worst first."""
        found = {hit.severity for hit in self.hits}
        return tuple(level.effect for level in reversed(Severity) if level in found)


def damage(
    faces: tuple[int, ...],
    armor: Armor | str = Armor.NONE,
    protection: int = 0,
    armor_quality: int = HIGHEST_FACE,
    add_matches: bool = True,
) -> DamageResult:
    """The hits of a damage roll of these faces against this armor.

    >>> damage((14,), Armor.HEAVY, protection=3, armor_quality=10).sentence
    'Heavy damage: 11 after armor 3. Armor quality 10 falls to 9.'

    Raises:
        CheckError: no damage dice.
    """
    if not faces:
        raise CheckError(_("Enter the faces of the damage dice."))
    armor = Armor(armor)
    counted = 0 if armor is Armor.NONE else max(0, min(protection, armor_quality))
    groups = match_groups(faces) if add_matches else ()
    rest = list(faces)
    for group in groups:
        for face in group:
            rest.remove(face)
    hits = []
    for dice in (*groups, *((face,) for face in rest)):
        total = sum(dice)
        left = max(0, total - counted)
        hits.append(Hit(dice, total, counted, left, severity(left), armor_wear(total, armor)))
    hits.sort(key=lambda hit: hit.damage, reverse=True)
    worn = max(0, armor_quality - sum(hit.wear for hit in hits))
    return DamageResult(tuple(hits), counted, armor_quality, worn)


DAMAGE = Lookup(
    "damage",
    _("Damage severity"),
    (
        LookupInput(
            "faces",
            _("Damage dice"),
            InputKind.FACES,
            (),
            bounds=(1, HIGHEST_FACE),
            hint=_("The faces of the damage dice (a single roll)."),
        ),
        LookupInput(
            "armor",
            _("Armor"),
            InputKind.CHOICE,
            Armor.NONE.value,
            choices=(
                (Armor.NONE.value, _("No armor")),
                (Armor.LIGHT.value, _("Light armor")),
                (Armor.HEAVY.value, _("Other armor")),
            ),
        ),
        LookupInput(
            "protection",
            _("Protection value"),
            InputKind.INT,
            0,
            bounds=(0, HIGHEST_FACE),
            hint=_("The armor's protection value; it protects at most its current quality."),
        ),
        LookupInput(
            "armor_quality",
            _("Armor quality"),
            InputKind.INT,
            10,
            bounds=(0, HIGHEST_FACE),
            hint=_("The armor's current quality (Güte)."),
        ),
        LookupInput(
            "matches",
            _("Matches"),
            InputKind.CHOICE,
            "added",
            choices=(("added", _("Added into one hit")), ("apart", _("Each die a hit of its own"))),
        ),
    ),
    lambda faces, armor, protection, armor_quality, matches: damage(
        faces, armor, protection, armor_quality, add_matches=matches == "added"
    ),
    _("Damage dice to light, heavy and critical hits, less armor (Kampf: Treffer, Rüstung)."),
)
