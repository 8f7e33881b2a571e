"""What a Star Wars D6 character can roll, and what the sheet does to the roll (rule text
004: skills default to their attribute, Force skills stand apart, "Rüstung" / armor on
Dexterity, "verwundet" / wounded -1D, the penalty of the round's declared actions, the +1D of
preparing, the starship dodge of "Raumschiffe", the lightsaber's skill and difficulty).

A roll is named by a *roll key*: ``"attribute:<name>"``, ``"skill:<name>"``,
``"force:<name>"``, ``"ship:dodge"`` (Starship Piloting plus the ship's Maneuverability) or
``"code"`` (a code typed by hand, read elsewhere). The round's declarations name rolls by
their plain names ("Blaster", "Starship dodge"); :func:`resolve` turns a name into a key.

Readings of what the text leaves open:

- **A skill the sheet lacks** but the plain skill list knows is rolled with its attribute's
  code (skills default to their attribute).
- **Sheet penalties**: wounded -1D on every roll (resisting damage is spared, see
  :mod:`.wound_checks`); armor on Dexterity and the skills under it. A Force skill is no
  attribute's, so armor leaves it alone.
- **A starship dodge** is the pilot's Starship Piloting (doubled by a Force Point, taking the
  pilot's penalties) plus the ship's Maneuverability, added after: the ship's code is not the
  character's.
- **The round's penalty** comes from the declarations in "This round" for the segment of the
  roll (:mod:`.round_sheet`); only a character with none declared uses the number of actions
  typed in the check.
"""

from __future__ import annotations

from collections.abc import Iterable

from shadowdice.core.language import N_, Text, translations
from shadowdice.core.quoting import quoted, shortened
from shadowdice.core.registry import CheckError
from shadowdice.systems.starwars.codes import Code
from shadowdice.systems.starwars.damage import Armor, armor_protection, wound_penalty
from shadowdice.systems.starwars.lightsaber import ATTACK_DIFFICULTY
from shadowdice.systems.starwars.plan import Modifier, Roller
from shadowdice.systems.starwars.round_sheet import ANY_ROLL
from shadowdice.systems.starwars.rounds import penalty
from shadowdice.systems.starwars.sheet import (
    ATTRIBUTES,
    BRAWLING_PARRY,
    DEXTERITY,
    DODGE,
    LIGHTSABER,
    MELEE_PARRY,
    SENSE,
    STANDARD_SKILLS,
    STARSHIP_PILOTING,
    STRENGTH,
    WOUND_LABELS,
    StarWarsSheet,
    term,
)

_, _n = translations(__name__)

ATTRIBUTE = "attribute"
SKILL = "skill"
FORCE = "force"
TYPED = "code"
STARSHIP_DODGE = "ship:dodge"
STARSHIP_DODGE_LABEL = N_("Starship dodge (piloting + maneuverability)")
#: The armor worn, as a modifier of a Dexterity-based roll names it ("-1 (light armor)").
ARMOR_WORN = {Armor.LIGHT: N_("light armor"), Armor.FULL: N_("full armor")}
#: The rolls offered first for an opponent: those the text uses against attacks and doors.
DEFENCES = (DODGE, MELEE_PARRY, BRAWLING_PARRY)


def roll_key(kind: str, name: str) -> str:
    """The check value that names a roll.

    >>> roll_key(SKILL, "Dodge")
    'skill:Dodge'
    """
    return f"{kind}:{name}"


def rolled(sheet: StarWarsSheet, key: str) -> tuple[str, Code]:
    """The label and code a roll key names on the sheet (for a starship dodge: the pilot's
    Starship Piloting; :func:`roller` adds the ship).

    Raises:
        CheckError: nothing is chosen, or the sheet has no such roll.
    """
    kind, _colon, name = key.partition(":")
    if not key:
        raise CheckError(_("Choose what to roll: an attribute, a skill or a code."))
    if key == STARSHIP_DODGE:
        if not sheet.has_ship:
            raise CheckError(
                _(
                    "{name}'s sheet names no starship: enter the ship, its Sublight Speed and "
                    "Maneuverability.",
                    name=sheet.name,
                )
                if sheet.name
                else _(
                    "This character's sheet names no starship: enter the ship, its Sublight "
                    "Speed and Maneuverability."
                )
            )
        return STARSHIP_PILOTING, rolled(sheet, roll_key(SKILL, STARSHIP_PILOTING))[1]
    try:
        if kind == ATTRIBUTE:
            return name, sheet.attribute(name).value
        if kind == SKILL:
            if any(skill.name == name for skill in sheet.skills):
                return name, sheet.skill_code(name)
            attribute = _standard_attribute(name)
            if attribute is None:
                raise KeyError(name)
            return name, sheet.attribute(attribute).value
        if kind == FORCE:
            return name, sheet.force_skill(name).value
    except KeyError:
        raise CheckError(_not_on_sheet(sheet, name)) from None
    raise CheckError(_("{key} is nothing a Star Wars D6 character can roll.", key=quoted(key)))


