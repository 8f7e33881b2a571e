"""The Star Wars D6 character sheet (rule text 004: "Charaktererschaffung" / character
creation, "Rüstung" / armor, "Schaden" / damage and wounds).

- **Attributes**: six, each a dice code. The text names Geschicklichkeit (Dexterity) and
  Stärke (Strength); the other four (Knowledge, Mechanical, Perception, Technical) are the
  game's usual set and our assumption.
- **Skills** belong to an attribute and store only what was added to it ("2D"); the code a
  player rolls is the attribute's code plus that (Wookiee-like Dexterity 2D+2, Dodge +2D:
  4D+2; Grenade +0D: 2D+2). Every row knows its attribute's code (kept out of the saved
  data, refreshed whenever the sheet is settled or validated whole, or a field they come from
  is assigned) so that the editor can show the derived code.
- **Force skills** (Control, Sense, Alter) stand apart from the attributes: a starting code
  from the template plus what was added. A character has only those its template lists.
- **Force Points** (every character starts with one). The text has no Dark Side points, so
  the sheet has none.
- **Armor**: none, light (+1 pip to resist damage, -1 pip on Dexterity-based rolls) or full
  (+1D, -1D); see :func:`.damage.armor_protection`.
- **The wound state** of :mod:`.damage`: the lasting wound (healthy, wounded, unconscious,
  mortally wounded, dead), the full rounds since a mortal wound, and the stun of this round
  (shown until the game master starts a new round).
- **This round**: the declared actions (:mod:`.round_sheet`), the +1D prepared last round,
  and whether a Force Point doubles the character's codes this round.
- **A starship** the character flies: its name, Sublight Speed and Maneuverability codes.
- **Creation**: while ``in_creation`` the limits of :mod:`.creation` hold (7D over the
  skills, at most 2D each, whole dice only); attributes, Force skill names and starting codes,
  and the names and attributes of the skills the template lists, are then those of the
  template and cannot be edited.

Codes are stored as their shown text ("3D+2"), checked and normalized by :meth:`Code.parse`,
so a typed "3d + 2" is stored as "3D+2" and "4W+" is refused with the reason.

>>> sheet = StarWarsSheet(name="Rrawr")
>>> sheet.attribute(DEXTERITY).code = "2D+2"
>>> sheet.skill("Dodge").added = "2D"
>>> sheet.settle()
>>> sheet.skill("Dodge").code, sheet.skill("Grenade").code
('4D+2', '2D+2')
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated

from pydantic import (
    AfterValidator,
    Field,
    PrivateAttr,
    ValidationInfo,
    field_validator,
    model_validator,
)

from shadowdice.core.language import N_, terms, translations
from shadowdice.core.sheet import (
    MAX_ROWS,
    MAX_TEXT_LENGTH,
    Row,
    Sheet,
    assigned_elsewhere,
    by_name,
    check_unique_names,
)
from shadowdice.systems.starwars.codes import Code, normalized_code
from shadowdice.systems.starwars.creation import check_creation, skill_dice_left
from shadowdice.systems.starwars.damage import Armor, Wound, WoundState, can_act
from shadowdice.systems.starwars.round_sheet import (
    Declared,
    Dodged,
    character_round,
    check_round,
)
from shadowdice.systems.starwars.rounds import MAX_SEGMENTS, CharacterRound

_, _n = translations(__name__)

DEXTERITY = N_("Dexterity")
KNOWLEDGE = N_("Knowledge")
MECHANICAL = N_("Mechanical")
PERCEPTION = N_("Perception")
STRENGTH = N_("Strength")
TECHNICAL = N_("Technical")
#: The six attributes, in sheet order.
ATTRIBUTES = (DEXTERITY, KNOWLEDGE, MECHANICAL, PERCEPTION, STRENGTH, TECHNICAL)

CONTROL = N_("Control")
SENSE = N_("Sense")
ALTER = N_("Alter")
#: The Force skills (Machtfertigkeiten), apart from the attributes.
FORCE_SKILLS = (CONTROL, SENSE, ALTER)


#: A name the rules give (an attribute, a skill) in the language shown; a name a player gave
#: shows as given.
term = terms(__name__)


def force_skill_name(name: str) -> str:
    """``name`` if it is a Force skill; else the player is told which there are."""
    if name not in FORCE_SKILLS:
        raise ValueError(_("the Force skills are {join}", join=", ".join(FORCE_SKILLS)))
    return name


#: A dice code as a sheet or template stores it, checked and written as players read it
#: ("3d + 2" is stored as "3D+2"; "4W+" is refused).
CodeText = Annotated[str, AfterValidator(normalized_code)]
#: The name of a Force skill, one of :data:`FORCE_SKILLS`.
ForceSkillName = Annotated[str, AfterValidator(force_skill_name)]

# Skills the rule text names (other engineers' rules look them up by these names).
BLASTER = N_("Blaster")
DODGE = N_("Dodge")
GRENADE = N_("Grenade")
LIGHTSABER = N_("Lightsaber")
MELEE_COMBAT = N_("Melee Combat")
MELEE_PARRY = N_("Melee Parry")
BRAWLING_PARRY = N_("Brawling Parry")
CLIMBING_JUMPING = N_("Climbing/Jumping")
SECURITY = N_("Security")
STARSHIP_PILOTING = N_("Starship Piloting")

#: Skills that only the templates list, named here for the translations.
TEMPLATE_SKILLS = (
    N_("Beast Riding"), N_("Bureaucracy"), N_("Droid Programming"), N_("Gambling"),
    N_("Heavy Crossbow"), N_("Intimidation"), N_("Investigation"), N_("Law Enforcement"),
    N_("Lifting"), N_("Persuasion"), N_("Repulsorlift Repair"), N_("Scholar"), N_("Sensors"),
    N_("Starship Repair"), N_("Starship Shields"), N_("Value"), N_("Willpower"),
)  # fmt: skip

#: A plain skill list for a character made without a template, by attribute.
STANDARD_SKILLS: dict[str, tuple[str, ...]] = {
    DEXTERITY: (BLASTER, BRAWLING_PARRY, DODGE, GRENADE, LIGHTSABER, MELEE_COMBAT, MELEE_PARRY),
    KNOWLEDGE: (
        N_("Alien Species"), N_("Languages"), N_("Planetary Systems"), N_("Streetwise"),
        N_("Survival"),
    ),
    MECHANICAL: (
        N_("Astrogation"), N_("Repulsorlift Operation"), N_("Starship Gunnery"), STARSHIP_PILOTING,
    ),
    PERCEPTION: (N_("Bargain"), N_("Con"), N_("Hide"), N_("Search"), N_("Sneak")),
    STRENGTH: (N_("Brawling"), CLIMBING_JUMPING, N_("Stamina"), N_("Swimming")),
    TECHNICAL: (
        N_("Computer Programming"), N_("Demolitions"), N_("Droid Repair"), N_("First Aid"),
        SECURITY,
    ),
}  # fmt: skip

DEFAULT_ATTRIBUTE = "2D"
NO_DICE = "0D"
STARTING_FORCE_POINTS = 1
FORCE_POINTS_MAX = 99
ROUNDS_MAX = 999


ARMOR_LABELS = {
    Armor.NONE: N_("None"),
    Armor.LIGHT: N_("Light (±1 pip)"),
    Armor.FULL: N_("Full (±1D)"),
}

WOUND_LABELS = {
    Wound.HEALTHY: N_("Healthy"),
    Wound.WOUNDED: N_("Wounded (-1D)"),
    Wound.UNCONSCIOUS: N_("Unconscious"),
    Wound.MORTALLY_WOUNDED: N_("Mortally wounded"),
    Wound.DEAD: N_("Dead"),
}


class Attribute(Row):
    """One of the six attributes.

    Attributes:
        name: one of :data:`ATTRIBUTES`.
        code: its dice code ("2D+2").
    """

    name: str
    code: CodeText = DEFAULT_ATTRIBUTE
    _in_creation: bool = PrivateAttr(default=False)

    @property
    def value(self) -> Code:
        """The code as a :class:`Code`."""
        return Code.parse(self.code)

    @property
    def locked(self) -> bool:
        """Whether the code is the template's and cannot be edited (during creation)."""
        return self._in_creation


