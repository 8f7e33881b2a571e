"""Generic dice as a rule system: its sheet of named rolls and its one check, rolling a named
roll or a typed expression, optionally against a target (docs/rules/generic.md).

The check values (:class:`GenericCheck`): ``roll``, the name of one of the sheet's rolls, or
"" for the expression typed in ``expression``; ``target``, the result to reach (the total,
or the successes), 0 for none. The preview gives the average and, with a target, the exact
chance of reaching it (:mod:`.odds`).
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, Strict

from shadowdice.core.dice import DiceSource
from shadowdice.core.language import translations
from shadowdice.core.quoting import shortened
from shadowdice.core.registry import (
    EMPTY_PARTY,
    CheckError,
    CheckParam,
    CheckPreview,
    CheckValues,
    CheckValuesModel,
    Party,
    RuleSystem,
)
from shadowdice.core.sheet import (
    ColumnSpec,
    FieldSpec,
    Kind,
    ResourceSpec,
    Row,
    Sheet,
    TableSpec,
    field_resource,
    free_name,
)
from shadowdice.systems.generic import SYSTEM, odds
from shadowdice.systems.generic.notation import EXAMPLES, Expression, NotationError, parse
from shadowdice.systems.generic.session import GenericSession
from shadowdice.systems.generic.sheet import MAX_HIT_POINTS, GenericSheet, NamedRoll

_, _n = translations(__name__)

#: The ``roll`` of a check that rolls the typed expression.
TYPED = ""
#: The highest target the check panel offers.
MAX_TARGET = 10_000


class GenericCheck(CheckValuesModel):
    """What a Generic dice check reads (see the module docstring)."""

    roll: str = TYPED
    expression: str = ""
    target: Annotated[int, Strict()] = Field(default=0, ge=0, le=MAX_TARGET)


class GenericDice(RuleSystem):
    """Dice expressions for any game: named rolls, the chance of a target, no other rules."""

    info = SYSTEM
    sheet_type = GenericSheet
    check_values_type = GenericCheck

    def sheet_fields(self) -> tuple[FieldSpec, ...]:
        """The name, the hit points and the notes."""
        return (
            FieldSpec("name", _("Name")),
            FieldSpec(
                "hit_points",
                _("Hit points"),
                Kind.INT,
                bounds=lambda sheet: (0, sheet.hit_points_max),
                hint=_("What the character has left of whatever the game counts down."),
            ),
            FieldSpec(
                "hit_points_max",
                _("Most hit points"),
                Kind.INT,
                bounds=lambda _sheet: (0, MAX_HIT_POINTS),
            ),
            FieldSpec("notes", _("Notes"), Kind.MULTILINE),
        )

    def sheet_resources(self) -> tuple[ResourceSpec, ...]:
        """The hit points."""
        fields = {spec.key: spec for spec in self.sheet_fields()}
        return (field_resource(fields["hit_points"]),)

    def sheet_tables(self) -> tuple[TableSpec, ...]:
        """The named rolls."""
        return (
            TableSpec(
                "rolls",
                _("Rolls"),
                (
                    ColumnSpec("name", _("Name")),
                    ColumnSpec("expression", _("Dice"), Kind.CODE),
                ),
                new_row=_new_roll,
                removable=lambda _row: True,
            ),
        )

    def check_params(self, sheet: Sheet, party: Party = EMPTY_PARTY) -> tuple[CheckParam, ...]:
        """Which roll (a named one, or a typed expression) and the target."""
        assert isinstance(sheet, GenericSheet)
        named = tuple((row.name, str(row)) for row in sheet.rolls)
        return (
            CheckParam(
                "roll",
                _("Roll"),
                Kind.CHOICE,
                named[0][0] if named else TYPED,
                choices=(*named, (TYPED, _("Type an expression"))),
                hint=_("One of the character's rolls, or an expression typed below."),
            ),
            CheckParam(
                "expression",
                _("Expression"),
                Kind.CODE,
                "1d20",
                hint=_("Dice such as {examples}.", examples=EXAMPLES),
                only_with=("roll", TYPED),
            ),
            CheckParam(
                "target",
                _("Target"),
                Kind.INT,
                0,
                bounds=(0, MAX_TARGET),
                hint=_("The result to reach: the total, or the successes. 0: no target."),
            ),
        )

    def preview_check(
        self, sheet: Sheet, values: CheckValues, party: Party = EMPTY_PARTY
    ) -> CheckPreview:
        """The expression, its average and, with a target, the chance of reaching it."""
        assert isinstance(sheet, GenericSheet)
        try:
            check = GenericCheck.read(values)
            label, expression = _chosen(sheet, check)
        except CheckError as error:
            return CheckPreview(summary="", problem=str(error))
        summary = label
        average = odds.mean(expression)
        if average is not None:  # the mean a number, written anew in the language shown
            summary = (
                _("{roll} · average successes {mean:.1f}", roll=label, mean=average)
                if expression.counts_successes
                else _("{roll} · average total {mean:.1f}", roll=label, mean=average)
            )
        chance = odds.chance_at_least(expression, check.target) if check.target else None
        return CheckPreview(summary=summary, chance=chance)

    def start_check(
        self, sheet: Sheet, values: CheckValues, source: DiceSource, party: Party = EMPTY_PARTY
    ) -> GenericSession:
        """Roll the chosen expression; refuses one that cannot be read, with the reason."""
        assert isinstance(sheet, GenericSheet)
        check = GenericCheck.read(values)
        label, expression = _chosen(sheet, check)
        return GenericSession(
            expression=expression,
            check=label,
            character=sheet.name,
            target=check.target or None,
            source=source,
            parameters=check.as_parameters(),
        )


def _chosen(sheet: GenericSheet, check: GenericCheck) -> tuple[str, Expression]:
    """What the check rolls, in words, and its expression."""
    if check.roll == TYPED:
        try:
            expression = parse(check.expression)
        except NotationError as error:
            raise CheckError(str(error)) from None
        return str(expression), expression
    try:
        row = sheet.roll(check.roll)
    except KeyError:
        raise CheckError(
            _("{roll} is not one of the character's rolls.", roll=shortened(check.roll))
        ) from None
    return str(row), parse(row.expression)


def _new_roll(sheet: GenericSheet) -> Row:
    return NamedRoll(name=free_name(_("New roll"), {row.name for row in sheet.rolls}))
