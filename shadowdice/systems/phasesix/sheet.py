"""The Phase Six character sheet, for both rules variants (rule texts 000 and 001).

A sheet plays by the classic rules (text 000) or the current rules (text 001), chosen per
character in :attr:`PhaseSixSheet.rules`. Both variants share one model:

- **Attributes**, six persona and six physis attributes. The classic rules derive a minimum
  roll from each (shown live as "X+" in :attr:`Attribute.minimum_roll_text`). The classic
  text names only strength (Kraft), openness (Offenheit), conscientiousness
  (Gewissenhaftigkeit), neuroticism (Neurotizismus) and intelligence, given as an IQ; the
  classic persona set is completed with the other Big Five traits (extraversion,
  agreeableness). The current text names only strength and apprehension (its group roll
  example); the rest of the current sets (education, logic, conscientiousness, willpower,
  charm; deftness, attractiveness, endurance, resistance, quickness) is our assumption, and
  the classic physis set is assumed to be the same six.
- **Switching the rules** (:meth:`PhaseSixSheet.switch_rules`) loses nothing: the attributes
  both variants have keep their values, and those only the variant left behind has are kept
  in :attr:`PhaseSixSheet.other_attributes` (saved with the sheet) until the character
  switches back.
- **Skills**, a standard list, plus the player's own. A skill's value is its number of dice.
  The classic rules add **Apprehension** (Achtsamkeit) as a skill: their group roll example
  is an "Achtsamkeitsprobe", yet under the classic rules only skills and knowledge give dice
  and no classic attribute is Achtsamkeit, so players roll it as a skill, with the minimum
  roll from the attribute the game master names. Under the current rules apprehension is an
  attribute, rolled as such. A file that lacks a standard skill (older or edited by hand)
  gets it with value 0 when it is read.
- **Knowledge**, each entry tied to a skill. The current rules roll knowledge value + that
  skill's value; the classic rules roll the knowledge value alone.
- **The minimum roll** of the current rules: the character's own, from the lineage (a human
  has 5+), editable. The classic rules take it from the attribute the game master names.
- **Bonus, reroll and destiny dice**, each a maximum and the count left, refreshed by a rest.
- **Equipment** with concealment values.

>>> sheet = PhaseSixSheet(name="Hagen", rules="classic")
>>> sheet.attribute("Intelligence").value = 80
>>> sheet.attribute("Intelligence").minimum_roll_text
'8+'
>>> sheet.switch_rules("current")
>>> sheet.attribute("Education").minimum_roll_text, sheet.minimum_roll
('—', 5)
>>> sheet.other_attributes["Intelligence"]
80
>>> sheet.switch_rules("classic")
>>> sheet.attribute("Intelligence").value
80
"""

from __future__ import annotations

from pydantic import Field, PrivateAttr, ValidationInfo, field_validator, model_validator

from shadowdice.core.language import N_, translations
from shadowdice.core.sheet import (
    MAX_ROWS,
    RangedValue,
    Row,
    Sheet,
    assigned_elsewhere,
    by_name,
    check_unique_names,
)
from shadowdice.systems.phasesix.rules import (
    CLASSIC,
    CURRENT,
    HUMAN_MINIMUM_ROLL,
    INTELLIGENCE,
    NEUROTICISM,
    PERSONA_TRAITS,
    RULES,
    classic_minimum_roll,
    roll_text,
    term,
)

_, _n = translations(__name__)

#: Dice left above their maximum, by the field that holds them.
_MORE_THAN_MAXIMUM = {
    "bonus_dice": N_("{left} bonus dice left is more than the maximum of {most}"),
    "reroll_dice": N_("{left} reroll dice left is more than the maximum of {most}"),
    "destiny_dice": N_("{left} destiny dice left is more than the maximum of {most}"),
}

PERSONA = N_("Persona")
PHYSIS = N_("Physis")

