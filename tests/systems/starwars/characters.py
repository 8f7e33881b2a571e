"""Characters and templates of the rule text's examples, built in the tests (nothing from a
book): the Wookiee-like template with Dexterity 2D+2, the failed-Jedi-like template with
Control and Sense 1D, and sheets with the codes the examples roll.
"""

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
