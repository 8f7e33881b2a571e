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
  knows whether this roll is one. The preview says so, and in the first segment of the next
  round too when the stun found no declared action left to lose (:mod:`.sheet_actions`).
- **A lightsaber attack's difficulty** is 20; the roll choice and the preview say so, the
  target stays the game master's (cover and the like change it).
"""

from __future__ import annotations

from typing import Annotated

from pydantic import BeforeValidator, Field, Strict

from shadowdice.core.language import N_, translations
from shadowdice.core.quoting import quoted
from shadowdice.core.registry import EMPTY_PARTY, CheckError, CheckValues, CheckValuesModel, Party
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

_, _n = translations(__name__)

OPPONENT_NONE = ""
OPPONENT_CHARACTER = "character"
OPPONENT_CODE = "code"

FORCE_POINT_NONE = ""
FORCE_POINT_SPEND = "spend"

STUNNED_NOTE = N_("stunned: no more actions this round, reactions only")
FIRST_SEGMENT_NOTE = N_("stunned last round with no action left to lose: no action in segment 1")
#: The rolls that dodge: rolled once in a segment, they cover every attack of it.
DODGE_ROLLS = frozenset({roll_key(SKILL, DODGE), STARSHIP_DODGE})

#: A whole number, not a flag that Python would count as 0 or 1.
WholeNumber = Annotated[int, Strict()]

#: The difficulty number a check may be given.
TARGET_BOUNDS = (0, 99)
#: Dice or pips added to a roll, or taken away.
MODIFIER_BOUNDS = (-20, 20)
#: Actions a character may take in a round.
ACTIONS_BOUNDS = (1, 10)
#: Some of the open characters by name; one name alone is read as a tuple of one.
Names = Annotated[
    tuple[str, ...], BeforeValidator(lambda names: (names,) if isinstance(names, str) else names)
]


class StarWarsCheck(CheckValuesModel):
    """What a Star Wars D6 check reads: the keys of "A roll" listed in this module's
    docstring, ``check`` (the kind of check: "A roll", "Resist damage" or "Death roll"), and
    ``damage`` and ``attacker`` of "Resist damage" (:mod:`.wound_checks`). A code typed by
    hand stays text here and is read when the check is planned, so its refusal says why.
    """

    check: str = "roll"
    roll: str = ""
    code: str | None = None
    target: WholeNumber = Field(default=0, ge=TARGET_BOUNDS[0], le=TARGET_BOUNDS[1])
    opponent: str = OPPONENT_NONE
    defender: Names = ()
    defender_roll: str = ""
    defender_code: str | None = None
    dice: WholeNumber = Field(default=0, ge=MODIFIER_BOUNDS[0], le=MODIFIER_BOUNDS[1])
    pips: WholeNumber = Field(default=0, ge=MODIFIER_BOUNDS[0], le=MODIFIER_BOUNDS[1])
    segment: WholeNumber = Field(default=1, ge=1, le=MAX_SEGMENTS)
    actions: WholeNumber = Field(default=1, ge=0, le=ACTIONS_BOUNDS[1])
    prepared: bool = False
    force_point: str = FORCE_POINT_NONE
    damage: str = ""
    attacker: Names = ()
    hit_segment: WholeNumber = Field(default=1, ge=1, le=MAX_SEGMENTS)
    acted: bool = False


def plan_roll(sheet: StarWarsSheet, values: CheckValues, party: Party = EMPTY_PARTY) -> Plan:
    """The roll of one character as the values ask for it.

    Raises:
        CheckError: the values name something the sheet or the party does not have, a code
            is mistyped, or the character cannot act.
    """
    values = StarWarsCheck.read(values)
    able(sheet, _("roll"))
    spends = spends_force_point(sheet, values)
    doubled = spends or sheet.force_point_round
    segment = values.segment
    key = values.roll
    by_hand = values.prepared
    uses_preparation = prepared_for(sheet, key)
    if key == TYPED:
        base = typed_code(values.code, _("The code"))
        modifiers = round_modifiers(sheet, segment, values.actions)
        if by_hand or uses_preparation:
            modifiers.append(Modifier(_("prepared"), 1))
        own = Roller(_("Code"), base, doubled, tuple(modifiers))
        check = _("Code {code}", code=str(base))
    else:
        own = roller(
            sheet,
            key,
            segment=segment,
            doubled=doubled,
            actions=values.actions,
            prepared=by_hand or uses_preparation,
        )
        check = _("Starship dodge") if key.startswith("ship:") else own.label
    dice, pips = values.dice, values.pips
    if dice or pips:
        own = Roller(
            own.label,
            own.base,
            own.doubled,
            (*own.modifiers, Modifier(_("game master"), dice, pips)),
        )
    target = values.target
    notes = []
    if sheet.stunned:
        notes.append(_(STUNNED_NOTE))
    if sheet.first_segment_lost and segment == 1:
        notes.append(_(FIRST_SEGMENT_NOTE))
    if key == roll_key(SKILL, LIGHTSABER) and target != ATTACK_DIFFICULTY:
        notes.append(_("a lightsaber attack's difficulty is {target}", target=ATTACK_DIFFICULTY))
    return Plan(
        check,
        own,
        target,
        _opponent(values, party, segment),
        spends_force_point=spends,
        uses_preparation=uses_preparation,
        notes=tuple(notes),
    )


def spends_force_point(sheet: StarWarsSheet, values: StarWarsCheck) -> bool:
    """Whether the check spends a Force Point now.

    Raises:
        CheckError: an unknown choice, none left, or one spent this round already.
    """
    choice = values.force_point
    if choice not in (FORCE_POINT_NONE, FORCE_POINT_SPEND):
        raise CheckError(_("{choice} is no choice of Force Point.", choice=quoted(choice)))
    if choice == FORCE_POINT_NONE:
        return False
    who = sheet.name or _("The character")
    if sheet.force_point_round:
        raise CheckError(
            _(
                "{who} has spent a Force Point this round already; every roll of it is doubled.",
                who=who,
            )
        )
    if sheet.force_points < 1:
        raise CheckError(_("{who} has no Force Point left to spend.", who=who))
    return True


def _opponent(values: StarWarsCheck, party: Party, segment: int) -> Opponent | None:
    kind = values.opponent
    if kind == OPPONENT_NONE:
        return None
    if kind == OPPONENT_CODE:
        code = typed_code(values.defender_code, _("The opponent's code"))
        return Opponent("", Roller(_("Code"), code))
    if kind != OPPONENT_CHARACTER:
        raise CheckError(_("{kind} is no kind of opponent.", kind=quoted(kind)))
    name, sheet = one_character(values.defender, party, _("opponent"))
    able(sheet, _("oppose this roll"), name)
    key = values.defender_roll or roll_key(SKILL, DODGE)
    rolls = roller(sheet, key, segment=segment, doubled=sheet.force_point_round)
    if key not in DODGE_ROLLS:
        return Opponent(name, rolls, sheet=sheet, segment=segment)
    kept = sheet.kept_dodge(segment, key)
    return Opponent(
        name,
        rolls,
        dodge=key,
        dodged=kept.total if kept else None,
        hidden=kept is not None and kept.secret,
        sheet=sheet,
        segment=segment,
    )


def one_character(names: tuple[str, ...], party: Party, what: str) -> tuple[str, StarWarsSheet]:
    """The one open character a CHARACTERS or CHOICE value names.

    Raises:
        CheckError: none or several are named, or the name is no open Star Wars character.
    """
    if len(names) != 1:
        raise CheckError(_("Choose one {what} among the open characters.", what=what))
    name = names[0]
    sheet: Sheet | None = party.get(name)
    if not isinstance(sheet, StarWarsSheet):
        raise CheckError(_("{name} is not an open Star Wars D6 character.", name=name))
    return name, sheet


def typed_code(text: str | None, what: str) -> Code:
    """A code typed into a check value.

    Raises:
        CheckError: with the reason, when the text is no code.
    """
    if text is None:
        raise CheckError(_("{what} must be typed as a code, such as 3D+2.", what=what))
    try:
        return Code.parse(text)
    except CodeError as error:
        raise CheckError(f"{what}: {error}") from None
