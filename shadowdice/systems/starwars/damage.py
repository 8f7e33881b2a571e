"""Damage and wounds of Star Wars D6: the one wound model of the system, the damage roll
against the Strength roll, the wound table, armor, the effects of each wound level, the
death roll of the mortally wounded, and a weapon's damage as written ("STR+2D").

Rule text, sections on armor ("Das Tragen einer Rüstung") and damage ("Angreifer würfelt
Waffenschaden, Verteidiger würfelt Stärke"). The table, with D the damage total and S the
Strength total (armor included):

========================  ==============================================
D < S                     stunned (benommen)
S <= D < 2 x S            stunned and wounded (benommen & verwundet)
2 x S <= D < 3 x S        unconscious (bewusstlos)
D >= 3 x S                mortally wounded (tödlich verwundet)
========================  ==============================================

- **Stunned**: no more actions this round; reactions are still possible. Without an action
  left to lose, the character cannot act in the first segment of the next round.
- **Wounded**: -1D on every skill and attribute, except Strength against damage. A wounded
  character wounded again is unconscious instead.
- **Mortally wounded**: unconscious, and at the end of every round 2D are rolled against the
  full rounds since the hit; a roll lower than that number kills.
- **Armor** adds its value to Strength against damage and takes the same off every roll
  based on Dexterity: full armor 1D, light armor 1 pip (:func:`armor_protection`; taken off
  Dexterity-based rolls in :func:`.rolls.sheet_modifiers`).

The wound model (:class:`WoundState`, kept on the sheet as ``wound``, ``mortal_rounds`` and
``stunned``) has two parts, because a wounded character is stunned as well: the lasting
:class:`Wound` (healthy, wounded, unconscious, mortally wounded, dead) and the stun, which
lasts for the rest of the round and ends with the sheet action "New round".

Readings of what the text leaves open (pinned by tests in ``test_damage.py``):

- **A hit never makes things better, and worsens them only as the text says**: the new
  wound is the worse of the old one and the table's result, except that a wounded character
  wounded again is unconscious. The text gives no other escalation, so an unconscious
  character wounded again stays unconscious and a mortally wounded one hit again keeps
  counting rounds from the first mortal wound.
- **The stun** comes with the first two rows of the table; unconscious and worse need none.
  The sheet keeps it until "New round": a stunned character's check says "reactions only",
  and the segment order leaves them out. The text's loss in the next round ("Sollte der
  Verteidiger keine Aktionen mehr angesagt haben, so kann er in der ersten Phase der nächsten
  Runde nicht handeln") is tracked: the damage check names the segment of the hit and whether
  the defender had acted in it already, and "New round" looks at the declared actions still
  to come at the hit (later segments', and the hit segment's own unless it was made: Corukk,
  hit before his shot, loses the shot, not the next round); with none, the character has no
  action in the first segment of the new round (checks say so, the segment order leaves them
  out). The declared actions lost to the stun are the game master's to skip.
- **The death roll** at the end of the round of the hit compares with 0 full rounds (the hit
  came within it), so the first roll that can kill is at the end of the third full round.
  A roll equal to the rounds is survived: only a *lower* roll kills.
- **The falling**: the text says both that the stunned defender falls and that he does not;
  falling is left to the table, the sheet only keeps the stun.
- **The attacker's part of a weapon's damage** ("STR+2D", a lightsaber's "+Control") is the
  attacker's attribute or skill and takes the attacker's wound penalty (only Strength
  against damage is spared); :func:`parse_damage` reads the formula, the caller gives the
  codes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from shadowdice.core.language import N_, translations
from shadowdice.systems.starwars.codes import Code, CodeError

_, _n = translations(__name__)

DEATH_ROLL_DICE = 2
"""Dice of the death roll at the end of each round."""


class Wound(StrEnum):
    """The lasting wound (verwundet, bewusstlos, tödlich verwundet, tot); the stun of the
    round is kept apart (:attr:`WoundState.stunned`).
    """

    HEALTHY = "healthy"
    WOUNDED = "wounded"
    """-1D on every roll but Strength against damage."""
    UNCONSCIOUS = "unconscious"
    MORTALLY_WOUNDED = "mortally_wounded"
    """Unconscious, and rolls 2D against death at the end of every round."""
    DEAD = "dead"

    @property
    def label(self) -> str:
        """The wound in words ("mortally wounded"), in the language shown."""
        return _(_WOUND_WORDS[self])


_WOUND_WORDS = {
    Wound.HEALTHY: N_("healthy"),
    Wound.WOUNDED: N_("wounded"),
    Wound.UNCONSCIOUS: N_("unconscious"),
    Wound.MORTALLY_WOUNDED: N_("mortally wounded"),
    Wound.DEAD: N_("dead"),
}


_SEVERITY = {wound: rank for rank, wound in enumerate(Wound)}
#: The wounds in which a character cannot act at all.
OUT_OF_ACTION = frozenset({Wound.UNCONSCIOUS, Wound.MORTALLY_WOUNDED, Wound.DEAD})


class WoundLevel(StrEnum):
    """What one damage roll does, by the text's table."""

    STUNNED = "stunned"
    """Benommen: loses the rest of the round's actions."""
    WOUNDED = "wounded"
    """Benommen & verwundet: stunned, and -1D from now on."""
    UNCONSCIOUS = "unconscious"
    """Bewusstlos."""
    MORTALLY_WOUNDED = "mortally wounded"
    """Tödlich verwundet: unconscious, and may die."""


