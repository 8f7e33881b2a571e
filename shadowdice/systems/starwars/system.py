"""Star Wars D6 as a rule system: how its sheet, templates and checks declare themselves to
the app (rule text 004). The sheet's declaration is in :mod:`.sheet_declaration`, the
templates in :mod:`.templates`, the check values in :mod:`.checks`.

The preview gives the exact chance of success: the distribution of the sum of the
character's dice (and the opponent's) by convolution, nothing thrown.
"""

from __future__ import annotations

from collections.abc import Iterable

from shadowdice.core.dice import DiceSource
from shadowdice.core.registry import (
    EMPTY_PARTY,
    CheckError,
    CheckParam,
    CheckPreview,
    CheckValues,
    Party,
    RuleSystem,
)
from shadowdice.core.sheet import FieldSpec, Kind, Sheet, SheetAction, SheetEditError, TableSpec
from shadowdice.systems.starwars.checks import (
    ATTRIBUTE,
    FORCE,
    FORCE_POINT_NONE,
    FORCE_POINT_SPEND,
    FORCE_POINT_SPENT,
    OPPONENT_CHARACTER,
    OPPONENT_CODE,
    OPPONENT_NONE,
    SKILL,
    TYPED,
    Automatic,
    Plan,
    plan_check,
    problem,
    roll_key,
)
from shadowdice.systems.starwars.creation import FINISH_CREATION, finish_action, finish_creation
from shadowdice.systems.starwars.session import SYSTEM_ID, StarWarsSession
from shadowdice.systems.starwars.sheet import (
    ATTRIBUTES,
    BRAWLING_PARRY,
    DEXTERITY,
    DODGE,
    MELEE_PARRY,
    STRENGTH,
    StarWarsSheet,
)
from shadowdice.systems.starwars.sheet_declaration import sheet_fields, sheet_tables
from shadowdice.systems.starwars.templates import (
    StarWarsTemplate,
    new_sheet_from_template,
    sample_templates,
    template_fields,
    template_tables,
)

#: The rolls offered first for an opponent: those the text uses against attacks and doors.
DEFENCES = (DODGE, MELEE_PARRY, BRAWLING_PARRY)
TARGET_BOUNDS = (0, 99)
DEFAULT_TARGET = 10
MODIFIER_BOUNDS = (-20, 20)
ACTIONS_BOUNDS = (1, 10)
TYPED_DICE_BOUNDS = (0, 30)


