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

from shadowdice.core.language import Text, translations
from shadowdice.core.sheet import (
    ColumnSpec,
    FieldSpec,
    Kind,
    Row,
    SheetAction,
    TableSpec,
    free_name,
)
from shadowdice.systems.phasesix.rules import CLASSIC, CURRENT, RULES, term
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

_, _n = translations(__name__)

REST = "rest"


def rules_labels() -> tuple[Text, ...]:
    """The words the Rules field shows for each of :data:`~.rules.RULES`, in that order."""
    labels = {CLASSIC: _("Classic rules"), CURRENT: _("Current rules")}
    return tuple(labels[rules] for rules in RULES)


def sheet_fields() -> tuple[FieldSpec, ...]:
    """Name, rules, lineage and minimum roll, the three kinds of dice, notes."""
    return (
        FieldSpec("name", _("Name")),
        FieldSpec(
            "variant",
            _("Rules"),
            Kind.CHOICE,
            choices=RULES,
            choice_labels=rules_labels(),
            hint=_(
                "Classic rules: minimum rolls from the attributes. Current rules: the "
                "character's own minimum roll. Switching loses nothing: the attributes only "
                "the other rules have are kept for switching back."
            ),
        ),
        FieldSpec(
            "lineage",
            _("Lineage"),
            hint=_("Current rules only: the lineage gives the minimum roll (a human has 5+)."),
        ),
        FieldSpec(
            "minimum_roll",
            _("Minimum roll"),
            Kind.INT,
            bounds=lambda sheet: MINIMUM_ROLL_BOUNDS,
            hint=_(
                "Current rules only: a die succeeds when it reaches this (5+ for a human). "
                "The classic rules take it from the attribute the game master names."
            ),
            suffix="+",
        ),
        *_dice_fields(
            "bonus_dice",
            (_("Bonus dice (maximum)"), _("Bonus dice left")),
            _("Dice added to a roll, before or after. A rest refreshes them to this."),
        ),
        *_dice_fields(
            "reroll_dice",
            (_("Reroll dice (maximum)"), _("Reroll dice left")),
            _(
                "Classic rules: one die thrown again each. Current rules: one whole roll "
                "each. A rest refreshes them to this."
            ),
        ),
        *_dice_fields(
            "destiny_dice",
            (_("Destiny dice (maximum)"), _("Destiny dice left")),
            _(
                "Used as bonus or reroll dice; a destiny die succeeds on 4+ whatever the "
                "difficulty. A rest refreshes them to this."
            ),
        ),
        FieldSpec("notes", _("Notes"), Kind.MULTILINE),
    )


def sheet_tables() -> tuple[TableSpec, ...]:
    """Attributes (fixed rows, with the classic minimum roll live), skills (standard ones plus
    the player's own), knowledge and equipment.
    """
    return (
        TableSpec(
            "attributes",
            _("Attributes"),
            (
                ColumnSpec("name", _("Attribute"), editable=False, shown=term),
                ColumnSpec(
                    "value", _("Value"), Kind.INT, bounds=lambda row: attribute_bounds(row.name)
                ),
                ColumnSpec("minimum_roll_text", _("Min. roll"), editable=False),
                ColumnSpec("category", _("Kind"), editable=False, fixed=True, shown=term),
            ),
        ),
        TableSpec(
            "skills",
            _("Skills"),
            (
                ColumnSpec("name", _("Skill"), editable=lambda row: row.custom, shown=term),
                ColumnSpec("value", _("Value"), Kind.INT, bounds=lambda row: SKILL_BOUNDS),
            ),
            new_row=_new_skill,
            removable=lambda row: row.custom,
            hide_zero="value",
        ),
        TableSpec(
            "knowledge",
            _("Knowledge"),
            (
                ColumnSpec("name", _("Knowledge")),
                ColumnSpec("value", _("Value"), Kind.INT, bounds=lambda row: SKILL_BOUNDS),
                ColumnSpec(
                    "skill",
                    _("Skill (current rules add it)"),
                    Kind.CHOICE,
                    choices=lambda sheet: ("", *(skill.name for skill in sheet.skills)),
                    shown=term,
                ),
            ),
            new_row=_new_knowledge,
            removable=lambda row: True,
        ),
        TableSpec(
            "equipment",
            _("Equipment"),
            (
                ColumnSpec("name", _("Item")),
                ColumnSpec(
                    "concealment",
                    _("Concealment"),
                    Kind.INT,
                    bounds=lambda row: CONCEALMENT_BOUNDS,
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
        _("Rest"),
        hint=_(
            "Bonus, reroll and destiny dice back to their maximum (destiny dice only after "
            "10 hours or more)."
        )
        if classic
        else _("Bonus, reroll and destiny dice back to their maximum."),
        question=_("Did the rest last at least 10 hours?") if classic else "",
    )


def rest(sheet: PhaseSixSheet, long: bool) -> str:
    """Refresh the dice after a rest (``long``: of 10 hours or more); return what changed."""
    sheet.bonus_dice = sheet.bonus_dice_max
    sheet.reroll_dice = sheet.reroll_dice_max
    if not sheet.classic or long:
        sheet.destiny_dice = sheet.destiny_dice_max
        return _("Rested: bonus dice, reroll dice and destiny dice refreshed.")
    return _(
        "Rested: bonus dice and reroll dice refreshed. Destiny dice stay at {left} of "
        "{maximum}: they refresh after 10 hours of rest.",
        left=sheet.destiny_dice,
        maximum=sheet.destiny_dice_max,
    )


def _dice_fields(key: str, labels: tuple[Text, Text], hint: Text) -> tuple[FieldSpec, FieldSpec]:
    """A kind of dice: its maximum (``labels[0]``, with ``hint``) and those left."""
    maximum, left = labels
    return (
        FieldSpec(f"{key}_max", maximum, Kind.INT, bounds=lambda sheet: (0, DICE_MAX), hint=hint),
        FieldSpec(
            key,
            left,
            Kind.INT,
            bounds=lambda sheet: (0, getattr(sheet, f"{key}_max")),
            hint=_("Not yet spent; at most the maximum."),
        ),
    )


def _new_skill(sheet: PhaseSixSheet) -> Row:
    return Skill(
        name=free_name(_("New skill"), {skill.name for skill in sheet.skills}), custom=True
    )


def _new_knowledge(sheet: PhaseSixSheet) -> Row:
    return Knowledge(name=free_name(_("New knowledge"), {entry.name for entry in sheet.knowledge}))


def _new_item(sheet: PhaseSixSheet) -> Row:
    return Item(name=free_name(_("New item"), {item.name for item in sheet.equipment}))
