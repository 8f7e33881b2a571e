"""Phase Six as a rule system: how its sheet, checks, group rolls and the rest declare
themselves to the app (rule texts 000, classic rules, and 001, current rules).

The check parameters depend on the character's rules variant: the classic rules ask for the
attribute that sets the minimum roll and a level of difficulty, the current rules for a free
modifier of the character's own minimum roll. The values they produce are read in
:mod:`.checks`.

The rest refreshes bonus and reroll dice to their maximum, and destiny dice too, except that
the classic rules refresh destiny dice only after a rest of at least 10 hours; the rest's
question asks that, and the current rules ignore the answer.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from shadowdice.core.dice import DiceSource
from shadowdice.core.group import GroupSession
from shadowdice.core.registry import (
    EMPTY_PARTY,
    CheckError,
    CheckParam,
    CheckPreview,
    CheckValues,
    Party,
    RuleSystem,
)
from shadowdice.core.sheet import (
    ColumnSpec,
    FieldSpec,
    Kind,
    Row,
    Sheet,
    SheetAction,
    TableSpec,
)
from shadowdice.systems.phasesix.checks import (
    CONCEALMENT,
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
    member_names,
    needed_of,
    plan_group,
    start_group,
)
from shadowdice.systems.phasesix.rules import (
    RULES,
    Difficulty,
    chance_of_successes,
    success_chance,
)
from shadowdice.systems.phasesix.session import SYSTEM_ID, PhaseSixSession
from shadowdice.systems.phasesix.sheet import (
    CONCEALMENT_BOUNDS,
    DICE_MAX,
    MINIMUM_ROLL_BOUNDS,
    PERCEPTION,
    SKILL_BOUNDS,
    Item,
    Knowledge,
    PhaseSixSheet,
    Skill,
    attribute_bounds,
)

MODIFIER_BOUNDS = (-10, 20)
NEEDED_BOUNDS = (1, 99)
REST = "rest"


class PhaseSix(RuleSystem):
    """Phase Six: d6 pools against a minimum roll, exploding dice, bonus, reroll and destiny
    dice, by the classic or the current rules.
    """

    id = SYSTEM_ID
    name = "Phase Six"
    summary = (
        "Pools of d6 against a minimum roll, exploding sixes, bonus, reroll and destiny dice; "
        "classic and current rules."
    )
    sheet_type = PhaseSixSheet

    # --- the sheet -------------------------------------------------------------------------

    def sheet_fields(self) -> tuple[FieldSpec, ...]:
        """Name, rules, lineage and minimum roll, the three kinds of dice, notes."""
        return (
            FieldSpec("name", "Name"),
            FieldSpec(
                "variant",
                "Rules",
                Kind.CHOICE,
                choices=RULES,
                hint="Classic rules: minimum rolls from the attributes. Current rules: the "
                "character's own minimum roll. Switching keeps the attributes both share.",
            ),
            FieldSpec(
                "lineage",
                "Lineage",
                hint="Current rules: the lineage gives the minimum roll (a human has 5+).",
            ),
            FieldSpec(
                "minimum_roll",
                "Minimum roll",
                Kind.INT,
                bounds=lambda sheet: MINIMUM_ROLL_BOUNDS,
                hint="Current rules: a die succeeds when it reaches this (5 for 5+). "
                "The classic rules take it from the attribute the game master names.",
            ),
            *_dice_fields("bonus_dice", "Bonus dice", "Dice added to a roll, before or after."),
            *_dice_fields(
                "reroll_dice",
                "Reroll dice",
                "Classic rules: one die thrown again each. Current rules: one whole roll each.",
            ),
            *_dice_fields(
                "destiny_dice",
                "Destiny dice",
                "Used as bonus or reroll dice; a destiny die succeeds on 4+ whatever the "
                "difficulty.",
            ),
            FieldSpec("notes", "Notes", Kind.MULTILINE),
        )

    def sheet_tables(self) -> tuple[TableSpec, ...]:
        """Attributes (fixed rows, with the classic minimum roll live), skills (standard ones
        plus the player's own), knowledge and equipment.
        """
        return (
            TableSpec(
                "attributes",
                "Attributes",
                (
                    ColumnSpec("name", "Attribute", editable=False),
                    ColumnSpec("category", "Persona/Physis", editable=False),
                    ColumnSpec(
                        "value", "Value", Kind.INT, bounds=lambda row: attribute_bounds(row.name)
                    ),
                    ColumnSpec("minimum_roll_text", "Minimum roll (classic)", editable=False),
                ),
            ),
            TableSpec(
                "skills",
                "Skills",
                (
                    ColumnSpec("name", "Skill", editable=lambda row: row.custom),
                    ColumnSpec("value", "Value", Kind.INT, bounds=lambda row: SKILL_BOUNDS),
                ),
                new_row=_new_skill,
                removable=lambda row: row.custom,
                hide_zero="value",
            ),
            TableSpec(
                "knowledge",
                "Knowledge",
                (
                    ColumnSpec("name", "Knowledge"),
                    ColumnSpec("value", "Value", Kind.INT, bounds=lambda row: SKILL_BOUNDS),
                    ColumnSpec(
                        "skill",
                        "Skill (current rules add it)",
                        Kind.CHOICE,
                        choices=lambda sheet: ("", *(skill.name for skill in sheet.skills)),
                    ),
                ),
                new_row=_new_knowledge,
                removable=lambda row: True,
            ),
            TableSpec(
                "equipment",
                "Equipment",
                (
                    ColumnSpec("name", "Item"),
                    ColumnSpec(
                        "concealment",
                        "Concealment",
                        Kind.INT,
                        bounds=lambda row: CONCEALMENT_BOUNDS,
                    ),
                ),
                new_row=_new_item,
                removable=lambda row: True,
            ),
        )

    def sheet_actions(self, sheet: Sheet) -> tuple[SheetAction, ...]:
        """The rest, which refreshes the dice; the classic rules ask how long it was."""
        classic = isinstance(sheet, PhaseSixSheet) and sheet.classic
        return (
            SheetAction(
                REST,
                "Rest",
                hint="Bonus, reroll and destiny dice back to their maximum"
                + (" (destiny dice only after 10 hours or more)." if classic else "."),
                question="Did the rest last at least 10 hours?" if classic else "",
            ),
        )

    def apply_sheet_action(self, sheet: Sheet, action_id: str, answer: bool = True) -> str:
        """Rest: refresh the dice; ``answer`` says whether the rest lasted 10 hours."""
        if action_id != REST:
            return super().apply_sheet_action(sheet, action_id, answer)
        assert isinstance(sheet, PhaseSixSheet)
        sheet.bonus_dice = sheet.bonus_dice_max
        sheet.reroll_dice = sheet.reroll_dice_max
        refreshed = ["bonus dice", "reroll dice"]
        destiny = not sheet.classic or answer
        if destiny:
            sheet.destiny_dice = sheet.destiny_dice_max
            refreshed.append("destiny dice")
        message = f"Rested: {', '.join(refreshed[:-1])} and {refreshed[-1]} refreshed."
        if not destiny:
            message += (
                f" Destiny dice stay at {sheet.destiny_dice} of {sheet.destiny_dice_max}: "
                "they refresh after 10 hours of rest."
            )
        return message

    # --- a check of one character -------------------------------------------------------------

    def check_params(self, sheet: Sheet, party: Party = EMPTY_PARTY) -> tuple[CheckParam, ...]:
        """What to roll, the minimum roll and difficulty of the variant, dice added before the
        roll, and for a concealment roll whom the character observes.
        """
        assert isinstance(sheet, PhaseSixSheet)
        perception = sheet.skill(PERCEPTION).value
        trait = CheckParam(
            "trait",
            "Roll",
            Kind.CHOICE,
            best_trait(sheet),
            choices=(
                *trait_choices(sheet),
                (CONCEALMENT, f"Concealment roll ({PERCEPTION} {perception})"),
            ),
            hint="The skill or knowledge the game master asks for; its value is the dice.",
        )
        return (
            trait,
            *(_classic_difficulty(sheet) if sheet.classic else _current_difficulty(sheet)),
            CheckParam(
                "bonus_dice",
                f"Bonus dice (of {sheet.bonus_dice})",
                Kind.INT,
                0,
                bounds=(0, sheet.bonus_dice),
                hint="Bonus dice to throw with the roll; more can be added after it.",
            ),
            CheckParam(
                "destiny_dice",
                f"Destiny dice (of {sheet.destiny_dice})",
                Kind.INT,
                0,
                bounds=(0, sheet.destiny_dice),
                hint="Destiny dice to throw apart with the roll; each succeeds on 4+.",
            ),
            CheckParam(
                "observed",
                "Observed characters",
                Kind.CHARACTERS,
                (),
                choices=tuple(
                    (name, f"{name}: {describe(other)}")
                    for name, other in party.items()
                    if isinstance(other, PhaseSixSheet)
                ),
                hint="Concealment roll: the characters observed; their most conspicuous item "
                "counts.",
                only_with=("trait", CONCEALMENT),
            ),
            CheckParam(
                "concealment",
                "Concealment value",
                Kind.INT,
                0,
                bounds=CONCEALMENT_BOUNDS,
                hint="Concealment roll: the most conspicuous item of someone not on a sheet; "
                "the highest value counts.",
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
        return CheckPreview(
            summary=plan.summary, chance=chance_of_successes(_chances(plan), needed=1)
        )

    def start_check(
        self, sheet: Sheet, values: CheckValues, source: DiceSource, party: Party = EMPTY_PARTY
    ) -> PhaseSixSession:
        """Start the check; refuses what cannot be rolled with the reason."""
        assert isinstance(sheet, PhaseSixSheet)
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
            parameters=dict(values),
        )

    # --- group rolls --------------------------------------------------------------------------

    @property
    def has_group_checks(self) -> bool:
        """Phase Six knows group rolls."""
        return True

    def group_check_params(self, members: Sequence[Sheet]) -> tuple[CheckParam, ...]:
        """The trait all members have, the difficulty of their variant (the first member's,
        should they differ) and the successes needed.
        """
        sheets = _phase_six(members)
        if not sheets:
            return ()
        names = member_names(sheets)
        common = [{key for key, _label in trait_choices(sheet)} for sheet in sheets]
        choices = []
        for key, _label in trait_choices(sheets[0]):
            if all(key in keys for keys in common):
                dice = ", ".join(
                    f"{name} {trait_of(sheet, key).dice}"
                    for name, sheet in zip(names, sheets, strict=True)
                )
                choices.append((key, f"{trait_of(sheets[0], key).label} ({dice})"))
        first = sheets[0]
        return (
            CheckParam(
                "trait",
                "Roll",
                Kind.CHOICE,
                choices[0][0] if choices else "",
                choices=tuple(choices),
                hint="What every member rolls, each with their own value.",
            ),
            *(_classic_difficulty(first) if first.classic else _current_difficulty(first)),
            CheckParam(
                "needed",
                "Successes needed",
                Kind.INT,
                min(len(sheets), NEEDED_BOUNDS[1]),
                bounds=NEEDED_BOUNDS,
                hint="The successes the group needs in all, as the game master says.",
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
        summary = "; ".join(
            f"{name}: {plan.summary}"
            for name, plan in zip(member_names(sheets), plans, strict=True)
        )
        if reason := group_problem(sheets, plans):
            return CheckPreview(summary=summary, problem=reason)
        chances = [chance for plan in plans for chance in _chances(plan)]
        return CheckPreview(summary=summary, chance=chance_of_successes(chances, needed))

    def start_group_check(
        self, members: Sequence[Sheet], values: CheckValues, source: DiceSource
    ) -> GroupSession:
        """Start a group roll; refuses what cannot be rolled with the reason."""
        return start_group(_phase_six(members), values, source)


def _classic_difficulty(sheet: PhaseSixSheet) -> tuple[CheckParam, ...]:
    return (
        CheckParam(
            "minimum_roll_from",
            "Minimum roll from",
            Kind.CHOICE,
            "",
            choices=(
                ("", "Choose the attribute"),
                *(
                    (
                        attribute.name,
                        f"{attribute.name} {attribute.value} → {attribute.minimum_roll_text}",
                    )
                    for attribute in sheet.attributes
                ),
            ),
            hint="The persona or physis attribute the game master names; it sets the minimum "
            "roll. A concealment roll has its own (7 - concealment).",
        ),
        CheckParam(
            "difficulty",
            "Difficulty",
            Kind.CHOICE,
            Difficulty.NORMAL.value,
            choices=tuple((level.value, level.label) for level in Difficulty),
            hint="A hard check raises the minimum roll by 2, a very hard one by 4.",
        ),
    )


def _current_difficulty(sheet: PhaseSixSheet) -> tuple[CheckParam, ...]:
    return (
        CheckParam(
            "modifier",
            f"Difficulty ± (minimum roll {sheet.minimum_roll}+)",
            Kind.INT,
            0,
            bounds=MODIFIER_BOUNDS,
            hint="The game master's modifier: +3 raises the minimum roll by 3, -1 lowers it.",
        ),
    )


def _chances(plan: Plan) -> list[Fraction]:
    """The chance of success of every die the plan throws."""
    assert plan.minimum_roll is not None
    roll = plan.minimum_roll.value
    return [success_chance(roll)] * (max(plan.trait.dice, 0) + plan.bonus_dice) + [
        success_chance(roll, destiny=True)
    ] * plan.destiny_dice


def _phase_six(members: Sequence[Sheet]) -> list[PhaseSixSheet]:
    sheets = []
    for sheet in members:
        if not isinstance(sheet, PhaseSixSheet):
            raise CheckError(f"{sheet.name or 'A character'} is not a Phase Six character.")
        sheets.append(sheet)
    return sheets


def _dice_fields(key: str, label: str, hint: str) -> tuple[FieldSpec, FieldSpec]:
    return (
        FieldSpec(
            f"{key}_max",
            f"{label} (maximum)",
            Kind.INT,
            bounds=lambda sheet: (0, DICE_MAX),
            hint=f"{hint} A rest refreshes them to this.",
        ),
        FieldSpec(
            key,
            f"{label} left",
            Kind.INT,
            bounds=lambda sheet: (0, getattr(sheet, f"{key}_max")),
            hint="Not yet spent; at most the maximum.",
        ),
    )


def _new_skill(sheet: PhaseSixSheet) -> Row:
    return Skill(name=_free_name("New skill", {skill.name for skill in sheet.skills}), custom=True)


def _new_knowledge(sheet: PhaseSixSheet) -> Row:
    return Knowledge(name=_free_name("New knowledge", {entry.name for entry in sheet.knowledge}))


def _new_item(sheet: PhaseSixSheet) -> Row:
    return Item(name=_free_name("New item", {item.name for item in sheet.equipment}))


def _free_name(stem: str, taken: set[str]) -> str:
    number = 1
    while (name := f"{stem} {number}") in taken:
        number += 1
    return name