def roller(
    sheet: StarWarsSheet,
    key: str,
    *,
    segment: int,
    doubled: bool,
    actions: int = 1,
    prepared: bool = False,
) -> Roller:
    """A character's roll of ``key`` in ``segment``: the code, doubled for a Force Point,
    with the ship's Maneuverability, the wound, armor, the round's penalty (``actions``
    typed for a character with nothing declared) and preparing.
    """
    label, base = rolled(sheet, key)
    modifiers = []
    if key == STARSHIP_DODGE:
        ship = Code.parse(sheet.maneuverability)
        modifiers.append(
            Modifier(_("{ship} maneuverability", ship=sheet.ship), ship.dice, ship.pips)
        )
    modifiers += sheet_modifiers(sheet, key)
    modifiers += round_modifiers(sheet, segment, actions)
    if prepared:
        modifiers.append(Modifier(_("prepared"), 1))
    return Roller(term(label), base, doubled, tuple(modifiers))


def sheet_modifiers(
    sheet: StarWarsSheet, key: str, *, resisting_damage: bool = False
) -> list[Modifier]:
    """What the sheet does to a roll: -1D when wounded (not when resisting damage), armor on
    Dexterity-based rolls.
    """
    modifiers = []
    if penalty := wound_penalty(sheet.wound, resisting_damage=resisting_damage):
        modifiers.append(Modifier(_("wounded"), -penalty))
    armor = armor_protection(sheet.armor)
    if armor != Code(0) and based_on(sheet, key) == DEXTERITY:
        modifiers.append(Modifier(_(ARMOR_WORN[sheet.armor]), -armor.dice, -armor.pips))
    return modifiers


def round_modifiers(sheet: StarWarsSheet, segment: int, actions: int = 1) -> list[Modifier]:
    """-1D per counted action past the first: from "This round" for a roll in ``segment``,
    or from ``actions`` when the character declared nothing.
    """
    if sheet.this_round:
        return actions_modifiers(sheet.declared_round().counted(segment), segment)
    return actions_modifiers(actions)


def actions_modifiers(counted: int, segment: int | None = None) -> list[Modifier]:
    """The penalty of ``counted`` actions as a modifier (:func:`.rounds.penalty`), named
    "3 actions", with the ``segment`` they were counted by; none for a single action.
    """
    if not (dice := penalty(counted)):
        return []
    if segment is None:
        return [Modifier(_("{counted} actions", counted=counted), -dice)]
    name = _("{counted} actions by segment {segment}", counted=counted, segment=segment)
    return [Modifier(name, -dice)]


def based_on(sheet: StarWarsSheet, key: str) -> str | None:
    """The attribute a roll key is based on (an attribute itself, or a skill's), or None
    for a Force skill, a starship dodge or a typed code.
    """
    kind, _colon, name = key.partition(":")
    if kind == ATTRIBUTE:
        return name
    if kind == SKILL:
        for skill in sheet.skills:
            if skill.name == name:
                return skill.attribute
        return _standard_attribute(name)
    return None


def resolve(sheet: StarWarsSheet, text: str) -> str | None:
    """The roll key a name stands for ("Blaster", "skill:Blaster", "Starship dodge"), or
    None for free words. Names are compared without case.
    """
    wanted = text.strip().casefold()
    if not wanted:
        return None
    keys = [key for key, _label in roll_choices(sheet) if key != TYPED]
    keys += [roll_key(SKILL, name) for names in STANDARD_SKILLS.values() for name in names]
    for key in keys:
        name = key.partition(":")[2]
        if wanted in (key.casefold(), name.casefold()):
            return key
    if wanted in ("starship dodge", STARSHIP_DODGE):
        return STARSHIP_DODGE
    return None