class Skill(Row):
    """A skill under an attribute; it stores only what was added to the attribute.

    Attributes:
        name: the skill's name.
        attribute: the attribute it belongs to, one of :data:`ATTRIBUTES`.
        added: dice and pips added to the attribute ("0D": the skill has the attribute's code).
        from_template: listed by the template the character was made from; during creation
            its name and attribute are the template's.
    """

    name: str = Field(min_length=1)
    attribute: str = DEXTERITY
    added: str = NO_DICE
    from_template: bool = False
    _base: Code = PrivateAttr(default=Code(0, 0))
    _in_creation: bool = PrivateAttr(default=False)

    @field_validator("added")
    @classmethod
    def _not_below_attribute(cls, text: str) -> str:
        added = Code.parse(text)
        if added.dice == 0 and added.pips < 0:
            raise ValueError(_("a skill cannot be lower than its attribute"))
        return str(added)

    @property
    def locked(self) -> bool:
        """Whether name and attribute are the template's (a listed skill, during creation)."""
        return self.from_template and self._in_creation

    @property
    def code(self) -> str:
        """The code rolled: the attribute's code plus what was added ("4D+2")."""
        return str(self.value)

    @property
    def value(self) -> Code:
        """The code rolled, as a :class:`Code`."""
        return self._base + Code.parse(self.added)


