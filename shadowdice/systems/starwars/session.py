"""The Star Wars D6 roll session of "A roll" (rule text 004: rolls against a target number,
opposed rolls, "Automatischer Erfolg" / automatic success, the Force Point of Luke's example,
preparing). ``SYSTEM_ID`` here is the one id of the system, for every session of it.

The session throws the character's code (no wild die: the text has none) and, in an opposed
check, the opponent's code apart (group ``"opponent"``). The total W1 = faces + pips is
compared with the target number plus the opponent's total; ties go to the character who
rolls (see :mod:`.plan`).

A check decided without a roll (automatic success or failure) throws nothing when it starts;
it says so and offers "Roll anyway", which throws the dice for the order of actions in a round
(initiative) and leaves the result as it was decided. In round-based play (the character has
declarations in "This round") the dice are thrown at once: the text has the character roll
anyway, to find when in the round the action happens.

Spending a Force Point charges it to the character through the session
(:meth:`~shadowdice.core.session.RollSession._charge`), after the first throw, or at the start
when the check is automatic, and marks the sheet "Force Point this round", so that later rolls
of the round are doubled without a new charge. A roll that uses the +1D prepared last round
clears it from the sheet the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from datetime import datetime
from typing import Any

from shadowdice.core.dice import DiceSource
from shadowdice.core.die import name_group
from shadowdice.core.language import Text, translations
from shadowdice.core.session import Action, Outcome, RollSession, SessionError, Tone
from shadowdice.systems.starwars.plan import Automatic, Plan
from shadowdice.systems.starwars.round_sheet import Dodged
from shadowdice.systems.starwars.sheet import StarWarsSheet

_, _n = translations(__name__)

SYSTEM_ID = "starwars_d6"
OPPONENT = "opponent"
ROLL_ANYWAY = "roll_anyway"
FORCE_POINTS = "force_points"
PREPARED = "prepared"

# The opponent's dice keep their id, which the totals compare against; the tray shows words.
name_group(OPPONENT, lambda: _("Opponent"))


def verdict(total: int, needed: int) -> str:
    """The result in words: "14 against 15 - miss by 1", "13 against 13 - success".

    >>> verdict(14, 15), verdict(13, 13), verdict(18, 9)
    ('14 against 15 - miss by 1', '13 against 13 - success', '18 against 9 - success by 9')
    """
    margin = total - needed
    if margin < 0:
        return _(
            "{total} against {needed} - miss by {margin}",
            total=total,
            needed=needed,
            margin=-margin,
        )
    if margin == 0:
        return _("{total} against {needed} - success", total=total, needed=needed)
    return _(
        "{total} against {needed} - success by {margin}", total=total, needed=needed, margin=margin
    )


class StarWarsSession(RollSession):
    """A Star Wars D6 check in progress.

    Attributes:
        sheet: the character, charged for a Force Point spent or a preparation used.
        plan: what is rolled, against what.
        automatic: how the check was decided without a roll, or None.
        rolled: whether the dice have been thrown.
        kept_dodge: the opponent's dodge this roll rolled and keeps on their sheet for the
            segment's later attacks, or None.
    """

    def __init__(
        self,
        sheet: StarWarsSheet,
        plan: Plan,
        *,
        source: DiceSource,
        character: str | None = None,
        parameters: Mapping[str, Any] | None = None,
        clock: Callable[[], datetime] | None = None,
    ) -> None:
        super().__init__(
            system_id=SYSTEM_ID,
            character=sheet.name if character is None else character,
            check=plan.check,
            source=source,
            parameters=parameters,
            clock=clock,
        )
        spends = plan.spends_force_point
        if spends and sheet.force_points < 1:
            raise SessionError(_("no Force Point left to spend"))
        self.kept_dodge: Dodged | None = None
        self.sheet = sheet
        self.plan = plan
        self.automatic = plan.automatic
        self.rolled = False
        if self.automatic is None or sheet.this_round:
            self._throw_all()
        if spends:
            self._charge(FORCE_POINTS, 1, self._spend_force_point)
        if plan.uses_preparation:
            self._charge(PREPARED, 1, self._use_preparation)
        self._evaluate()

    # --- the totals --------------------------------------------------------------------

    @property
    def total(self) -> int | None:
        """W1: the character's faces plus pips, or None before the dice are thrown."""
        if not self.rolled:
            return None
        faces = [die.face for die in self.table if die.group != OPPONENT]
        return self.plan.roller.code.total(faces)

    @property
    def opponent_total(self) -> int | None:
        """W2: the opponent's faces plus pips, or None (no opponent, or not thrown)."""
        if self.plan.opponent is None or not self.rolled:
            return None
        faces = [die.face for die in self.table if die.group == OPPONENT]
        return self.plan.opponent.code.total(faces)

    @property
    def needed(self) -> int | None:
        """What W1 must reach: Z, W2 or Z + W2 (None before an opponent's roll is known)."""
        return self._needed(self.opponent_total)

    @property
    def success(self) -> bool:
        """Whether the check succeeds (decided by the rule when automatic)."""
        return self._succeeds(self.total, self.needed)

    def _needed(self, opponent_total: int | None) -> int | None:
        """What W1 must reach, given W2 (see :attr:`needed`)."""
        if self.plan.opponent is None:
            return self.plan.target
        return None if opponent_total is None else self.plan.target + opponent_total

    def _succeeds(self, total: int | None, needed: int | None) -> bool:
        """Whether W1 reaches what it must (see :attr:`success`)."""
        if self.automatic is not None:
            return self.automatic is Automatic.SUCCESS
        assert total is not None and needed is not None
        return total >= needed

    # --- evaluation ----------------------------------------------------------------------

    def _evaluate(self) -> None:
        """The dice carry no marks of their own: the total decides, not single dice."""

    def outcome(self) -> Outcome:
        """The total against what it must reach and the margin, or the automatic result."""
        plan = self.plan
        code = plan.roller.code
        # The totals are each added up once, from the dice on the table.
        total, opponent_total = self.total, self.opponent_total
        needed = self._needed(opponent_total)
        success = self._succeeds(total, needed)
        tone = Tone.SUCCESS if success else Tone.FAILURE
        details = [
            _(
                "{roll} {code} against {against}",
                roll=plan.roller.label,
                code=str(code),
                against=plan.against,
            ),
            *plan.notes,
        ]
        values: dict[str, int | str | bool | None] = {
            "code": str(code),
            "target": plan.target,
            "total": total,
            "opponent_total": opponent_total,
            "needed": needed,
            "margin": None,
            "success": success,
            "automatic": self.automatic.value if self.automatic else None,
        }
        if self.automatic is not None:
            succeeds = self.automatic is Automatic.SUCCESS
            headline = _("Automatic success") if succeeds else _("Automatic failure")
            if succeeds:
                details.append(_("rolls at least {n}: no roll needed", n=code.minimum))
            else:
                details.append(_("rolls at most {n}: it cannot succeed", n=code.maximum))
            if total is not None:
                headline = _(
                    "{headline} (rolled {total} for the order of actions)",
                    headline=headline,
                    total=total,
                )
            return Outcome(headline, tone, Text.join(" · ", details), values)
        assert total is not None and needed is not None
        if plan.opponent is not None and plan.opponent.hidden:
            # a dodge rolled secretly counts, but this roll says nothing of its total
            values.update(opponent_total=None, needed=None)
            if success:
                return Outcome(
                    _("{total} against a hidden total - success", total=total),
                    tone,
                    Text.join(" · ", details),
                    values,
                )
            return Outcome(
                _("{total} against a hidden total - miss", total=total),
                tone,
                Text.join(" · ", details),
                values,
            )
        values["margin"] = total - needed
        if plan.opponent is not None:
            details.append(
                _(
                    "{opponent} rolled {total}",
                    opponent=plan.opponent.words,
                    total=opponent_total,
                )
            )
        return Outcome(verdict(total, needed), tone, Text.join(" · ", details), values)

    # --- rolling anyway ---------------------------------------------------------------------

    def _offered(self) -> Iterable[Action]:
        if self.automatic is not None and not self.rolled:
            yield Action(
                ROLL_ANYWAY,
                _("Roll anyway"),
                hint=_(
                    "Throw the dice for the order of actions in a round (initiative); "
                    "the result stays as decided."
                ),
            )

    def _apply(self, action: Action, picked: tuple[int, ...]) -> None:
        self._throw_all()

    def _throw_all(self) -> None:
        plan = self.plan
        self._throw(plan.roller.label, plan.roller.code.dice)
        if plan.opponent is not None and plan.opponent.code.dice:  # none: a dodge kept
            label = _("Opponent: {roll}", roll=plan.opponent.roller.label)
            # an opponent character throws their own dice (typed by their player if real)
            roller = plan.opponent.name or None
            self._throw(label, plan.opponent.code.dice, group=OPPONENT, roller=roller)
        self.rolled = True
        opponent = plan.opponent
        # A dodge rolled now covers the segment's later attacks: the sheet keeps its total.
        if opponent and opponent.sheet and opponent.dodge and opponent.dodged is None:
            total = self.opponent_total
            assert total is not None
            self.kept_dodge = Dodged(
                segment=opponent.segment, roll=opponent.dodge, total=total, secret=self.secret
            )
            opponent.sheet.dodged.append(self.kept_dodge)

    @property
    def secret(self) -> bool:
        """Whether the game master rolls this secretly; a dodge it keeps for the segment is
        as secret as the roll.
        """
        return self._secret

    @secret.setter
    def secret(self, secret: bool) -> None:
        self._secret = secret
        if (dodge := getattr(self, "kept_dodge", None)) is not None:
            dodge.secret = secret

    def _spend_force_point(self, amount: int) -> None:
        self.sheet.force_points -= amount
        self.sheet.force_point_round = True

    def _use_preparation(self, _amount: int) -> None:
        self.sheet.prepared = ""
