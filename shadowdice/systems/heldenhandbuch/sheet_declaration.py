"""How the Heldenhandbuch sheet declares itself to the editor: its fields and tables (rule
text 003; the model is in :mod:`.sheet`).

Derived columns (an attribute's or skill's dice, emptied Physis and Psyche lines) are shown
and not edited.
"""

from __future__ import annotations

from shadowdice.core.language import translations
from shadowdice.core.sheet import ColumnSpec, FieldSpec, Kind, Row, TableSpec, free_name
from shadowdice.systems.heldenhandbuch.dice_steps import MAX_BONUS_DICE
from shadowdice.systems.heldenhandbuch.sheet import (
    BASE_DICE,
    COMBAT_CARRY_MAX,
    LUCKY_BOUNDS,
    MASTER_GRADE_BOUNDS,
    QUALITY_BOUNDS,
    VALUE_BOUNDS,
    Armor,
    Attribute,
    HeldenSheet,
    Item,
    LifeCircle,
    Skill,
    term,
)

_, _n = translations(__name__)


def sheet_fields() -> tuple[FieldSpec, ...]:
    """Name, respect, Mythos points, EP, lucky number, what carries over to the next combat
    phase, notes.
    """
    return (
        FieldSpec("name", _("Name")),
        FieldSpec(
            "respect",
            _("Respect (Respektwert)"),
            Kind.INT,
            bounds=lambda sheet: (-99, 99),
            hint=_("A legendary failure lowers it: by 1 on a W12 check, by 2 on a W20 check."),
        ),
        FieldSpec(
            "mythos_points",
            _("Mythos points"),
            Kind.INT,
            bounds=lambda sheet: (0, 999),
            hint=_("Gained by legendary checks: three or more matches of 11 or more."),
        ),
        FieldSpec(
            "experience_points",
            _("Experience points (EP)"),
            Kind.INT,
            bounds=lambda sheet: (0, 9999),
            hint=_("Each learning die costs 1 EP."),
        ),
        FieldSpec(
            "lucky_number",
            _("Lucky number (Glückszahl)"),
            Kind.INT,
            bounds=lambda sheet: LUCKY_BOUNDS,
            hint=_("On a W20 check this face may be turned into any other result. 0: none."),
        ),
        FieldSpec(
            "combat_dice_lost",
            _("Dice lost next combat phase"),
            Kind.INT,
            bounds=lambda sheet: (0, COMBAT_CARRY_MAX),
            hint=_("One per rescue die used in the last combat phase; used up by the next one."),
        ),
        FieldSpec(
            "combat_throws_skipped",
            _("Throws sat out next combat phase"),
            Kind.INT,
            bounds=lambda sheet: (0, COMBAT_CARRY_MAX),
            hint=_(
                "An opponent's legendary maneuver: the first throws of the next "
                "combat phase are thrown without this character."
            ),
        ),
        FieldSpec(
            "combat_dice_saved_text",
            _("Dice saved for the next combat phase"),
            Kind.CODE,
            hint=_(
                "Faces of the dice a shooter saved by aiming, e.g. 13 13 7; they "
                "lie on the table in the next combat phase instead of being "
                "thrown, and the field empties."
            ),
        ),
        FieldSpec(
            "psyche_lines_wished",
            _("Emptied Psyche lines settled by a wish"),
            Kind.INT,
            bounds=lambda sheet: (0, sheet.psyche.emptied_lines),
            hint=_(
                "Influence: instead of the die malus of an emptied Psyche line, a "
                "wish was granted. Such lines cost no die; the count goes down by "
                "itself when a line regains a point."
            ),
        ),
        FieldSpec("notes", _("Notes"), Kind.MULTILINE),
    )