def prepared_for(sheet: StarWarsSheet, key: str) -> bool:
    """Whether the +1D prepared last round goes to a roll of ``key``."""
    if not sheet.prepared:
        return False
    return sheet.prepared == ANY_ROLL or resolve(sheet, sheet.prepared) == key


def able(sheet: StarWarsSheet, what: str, name: str = "") -> None:
    """Refuse a character who cannot act (unconscious, mortally wounded, dead).

    Raises:
        CheckError: with the reason.
    """
    if not sheet.can_act:
        who = name or sheet.name or _("This character")
        state = term(WOUND_LABELS[sheet.wound]).lower()
        raise CheckError(_("{who} is {state} and cannot {what}.", who=who, state=state, what=what))


def roll_choices(sheet: StarWarsSheet) -> tuple[tuple[str, str], ...]:
    """Everything the character can roll, as (value, label) pairs: skills under their
    attributes, then the attributes, the Force skills, a starship dodge when the sheet has a
    ship, and a code typed by hand.
    """
    choices = []
    for attribute in ATTRIBUTES:
        for skill in sheet.skills:
            if skill.attribute == attribute:
                code = str(sheet.skill_code(skill.name))
                label = _(
                    "{skill} {code} ({attribute})",
                    skill=term(skill.name),
                    code=code,
                    attribute=term(attribute),
                )
                if skill.name == LIGHTSABER:
                    label = _("{roll} · attack at {target}", roll=label, target=ATTACK_DIFFICULTY)
                choices.append((roll_key(SKILL, skill.name), label))
    for attribute in sheet.attributes:
        label = _("{attribute} {code}", attribute=term(attribute.name), code=attribute.code)
        choices.append((roll_key(ATTRIBUTE, attribute.name), label))
    for force in sheet.force_skills:
        label = _("{skill} {code} (Force)", skill=term(force.name), code=force.code)
        if force.name == SENSE:
            label = _("{roll} · lightsaber parry, deflect or turn a shot", roll=label)
        choices.append((roll_key(FORCE, force.name), label))
    if sheet.has_ship:
        label = _("{roll}, {ship}", roll=term(STARSHIP_DODGE_LABEL), ship=sheet.ship)
        choices.append((STARSHIP_DODGE, label))
    choices.append((TYPED, _("A code typed by hand")))
    return tuple(choices)


def opponent_roll_choices(sheets: Iterable[StarWarsSheet]) -> tuple[tuple[str, str], ...]:
    """What an opponent may roll: the defences first, Strength, a starship dodge, Sense (a
    lightsaber's parry or deflection), then every other skill, attribute and Force skill of
    the given characters.
    """
    labels = {
        STARSHIP_DODGE: term(STARSHIP_DODGE_LABEL),
        roll_key(FORCE, SENSE): _("Sense (lightsaber parry, or deflect a blaster shot)"),
    }
    keys = [roll_key(SKILL, name) for name in DEFENCES] + [roll_key(ATTRIBUTE, STRENGTH)]
    keys += [STARSHIP_DODGE, roll_key(FORCE, SENSE)]
    skills: set[str] = set()
    forces: set[str] = set()
    for sheet in sheets:
        skills.update(skill.name for skill in sheet.skills)
        forces.update(force.name for force in sheet.force_skills)
    keys += [roll_key(SKILL, name) for name in sorted(skills - set(DEFENCES))]
    keys += [roll_key(ATTRIBUTE, name) for name in ATTRIBUTES if name != STRENGTH]
    keys += [roll_key(FORCE, name) for name in sorted(forces - {SENSE})]
    return tuple((key, labels.get(key) or term(key.partition(":")[2])) for key in keys)


def _standard_attribute(skill: str) -> str | None:
    for attribute, names in STANDARD_SKILLS.items():
        if skill in names:
            return attribute
    return None


def _not_on_sheet(sheet: StarWarsSheet, name: str) -> Text:
    if sheet.name:
        return _("{trait} is not on {name}'s sheet.", trait=term(name), name=sheet.name)
    return _("{trait} is not on this character's sheet.", trait=shortened(term(name)))
