"""What a Star Wars D6 check rolls, from the check values (rule text 004: the opening section
on rolls and target numbers, "Modifikatoren", "Automatischer Erfolg", "Mehrere Aktionen",
"Rüstung", "Schaden" for the wound penalty, and the Force Point of Luke's example).

A roll is a code: an attribute, a skill (attribute + added), a Force skill or a code typed by
hand. Its total W1 is compared with Z (the target number), W2 (the opponent's roll) or Z + W2
(the opponent's roll added to the target number: parry, dodge). The check succeeds when W1 is
at least that. Target 0 with an opponent compares the totals (holding a door).

The check values (see :class:`~.system.StarWarsD6` for the parameters that declare them):

- ``roll``: ``"attribute:<name>"``, ``"skill:<name>"``, ``"force:<name>"`` or ``"code"``;
  ``code_dice``, ``code_pips``: the code typed by hand.
- ``target``: the target number (0 or more).
- ``opponent``: ``""`` (none), ``"character"`` (one of the open characters, ``defender``,
  rolling ``defender_roll``, a key like ``roll``) or ``"code"`` (``defender_dice``,
  ``defender_pips``).
- ``dice``, ``pips``: the game master's modifiers (negative ones remove).
- ``actions``: the actions the character declared this round; every one beyond the first
  is -1D (walking does not count; running, drawing a weapon and reactions do).
- ``prepared``: the character did nothing last round to prepare this action: +1D.
- ``force_point``: ``""``, ``"spend"`` (spend one now) or ``"spent"`` (one was spent this
  round already): the code is doubled for the round.

Readings of what the text leaves open:

- **Ties** go to the character who rolls: the text says the roll succeeds when W1 is equal
  to or greater than Z, W2 or Z + W2 (the sandperson's 13 against 5 + 8 hits).
- **A Force Point** doubles the "Fertigkeitswert", the code on the sheet, dice and pips
  (4D+2 becomes 8D+4); every modifier (actions, wound, armor, preparing, the game master's)
  is applied to the doubled code afterwards, as Luke doubles his Sense and still rolls at -3D.
- **Sheet penalties**: wounded -1D on every roll from the sheet (resisting damage is not
  rolled here, see :func:`sheet_modifiers`); armor on Dexterity and the skills under it.
  A code typed by hand gets only the check's own modifiers: the app cannot tell what it is
  based on. The opponent's roll gets the opponent's wound and armor penalties.
- **Fewer than 0 dice**: modifiers that remove more dice than there are leave 0D and keep
  the pips (see :meth:`~.codes.Code.plus`); such a roll is automatic, its total known.
- **Automatic results** (text: "Automatischer Erfolg"): when the lowest total reaches the
  target (with an opponent: the target plus the opponent's highest total), the check
  succeeds without a roll; when the highest total cannot reach it (the target plus the
  opponent's lowest total), it fails without a roll.
- **Characters who cannot act** (unconscious, mortally wounded, dead) cannot roll; an
  opponent who cannot act is refused as well (leave the opponent out).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from shadowdice.core.registry import EMPTY_PARTY, CheckError, CheckValues, Party
from shadowdice.core.sheet import Sheet
from shadowdice.systems.starwars.codes import Code
from shadowdice.systems.starwars.sheet import (
    ARMOR_DEXTERITY,
    DEXTERITY,
    DODGE,
    STANDARD_SKILLS,
    WOUND_LABELS,
    WOUND_PENALTY,
    Armor,
    StarWarsSheet,
    Wound,
)

ATTRIBUTE = "attribute"
SKILL = "skill"
FORCE = "force"
TYPED = "code"

OPPONENT_NONE = ""
OPPONENT_CHARACTER = "character"
OPPONENT_CODE = "code"

FORCE_POINT_NONE = ""
FORCE_POINT_SPEND = "spend"
FORCE_POINT_SPENT = "spent"


def roll_key(kind: str, name: str) -> str:
    """The check value that names a roll.

    >>> roll_key(SKILL, "Dodge")
    'skill:Dodge'
    """
    return f"{kind}:{name}"


class Automatic(StrEnum):
    """A check decided without a roll."""

    SUCCESS = "success"
    FAILURE = "failure"


@dataclass(frozen=True, slots=True)
class Modifier:
    """Dice and pips added to (or, negative, taken from) a code, and why.

    Attributes:
        reason: in words ("wounded", "3 actions").
        dice: whole dice added (negative: removed).
        pips: pips added (negative: removed).
    """

    reason: str
    dice: int = 0
    pips: int = 0

    def __str__(self) -> str:
        parts = []
        if self.dice:
            parts.append(f"{self.dice:+d}D")
        if self.pips:
            parts.append(f"{self.pips:+d}")
        return f"{' '.join(parts)} ({self.reason})"


@dataclass(frozen=True, slots=True)
class Roller:
    """One side's roll: what is rolled, its code on the sheet, and what changes it.

    Attributes:
        label: what is rolled ("Blaster", "Strength", "Code").
        base: the code on the sheet (or typed).
        doubled: whether a Force Point doubles the base.
        modifiers: every change after doubling.
    """

    label: str
    base: Code
    doubled: bool = False
    modifiers: tuple[Modifier, ...] = ()

    @property
    def code(self) -> Code:
        """The code thrown: the base, doubled if so, with every modifier."""
        code = self.base.doubled() if self.doubled else self.base
        dice = sum(modifier.dice for modifier in self.modifiers)
        pips = sum(modifier.pips for modifier in self.modifiers)
        return code.plus(dice=dice, pips=pips)

    @property
    def terms(self) -> str:
        """How the code is made up: "Blaster 5D+2, -2D (3 actions) → 3D+2"."""
        text = f"{self.label} {self.base}"
        if self.doubled:
            text += f" ×2 (Force Point) = {self.base.doubled()}"
        if self.modifiers:
            text += ", " + ", ".join(str(modifier) for modifier in self.modifiers)
        if self.doubled or self.modifiers:
            text += f" → {self.code}"
        return text


@dataclass(frozen=True, slots=True)
class Opponent:
    """The opponent's side of an opposed check.

    Attributes:
        name: who opposes ("Luke", or "" for a code typed by hand).
        roller: what the opponent rolls.
    """

    name: str
    roller: Roller

    @property
    def words(self) -> str:
        """The opponent's roll in words: "Luke's Melee Parry 3D"."""
        whose = f"{self.name}'s " if self.name else "the opponent's "
        return f"{whose}{self.roller.label} {self.roller.code}"