def sheet_tables() -> tuple[TableSpec, ...]:
    """Attributes, skills, Physis and Psyche, life circles, equipment and armor."""
    return (
        TableSpec(
            "attributes",
            _("Attributes (Eigenschaften)"),
            (
                ColumnSpec("name", _("Attribute"), shown=term),
                ColumnSpec("value", _("Value"), Kind.INT, bounds=lambda row: VALUE_BOUNDS),
                ColumnSpec("dice_text", _("Dice"), editable=False),
                ColumnSpec("physical", _("Physical"), Kind.FLAG),
            ),
            new_row=_new_attribute,
            removable=lambda row: True,
        ),
        TableSpec(
            "skills",
            _("Skills (Fertigkeiten)"),
            (
                ColumnSpec("name", _("Skill"), shown=term),
                ColumnSpec("value", _("Value"), Kind.INT, bounds=lambda row: VALUE_BOUNDS),
                ColumnSpec("base_die", _("Base die"), Kind.CHOICE, choices=lambda sheet: BASE_DICE),
                ColumnSpec(
                    "bonus_dice", _("Bonus dice"), Kind.INT, bounds=lambda row: (0, MAX_BONUS_DICE)
                ),
                ColumnSpec("dice_text", _("Dice"), editable=False),
                ColumnSpec("general", _("General"), Kind.FLAG),
                ColumnSpec("star", _("Star"), Kind.FLAG, editable=lambda row: row.general),
                ColumnSpec(
                    "master_grade",
                    _("Master grade"),
                    Kind.INT,
                    editable=lambda row: not row.general,
                    bounds=lambda row: MASTER_GRADE_BOUNDS,
                ),
            ),
            new_row=_new_skill,
            removable=lambda row: True,
            hide_zero="value",
        ),
        TableSpec(
            "points",
            _("Physis and Psyche"),
            (
                ColumnSpec("name", "", editable=False),
                ColumnSpec(
                    "current", _("Points left"), Kind.INT, bounds=lambda row: (0, row.maximum)
                ),
                ColumnSpec("lines", _("Lines"), Kind.INT, bounds=lambda row: (1, 10)),
                ColumnSpec("per_line", _("Points a line"), Kind.INT, bounds=lambda row: (1, 20)),
                ColumnSpec("emptied_lines", _("Lines emptied"), editable=False),
                ColumnSpec("regeneration", _("Regeneration"), Kind.INT, bounds=lambda row: (0, 20)),
            ),
        ),
        TableSpec(
            "life_circles",
            _("Life circles (Lebenskreise)"),
            (
                ColumnSpec("name", _("Life circle"), shown=term),
                ColumnSpec("segments", _("Segments"), Kind.INT, bounds=lambda row: (1, 12)),
                ColumnSpec("lost", _("Lost"), Kind.INT, bounds=lambda row: (0, row.segments)),
                ColumnSpec("light", _("Light"), Kind.INT, bounds=lambda row: (0, 12)),
                ColumnSpec("heavy", _("Heavy"), Kind.INT, bounds=lambda row: (0, 12)),
                ColumnSpec("critical", _("Critical"), Kind.INT, bounds=lambda row: (0, 1)),
                ColumnSpec("treated", _("Treated"), Kind.FLAG),
            ),
            new_row=_new_circle,
            removable=lambda row: True,
        ),
        TableSpec(
            "equipment",
            _("Equipment"),
            (
                ColumnSpec("name", _("Item")),
                ColumnSpec(
                    "quality", _("Quality (Güte)"), Kind.INT, bounds=lambda row: QUALITY_BOUNDS
                ),
                ColumnSpec("notes", _("Notes")),
            ),
            new_row=_new_item,
            removable=lambda row: True,
        ),
        TableSpec(
            "armor",
            _("Armor"),
            (
                ColumnSpec("name", _("Armor")),
                ColumnSpec("protection", _("Protection"), Kind.INT, bounds=lambda row: (0, 20)),
                ColumnSpec(
                    "quality", _("Quality (Güte)"), Kind.INT, bounds=lambda row: QUALITY_BOUNDS
                ),
                ColumnSpec("light", _("Light armor"), Kind.FLAG),
            ),
            new_row=_new_armor,
            removable=lambda row: True,
        ),
    )


def _new_attribute(sheet: HeldenSheet) -> Row:
    return Attribute(name=free_name(str(_("New attribute")), {a.name for a in sheet.attributes}))


def _new_skill(sheet: HeldenSheet) -> Row:
    return Skill(name=free_name(str(_("New skill")), {s.name for s in sheet.skills}))


def _new_circle(sheet: HeldenSheet) -> Row:
    return LifeCircle(name=free_name(str(_("Life circle")), {c.name for c in sheet.life_circles}))


def _new_item(sheet: HeldenSheet) -> Row:
    return Item(name=free_name(str(_("New item")), {item.name for item in sheet.equipment}))


def _new_armor(sheet: HeldenSheet) -> Row:
    return Armor(name=free_name(str(_("New armor")), {armor.name for armor in sheet.armor}))