_WOUND_OF_LEVEL = {
    WoundLevel.STUNNED: Wound.HEALTHY,
    WoundLevel.WOUNDED: Wound.WOUNDED,
    WoundLevel.UNCONSCIOUS: Wound.UNCONSCIOUS,
    WoundLevel.MORTALLY_WOUNDED: Wound.MORTALLY_WOUNDED,
}
_STUNNING = frozenset({WoundLevel.STUNNED, WoundLevel.WOUNDED})


@dataclass(frozen=True, slots=True)
class WoundState:
    """What the sheet keeps of a character's wounds.

    Attributes:
        wound: healthy, wounded, unconscious, mortally wounded or dead.
        rounds: while mortally wounded, the full rounds since the hit that the next death
            roll is compared with (0 right after the hit); else 0.
        stunned: stunned this round (no more actions; reactions still possible).
    """

    wound: Wound = Wound.HEALTHY
    rounds: int = 0
    stunned: bool = False


HEALTHY = WoundState()


def wound_level(damage: int, strength: int) -> WoundLevel:
    """The wound level of a damage total against a Strength total, by the text's table.

    >>> wound_level(9, 10), wound_level(10, 10), wound_level(20, 10), wound_level(30, 10)
    (<WoundLevel.STUNNED: 'stunned'>, <WoundLevel.WOUNDED: 'wounded'>, \
<WoundLevel.UNCONSCIOUS: 'unconscious'>, <WoundLevel.MORTALLY_WOUNDED: 'mortally wounded'>)
    """
    if damage >= 3 * strength:
        return WoundLevel.MORTALLY_WOUNDED
    if damage >= 2 * strength:
        return WoundLevel.UNCONSCIOUS
    if damage >= strength:
        return WoundLevel.WOUNDED
    return WoundLevel.STUNNED


def after_hit(state: WoundState, level: WoundLevel) -> WoundState:
    """The wound state after a hit of ``level``: wounded twice is unconscious; otherwise
    the worse of before and now, and a running count of rounds is kept. The first two rows
    of the table stun.
    """
    if state.wound is Wound.DEAD:
        return state
    new = _WOUND_OF_LEVEL[level]
    if new is Wound.WOUNDED and state.wound is Wound.WOUNDED:
        new = Wound.UNCONSCIOUS
    stunned = state.stunned or level in _STUNNING
    if _SEVERITY[new] <= _SEVERITY[state.wound]:
        return WoundState(state.wound, state.rounds, stunned)
    return WoundState(new, 0, stunned)


def wound_penalty(wound: Wound, *, resisting_damage: bool = False) -> int:
    """Dice taken off a roll for wounds: 1 while wounded, except Strength against damage.

    >>> wound_penalty(Wound.WOUNDED), wound_penalty(Wound.WOUNDED, resisting_damage=True)
    (1, 0)
    """
    if wound is Wound.WOUNDED and not resisting_damage:
        return 1
    return 0


def can_act(wound: Wound) -> bool:
    """Whether the character can act at all (not unconscious, mortally wounded or dead)."""
    return wound not in OUT_OF_ACTION


