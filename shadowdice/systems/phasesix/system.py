"""Phase Six as a rule system: how its checks and group rolls declare themselves to the app
(rule texts 000, classic rules, and 001, current rules). The sheet's declaration is in
:mod:`.sheet_declaration`.

The check parameters depend on the character's rules variant: the classic rules ask for the
attribute that sets the minimum roll and a level of difficulty, the current rules for a free
modifier of the character's own minimum roll. The values they produce are read in
:mod:`.checks`. A group roll asks the same; as every member rolls with their own values, its
labels list every member's (the trait's dice, the minimum roll).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from shadowdice.core.dice import DiceSource
from shadowdice.core.group import GroupSession, member_names
from shadowdice.core.language import Text, translations
from shadowdice.core.odds import chance_of_at_least
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
from shadowdice.core.sheet import (
    FieldSpec,
    Kind,
    ResourceSpec,
    Sheet,
    SheetAction,
    TableSpec,
    field_resource,
)
from shadowdice.systems.phasesix import SYSTEM
from shadowdice.systems.phasesix.checks import (
    CONCEALMENT,
    MODIFIER_BOUNDS,
    NEEDED_BOUNDS,
    PhaseSixCheck,
    PhaseSixGroupCheck,
    Plan,
    best_trait,
    plan_check,
    problem,
    trait_choices,
    trait_of,
)
from shadowdice.systems.phasesix.concealment import describe
from shadowdice.systems.phasesix.group import (
    group_problem,
    needed_of,
    plan_group,
    start_group,
)
from shadowdice.systems.phasesix.rules import Difficulty, roll_text, success_chance, term
from shadowdice.systems.phasesix.session import SYSTEM_ID, PhaseSixSession
from shadowdice.systems.phasesix.sheet import CONCEALMENT_BOUNDS, PERCEPTION, PhaseSixSheet
from shadowdice.systems.phasesix.sheet_declaration import (
    REST,
    rest,
    rest_action,
    sheet_fields,
    sheet_tables,
)

_, _n = translations(__name__)


class PhaseSix(RuleSystem):
    """Phase Six: d6 pools against a minimum roll, exploding dice, bonus, reroll and destiny
    dice, by the classic or the current rules.
    """

    id = SYSTEM_ID
    info = SYSTEM
    sheet_type = PhaseSixSheet
    check_values_type = PhaseSixCheck
    group_check_values_type = PhaseSixGroupCheck

    # --- the sheet (declared in sheet_declaration.py) ---------------------------------------

    def sheet_fields(self) -> tuple[FieldSpec, ...]:
        """Name, rules, lineage and minimum roll, the three kinds of dice, notes."""
        return sheet_fields()

    def sheet_tables(self) -> tuple[TableSpec, ...]:
        """Attributes, skills, knowledge and equipment."""
        return sheet_tables()

    def sheet_resources(self) -> tuple[ResourceSpec, ...]:
        """Bonus, reroll and destiny dice left."""
        fields = {spec.key: spec for spec in self.sheet_fields()}
        return (
            field_resource(fields["bonus_dice"], _("Bonus dice")),
            field_resource(fields["reroll_dice"], _("Reroll dice")),
            field_resource(fields["destiny_dice"], _("Destiny dice")),
        )

    def quick_checks(self, sheet: Sheet) -> tuple[QuickCheck, ...]:
        """The default list, the skills the character has no dice in marked unrated."""
        assert isinstance(sheet, PhaseSixSheet)
        none = {f"skill:{skill.name}" for skill in sheet.skills if not skill.value}
        return unrated_marked(super().quick_checks(sheet), "trait", none)

    def sheet_actions(self, sheet: Sheet) -> tuple[SheetAction, ...]:
        """The rest, which refreshes the dice; the classic rules ask how long it was."""
        return (rest_action(classic=isinstance(sheet, PhaseSixSheet) and sheet.classic),)

    def apply_sheet_action(self, sheet: Sheet, action_id: str, answer: bool = True) -> str:
        """Rest: refresh the dice; ``answer`` says whether the rest lasted 10 hours."""
        if action_id != REST:
            return super().apply_sheet_action(sheet, action_id, answer)
        assert isinstance(sheet, PhaseSixSheet)
        return rest(sheet, long=answer)

    # --- a check of one character -------------------------------------------------------------

    def check_params(self, sheet: Sheet, party: Party = EMPTY_PARTY) -> tuple[CheckParam, ...]:
        """What to roll, the minimum roll and difficulty of the variant, dice added before the
        roll, and for a concealment roll whom the character observes.
        """
        assert isinstance(sheet, PhaseSixSheet)
        concealment = _(
            "Concealment roll ({perception} {value})",
            perception=term(PERCEPTION),
            value=sheet.perception,
        )
        trait = CheckParam(
            "trait",
            _("Roll"),
            Kind.CHOICE,
            best_trait(sheet),
            choices=(*trait_choices(sheet), (CONCEALMENT, concealment)),
            hint=_("The skill or knowledge the game master asks for; its value is the dice."),
        )
        if sheet.classic:
            difficulty = _classic_difficulty(
                (
                    attribute.name,
                    _(
                        "{attribute} {gives}",
                        attribute=term(attribute.name),
                        gives=_gives(sheet, attribute.name),
                    ),
                )
                for attribute in sheet.attributes
            )
        else:
            own = roll_text(sheet.minimum_roll)
            difficulty = _current_difficulty(_("minimum roll {minimum_roll}", minimum_roll=own))
        return (
            trait,
            *difficulty,
            _dice_before_roll(
                "bonus_dice",
                _("Bonus dice (of {left})", left=sheet.bonus_dice),
                sheet.bonus_dice,
                _("Bonus dice to throw with the roll; more can be added after it."),
            ),
            _dice_before_roll(
                "destiny_dice",
                _("Destiny dice (of {left})", left=sheet.destiny_dice),
                sheet.destiny_dice,
                _("Destiny dice to throw apart with the roll; each succeeds on 4+."),
            ),
            CheckParam(
                "observed",
                _("Observed characters"),
                Kind.CHARACTERS,
                (),
                choices=tuple(
                    (name, _("{name}: {carries}", name=name, carries=describe(other)))
                    for name, other in party.items()
                    if isinstance(other, PhaseSixSheet)
                ),
                hint=_(
                    "Concealment roll: the characters observed; their most conspicuous item counts."
                ),
                only_with=("trait", CONCEALMENT),
            ),
            CheckParam(
                "concealment",
                _("Concealment value"),
                Kind.INT,
                0,
                bounds=CONCEALMENT_BOUNDS,
                hint=_(
                    "Concealment roll: the most conspicuous item of someone not on a sheet; "
                    "the highest value counts."
                ),
                only_with=("trait", CONCEALMENT),
            ),
        )

    def preview_check(
        self, sheet: Sheet, values: CheckValues, party: Party = EMPTY_PARTY
    ) -> CheckPreview:
        """The dice and minimum roll in words, the chance of at least one success, or why the
        check cannot be rolled.
        """
        assert isinstance(sheet, PhaseSixSheet)
        try:
            plan = plan_check(sheet, values, party)
        except CheckError as error:
            return CheckPreview(summary="", problem=str(error))
        if reason := problem(sheet, plan):
            return CheckPreview(summary=plan.summary, problem=reason)
        return CheckPreview(summary=plan.summary, chance=chance_of_at_least(_chances(plan), 1))

    def start_check(
        self, sheet: Sheet, values: CheckValues, source: DiceSource, party: Party = EMPTY_PARTY
    ) -> PhaseSixSession:
        """Start the check; refuses what cannot be rolled with the reason."""
        assert isinstance(sheet, PhaseSixSheet)
        values = PhaseSixCheck.read(values)
        plan = plan_check(sheet, values, party)
        if (reason := problem(sheet, plan)) or plan.minimum_roll is None:
            raise CheckError(reason)
        return PhaseSixSession(
            sheet,
            check=plan.check,
            pool=plan.trait.dice,
            minimum_roll=plan.minimum_roll,
            bonus_dice=plan.bonus_dice,
            destiny_dice=plan.destiny_dice,
            source=source,
            parameters=values.as_parameters(),
        )

    # --- group rolls --------------------------------------------------------------------------

    @property
    def has_group_checks(self) -> bool:
        """Phase Six knows group rolls."""
        return True

    def group_check_params(self, members: Sequence[Sheet]) -> tuple[CheckParam, ...]:
        """The traits all members have, the difficulty of their variant (the first member's,
        should they differ) and the successes needed. Every label lists each member's own
        value: their dice for a trait, their minimum roll for an attribute or a modifier.
        """
        sheets = _phase_six(members)
        if not sheets:
            return ()
        names = member_names(sheets)
        choices = _group_traits(names, sheets)
        return (
            CheckParam(
                "trait",
                _("Roll"),
                Kind.CHOICE,
                choices[0][0] if choices else "",
                choices=choices,
                hint=_("What every member rolls, each with their own value."),
            ),
            *_group_difficulty(names, sheets),
            CheckParam(
                "needed",
                _("Successes needed"),
                Kind.INT,
                min(len(sheets), NEEDED_BOUNDS[1]),
                bounds=NEEDED_BOUNDS,
                hint=_("The successes the group needs in all, as the game master says."),
            ),
        )

    def preview_group_check(self, members: Sequence[Sheet], values: CheckValues) -> CheckPreview:
        """Each member's dice and minimum roll, and the chance that the group makes it."""
        sheets = _phase_six(members)
        try:
            plans = plan_group(sheets, values)
            needed = needed_of(values)
        except CheckError as error:
            return CheckPreview(summary="", problem=str(error))
        summary = Text.join(
            "; ",
            (
                _("{name}: {summary}", name=name, summary=plan.summary)
                for name, plan in zip(member_names(sheets), plans, strict=True)
            ),
        )
        if reason := group_problem(sheets, plans):
            return CheckPreview(summary=summary, problem=reason)
        chances = [chance for plan in plans for chance in _chances(plan)]
        return CheckPreview(summary=summary, chance=chance_of_at_least(chances, needed))

    def start_group_check(
        self, members: Sequence[Sheet], values: CheckValues, source: DiceSource
    ) -> GroupSession:
        """Start a group roll; refuses what cannot be rolled with the reason."""
        return start_group(_phase_six(members), values, source)