#: The physis attributes, the same in both variants.
PHYSIS_ATTRIBUTES = (
    N_("Deftness"),
    N_("Strength"),
    N_("Attractiveness"),
    N_("Endurance"),
    N_("Resistance"),
    N_("Quickness"),
)
#: The persona attributes of each variant.
PERSONA_ATTRIBUTES = {
    CLASSIC: (*PERSONA_TRAITS, NEUROTICISM, INTELLIGENCE),
    CURRENT: (
        N_("Education"), N_("Logic"), N_("Conscientiousness"), N_("Willpower"),
        N_("Apprehension"), N_("Charm"),
    ),
}  # fmt: skip
#: Every attribute of each variant, in sheet order.
ATTRIBUTES = {
    rules: (*persona, *PHYSIS_ATTRIBUTES) for rules, persona in PERSONA_ATTRIBUTES.items()
}

ATTRIBUTE_BOUNDS = (-10, 10)
IQ_BOUNDS = (40, 200)
IQ_DEFAULT = 100
SKILL_BOUNDS = (-10, 20)
CONCEALMENT_BOUNDS = (0, 12)
MINIMUM_ROLL_BOUNDS = (0, 12)
DICE_MAX = 30

#: The skills every character has under both rules (Nahkampf is Hand to Hand Combat,
#: Tapferkeit Courage, Einschüchtern Intimidation, Wahrnehmung Perception).
STANDARD_SKILLS = (
    N_("Acrobatics"), N_("Communication"), N_("Courage"), N_("Deception"), N_("Driving"),
    N_("Empathy"), N_("First Aid"), N_("Hand to Hand Combat"), N_("History"),
    N_("Intimidation"), N_("Investigation"), N_("Mechanics"), N_("Nature"), N_("Orientation"),
    N_("Perception"), N_("Performance"), N_("Persuasion"), N_("Politics"), N_("Religion"),
    N_("Shooting"), N_("Stealth"), N_("Throwing"),
)  # fmt: skip
#: The skill a concealment roll is rolled with.
PERCEPTION = N_("Perception")
#: Achtsamkeit: a skill under the classic rules (their group roll example), an attribute under
#: the current rules.
APPREHENSION = N_("Apprehension")
#: The standard skills of each variant, in sheet order.
SKILLS = {
    CLASSIC: tuple(sorted((*STANDARD_SKILLS, APPREHENSION))),
    CURRENT: STANDARD_SKILLS,
}


def attribute_bounds(name: str) -> tuple[int, int]:
    """The range of an attribute's value: an IQ for intelligence, else -10 to 10."""
    return IQ_BOUNDS if name == INTELLIGENCE else ATTRIBUTE_BOUNDS


def attribute_default(rules: str, name: str) -> int:
    """A new character's value: 1 under the current rules (a human's start), 0 under the
    classic rules (5+), an IQ of 100 (4+).
    """
    if name == INTELLIGENCE:
        return IQ_DEFAULT
    return 1 if rules == CURRENT else 0


class Attribute(RangedValue):
    """A persona or physis attribute.

    The row shows its own classic minimum roll; for that the sheet tells every attribute row
    the rules it plays by (``_rules``, kept out of the saved data) whenever it is validated.

    Attributes:
        name: one of the variant's :data:`ATTRIBUTES`.
        value: the value; for intelligence an IQ.
    """

    value: int = Field(default=0, ge=ATTRIBUTE_BOUNDS[0], le=IQ_BOUNDS[1])
    _rules: str = PrivateAttr(default=CLASSIC)

    def value_bounds(self) -> tuple[int, int]:
        """See :func:`attribute_bounds`."""
        return attribute_bounds(self.name)

    @property
    def category(self) -> str:
        """Persona or Physis."""
        return PHYSIS if self.name in PHYSIS_ATTRIBUTES else PERSONA

    @property
    def minimum_roll(self) -> int | None:
        """The classic minimum roll this attribute gives, or None under the current rules."""
        return classic_minimum_roll(self.name, self.value) if self._rules == CLASSIC else None

    @property
    def minimum_roll_text(self) -> str:
        """The minimum roll as the sheet shows it, "2+", or "—" under the current rules."""
        roll = self.minimum_roll
        return "—" if roll is None else roll_text(roll)