def dies(roll: int, rounds: int) -> bool:
    """Whether a death roll kills: only a roll lower than the full rounds since the hit.

    >>> dies(3, 4), dies(4, 4), dies(5, 4)
    (True, False, False)
    """
    return roll < rounds


def after_death_roll(state: WoundState, roll: int) -> WoundState:
    """The state after the death roll at the end of a round: dead, or still mortally
    wounded with the count for the next round's roll.
    """
    if dies(roll, state.rounds):
        return WoundState(Wound.DEAD, 0, state.stunned)
    return WoundState(Wound.MORTALLY_WOUNDED, state.rounds + 1, state.stunned)


class Armor(StrEnum):
    """Armor as the text knows it."""

    NONE = "none"
    LIGHT = "light"
    """Light armor: +1 against damage, -1 on Dexterity rolls."""
    FULL = "full"
    """Armor: +1D against damage, -1D on Dexterity rolls."""


_ARMOR_VALUE = {Armor.NONE: Code(0), Armor.LIGHT: Code(0, 1), Armor.FULL: Code(1)}


def armor_protection(armor: Armor) -> Code:
    """What armor adds to Strength against damage, and takes off Dexterity-based rolls:
    full 1D, light 1 pip.

    >>> str(armor_protection(Armor.FULL)), str(armor_protection(Armor.LIGHT))
    ('1D', '0D+1')
    """
    return _ARMOR_VALUE[armor]


def resistance(strength: Code, armor: Armor = Armor.NONE) -> Code:
    """The code rolled against damage: Strength plus armor, never a wound penalty.

    >>> str(resistance(Code(3), Armor.FULL)), str(resistance(Code(3), Armor.LIGHT))
    ('4D', '3D+1')
    """
    return strength + armor_protection(armor)


#: The names a weapon's damage may add from its wielder, as written, and what they mean.
ATTACKER_TERMS: Mapping[str, str] = {
    "STR": "Strength",
    "STÄ": "Strength",
    "STRENGTH": "Strength",
    "CONTROL": "Control",
}


@dataclass(frozen=True, slots=True)
class DamageFormula:
    """A weapon's damage as written: a code plus what the attacker adds ("STR+2D",
    "5D+CONTROL" for a lightsaber in the hands of a Control user).

    Attributes:
        code: the weapon's own dice and pips.
        adds: what the attacker adds, by name ("Strength", "Control"), in the order written.
    """

    code: Code
    adds: tuple[str, ...] = ()

    def __str__(self) -> str:
        terms = [name.upper() if name != "Strength" else "STR" for name in self.adds]
        if self.code != Code(0) or not terms:
            terms.append(str(self.code))
        return "+".join(terms)

    def total(self, attacker: Mapping[str, Code | None]) -> Code:
        """The damage code with the attacker's codes added; a Control the attacker lacks
        adds nothing (a lightsaber is 5D without it).

        Raises:
            KeyError: a name the caller gave no code for.
        """
        code = self.code
        for name in self.adds:
            added = attacker[name]
            if added is not None:
                code = code + added
        return code


def parse_damage(text: str) -> DamageFormula:
    """Read a weapon's damage as written: a code, plus STR (the attacker's Strength) or
    CONTROL (the attacker's Control, a lightsaber's) joined with "+".

    >>> parse_damage("str+2D"), parse_damage("5D+Control").adds, str(parse_damage("4D+1"))
    (DamageFormula(code=Code(dice=2, pips=0), adds=('Strength',)), ('Control',), '4D+1')

    Raises:
        CodeError: the text is neither a code nor such a sum, with the reason.
    """
    if not isinstance(text, str) or not text.strip():
        raise CodeError(_("Enter the weapon's damage, for example 4D+2, STR+2D or 5D+CONTROL."))
    adds: list[str] = []
    rest: list[str] = []
    for term in "".join(text.split()).upper().split("+"):
        if term in ATTACKER_TERMS:
            adds.append(ATTACKER_TERMS[term])
        else:
            rest.append(term)
    if not adds:
        return DamageFormula(Code.parse(text))
    if not rest:
        return DamageFormula(Code(0), tuple(adds))
    joined = "+".join(rest)
    if joined.isdigit():
        joined = f"0D+{joined}"
    try:
        return DamageFormula(Code.parse(joined), tuple(adds))
    except CodeError as error:
        raise CodeError(
            _('"{strip}" is no weapon damage: {error}', strip=text.strip(), error=error)
        ) from error