def _group_traits(
    names: Sequence[str], sheets: Sequence[PhaseSixSheet]
) -> tuple[tuple[str, str], ...]:
    """The traits every member has, each labelled with every member's dice."""
    common = [{key for key, _label in trait_choices(sheet)} for sheet in sheets]
    choices = []
    for key, _label in trait_choices(sheets[0]):
        if all(key in keys for keys in common):
            dice = [trait_of(sheet, key).dice for sheet in sheets]
            label = trait_of(sheets[0], key).label
            choices.append((key, _("{trait} ({each})", trait=label, each=_each(names, dice))))
    return tuple(choices)


def _group_difficulty(
    names: Sequence[str], sheets: Sequence[PhaseSixSheet]
) -> tuple[CheckParam, ...]:
    """The difficulty of the first member's rules, labelled with the minimum roll of every
    member who plays by them (the preview refuses the others).
    """
    first = sheets[0]
    alike = [pair for pair in zip(names, sheets, strict=True) if pair[1].rules == first.rules]
    alike_names = [name for name, _sheet in alike]
    if first.classic:
        attributes = []
        for attribute in first.attributes:
            gives = [_gives(sheet, attribute.name) for _name, sheet in alike]
            label = _(
                "{trait} ({each})", trait=term(attribute.name), each=_each(alike_names, gives)
            )
            attributes.append((attribute.name, label))
        return _classic_difficulty(attributes)
    rolls = _each(alike_names, [roll_text(sheet.minimum_roll) for _name, sheet in alike])
    words = _n("minimum roll {rolls}", "minimum rolls {rolls}", len(alike), rolls=rolls)
    return _current_difficulty(words)


