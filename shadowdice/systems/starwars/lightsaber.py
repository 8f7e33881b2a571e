"""Lightsabers in Star Wars D6: attacking, parrying, deflecting blaster shots and turning
them on a target.

Rule text, section on lightsabers (Lichtschwerter):

- Attack with the skill Lightsaber (under Dexterity, apart from Melee), difficulty 20.
- Damage 5D, plus the Control code of a character who has that Force skill.
- A lightsaber attack can be parried only with a lightsaber or a weapon that withstands one
  (beskar, say), and then with Melee Parry as usual. Parrying with a lightsaber uses Melee
  Parry, or Sense instead for a character who has Sense.
- A blaster shot is deflected with a lightsaber by one action per shot: the Sense total is
  added to the shooter's difficulty.
- A deflected shot can be turned on a target (not only the shooter): a second action,
  declared with the deflection as a reaction to the attack, rolled with Sense against the
  difficulty of the deflected blaster's range table at the target's range; it does the
  blaster's damage. When the deflection fails, the second action is lost.

Readings of what the text leaves open (pinned by tests in ``test_lightsaber.py``):

- **Only parrying** is limited against a lightsaber; dodging is not a lightsaber rule and
  stays open to everyone.
- **Sense in place of Melee Parry** goes for every parry with a lightsaber, against any
  melee weapon; with a beskar weapon or the like, only Melee Parry.
- **Both actions of a turned shot** are reactions in the segment of the shot: they count
  toward the penalty from that segment on, even when the second one is lost.
- **A shot that equals the raised difficulty** hits (an attack succeeds at its difficulty).
"""

from __future__ import annotations

from enum import StrEnum

from shadowdice.systems.starwars.codes import Code
from shadowdice.systems.starwars.rounds import ActionKind, Declaration, parry

ATTACK_SKILL = "Lightsaber"
ATTACK_DIFFICULTY = 20
"""The difficulty to hit with a lightsaber."""

BASE_DAMAGE = Code(5)
"""A lightsaber's damage before Control."""

MELEE_PARRY = "Melee Parry"
SENSE = "Sense"


class Guard(StrEnum):
    """What the defender holds against a melee attack."""

    NONE = "none"
    """Bare hands or nothing fit to parry."""
    WEAPON = "weapon"
    """An ordinary melee weapon."""
    RESISTANT = "resistant"
    """A weapon that withstands a lightsaber (beskar and the like)."""
    LIGHTSABER = "lightsaber"


def damage(control: Code | None = None) -> Code:
    """A lightsaber's damage: 5D plus the wielder's Control, when they have it.

    >>> str(damage()), str(damage(Code(3))), str(damage(Code(2, 1)))
    ('5D', '8D', '7D+1')
    """
    return BASE_DAMAGE if control is None else BASE_DAMAGE + control


def parry_skills(*, against_lightsaber: bool, guard: Guard, has_sense: bool) -> tuple[str, ...]:
    """The skills the defender may parry a melee attack with; none when they cannot.

    >>> parry_skills(against_lightsaber=True, guard=Guard.LIGHTSABER, has_sense=True)
    ('Melee Parry', 'Sense')
    >>> parry_skills(against_lightsaber=True, guard=Guard.WEAPON, has_sense=True)
    ()
    """
    if guard is Guard.LIGHTSABER:
        return (MELEE_PARRY, SENSE) if has_sense else (MELEE_PARRY,)
    if guard is Guard.RESISTANT or (guard is Guard.WEAPON and not against_lightsaber):
        return (MELEE_PARRY,)
    return ()


def deflected_difficulty(difficulty: int, sense_total: int) -> int:
    """The shooter's difficulty after a deflection: the Sense total added.

    >>> deflected_difficulty(15, 15)
    30
    """
    return difficulty + sense_total


def deflects(attack_total: int, difficulty: int, sense_total: int) -> bool:
    """Whether the deflection stops the shot: the attack falls short of the raised
    difficulty.

    >>> deflects(24, 15, 15), deflects(32, 15, 15), deflects(30, 15, 15)
    (True, False, False)
    """
    return attack_total < deflected_difficulty(difficulty, sense_total)


def redirect_hits(sense_total: int, range_difficulty: int) -> bool:
    """Whether a deflected shot turned on a target hits: the second Sense total reaches
    the difficulty of the deflected blaster's range table at the target's range.

    >>> redirect_hits(22, 15), redirect_hits(14, 15)
    (True, False)
    """
    return sense_total >= range_difficulty


def deflect(segment: int = 1) -> Declaration:
    """The reaction of deflecting one blaster shot of ``segment`` (one per shot)."""
    return parry(segment, SENSE, "deflect a blaster shot")


def deflect_and_redirect(segment: int = 1) -> tuple[Declaration, Declaration]:
    """The two reactions of deflecting a shot of ``segment`` and turning it on a target."""
    turn = Declaration(ActionKind.REACTION, "turn the deflected shot", SENSE, segment)
    return deflect(segment), turn
