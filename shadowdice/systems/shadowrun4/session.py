"""The Shadowrun 4 roll session (rule text 002): a pool of d6, hits on 5 and 6, glitches,
and Edge before or after the roll, at most one point per check.

The readings of what the text leaves open are in :mod:`.rules`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from datetime import datetime
from enum import StrEnum

from shadowdice.core import language
from shadowdice.core.dice import DiceSource
from shadowdice.core.die import Die, Mark
from shadowdice.core.language import N_, Text, translations
from shadowdice.core.session import Action, Outcome, RollSession, SessionError, Tone
from shadowdice.systems.shadowrun4.rules import (
    edge_dice_before_roll,
    hits_phrase,
    judge_die,
    judge_glitch,
    succeeded,
)
from shadowdice.systems.shadowrun4.sheet import ShadowrunSheet

_, _n = translations(__name__)

SYSTEM_ID = "shadowrun4"
NO_EDGE_LEFT = N_("no Edge points left")
RULE_OF_SIX = 6
EDGE_GROUP = "edge"


class EdgeUse(StrEnum):
    """How Edge is spent before the roll, if at all."""

    NONE = ""
    BEFORE = "before"
    LONG_SHOT = "long_shot"


class ShadowrunSession(RollSession):
    """A Shadowrun 4 check in progress.

    Starting the session spends pre-roll Edge (``EdgeUse.BEFORE`` or ``LONG_SHOT``) and throws.
    After the roll it offers the two post-roll Edge uses, each refused with its reason when
    Edge was spent on this check already or no Edge points are left.

    Attributes:
        sheet: the character, charged for Edge through the session.
        edge: the Edge attribute as the check started.
        pool: the dice the check is rolled with (before Edge).
        threshold: hits needed, 0 for none.
        rules: the optional rules in play.
    """

    def __init__(
        self,
        sheet: ShadowrunSheet,
        *,
        pool: int,
        threshold: int,
        edge_use: EdgeUse,
        check: str,
        source: DiceSource,
        parameters: Mapping[str, int | str | bool | None] | None = None,
        clock: Callable[[], datetime] | None = None,
    ) -> None:
        super().__init__(
            system_id=SYSTEM_ID,
            character=sheet.name,
            check=check,
            source=source,
            parameters=parameters,
            clock=clock,
        )
        self.sheet = sheet
        self.pool = pool
        self.threshold = threshold
        self.rules = sheet.table_rules
        self.edge = sheet.edge
        self.edge_spent = False
        #: What a die's faces are judged by: the lowest hit, the highest glitch face.
        self._faces_rule = (self.rules.hit_on, self.rules.glitch_up_to)
        self._outcome: tuple[tuple[int, int, str], Outcome] | None = None
        if edge_use is EdgeUse.BEFORE:
            extra = edge_dice_before_roll(
                edge=self.edge, edge_current=sheet.edge_current, rules=self.rules
            )
            self._check_edge()
            dice = self._throw(_("Roll with Edge"), pool + extra, explode_on=RULE_OF_SIX)
            self._set_apart([die.id for die in dice[len(dice) - extra :]], EDGE_GROUP)
            self._spend_edge()
        elif edge_use is EdgeUse.LONG_SHOT:
            self._check_edge()
            self._throw(_("Long shot"), self.edge, group=EDGE_GROUP, explode_on=RULE_OF_SIX)
            self._spend_edge()
        else:
            self._throw(_("Roll"), pool, explode_on=self._explode_without_edge())
        self._evaluate()

    # --- evaluation ----------------------------------------------------------------------

    @property
    def hits(self) -> int:
        """Hits of every die on the table."""
        hit_on, glitch_up_to = self._faces_rule
        return sum([judge_die(die.faces, hit_on, glitch_up_to).hits for die in self.table])

    def _hits_of(self, die: Die) -> int:
        return judge_die(die.faces, *self._faces_rule).hits

    def _evaluate(self) -> None:
        hit_on, glitch_up_to = self._faces_rule
        set_marks = self._set_marks
        for die in self.table:
            judged = judge_die(die.faces, hit_on, glitch_up_to)
            set_marks(die.id, judged.marks, judged.score)

    def outcome(self) -> Outcome:
        """Hits, net hits against the threshold, success, glitch or critical glitch."""
        # The table changes only by throws and actions: the same outcome until the next one.
        key = (len(self.throws), len(self.taken), language.current())
        if self._outcome is None or self._outcome[0] != key:
            self._outcome = (key, self._judge())
        return self._outcome[1]

    def _judge(self) -> Outcome:
        table = self.table
        hits = self.hits
        ones = sum(1 for die in table if die.has(Mark.GLITCH))
        glitch = judge_glitch(ones=ones, dice=len(table), hits=hits)
        success = succeeded(hits=hits, threshold=self.threshold)
        hits_text = hits_phrase(hits)
        verdict = (
            _("{hits} - success", hits=hits_text)
            if success
            else _("{hits} - failure", hits=hits_text)
        )
        detail = []
        if self.threshold:
            detail.append(
                _(
                    "threshold {threshold}, net hits {net}",
                    threshold=self.threshold,
                    net=hits - self.threshold,
                )
            )
        if ones:
            detail.append(
                _(
                    "{ones} of {dice} dice show {faces}",
                    ones=ones,
                    dice=len(table),
                    faces=self._glitch_faces(),
                )
            )
        if glitch.critical:
            headline, tone = _("Critical glitch!"), Tone.CRITICAL
            detail.insert(0, verdict)
        elif glitch.glitch:
            headline, tone = _("Glitch!"), Tone.GLITCH
            detail.insert(0, verdict)
        else:
            headline, tone = verdict, Tone.SUCCESS if success else Tone.FAILURE
        return Outcome(
            headline=headline,
            tone=tone,
            detail=Text.join(" · ", detail),
            values={
                "hits": hits,
                "threshold": self.threshold,
                "net_hits": hits - self.threshold,
                "success": success,
                "glitch": glitch.glitch,
                "critical_glitch": glitch.critical,
                "dice": len(table),
            },
        )

    # --- Edge after the roll ---------------------------------------------------------------

    def _offered(self) -> Iterable[Action]:
        refusal = self._edge_refusal()
        yield Action(
            id="edge_extra_dice",
            label=_("Edge: +{n} dice", n=self.edge),
            cost=_("1 Edge"),
            enabled=not refusal,
            reason=refusal,
            hint=_(
                "Throw {n} more dice (your Edge) with the Rule of Six and add their hits.",
                n=self.edge,
            ),
        )
        misses = self._misses()
        reroll_refusal = refusal or ("" if misses else _("every die is a hit"))
        yield Action(
            id="edge_reroll_misses",
            label=_n("Edge: reroll {n} miss", "Edge: reroll {n} misses", len(misses)),
            cost=_("1 Edge"),
            enabled=not reroll_refusal,
            reason=reroll_refusal,
            hint=_("Throw every die that is not a hit again."),
        )

    def _apply(self, action: Action, picked: tuple[int, ...]) -> None:
        # The throw comes first: a source that fails (or a player who cancels) costs no Edge.
        if action.id == "edge_extra_dice":
            self._throw(_("Edge dice"), self.edge, group=EDGE_GROUP, explode_on=RULE_OF_SIX)
        else:
            misses = self._misses()
            self._throw(
                _("Reroll of misses"),
                len(misses),
                explode_on=self._explode_without_edge(),
                replace=[die.id for die in misses],
            )
        self._spend_edge()

    def _misses(self) -> list[Die]:
        hits_of_die = self._hits_of
        return [die for die in self.table if hits_of_die(die) == 0]

    def _edge_refusal(self) -> str:
        if self.edge_spent:
            return _("Edge was spent on this check already (one point per check)")
        if self.sheet.edge_current < 1:
            return _(NO_EDGE_LEFT)
        return ""

    def _check_edge(self) -> None:
        if refusal := self._edge_refusal():
            raise SessionError(refusal)

    def _spend_edge(self) -> None:
        self._check_edge()
        self.edge_spent = True

        def spend(amount: int) -> None:
            self.sheet.edge_current -= amount

        self._charge("edge", 1, spend)

    def _explode_without_edge(self) -> int | None:
        return RULE_OF_SIX if self.rules.cinematic else None

    def _glitch_faces(self) -> str:
        return _("1 or 2") if self.rules.harder else "1"