class ForceSkill(Row):
    """A Force skill (Control, Sense or Alter): the template's starting code plus what was
    added.

    Attributes:
        name: one of :data:`FORCE_SKILLS`.
        base: the starting code from the template ("1D").
        added: dice and pips added to it.
    """

    name: ForceSkillName = CONTROL
    base: CodeText = "1D"
    added: CodeText = NO_DICE
    _in_creation: bool = PrivateAttr(default=False)

    @property
    def locked(self) -> bool:
        """Whether name and starting code are the template's (during creation)."""
        return self._in_creation

    @property
    def code(self) -> str:
        """The code rolled: starting code plus what was added ("3D")."""
        return str(self.value)

    @property
    def value(self) -> Code:
        """The code rolled, as a :class:`Code`."""
        return Code.parse(self.base) + Code.parse(self.added)


class Item(Row):
    """A piece of equipment.

    Attributes:
        name: what it is ("Blaster pistol").
        notes: damage, range or anything else worth noting.
    """

    name: str = Field(min_length=1)
    notes: str = ""


def standard_attributes(code: str = DEFAULT_ATTRIBUTE) -> list[Attribute]:
    """The six attributes, each at ``code``."""
    return [Attribute(name=name, code=code) for name in ATTRIBUTES]


def standard_skills() -> list[Skill]:
    """The plain skill list of :data:`STANDARD_SKILLS`, nothing added."""
    return [
        Skill(name=name, attribute=attribute)
        for attribute, names in STANDARD_SKILLS.items()
        for name in names
    ]


def check_attributes(attributes: list[Attribute]) -> None:
    """Refuse anything but the six attributes in sheet order."""
    if tuple(attribute.name for attribute in attributes) != ATTRIBUTES:
        raise ValueError(_("the attributes are {join}, in that order", join=", ".join(ATTRIBUTES)))


