"""How the Phase Six sheet declares itself to the editor: its fields, its tables, the rows they
add, and the rest, the one sheet action (rule texts 000 and 001, "Bonuswürfel" / "Bonus dice",
"Wiederholungswürfel" / "Rerolls", "Schicksalswürfel" / "Destiny dice").

The model and its rules are in :mod:`.sheet`; :class:`~.system.PhaseSix` hands these
declarations to the app.

The rest refreshes bonus and reroll dice to their maximum, and destiny dice too, except that
the classic rules refresh destiny dice only after a rest of at least 10 hours; the rest's
question asks that, and the current rules ignore the answer.
"""

from __future__ import annotations

from shadowdice.core.sheet import (
    ColumnSpec,
    FieldSpec,
    Kind,
    Row,
    SheetAction,
    TableSpec,
    free_name,
)
from shadowdice.systems.phasesix.rules import CLASSIC, CURRENT, RULES
from shadowdice.systems.phasesix.sheet import (
    CONCEALMENT_BOUNDS,
    DICE_MAX,
    MINIMUM_ROLL_BOUNDS,
    SKILL_BOUNDS,
    Item,
    Knowledge,
    PhaseSixSheet,
    Skill,
    attribute_bounds,
)

#: The words the Rules field shows for each of :data:`~.rules.RULES`, in that order.
RULES_LABELS = tuple({CLASSIC: "Classic rules", CURRENT: "Current rules"}[rules] for rules in RULES)
REST = "rest"


def sheet_fields() -> tuple[FieldSpec, ...]:
    """Name, rules, lineage and minimum roll, the three kinds of dice, notes."""
    return (
        FieldSpec("name", "Name"),
        FieldSpec(
            "variant",
            "Rules",
            Kind.CHOICE,
            choices=RULES,
            choice_labels=RULES_LABELS,
            hint="Classic rules: minimum rolls from the attributes. Current rules: the "
            "character's own minimum roll. Switching loses nothing: the attributes only the "
            "other rules have are kept for switching back.",
        ),
        FieldSpec(
            "lineage",
            "Lineage",
            hint="Current rules only: the lineage gives the minimum roll (a human has 5+).",
        ),
        FieldSpec(
            "minimum_roll",
            "Minimum roll",
            Kind.INT,
            bounds=lambda sheet: MINIMUM_ROLL_BOUNDS,
            hint="Current rules only: a die succeeds when it reaches this (5+ for a human). "
            "The classic rules take it from the attribute the game master names.",
            suffix="+",
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
            "Used as bonus or reroll dice; a destiny die succeeds on 4+ whatever the difficulty.",
        ),
        FieldSpec("notes", "Notes", Kind.MULTILINE),
    )


def sheet_tables() -> tuple[TableSpec, ...]:
    """Attributes (fixed rows, with the classic minimum roll live), skills (standard ones plus
    the player's own), knowledge and equipment.
    """
    return (
        TableSpec(
            "attributes",
            "Attributes",
            (
                ColumnSpec("name", "Attribute", editable=False),
                ColumnSpec(
                    "value", "Value", Kind.INT, bounds=lambda row: attribute_bounds(row.name)
                ),
                ColumnSpec("minimum_roll_text", "Min. roll", editable=False),
                ColumnSpec("category", "Kind", editable=False, fixed=True),
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
                    "concealment", "Concealment", Kind.INT, bounds=lambda row: CONCEALMENT_BOUNDS
                ),
            ),
            new_row=_new_item,
            removable=lambda row: True,
        ),
    )


def rest_action(*, classic: bool) -> SheetAction:
    """The rest, which refreshes the dice; the classic rules ask how long it was."""
    return SheetAction(
        REST,
        "Rest",
        hint="Bonus, reroll and destiny dice back to their maximum"
        + (" (destiny dice only after 10 hours or more)." if classic else "."),
        question="Did the rest last at least 10 hours?" if classic else "",
    )


def rest(sheet: PhaseSixSheet, long: bool) -> str:
    """Refresh the dice after a rest (``long``: of 10 hours or more); return what changed."""
    sheet.bonus_dice = sheet.bonus_dice_max
    sheet.reroll_dice = sheet.reroll_dice_max
    refreshed = ["bonus dice", "reroll dice"]
    destiny = not sheet.classic or long
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
    return Skill(name=free_name("New skill", {skill.name for skill in sheet.skills}), custom=True)


def _new_knowledge(sheet: PhaseSixSheet) -> Row:
    return Knowledge(name=free_name("New knowledge", {entry.name for entry in sheet.knowledge}))


def _new_item(sheet: PhaseSixSheet) -> Row:
    return Item(name=free_name("New item", {item.name for item in sheet.equipment}))
