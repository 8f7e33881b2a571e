"""A combat phase ("Kampfphase") of two or more fighters as one roll session (rule text 003,
"Kampf", "Legendäres Manöver", "Flüchten", "Hohe Meisterschaft"); the arithmetic is in
:mod:`.combat_rules`.

The steps, each an offered action with its reason:

1. **Synchronous throwing.** Every fighter throws their combat dice; all look, then "Throw
   again together" keeps the picked dice of each fighter (at least one die of everyone still
   throwing; keeping all one's dice stops throwing) and throws the rest of everyone at once.
   "Take the initiative" (any fighter with dice on the table) makes every other fighter stop:
   all dice on the table count, and each fighter's best group of matches and sequences
   forms (their cascade roll), the other successes are their rescue dice.
2. **Attack.** The initiative holder attacks an opponent with picked dice of their group;
   the suggestion follows the text's tip: matches first, the sequences too when the opponent
   could block the matches with his group.
3. **Defence.** The defender blocks with picked dice; the app finds how they block every
   attack (:func:`~.combat_rules.plan_defence`) or says why they cannot. Rescue dice may help;
   each costs the defender a die in the next combat phase (kept on the sheet until then). Or
   the defender lets the attacks through.
4. **Counter.** A defence without rescue dice that leaves group dice may counter with them:
   the attacker becomes the defender with what they have left, and so on.
5. **Hit.** Attacks not blocked are a hit: the attacker throws the damage dice as a single
   roll (or flees instead, "Flüchten"); armor lowers each hit and wears (:mod:`.lookups.combat`).

Weapons ("Waffenlos", "Dolchkampf"): unarmed, a hit wears no armor; unarmed against a weapon
(not a dagger), or with a dagger against a sword, axe or polearm, a successful attack only
brings the attacker into reach: the hit costs one more group die (for the dagger, a die of
matches or sequences; the lowest is taken), and without one there is no hit.

Legendary maneuvers among the attacking dice: Tria, Doppeltria, Tessera give the initiative
bonus at once (the opponent sits out the first throw of the next combat phase, kept on the
sheet); Doppeltria and Tessera disarm: a defender who blocks needs a group die left over to
draw a weapon (it is spent), else he stays disarmed and cannot counter. Pente and Exi act on a
hit: Pente knocks down (initiative bonus 2, damage ×2; a defender's Pente, in his counter, does
normal damage; where he can fall, "… falls" costs him half his dice, rounded down, in the next
combat phase, the fall damage by the height being the game master's), Exi deals triple damage
with six damage dice more (initiative bonus 3), in an attack or a counter alike. An Exi's
damage may be split among up to six opponents ("aufteilbar auf bis zu sechs Gegner"): once the
damage dice lie on the table, the hitter hands picked damage dice to other fighters of the
phase ("Hand damage to …"), each hit through their own armor, which wears as usual; the dice
not handed on hit the opponent attacked, who keeps at least one; every opponent hit sits out
three throws of the next combat phase.

Every fighter's dice are thrown in their own name, so that a player on physical dice is asked
for their own dice only (:mod:`shadowdice.core.pending`): a throw together asks every such
player in turn, and the step goes on once all faces are typed in.

High mastery: a fighter with a combat skill above 20 may, once per point above 20, swap one of
their dice on the table with an opponent's while the dice are thrown.

Readings of what the text leaves open are listed in the rules notes of the system's docs and
pinned by tests: the damage dice (one die of the combat die, plus one per die in matches of the
group and per unused sequence die), rescue dice (successes outside the group, not voided to
offset a 1), blocks at face value (only attacks are raised by matches), one exchange per
combat phase, the first armor on the sheet is the one worn.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any

from shadowdice.core import language
from shadowdice.core.dice import DiceSource
from shadowdice.core.die import Mark
from shadowdice.core.language import Text, translations
from shadowdice.core.record import RollRecord
from shadowdice.core.session import (
    Action,
    Charge,
    DicePick,
    Outcome,
    RollSession,
    SessionError,
    Tone,
)
from shadowdice.systems.heldenhandbuch.best_group import (
    DieFace,
    Group,
    best_group,
    keep_choice,
)
from shadowdice.systems.heldenhandbuch.combat_rules import (
    Defence,
    Maneuver,
    attack_values,
    charge_consequences,
    damage_dice,
    damage_to,
    foreseen_costs,
    maneuver,
    plan_defence,
    take_saved_dice,
)
from shadowdice.systems.heldenhandbuch.evaluation import Evaluation, evaluate
from shadowdice.systems.heldenhandbuch.fumbles import FUMBLE, ones_to_offset
from shadowdice.systems.heldenhandbuch.injuries import (
    INJURY,
    Injury,
    inflict,
    injuries_of,
    injury_actions,
    injury_question,
)
from shadowdice.systems.heldenhandbuch.lookups.combat import DamageResult, hit_headline
from shadowdice.systems.heldenhandbuch.roll_session import SYSTEM_ID, Tested, face_mark
from shadowdice.systems.heldenhandbuch.scoring import is_success
from shadowdice.systems.heldenhandbuch.sheet import COMBAT_CARRY_MAX, HeldenSheet

_, _n = translations(__name__)

AGAIN = "again"
INITIATIVE = "initiative"
SWAP = "swap"
ATTACK = "attack"
BLOCK = "block"
LET_THROUGH = "let_through"
COUNTER = "counter"
NO_COUNTER = "no_counter"
DAMAGE = "damage"
FLEE = "flee"
FALL = "fall"
SPLIT = "split"
DEAL = "deal"
#: An Exi's damage is split among at most this many opponents.
EXI_OPPONENTS = 6
#: Kinds of weapon: a sword, axe, polearm or other weapon; a dagger; none.
WEAPON, DAGGER, UNARMED = "weapon", "dagger", "unarmed"


#: The marks of a die not scored yet, by its face's mark and whether it is kept.
_UNSCORED = {
    (mark, kept): frozenset({mark, Mark.KEPT} if kept else {mark})
    for mark in Mark
    for kept in (False, True)
}
_VOIDED = frozenset({Mark.VOIDED})


class Phase(StrEnum):
    """Where the combat phase stands."""

    THROWING = "throwing"
    ATTACK = "attack"
    DEFENCE = "defence"
    COUNTER = "counter"
    HIT = "hit"
    SPLIT = "split"
    INJURY = "injury"
    OVER = "over"


@dataclass
class Fighter:
    """One fighter of a combat phase.

    Attributes:
        name: the fighter's name (their dice lie in a group of that name).
        sheet: their character, charged through the session.
        tested: the combat skill and its dice.
        sits_out: throws still to sit out (an opponent's initiative bonus).
        started: whether the fighter has thrown.
        kept, live: the dice kept, and those of the last throw still to keep or throw again.
        evaluation: the cascade roll's evaluation once everyone stopped.
        group_words: its group in words, made with the evaluation (a text: it is shown in
            the language of the outcome it is part of).
        group: the group's dice; rescue: the successes outside it.
        spent: dice used for attacks, blocks or drawing a weapon.
        attacked_with: dice used for attacks.
        rescue_used: rescue dice used (each a die less next combat phase).
        swaps: high mastery swaps left.
        disarmed: lost the weapon to a Doppeltria or Tessera.
        said: texts about the fighter as last made (see :meth:`words`).
    """

    name: str
    sheet: HeldenSheet
    tested: Tested
    sits_out: int = 0
    started: bool = False
    kept: list[int] = field(default_factory=list)
    live: list[int] = field(default_factory=list)
    evaluation: Evaluation | None = None
    group_words: Text | None = field(default=None, compare=False)
    group: tuple[int, ...] = ()
    rescue: tuple[int, ...] = ()
    spent: set[int] = field(default_factory=set)
    attacked_with: set[int] = field(default_factory=set)
    rescue_used: int = 0
    swaps: int = 0
    disarmed: bool = False
    said: dict[str, tuple[tuple[str, object], Text]] = field(
        default_factory=dict, repr=False, compare=False
    )

    @property
    def throwing(self) -> bool:
        """Whether the fighter still throws (not started yet, or dice left to throw)."""
        return not self.started or bool(self.live)

    def free_group(self) -> list[int]:
        """Group dice not used yet."""
        return [die_id for die_id in self.group if die_id not in self.spent]

    def free_rescue(self) -> list[int]:
        """Rescue dice not used yet."""
        return [die_id for die_id in self.rescue if die_id not in self.spent]

    def words(self, what: str, says: Any, make: Callable[[str, Any], Text]) -> Text:
        """The text ``what`` about the fighter, as ``make`` makes it of their name and of
        ``says`` (all it tells besides the name): made again only when ``says`` or the
        language shown changed since it was last made.
        """
        key = (language.current(), says)
        made = self.said.get(what)
        if made is None or made[0] != key:
            made = self.said[what] = (key, make(self.name, says))
        return made[1]


@dataclass(frozen=True, slots=True)
class Stopped:
    """A fighter who stopped throwing: their group in words, and their rescue dice left."""

    group_words: Text
    rescue: int


@dataclass(frozen=True, slots=True)
class SittingOut:
    """A fighter who sits out this throw."""


@dataclass(frozen=True, slots=True)
class Throwing:
    """A fighter still throwing, with the group on the table (None before there is one)."""

    group: Group | None


Standing = Stopped | SittingOut | Throwing


def _standing_words(name: str, standing: Standing) -> Text:
    """A fighter's standing in words."""
    if isinstance(standing, Stopped):
        dice = _n("{n} rescue die", "{n} rescue dice", standing.rescue)
        return _("{name}: {text}, {dice}", name=name, text=standing.group_words, dice=dice)
    if isinstance(standing, SittingOut):
        return _("{name} sits out this throw", name=name)
    group = standing.group
    text = (
        _("group {value} ({group})", value=group.value, group=group) if group else _("no group yet")
    )
    return _("{name}: {text} on the table", name=name, text=text)


def _sitting_out(name: str, _says: None) -> Text:
    """Why a fighter cannot take the initiative: they sit out the throw."""
    return _("{name} sits out this throw (initiative bonus)", name=name)


class CombatSession(RollSession):
    """A combat phase in progress.

    Attributes:
        fighters: the fighters, in the order chosen.
        phase: where the phase stands.
        attacker, defender: indexes of the fighters in the current exchange (None before).
        attacks: the current attack maneuvers, (die id, attack result).
        maneuver: the legendary maneuver of the current attack.
        holder: the fighter who took the initiative.
        hit: the damage of the hit on the opponent attacked, once thrown.
        damage_ids: the damage dice thrown, by id; handed: those an Exi hands to other
            opponents, {die id: fighter index}; split_hits: their damage, {fighter index:
            damage}.
        fled: the attacker fled instead of hitting.
        fell: the defender knocked down by a Pente fell (half his dice lost next phase).
        bonus: initiative bonus earned against each fighter (throws to sit out next phase).
        swapped: faces after high mastery swaps, {die id: face}.
        notes: what happened, in words, in order.
    """

    def __init__(
        self,
        fighters: Sequence[tuple[str, HeldenSheet, Tested]],
        *,
        source: DiceSource,
        parameters: Mapping[str, Any] | None = None,
        clock: Callable[[], datetime] | None = None,
        weapons: Sequence[str] = (),
    ) -> None:
        """``weapons``: each fighter's kind of weapon, :data:`WEAPON` (the default),
        :data:`DAGGER` or :data:`UNARMED`.
        """
        if len(fighters) < 2:
            raise ValueError(_("a combat needs at least two fighters"))
        super().__init__(
            system_id=SYSTEM_ID,
            character=", ".join(name for name, _sheet, _tested in fighters),
            check=_("Combat"),
            source=source,
            parameters=parameters,
            clock=clock,
        )
        self.fighters = [
            Fighter(
                name,
                sheet,
                tested,
                sits_out=sheet.combat_throws_skipped,
                swaps=tested.shadow_rolls,
            )
            for name, sheet, tested in fighters
        ]
        self.weapons = [
            weapons[index] if index < len(weapons) else WEAPON for index in range(len(fighters))
        ]
        self.reach_die: int | None = None
        self.countering = False
        self.phase = Phase.THROWING
        self.throw_number = 0
        self.attacker: int | None = None
        self.defender: int | None = None
        self.holder: int | None = None
        self.attacks: list[DieFace] = []
        self.maneuver = Maneuver.NONE
        self.hit: DamageResult | None = None
        self.damage_ids: tuple[int, ...] = ()
        self.handed: dict[int, int] = {}
        self.split_hits: dict[int, DamageResult] = {}
        self.fled = False
        self.fell = False
        #: Injuries of the hit still to be placed on the targets' life circles, in order.
        self.injuries: list[Injury] = []
        self.bonus = [0] * len(self.fighters)
        self.swapped: dict[int, int] = {}
        self.notes: list[str] = []
        self.settled = False
        #: Where the phase was ended before its last step, in words (see :meth:`stops_early`).
        self.stopped: str | None = None
        # The actions as last worked out, and the language they are shown in; the suggested
        # defence (the defence actions and the outcome both read it): until the next change.
        self._cached: tuple[str, list[Action]] | None = None
        self._defence: tuple[Defence | None] | None = None
        self._outcome: tuple[str, Outcome] | None = None
        self._groups: dict[str, Group | None] = {}
        for index, fighter in enumerate(self.fighters):
            self._take_from_sheet(index, fighter)
        self._throw_together(())
        self._evaluate()

    # --- the dice -----------------------------------------------------------------------------

    def face(self, die_id: int) -> int:
        """A die's face as it counts (after a high mastery swap)."""
        face = self.swapped.get(die_id)
        return self._dice[die_id].faces[0] if face is None else face

    def faces(self, ids: Iterable[int]) -> list[DieFace]:
        """(id, face) of these dice."""
        dice, swapped = self._dice, self.swapped
        return [(die_id, swapped.get(die_id, dice[die_id].faces[0])) for die_id in ids]

    def owner(self, die_id: int) -> int:
        """The index of the fighter a die belongs to."""
        group = self.die(die_id).group
        return next(i for i, f in enumerate(self.fighters) if group.startswith(f.name))

    def _take_from_sheet(self, index: int, fighter: Fighter) -> None:
        """The dice lost to rescue dice and the throws to sit out are used up now; dice saved
        by aiming lie on the table as they were, kept (the first throw throws the rest).
        """
        sheet = fighter.sheet
        step = fighter.tested.step
        saved, cleared = take_saved_dice(sheet, step.count)
        if cleared:
            self.charges.append(Charge("combat_dice_saved", cleared, index))
        if saved:
            label = _("{name}: dice saved from the last combat phase", name=fighter.name)
            dice = self._place(label, saved, sides=step.sides, group=fighter.name)
            fighter.kept = [die.id for die in dice]
        for resource, amount in (
            ("combat_dice_lost", sheet.combat_dice_lost),
            ("combat_throws_skipped", sheet.combat_throws_skipped),
        ):
            if amount:
                setattr(sheet, resource, 0)
                self.charges.append(Charge(resource, amount, index))

    def _throw_together(self, picked: Sequence[int]) -> None:
        """Everyone still throwing keeps their picked dice and throws the rest at once."""
        self.throw_number += 1
        for fighter in self.fighters:
            if not fighter.throwing:
                continue
            if fighter.sits_out:
                fighter.sits_out -= 1
                continue
            label = _(
                "{name}: throw {throw_number}", name=fighter.name, throw_number=self.throw_number
            )
            sides = fighter.tested.step.sides
            if not fighter.started:
                fighter.started = True
                count = fighter.tested.step.count - len(fighter.kept)  # saved dice lie there
                if not count:
                    continue
                dice = self._throw(
                    label, count, sides=sides, group=fighter.name, roller=fighter.name
                )
            else:
                keep = [die_id for die_id in fighter.live if die_id in picked]
                again = [die_id for die_id in fighter.live if die_id not in picked]
                fighter.kept += keep
                fighter.live = []
                if not again:
                    continue
                dice = self._throw(
                    label,
                    len(again),
                    sides=sides,
                    group=fighter.name,
                    replace=again,
                    roller=fighter.name,
                )
            ones = [die.id for die in dice if die.face == FUMBLE]
            fighter.kept += ones
            fighter.live = [die.id for die in dice if die.id not in ones]

    def _stop_everyone(self) -> None:
        """All dice on the table count: each fighter's group and rescue dice form."""
        for fighter in self.fighters:
            fighter.kept += fighter.live
            fighter.live = []
            fighter.started = True
            tested = fighter.tested
            fighter.evaluation = evaluate(
                self.faces(fighter.kept),
                cap=tested.cap,
                value=tested.value,
                sides=tested.step.sides,
                cascade=True,
                sequences=tested.sequences,
            )
            group = fighter.evaluation.group
            fighter.group_words = (
                _("group {value} ({group})", value=group.value, group=group)
                if group
                else _("no group")
            )
            fighter.group = tuple(
                die_id for die_id in fighter.kept if die_id in fighter.evaluation.chosen
            )
            fighter.rescue = tuple(
                die_id
                for die_id in fighter.kept
                if die_id not in fighter.evaluation.chosen
                and die_id not in fighter.evaluation.voided
                and is_success(self.face(die_id))
            )

    # --- marks --------------------------------------------------------------------------------

    def _evaluate(self) -> None:
        """Mark every fighter's dice; a swapped die shows its face as it counts.

        A die is marked by its face and whether it is kept while the fighters throw; by the
        fighter's evaluation once everyone stopped, voided once spent. Only dice whose marks
        changed are marked again (most keep theirs from step to step).
        """
        self._cached = self._outcome = self._defence = None
        self._groups.clear()
        dice, swapped = self._dice, self.swapped
        for fighter in self.fighters:
            evaluation, kept, spent = fighter.evaluation, fighter.kept, fighter.spent
            for die_id in (*kept, *fighter.live):
                die = dice[die_id]
                score = swapped.get(die_id)
                face = die.face if score is None else score
                if evaluation is None:
                    marks = _UNSCORED[face_mark(face), die_id in kept]
                elif die_id in spent:
                    marks = _VOIDED
                else:
                    marks = evaluation.marks(die_id, face)
                if die.marks != marks or die.score != score:
                    self._set_marks(die_id, marks, score)
        if self.phase in (Phase.INJURY, Phase.OVER) and not self.settled:
            self._settle()

    # --- actions ------------------------------------------------------------------------------

    def _offered(self) -> Iterable[Action]:
        """The actions of the phase, worked out once per state and language (suggestions
        search groups).
        """
        shown_in = language.current()
        if self._cached is None or self._cached[0] != shown_in:
            self._cached = (shown_in, list(self._phase_actions()))
        return self._cached[1]

    def _phase_actions(self) -> Iterable[Action]:
        if self.phase is Phase.THROWING:
            yield from self._throwing_actions()
        elif self.phase is Phase.ATTACK:
            yield from self._attack_actions()
        elif self.phase is Phase.DEFENCE:
            yield from self._defence_actions()
        elif self.phase is Phase.COUNTER:
            yield from self._counter_actions()
        elif self.phase is Phase.INJURY:
            injury = self.injuries[0]
            fighter = self.fighters[injury.who]
            yield from injury_actions(fighter.sheet, fighter.name, injury)
        elif self.phase is Phase.HIT:
            yield from self._hit_actions()
        elif self.phase is Phase.SPLIT:
            yield from self._split_actions()

    def _throwing_actions(self) -> Iterable[Action]:
        throwing = [f for f in self.fighters if f.throwing]
        live = tuple(die_id for f in self.fighters for die_id in f.live)
        if throwing:
            waiting = [f.name for f in throwing if not f.started]
            yield Action(
                AGAIN,
                _("Throw again together"),
                hint=_(
                    "Everyone keeps the picked dice and throws the rest at the same "
                    "time; keeping all one's dice stops throwing."
                ),
                pick=DicePick(
                    prompt=_("Pick the dice every fighter keeps; the others are thrown again."),
                    eligible=live,
                    minimum=0 if not live else 1,
                    suggested=tuple(die_id for f in throwing for die_id in self._keep_for(f)),
                    each=tuple((f.name, tuple(f.live)) for f in throwing if f.live),
                ),
                enabled=bool(live) or bool(waiting),
                reason=_("nobody has dice left to throw again"),
            )
        strongest = self.suggested_holder()
        for index, fighter in enumerate(self.fighters):
            has_dice = bool(fighter.kept or fighter.live)
            hint = (
                _(
                    "Content with the dice: everyone else must stop throwing, and you attack. "
                    "Suggested: the strongest group on the table."
                )
                if index == strongest
                else _("Content with the dice: everyone else must stop throwing, and you attack.")
            )
            yield Action(
                f"{INITIATIVE}:{index}",
                _("Take the initiative"),
                hint=hint,
                enabled=has_dice,
                reason=fighter.words("sits out", None, _sitting_out),
                member=fighter.name,
            )
        for index, fighter in enumerate(self.fighters):
            if not fighter.swaps:
                continue
            own = tuple(fighter.kept + fighter.live)
            theirs = tuple(
                die_id
                for other in self.fighters
                if other is not fighter
                for die_id in other.kept + other.live
            )
            yield Action(
                f"{SWAP}:{index}",
                _("Swap a die with an opponent"),
                cost=_("1 swap"),
                hint=_(
                    "High mastery: swap one of your dice with one of an opponent's ({swaps} left).",
                    swaps=fighter.swaps,
                ),
                enabled=bool(own and theirs),
                reason=_("no dice on the table to swap"),
                member=fighter.name,
                pick=DicePick(
                    prompt=_("Pick one of your dice and one of an opponent's."),
                    eligible=own + theirs,
                    minimum=2,
                    maximum=2,
                    each=((fighter.name, own), (_("an opponent"), theirs)),
                ),
            )

    def _keep_for(self, fighter: Fighter) -> list[int]:
        """The dice of the last throw the app suggests keeping (the best group)."""
        if not fighter.live:
            return []
        kept = self.faces(fighter.kept)
        ones = sum(1 for _id, face in kept if face == FUMBLE)
        return list(
            keep_choice(
                kept,
                self.faces(fighter.live),
                cap=fighter.tested.cap,
                offsets=ones_to_offset(ones, fighter.tested.value),
                cascade=True,
                sequences=fighter.tested.sequences,
            )
        )

    def suggested_holder(self) -> int:
        """The fighter whose dice on the table make the strongest group."""

        def strength(fighter: Fighter) -> tuple[int, int, int]:
            group = self._group_on_table(fighter)
            return group.strength if group else (0, 0, 0)

        return max(range(len(self.fighters)), key=lambda i: strength(self.fighters[i]))

    def _group_on_table(self, fighter: Fighter) -> Group | None:
        """The best group of a fighter's dice on the table, were they to stop now."""
        if fighter.name not in self._groups:
            dice = self.faces(fighter.kept + fighter.live)
            group, _voided = best_group(dice, fighter.tested.cap, fighter.tested.sequences)
            self._groups[fighter.name] = group
        return self._groups[fighter.name]

    def _attack_actions(self) -> Iterable[Action]:
        assert self.attacker is not None
        attacker = self.fighters[self.attacker]
        free = tuple(attacker.free_group())
        for index, fighter in enumerate(self.fighters):
            if index == self.attacker:
                continue
            yield Action(
                f"{ATTACK}:{index}",
                _("Attack {name}", name=fighter.name),
                hint=_(
                    "Every picked die is an attack maneuver; matches raise their "
                    "result by their number. Tip: matches first, sequences when the "
                    "opponent could block the matches."
                ),
                enabled=bool(free),
                reason=_("{name} has no group dice left", name=attacker.name),
                member=attacker.name,
                pick=DicePick(
                    prompt=_("Pick the dice to attack with."),
                    eligible=free,
                    suggested=self.suggested_attack(index),
                ),
            )

    def suggested_attack(self, target: int) -> tuple[int, ...]:
        """Matches first; the whole group when the target could block the matches with his
        group dice, or there are no matches.
        """
        assert self.attacker is not None
        attacker, defender = self.fighters[self.attacker], self.fighters[target]
        free = attacker.free_group()
        matched = attacker.evaluation.matched if attacker.evaluation else frozenset()
        matches = [die_id for die_id in free if die_id in matched]
        if not matches:
            return tuple(free)
        blocked = plan_defence(
            attack_values(self.faces(matches)), self.faces(defender.free_group())
        )
        return tuple(free) if blocked else tuple(matches)

    def _defence_actions(self) -> Iterable[Action]:
        defender = self.fighters[self._defender()]
        dice = (*defender.free_group(), *defender.free_rescue())
        plan = self.suggested_defence()
        attacks = ", ".join(str(value) for _id, value in self.attacks)
        yield Action(
            BLOCK,
            _("Block the attacks"),
            hint=_(
                "Block every attack ({attacks}): one die blocks attacks up to its "
                "face in sum, several dice added block one attack. Rescue dice "
                "(outside the group) cost a die in the next combat phase each.",
                attacks=attacks,
            ),
            enabled=plan is not None,
            reason=_(
                "{name}'s dice cannot block every attack ({attacks})",
                name=defender.name,
                attacks=attacks,
            ),
            member=defender.name,
            pick=DicePick(
                prompt=_("Pick the dice to block with; the app sets them against the attacks."),
                eligible=dice,
                suggested=plan.used if plan else (),
            ),
        )
        yield Action(
            LET_THROUGH,
            _("Let the attacks through"),
            hint=_("Do not block: the attacker hits.")
            if plan is not None
            else _(
                "The dice cannot block every attack ({attacks}): the attacker hits.",
                attacks=attacks,
            ),
            member=defender.name,
        )

    def suggested_defence(self) -> Defence | None:
        """The defence with the fewest rescue dice, then the fewest group dice; searched once
        per state.
        """
        if self._defence is None:
            defender = self.fighters[self._defender()]
            dice = self.faces(defender.free_group()), self.faces(defender.free_rescue())
            self._defence = (plan_defence(self.attacks, *dice),)
        return self._defence[0]

    def _counter_actions(self) -> Iterable[Action]:
        defender = self.fighters[self._defender()]
        attacker = self.fighters[self._attacker()]
        free = tuple(defender.free_group())
        yield Action(
            COUNTER,
            _("Counter-attack {name}", name=attacker.name),
            hint=_(
                "Blocked without rescue dice: attack with the group dice left; "
                "{name} must block with what is left.",
                name=attacker.name,
            ),
            member=defender.name,
            pick=DicePick(
                prompt=_("Pick the dice to counter with."), eligible=free, suggested=free
            ),
        )
        yield Action(
            NO_COUNTER,
            _("End the exchange"),
            hint=_("Do not counter: the combat phase ends without a hit."),
            member=defender.name,
        )

    def _hit_actions(self) -> Iterable[Action]:
        attacker = self.fighters[self._attacker()]
        count, sides = self.damage_dice()
        yield Action(
            DAMAGE,
            _("Throw damage ({count}W{sides})", count=count, sides=sides),
            hint=_(
                "One damage die, one more for every die in matches and every "
                "unused sequence die; thrown as a single roll, matches added."
            ),
            member=attacker.name,
        )
        yield Action(
            FLEE,
            _("Flee instead"),
            hint=_("Give up the hit and get out of reach of the melee fighters."),
            member=attacker.name,
        )
        if self._knocked_down() and not self.fell:
            defender = self.fighters[self._defender()]
            yield Action(
                FALL,
                _("{name} falls", name=defender.name),
                hint=_(
                    "Knocked down where he can fall: {name} loses half his dice "
                    "({fall_loss}) in the next combat phase; the fall damage depends "
                    "on the height.",
                    name=defender.name,
                    fall_loss=self._fall_loss(),
                ),
                member=defender.name,
            )

    def _split_actions(self) -> Iterable[Action]:
        attacker = self.fighters[self._attacker()]
        defender = self.fighters[self._defender()]
        kept = self._kept_by_defender()
        opponents = {self._defender(), *self.handed.values()}
        for index in self._others():
            fighter = self.fighters[index]
            room = index in opponents or len(opponents) < EXI_OPPONENTS
            yield Action(
                f"{SPLIT}:{index}",
                _("Hand damage to {name}", name=fighter.name),
                hint=_(
                    "An Exi's damage may be split among up to six opponents: the "
                    "picked damage dice hit {name} through his own armor.",
                    name=fighter.name,
                ),
                enabled=len(kept) > 1 and room,
                reason=_("{name} keeps at least one damage die", name=defender.name)
                if room
                else _("The damage already goes to six opponents."),
                member=attacker.name,
                pick=DicePick(
                    prompt=_("Pick the damage dice that hit {name}.", name=fighter.name),
                    eligible=kept,
                    maximum=len(kept) - 1,
                ),
            )
        yield Action(
            DEAL,
            _("Deal the damage"),
            hint=_(
                "The damage dice not handed on hit {name}; every opponent hit sits "
                "out three throws of the next combat phase.",
                name=defender.name,
            ),
            member=attacker.name,
        )

    def _others(self) -> list[int]:
        """Fighters other than the two of the exchange."""
        return [i for i in range(len(self.fighters)) if i not in (self.attacker, self.defender)]

    def _kept_by_defender(self) -> tuple[int, ...]:
        """Damage dice not handed to another opponent."""
        return tuple(die_id for die_id in self.damage_ids if die_id not in self.handed)

    def _knocked_down(self) -> bool:
        return self.maneuver is Maneuver.PENTE and self.phase is Phase.HIT

    def _fall_loss(self) -> int:
        """Dice a fall costs in the next combat phase: half the fallen one's, rounded down."""
        return self.fighters[self._defender()].tested.step.count // 2

    def damage_dice(self) -> tuple[int, int]:
        """The damage dice of the current hit: (count, sides)."""
        attacker = self.fighters[self._attacker()]
        evaluation = attacker.evaluation
        assert evaluation is not None
        unused = [
            die_id
            for die_id in attacker.group
            if die_id in evaluation.sequence
            and die_id not in evaluation.matched
            and die_id not in attacker.spent
        ]
        matched = len(evaluation.matched - {self.reach_die})
        extra = self.maneuver.extra_damage_dice
        return damage_dice(matched, len(unused), extra), attacker.tested.step.sides

    # --- carrying out -------------------------------------------------------------------------

    def _apply(self, action: Action, picked: tuple[int, ...]) -> None:
        kind, _colon, who = action.id.partition(":")
        if kind == AGAIN:
            self._throw_together(picked)
        elif kind == INITIATIVE:
            self.holder = self.attacker = int(who)
            self.notes.append(_("{name} takes the initiative", name=self.fighters[int(who)].name))
            self._stop_everyone()
            self.phase = Phase.ATTACK
            holder = self.fighters[int(who)]
            if not holder.free_group():  # nothing to attack with: no attack, no dead end
                self.notes.append(_("{name} has no group to attack with", name=holder.name))
                self.phase = Phase.OVER
        elif kind == SWAP:
            self._swap(int(who), picked)
        elif kind == ATTACK:
            self.defender = int(who)
            self._attack(picked)
        elif kind == BLOCK:
            self._block(picked)
        elif kind == LET_THROUGH:
            self.notes.append(
                _("{name} lets the attacks through", name=self.fighters[self._defender()].name)
            )
            self._hit()
        elif kind == COUNTER:
            self.attacker, self.defender = self.defender, self.attacker
            self.countering = True
            self._attack(picked)
        elif kind == NO_COUNTER:
            self.phase = Phase.OVER
        elif kind == DAMAGE:
            self._throw_damage()
        elif kind == FLEE:
            self.fled = True
            self.notes.append(
                _("{name} flees instead of hitting", name=self.fighters[self._attacker()].name)
            )
            self.phase = Phase.OVER
        elif kind == SPLIT:
            self._hand_damage(int(who), picked)
        elif kind == DEAL:
            self._deal_damage()
        elif kind == INJURY:
            injury = self.injuries.pop(0)
            fighter = self.fighters[injury.who]
            self.notes.append(inflict(fighter.sheet, fighter.name, int(who), injury.severity))
            self._tell(self.notes[-1])
            self.charges.append(Charge("life_circles", 1, injury.who))
            if not self.injuries:
                self.phase = Phase.OVER
        elif kind == FALL:
            self.fell = True
            name = self.fighters[self._defender()].name
            self.notes.append(
                _(
                    "{name} falls: {fall_loss} dice lost next combat phase, fall "
                    "damage by the height",
                    name=name,
                    fall_loss=self._fall_loss(),
                )
            )

    def _swap(self, index: int, picked: tuple[int, ...]) -> None:
        fighter = self.fighters[index]
        own = [die_id for die_id in picked if self.owner(die_id) == index]
        theirs = [die_id for die_id in picked if self.owner(die_id) != index]
        if len(own) != 1 or len(theirs) != 1:
            raise SessionError(_("Pick one of your dice and one of an opponent's."))
        mine, other = own[0], theirs[0]
        if FUMBLE in (self.face(mine), self.face(other)):
            raise SessionError(_("A 1 stays where it fell; it cannot be swapped."))
        self.swapped[mine], self.swapped[other] = self.face(other), self.face(mine)
        fighter.swaps -= 1
        owner = self.fighters[self.owner(other)].name
        self.notes.append(
            _(
                "{name} swaps a {value} for {owner}'s {value2}",
                name=fighter.name,
                value=self.swapped[other],
                owner=owner,
                value2=self.swapped[mine],
            )
        )

    def _attack(self, picked: tuple[int, ...]) -> None:
        attacker = self.fighters[self._attacker()]
        defender = self.fighters[self._defender()]
        attacker.spent |= set(picked)
        attacker.attacked_with |= set(picked)
        self.attacks = attack_values(self.faces(picked))
        self.maneuver = maneuver(self.faces(picked), attacker.tested.cap)
        values = ", ".join(str(value) for _id, value in self.attacks)
        self.notes.append(
            _(
                "{name} attacks {name2}: {values}",
                name=attacker.name,
                name2=defender.name,
                values=values,
            )
        )
        if self.maneuver is not Maneuver.NONE:
            self.notes.append(_("legendary maneuver: {value}", value=self.maneuver.value))
            if self.maneuver.initiative_bonus and self.maneuver.damage_factor == 1:
                self._earn_bonus(self._defender(), self.maneuver.initiative_bonus)
            if self.maneuver.disarms:
                defender.disarmed = True
                self.notes.append(_("{name} is disarmed", name=defender.name))
        self.phase = Phase.DEFENCE

    def _earn_bonus(self, against: int, bonus: int) -> None:
        self.bonus[against] = max(self.bonus[against], bonus)

    def _block(self, picked: tuple[int, ...]) -> None:
        """Block with the picked dice, as the suggested defence does when they are its dice
        (the best defence of all the defender's dice is the best of its own dice too).
        """
        defender = self.fighters[self._defender()]
        plan = self.suggested_defence()
        if plan is None or tuple(sorted(picked)) != plan.used:
            group = [die_id for die_id in picked if die_id in defender.group]
            rescue = [die_id for die_id in picked if die_id not in defender.group]
            plan = plan_defence(self.attacks, self.faces(group), self.faces(rescue))
        if plan is None:
            raise SessionError(
                _("These dice cannot block every attack: pick more, or let the attacks through.")
            )
        defender.spent |= set(plan.used)
        defender.rescue_used += len(plan.rescue)
        if plan.rescue:
            self.notes.append(
                _n(
                    "{name} blocks with {n} rescue die",
                    "{name} blocks with {n} rescue dice",
                    len(plan.rescue),
                    name=defender.name,
                )
            )
        else:
            self.notes.append(_("{name} blocks", name=defender.name))
        if defender.disarmed:
            spare = sorted(defender.free_group(), key=self.face)
            if spare:
                defender.spent.add(spare[0])
                defender.disarmed = False
                self.notes.append(_("{name} draws a weapon with a spare die", name=defender.name))
            else:
                self.notes.append(_("{name} stays disarmed: no spare die", name=defender.name))
        if not plan.rescue and defender.free_group() and not defender.disarmed:
            self.phase = Phase.COUNTER
        else:
            self.phase = Phase.OVER

    def _hit(self) -> None:
        if not self._into_reach():
            self.phase = Phase.OVER
            return
        if self.maneuver.damage_factor > 1:
            self._earn_bonus(self._defender(), self.maneuver.initiative_bonus)
            if self.maneuver is Maneuver.PENTE:
                self.notes.append(
                    _("{name} is knocked down", name=self.fighters[self._defender()].name)
                )
        self.phase = Phase.HIT

    def _into_reach(self) -> bool:
        """Unarmed against a weapon (not a dagger), or a dagger against a sword, axe or
        polearm, a successful attack only brings the attacker into reach: the hit costs a
        die of the group (for a dagger, a die of matches or sequences). Whether one was left.
        """
        attacker = self.fighters[self._attacker()]
        mine, theirs = self.weapons[self._attacker()], self.weapons[self._defender()]
        if mine == UNARMED and theirs != UNARMED and theirs != DAGGER:
            candidates = attacker.free_group()
        elif mine == DAGGER and theirs == WEAPON:
            evaluation = attacker.evaluation
            assert evaluation is not None
            pattern = evaluation.matched | evaluation.sequence
            candidates = [die_id for die_id in attacker.free_group() if die_id in pattern]
        else:
            return True
        if not candidates:
            self.notes.append(
                _("{name} gets into reach, but has no die left to hit", name=attacker.name)
            )
            return False
        self.reach_die = min(candidates, key=self.face)
        attacker.spent.add(self.reach_die)
        self.notes.append(
            _("{name} voids a {face} to hit", name=attacker.name, face=self.face(self.reach_die))
        )
        return True

    def _throw_damage(self) -> None:
        attacker = self.fighters[self._attacker()]
        count, sides = self.damage_dice()
        dice = self._throw(
            _("{name}: damage", name=attacker.name),
            count,
            sides=sides,
            group=str(_("{name} · damage", name=attacker.name)),
            roller=attacker.name,
        )
        self.damage_ids = tuple(die.id for die in dice)
        if self.maneuver is Maneuver.EXI and self._others():
            self.phase = Phase.SPLIT
            self.notes.append(_("{name} may split the Exi's damage", name=attacker.name))
            return
        self._deal_damage()

    def _hand_damage(self, index: int, picked: tuple[int, ...]) -> None:
        """An Exi's damage dice handed to another opponent (the action's pick keeps one for
        the opponent attacked; it is offered while fewer than six opponents are hit).
        """
        for die_id in picked:
            self.handed[die_id] = index
        attacker, target = self.fighters[self._attacker()].name, self.fighters[index].name
        faces = ", ".join(str(self.face(die_id)) for die_id in picked)
        if len(picked) == 1:
            self.notes.append(
                _(
                    "{attacker} hands the damage die {faces} to {target}",
                    attacker=attacker,
                    faces=faces,
                    target=target,
                )
            )
        else:
            self.notes.append(
                _(
                    "{attacker} hands the damage dice {faces} to {target}",
                    attacker=attacker,
                    faces=faces,
                    target=target,
                )
            )

    def _deal_damage(self) -> None:
        """Every damage die hits its opponent through his armor, multiplied by the maneuver."""
        factor = self.maneuver.damage_factor
        if self.maneuver is Maneuver.PENTE and self.countering:
            factor = 1  # "bei Verteidigung normaler Schaden"
        unarmed = self.weapons[self._attacker()] == UNARMED  # no wear on the armor
        targets: dict[int, list[int]] = {self._defender(): list(self._kept_by_defender())}
        for die_id, index in self.handed.items():
            targets.setdefault(index, []).append(die_id)
        for index, ids in targets.items():
            faces = tuple(self.face(die_id) * factor for die_id in ids)
            result, wear = damage_to(self.fighters[index].sheet, faces, wears=not unarmed)
            if wear:
                self.charges.append(Charge("armor_quality", wear, index))
            if index == self._defender():
                self.hit = result
            else:
                self.split_hits[index] = result
                self._earn_bonus(index, self.maneuver.initiative_bonus)
            if self.fighters[index].sheet.life_circles:
                self.injuries += injuries_of(index, result)
        for die_id in self.damage_ids:
            self._mark(die_id, Mark.HIT)
        self.phase = Phase.INJURY if self.injuries else Phase.OVER

    def _attacker(self) -> int:
        assert self.attacker is not None
        return self.attacker

    def _defender(self) -> int:
        assert self.defender is not None
        return self.defender

    # --- settling -----------------------------------------------------------------------------

    def _settle(self) -> None:
        """Rescue dice and initiative bonus go to the sheets for the next phase; 1s not offset
        cost Psyche, three 1s (a legendary failure) cost respect as in any check.
        """
        self.settled = True
        for index, fighter in enumerate(self.fighters):
            sheet = fighter.sheet
            lost = fighter.rescue_used
            if self.fell and index == self.defender:
                lost += self._fall_loss()
            if lost:
                lost = min(lost, COMBAT_CARRY_MAX - sheet.combat_dice_lost)
                sheet.combat_dice_lost += lost
                self.charges.append(Charge("combat_dice_lost", -lost, index))
            if self.bonus[index]:
                sheet.combat_throws_skipped += self.bonus[index]
                self.charges.append(Charge("combat_throws_skipped", -self.bonus[index], index))
            if fighter.evaluation is not None:
                charges, notes = charge_consequences(sheet, fighter.name, fighter.evaluation, index)
                self.charges += charges
                self.notes += notes

    def stops_early(self) -> str | None:
        """The step the phase stands before, when ending it now leaves it undone: the
        initiative, the attack, the block, the damage throw, dealing the damage. A counter
        offered is not awaited: ending there ends the exchange without one.
        """
        if self.finished or self.phase in (Phase.OVER, Phase.COUNTER):
            return None
        if self.phase is Phase.THROWING:
            return _("Stopped while the fighters throw, before the initiative")
        if self.phase is Phase.ATTACK:
            name = self.fighters[self._attacker()].name
            return _("Stopped before {name}'s attack", name=name)
        if self.phase is Phase.DEFENCE:
            name = self.fighters[self._defender()].name
            return _("Stopped after the attack, before {name}'s block", name=name)
        if self.phase is Phase.HIT:
            return _("Stopped after the hit, before the damage throw")
        if self.phase is Phase.INJURY:
            name = self.fighters[self.injuries[0].who].name
            return _n(
                "Stopped after the damage, before {name} placed the injury",
                "Stopped after the damage, before {name} placed the {n} injuries",
                len(self.injuries),
                name=name,
            )
        return _("Stopped after the damage throw, before the damage was dealt")

    def finish(self) -> RollRecord:
        """End the phase as it stands: an exchange not carried through ends without a hit,
        and the record says where it stopped (:meth:`stops_early`).
        """
        if not self.finished and self.phase is Phase.INJURY:  # the damage stands as dealt
            self.notes.append(self.stops_early() or "")
            self.phase = Phase.OVER
            self._outcome = None
        elif not self.finished and not self.settled:
            self.stopped = self.stops_early()
            if self.phase is Phase.THROWING:
                self._stop_everyone()
            self.phase = Phase.OVER
            self._evaluate()
        return super().finish()

    # --- the outcome --------------------------------------------------------------------------

    def outcome(self) -> Outcome:
        """Where the phase stands, in words and values: worked out once per state (as the
        actions are) and language, as every action reads it before and after.
        """
        shown_in = language.current()
        if self._outcome is None or self._outcome[0] != shown_in:
            self._outcome = (shown_in, self._work_out_outcome())
        return self._outcome[1]

    def _work_out_outcome(self) -> Outcome:
        headline, tone = self._headline()
        damage = [self.hit.sentence] if self.hit is not None else []
        damage += [
            f"{self.fighters[index].name}: {hit.sentence}" for index, hit in self.split_hits.items()
        ]
        return Outcome(
            headline=headline,
            tone=tone,
            detail=Text.join(" · ", [*damage, *self._standing(), *self.notes]),
            values=self._values(),
        )

    def _headline(self) -> tuple[str, Tone]:
        names = [fighter.name for fighter in self.fighters]
        if self.phase is Phase.THROWING:
            return _(
                "Throw {throw_number}: everyone looks", throw_number=self.throw_number
            ), Tone.NEUTRAL
        if self.phase is Phase.ATTACK:
            return _("{value} attacks", value=names[self._attacker()]), Tone.NEUTRAL
        if self.phase is Phase.DEFENCE:
            return _n(
                "{value} must block {n} attack",
                "{value} must block {n} attacks",
                len(self.attacks),
                value=names[self._defender()],
            ), Tone.NEUTRAL
        if self.phase is Phase.COUNTER:
            return _("{value} blocks and may counter", value=names[self._defender()]), Tone.NEUTRAL
        if self.phase is Phase.HIT:
            return _(
                "{value} hits {value2}",
                value=names[self._attacker()],
                value2=names[self._defender()],
            ), Tone.SUCCESS
        if self.phase is Phase.SPLIT:
            return _("{value} splits the Exi's damage", value=names[self._attacker()]), Tone.SUCCESS
        if self.stopped is not None:
            return self.stopped, Tone.NEUTRAL
        if self.hit is not None:
            return hit_headline(names[self._defender()], self.hit), Tone.CRITICAL
        if self.fled:
            return _("{value} flees", value=names[self._attacker()]), Tone.NEUTRAL
        if self.defender is None:
            return _("No attack"), Tone.NEUTRAL
        return _("Every attack blocked"), Tone.NEUTRAL

    def participants(self) -> tuple[str, ...]:
        """The fighters' names."""
        return tuple(fighter.name for fighter in self.fighters)

    def standings(self) -> tuple[str, ...]:
        """Each fighter's group and rescue dice left, or that they sit out or still throw."""
        return tuple(
            fighter.words("standing", self._standing_of(fighter), _standing_words)
            for fighter in self.fighters
        )

    def _standing(self) -> list[str]:
        """Every fighter's standing, each worded again only when what it tells changed."""
        words = [
            fighter.words("standing", self._standing_of(fighter), _standing_words)
            for fighter in self.fighters
        ]
        if self.phase is Phase.DEFENCE and self.suggested_defence() is None:
            defender = self.fighters[self._defender()].name
            words.append(_("{defender}'s dice cannot block every attack", defender=defender))
        if self.phase is Phase.INJURY:
            injury = self.injuries[0]
            words.append(injury_question(self.fighters[injury.who].name, injury))
        if not self.settled:
            words += self._costs_foreseen()
        return words

    def _costs_foreseen(self) -> list[Text]:
        """What each fighter's 1s will cost when the phase ends, as soon as it is certain:
        said under the throw that laid them, not only once the phase is over.
        """
        said = []
        for fighter in self.fighters:
            faces = self.faces([*fighter.kept, *fighter.live])
            ones = sum(1 for _id, face in faces if face == FUMBLE)
            costs = foreseen_costs(
                fighter.sheet, fighter.name, ones, fighter.tested.step.sides, fighter.evaluation
            )
            if costs is not None:
                said.append(costs)
        return said

    def _standing_of(self, fighter: Fighter) -> Standing:
        """Where a fighter stands: stopped with their group and rescue dice left, sitting
        out, or throwing with a group on the table.
        """
        if fighter.evaluation is not None:
            return Stopped(fighter.group_words, len(fighter.free_rescue()))
        if not fighter.started:
            return SittingOut()
        return Throwing(self._group_on_table(fighter))

    def _values(self) -> dict[str, int | str | bool | None]:
        values: dict[str, int | str | bool | None] = {
            "phase": self.phase.value,
            "initiative": self.fighters[self.holder].name if self.holder is not None else "",
            "attacker": self.fighters[self.attacker].name if self.attacker is not None else "",
            "defender": self.fighters[self.defender].name if self.defender is not None else "",
            "attacks": ", ".join(str(value) for _id, value in self.attacks),
            "maneuver": self.maneuver.value,
            "hit": self.hit is not None or self.phase in (Phase.HIT, Phase.SPLIT),
            "fled": self.fled,
            "fell": self.fell,
            "stopped": self.stopped or "",
            "damage": self.hit.sentence if self.hit else "",
            "severity": self.hit.hits[0].severity.value if self.hit else "",
        }
        for fighter in self.fighters:
            values[f"rescue_dice_used:{fighter.name}"] = fighter.rescue_used
        for index, hit in self.split_hits.items():
            values[f"damage:{self.fighters[index].name}"] = hit.sentence
        return values
