"""Characters and templates of the rule text's examples, built in the tests (nothing from a
book): the Wookiee-like template with Dexterity 2D+2, the failed-Jedi-like template with
Control and Sense 1D, and sheets with the codes the examples roll; and the few lines every
test module of the system shares: the system, a check with scripted dice, the check's
parameters, and the declarations of "This round".
"""

from shadowdice.core.dice import ScriptedDiceSource
from shadowdice.core.sheet import add_row, set_cell
from shadowdice.systems.starwars import StarWarsD6
from shadowdice.systems.starwars.round_sheet import Declared
from shadowdice.systems.starwars.rounds import ActionKind
from shadowdice.systems.starwars.sheet import (
    ATTRIBUTES,
    Attribute,
    ForceSkill,
    Skill,
    StarWarsSheet,
)
from shadowdice.systems.starwars.templates import (
    StarWarsTemplate,
    TemplateForceSkill,
    TemplateSkill,
)


def attributes(**codes):
    """The six attributes at 2D, with the given ones changed (Dexterity="2D+2")."""
    return [Attribute(name=name, code=codes.get(name, "2D")) for name in ATTRIBUTES]


def wookiee_like():
    """A template like the text's Wookie: Dexterity 2D+2, Dodge and Grenade under it."""
    return StarWarsTemplate(
        name="Furred giant",
        attributes=attributes(Dexterity="2D+2", Strength="5D"),
        skills=[
            TemplateSkill(name="Dodge", attribute="Dexterity"),
            TemplateSkill(name="Grenade", attribute="Dexterity"),
            TemplateSkill(name="Heavy Crossbow", attribute="Dexterity"),
            TemplateSkill(name="Brawling", attribute="Strength"),
        ],
    )


def failed_jedi_like():
    """A template like the text's Failed Jedi: Control 1D and Sense 1D, no Alter."""
    return StarWarsTemplate(
        name="Lapsed student",
        attributes=attributes(Perception="3D+1"),
        skills=[TemplateSkill(name="Dodge", attribute="Dexterity")],
        force_skills=[
            TemplateForceSkill(name="Control", code="1D"),
            TemplateForceSkill(name="Sense", code="1D"),
        ],
    )


def character(name="Anla", skills=(), force=(), **codes):
    """A sheet out of creation: attributes at 2D but those given, the given skills as
    (name, attribute, added), Force skills as (name, base, added).
    """
    return StarWarsSheet(
        name=name,
        attributes=attributes(**codes),
        skills=[Skill(name=n, attribute=a, added=added) for n, a, added in skills],
        force_skills=[ForceSkill(name=n, base=b, added=added) for n, b, added in force],
    )


SYSTEM = StarWarsD6()
ROUND_TABLE = {table.key: table for table in SYSTEM.sheet_tables()}["this_round"]
"""The sheet's table "This round"."""
ROUND_COLUMNS = {column.key: column for column in ROUND_TABLE.columns}


def roll(sheet, faces, party=None, **values):
    """Start the check ``values`` of ``sheet`` with exactly these scripted faces."""
    return SYSTEM.start_check(sheet, values, ScriptedDiceSource(faces), party or {})


def params(sheet, party=None):
    """The check parameters of ``sheet`` by key."""
    return {param.key: param for param in SYSTEM.check_params(sheet, party or {})}


def opposed_by(defender, defender_roll=None):
    """The check values of an open character ``defender`` rolling ``defender_roll`` (a roll
    key; the check's default when None) against the roll.
    """
    values = {"opponent": "character", "defender": (defender,)}
    if defender_roll is not None:
        values["defender_roll"] = defender_roll
    return values


def declared(sheet, *rows):
    """Give the sheet these declarations in "This round": (kind, rolls) or (kind, rolls,
    segment); return the sheet.
    """
    sheet.this_round = [
        Declared(kind=ActionKind(row[0]), rolls=row[1], segment=row[2] if len(row) > 2 else 1)
        for row in rows
    ]
    return sheet


def enter_declaration(sheet, kind, rolls="", segment=1):
    """Add a row to "This round" as the editor does, refused as the editor refuses it."""
    row = add_row(sheet, ROUND_TABLE)
    set_cell(sheet, ROUND_TABLE, row, ROUND_COLUMNS["kind"], kind)
    set_cell(sheet, ROUND_TABLE, row, ROUND_COLUMNS["rolls"], rolls)
    if segment != 1:
        set_cell(sheet, ROUND_TABLE, row, ROUND_COLUMNS["segment"], segment)
