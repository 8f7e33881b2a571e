"""How the Star Wars D6 sheet declares itself to the editor: its fields, its tables and the
rows they add (rule text 004, "Charaktererschaffung", "Rüstung", "Schaden", "rundenbasiertes
Spiel", "Raumschiffe").

The model and its rules are in :mod:`.sheet`, the creation limits in :mod:`.creation`;
:class:`~.system.StarWarsD6` hands these declarations to the app. Codes are edited as
:attr:`~shadowdice.core.sheet.Kind.CODE` (set when editing ends; a refusal shows in the
field); the code a skill rolls is a derived column that cannot be edited.
"""

from __future__ import annotations

from shadowdice.core.language import translations
from shadowdice.core.sheet import (
    ColumnSpec,
    FieldSpec,
    Kind,
    Row,
    SheetEditError,
    TableSpec,
    free_name,
)
from shadowdice.systems.starwars.damage import Armor, Wound
from shadowdice.systems.starwars.round_sheet import SEGMENT_DECLARED, Declared
from shadowdice.systems.starwars.rounds import MAX_SEGMENTS, ActionKind, kind_words
from shadowdice.systems.starwars.sheet import (
    ARMOR_LABELS,
    ATTRIBUTES,
    DEXTERITY,
    FORCE_POINTS_MAX,
    FORCE_SKILLS,
    ROUNDS_MAX,
    WOUND_LABELS,
    ForceSkill,
    Item,
    Skill,
    StarWarsSheet,
    term,
)

_, _n = translations(__name__)


def sheet_fields() -> tuple[FieldSpec, ...]:
    """Name, template, species, dice left in creation, Force Points, armor, wounds, the
    round (Force Point, stun, preparation), the ship, background, notes.
    """
    return (
        FieldSpec("name", _("Name")),
        FieldSpec(
            "template",
            _("Template"),
            editable=False,
            hint=_("The template the character was made from."),
        ),
        FieldSpec("species", _("Species")),
        FieldSpec(
            "skill_dice_left",
            _("Skill dice left"),
            editable=False,
            hint=_("In creation: 7D to distribute over the skills, at most 2D per skill."),
        ),
        FieldSpec(
            "force_points",
            _("Force Points"),
            Kind.INT,
            bounds=lambda sheet: (0, FORCE_POINTS_MAX),
            hint=_(
                "Spending one doubles the character's dice for a round. Everyone starts with one."
            ),
        ),
        FieldSpec(
            "force_point_round",
            _("Force Point this round"),
            Kind.FLAG,
            hint=_("A Force Point was spent this round: every code is doubled until New round."),
        ),
        FieldSpec(
            "armor",
            _("Armor"),
            Kind.CHOICE,
            choices=tuple(Armor),
            choice_labels=tuple(term(ARMOR_LABELS[armor]) for armor in Armor),
            hint=_(
                "Full armor: +1D to resist damage, -1D on Dexterity-based rolls. "
                "Light armor: +1 and -1 pip."
            ),
        ),
        FieldSpec(
            "wound",
            _("Wounds"),
            Kind.CHOICE,
            choices=tuple(Wound),
            choice_labels=tuple(term(WOUND_LABELS[wound]) for wound in Wound),
            hint=_(
                "Wounded: -1D on every roll but resisting damage. Unconscious, "
                "mortally wounded and dead characters cannot act."
            ),
        ),
        FieldSpec(
            "stunned",
            _("Stunned this round"),
            Kind.FLAG,
            hint=_("No more actions this round, reactions only; New round ends it."),
        ),
        FieldSpec(
            "mortal_rounds",
            _("Rounds since mortal wound"),
            Kind.INT,
            bounds=lambda sheet: (0, ROUNDS_MAX),
            hint=_(
                "Full rounds since the mortal wound; the 2D roll at the end of "
                "each round must not be lower."
            ),
        ),
        FieldSpec(
            "prepared",
            _("Prepared (+1D)"),
            hint=_(
                "What the character prepared last round: the next roll of it gets "
                "+1D (New round sets it from a declared 'prepare')."
            ),
        ),
        FieldSpec(
            "ship", _("Starship"), hint=_("The ship the character flies, for dodges and speed.")
        ),
        FieldSpec(
            "ship_range",
            _("Range to the other ships"),
            Kind.CHOICE,
            choices=("", "short", "medium", "long"),
            choice_labels=(
                _("No encounter"),
                _("Short (10 to hit)"),
                _("Medium (15)"),
                _("Long (20)"),
            ),
            hint=_(
                "The speed contest changes it; attacks between the ships start "
                "with its difficulty as their target number."
            ),
        ),
        FieldSpec(
            "sublight_speed",
            _("Sublight Speed"),
            Kind.CODE,
            hint=_("The ship's speed code, rolled in the speed contest."),
        ),
        FieldSpec(
            "maneuverability",
            _("Maneuverability"),
            Kind.CODE,
            hint=_("Added to Starship Piloting when the ship dodges."),
        ),
        FieldSpec("background", _("Background"), Kind.MULTILINE),
        FieldSpec("notes", _("Notes"), Kind.MULTILINE),
    )