def check_skill_names(names: list[str], attributes: list[str]) -> None:
    """Refuse skills named alike, named like a Force skill, or under no attribute."""
    check_unique_names(_("skill"), names)
    for name, attribute in zip(names, attributes, strict=True):
        if name.strip().casefold() in {force.casefold() for force in FORCE_SKILLS}:
            raise ValueError(
                _("{name} is a Force skill; it belongs with the Force skills", name=name)
            )
        if attribute not in ATTRIBUTES:
            raise ValueError(
                _("{name} must belong to one of {join}", name=name, join=", ".join(ATTRIBUTES))
            )


#: The fields the whole sheet's check reads, and its rows show (a skill its attribute's code).
_CHECKED = frozenset({"name", "attributes", "skills", "force_skills", "in_creation", "this_round"})


class StarWarsSheet(Sheet):
    """A Star Wars D6 character.

    Attributes:
        template: the name of the template the character was made from ("" for none).
        species: species or kind of being.
        background: the character's story.
        in_creation: True while the skill dice of creation are being distributed.
        attributes: the six :data:`ATTRIBUTES`, in that order.
        skills: skills under their attributes.
        force_skills: the Force skills the character has (none, or some of :data:`FORCE_SKILLS`).
        force_points: Force Points left (Machtpunkte).
        equipment: what the character carries.
        armor: none, light or full (:class:`~.damage.Armor`).
        wound: the lasting wound (:class:`~.damage.Wound`).
        mortal_rounds: full rounds since the mortal wound (0 unless mortally wounded).
        stunned: stunned this round: no more actions, reactions only (until "New round").
        stun_segment: the segment of the hit that stunned (0: not known).
        stun_after_action: the character had made the action of that segment before the
            hit; else the stun took it.
        first_segment_lost: stunned last round with no action left to lose: no action in
            the first segment of this round.
        this_round: what the character declared for the round (:class:`~.round_sheet.Declared`).
        dodged: the dodges rolled this round, one per segment (:class:`~.round_sheet.Dodged`).
        prepared: what the character prepared last round, for +1D on its next roll ("" none,
            a roll's name, or :data:`~.round_sheet.ANY_ROLL`).
        force_point_round: a Force Point was spent this round: every code is doubled.
        ship: the starship the character flies ("" for none).
        ship_range: the range of the starship encounter ("short", "medium", "long"; "" for
            none): the speed contest starts from it and changes it.
        sublight_speed: the ship's Sublight Speed code (its speed roll).
        maneuverability: the ship's Maneuverability code (added to Starship Piloting to dodge).
    """

    template: str = ""
    species: str = ""
    background: str = Field(default="", max_length=MAX_TEXT_LENGTH)
    in_creation: bool = False
    attributes: list[Attribute] = Field(default_factory=standard_attributes, max_length=MAX_ROWS)
    skills: list[Skill] = Field(default_factory=standard_skills, max_length=MAX_ROWS)
    force_skills: list[ForceSkill] = Field(default_factory=list, max_length=MAX_ROWS)
    force_points: int = Field(default=STARTING_FORCE_POINTS, ge=0, le=FORCE_POINTS_MAX)
    equipment: list[Item] = Field(default_factory=list, max_length=MAX_ROWS)
    armor: Armor = Armor.NONE
    wound: Wound = Wound.HEALTHY
    mortal_rounds: int = Field(default=0, ge=0, le=ROUNDS_MAX)
    stunned: bool = False
    stun_segment: int = Field(default=0, ge=0, le=MAX_SEGMENTS)
    stun_after_action: bool = False
    first_segment_lost: bool = False
    this_round: list[Declared] = Field(default_factory=list, max_length=MAX_ROWS)
    dodged: list[Dodged] = Field(default_factory=list, max_length=MAX_ROWS)
    prepared: str = ""
    force_point_round: bool = False
    ship: str = ""
    ship_range: str = Field(default="", pattern="^(|short|medium|long)$")
    sublight_speed: CodeText = NO_DICE
    maneuverability: CodeText = NO_DICE

    @model_validator(mode="after")
    def _consistent(self, info: ValidationInfo) -> StarWarsSheet:
        if assigned_elsewhere(info, _CHECKED):
            return self
        check_attributes(self.attributes)
        check_skill_names(
            [skill.name for skill in self.skills], [skill.attribute for skill in self.skills]
        )
        check_unique_names(_("Force skill"), [force.name for force in self.force_skills])
        if self.in_creation:
            check_creation(self.added_dice())
        check_round(self.name, self.this_round)
        self._sync_rows()
        return self

    def settle(self) -> None:
        """Give every row what it shows from the rest of the sheet (a skill its attribute's
        code, the creation lock), and clear the mortal rounds of a character not mortally
        wounded.
        """
        if self.wound is not Wound.MORTALLY_WOUNDED and self.mortal_rounds:
            self.mortal_rounds = 0
        self._sync_rows()

    def _sync_rows(self) -> None:
        codes = {attribute.name: attribute.value for attribute in self.attributes}
        for attribute in self.attributes:
            attribute._in_creation = self.in_creation
        for skill in self.skills:
            skill._base = codes.get(skill.attribute, Code(0, 0))
            skill._in_creation = self.in_creation
        for force in self.force_skills:
            force._in_creation = self.in_creation

    # --- looking things up -------------------------------------------------------------------

    def attribute(self, name: str) -> Attribute:
        """An attribute by name."""
        return by_name(self.attributes, name)

    def skill(self, name: str) -> Skill:
        """A skill by name (the shown code is up to date after :meth:`settle`)."""
        return by_name(self.skills, name)

    def force_skill(self, name: str) -> ForceSkill:
        """A Force skill by name."""
        return by_name(self.force_skills, name)

    def skill_code(self, name: str) -> Code:
        """The code of a skill, worked out from its attribute now.

        Raises:
            KeyError: the sheet has no such skill.
        """
        skill = self.skill(name)
        return self.attribute(skill.attribute).value + Code.parse(skill.added)

    @property
    def skill_dice_left(self) -> str:
        """The skill dice of creation still to distribute ("3D"), or "—" after creation."""
        return f"{skill_dice_left(self.added_dice())}D" if self.in_creation else "—"

    def added_dice(self) -> Iterator[tuple[str, Code]]:
        """Every skill and Force skill by name, with what was added to it."""
        for skill in self.skills:
            yield skill.name, Code.parse(skill.added)
        for force in self.force_skills:
            yield force.name, Code.parse(force.added)

    def declared_round(self) -> CharacterRound:
        """The round "This round" declares."""
        return character_round(self.name, self.this_round)

    @property
    def can_act(self) -> bool:
        """Whether the character can act at all (not unconscious, dying or dead)."""
        return can_act(self.wound)

    @property
    def wound_state(self) -> WoundState:
        """The wounds as the damage rules see them."""
        return WoundState(self.wound, self.mortal_rounds, self.stunned)

    def take_wounds(self, state: WoundState, segment: int = 0, acted: bool = False) -> None:
        """Keep a new wound state (after a damage roll or a death roll); a new stun keeps the
        ``segment`` of the hit and whether the character had ``acted`` in it already, for
        "New round" to tell whether an action was left to lose.
        """
        if state.stunned and not self.stunned:
            self.stun_segment = segment
            self.stun_after_action = acted
        self.wound = state.wound
        self.mortal_rounds = state.rounds
        self.stunned = state.stunned

    def kept_dodge(self, segment: int, roll: str) -> Dodged | None:
        """The dodge ``roll`` rolled in ``segment`` this round, or None."""
        return next((d for d in self.dodged if d.segment == segment and d.roll == roll), None)

    @property
    def has_ship(self) -> bool:
        """Whether the sheet names a starship the character flies."""
        return bool(self.ship.strip())
