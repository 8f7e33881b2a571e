"""A looked-up table as a roll session, so that it shows in the tray and lands in the history
like any check, although no die is thrown.

The session resolves its :class:`~.shape.Lookup` from the check values when it
starts (a value that does not fit raises :class:`~shadowdice.core.registry.CheckError`
before a session exists). Its outcome is the result's sentence as headline, its details as
the detail line, and its plain numbers as values for the record; it offers no actions.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import fields, is_dataclass
from typing import Any

from shadowdice.core.dice import DiceSource
from shadowdice.core.language import Text
from shadowdice.core.session import Action, Outcome, RollSession, Tone
from shadowdice.systems.heldenhandbuch.lookups.body import DrinkResult
from shadowdice.systems.heldenhandbuch.lookups.combat import DamageResult, Severity
from shadowdice.systems.heldenhandbuch.lookups.crafting import CraftResult, MassProduction
from shadowdice.systems.heldenhandbuch.lookups.outdoors import ChaseResult, HerbResult
from shadowdice.systems.heldenhandbuch.lookups.shape import Lookup, LookupResult


def lookup_tone(result: LookupResult) -> Tone:
    """How a result feels: success or failure for the one who rolled, critical for a
    critical hit, neutral where the table only tells.

    >>> from shadowdice.systems.heldenhandbuch.lookups.combat import damage
    >>> lookup_tone(damage((20, 20))), lookup_tone(damage((9,)))
    (<Tone.CRITICAL: 'critical'>, <Tone.NEUTRAL: 'neutral'>)
    """
    if isinstance(result, DamageResult):
        critical = any(hit.severity is Severity.CRITICAL for hit in result.hits)
        return Tone.CRITICAL if critical else Tone.NEUTRAL
    if isinstance(result, CraftResult):
        failed = result.failed
    elif isinstance(result, MassProduction):
        failed = result.grade is None
    elif isinstance(result, DrinkResult):
        failed = result.points_lost > 0
    elif isinstance(result, HerbResult):
        failed = result.plants == 0
    elif isinstance(result, ChaseResult):
        failed = result.physis_lost > 0
    elif isinstance(success := getattr(result, "success", None), bool):
        failed = not success
    else:
        return Tone.NEUTRAL
    return Tone.FAILURE if failed else Tone.SUCCESS


def lookup_values(result: LookupResult) -> dict[str, int | float | str | bool | None]:
    """The plain numbers and words of a result, for the record.

    >>> from shadowdice.systems.heldenhandbuch.lookups.body import drinking
    >>> lookup_values(drinking(1, (4, 9)))
    {'drink': 1, 'minimum': 4, 'reaching': 2, 'points_lost': 0, 'unoffset': 0}
    """
    if not is_dataclass(result):
        return {}
    values: dict[str, int | float | str | bool | None] = {}
    for entry in fields(result):
        value = getattr(result, entry.name)
        if value is None or isinstance(value, int | float | bool):
            values[entry.name] = value
        elif isinstance(value, str):
            values[entry.name] = str(value)
    return values


class LookupSession(RollSession):
    """A table looked up as a check: resolved at once, no dice, no actions.

    Attributes:
        lookup: the table.
        result: what it resolved to.
    """

    def __init__(
        self,
        lookup: Lookup,
        values: Mapping[str, Any],
        *,
        system_id: str,
        character: str,
        source: DiceSource,
    ) -> None:
        """Resolve ``lookup`` from check ``values`` keyed as :meth:`Lookup.check_params` says.

        Raises:
            CheckError: a value does not fit, or the table does not allow the combination.
        """
        super().__init__(
            system_id=system_id,
            character=character,
            check=lookup.label,
            source=source,
            parameters=values,
        )
        self.lookup = lookup
        self.result = lookup.run_check(values)

    def outcome(self) -> Outcome:
        """The result's sentence, details and numbers."""
        return Outcome(
            headline=self.result.sentence,
            tone=lookup_tone(self.result),
            detail=Text.join(" ", self.result.details),
            values=lookup_values(self.result),
        )

    def _evaluate(self) -> None:
        """Nothing to mark: no die is thrown."""

    def _offered(self) -> Iterable[Action]:
        return ()

    def _apply(self, action: Action, picked: tuple[int, ...]) -> None:
        raise AssertionError("a looked-up table offers no actions")  # apply() refuses first
