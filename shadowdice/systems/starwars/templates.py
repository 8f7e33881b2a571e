"""Star Wars D6 character templates (rule text 004, "Charaktererschaffung" / character
creation): the model, its declaration to the editor, the sample templates that ship with the
app, and making a character from a template.

A template has six attributes with codes, the skills listed under each attribute (a skill has
its attribute's code until dice are added), optional Force skills with their starting codes,
starting equipment and a background. It is a :class:`~shadowdice.core.sheet.Sheet`, so the
generic editor edits it and :mod:`shadowdice.storage.template_file` saves it.

The sample templates are JSON files in ``templates/`` beside this module (package data, read
with :mod:`importlib.resources`), each the dump of one :class:`StarWarsTemplate`. Their names,
values and stories are the project's own.

A character made from a template (:func:`new_sheet_from_template`) is *in creation* (see
:mod:`.creation`), has every listed skill with nothing added, the template's Force skills,
equipment and background, and one Force Point, as every character starts with.
"""

from __future__ import annotations

from importlib import resources

from pydantic import Field, model_validator

from shadowdice.core.language import translations
from shadowdice.core.sheet import (
    MAX_ROWS,
    MAX_TEXT_LENGTH,
    ColumnSpec,
    FieldSpec,
    Kind,
    Row,
    Sheet,
    SheetEditError,
    TableSpec,
    free_name,
)
from shadowdice.systems.starwars.sheet import (
    ATTRIBUTES,
    DEXTERITY,
    FORCE_SKILLS,
    STARTING_FORCE_POINTS,
    Attribute,
    CodeText,
    ForceSkill,
    ForceSkillName,
    Item,
    Skill,
    StarWarsSheet,
    check_attributes,
    check_skill_names,
    standard_attributes,
    term,
)
from shadowdice.systems.starwars.sheet_declaration import equipment_table

_, _n = translations(__name__)

TEMPLATE_FOLDER = "templates"


class TemplateSkill(Row):
    """A skill a template lists under an attribute.

    Attributes:
        name: the skill.
        attribute: one of :data:`~.sheet.ATTRIBUTES`.
    """

    name: str = Field(min_length=1)
    attribute: str = DEXTERITY


class TemplateForceSkill(Row):
    """A Force skill a template lists, with its starting code.

    Attributes:
        name: one of :data:`~.sheet.FORCE_SKILLS`.
        code: the starting code ("1D").
    """

    name: ForceSkillName = FORCE_SKILLS[0]
    code: CodeText = "1D"


class StarWarsTemplate(Sheet):
    """A character template.

    Attributes:
        name: the template's name ("Freighter runner").
        species: the species or kind of being it is for.
        background: the story a character of this template starts with.
        attributes: the six attributes with their codes.
        skills: the skills listed under the attributes.
        force_skills: the Force skills it lists, with starting codes (often none).
        equipment: the starting equipment.
    """

    species: str = ""
    background: str = Field(default="", max_length=MAX_TEXT_LENGTH)
    attributes: list[Attribute] = Field(default_factory=standard_attributes, max_length=MAX_ROWS)
    skills: list[TemplateSkill] = Field(default_factory=list, max_length=MAX_ROWS)
    force_skills: list[TemplateForceSkill] = Field(default_factory=list, max_length=MAX_ROWS)
    equipment: list[Item] = Field(default_factory=list, max_length=MAX_ROWS)

    @model_validator(mode="after")
    def _consistent(self) -> StarWarsTemplate:
        check_attributes(self.attributes)
        check_skill_names(
            [skill.name for skill in self.skills], [skill.attribute for skill in self.skills]
        )
        names = [force.name for force in self.force_skills]
        if len(set(names)) != len(names):
            raise ValueError(_("each Force skill can be listed once"))
        return self


def template_fields() -> tuple[FieldSpec, ...]:
    """Name, species, background and notes of a template."""
    return (
        FieldSpec("name", _("Template")),
        FieldSpec("species", _("Species")),
        FieldSpec("background", _("Background"), Kind.MULTILINE),
        FieldSpec("notes", _("Notes"), Kind.MULTILINE),
    )


def template_tables() -> tuple[TableSpec, ...]:
    """Attributes with codes, the skills under them, Force skills and starting equipment."""
    return (
        TableSpec(
            "attributes",
            _("Attributes"),
            (
                ColumnSpec("name", _("Attribute"), editable=False, shown=term),
                ColumnSpec("code", _("Code"), Kind.CODE),
            ),
        ),
        TableSpec(
            "skills",
            _("Skills"),
            (
                ColumnSpec("name", _("Skill"), shown=term),
                ColumnSpec(
                    "attribute",
                    _("Attribute"),
                    Kind.CHOICE,
                    choices=lambda sheet: ATTRIBUTES,
                    shown=term,
                ),
            ),
            new_row=lambda template: TemplateSkill(
                name=free_name(str(_("New skill")), {skill.name for skill in template.skills})
            ),
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
                    choices=lambda sheet: FORCE_SKILLS,
                    shown=term,
                ),
                ColumnSpec("code", _("Start"), Kind.CODE),
            ),
            new_row=_new_force_skill,
            removable=lambda row: True,
        ),
        equipment_table(),
    )


def _new_force_skill(template: StarWarsTemplate) -> Row:
    have = {force.name for force in template.force_skills}
    missing = [name for name in FORCE_SKILLS if name not in have]
    if not missing:
        raise SheetEditError(
            _("The template lists all Force skills: {join}.", join=", ".join(FORCE_SKILLS))
        )
    return TemplateForceSkill(name=missing[0])


def sample_templates() -> tuple[StarWarsTemplate, ...]:
    """The templates that ship with the app, read from the package's JSON files, by name."""
    folder = resources.files(__package__).joinpath(TEMPLATE_FOLDER)
    found = [
        StarWarsTemplate.model_validate_json(entry.read_text(encoding="utf-8"))
        for entry in folder.iterdir()
        if entry.name.endswith(".json")
    ]
    return tuple(sorted(found, key=lambda template: template.name))


def new_sheet_from_template(template: StarWarsTemplate) -> StarWarsSheet:
    """A new character of ``template``, in creation, with one Force Point.

    >>> runner = StarWarsTemplate(name="Runner", skills=[TemplateSkill(name="Dodge")])
    >>> sheet = new_sheet_from_template(runner)
    >>> sheet.in_creation, sheet.force_points, sheet.skill_dice_left, sheet.skill("Dodge").code
    (True, 1, '7D', '2D')
    """
    return StarWarsSheet(
        template=template.name,
        species=template.species,
        background=template.background,
        in_creation=True,
        attributes=[attribute.model_copy() for attribute in template.attributes],
        skills=[
            Skill(name=skill.name, attribute=skill.attribute, from_template=True)
            for skill in template.skills
        ],
        force_skills=[
            ForceSkill(name=force.name, base=force.code) for force in template.force_skills
        ],
        force_points=STARTING_FORCE_POINTS,
        equipment=[item.model_copy() for item in template.equipment],
    )
