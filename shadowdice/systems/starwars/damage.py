"""Damage and wounds of Star Wars D6: the damage roll against the Strength roll, the wound
table, armor, the effects of each wound level and the death roll of the mortally wounded.

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
  based on Dexterity: full armor 1D, light armor 1 pip.

Readings of what the text leaves open (pinned by tests in ``test_damage.py``):

- **A hit never makes things better, and worsens them only as the text says**: the new
  condition is the worse of the old one and the table's result, except that a wounded
  character wounded again is unconscious. The text gives no other escalation, so an
  unconscious character wounded again stays unconscious and a mortally wounded one hit again
  keeps counting rounds from the first mortal wound.
- **The death roll** at the end of the round of the hit compares with 0 full rounds (the hit
  came within it), so the first roll that can kill is at the end of the third full round.
  A roll equal to the rounds is survived: only a *lower* roll kills.
- **The falling**: the text says both that the stunned defender falls and that he does not;
  falling is left to the table, the sheet only keeps the condition.
- **A wounded attacker's Strength** in a melee weapon's "STR+2D" is an attribute roll and
  takes the -1D (only Strength against damage is spared); pass the Strength as rolled.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import IntEnum, StrEnum

from shadowdice.systems.starwars.codes import Code, CodeError

DEATH_ROLL_DICE = 2
"""Dice of the death roll at the end of each round."""


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


class Condition(IntEnum):
    """How a character stands, from healthy to dead; higher is worse."""

    HEALTHY = 0
    WOUNDED = 1
    UNCONSCIOUS = 2
    MORTALLY_WOUNDED = 3
    DEAD = 4

    @property
    def label(self) -> str:
        """The condition in words ("mortally wounded")."""
        return self.name.lower().replace("_", " ")


_CONDITION_OF_LEVEL = {
    WoundLevel.STUNNED: Condition.HEALTHY,
    WoundLevel.WOUNDED: Condition.WOUNDED,
    WoundLevel.UNCONSCIOUS: Condition.UNCONSCIOUS,
    WoundLevel.MORTALLY_WOUNDED: Condition.MORTALLY_WOUNDED,
}


@dataclass(frozen=True, slots=True)
class WoundState:
    """What the sheet keeps of a character's wounds.

    Attributes:
        condition: healthy, wounded, unconscious, mortally wounded or dead.
        rounds: while mortally wounded, the full rounds since the hit that the next death
            roll is compared with (0 right after the hit); else 0.
    """

    condition: Condition = Condition.HEALTHY
    rounds: int = 0


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
    the worse of before and now, and a running count of rounds is kept.
    """
    if state.condition is Condition.DEAD:
        return state
    new = _CONDITION_OF_LEVEL[level]
    if new is Condition.WOUNDED and state.condition is Condition.WOUNDED:
        new = Condition.UNCONSCIOUS
    if new <= state.condition:
        return state
    return WoundState(new)


def wound_penalty(condition: Condition, *, resisting_damage: bool = False) -> int:
    """Dice taken off a roll for wounds: 1 while wounded, except Strength against damage.

    >>> wound_penalty(Condition.WOUNDED), wound_penalty(Condition.WOUNDED, resisting_damage=True)
    (1, 0)
    """
    if condition is Condition.WOUNDED and not resisting_damage:
        return 1
    return 0


def can_act(condition: Condition) -> bool:
    """Whether the character can act at all (not unconscious, mortally wounded or dead)."""
    return condition <= Condition.WOUNDED


@dataclass(frozen=True, slots=True)
class Stun:
    """What being stunned costs in the round of the hit.

    Attributes:
        actions_lost: the declared actions of the round not yet run, all lost.
        reactions_allowed: reactions stay possible (always True).
        misses_next_first_segment: no action was left to lose, so the character cannot act
            in the first segment of the next round.
    """

    actions_lost: int
    reactions_allowed: bool = True
    misses_next_first_segment: bool = False


def stunned(actions_left: int) -> Stun:
    """What a stun costs a character with ``actions_left`` actions still to run this round.

    >>> stunned(2)
    Stun(actions_lost=2, reactions_allowed=True, misses_next_first_segment=False)
    >>> stunned(0).misses_next_first_segment
    True
    """
    return Stun(actions_lost=actions_left, misses_next_first_segment=actions_left == 0)


def dies(roll: int, rounds: int) -> bool:
    """Whether a death roll kills: only a roll lower than the full rounds since the hit.

    >>> dies(3, 4), dies(4, 4), dies(5, 4)
    (True, False, False)
    """
    return roll < rounds


def after_death_roll(rounds: int, roll: int) -> WoundState:
    """The state after the death roll at the end of a round: dead, or still mortally
    wounded with the count for the next round's roll.
    """
    if dies(roll, rounds):
        return WoundState(Condition.DEAD)
    return WoundState(Condition.MORTALLY_WOUNDED, rounds + 1)


class Armor(StrEnum):
    """Armor as the text knows it."""

    NONE = "none"
    LIGHT = "light"
    """Light armor: +1 against damage, -1 on Dexterity rolls."""
    FULL = "full"
    """Armor: +1D against damage, -1D on Dexterity rolls."""


_ARMOR_VALUE = {Armor.NONE: Code(0), Armor.LIGHT: Code(0, 1), Armor.FULL: Code(1)}


def armor_protection(armor: Armor) -> Code:
    """What armor adds to Strength against damage: full 1D, light 1 pip.

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


def dexterity_with_armor(code: Code, armor: Armor) -> Code:
    """A code based on Dexterity as armor leaves it: full -1D, light -1 pip.

    >>> str(dexterity_with_armor(Code(3, 1), Armor.FULL))
    '2D+1'
    >>> str(dexterity_with_armor(Code(3, 1), Armor.LIGHT))
    '3D'
    """
    protection = armor_protection(armor)
    return code.plus(dice=-protection.dice, pips=-protection.pips)


_DAMAGE_PATTERN = re.compile(r"^(?:STR|STÄ)(?:\+(.+))?$")


def weapon_damage(damage: str, strength: Code) -> Code:
    """The damage code of a weapon as written: a code ("5D") or Strength plus a code
    ("STR+2D", the text's "str+2D" of a vibroaxe).

    >>> str(weapon_damage("str+2D", Code(4))), str(weapon_damage("4D+1", Code(4)))
    ('6D', '4D+1')

    Raises:
        CodeError: the text is neither.
    """
    compact = "".join(damage.split()).upper()
    match = _DAMAGE_PATTERN.match(compact)
    if match is None:
        return Code.parse(damage)
    if match.group(1) is None:
        return strength
    try:
        return strength + Code.parse(match.group(1))
    except CodeError as error:
        raise CodeError(f'"{damage.strip()}" is no weapon damage: {error}') from error
