"""The Shadowrun 4 roll session (rule text 002): a pool of d6, hits on 5 and 6, glitches,
and Edge before or after the roll, at most one point per check.

The readings of what the text leaves open are in :mod:`.rules`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from datetime import datetime
from enum import StrEnum
from functools import lru_cache
from typing import NamedTuple

from shadowdice.core import language
from shadowdice.core.dice import DiceSource
from shadowdice.core.die import Die, Mark
from shadowdice.core.language import N_, Text, translations
from shadowdice.core.record import FrozenDict
from shadowdice.core.session import Action, Outcome, RollSession, SessionError, Tone
from shadowdice.systems.shadowrun4.rules import (
    edge_dice_before_roll,
    hits_phrase,
    judge_glitch,
    succeeded,
)
from shadowdice.systems.shadowrun4.sheet import ShadowrunSheet

_, _n = translations(__name__)

SYSTEM_ID = "shadowrun4"
NO_EDGE_LEFT = N_("no Edge points left")
RULE_OF_SIX = 6
EDGE_GROUP = "edge"


class Tally(NamedTuple):
    """What the dice on the table count for.

    Attributes:
        hits: the hits of every die.
        ones: the dice whose first face counts toward a glitch.
        misses: the dice without a hit.
    """

    hits: int
    ones: int
    misses: int


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
        #: A die is judged by its faces alone, under the table's rules.
        self._judge = self.rules.judge
        self._tallied: tuple[tuple[int, int], Tally] | None = None
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
        return self._tally().hits

    def _evaluate(self) -> None:
        """Nothing to do: every die was marked as it landed, and its faces never change."""

    def _tally(self) -> Tally:
        """Hits, glitch faces and misses of the dice on the table."""
        # The table changes only by throws and actions: the same tally until the next one.
        state = (len(self.throws), len(self.taken))
        if self._tallied is None or self._tallied[0] != state:
            shown: dict[tuple[int, ...], int] = {}  # each chain of faces, and how many show it
            for die in self.table:
                faces = die.faces
                shown[faces] = shown.get(faces, 0) + 1
            hits = ones = misses = 0
            judge = self._judge
            for faces, dice in shown.items():
                judged = judge(faces)
                hits += judged.hits * dice
                ones += judged.glitch * dice
                misses += 0 if judged.hits else dice
            self._tallied = (state, Tally(hits, ones, misses))
        return self._tallied[1]

    def outcome(self) -> Outcome:
        """Hits, net hits against the threshold, success, glitch or critical glitch."""
        # The same outcome until the next throw or action, or another language.
        key = (len(self.throws), len(self.taken), language.current())
        if self._outcome is None or self._outcome[0] != key:
            hits, ones, _misses = self._tally()
            dice = len(self.table)
            verdict = _verdict(hits, ones, dice, self.threshold, self.rules.harder, key[-1])
            self._outcome = (key, verdict)
        return self._outcome[1]

    # --- Edge after the roll ---------------------------------------------------------------

    def _offered(self) -> Iterable[Action]:
        misses, none_left = self._tally().misses, self.sheet.edge_current < 1
        return _edge_actions(self.edge, self.edge_spent, none_left, misses, language.current())

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
        miss = Mark.MISS
        return [die for die in self.table if miss in die.marks]

    def _edge_refusal(self) -> str:
        return _edge_refusal(spent=self.edge_spent, none_left=self.sheet.edge_current < 1)

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


# An outcome and the actions offered depend on a few numbers only: each is made once for the
# numbers and the language shown (texts never change), however many checks come to them.


@lru_cache(maxsize=1024)
def _verdict(
    hits: int, ones: int, dice: int, threshold: int, harder: bool, shown_in: str
) -> Outcome:
    """The outcome of ``dice`` dice with ``hits`` hits and ``ones`` glitch faces, in the
    language ``shown_in``.
    """
    glitch = judge_glitch(ones=ones, dice=dice, hits=hits)
    success = succeeded(hits=hits, threshold=threshold)
    hits_text = hits_phrase(hits)
    verdict = (
        _("{hits} - success", hits=hits_text) if success else _("{hits} - failure", hits=hits_text)
    )
    detail = []
    if threshold:
        detail.append(
            _("threshold {threshold}, net hits {net}", threshold=threshold, net=hits - threshold)
        )
    if ones:
        faces = _("1 or 2") if harder else "1"
        detail.append(
            _n(
                "{ones} of {dice} dice shows {faces}",
                "{ones} of {dice} dice show {faces}",
                ones,
                ones=ones,
                dice=dice,
                faces=faces,
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
        values=FrozenDict(
            hits=hits,
            threshold=threshold,
            net_hits=hits - threshold,
            success=success,
            glitch=glitch.glitch,
            critical_glitch=glitch.critical,
            dice=dice,
        ),
    )


def _edge_refusal(*, spent: bool, none_left: bool) -> str:
    """Why Edge cannot be spent now, or "" when it can."""
    if spent:
        return _("Edge was spent on this check already (one point per check)")
    if none_left:
        return _(NO_EDGE_LEFT)
    return ""


@lru_cache(maxsize=256)
def _edge_actions(
    edge: int, spent: bool, none_left: bool, misses: int, shown_in: str
) -> tuple[Action, Action]:
    """The two uses of Edge after the roll, for an Edge of ``edge`` and ``misses`` dice
    without a hit, in the language ``shown_in``.
    """
    refusal = _edge_refusal(spent=spent, none_left=none_left)
    reroll_refusal = refusal or ("" if misses else _("every die is a hit"))
    return (
        Action(
            id="edge_extra_dice",
            label=_("Edge: +{n} dice", n=edge),
            cost=_("1 Edge"),
            enabled=not refusal,
            reason=refusal,
            hint=_(
                "Throw {n} more dice (your Edge) with the Rule of Six and add their hits.", n=edge
            ),
        ),
        Action(
            id="edge_reroll_misses",
            label=_n("Edge: reroll {n} miss", "Edge: reroll {n} misses", misses),
            cost=_("1 Edge"),
            enabled=not reroll_refusal,
            reason=reroll_refusal,
            hint=_("Throw every die that is not a hit again."),
        ),
    )
