"""Heldenhandbuch as a rule system: its checks declared to the app (rule text 003). The
sheet's declaration is in :mod:`.sheet_declaration`; the values of an attribute or skill check
are read in :mod:`.checks`, those of the game master's tables in :mod:`.lookup_checks`.

The check parameters, in the panel's order: ``check`` (an attribute or skill check, or a
table); for an attribute or skill check ``what``, ``roll``, ``extra_dice``, ``quality`` and,
for a learning roll, ``learning_dice``, ``goal``, ``lucky_dice``; then every table's inputs,
``<table id>_<input key>``, shown only while that table is chosen.
"""

from __future__ import annotations

from collections.abc import Sequence

from shadowdice.core.dice import DiceSource
from shadowdice.core.language import translations
from shadowdice.core.registry import (
    EMPTY_PARTY,
    CheckError,
    CheckParam,
    CheckPreview,
    CheckValues,
    Party,
    QuickCheck,
    RuleSystem,
    unrated_marked,
)
from shadowdice.core.session import RollSession
from shadowdice.core.sheet import (
    FieldSpec,
    Kind,
    ResourceSpec,
    Sheet,
    TableSpec,
    field_resource,
)
from shadowdice.systems.heldenhandbuch import SYSTEM
from shadowdice.systems.heldenhandbuch.checks import (
    GOALS,
    LEARNING,
    ROLLS,
    SINGLE,
    HeldenCheck,
    plan_check,
    start,
    what_choices,
)
from shadowdice.systems.heldenhandbuch.contests import (
    ContestCheck,
    contest_params,
    preview_contest,
    start_contest,
)
from shadowdice.systems.heldenhandbuch.dice_steps import MAX_DICE
from shadowdice.systems.heldenhandbuch.lookup_checks import (
    ATTRIBUTE_OR_SKILL,
    CHECK,
    check_param,
    chosen_lookup,
    lookup_params,
    preview_lookup,
    start_lookup,
)
from shadowdice.systems.heldenhandbuch.mastery import Goal
from shadowdice.systems.heldenhandbuch.roll_session import SYSTEM_ID
from shadowdice.systems.heldenhandbuch.sheet import QUALITY_BOUNDS, HeldenSheet
from shadowdice.systems.heldenhandbuch.sheet_declaration import sheet_fields, sheet_tables

_, _n = translations(__name__)


