"""Star Wars D6 as a rule system: how its sheet, templates, checks and group rolls declare
themselves to the app (rule text 004). The sheet's declaration is in
:mod:`.sheet_declaration`, the templates in :mod:`.templates`, the check parameters in
:mod:`.check_params`, their values in :mod:`.checks` ("A roll") and :mod:`.wound_checks`
("Resist damage", "Death roll"), the group rolls in :mod:`.group_checks`.

The preview gives the exact chance: the distribution of the sum of the dice by convolution,
nothing thrown (:mod:`.plan`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from shadowdice.core.dice import DiceSource
from shadowdice.core.group import GroupSession
from shadowdice.core.language import translations
from shadowdice.core.quoting import quoted
from shadowdice.core.registry import (
    EMPTY_PARTY,
    CheckError,
    CheckParam,
    CheckPreview,
    CheckValues,
    Party,
    RuleSystem,
)
from shadowdice.core.session import RollSession
from shadowdice.core.sheet import (
    FieldSpec,
    ResourceSpec,
    Sheet,
    SheetAction,
    SheetEditError,
    TableSpec,
    choice_resource,
    field_resource,
)
from shadowdice.systems.starwars import SYSTEM
from shadowdice.systems.starwars.check_params import (
    DEATH_ROLL,
    RESIST_DAMAGE,
    ROLL,
    check_params,
)
from shadowdice.systems.starwars.checks import StarWarsCheck, plan_roll
from shadowdice.systems.starwars.creation import FINISH_CREATION
from shadowdice.systems.starwars.damage import Wound
from shadowdice.systems.starwars.group_checks import (
    StarWarsGroupCheck,
    group_params,
    preview_group,
    start_group,
)
from shadowdice.systems.starwars.plan import chance_of_success
from shadowdice.systems.starwars.round_sheet import NEW_ROUND
from shadowdice.systems.starwars.session import SYSTEM_ID, StarWarsSession
from shadowdice.systems.starwars.sheet import WOUND_LABELS, StarWarsSheet, term
from shadowdice.systems.starwars.sheet_actions import (
    finish_action,
    finish_creation,
    new_round,
    new_round_action,
)
from shadowdice.systems.starwars.sheet_declaration import sheet_fields, sheet_tables
from shadowdice.systems.starwars.templates import (
    StarWarsTemplate,
    new_sheet_from_template,
    sample_templates,
    template_fields,
    template_tables,
)
from shadowdice.systems.starwars.wound_checks import (
    plan_death_roll,
    plan_resistance,
    start_death_roll,
    start_resistance,
)

_, _n = translations(__name__)


class StarWarsD6(RuleSystem):
    """Star Wars D6: codes of six-sided dice plus pips against a target number, no wild die."""

    id = SYSTEM_ID
    info = SYSTEM
    check_values_type = StarWarsCheck
    group_check_values_type = StarWarsGroupCheck
    sheet_type = StarWarsSheet
    template_type = StarWarsTemplate

    # --- the sheet -------------------------------------------------------------------------

    def sheet_fields(self) -> tuple[FieldSpec, ...]:
        """Name, template, species, creation, Force Points, armor, wounds, the round, the
        ship, background, notes.
        """
        return sheet_fields()

    def sheet_tables(self) -> tuple[TableSpec, ...]:
        """Attributes, skills, Force skills, equipment and "This round"."""
        return sheet_tables()

    def sheet_resources(self) -> tuple[ResourceSpec, ...]:
        """Force Points and the wound level."""
        fields = {spec.key: spec for spec in self.sheet_fields()}
        return (
            field_resource(fields["force_points"]),
            choice_resource(fields["wound"], _("Wounds")),
        )

    def game_master_fields(self) -> frozenset[str]:
        """The rest of the wound state (the wound level is a resource), and what the round
        keeps: actions, dodges, the Force Point, a ship's range.
        """
        return frozenset(
            {
                "mortal_rounds",
                "stunned",
                "stun_segment",
                "stun_after_action",
                "first_segment_lost",
                "this_round",
                "dodged",
                "prepared",
                "force_point_round",
                "ship_range",
            }
        )

    def shown_to_owner(self, key: str, value: Any) -> Any:
        """A dodge kept from a secret roll without its total (0): the player's sheet knows
        that the segment's dodge is rolled, not what it came to.

        >>> StarWarsD6().shown_to_owner("dodged", [
        ...     {"segment": 1, "roll": "skill:Dodge", "total": 14, "secret": True},
        ...     {"segment": 2, "roll": "skill:Dodge", "total": 9, "secret": False}])
        ... # doctest: +NORMALIZE_WHITESPACE
        [{'segment': 1, 'roll': 'skill:Dodge', 'total': 0, 'secret': True},
         {'segment': 2, 'roll': 'skill:Dodge', 'total': 9, 'secret': False}]
        """
        if key != "dodged":
            return value
        return [dict(dodge, total=0) if dodge.get("secret") else dodge for dodge in value]

    def sheet_status(self, sheet: Sheet) -> str:
        """The wound level and the stun of this round, when there are any."""
        assert isinstance(sheet, StarWarsSheet)
        words = [] if sheet.wound is Wound.HEALTHY else [term(WOUND_LABELS[sheet.wound])]
        if sheet.stunned:
            words.append(_("stunned this round"))
        return ", ".join(words)

    def sheet_actions(self, sheet: Sheet) -> tuple[SheetAction, ...]:
        """Finish creation (its label and question follow the sheet) and New round."""
        assert isinstance(sheet, StarWarsSheet)
        return (finish_action(sheet), new_round_action())

    def apply_sheet_action(self, sheet: Sheet, action_id: str, answer: bool = True) -> str:
        """Finish creation (``answer`` confirms losing the skill dice left), or start a new
        round.
        """
        assert isinstance(sheet, StarWarsSheet)
        if action_id == FINISH_CREATION:
            return finish_creation(sheet, answer)
        if action_id == NEW_ROUND:
            return new_round(sheet)
        return super().apply_sheet_action(sheet, action_id, answer)

    # --- templates -------------------------------------------------------------------------

    def template_fields(self) -> tuple[FieldSpec, ...]:
        """Name, species, background and notes of a template."""
        return template_fields()

    def template_tables(self) -> tuple[TableSpec, ...]:
        """Attributes, the skills under them, Force skills, starting equipment."""
        return template_tables()

    def sample_templates(self) -> tuple[Sheet, ...]:
        """The templates that ship with the app."""
        return sample_templates()

    def new_sheet_from_template(self, template: Sheet) -> Sheet:
        """A new character of the template, in creation, with one Force Point."""
        if not isinstance(template, StarWarsTemplate):
            raise SheetEditError(_("That is not a Star Wars D6 template."))
        return new_sheet_from_template(template)

    # --- a check of one character ----------------------------------------------------------

    def check_params(self, sheet: Sheet, party: Party = EMPTY_PARTY) -> tuple[CheckParam, ...]:
        """The kind of check, then what it asks: the roll, target, opponent, modifiers,
        segment and actions, preparing; the damage and the attacker; the Force Point.
        """
        assert isinstance(sheet, StarWarsSheet)
        return check_params(sheet, star_wars_party(party))

    def preview_check(
        self, sheet: Sheet, values: CheckValues, party: Party = EMPTY_PARTY
    ) -> CheckPreview:
        """What the check would roll and its exact chance (of success; of only a stun when
        resisting damage; of surviving a death roll), or why it cannot be rolled.
        """
        assert isinstance(sheet, StarWarsSheet)
        values = StarWarsCheck.read(values)
        kind = values.check or ROLL
        try:
            if kind == RESIST_DAMAGE:
                resist = plan_resistance(sheet, values, party)
                return CheckPreview(resist.summary, chance=resist.chance)
            if kind == DEATH_ROLL:
                death = plan_death_roll(sheet, values)
                return CheckPreview(death.summary, chance=death.chance)
            plan = plan_roll(sheet, _known(kind, values), party)
        except (CheckError, ValueError) as error:
            return CheckPreview(summary="", problem=str(error))
        return CheckPreview(summary=plan.summary, chance=chance_of_success(plan))

    def start_check(
        self, sheet: Sheet, values: CheckValues, source: DiceSource, party: Party = EMPTY_PARTY
    ) -> RollSession:
        """Start the check; refuses what cannot be rolled with the reason. Its result goes
        to this character's sheet through the session (a Force Point, a preparation, wounds).
        """
        assert isinstance(sheet, StarWarsSheet)
        values = StarWarsCheck.read(values)
        kind = values.check or ROLL
        try:
            if kind == RESIST_DAMAGE:
                return start_resistance(
                    sheet, plan_resistance(sheet, values, party), source, values
                )
            if kind == DEATH_ROLL:
                plan_death_roll(sheet, values)
                return start_death_roll(sheet, source, values)
            plan = plan_roll(sheet, _known(kind, values), party)
        except CheckError:
            raise
        except ValueError as error:
            raise CheckError(str(error)) from None
        return StarWarsSession(sheet, plan, source=source, parameters=values.as_parameters())

    # --- group rolls -----------------------------------------------------------------------

    @property
    def has_group_checks(self) -> bool:
        """Star Wars D6 knows the segment order and the speed contest."""
        return True

    def group_check_params(self, members: Sequence[Sheet]) -> tuple[CheckParam, ...]:
        """Segment order or speed contest; the segment, or the range and every pilot's wish."""
        return group_params(_star_wars(members))

    def preview_group_check(self, members: Sequence[Sheet], values: CheckValues) -> CheckPreview:
        """Who rolls what, or why the group roll cannot be rolled."""
        return preview_group(_star_wars(members), values)

    def start_group_check(
        self, members: Sequence[Sheet], values: CheckValues, source: DiceSource
    ) -> GroupSession:
        """Start a group roll; refuses what cannot be rolled with the reason."""
        try:
            return start_group(_star_wars(members), values, source)
        except CheckError:
            raise
        except ValueError as error:
            raise CheckError(str(error)) from None


def star_wars_party(party: Party) -> dict[str, StarWarsSheet]:
    """The open Star Wars D6 characters of the party, by name."""
    return {name: sheet for name, sheet in party.items() if isinstance(sheet, StarWarsSheet)}


def _star_wars(members: Sequence[Sheet]) -> list[StarWarsSheet]:
    sheets = [sheet for sheet in members if isinstance(sheet, StarWarsSheet)]
    if len(sheets) != len(members):
        raise CheckError(
            _("Every member of a Star Wars D6 group roll must be a Star Wars D6 character.")
        )
    return sheets


def _known(kind: str, values: StarWarsCheck) -> StarWarsCheck:
    """The values of "A roll", refusing an unknown kind of check."""
    if kind != ROLL:
        raise CheckError(_("{kind} is no kind of Star Wars D6 check.", kind=quoted(kind)))
    return values
