"""The Shadowrun 4 character sheet (rule text 002, "Grundsätzliches", "Gewagte Proben").

Attributes, skills with their linked attribute, current Edge points against the Edge
attribute, condition monitors, and the optional rules the table plays with.

>>> sheet = ShadowrunSheet(name="Kira")
>>> sheet.attribute("Agility"), sheet.edge, sheet.edge_current
(3, 3, 3)
>>> sheet.physical_boxes, sheet.wound_modifier
(10, 0)
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, ValidationInfo, model_validator

from shadowdice.core.language import N_, terms, translations
from shadowdice.core.sheet import (
    MAX_ROWS,
    RangedValue,
    Row,
    Sheet,
    assigned_field,
    by_name,
    check_unique_names,
)
from shadowdice.systems.shadowrun4.rules import TableRules

_, _n = translations(__name__)

#: The nine attributes every character has, in sheet order.
CORE_ATTRIBUTES = (
    N_("Body"), N_("Agility"), N_("Reaction"), N_("Strength"), N_("Charisma"),
    N_("Intuition"), N_("Logic"), N_("Willpower"), N_("Edge"),
)  # fmt: skip
#: Awakened characters have Magic, technomancers Resonance; 0 means the character has none.
SPECIAL_ATTRIBUTES = (N_("Magic"), N_("Resonance"))
ATTRIBUTES = CORE_ATTRIBUTES + SPECIAL_ATTRIBUTES
METATYPES = (N_("Human"), N_("Elf"), N_("Dwarf"), N_("Ork"), N_("Troll"))
ATTRIBUTE_MAX = 15
SKILL_MAX = 12
#: The most boxes a condition monitor has: 8 + half the highest Body or Willpower.
MOST_BOXES = 8 + (ATTRIBUTE_MAX + 1) // 2

#: The standard active skills and the attribute each is linked to.
STANDARD_SKILLS: dict[str, str] = {
    **dict.fromkeys(
        (N_("Archery"), N_("Automatics"), N_("Blades"), N_("Clubs"), N_("Escape Artist"),
         N_("Exotic Melee Weapon"), N_("Exotic Ranged Weapon"), N_("Gunnery"),
         N_("Heavy Weapons"), N_("Infiltration"), N_("Locksmith"), N_("Longarms"),
         N_("Palming"), N_("Pistols"), N_("Throwing Weapons"), N_("Unarmed Combat")),
        "Agility",
    ),
    **dict.fromkeys((N_("Diving"), N_("Parachuting")), "Body"),
    **dict.fromkeys(
        (N_("Dodge"), N_("Pilot Aerospace"), N_("Pilot Aircraft"), N_("Pilot Anthroform"),
         N_("Pilot Exotic Vehicle"), N_("Pilot Ground Craft"), N_("Pilot Watercraft")),
        "Reaction",
    ),
    **dict.fromkeys((N_("Climbing"), N_("Running"), N_("Swimming")), "Strength"),
    **dict.fromkeys(
        (N_("Con"), N_("Etiquette"), N_("Instruction"), N_("Intimidation"), N_("Leadership"),
         N_("Negotiation")),
        "Charisma",
    ),
    **dict.fromkeys(
        (N_("Artisan"), N_("Assensing"), N_("Disguise"), N_("Navigation"), N_("Perception"),
         N_("Shadowing"), N_("Tracking")),
        "Intuition",
    ),
    **dict.fromkeys(
        (N_("Aeronautics Mechanic"), N_("Arcana"), N_("Armorer"), N_("Automotive Mechanic"),
         N_("Biotechnology"), N_("Chemistry"), N_("Computer"), N_("Cybercombat"),
         N_("Cybertechnology"), N_("Data Search"), N_("Demolitions"), N_("Electronic Warfare"),
         N_("First Aid"), N_("Forgery"), N_("Hacking"), N_("Hardware"),
         N_("Industrial Mechanic"), N_("Medicine"), N_("Nautical Mechanic"), N_("Software")),
        "Logic",
    ),
    **dict.fromkeys((N_("Astral Combat"),), "Willpower"),
    **dict.fromkeys(
        (N_("Banishing"), N_("Binding"), N_("Counterspelling"), N_("Enchanting"),
         N_("Ritual Spellcasting"), N_("Spellcasting"), N_("Summoning")),
        "Magic",
    ),
    **dict.fromkeys((N_("Compiling"), N_("Decompiling"), N_("Registering")), "Resonance"),
}  # fmt: skip


#: A name the rules give (an attribute, a skill) in the language shown; a name a player gave
#: shows as given.
term = terms(__name__)


def attribute_bounds(name: str) -> tuple[int, int]:
    """The range of an attribute: Magic and Resonance may be 0 (none), the others start at 1."""
    return (0 if name in SPECIAL_ATTRIBUTES else 1), ATTRIBUTE_MAX


class Attribute(RangedValue):
    """An attribute and its rating."""

    value: int = Field(default=3, ge=0, le=ATTRIBUTE_MAX)

    def value_bounds(self) -> tuple[int, int]:
        """See :func:`attribute_bounds`."""
        return attribute_bounds(self.name)


class Skill(Row):
    """An active skill: its rating and the attribute it is linked to.

    Attributes:
        custom: a skill the player added; only those can be renamed or removed.
    """

    name: str = Field(min_length=1)
    rating: int = Field(default=0, ge=0, le=SKILL_MAX)
    attribute: Literal[ATTRIBUTES] = "Agility"
    custom: bool = False


#: Where each attribute lies on a sheet.
_PLACES = {name: place for place, name in enumerate(ATTRIBUTES)}

#: Every combination of the optional rules, made once (they never change).
_TABLE_RULES = {
    (cinematic, harder): TableRules(cinematic=cinematic, harder=harder)
    for cinematic in (False, True)
    for harder in (False, True)
}


def _standard_attributes() -> list[Attribute]:
    return [
        Attribute(name=name, value=0 if name in SPECIAL_ATTRIBUTES else 3) for name in ATTRIBUTES
    ]


def _standard_skills() -> list[Skill]:
    return [Skill(name=name, attribute=attribute) for name, attribute in STANDARD_SKILLS.items()]


class ShadowrunSheet(Sheet):
    """A Shadowrun 4 character.

    Attributes:
        metatype: Human, Elf, Dwarf, Ork or Troll.
        attributes: every attribute of :data:`ATTRIBUTES`, in that order.
        skills: the standard skills and the player's own.
        edge_current: Edge points not yet spent (0..Edge).
        physical_damage, stun_damage: boxes filled on the condition monitors (at most their
            boxes: what goes beyond is the game master's to narrate).
        cinematic: optional rule, hits on 4+ and the Rule of Six on every roll.
        harder: optional rule, pre-roll Edge adds only the unspent points and 2s glitch too.
    """

    metatype: str = "Human"
    attributes: list[Attribute] = Field(default_factory=_standard_attributes, max_length=MAX_ROWS)
    skills: list[Skill] = Field(default_factory=_standard_skills, max_length=MAX_ROWS)
    edge_current: int = Field(default=3, ge=0, le=ATTRIBUTE_MAX)
    physical_damage: int = Field(default=0, ge=0, le=MOST_BOXES)
    stun_damage: int = Field(default=0, ge=0, le=MOST_BOXES)
    cinematic: bool = False
    harder: bool = False

    @model_validator(mode="after")
    def _consistent(self, info: ValidationInfo) -> ShadowrunSheet:
        # Checked whole where it comes in; on assigning a field, what the field can break.
        assigned = assigned_field(info)
        if assigned in (None, "metatype") and self.metatype not in METATYPES:
            raise ValueError(
                _("metatype must be one of {metatypes}", metatypes=", ".join(METATYPES))
            )
        names = [attribute.name for attribute in self.attributes]
        if assigned in (None, "attributes") and names != list(ATTRIBUTES):
            raise ValueError(
                _(
                    "attributes must be {attributes}, in that order",
                    attributes=", ".join(ATTRIBUTES),
                )
            )
        if assigned in (None, "skills"):
            check_unique_names(_("skill"), (skill.name for skill in self.skills))
        both = self.attribute("Magic") and self.attribute("Resonance")
        if assigned in (None, "attributes") and both:
            raise ValueError(_("a character has Magic or Resonance, not both"))
        if self.edge_current > self.edge:
            raise ValueError(
                _("current Edge {edge} exceeds the Edge attribute", edge=self.edge_current)
            )
        # An attribute lowered lowers the monitors: the damage settles after the assignment.
        if assigned in (None, "physical_damage") and self.physical_damage > self.physical_boxes:
            raise ValueError(
                _(
                    "physical damage {damage} exceeds the {boxes} boxes of the monitor",
                    damage=self.physical_damage,
                    boxes=self.physical_boxes,
                )
            )
        if assigned in (None, "stun_damage") and self.stun_damage > self.stun_boxes:
            raise ValueError(
                _(
                    "stun damage {damage} exceeds the {boxes} boxes of the monitor",
                    damage=self.stun_damage,
                    boxes=self.stun_boxes,
                )
            )
        return self

    def settle(self) -> None:
        """Keep current Edge and damage within their maxima after an attribute changed."""
        if self.edge_current > self.edge:
            self.edge_current = self.edge
        if self.physical_damage > self.physical_boxes:
            self.physical_damage = self.physical_boxes
        if self.stun_damage > self.stun_boxes:
            self.stun_damage = self.stun_boxes

    def attribute(self, name: str) -> int:
        """The rating of an attribute by name."""
        # Attributes lie in the order of ATTRIBUTES: look there first.
        place = _PLACES.get(name)
        if place is not None and place < len(self.attributes):
            attribute = self.attributes[place]
            if attribute.name == name:
                return attribute.value
        return by_name(self.attributes, name).value

    def skill(self, name: str) -> Skill:
        """A skill by name."""
        return by_name(self.skills, name)

    @property
    def table_rules(self) -> TableRules:
        """The optional rules this character plays with."""
        return _TABLE_RULES[self.cinematic, self.harder]

    @property
    def edge(self) -> int:
        """The Edge attribute: the most Edge points the character can have."""
        return self.attribute("Edge")

    @property
    def physical_boxes(self) -> int:
        """Boxes of the physical condition monitor: 8 + half the Body, rounded up."""
        return 8 + (self.attribute("Body") + 1) // 2

    @property
    def stun_boxes(self) -> int:
        """Boxes of the stun condition monitor: 8 + half the Willpower, rounded up."""
        return 8 + (self.attribute("Willpower") + 1) // 2

    @property
    def wound_modifier(self) -> int:
        """-1 die for every 3 boxes filled, on each monitor."""
        if not (self.physical_damage or self.stun_damage):
            return 0  # unhurt: no need to count the boxes
        return -(min(self.physical_damage, self.physical_boxes) // 3) - (
            min(self.stun_damage, self.stun_boxes) // 3
        )
