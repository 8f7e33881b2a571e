"""The checks "Resist damage" and "Death roll" of Star Wars D6, from the check values (rule
text 004, "Schaden": the damage roll against Strength plus armor, the wound table, the death
roll of the mortally wounded; "Lichtschwerter": a lightsaber's 5D + Control).

- **Resist damage** rolls a weapon's damage (``damage``: "4D+2", "STR+2D" with the attacker's
  Strength, "5D+CONTROL" for a lightsaber with the attacker's Control; ``attacker``: one of
  the open characters) against this character's Strength plus armor, and writes the result
  of the wound table to this character's sheet; a new stun keeps ``hit_segment`` and
  ``acted`` (the character had made that segment's action before the hit) for "New round".
- **Death roll** rolls 2D against the full rounds since the mortal wound (read from the
  sheet) and writes the result to the sheet: dead, or one round more to count.

Readings of what the text leaves open:

- **Resisting damage is no action**: an unconscious or mortally wounded character still rolls
  Strength when hit (a second hit can make things worse, :func:`.damage.after_hit`); only the
  dead roll nothing. Every other roll is refused to those who cannot act.
- **Strength against damage** takes no wound penalty and no round penalty (it answers an
  attack, it is not declared); a Force Point of this round doubles it, armor is added after.
- **The attacker's Strength or Control** in the damage takes the attacker's wound penalty
  (not the round's penalty: damage is no declared action) and is doubled by the attacker's
  Force Point of the round; an attacker without Control
  adds nothing to a lightsaber's 5D.
- **The chance** shown for resisting damage is that of being only stunned (Strength above
  the damage); for the death roll, that of surviving the round.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from shadowdice.core.dice import DiceSource
from shadowdice.core.language import translations
from shadowdice.core.registry import EMPTY_PARTY, CheckError, CheckValues, Party
from shadowdice.systems.starwars.checks import StarWarsCheck, one_character, spends_force_point
from shadowdice.systems.starwars.codes import Code, CodeError
from shadowdice.systems.starwars.damage import (
    DEATH_ROLL_DICE,
    DamageFormula,
    Wound,
    parse_damage,
    resistance,
)
from shadowdice.systems.starwars.plan import Roller, chance_at_least
from shadowdice.systems.starwars.rolls import ATTRIBUTE, FORCE, roll_key, rolled, sheet_modifiers
from shadowdice.systems.starwars.sheet import CONTROL, STRENGTH, StarWarsSheet
from shadowdice.systems.starwars.wound_sessions import DamageSession, DeathRollSession

_, _n = translations(__name__)

_ADDED_ROLLS = {"Strength": roll_key(ATTRIBUTE, STRENGTH), "Control": roll_key(FORCE, CONTROL)}


@dataclass(frozen=True, slots=True)
class ResistPlan:
    """A damage roll against this character, as it would be rolled.

    Attributes:
        formula: the weapon's damage as written.
        attacker: who deals it ("" for a code alone).
        damage: the damage code thrown, the attacker's part included.
        strength: this character's Strength code, doubled for a Force Point (no armor).
        resistance: what is thrown against the damage: Strength plus armor.
        spends_force_point: this roll spends a Force Point.
    """

    formula: DamageFormula
    attacker: str
    damage: Code
    strength: Code
    resistance: Code
    spends_force_point: bool = False

    @property
    def summary(self) -> str:
        """The damage and the Strength in words."""
        if self.formula.adds:
            damage = _(
                "Damage {formula} of {attacker}", formula=self.formula, attacker=self.attacker
            )
        else:
            damage = _("Damage {formula}", formula=self.formula)
        if str(self.formula) != str(self.damage):
            damage = f"{damage} → {self.damage}"
        return _(
            "{damage} against Strength and armor {resistance}",
            damage=damage,
            resistance=self.resistance,
        )

    @property
    def chance(self) -> float:
        """The chance of being only stunned: the Strength roll above the damage roll."""
        return chance_at_least(self.resistance, self.damage, target=1)


def plan_resistance(
    sheet: StarWarsSheet, values: CheckValues, party: Party = EMPTY_PARTY
) -> ResistPlan:
    """The damage roll against this character as the values ask for it.

    Raises:
        CheckError: a mistyped damage, an attacker missing or unknown, a dead character.
    """
    if sheet.wound is Wound.DEAD:
        raise CheckError(
            _("{value} is dead and rolls nothing.", value=sheet.name or "This character")
        )
    values = StarWarsCheck.read(values)
    try:
        formula = parse_damage(values.damage)
    except CodeError as error:
        raise CheckError(_("The damage: {error}", error=error)) from None
    attacker = ""
    added: dict[str, Code | None] = {}
    if formula.adds:
        if not values.attacker:
            raise CheckError(
                _(
                    "{formula} adds the attacker's {value}: choose the attacker.",
                    formula=formula,
                    value=formula.adds[0],
                )
            )
        attacker, sheet_of_attacker = one_character(values.attacker, party, _("attacker"))
        added = _attackers_part(sheet_of_attacker, formula)
    spends = spends_force_point(sheet, values)
    strength = sheet.attribute(STRENGTH).value
    if spends or sheet.force_point_round:
        strength = strength.doubled()
    return ResistPlan(
        formula=formula,
        attacker=attacker,
        damage=formula.total(added),
        strength=strength,
        resistance=resistance(strength, sheet.armor),
        spends_force_point=spends,
    )


def _attackers_part(attacker: StarWarsSheet, formula: DamageFormula) -> dict[str, Code | None]:
    """The attacker's codes the formula adds, with the attacker's wound and Force Point."""
    part: dict[str, Code | None] = {}
    for name in formula.adds:
        key = _ADDED_ROLLS[name]
        if key.startswith(f"{FORCE}:") and not any(
            f.name == CONTROL for f in attacker.force_skills
        ):
            part[name] = None
            continue
        label, base = rolled(attacker, key)
        modifiers = tuple(sheet_modifiers(attacker, key))
        part[name] = Roller(label, base, attacker.force_point_round, modifiers).code
    return part


def start_resistance(
    sheet: StarWarsSheet, plan: ResistPlan, source: DiceSource, values: CheckValues
) -> DamageSession:
    """Roll the damage against this character; the wound goes to the sheet."""

    def spend_force_point(amount: int) -> None:
        sheet.force_points -= amount
        sheet.force_point_round = True

    values = StarWarsCheck.read(values)
    return DamageSession(
        character=sheet.name,
        damage=plan.damage,
        strength=plan.strength,
        armor=sheet.armor,
        state=sheet.wound_state,
        apply=partial(sheet.take_wounds, segment=values.hit_segment, acted=values.acted),
        spend_force_point=spend_force_point if plan.spends_force_point else None,
        source=source,
        parameters=values.as_parameters(),
    )


@dataclass(frozen=True, slots=True)
class DeathPlan:
    """A death roll, as it would be rolled.

    Attributes:
        rounds: the full rounds since the mortal wound; a lower roll kills.
    """

    rounds: int

    @property
    def summary(self) -> str:
        """The roll and what kills."""
        return _n(
            "Death roll {dice}D against {n} full round since the mortal wound",
            "Death roll {dice}D against {n} full rounds since the mortal wound",
            self.rounds,
            dice=DEATH_ROLL_DICE,
        )

    @property
    def chance(self) -> float:
        """The chance of surviving the round: 2D at least the rounds."""
        return chance_at_least(Code(DEATH_ROLL_DICE), Code(0), target=self.rounds)


def plan_death_roll(sheet: StarWarsSheet, values: CheckValues) -> DeathPlan:
    """The death roll of this character.

    Raises:
        CheckError: the character is not mortally wounded, or a Force Point is to be spent.
    """
    if sheet.wound is not Wound.MORTALLY_WOUNDED:
        who = sheet.name or _("This character")
        raise CheckError(
            _(
                "{who} is not mortally wounded: only the mortally wounded roll against death.",
                who=who,
            )
        )
    if StarWarsCheck.read(values).force_point:
        raise CheckError(
            _("The death roll is 2D whatever the character; a Force Point does not change it.")
        )
    return DeathPlan(sheet.mortal_rounds)


def start_death_roll(
    sheet: StarWarsSheet, source: DiceSource, values: CheckValues
) -> DeathRollSession:
    """Roll against death; the result goes to the sheet."""
    return DeathRollSession(
        character=sheet.name,
        state=sheet.wound_state,
        apply=sheet.take_wounds,
        source=source,
        parameters=StarWarsCheck.read(values).as_parameters(),
    )