def sheet_tables() -> tuple[TableSpec, ...]:
    """Attributes, skills (with the code they roll), Force skills, equipment and the
    declarations of this round.
    """
    return (
        TableSpec(
            "attributes",
            _("Attributes"),
            (
                ColumnSpec("name", _("Attribute"), editable=False, shown=term),
                ColumnSpec("code", _("Code"), Kind.CODE, editable=lambda row: not row.locked),
            ),
        ),
        TableSpec(
            "skills",
            _("Skills"),
            (
                ColumnSpec("name", _("Skill"), editable=lambda row: not row.locked, shown=term),
                ColumnSpec(
                    "attribute",
                    _("Attribute"),
                    Kind.CHOICE,
                    editable=lambda row: not row.locked,
                    choices=lambda sheet: ATTRIBUTES,
                    shown=term,
                ),
                ColumnSpec("added", _("Added"), Kind.CODE),
                ColumnSpec("code", _("Code"), editable=False),
            ),
            new_row=new_skill,
            removable=lambda row: True,
        ),
        TableSpec(
            "force_skills",
            _("Force skills"),
            (
                ColumnSpec(
                    "name",
                    _("Force skill"),
                    Kind.CHOICE,
                    editable=lambda row: not row.locked,
                    choices=lambda sheet: FORCE_SKILLS,
                    shown=term,
                ),
                ColumnSpec("base", _("Start"), Kind.CODE, editable=lambda row: not row.locked),
                ColumnSpec("added", _("Added"), Kind.CODE),
                ColumnSpec("code", _("Code"), editable=False),
            ),
            new_row=new_force_skill,
            removable=lambda row: not row.locked,
        ),
        equipment_table(),
        TableSpec(
            "this_round",
            _("This round"),
            (
                ColumnSpec(
                    "kind",
                    _("Declared"),
                    Kind.CHOICE,
                    choices=lambda sheet: tuple(ActionKind),
                    shown=kind_words,
                ),
                ColumnSpec("rolls", _("Rolls")),
                ColumnSpec(
                    "segment",
                    _("Segment"),
                    Kind.INT,
                    editable=lambda row: row.kind in SEGMENT_DECLARED,
                    bounds=lambda row: (1, MAX_SEGMENTS),
                ),
            ),
            new_row=lambda sheet: Declared(),
            removable=lambda row: True,
        ),
    )


def equipment_table() -> TableSpec:
    """Equipment: what it is and notes on it (also a template's starting equipment)."""
    return TableSpec(
        "equipment",
        _("Equipment"),
        (ColumnSpec("name", _("Item")), ColumnSpec("notes", _("Notes"))),
        new_row=lambda sheet: Item(
            name=free_name(str(_("New item")), {i.name for i in sheet.equipment})
        ),
        removable=lambda row: True,
    )


def new_skill(sheet: StarWarsSheet) -> Row:
    """A new skill under Dexterity with nothing added."""
    return Skill(
        name=free_name(str(_("New skill")), {s.name for s in sheet.skills}), attribute=DEXTERITY
    )


def new_force_skill(sheet: StarWarsSheet) -> Row:
    """The first Force skill the character lacks, at 1D; refused in creation (only the
    template's Force skills may take dice) and when the character has all three.
    """
    refuse_in_creation(sheet, _("add a Force skill"))
    have = {force.name for force in sheet.force_skills}
    missing = [name for name in FORCE_SKILLS if name not in have]
    if not missing:
        raise SheetEditError(
            _("The character has all Force skills: {join}.", join=", ".join(FORCE_SKILLS))
        )
    return ForceSkill(name=missing[0])


def refuse_in_creation(sheet: StarWarsSheet, what: str) -> None:
    """Refuse a change that creation does not allow ("add a Force skill").

    Raises:
        SheetEditError: the sheet is in creation.
    """
    if sheet.in_creation:
        raise SheetEditError(
            _(
                "You cannot {what} during creation; the template decides. Finish creation first.",
                what=what,
            )
        )
