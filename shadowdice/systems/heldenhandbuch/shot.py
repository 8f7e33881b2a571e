"""A ranged shot in a combat phase as one roll session (rule text 003, "Fernkampf": 1. Ziel
wählen und würfeln, 2. Schießen oder zielen, 3. Der Schuss, 4. Treffer, Gezielter Schuss,
Legendärer Schuss, Fernkampfangriffen entgehen).

The shooter throws their combat dice (the first throw of their cascade roll). Then:

- **Shoot now**: right after the first throw the shot comes before every melee fighter acts.
  The shooter's result is their best group, matches and sequences added; a moving shooter
  first strikes 1 (slow) or 2 (fast) dice of the group, sequence dice before matches, the
  lowest first. The game master throws the target's dice for the minimum (its size and
  movement), 1 per 10 metres is added (:mod:`.lookups.ranged`). A target that notices the
  shot at the last moment makes a Reaction check (single roll) that must reach 11; with it,
  or knowing of the shot, the target's evasion check (single roll: Acrobatics, Hiding,
  Cross-country running or Basic martial arts) raises the minimum.
- **Aim instead**: the shooter throws on (their cascade roll goes on) and may not shoot in
  this combat phase. Once the cascade roll ends, "Save dice for the next combat phase" keeps
  the picked dice's faces on the sheet ("aufsparen, also zur Wertung liegen lassen"); the next
  combat phase, a shot or a melee, lays them on the table as they were (marked carried over,
  not thrown) and throws only the rest of the combat dice. That empties the sheet's list.

Fumbles count as in any check: a 1 stays on the table (it is never thrown again while
aiming) and voids a success, the lowest outside the group first; when the cascade roll ends
(the shot, or the end of aiming), every 1 not offset costs the shooter a Psyche point and
three 1s cost respect. The target's reaction and evasion checks pay for their 1s the same way.

A hit throws the damage as a single roll: one die of the shooter's combat die, one more for
every die in matches (the aimed shot's extra dice), through the target's first armor; the
target voids one combat die, which the sheet carries into the next combat phase. A
legendary shot, 4 matches of 11+, adds 4 damage dice and doubles the damage; 5 such matches
kill a normal target. Neither the shooter's movement nor the target's armor counts then.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from datetime import datetime
from typing import Any

from shadowdice.core.dice import DiceSource
from shadowdice.core.die import Mark
from shadowdice.core.language import translations
from shadowdice.core.record import RollRecord
from shadowdice.core.session import Action, Charge, DicePick, Outcome, RollSession, Tone
from shadowdice.systems.heldenhandbuch.best_group import Group, keep_choice
from shadowdice.systems.heldenhandbuch.combat_rules import (
    charge_consequences,
    damage_to,
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
from shadowdice.systems.heldenhandbuch.legendary import LEGENDARY_FROM
from shadowdice.systems.heldenhandbuch.lookups.combat import DamageResult, hit_headline
from shadowdice.systems.heldenhandbuch.lookups.ranged import (
    TARGET_SIZES,
    ShotResult,
    TargetMovement,
    TargetSize,
    ranged_shot,
)
from shadowdice.systems.heldenhandbuch.roll_session import SYSTEM_ID, Tested, face_mark
from shadowdice.systems.heldenhandbuch.social import Entrant

_, _n = translations(__name__)

#: What the target knows of the shot.
UNAWARE, NOTICES, KNOWS = "unaware", "notices", "knows"
#: A Reaction check must reach this to evade a shot noticed at the last moment.
REACTION_NEEDED = 11
#: Dice struck from a moving shooter's group.
STRUCK = {TargetMovement.STILL: 0, TargetMovement.SLOW: 1, TargetMovement.FAST: 2}
#: Matches of 11+ that make a legendary shot, and those that kill a normal target.
LEGENDARY_SHOT, DEADLY_SHOT = 4, 5


class ShotSession(RollSession):
    """A ranged shot in progress.

    Attributes:
        shooter, target: the two sides.
        reaction, evasion: what the target throws to evade (None: not thrown).
        phase: "aim" (first throw), "aiming" (thrown on: no shot), "hit", "over".
        shot: the shot's result once shot.
        hit: the damage, once thrown.
    """

    def __init__(
        self,
        shooter: Entrant,
        target: Entrant,
        *,
        size: str,
        target_moves: str,
        distance: int,
        shooter_moves: str,
        notice: str,
        evasion: Tested,
        reaction: Tested,
        source: DiceSource,
        parameters: Mapping[str, Any] | None = None,
        clock: Callable[[], datetime] | None = None,
    ) -> None:
        super().__init__(
            system_id=SYSTEM_ID,
            character=f"{shooter.name}, {target.name}",
            check=_("Ranged shot"),
            source=source,
            parameters=parameters,
            clock=clock,
        )
        self.shooter, self.target = shooter, target
        self.size, self.target_moves = TargetSize(size), TargetMovement(target_moves)
        self.distance, self.shooter_moves = distance, TargetMovement(shooter_moves)
        self.notice, self.evasion_tested, self.reaction_tested = notice, evasion, reaction
        self.phase = "aim"
        self.kept: list[int] = []
        self.live: list[int] = []
        self.struck: tuple[int, ...] = ()
        #: The shooter's dice voided to offset 1s, once the shot is made.
        self.voided: frozenset[int] = frozenset()
        self.group: Group | None = None
        self.gm_total = 0
        self.reaction: int | None = None
        self.evasion: int | None = None
        self.shot: ShotResult | None = None
        self.hit: DamageResult | None = None
        self.deadly = False
        self.notes: list[str] = []
        #: Where the shot was ended before its damage throw, in words.
        self.stopped: str | None = None
        #: Injuries of the hit still to be placed on the target's life circles, in order.
        self.injuries: list[Injury] = []
        step = shooter.tested.step
        saved, cleared = take_saved_dice(shooter.sheet, step.count)
        if cleared:
            self.charges.append(Charge("combat_dice_saved", cleared, 0))
        if saved:
            label = _("{name}: dice saved from the last combat phase", name=shooter.name)
            dice = self._place(label, saved, sides=step.sides, group=shooter.name)
            self.kept = [die.id for die in dice]
        if step.count > len(self.kept):
            dice = self._throw(
                _("{name}: throw 1", name=shooter.name),
                step.count - len(self.kept),
                sides=step.sides,
                group=shooter.name,
                roller=shooter.name,
            )
            self._lay(dice)
        self._evaluate()

    # --- dice -------------------------------------------------------------------------------

    def _faces(self, ids: Iterable[int]) -> list[tuple[int, int]]:
        return [(die_id, self.die(die_id).face) for die_id in ids]

    def _lay(self, dice: Iterable[Any]) -> None:
        """A throw of the shooter's: its 1s stay on the table with the kept dice (they are
        never thrown again), the others may be kept or thrown again.
        """
        dice = list(dice)
        self.kept += [die.id for die in dice if die.face == FUMBLE]
        self.live = [die.id for die in dice if die.face != FUMBLE]

    def shooter_evaluation(self) -> Evaluation:
        """The shooter's dice on the table as a cascade roll: the group, 1s offset."""
        tested = self.shooter.tested
        return evaluate(
            self._faces([*self.kept, *self.live]),
            cap=tested.cap,
            value=tested.value,
            sides=tested.step.sides,
            cascade=True,
            sequences=tested.sequences,
        )

    def _charge_consequences(self, index: int, who: Entrant, evaluation: Evaluation) -> None:
        """What a check of the shot costs and earns its thrower (0 the shooter, 1 the target)."""
        charges, notes = charge_consequences(who.sheet, who.name, evaluation, index)
        self.charges += charges
        self.notes += notes

    def _single(self, who: Entrant, tested: Tested, label: str) -> int:
        """Throw a single roll of the target's; return its result."""
        dice = self._throw(
            f"{who.name}: {label}",
            tested.step.count,
            sides=tested.step.sides,
            group=f"{who.name} · {label.lower()}",
            roller=who.name,
        )
        evaluation = evaluate(
            self._faces(die.id for die in dice),
            cap=tested.cap,
            value=tested.value,
            sides=tested.step.sides,
        )
        for die in dice:
            self._mark(die.id, *evaluation.marks(die.id, die.face))
        self._charge_consequences(1, who, evaluation)
        return evaluation.value

    def matches_of_legend(self) -> int:
        """The most matching dice of 11+ in the shooter's group."""
        if self.group is None:
            return 0
        counts = [self.group.faces.count(f) for f in set(self.group.faces) if f >= LEGENDARY_FROM]
        return max(counts, default=0)

    # --- marks ------------------------------------------------------------------------------

    def _evaluate(self) -> None:
        for die_id in [*self.kept, *self.live]:
            face = self.die(die_id).face
            marks = [face_mark(face)]
            if die_id in self.kept:
                marks.append(Mark.KEPT)
            if self.group is not None and die_id in self.group.ids:
                marks = [Mark.HIT, Mark.CHOSEN]
                if die_id in self.group.matched:
                    marks.append(Mark.MATCHED)
                if die_id in self.group.sequence:
                    marks.append(Mark.SEQUENCE)
            if die_id in self.struck or die_id in self.voided:
                marks = [Mark.VOIDED]
            self._mark(die_id, *marks)

    # --- actions ----------------------------------------------------------------------------

    def _offered(self) -> Iterable[Action]:
        name = self.shooter.name
        if self.phase == "aim":
            yield Action(
                "shoot",
                _("Shoot now"),
                hint=_("Right after the first throw: the shot comes before every melee fighter."),
                member=name,
            )
        if self.phase in ("aim", "aiming") and self.live:
            yield Action(
                "aim",
                _("Aim: keep and throw on"),
                hint=_(
                    "The cascade roll goes on: no shot in this combat phase; the dice "
                    "kept lie ready for the next one."
                ),
                member=name,
                pick=DicePick(
                    prompt=_("Pick the dice to keep; the others are thrown again."),
                    eligible=tuple(self.live),
                    suggested=self._suggested_keep(),
                ),
            )
        if self.phase == "aimed":
            yield Action(
                "save",
                _("Save dice for the next combat phase"),
                hint=_(
                    "The picked dice stay as they lie: the next combat phase starts "
                    "with them on the table and throws only the others."
                ),
                member=name,
                pick=DicePick(
                    prompt=_("Pick the dice to save for the next combat phase."),
                    eligible=self._savable(),
                    suggested=self._suggested_save(),
                ),
            )
        if self.phase == "injury":
            yield from injury_actions(self.target.sheet, self.target.name, self.injuries[0])
        if self.phase == "hit":
            count, sides = self.damage_dice()
            yield Action(
                "damage",
                _("Throw damage ({count}W{sides})", count=count, sides=sides),
                hint=_("A single roll, matches added; every die counts."),
                member=name,
            )

    def _savable(self) -> tuple[int, ...]:
        """The kept dice that may be saved: not a 1, nor a die voided by one."""
        return tuple(
            die_id
            for die_id in self.kept
            if self.die(die_id).face != FUMBLE and die_id not in self.voided
        )

    def _suggested_keep(self) -> tuple[int, ...]:
        tested = self.shooter.tested
        ones = sum(1 for _id, face in self._faces(self.kept) if face == FUMBLE)
        return keep_choice(
            self._faces(self.kept),
            self._faces(self.live),
            cap=tested.cap,
            offsets=ones_to_offset(ones, tested.value),
            cascade=True,
            sequences=tested.sequences,
        )

    def _suggested_save(self) -> tuple[int, ...]:
        """The best group so far: the dice worth leaving on the table."""
        group = self.shooter_evaluation().group
        return tuple(group.ids) if group else ()

    def _apply(self, action: Action, picked: tuple[int, ...]) -> None:
        if action.id == "shoot":
            self._shoot()
        elif action.id == "aim":
            self._aim(picked)
        elif action.id == "save":
            self._save(picked)
        elif action.id == "damage":
            self._throw_damage()
        elif action.id.startswith(f"{INJURY}:"):
            injury = self.injuries.pop(0)
            circle = int(action.id.partition(":")[2])
            self.notes.append(inflict(self.target.sheet, self.target.name, circle, injury.severity))
            self._tell(self.notes[-1])
            self.charges.append(Charge("life_circles", 1, 1))
            if not self.injuries:
                self.phase = "over"

    def _aim(self, picked: tuple[int, ...]) -> None:
        self.phase = "aiming"
        again = [die_id for die_id in self.live if die_id not in picked]
        self.kept += picked
        self.live = []
        if again:
            tested = self.shooter.tested
            dice = self._throw(
                _("{name}: throw {value}", name=self.shooter.name, value=len(self.throws) + 1),
                len(again),
                sides=tested.step.sides,
                group=self.shooter.name,
                replace=again,
                roller=self.shooter.name,
            )
            self._lay(dice)
        if not self.live:
            self.phase = "aimed"
            evaluation = self.shooter_evaluation()
            self.voided = evaluation.voided
            self._charge_consequences(0, self.shooter, evaluation)
            self.notes.append(
                _("{name} aimed: no shot in this combat phase", name=self.shooter.name)
            )

    def _save(self, picked: tuple[int, ...]) -> None:
        """The picked dice's faces go to the sheet for the next combat phase."""
        sheet = self.shooter.sheet
        faces = [self.die(die_id).face for die_id in picked]
        before = len(sheet.combat_dice_saved)
        sheet.combat_dice_saved = faces
        self.charges.append(Charge("combat_dice_saved", before - len(faces), 0))
        saved = ", ".join(str(face) for face in faces)
        self.notes.append(
            _("{name} saves {saved} for the next combat phase", name=self.shooter.name, saved=saved)
        )
        self.phase = "over"

    def _shoot(self) -> None:
        dice = self._faces([*self.kept, *self.live])
        evaluation = self.shooter_evaluation()
        self.group, self.voided = evaluation.group, evaluation.voided
        self._charge_consequences(0, self.shooter, evaluation)
        legendary = self.matches_of_legend() >= LEGENDARY_SHOT
        if not legendary and self.group is not None and STRUCK[self.shooter_moves]:
            order = sorted(
                zip(self.group.ids, self.group.faces, strict=True),
                key=lambda die: (die[0] in self.group.matched, die[1]),
            )
            self.struck = tuple(die_id for die_id, _face in order[: STRUCK[self.shooter_moves]])
        result = sum(face for die_id, face in dice if self.group and die_id in self.group.ids)
        result -= sum(self.die(die_id).face for die_id in self.struck)
        _label, _base, sides = TARGET_SIZES[self.size]
        gm = self._throw(
            _("Game master: the target's minimum"),
            self.target_moves.dice,
            sides=sides,
            group=_("Game master"),
            roller="",
        )
        self.gm_total = sum(die.face for die in gm)
        for die in gm:
            self._mark(die.id, Mark.HIT)
        evasion = 0
        if self.notice == NOTICES:
            self.reaction = self._single(self.target, self.reaction_tested, _("Reaction"))
        if self.notice == KNOWS or (self.reaction or 0) >= REACTION_NEEDED:
            self.evasion = evasion = self._single(self.target, self.evasion_tested, _("Evasion"))
        self.shot = ranged_shot(
            self.size, self.target_moves, self.gm_total, self.distance, evasion, result
        )
        self.deadly = self.shot.hit and self.matches_of_legend() >= DEADLY_SHOT
        if self.shot.hit and not self.deadly:
            self.phase = "hit"
        else:
            self.phase = "over"
        if self.shot.hit:
            self._void_a_combat_die()

    def _void_a_combat_die(self) -> None:
        self.target.sheet.combat_dice_lost += 1
        self.charges.append(Charge("combat_dice_lost", -1, 1))

    def damage_dice(self) -> tuple[int, int]:
        """(count, sides) of the damage: one die, one per die in matches, 4 more for a
        legendary shot.
        """
        matched = len(self.group.matched) if self.group else 0
        extra = 4 if self.matches_of_legend() >= LEGENDARY_SHOT else 0
        return 1 + matched + extra, self.shooter.tested.step.sides

    def _throw_damage(self) -> None:
        count, sides = self.damage_dice()
        dice = self._throw(
            _("{name}: damage", name=self.shooter.name),
            count,
            sides=sides,
            group=str(_("{name} · damage", name=self.shooter.name)),
            roller=self.shooter.name,
        )
        legendary = self.matches_of_legend() >= LEGENDARY_SHOT
        faces = tuple(die.face * (2 if legendary else 1) for die in dice)
        self.hit, wear = damage_to(self.target.sheet, faces, armor_counts=not legendary)
        if wear:
            self.charges.append(Charge("armor_quality", wear, 1))
        for die in dice:
            self._mark(die.id, Mark.HIT)
        if self.target.sheet.life_circles:
            self.injuries = injuries_of(1, self.hit)
        self.phase = "injury" if self.injuries else "over"

    def participants(self) -> tuple[str, ...]:
        """The shooter and the target."""
        return (self.shooter.name, self.target.name)

    def stops_early(self) -> str | None:
        """A hit whose damage is not thrown yet, or whose injuries are not placed yet."""
        if self.finished or self.phase not in ("hit", "injury"):
            return None
        if self.phase == "injury":
            return _n(
                "Stopped after the damage, before {name} placed the injury",
                "Stopped after the damage, before {name} placed the {n} injuries",
                len(self.injuries),
                name=self.target.name,
            )
        return _("Stopped after the hit, before the damage throw")

    def finish(self) -> RollRecord:
        """End the shot as it stands; a hit without its damage throw says so, and injuries
        not placed are noted as not placed.
        """
        if not self.finished and self.phase == "injury":
            self.notes.append(self.stops_early() or "")
        elif not self.finished:
            self.stopped = self.stops_early()
        self.phase = "over"
        return super().finish()

    # --- outcome ----------------------------------------------------------------------------

    def outcome(self) -> Outcome:
        """The shot's result against the minimum, and the damage."""
        words = []
        shooter, target = self.shooter.name, self.target.name
        if self.shot is None:
            so_far = self.shooter_evaluation().group
            words.append(
                _(
                    "{shooter}: group {value} ({group})",
                    shooter=shooter,
                    value=so_far.value,
                    group=so_far,
                )
                if so_far
                else _("no group")
            )
            headline = (
                _("{shooter} aims at {target}", shooter=shooter, target=target)
                if self.phase == "aim"
                else _("Aiming")
            )
            tone = Tone.NEUTRAL
            if self.phase in ("aimed", "over"):
                headline = _("No shot this combat phase")
        else:
            if self.struck:
                words.append(_("moving: {len} dice struck", len=len(self.struck)))
            if self.reaction is not None:
                verdict = _("evades") if self.reaction >= REACTION_NEEDED else _("too late")
                words.append(
                    _(
                        "{target}'s reaction {reaction}: {verdict}",
                        target=target,
                        reaction=self.reaction,
                        verdict=verdict,
                    )
                )
            if self.evasion is not None:
                words.append(
                    _(
                        "{target}'s evasion {evasion} raises the minimum",
                        target=target,
                        evasion=self.evasion,
                    )
                )
            words.append(self.shot.sentence)
            if self.hit is not None:
                words.insert(0, self.hit.sentence)
            if self.deadly:
                headline = _("Legendary shot: {target} is killed", target=target)
                tone = Tone.CRITICAL
            elif self.hit is not None:
                headline = hit_headline(target, self.hit)
                tone = Tone.CRITICAL
            elif self.shot.hit:
                headline = _("{shooter} hits {target}", shooter=shooter, target=target)
                tone = Tone.SUCCESS
            else:
                headline, tone = _("{shooter} misses", shooter=shooter), Tone.FAILURE
            if self.stopped is not None:
                headline, tone = self.stopped, Tone.NEUTRAL
            if self.shot.hit:
                words.append(_("{target} voids a combat die", target=target))
            if self.phase == "injury":
                words.append(injury_question(target, self.injuries[0]))
        return Outcome(
            headline,
            tone,
            " · ".join([*words, *self.notes]),
            {
                "hit": bool(self.shot and self.shot.hit),
                "minimum": self.shot.minimum if self.shot else None,
                "result": self.shot.result if self.shot else None,
                "damage": self.hit.sentence if self.hit else "",
                "deadly": self.deadly,
            },
        )
