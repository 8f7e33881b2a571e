"""The game master's tables as checks of the system: the first check parameter ``check``
chooses an attribute or skill check or one of the tables (:mod:`.lookups`), and a table's
inputs are shown only while it is chosen. A table looked up is a
:class:`~.lookups.session.LookupSession`: no dice, its result shown at once.

Where a table reads the character, its inputs start from the sheet (rule text 003,
"Kräutersuche", "Kampf: 6. Rüstung", "Erste Hilfe und Heilkunde", "Waffenschmied", "Zechen"):

- **Herb search**: the value of the skill Wilderness lore ("Wildnisleben").
- **Damage severity**: the armor the character wears, as the one who is hit: the piece with
  the highest protection (the first of equal ones); light or other armor by its "light" flag,
  its protection and its current quality. Without armor: no armor.
- **Treating injuries**: the choice of skill shows the values of First aid ("Erste Hilfe")
  and Medicine ("Heilkunde") and starts at the higher one (Medicine when they are equal,
  because it is the skill that treats a critical hit at 16).
- **Weapon smith: crafting**: the master grade of Weapon smithing ("Waffenschmieden"); **mass
  production**: its value, for the 1s masterly skill ignores.
- **Drinking**: the value of the skill Drinking ("Zechen"), for the 1s masterly skill ignores.

A skill is found by its English or German name, in any case; a renamed or missing skill, or
a value the table does not allow, leaves the table's own default.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from shadowdice.core.dice import DiceSource
from shadowdice.core.language import N_, translations
from shadowdice.core.quoting import quoted
from shadowdice.core.registry import (
    CheckError,
    CheckParam,
    CheckPreview,
    CheckValues,
    CheckValuesModel,
)
from shadowdice.core.sheet import Kind
from shadowdice.systems.heldenhandbuch.lookups import LOOKUP_BY_ID, LOOKUPS, Lookup
from shadowdice.systems.heldenhandbuch.lookups.body import Treatment
from shadowdice.systems.heldenhandbuch.lookups.combat import Armor
from shadowdice.systems.heldenhandbuch.lookups.session import LookupSession
from shadowdice.systems.heldenhandbuch.roll_session import SYSTEM_ID
from shadowdice.systems.heldenhandbuch.sheet import HeldenSheet, Skill

_, _n = translations(__name__)

CHECK = "check"
ATTRIBUTE_OR_SKILL = "attribute_or_skill"
CHECK_CHOICES = (
    (ATTRIBUTE_OR_SKILL, N_("Attribute or skill check")),
    *((lookup.id, lookup.label) for lookup in LOOKUPS),
)
#: The skills tables read, by their English and German names.
WILDERNESS_LORE = ("Wilderness lore", "Wildnisleben")
FIRST_AID = ("First aid", "Erste Hilfe")
MEDICINE = ("Medicine", "Heilkunde")
WEAPON_SMITHING = ("Weapon smithing", "Waffenschmieden")
DRINKING = ("Drinking", "Zechen")


def check_param() -> CheckParam:
    """The first check parameter: an attribute or skill check, or a table."""
    return CheckParam(
        CHECK,
        _("Check"),
        Kind.CHOICE,
        ATTRIBUTE_OR_SKILL,
        choices=tuple((key, _(label)) for key, label in CHECK_CHOICES),
        hint=_("Roll an attribute or skill, or look up one of the game master's tables."),
    )


def chosen_lookup(values: CheckValues) -> Lookup | None:
    """The table the check values choose, or None for an attribute or skill check.

    Raises:
        CheckError: the values choose something that does not exist.
    """
    chosen = str(_as_mapping(values).get(CHECK) or ATTRIBUTE_OR_SKILL)
    if chosen == ATTRIBUTE_OR_SKILL:
        return None
    try:
        return LOOKUP_BY_ID[chosen]
    except KeyError:
        raise CheckError(
            _("{chosen} is no check of the Heldenhandbuch.", chosen=quoted(chosen))
        ) from None


def lookup_params(sheet: HeldenSheet) -> tuple[CheckParam, ...]:
    """Every table's inputs, each shown only while its table is chosen, with defaults read
    from the sheet.
    """
    params: list[CheckParam] = []
    for lookup in LOOKUPS:
        declared = lookup.check_params((CHECK, lookup.id), defaults=sheet_defaults(sheet, lookup))
        if lookup.id == "healing":
            declared = tuple(_with_skill_values(param, sheet) for param in declared)
        params += declared
    return tuple(params)


def sheet_defaults(sheet: HeldenSheet, lookup: Lookup) -> dict[str, Any]:
    """The inputs of ``lookup`` that start from the sheet (see the module docstring)."""
    defaults: dict[str, Any] = {}
    if lookup.id == "herb_search" and (lore := _skill(sheet, WILDERNESS_LORE)):
        defaults["skill_value"] = lore.value
    elif lookup.id == "drinking" and (drinker := _skill(sheet, DRINKING)):
        defaults["skill_value"] = drinker.value
    elif lookup.id == "damage" and sheet.armor:
        worn = max(sheet.armor, key=lambda piece: piece.protection)  # max keeps the first
        defaults["armor"] = (Armor.LIGHT if worn.light else Armor.HEAVY).value
        defaults["protection"] = worn.protection
        defaults["armor_quality"] = worn.quality
    elif lookup.id == "healing":
        first_aid, medicine = _value(sheet, FIRST_AID), _value(sheet, MEDICINE)
        better = Treatment.MEDICINE if medicine >= first_aid else Treatment.FIRST_AID
        defaults["skill"] = better.value
    elif lookup.id == "crafting" and (smithing := _skill(sheet, WEAPON_SMITHING)):
        defaults["master_grade"] = smithing.master_grade
    elif lookup.id == "mass_production" and (smithing := _skill(sheet, WEAPON_SMITHING)):
        defaults["skill_value"] = smithing.value
    return {key: value for key, value in defaults.items() if _fits(lookup, key, value)}


def preview_lookup(lookup: Lookup, values: CheckValues) -> CheckPreview:
    """What the table looks up, or why it cannot with these values."""
    try:
        lookup.run_check(_as_mapping(values))
    except CheckError as error:
        return CheckPreview(summary=lookup.summary, problem=str(error))
    return CheckPreview(summary=_("Look up: {summary}", summary=lookup.summary))


def start_lookup(
    sheet: HeldenSheet, lookup: Lookup, values: CheckValues, source: DiceSource
) -> LookupSession:
    """The table looked up as a session; refuses values that do not fit."""
    return LookupSession(
        lookup, _as_mapping(values), system_id=SYSTEM_ID, character=sheet.name, source=source
    )


def _as_mapping(values: CheckValues) -> dict[str, Any]:
    """The check values as a plain mapping, a typed model's extra values (a table's inputs)
    included, for the tables that read their own inputs.
    """
    if isinstance(values, CheckValuesModel):
        return values.model_dump()
    return dict(values)


def _skill(sheet: HeldenSheet, names: tuple[str, ...]) -> Skill | None:
    wanted = {name.casefold() for name in names}
    return next((skill for skill in sheet.skills if skill.name.casefold() in wanted), None)


def _value(sheet: HeldenSheet, names: tuple[str, ...]) -> int:
    skill = _skill(sheet, names)
    return skill.value if skill else 0


def _with_skill_values(param: CheckParam, sheet: HeldenSheet) -> CheckParam:
    """The healing skill choice with the character's values: "Medicine (12)"."""
    if param.key != "healing_skill":
        return param
    values = {Treatment.FIRST_AID.value: FIRST_AID, Treatment.MEDICINE.value: MEDICINE}
    choices = tuple(
        (choice, f"{label} ({_value(sheet, values[choice])})") for choice, label in param.choices
    )
    return replace(param, choices=choices)


def _fits(lookup: Lookup, key: str, value: Any) -> bool:
    entry = next(entry for entry in lookup.inputs if entry.key == key)
    try:
        entry.read(value)
    except CheckError:
        return False
    return True
