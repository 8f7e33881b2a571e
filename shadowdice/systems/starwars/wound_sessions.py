"""The damage roll and the death roll as roll sessions (rule text 004, "Schaden": the damage
table and the death roll of the mortally wounded).

The rules are in :mod:`.damage`; these sessions throw the dice, put them in the tray and say
the result in words. They take codes and the wound state before, and hand the wound state
after to a callback (the system writes it to the character's sheet); the change is noted as
a charge, so the app marks the sheet as changed.

Readings (besides those of :mod:`.damage`):

- **Applied at once.** Neither roll has a follow-up action, so the new wound state is applied
  when the dice have been thrown, and only when it differs from the old one (every damage
  roll that stuns does). The outcome names the character and the lasting wound it leaves
  ("Tarn Okoro: wounded"); the app keeps the change as one undo step with the roll.
- **A Force Point** spent on resisting damage doubles the Strength code; armor is added after
  (it is not the character's code). The Force Point is charged once the dice are thrown.
- **Marks.** All dice of a code count; in the damage roll the dice of the side that prevails
  are marked as hits (the damage dice when the character is wounded or worse, the Strength
  dice when only stunned), the other side's as misses. In the death roll the dice are hits
  when the character survives.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from datetime import datetime
from typing import Any

from shadowdice.core.dice import DiceSource
from shadowdice.core.die import Mark, name_group
from shadowdice.core.language import N_, Text, translations
from shadowdice.core.session import Outcome, Tone
from shadowdice.systems.starwars.codes import Code
from shadowdice.systems.starwars.damage import (
    DEATH_ROLL_DICE,
    HEALTHY,
    Armor,
    Wound,
    WoundLevel,
    WoundState,
    after_death_roll,
    after_hit,
    can_act,
    resistance,
    wound_level,
)
from shadowdice.systems.starwars.plain_rolls import Spend, ThrowOnly
from shadowdice.systems.starwars.session import FORCE_POINTS, SYSTEM_ID

_, _n = translations(__name__)

DAMAGE = "Damage"
STRENGTH = "Strength"
# The two groups keep their ids, which the totals and marks compare against; the tray shows words.
name_group(DAMAGE, lambda: _("Damage"))
name_group(STRENGTH, lambda: _("Strength"))
WOUNDS = "wounds"
"""The resource a changed wound state is charged as."""

#: The headline of a damage roll, by what it does.
_LEVEL_HEADLINES = {
    WoundLevel.STUNNED: N_("Stunned"),
    WoundLevel.WOUNDED: N_("Stunned and wounded"),
    WoundLevel.UNCONSCIOUS: N_("Unconscious"),
    WoundLevel.MORTALLY_WOUNDED: N_("Mortally wounded"),
}

ApplyWounds = Callable[[WoundState], None]


class _WoundRoll(ThrowOnly):
    """A roll whose result is a new wound state for the character."""

    def _apply_wounds(self, apply: ApplyWounds, before: WoundState, after: WoundState) -> None:
        if after != before:
            self._charge(WOUNDS, 1, lambda _amount: apply(after))


class DamageSession(_WoundRoll):
    """A damage roll against this character: the weapon's damage against Strength plus
    armor, by the wound table; the new wound state goes to the sheet at once.

    Constructor arguments:
        character: the defender's name.
        damage: the weapon's damage code (:func:`.parse_damage` with the attacker's codes).
        strength: the defender's Strength code, without the wound penalty (resisting damage
            is spared it), doubled already when a Force Point doubles it.
        armor: the defender's armor (none, light, full).
        state: the defender's wound state before the hit.
        apply: called with the new :class:`.WoundState` when the hit changes it.
        spend_force_point: charged once the dice are thrown, or None.
        source: the dice source; ``check``, ``parameters``, ``clock`` and ``ids`` as for any
            session.

    Attributes:
        damage: the damage code thrown (group "Damage").
        resistance: the Strength code thrown, armor included (group "Strength").
        before: the wound state before the hit.
        after: the wound state after it.
    """

    def __init__(
        self,
        *,
        character: str,
        damage: Code,
        strength: Code,
        source: DiceSource,
        apply: ApplyWounds,
        armor: Armor = Armor.NONE,
        state: WoundState = HEALTHY,
        spend_force_point: Spend | None = None,
        check: str | None = None,
        parameters: Mapping[str, Any] | None = None,
        clock: Callable[[], datetime] | None = None,
        ids: Iterator[int] | None = None,
    ) -> None:
        super().__init__(
            system_id=SYSTEM_ID,
            character=character,
            check=check if check is not None else _("Resist damage"),
            source=source,
            parameters=parameters,
            clock=clock,
            ids=ids,
        )
        self.damage = damage
        self.resistance = resistance(strength, armor)
        self.before = state
        self._throw_code(_("Damage {damage}", damage=damage), damage, DAMAGE)
        self._throw_code(
            _("Strength {resistance}", resistance=self.resistance), self.resistance, STRENGTH
        )
        if spend_force_point is not None:
            self._charge(FORCE_POINTS, 1, spend_force_point)
        self.after = after_hit(state, self.level)
        self._evaluate()
        self._apply_wounds(apply, self.before, self.after)

    @property
    def damage_total(self) -> int:
        """The damage rolled."""
        return self._total(DAMAGE, self.damage)

    @property
    def strength_total(self) -> int:
        """The Strength rolled against it."""
        return self._total(STRENGTH, self.resistance)

    @property
    def level(self) -> WoundLevel:
        """What the table makes of the two totals."""
        return wound_level(self.damage_total, self.strength_total)

    def _evaluate(self) -> None:
        wounded = self.level is not WoundLevel.STUNNED
        self._mark_group(DAMAGE, Mark.HIT if wounded else Mark.MISS)
        self._mark_group(STRENGTH, Mark.MISS if wounded else Mark.HIT)

    def outcome(self) -> Outcome:
        """The wound level, and what it makes of the character."""
        level, after = self.level, self.after
        headline = _(_LEVEL_HEADLINES[level])
        if level is WoundLevel.WOUNDED and after.wound is Wound.UNCONSCIOUS:
            headline = _("Wounded again - unconscious")
        detail = [
            _(
                "damage {damage} against Strength {strength}",
                damage=self.damage_total,
                strength=self.strength_total,
            )
        ]
        if after.wound is not Wound.HEALTHY:
            wound = after.wound.label
            named = _("{name}: {wound}", name=self.character, wound=wound)
            detail.append(named if self.character else _("now {wound}", wound=wound))
        if level in (WoundLevel.STUNNED, WoundLevel.WOUNDED) and can_act(after.wound):
            detail.append(_("no more actions this round, reactions only"))
        tone = {
            WoundLevel.STUNNED: Tone.SUCCESS,
            WoundLevel.WOUNDED: Tone.FAILURE,
            WoundLevel.UNCONSCIOUS: Tone.FAILURE,
            WoundLevel.MORTALLY_WOUNDED: Tone.CRITICAL,
        }[level]
        return Outcome(
            headline=headline,
            tone=tone,
            detail=Text.join(" · ", detail),
            values={
                "damage": self.damage_total,
                "strength": self.strength_total,
                "level": level.value,
                "stunned": after.stunned,
                "wound": after.wound.value,
                "success": level is WoundLevel.STUNNED,
            },
        )


class DeathRollSession(_WoundRoll):
    """The death roll of a mortally wounded character at the end of a round: 2D against the
    full rounds since the hit; a lower roll kills. The result goes to the sheet at once.

    Constructor arguments:
        character: the character's name.
        state: the wound state before (mortally wounded, with the full rounds since the hit).
        apply: called with the new :class:`.WoundState`: dead, or still mortally wounded
            with the count for the next round's roll.
        source: the dice source; ``check``, ``parameters``, ``clock`` and ``ids`` as for any
            session.

    Attributes:
        rounds: the rounds the roll is compared with.
        after: the wound state after the roll.
    """

    def __init__(
        self,
        *,
        character: str,
        state: WoundState,
        source: DiceSource,
        apply: ApplyWounds,
        check: str | None = None,
        parameters: Mapping[str, Any] | None = None,
        clock: Callable[[], datetime] | None = None,
        ids: Iterator[int] | None = None,
    ) -> None:
        if state.wound is not Wound.MORTALLY_WOUNDED:
            raise ValueError(_("only a mortally wounded character rolls against death"))
        if state.rounds < 0:
            raise ValueError(
                _("rounds since the mortal wound cannot be {rounds}", rounds=state.rounds)
            )
        super().__init__(
            system_id=SYSTEM_ID,
            character=character,
            check=check if check is not None else _("Death roll"),
            source=source,
            parameters=parameters,
            clock=clock,
            ids=ids,
        )
        self.rounds = state.rounds
        self._throw(_("Death roll"), DEATH_ROLL_DICE)
        self.after = after_death_roll(state, self.total)
        self._evaluate()
        self._apply_wounds(apply, state, self.after)

    @property
    def total(self) -> int:
        """The 2D rolled."""
        return sum(die.total for die in self.table)

    @property
    def dead(self) -> bool:
        """Whether the roll killed the character."""
        return self.after.wound is Wound.DEAD

    def _evaluate(self) -> None:
        self._mark_group("", Mark.MISS if self.dead else Mark.HIT)

    def outcome(self) -> Outcome:
        """Dead, or alive for another round."""
        rounds = _n("{n} full round", "{n} full rounds", self.rounds)
        return Outcome(
            headline=_("Dies") if self.dead else _("Survives the round"),
            tone=Tone.CRITICAL if self.dead else Tone.SUCCESS,
            detail=_(
                "rolled {total} against {rounds} since the mortal wound",
                total=self.total,
                rounds=rounds,
            ),
            values={"roll": self.total, "rounds": self.rounds, "dead": self.dead},
        )
