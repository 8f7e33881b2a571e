"""Lightsabers in Star Wars D6: the difficulty of an attack, and where the app handles the
rest of the section on lightsabers (Lichtschwerter).

Rule text, and where each rule runs:

- **Attack** with the skill Lightsaber (under Dexterity, apart from Melee), difficulty 20
  (:data:`ATTACK_DIFFICULTY`): the roll choice names the difficulty (:func:`.rolls.roll_choices`)
  and the preview notes a target other than 20 (:func:`.checks.plan_roll`).
- **Damage** 5D, plus the Control code of a character who has that Force skill: the check
  "Resist damage" with the damage "5D+CONTROL" (:func:`.damage.parse_damage`; the attacker's
  Control is added in :mod:`.wound_checks`, nothing without it).
- **Parrying** a lightsaber attack with Melee Parry, or Sense instead for a character who has
  Sense: the opponent's roll of the check (:func:`.rolls.opponent_roll_choices`), added to the
  target number (:mod:`.plan`).
- **Deflecting** a blaster shot: one reaction per shot in "This round"; the defender's Sense
  total is added to the shooter's difficulty, as the opponent's roll of the shot's check.
- **Turning** a deflected shot on a target: a second reaction declared with the deflection;
  the defender's own Sense roll against the difficulty of the deflected blaster's range table
  at the target's range. When the deflection fails, the second action is lost, but it was
  declared and so still counts toward the penalty of the round.

Readings of what the text leaves open (pinned by tests in ``test_lightsaber.py``):

- **Who may parry a lightsaber** (only with a lightsaber or a weapon that withstands one,
  beskar and the like) is the game master's call: the sheet does not say what the defender
  holds, so the app offers Melee Parry and Sense to every opponent. Dodging is not limited.
- **Both actions of a turned shot** are reactions in the segment of the shot: they count
  toward the penalty from that segment on, even when the second one is lost.
- **A shot that equals the raised difficulty** hits (an attack succeeds at its difficulty).
"""

ATTACK_DIFFICULTY = 20
"""The difficulty to hit with a lightsaber."""
