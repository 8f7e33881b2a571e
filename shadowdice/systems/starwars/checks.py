"""The check "A roll" of Star Wars D6, from the check values (rule text 004: rolls against a
target number or an opponent, "Modifikatoren", "Mehrere Aktionen" and the round's segments,
"Vorbereiten", the Force Point of Luke's example, lightsabers and the starship dodge).

The check values (see :mod:`.check_params` for the parameters that declare them):

- ``roll``: a roll key (:mod:`.rolls`) or ``"code"`` with ``code``: a code typed by hand.
- ``target``: the target number (0 or more).
- ``opponent``: ``""`` (none), ``"character"`` (one of the open characters, ``defender``,
  rolling ``defender_roll``, a roll key) or ``"code"`` (``defender_code`` typed by hand).
- ``dice``, ``pips``: the game master's modifiers (negative ones remove).
- ``segment``: the segment of the roll; the penalty of the declared actions counts up to it,
  for the character and an opponent character alike.
- ``actions``: asked only of a character with nothing declared in "This round": every
  action beyond the first is -1D.
- ``prepared``: +1D by hand; the +1D prepared last round (on the sheet) is added by itself.
- ``force_point``: ``""`` or ``"spend"``: spend one now; the sheet then says "Force Point
  this round" and every later roll of the round is doubled without a new charge.

Readings of what the text leaves open, besides those of :mod:`.plan` and :mod:`.rolls`:

- **A code typed by hand** takes the round's penalty and the Force Point (they are the
  character's), but no wound or armor: the app cannot tell what the code is based on.
- **The opponent** is rolled with the opponent's own sheet: wound, armor, the penalty of
  their declarations in the same segment, and their Force Point of the round. The +1D an
  opponent prepared stays on their sheet (it is for their own roll).
- **A dodge is rolled once in its segment** (:mod:`.round_sheet`): an opponent character who
  dodged earlier in the segment adds that total again, without dice.
- **A stunned character** may still roll: reactions stay possible, and only the game master
  knows whether this roll is one. The preview says so.
- **A lightsaber attack's difficulty** is 20; the roll choice and the preview say so, the
  target stays the game master's (cover and the like change it).
"""

from __future__ import annotations

from shadowdice.core.registry import EMPTY_PARTY, CheckError, CheckValues, Party
from shadowdice.core.sheet import Sheet
from shadowdice.systems.starwars.codes import Code, CodeError
from shadowdice.systems.starwars.lightsaber import ATTACK_DIFFICULTY
from shadowdice.systems.starwars.plan import Modifier, Opponent, Plan, Roller
from shadowdice.systems.starwars.rolls import (
    DODGE,
    SKILL,
    STARSHIP_DODGE,
    TYPED,
    able,
    prepared_for,
    roll_key,
    roller,
    round_modifiers,
)
from shadowdice.systems.starwars.rounds import MAX_SEGMENTS
from shadowdice.systems.starwars.sheet import LIGHTSABER, StarWarsSheet

OPPONENT_NONE = ""
OPPONENT_CHARACTER = "character"
OPPONENT_CODE = "code"

FORCE_POINT_NONE = ""
FORCE_POINT_SPEND = "spend"

STUNNED_NOTE = "stunned: no more actions this round, reactions only"
#: The rolls that dodge: rolled once in a segment, they cover every attack of it.
DODGE_ROLLS = frozenset({roll_key(SKILL, DODGE), STARSHIP_DODGE})


def plan_roll(sheet: StarWarsSheet, values: CheckValues, party: Party = EMPTY_PARTY) -> Plan:
    """The roll of one character as the values ask for it.

    Raises:
        CheckError: the values name something the sheet or the party does not have, a code
            is mistyped, or the character cannot act.
    """
    able(sheet, "roll")
    spends = spends_force_point(sheet, values)
    doubled = spends or sheet.force_point_round
    segment = segment_of(values)
    key = str(values.get("roll") or "")
    by_hand = bool(values.get("prepared"))
    uses_preparation = prepared_for(sheet, key)
    if key == TYPED:
        base = typed_code(values, "code", "The code")
        modifiers = round_modifiers(sheet, segment, _actions(values))
        if by_hand or uses_preparation:
            modifiers.append(Modifier("prepared", 1))
        own = Roller("Code", base, doubled, tuple(modifiers))
        check = f"Code {base}"
    else:
        own = roller(
            sheet,
            key,
            segment=segment,
            doubled=doubled,
            actions=_actions(values),
            prepared=by_hand or uses_preparation,
        )
        check = "Starship dodge" if key.startswith("ship:") else own.label
    dice, pips = signed(values, "dice"), signed(values, "pips")
    if dice or pips:
        own = Roller(
            own.label, own.base, own.doubled, (*own.modifiers, Modifier("game master", dice, pips))
        )
    target = number(values, "target")
    notes = []
    if sheet.stunned:
        notes.append(STUNNED_NOTE)
    if key == roll_key(SKILL, LIGHTSABER) and target != ATTACK_DIFFICULTY:
        notes.append(f"a lightsaber attack's difficulty is {ATTACK_DIFFICULTY}")
    return Plan(
        check,
        own,
        target,
        _opponent(values, party, segment),
        spends_force_point=spends,
        uses_preparation=uses_preparation,
        notes=tuple(notes),
    )