@dataclass(frozen=True, slots=True)
class Plan:
    """A check as it would be rolled.

    Attributes:
        check: what is rolled, in words, for the tray and the history.
        roller: the character's roll.
        target: the target number Z (may be 0 with an opponent).
        opponent: the opponent's roll W2, or None.
        force_point: ``"spend"`` when the check spends a Force Point, else "".
    """

    check: str
    roller: Roller
    target: int
    opponent: Opponent | None = None
    force_point: str = FORCE_POINT_NONE

    @property
    def automatic(self) -> Automatic | None:
        """Whether the check is decided without a roll, and how."""
        code = self.roller.code
        low = self.target + (self.opponent.roller.code.minimum if self.opponent else 0)
        high = self.target + (self.opponent.roller.code.maximum if self.opponent else 0)
        if code.minimum >= high:
            return Automatic.SUCCESS
        if code.maximum < low:
            return Automatic.FAILURE
        return None

    @property
    def against(self) -> str:
        """What the roll must reach, in words: "15", "5 + Luke's Melee Parry 3D"."""
        if self.opponent is None:
            return str(self.target)
        if self.target:
            return f"{self.target} + {self.opponent.words}"
        return self.opponent.words

    @property
    def summary(self) -> str:
        """The roll and what it must reach, and whether it is automatic."""
        text = f"{self.roller.terms} · against {self.against}"
        if self.opponent is not None and self.opponent.roller.modifiers:
            text += f" ({self.opponent.roller.terms})"
        automatic = self.automatic
        code = self.roller.code
        if automatic is Automatic.SUCCESS:
            text += f" · automatic success: at least {code.minimum}, no roll needed"
        elif automatic is Automatic.FAILURE:
            text += f" · automatic failure: at most {code.maximum}, no roll needed"
        return text


def plan_check(sheet: StarWarsSheet, values: CheckValues, party: Party = EMPTY_PARTY) -> Plan:
    """The check of one character as the values ask for it.

    Raises:
        CheckError: the values name something the sheet or the party does not have, or the
            character cannot act.
    """
    _able(sheet, "roll")
    force_point = _force_point(sheet, values)
    doubled = force_point != FORCE_POINT_NONE
    key = str(values.get("roll") or "")
    if key == TYPED:
        label = "Code"
        base = _typed(values, "code_dice", "code_pips")
        modifiers: list[Modifier] = []
    else:
        label, base = rolled(sheet, key)
        modifiers = sheet_modifiers(sheet, key)
    modifiers += check_modifiers(values)
    roller = Roller(label, base, doubled, tuple(modifiers))
    target = _number(values, "target")
    opponent = _opponent(values, party)
    check = label if key != TYPED else f"Code {base}"
    return Plan(check, roller, target, opponent, force_point)


def problem(sheet: StarWarsSheet, plan: Plan) -> str:
    """Why the plan cannot be rolled, or ""."""
    if plan.force_point == FORCE_POINT_SPEND and sheet.force_points < 1:
        return f"{_who(sheet)} no Force Point left to spend."
    return ""


def rolled(sheet: StarWarsSheet, key: str) -> tuple[str, Code]:
    """The label and code a roll key names on the sheet.

    A skill the sheet lacks but that the plain skill list knows is rolled with its
    attribute's code (skills default to their attribute).

    Raises:
        CheckError: nothing is chosen, or the sheet has no such roll.
    """
    kind, _, name = key.partition(":")
    if not key:
        raise CheckError("Choose what to roll: an attribute, a skill or a code.")
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
        raise CheckError(f"{name} is not on {_whose(sheet)} sheet.") from None
    raise CheckError(f"{key!r} is nothing a Star Wars D6 character can roll.")