def _classic_difficulty(attributes: Iterable[tuple[str, Text]]) -> tuple[CheckParam, ...]:
    """The attribute that sets the minimum roll, given as (name, label) pairs, and the level
    of difficulty.
    """
    return (
        CheckParam(
            "minimum_roll_from",
            _("Minimum roll from"),
            Kind.CHOICE,
            "",
            choices=(("", _("Choose the attribute")), *attributes),
            hint=_(
                "The persona or physis attribute the game master names; it sets the minimum "
                "roll. A concealment roll has its own (7 - concealment)."
            ),
        ),
        CheckParam(
            "difficulty",
            _("Difficulty"),
            Kind.CHOICE,
            Difficulty.NORMAL.value,
            choices=tuple((level.value, level.label) for level in Difficulty),
            hint=_("A hard check raises the minimum roll by 2, a very hard one by 4."),
        ),
    )


def _current_difficulty(modified: Text) -> tuple[CheckParam, ...]:
    """The game master's modifier, labelled with what it modifies ("minimum roll 5+")."""
    return (
        CheckParam(
            "modifier",
            _("Difficulty ± ({modified})", modified=modified),
            Kind.INT,
            0,
            bounds=MODIFIER_BOUNDS,
            hint=_("The game master's modifier: +3 raises the minimum roll by 3, -1 lowers it."),
        ),
    )


def _dice_before_roll(key: str, label: Text, left: int, hint: Text) -> CheckParam:
    """Dice of a kind added before the roll (``label`` says how many are left), at most those
    left; back to 0 after each roll, so that the next roll spends none unasked.
    """
    return CheckParam(
        key,
        label,
        Kind.INT,
        0,
        bounds=(0, left),
        hint=hint,
        resets_after_roll=True,
    )


def _gives(sheet: PhaseSixSheet, attribute: str) -> str:
    """An attribute's value and the classic minimum roll it gives: "10 → 15+"."""
    found = sheet.attribute(attribute)
    return f"{found.value} → {found.minimum_roll_text}"


def _each(names: Sequence[str], values: Iterable[object]) -> str:
    """Every member's value, by name: "Hagen 5, Mira 2"."""
    return ", ".join(f"{name} {value}" for name, value in zip(names, values, strict=True))


def _chances(plan: Plan) -> list[float]:
    """The chance of success of every die the plan throws."""
    assert plan.minimum_roll is not None
    roll = plan.minimum_roll.value
    ordinary = success_chance(roll)
    destiny = success_chance(roll, destiny=True)
    dice = [ordinary] * (max(plan.trait.dice, 0) + plan.bonus_dice) + [destiny] * plan.destiny_dice
    return [float(chance) for chance in dice]


def _phase_six(members: Sequence[Sheet]) -> list[PhaseSixSheet]:
    sheets = []
    for sheet in members:
        if not isinstance(sheet, PhaseSixSheet):
            raise CheckError(
                _("{name} is not a Phase Six character.", name=sheet.name)
                if sheet.name
                else _("A character is not a Phase Six character.")
            )
        sheets.append(sheet)
    return sheets