class StarWarsD6(RuleSystem):
    """Star Wars D6: codes of six-sided dice plus pips against a target number, no wild die."""

    id = SYSTEM_ID
    name = "Star Wars D6"
    summary = (
        "Dice codes like 4D+1 summed against a target number or an opponent's roll; "
        "templates, 7D of skill dice at creation, Force Points."
    )
    sheet_type = StarWarsSheet
    template_type = StarWarsTemplate

    # --- the sheet -------------------------------------------------------------------------

    def sheet_fields(self) -> tuple[FieldSpec, ...]:
        """Name, template, species, dice left in creation, Force Points, armor, wounds,
        background, notes.
        """
        return sheet_fields()

    def sheet_tables(self) -> tuple[TableSpec, ...]:
        """Attributes, skills, Force skills and equipment."""
        return sheet_tables()

    def sheet_actions(self, sheet: Sheet) -> tuple[SheetAction, ...]:
        """Finish creation (its label and question follow the sheet; the id does not)."""
        assert isinstance(sheet, StarWarsSheet)
        return (finish_action(sheet),)

    def apply_sheet_action(self, sheet: Sheet, action_id: str, answer: bool = True) -> str:
        """Finish creation; ``answer`` confirms losing the skill dice still left."""
        if action_id != FINISH_CREATION:
            return super().apply_sheet_action(sheet, action_id, answer)
        assert isinstance(sheet, StarWarsSheet)
        return finish_creation(sheet, answer)

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
            raise SheetEditError("That is not a Star Wars D6 template.")
        return new_sheet_from_template(template)

    # --- a check of one character ----------------------------------------------------------

    def check_params(self, sheet: Sheet, party: Party = EMPTY_PARTY) -> tuple[CheckParam, ...]:
        """What to roll, the target number, the opponent, modifiers, actions this round,
        preparing and the Force Point.
        """
        assert isinstance(sheet, StarWarsSheet)
        others = star_wars_party(party)
        return (
            CheckParam(
                "roll",
                "Roll",
                Kind.CHOICE,
                roll_key(ATTRIBUTE, DEXTERITY),
                choices=roll_choices(sheet),
                hint="The attribute or skill the game master asks for, or a code typed by hand.",
            ),
            *_typed_code("code", "Code", only_with=("roll", TYPED)),
            CheckParam(
                "target",
                "Target number",
                Kind.INT,
                DEFAULT_TARGET,
                bounds=TARGET_BOUNDS,
                hint="The difficulty the game master names; the roll succeeds when its total "
                "reaches it. With an opponent, the opponent's roll is added to it; 0 compares "
                "the totals alone (holding a door).",
            ),
            CheckParam(
                "opponent",
                "Opponent",
                Kind.CHOICE,
                OPPONENT_NONE,
                choices=(
                    (OPPONENT_NONE, "None"),
                    (OPPONENT_CHARACTER, "An open character rolls against it"),
                    (OPPONENT_CODE, "An opponent's code typed by hand"),
                ),
                hint="An opponent's roll (a parry, a dodge, pushing a door) is added to the "
                "target number; ties go to the one who rolls.",
            ),
            CheckParam(
                "defender",
                "Opponent character",
                Kind.CHARACTERS,
                (),
                choices=tuple((name, f"{name}: {_state(other)}") for name, other in others.items()),
                hint="Choose one.",
                only_with=("opponent", OPPONENT_CHARACTER),
            ),
            CheckParam(
                "defender_roll",
                "Opponent rolls",
                Kind.CHOICE,
                opponent_roll_choices(others.values())[0][0],
                choices=opponent_roll_choices(others.values()),
                hint="The skill or attribute the opponent rolls; a skill the opponent lacks "
                "is rolled with its attribute.",
                only_with=("opponent", OPPONENT_CHARACTER),
            ),
            *_typed_code("defender", "Opponent's code", only_with=("opponent", OPPONENT_CODE)),
            CheckParam(
                "dice",
                "Modifier: dice",
                Kind.INT,
                0,
                bounds=MODIFIER_BOUNDS,
                hint="Whole dice added (or, negative, removed) by the game master.",
            ),
            CheckParam(
                "pips",
                "Modifier: pips",
                Kind.INT,
                0,
                bounds=MODIFIER_BOUNDS,
                hint="Pips added or removed; never turned into dice (3D+2 with +1 is 3D+3).",
            ),
            CheckParam(
                "actions",
                "Actions this round",
                Kind.INT,
                1,
                bounds=ACTIONS_BOUNDS,
                hint="Actions declared this round: -1D for each beyond the first. Walking does "
                "not count; running, drawing a weapon and reactions do.",
            ),
            CheckParam(
                "prepared",
                "Prepared last round (+1D)",
                Kind.FLAG,
                False,
                hint="The character did nothing last round to prepare this action (aiming).",
                resets_after_roll=True,
            ),
            CheckParam(
                "force_point",
                f"Force Point ({sheet.force_points} left)",
                Kind.CHOICE,
                FORCE_POINT_NONE,
                choices=(
                    (FORCE_POINT_NONE, "None"),
                    (FORCE_POINT_SPEND, "Spend one: double the code this round"),
                    (FORCE_POINT_SPENT, "Spent this round already: double the code"),
                ),
                hint="A Force Point doubles the code (dice and pips) for the whole round; "
                "the modifiers apply to the doubled code.",
                resets_after_roll=True,
            ),
        )

    def preview_check(
        self, sheet: Sheet, values: CheckValues, party: Party = EMPTY_PARTY
    ) -> CheckPreview:
        """The code in words against what it must reach, the exact chance of success, or why
        the check cannot be rolled; an automatic result says so.
        """
        assert isinstance(sheet, StarWarsSheet)
        try:
            plan = plan_check(sheet, values, party)
        except (CheckError, ValueError) as error:
            return CheckPreview(summary="", problem=str(error))
        if reason := problem(sheet, plan):
            return CheckPreview(summary=plan.summary, problem=reason)
        return CheckPreview(summary=plan.summary, chance=chance_of_success(plan))

    def start_check(
        self, sheet: Sheet, values: CheckValues, source: DiceSource, party: Party = EMPTY_PARTY
    ) -> StarWarsSession:
        """Start the check; refuses what cannot be rolled with the reason."""
        assert isinstance(sheet, StarWarsSheet)
        try:
            plan = plan_check(sheet, values, party)
        except ValueError as error:
            raise CheckError(str(error)) from None
        if reason := problem(sheet, plan):
            raise CheckError(reason)
        return StarWarsSession(sheet, plan, source=source, parameters=dict(values))