def based_on(sheet: StarWarsSheet, key: str) -> str | None:
    """The attribute a roll key is based on (an attribute itself, or a skill's), or None
    for a Force skill or a typed code.
    """
    kind, _, name = key.partition(":")
    if kind == ATTRIBUTE:
        return name
    if kind == SKILL:
        for skill in sheet.skills:
            if skill.name == name:
                return skill.attribute
        return _standard_attribute(name)
    return None


def sheet_modifiers(
    sheet: StarWarsSheet, key: str, *, resisting_damage: bool = False
) -> list[Modifier]:
    """What the sheet does to a roll: -1D when wounded (not when resisting damage), armor on
    Dexterity-based rolls.
    """
    modifiers = []
    if sheet.wound is Wound.WOUNDED and not resisting_damage:
        modifiers.append(Modifier("wounded", -WOUND_PENALTY.dice, -WOUND_PENALTY.pips))
    armor = ARMOR_DEXTERITY[sheet.armor]
    if sheet.armor is not Armor.NONE and based_on(sheet, key) == DEXTERITY:
        modifiers.append(Modifier(f"{sheet.armor.value} armor", -armor.dice, -armor.pips))
    return modifiers


def check_modifiers(values: CheckValues) -> list[Modifier]:
    """The check's own modifiers: extra actions, preparing, the game master's dice and pips.

    >>> [str(m) for m in check_modifiers({"actions": 3, "prepared": True, "pips": 1})]
    ['-2D (3 actions)', '+1D (prepared)', '+1 (game master)']
    """
    modifiers = []
    actions = _number(values, "actions", default=1)
    if actions > 1:
        modifiers.append(Modifier(f"{actions} actions", -(actions - 1)))
    if values.get("prepared"):
        modifiers.append(Modifier("prepared", 1))
    dice, pips = _signed(values, "dice"), _signed(values, "pips")
    if dice or pips:
        modifiers.append(Modifier("game master", dice, pips))
    return modifiers


def _opponent(values: CheckValues, party: Party) -> Opponent | None:
    kind = values.get("opponent") or OPPONENT_NONE
    if kind == OPPONENT_NONE:
        return None
    if kind == OPPONENT_CODE:
        return Opponent("", Roller("Code", _typed(values, "defender_dice", "defender_pips")))
    if kind != OPPONENT_CHARACTER:
        raise CheckError(f"{kind!r} is no kind of opponent.")
    names = values.get("defender") or ()
    if isinstance(names, str):
        names = (names,)
    if len(names) != 1:
        raise CheckError("Choose one opponent among the open characters.")
    name = names[0]
    sheet: Sheet | None = party.get(name)
    if not isinstance(sheet, StarWarsSheet):
        raise CheckError(f"{name} is not an open Star Wars D6 character.")
    _able(sheet, "oppose this roll", name)
    key = str(values.get("defender_roll") or roll_key(SKILL, DODGE))
    label, base = rolled(sheet, key)
    return Opponent(name, Roller(label, base, modifiers=tuple(sheet_modifiers(sheet, key))))


def _able(sheet: StarWarsSheet, what: str, name: str = "") -> None:
    if not sheet.can_act:
        who = name or sheet.name or "This character"
        state = WOUND_LABELS[sheet.wound].lower()
        raise CheckError(f"{who} is {state} and cannot {what}.")


def _force_point(sheet: StarWarsSheet, values: CheckValues) -> str:
    choice = values.get("force_point") or FORCE_POINT_NONE
    if choice not in (FORCE_POINT_NONE, FORCE_POINT_SPEND, FORCE_POINT_SPENT):
        raise CheckError(f"{choice!r} is no choice of Force Point.")
    return str(choice)


def _typed(values: CheckValues, dice_key: str, pips_key: str) -> Code:
    dice, pips = _number(values, dice_key), _signed(values, pips_key)
    return Code(dice, pips)


def _number(values: CheckValues, key: str, default: int = 0) -> int:
    number = values.get(key)
    if number is None:
        return default
    if isinstance(number, bool) or not isinstance(number, int) or number < 0:
        raise CheckError(f"{number!r} is no {key.replace('_', ' ')}.")
    return number


def _signed(values: CheckValues, key: str) -> int:
    number = values.get(key) or 0
    if isinstance(number, bool) or not isinstance(number, int):
        raise CheckError(f"{number!r} is no modifier.")
    return number


def _standard_attribute(skill: str) -> str | None:
    for attribute, names in STANDARD_SKILLS.items():
        if skill in names:
            return attribute
    return None


def _who(sheet: StarWarsSheet) -> str:
    return f"{sheet.name} has" if sheet.name else "The character has"


def _whose(sheet: StarWarsSheet) -> str:
    return f"{sheet.name}'s" if sheet.name else "this character's"