class Skill(Row):
    """A skill: its value is its number of dice.

    Attributes:
        custom: a skill the player added; only those can be renamed or removed. The sheet
            sets it from the name: every skill but the variant's standard ones is custom.
    """

    name: str = Field(min_length=1)
    value: int = Field(default=0, ge=SKILL_BOUNDS[0], le=SKILL_BOUNDS[1])
    custom: bool = False


class Knowledge(Row):
    """A knowledge entry and the skill it belongs to ("Etiquette (Communication)").

    Attributes:
        skill: the associated skill's name, or "" for none; only the current rules add its
            value to the knowledge's dice.
    """

    name: str = Field(min_length=1)
    value: int = Field(default=1, ge=SKILL_BOUNDS[0], le=SKILL_BOUNDS[1])
    skill: str = ""


class Item(Row):
    """A piece of equipment; the higher its concealment value, the more conspicuous it is."""

    name: str = Field(min_length=1)
    concealment: int = Field(default=0, ge=CONCEALMENT_BOUNDS[0], le=CONCEALMENT_BOUNDS[1])


def standard_attributes(rules: str) -> list[Attribute]:
    """A new character's attributes under these rules."""
    return [
        Attribute(name=name, value=attribute_default(rules, name)) for name in ATTRIBUTES[rules]
    ]


def other_rules(rules: str) -> str:
    """The variant a character does not play by.

    >>> other_rules("classic")
    'current'
    """
    return CURRENT if rules == CLASSIC else CLASSIC


def _standard_skills() -> list[Skill]:
    return [Skill(name=name) for name in SKILLS[CURRENT]]


#: The fields the whole sheet's check reads (and completes: the standard skills).
_CHECKED = frozenset({"rules", "attributes", "other_attributes", "skills", "knowledge"})