def chance_of_success(plan: Plan) -> float:
    """The exact chance that the character's total reaches the target plus the opponent's.

    >>> from shadowdice.systems.starwars.checks import Roller
    >>> from shadowdice.systems.starwars.codes import Code
    >>> chance_of_success(Plan("Blaster", Roller("Blaster", Code(1, 0)), target=4))
    0.5
    """
    automatic = plan.automatic
    if automatic is not None:
        return 1.0 if automatic is Automatic.SUCCESS else 0.0
    code = plan.roller.code
    own = sum_distribution(code.dice)
    other = sum_distribution(plan.opponent.roller.code.dice if plan.opponent else 0)
    other_pips = plan.opponent.roller.code.pips if plan.opponent else 0
    chance = 0.0
    for theirs, p_theirs in enumerate(other):
        if not p_theirs:
            continue
        needed = plan.target + theirs + other_pips - code.pips
        chance += p_theirs * sum(own[max(needed, 0) :])
    return min(chance, 1.0)


def sum_distribution(dice: int) -> list[float]:
    """``p[s]``: the chance that ``dice`` six-sided dice sum to ``s``.

    >>> [round(p * 36) for p in sum_distribution(2)][2:8]
    [1, 2, 3, 4, 5, 6]
    """
    dist = [1.0]
    for _ in range(dice):
        out = [0.0] * (len(dist) + 6)
        for total, chance in enumerate(dist):
            if chance:
                for face in range(1, 7):
                    out[total + face] += chance / 6
        dist = out
    return dist


def roll_choices(sheet: StarWarsSheet) -> tuple[tuple[str, str], ...]:
    """Everything the character can roll, as (value, label) pairs: skills under their
    attributes, then the attributes, the Force skills, and a code typed by hand.
    """
    choices = []
    for attribute in ATTRIBUTES:
        for skill in sheet.skills:
            if skill.attribute == attribute:
                code = sheet.skill_code(skill.name)
                choices.append((roll_key(SKILL, skill.name), f"{skill.name} {code} ({attribute})"))
    for attribute in sheet.attributes:
        choices.append((roll_key(ATTRIBUTE, attribute.name), f"{attribute.name} {attribute.code}"))
    for force in sheet.force_skills:
        choices.append((roll_key(FORCE, force.name), f"{force.name} {force.code} (Force)"))
    choices.append((TYPED, "A code typed by hand"))
    return tuple(choices)


def opponent_roll_choices(sheets: Iterable[StarWarsSheet]) -> tuple[tuple[str, str], ...]:
    """What an opponent may roll: the defences first, Strength, then every other skill,
    attribute and Force skill of the given characters.
    """
    keys = [roll_key(SKILL, name) for name in DEFENCES] + [roll_key(ATTRIBUTE, STRENGTH)]
    skills: set[str] = set()
    forces: set[str] = set()
    for sheet in sheets:
        skills.update(skill.name for skill in sheet.skills)
        forces.update(force.name for force in sheet.force_skills)
    keys += [roll_key(SKILL, name) for name in sorted(skills - set(DEFENCES))]
    keys += [roll_key(ATTRIBUTE, name) for name in ATTRIBUTES if name != STRENGTH]
    keys += [roll_key(FORCE, name) for name in sorted(forces)]
    return tuple((key, key.partition(":")[2]) for key in keys)


def star_wars_party(party: Party) -> dict[str, StarWarsSheet]:
    """The open Star Wars D6 characters of the party, by name."""
    return {name: sheet for name, sheet in party.items() if isinstance(sheet, StarWarsSheet)}


def _typed_code(key: str, label: str, *, only_with: tuple[str, str]) -> tuple[CheckParam, ...]:
    """Dice and pips of a code typed by hand (the check panel has no code editor)."""
    return (
        CheckParam(
            f"{key}_dice",
            f"{label}: dice",
            Kind.INT,
            3,
            bounds=TYPED_DICE_BOUNDS,
            hint="The dice of the code (the X of XD+Y).",
            only_with=only_with,
        ),
        CheckParam(
            f"{key}_pips",
            f"{label}: pips",
            Kind.INT,
            0,
            bounds=MODIFIER_BOUNDS,
            hint="The pips of the code (the Y of XD+Y).",
            only_with=only_with,
        ),
    )


def _state(sheet: StarWarsSheet) -> str:
    """How an open character stands, for the opponent list: "wounded" or "healthy"."""
    return sheet.wound.value.replace("_", " ")
