"""The Phase Six roll session (rule texts 000 and 001: "Exploding Dice", "Bonuswürfel" / "Bonus
dice", "Wiederholungswürfel" / "Rerolls", "Schicksalswürfel" / "Destiny dice").

A pool of d6 against a minimum roll; each die whose chain reaches it is one success. Bonus and
destiny dice can be added before the roll (check parameters) and after it, one at a time
(actions), also after the roll has failed. Rerolls differ by variant: the classic rules throw
one chosen die again per reroll die, the current rules the whole roll per reroll.

Readings of what the texts leave open (the dice rules themselves are in :mod:`.rules`):

- **A pool of 0 or less** throws no dice of its own; bonus and destiny dice are thrown in full
  however negative the pool ("egal wie sehr der Wert im Negativen ist").
- **Bonus dice** are ordinary dice and lie with the pool; **destiny dice** are thrown apart
  (group ``"destiny"``), in a throw of their own, as both texts demand.
- **A classic reroll** throws one die that did not succeed again (a success can only be lost
  by it). The die thrown again stays what it was: a destiny die stays a destiny die.
  **A classic reroll with a destiny die** throws a destiny die in its place.
- **A current reroll** throws every die on the table again, each as what it was: the ordinary
  dice together, the destiny dice apart. **A current reroll with a destiny die** is the same
  reroll of the whole roll, paid with a destiny die instead of a reroll: in the current rules
  a reroll is not a die, so the destiny die lends the roll its use, not its 4+.
- **Rerolls and a pool of 0 or less.** With no die on the table there is nothing to reroll,
  so rerolls cannot rescue such a roll (both texts say so).
- **Paying.** Every die is charged to the character after its throw succeeded: a throw that
  fails costs nothing. A current reroll is two throws (ordinary dice, destiny dice); should
  the second fail, the first is taken back, and the roll stands as it was. The variant and
  the minimum roll are read when the check starts.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any, NamedTuple

from shadowdice.core import language
from shadowdice.core.dice import DiceSource
from shadowdice.core.die import Die, Mark, name_group
from shadowdice.core.language import Text, translations
from shadowdice.core.session import Action, DicePick, Outcome, RollSession, SessionError, Tone
from shadowdice.systems.phasesix.rules import (
    DESTINY_ALWAYS,
    dice_phrase,
    die_succeeds,
    explode_on,
    roll_text,
    successes_phrase,
)
from shadowdice.systems.phasesix.sheet import PhaseSixSheet

SYSTEM_ID = "phasesix"
DESTINY = "destiny"

BONUS_DICE = "bonus_dice"
REROLL_DICE = "reroll_dice"
DESTINY_DICE = "destiny_dice"

_, _n = translations(__name__)

# The destiny dice keep their id, which the evaluation compares against; the tray shows words.
name_group(DESTINY, lambda: _("Destiny"))


class Standing(NamedTuple):
    """All that a Phase Six check's actions follow from, so that checks that stand alike
    (the members of a group roll) offer the very same actions.

    Attributes:
        classic: whether the check follows the classic rules.
        dice: whether any die lies on the table (else there is nothing to reroll).
        failed: (classic rules) the dice on the table that did not succeed, the dice a
            reroll may pick; () under the current rules, which reroll the whole roll.
        bonus, destiny, reroll: whether the sheet has any of each kind of die left.
        language: the language the actions are shown in.
    """

    classic: bool
    dice: bool
    failed: tuple[int, ...]
    bonus: bool
    destiny: bool
    reroll: bool
    language: str


#: Actions made for a standing, kept to be shared by the checks of one group roll.
ActionsMade = dict[Standing, tuple[Action, ...]]


@dataclass(frozen=True, slots=True)
class MinimumRoll:
    """The minimum roll of a check and where it comes from.

    Attributes:
        value: the result a die must reach, difficulty included (never below 0).
        reason: where it comes from, in words ("Neuroticism 10", "Human 5+, +9").
    """

    value: int
    reason: str

    @property
    def text(self) -> Text:
        """The minimum roll and its reason in words: "15+ (Neuroticism 10)"."""
        return _(
            "{minimum_roll} ({reason})", minimum_roll=roll_text(self.value), reason=self.reason
        )

    def __str__(self) -> str:
        return str(self.text)


class PhaseSixSession(RollSession):
    """A Phase Six check in progress.

    Starting the session throws the pool with the bonus dice chosen before the roll, then the
    destiny dice chosen before the roll apart from them, and charges both.

    Attributes:
        sheet: the character, charged for every bonus, reroll and destiny die.
        pool: the dice of the trait (may be 0 or less).
        minimum_roll: the minimum roll, as the check started.
        classic: whether the check follows the classic rules (else the current rules).
    """

    def __init__(
        self,
        sheet: PhaseSixSheet,
        *,
        check: str,
        pool: int,
        minimum_roll: MinimumRoll,
        source: DiceSource,
        bonus_dice: int = 0,
        destiny_dice: int = 0,
        character: str | None = None,
        parameters: Mapping[str, Any] | None = None,
        clock: Callable[[], datetime] | None = None,
        ids: Iterator[int] | None = None,
        actions_made: ActionsMade | None = None,
    ) -> None:
        """Start the check; ``actions_made`` is shared by the members of a group roll."""
        super().__init__(
            system_id=SYSTEM_ID,
            character=sheet.name if character is None else character,
            check=check,
            source=source,
            parameters=parameters,
            clock=clock,
            ids=ids,
        )
        if bonus_dice > sheet.bonus_dice:
            raise SessionError(_("only {dice} left", dice=dice_phrase(sheet.bonus_dice, "bonus")))
        if destiny_dice > sheet.destiny_dice:
            destiny_left = dice_phrase(sheet.destiny_dice, "destiny")
            raise SessionError(_("only {dice} left", dice=destiny_left))
        self.sheet = sheet
        self.pool = pool
        self.minimum_roll = minimum_roll
        self.classic = sheet.classic
        # The minimum roll as every outcome's detail names it. Made once: a text renders the
        # texts it is made of in the language it is shown in, whichever they were made in.
        self._minimum_roll_words = _("minimum roll {minimum_roll}", minimum_roll=minimum_roll.text)
        # The successes, outcome and actions as last worked out, each with the table they
        # are of (kept, so that it is compared by identity: a new table is a new tuple) and,
        # for texts, the language; the actions also with the dice the sheet has left. A group
        # roll reads every member's outcome and actions before and after each action.
        self._successes: tuple[tuple[Die, ...], int] | None = None
        self._outcome: tuple[tuple[Die, ...], str, Outcome] | None = None
        self._actions: tuple[tuple[Any, ...], tuple[Action, ...]] | None = None
        # The actions made for each standing: shared by the members of a group roll, whose
        # members mostly stand alike (the same dice left, dice on the table).
        self._actions_made: ActionsMade = {} if actions_made is None else actions_made
        dice = max(pool, 0) + bonus_dice
        if dice:
            label = _("Roll") if pool > 0 else _("Bonus dice")
            if pool > 0 and bonus_dice:
                label = _("Roll with {dice}", dice=dice_phrase(bonus_dice, "bonus"))
            self._throw(label, dice, explode_on=explode_on(minimum_roll.value))
        if destiny_dice:
            self._throw(_("Destiny dice"), destiny_dice, group=DESTINY)
        if bonus_dice:
            self._spend(BONUS_DICE, bonus_dice)
        if destiny_dice:
            self._spend(DESTINY_DICE, destiny_dice)
        self._evaluate()

    # --- evaluation ----------------------------------------------------------------------

    def succeeds(self, die: Die) -> bool:
        """Whether a die on the table is a success."""
        return die_succeeds(die.total, self.minimum_roll.value, destiny=die.group == DESTINY)

    @property
    def successes(self) -> int:
        """Successes on the table, one at most per die."""
        table = self.table
        if self._successes is None or self._successes[0] is not table:
            self._successes = (table, sum(1 for die in table if self.succeeds(die)))
        return self._successes[1]

    def _evaluate(self) -> None:
        """Mark the dice thrown since the last evaluation, and count the successes on the
        table as it goes (a group roll reads every member's successes).

        A die's marks follow from its chain, its group and the minimum roll, none of which
        changes while it lies on the table (a reroll throws a new die), so a die marked once
        keeps its marks, and it is a success when it is marked a hit.
        """
        hits = 0
        for die in self.table:
            if die.marks:
                hits += Mark.HIT in die.marks
            else:
                success, exploded = self.succeeds(die), len(die.faces) > 1
                self._set_marks(die.id, _MARKS[success, exploded], die.total if exploded else None)
                hits += success
        self._successes = (self.table, hits)

    def outcome(self) -> Outcome:
        """Successes, with the minimum roll and, after a failure, the best total reached;
        worked out once per table and language.
        """
        table, shown_in = self.table, language.current()
        cached = self._outcome
        if cached is None or cached[0] is not table or cached[1] != shown_in:
            cached = self._outcome = (table, shown_in, self._work_out_outcome())
        return cached[2]

    def _work_out_outcome(self) -> Outcome:
        table = self.table
        successes = self.successes
        destiny = sum(1 for die in table if die.group == DESTINY)
        best = max((die.total for die in table), default=0)
        detail = [self._minimum_roll_words]
        if destiny and self.minimum_roll.value > DESTINY_ALWAYS:
            always = roll_text(DESTINY_ALWAYS)
            detail.append(_("destiny dice succeed on {minimum_roll}", minimum_roll=always))
        if not table:
            detail.append(_("no dice on the table"))
        elif not successes:
            detail.append(_("best total {total}", total=best))
        return Outcome(
            headline=successes_phrase(successes),
            tone=Tone.SUCCESS if successes else Tone.FAILURE,
            detail=Text.join(" · ", detail),
            values={
                "successes": successes,
                "success": successes > 0,
                "minimum_roll": self.minimum_roll.value,
                "dice": len(table),
                "destiny_dice": destiny,
                "best_total": best,
            },
        )

    # --- bonus, destiny and reroll dice after the roll -------------------------------------

    def _offered(self) -> Iterable[Action]:
        """The actions, worked out once per table, dice left on the sheet and language, and
        made once per :class:`Standing` for all the checks that share their actions made.
        """
        sheet = self.sheet
        state = (
            self.table,
            sheet.bonus_dice,
            sheet.destiny_dice,
            sheet.reroll_dice,
            language.current(),
        )
        cached = self._actions
        if cached is None or cached[0][0] is not state[0] or cached[0][1:] != state[1:]:
            table, bonus, destiny, reroll, shown_in = state
            classic = self.classic
            standing = Standing(
                classic,
                bool(table),
                tuple([die.id for die in table if not self.succeeds(die)]) if classic else (),
                bonus > 0,
                destiny > 0,
                reroll > 0,
                shown_in,
            )
            actions = self._actions_made.get(standing)
            if actions is None:
                actions = self._actions_made[standing] = make_actions(standing)
            cached = self._actions = (state, actions)
        return cached[1]

    def _apply(self, action: Action, picked: tuple[int, ...]) -> None:
        # Every throw comes first: a source that fails (or a player who cancels) costs nothing.
        if action.id == "bonus_die":
            self._throw(_("Bonus die"), 1, explode_on=explode_on(self.minimum_roll.value))
            self._spend(BONUS_DICE, 1)
        elif action.id == "destiny_die":
            self._throw(_("Destiny die"), 1, group=DESTINY)
            self._spend(DESTINY_DICE, 1)
        elif action.id == "reroll_die":
            old = self.die(picked[0])
            self._throw_again(_("Reroll"), [old])
            self._spend(REROLL_DICE, 1)
        elif action.id == "destiny_reroll_die":
            self._throw(_("Reroll with a destiny die"), 1, group=DESTINY, replace=picked)
            self._spend(DESTINY_DICE, 1)
        elif action.id == "reroll_roll":
            self._throw_again(_("Reroll"), self.table)
            self._spend(REROLL_DICE, 1)
        else:
            self._throw_again(_("Reroll with a destiny die"), self.table)
            self._spend(DESTINY_DICE, 1)

    def _throw_again(self, label: str, dice: Iterable[Die]) -> None:
        """Throw these dice again, each as what it was: ordinary ones together, destiny dice
        apart. All or nothing: should the second throw fail, the first is taken back, so
        that the session is as it was and nothing is charged.
        """
        ordinary = [die.id for die in dice if die.group != DESTINY]
        destiny = [die.id for die in dice if die.group == DESTINY]
        dice_before, throws_before = dict(self._dice), list(self.throws)
        try:
            if ordinary:
                explode = explode_on(self.minimum_roll.value)
                self._throw(label, len(ordinary), explode_on=explode, replace=ordinary)
            if destiny:
                label = _("{throw}: destiny dice", throw=label)
                self._throw(label, len(destiny), group=DESTINY, replace=destiny)
        except BaseException:
            self._dice, self.throws = dice_before, throws_before
            raise

    def _spend(self, resource: str, amount: int) -> None:
        left = getattr(self.sheet, resource)
        if amount > left:
            raise SessionError(_COSTS[resource][2](left))

        def spend(spent: int) -> None:
            setattr(self.sheet, resource, getattr(self.sheet, resource) - spent)

        self._charge(resource, amount, spend)


#: The marks of a die on the table, by whether it succeeds and whether it exploded.
_MARKS = {
    (True, False): frozenset({Mark.HIT}),
    (False, False): frozenset({Mark.MISS}),
    (True, True): frozenset({Mark.HIT, Mark.EXPLODED}),
    (False, True): frozenset({Mark.MISS, Mark.EXPLODED}),
}

#: For each resource (and a reroll of the whole roll): what an action costs, why it cannot be
#: paid, and how many are left.
_COSTS: dict[str, tuple[Callable[[], Text], Callable[[], Text], Callable[[int], Text]]] = {
    BONUS_DICE: (
        lambda: _("1 bonus die"),
        lambda: _("no bonus dice left"),
        lambda left: _n("only {n} bonus die left", "only {n} bonus dice left", left),
    ),
    DESTINY_DICE: (
        lambda: _("1 destiny die"),
        lambda: _("no destiny dice left"),
        lambda left: _n("only {n} destiny die left", "only {n} destiny dice left", left),
    ),
    REROLL_DICE: (
        lambda: _("1 reroll die"),
        lambda: _("no reroll dice left"),
        lambda left: _n("only {n} reroll die left", "only {n} reroll dice left", left),
    ),
    "reroll": (
        lambda: _("1 reroll"),
        lambda: _("no rerolls left"),
        lambda left: _n("only {n} reroll left", "only {n} rerolls left", left),
    ),
}


def make_actions(standing: Standing) -> tuple[Action, ...]:
    """The actions of a Phase Six check that stands so: add a bonus or a destiny die, and
    reroll (classic: a die that did not succeed; current: the whole roll), each paid with
    one die of the sheet, or with a destiny die.
    """
    nothing = "" if standing.dice else _("there are no dice to reroll")
    actions = [
        _paid(
            "bonus_die",
            _("Add a bonus die"),
            resource=BONUS_DICE,
            left=standing.bonus,
            hint=_("Throw one more die with the roll."),
        ),
        _paid(
            "destiny_die",
            _("Add a destiny die"),
            resource=DESTINY_DICE,
            left=standing.destiny,
            hint=_(
                "Throw a destiny die apart; it succeeds on {minimum_roll} whatever the minimum "
                "roll.",
                minimum_roll=roll_text(DESTINY_ALWAYS),
            ),
        ),
    ]
    if standing.classic:
        failed = standing.failed
        nothing = nothing or ("" if failed else _("every die is a success"))
        pick = DicePick(
            prompt=_("Pick the die to throw again."),
            eligible=failed,
            minimum=1,
            maximum=1,
            suggested=failed[:1],
        )
        actions.append(
            _paid(
                "reroll_die",
                _("Reroll a die"),
                resource=REROLL_DICE,
                left=standing.reroll,
                hint=_("Throw one die that did not succeed again."),
                blocked=nothing,
                pick=pick,
            )
        )
        actions.append(
            _paid(
                "destiny_reroll_die",
                _("Reroll a die with a destiny die"),
                resource=DESTINY_DICE,
                left=standing.destiny,
                hint=_("Throw a destiny die in place of one die that did not succeed."),
                blocked=nothing,
                pick=pick,
            )
        )
    else:
        actions.append(
            _paid(
                "reroll_roll",
                _("Reroll the whole roll"),
                resource="reroll",
                left=standing.reroll,
                hint=_("Throw every die of the roll again."),
                blocked=nothing,
            )
        )
        actions.append(
            _paid(
                "destiny_reroll_roll",
                _("Reroll with a destiny die"),
                resource=DESTINY_DICE,
                left=standing.destiny,
                hint=_("Spend a destiny die as a reroll: throw every die of the roll again."),
                blocked=nothing,
            )
        )
    return tuple(actions)


def _paid(
    action_id: str,
    label: str,
    *,
    resource: str,
    left: bool,
    hint: str,
    blocked: str = "",
    pick: DicePick | None = None,
) -> Action:
    """An action that costs one of ``resource`` (a die of the sheet, or a reroll of the whole
    roll): disabled with ``blocked`` as the reason (nothing to reroll), else when none are
    ``left``.
    """
    cost, none_left, _only = _COSTS[resource]
    reason = blocked or ("" if left else none_left())
    return Action(
        id=action_id,
        label=label,
        cost=cost(),
        enabled=not reason,
        reason=reason,
        hint=hint,
        pick=pick,
    )