class PhaseSixSheet(Sheet):
    """A Phase Six character, by the classic or the current rules.

    Attributes:
        rules: "classic" (text 000) or "current" (text 001).
        variant: the editor's setter over ``rules``: reading it gives ``rules``, setting it
            switches the rules through :meth:`switch_rules`, which carries the attributes
            over. Not saved; ``rules`` is.
        lineage: the character's lineage (current rules: it sets the minimum roll).
        minimum_roll: current rules: the result a die must reach (5 for a human's 5+).
        attributes: the variant's :data:`ATTRIBUTES`, in that order.
        other_attributes: the values of the attributes only the other variant has, kept for
            switching back (empty until the character switches).
        skills: the variant's standard :data:`SKILLS` and the player's own (``custom``).
        knowledge: knowledge entries, each tied to a skill.
        equipment: items with concealment values.
        bonus_dice, reroll_dice, destiny_dice: what is left of each (0..its maximum).
        bonus_dice_max, reroll_dice_max, destiny_dice_max: what a rest refreshes them to.
    """

    rules: str = CURRENT
    lineage: str = N_("Human")
    minimum_roll: int = Field(
        default=HUMAN_MINIMUM_ROLL, ge=MINIMUM_ROLL_BOUNDS[0], le=MINIMUM_ROLL_BOUNDS[1]
    )
    attributes: list[Attribute] = Field(
        default_factory=lambda: standard_attributes(CURRENT), max_length=MAX_ROWS
    )
    other_attributes: dict[str, int] = Field(default_factory=dict)
    skills: list[Skill] = Field(default_factory=_standard_skills, max_length=MAX_ROWS)
    knowledge: list[Knowledge] = Field(default_factory=list, max_length=MAX_ROWS)
    equipment: list[Item] = Field(default_factory=list, max_length=MAX_ROWS)
    # Each maximum comes before its count: the count is checked against it.
    bonus_dice_max: int = Field(default=2, ge=0, le=DICE_MAX)
    bonus_dice: int = Field(default=2, ge=0, le=DICE_MAX)
    reroll_dice_max: int = Field(default=2, ge=0, le=DICE_MAX)
    reroll_dice: int = Field(default=2, ge=0, le=DICE_MAX)
    destiny_dice_max: int = Field(default=0, ge=0, le=DICE_MAX)
    destiny_dice: int = Field(default=0, ge=0, le=DICE_MAX)

    @field_validator("bonus_dice", "reroll_dice", "destiny_dice")
    @classmethod
    def _within_maximum(cls, left: int, info: ValidationInfo) -> int:
        """The dice left never exceed their maximum. Checked on the count alone, so that a
        lowered maximum is first accepted and then brought down by :meth:`settle`.
        """
        most = info.data.get(f"{info.field_name}_max")
        if most is not None and left > most:
            raise ValueError(_(_MORE_THAN_MAXIMUM[str(info.field_name)], left=left, most=most))
        return left

    @model_validator(mode="before")
    @classmethod
    def _attributes_of_the_rules(cls, data: object) -> object:
        """A sheet made with only ``rules`` gets that variant's attributes."""
        if isinstance(data, dict) and "attributes" not in data and data.get("rules") in RULES:
            return {**data, "attributes": standard_attributes(data["rules"])}
        return data

    @model_validator(mode="after")
    def _consistent(self, info: ValidationInfo) -> PhaseSixSheet:
        if assigned_elsewhere(info, _CHECKED):
            return self
        if self.rules not in RULES:
            raise ValueError(_("rules must be one of {names}", names=", ".join(RULES)))
        names = tuple(attribute.name for attribute in self.attributes)
        if names != ATTRIBUTES[self.rules]:
            raise ValueError(
                _(
                    "the attributes of the {rules} rules are {names}, in that order",
                    rules=self.rules,
                    names=", ".join(ATTRIBUTES[self.rules]),
                )
            )
        self._check_other_attributes()
        check_unique_names(_("skill"), [skill.name for skill in self.skills])
        self._complete_skills()
        check_unique_names(_("knowledge entry"), [entry.name for entry in self.knowledge])
        skills = {skill.name for skill in self.skills}
        for entry in self.knowledge:
            if entry.skill and entry.skill not in skills:
                raise ValueError(
                    _(
                        "{name} belongs to the skill {skill}, which is not on the sheet",
                        name=entry.name,
                        skill=entry.skill,
                    )
                )
        for attribute in self.attributes:
            attribute._rules = self.rules
        return self

    def _check_other_attributes(self) -> None:
        """The kept values belong to attributes only the other variant has, within bounds."""
        other = other_rules(self.rules)
        for name, value in self.other_attributes.items():
            if name not in ATTRIBUTES[other] or name in ATTRIBUTES[self.rules]:
                raise ValueError(
                    _(
                        "{name} is no attribute that only the {other} rules have",
                        name=term(name),
                        other=other,
                    )
                )
            low, high = attribute_bounds(name)
            if not low <= value <= high:
                raise ValueError(
                    _("{name} must be from {low} to {high}", name=term(name), low=low, high=high)
                )

    def _complete_skills(self) -> None:
        """Add the standard skills the sheet lacks, with value 0, in their standard places,
        and mark every skill by its name as a standard one or the player's own. A skill named
        like a standard one in another case ("perception") becomes that one, and so do the
        knowledge entries that belong to it.
        """
        standard = SKILLS[self.rules]
        spelt = {name.casefold(): name for name in standard}
        renamed: dict[str, str] = {}
        rows: list[Skill] = []
        for skill in self.skills:
            name = spelt.get(skill.name.casefold(), skill.name)
            custom = name not in standard
            if name != skill.name:
                renamed[skill.name] = name
            if (name, custom) != (skill.name, skill.custom):
                skill = skill.model_copy(update={"name": name, "custom": custom})
            rows.append(skill)
        have = {skill.name: skill for skill in rows}
        if not have.keys() >= set(standard):
            own = [skill for skill in rows if skill.custom]
            rows = [*(have.get(name) or Skill(name=name) for name in standard), *own]
        if rows != self.skills:
            self.skills[:] = rows
        for index, entry in enumerate(self.knowledge):
            if entry.skill in renamed:
                self.knowledge[index] = entry.model_copy(update={"skill": renamed[entry.skill]})

    def settle(self) -> None:
        """Keep the dice left within their maxima after a maximum was lowered."""
        for resource in ("bonus_dice", "reroll_dice", "destiny_dice"):
            most = getattr(self, f"{resource}_max")
            if getattr(self, resource) > most:
                setattr(self, resource, most)

    # --- the rules variant -------------------------------------------------------------------

    @property
    def variant(self) -> str:
        """The editor's setter over :attr:`rules` (the "Rules" field): reading it gives the
        rules, setting it switches them through :meth:`switch_rules`, so that the attributes
        are carried over. Setting ``rules`` itself would leave the attributes of the old
        variant, which validation refuses. Not saved: ``rules`` is.
        """
        return self.rules

    @variant.setter
    def variant(self, rules: str) -> None:
        self.switch_rules(rules)

    def switch_rules(self, rules: str) -> None:
        """Play by the other rules, losing nothing: the attributes become that variant's,
        those both have (conscientiousness and the physis attributes) keep their values,
        those only the other variant has come back from :attr:`other_attributes` (else start
        at their default), and those only the rules left behind have go there.

        Skills follow the variant's standard list: leaving the classic rules drops their
        Apprehension skill only while it is blank (0, and no knowledge belongs to it), else it
        stays as the player's own; coming back makes it the standard skill again.

        Raises:
            pydantic.ValidationError: ``rules`` is not a variant; the sheet is unchanged.
        """
        if rules == self.rules:
            return
        values = {
            **self.other_attributes,
            **{attribute.name: attribute.value for attribute in self.attributes},
        }
        names = ATTRIBUTES.get(rules, ())
        leaving = set(SKILLS[self.rules]) - set(SKILLS.get(rules, ()))
        used = {entry.skill for entry in self.knowledge}
        data = self.model_dump()
        data["rules"] = rules
        data["attributes"] = [
            {"name": name, "value": values.get(name, attribute_default(rules, name))}
            for name in names
        ]
        data["other_attributes"] = {
            name: value for name, value in values.items() if name not in names
        }
        data["skills"] = [
            skill
            for skill in data["skills"]
            if not (skill["name"] in leaving and skill["value"] == 0 and skill["name"] not in used)
        ]
        switched = type(self).model_validate(data)
        for name in type(self).model_fields:
            object.__setattr__(self, name, getattr(switched, name))

    # --- looking things up ---------------------------------------------------------------------

    @property
    def classic(self) -> bool:
        """Whether the character plays by the classic rules."""
        return self.rules == CLASSIC

    def attribute(self, name: str) -> Attribute:
        """An attribute by name."""
        return by_name(self.attributes, name)

    def skill(self, name: str) -> Skill:
        """A skill by name."""
        return by_name(self.skills, name)

    def knowledge_entry(self, name: str) -> Knowledge:
        """A knowledge entry by name."""
        return by_name(self.knowledge, name)

    @property
    def perception(self) -> int:
        """The value of the Perception skill, which concealment rolls use; 0 without it
        (a sheet always has it once validated, but a list can be changed in place).
        """
        try:
            return self.skill(PERCEPTION).value
        except KeyError:
            return 0

    def knowledge_dice(self, entry: Knowledge) -> int:
        """The dice of a knowledge entry: its value, plus its skill's under the current rules.

        >>> sheet = PhaseSixSheet(skills=[Skill(name="Communication", value=2)],
        ...                       knowledge=[Knowledge(name="Etiquette", value=3,
        ...                                            skill="Communication")])
        >>> sheet.knowledge_dice(sheet.knowledge[0])
        5
        """
        if self.classic or not entry.skill:
            return entry.value
        return entry.value + self.skill(entry.skill).value

    def most_conspicuous(self) -> Item | None:
        """The item with the highest concealment value (the first of equals), or None."""
        return max(self.equipment, key=lambda item: item.concealment, default=None)