def spends_force_point(sheet: StarWarsSheet, values: CheckValues) -> bool:
    """Whether the check spends a Force Point now.

    Raises:
        CheckError: an unknown choice, none left, or one spent this round already.
    """
    choice = values.get("force_point") or FORCE_POINT_NONE
    if choice not in (FORCE_POINT_NONE, FORCE_POINT_SPEND):
        raise CheckError(f"{choice!r} is no choice of Force Point.")
    if choice == FORCE_POINT_NONE:
        return False
    who = f"{sheet.name} has" if sheet.name else "The character has"
    if sheet.force_point_round:
        raise CheckError(
            f"{who} spent a Force Point this round already; every roll of it is doubled."
        )
    if sheet.force_points < 1:
        raise CheckError(f"{who} no Force Point left to spend.")
    return True


def _opponent(values: CheckValues, party: Party, segment: int) -> Opponent | None:
    kind = values.get("opponent") or OPPONENT_NONE
    if kind == OPPONENT_NONE:
        return None
    if kind == OPPONENT_CODE:
        return Opponent(
            "", Roller("Code", typed_code(values, "defender_code", "The opponent's code"))
        )
    if kind != OPPONENT_CHARACTER:
        raise CheckError(f"{kind!r} is no kind of opponent.")
    name, sheet = one_character(values, "defender", party, "opponent")
    able(sheet, "oppose this roll", name)
    key = str(values.get("defender_roll") or roll_key(SKILL, DODGE))
    rolls = roller(sheet, key, segment=segment, doubled=sheet.force_point_round)
    if key not in DODGE_ROLLS:
        return Opponent(name, rolls, sheet=sheet, segment=segment)
    dodged = sheet.dodge_total(segment, key)
    return Opponent(name, rolls, dodge=key, dodged=dodged, sheet=sheet, segment=segment)


def one_character(
    values: CheckValues, key: str, party: Party, what: str
) -> tuple[str, StarWarsSheet]:
    """The one open character a CHARACTERS or CHOICE value names.

    Raises:
        CheckError: none or several are named, or the name is no open Star Wars character.
    """
    names = values.get(key) or ()
    if isinstance(names, str):
        names = (names,)
    if not isinstance(names, tuple) or len(names) != 1:
        raise CheckError(f"Choose one {what} among the open characters.")
    name = names[0]
    sheet: Sheet | None = party.get(name)
    if not isinstance(sheet, StarWarsSheet):
        raise CheckError(f"{name} is not an open Star Wars D6 character.")
    return name, sheet


def typed_code(values: CheckValues, key: str, what: str) -> Code:
    """A code typed into a check value.

    Raises:
        CheckError: with the reason, when the text is no code.
    """
    text = values.get(key)
    if not isinstance(text, str):
        raise CheckError(f"{what} must be typed as a code, such as 3D+2.")
    try:
        return Code.parse(text)
    except CodeError as error:
        raise CheckError(f"{what}: {error}") from None


def segment_of(values: CheckValues) -> int:
    """The segment of the roll (1 when not given)."""
    segment = number(values, "segment", default=1)
    if not 1 <= segment <= MAX_SEGMENTS:
        raise CheckError(f"The segment must be from 1 to {MAX_SEGMENTS}.")
    return segment


def number(values: CheckValues, key: str, default: int = 0) -> int:
    """A whole number of 0 or more among the values."""
    found = values.get(key)
    if found is None:
        return default
    if isinstance(found, bool) or not isinstance(found, int) or found < 0:
        raise CheckError(f"{found!r} is no {key.replace('_', ' ')}.")
    return found


def signed(values: CheckValues, key: str) -> int:
    """A whole number of either sign among the values (0 when not given)."""
    found = values.get(key) or 0
    if isinstance(found, bool) or not isinstance(found, int):
        raise CheckError(f"{found!r} is no modifier.")
    return found


def _actions(values: CheckValues) -> int:
    return number(values, "actions", default=1)