class Heldenhandbuch(RuleSystem):
    """Heldenhandbuch: W6 to W20, results from matches and sequences, single, sieve, cascade
    and learning rolls.
    """

    id = SYSTEM_ID
    info = SYSTEM
    sheet_type = HeldenSheet
    check_values_type = HeldenCheck
    group_check_values_type = ContestCheck

    def sheet_fields(self) -> tuple[FieldSpec, ...]:
        """Name, respect, Mythos points, EP, lucky number, notes."""
        return sheet_fields()

    def sheet_tables(self) -> tuple[TableSpec, ...]:
        """Attributes, skills, Physis and Psyche, life circles, equipment and armor."""
        return sheet_tables()

    def sheet_resources(self) -> tuple[ResourceSpec, ...]:
        """Physis and Psyche points, Mythos points, EP and respect."""
        fields = {spec.key: spec for spec in self.sheet_fields()}
        return (
            _points_resource(0, "Physis"),
            _points_resource(1, "Psyche"),
            field_resource(fields["mythos_points"], _("Mythos points"), at_a_glance=False),
            field_resource(fields["experience_points"], _("EP"), at_a_glance=False),
            field_resource(fields["respect"], _("Respect"), at_a_glance=False),
        )

    def game_master_fields(self) -> frozenset[str]:
        """Injuries, armor worn down, and what a combat phase carries to the next."""
        return frozenset(
            {
                "life_circles",
                "armor",
                "combat_dice_lost",
                "combat_throws_skipped",
                "combat_dice_saved",
                "psyche_lines_wished",
            }
        )

    def quick_checks(self, sheet: Sheet) -> tuple[QuickCheck, ...]:
        """The default list, the skills the character has no value in marked unrated."""
        assert isinstance(sheet, HeldenSheet)
        none = {f"skill:{skill.name}" for skill in sheet.skills if not skill.value}
        return unrated_marked(super().quick_checks(sheet), "what", none)

    def sheet_status(self, sheet: Sheet) -> str:
        """The dice every check loses to emptied lines and critical injuries."""
        assert isinstance(sheet, HeldenSheet)
        physical, other = sheet.dice_lost(physical=True), sheet.dice_lost(physical=False)
        if not physical:
            return ""
        if physical == other:
            return _("−{dice} dice on every check", dice=physical)
        return _("−{dice} dice on physical checks, −{other} on others", dice=physical, other=other)

    def check_params(self, sheet: Sheet, party: Party = EMPTY_PARTY) -> tuple[CheckParam, ...]:
        """A check or a table; for a check what to roll, how, dice gained or lost, a tool's
        quality, and for a learning roll its dice, its goal and the lucky numbers that pay for
        it; for a table its inputs.
        """
        assert isinstance(sheet, HeldenSheet)
        choices = what_choices(sheet)
        rolled = (CHECK, ATTRIBUTE_OR_SKILL)
        return (
            check_param(),
            CheckParam(
                "what",
                _("Roll"),
                Kind.CHOICE,
                choices[0][0] if choices else "",
                choices=choices,
                hint=_("The attribute or skill the game master asks for."),
                only_with=rolled,
            ),
            CheckParam(
                "roll",
                _("Kind of roll"),
                Kind.CHOICE,
                SINGLE,
                choices=tuple((roll, _(label)) for roll, label in ROLLS),
                hint=_(
                    "Single: one throw. Sieve: keep dice and throw the rest again. Cascade: "
                    "build one group of matches and sequences. Learning: raise the value."
                ),
                only_with=rolled,
            ),
            CheckParam(
                "extra_dice",
                _("Dice gained or lost"),
                Kind.INT,
                0,
                bounds=(-MAX_DICE, MAX_DICE),
                hint=_(
                    "Beyond the sheet's emptied lines and critical injuries: an item's bonus "
                    "dice, dice won back by gritting your teeth, a lost Physis line for a skill."
                ),
                only_with=rolled,
            ),
            CheckParam(
                "quality",
                _("Tool or weapon quality"),
                Kind.INT,
                0,
                bounds=QUALITY_BOUNDS,
                hint=_(
                    "Matches and sequences reach only up to the lower of value and quality. "
                    "0: no limit."
                ),
                only_with=rolled,
            ),
            CheckParam(
                "memory",
                _("Memory check (the game master rolls it)"),
                Kind.FLAG,
                False,
                hint=_(
                    "Something the character lived through or learned and the player forgot: "
                    "the game master rolls the check for the player and tells what is remembered."
                ),
                only_with=rolled,
                resets_after_roll=True,
            ),
            CheckParam(
                "learning_dice",
                _("Learning dice"),
                Kind.INT,
                1,
                bounds=(1, MAX_DICE),
                hint=_("Each costs 1 EP ({left} left).", left=sheet.experience_points),
                only_with=("roll", LEARNING),
            ),
            CheckParam(
                "goal",
                _("Learning for"),
                Kind.CHOICE,
                Goal.VALUE.value,
                choices=tuple((goal, _(label)) for goal, label in GOALS),
                only_with=("roll", LEARNING),
            ),
            CheckParam(
                "lucky_dice",
                _("Paid by lucky numbers"),
                Kind.INT,
                0,
                bounds=(0, MAX_DICE),
                hint=_("Attributes only: learning dice paid by lucky numbers thrown, not by EP."),
                only_with=("roll", LEARNING),
                resets_after_roll=True,
            ),
            *lookup_params(sheet),
        )

    def preview_check(
        self, sheet: Sheet, values: CheckValues, party: Party = EMPTY_PARTY
    ) -> CheckPreview:
        """What the check rolls ("Sieve roll: 3W12, matches up to 9; ..."), with the chance of
        a result for a single roll; or the table looked up; or why it cannot be done.
        """
        assert isinstance(sheet, HeldenSheet)
        try:
            values = HeldenCheck.read(values)
            lookup = chosen_lookup(values)
            if lookup is not None:
                return preview_lookup(lookup, values)
            plan = plan_check(sheet, values)
        except CheckError as error:
            return CheckPreview(summary="", problem=str(error))
        return CheckPreview(summary=plan.summary, chance=plan.chance(sheet.lucky_number))

    def start_check(
        self, sheet: Sheet, values: CheckValues, source: DiceSource, party: Party = EMPTY_PARTY
    ) -> RollSession:
        """Start the check, or look the table up; refuses what cannot be done with the
        reason.
        """
        assert isinstance(sheet, HeldenSheet)
        values = HeldenCheck.read(values)
        lookup = chosen_lookup(values)
        if lookup is not None:
            return start_lookup(sheet, lookup, values, source)
        return start(sheet, plan_check(sheet, values), source, values.as_parameters())

    # --- contests between characters (see contests.py) ------------------------------------

    @property
    def has_group_checks(self) -> bool:
        """Contests: combat, influence, bargaining, joint checks."""
        return True

    def group_check_params(self, members: Sequence[Sheet]) -> tuple[CheckParam, ...]:
        """The contest and what each character rolls in it."""
        return contest_params(members)

    def preview_group_check(self, members: Sequence[Sheet], values: CheckValues) -> CheckPreview:
        """What every character throws, or why the contest cannot be held."""
        return preview_contest(members, values)

    def start_group_check(
        self, members: Sequence[Sheet], values: CheckValues, source: DiceSource
    ) -> RollSession:
        """Start the contest; refuses what cannot be held, with the reason."""
        return start_contest(members, values, source)


def _points_resource(row: int, label: str) -> ResourceSpec:
    """Physis or Psyche: the points left, at most all lines full."""

    def put(sheet: HeldenSheet, value: int) -> None:
        sheet.points[row].current = value

    return ResourceSpec(
        key=label.casefold(),
        label=label,
        get=lambda sheet: sheet.points[row].current,
        bounds=lambda sheet: (0, sheet.points[row].maximum),
        put=put,
        hint=_("{label} points left; an emptied line costs a die.", label=label),
    )
