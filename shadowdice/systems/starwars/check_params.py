"""The parameters a Star Wars D6 check asks for (rule text 004), as the check panel shows
them. Their values are read in :mod:`.checks` ("A roll") and :mod:`.wound_checks` ("Resist
damage", "Death roll").

The first parameter, ``check``, says what kind of check it is; the others show only with the
kind they belong to. "Death roll" is offered only while the character is mortally wounded
(and is then the default). The number of actions is asked only of a character with nothing
declared in "This round"; the Force Point is asked only while none was spent this round.
"""

from __future__ import annotations

from collections.abc import Mapping

from shadowdice.core.language import translations
from shadowdice.core.registry import CheckParam
from shadowdice.core.sheet import Kind
from shadowdice.systems.starwars.checks import (
    ACTIONS_BOUNDS,
    FORCE_POINT_NONE,
    FORCE_POINT_SPEND,
    MODIFIER_BOUNDS,
    OPPONENT_CHARACTER,
    OPPONENT_CODE,
    OPPONENT_NONE,
    TARGET_BOUNDS,
)
from shadowdice.systems.starwars.damage import Wound
from shadowdice.systems.starwars.lightsaber import ATTACK_DIFFICULTY
from shadowdice.systems.starwars.rolls import (
    ATTRIBUTE,
    TYPED,
    opponent_roll_choices,
    roll_choices,
    roll_key,
)
from shadowdice.systems.starwars.round_sheet import prepared_words
from shadowdice.systems.starwars.rounds import MAX_SEGMENTS
from shadowdice.systems.starwars.sheet import CONTROL, DEXTERITY, STRENGTH, StarWarsSheet
from shadowdice.systems.starwars.starships import Range, range_difficulty

_, _n = translations(__name__)

ROLL = "roll"
RESIST_DAMAGE = "damage"
DEATH_ROLL = "death"

DEFAULT_TARGET = 10
DEFAULT_CODE = "3D"
DEFAULT_DAMAGE = "4D"


def check_params(
    sheet: StarWarsSheet, others: Mapping[str, StarWarsSheet]
) -> tuple[CheckParam, ...]:
    """Every parameter of a check of ``sheet``, with ``others`` the open characters."""
    return (
        _kind(sheet),
        *_roll(sheet),
        *_opponent(others),
        *_round(sheet),
        *_damage(others),
        *_force_point(sheet),
    )


def _kind(sheet: StarWarsSheet) -> CheckParam:
    choices = [(ROLL, _("A roll")), (RESIST_DAMAGE, _("Resist damage"))]
    dying = sheet.wound is Wound.MORTALLY_WOUNDED
    if dying:
        choices.append((DEATH_ROLL, _("Death roll (end of the round)")))
    return CheckParam(
        "check",
        _("Check"),
        Kind.CHOICE,
        DEATH_ROLL if dying else ROLL,
        choices=tuple(choices),
        hint=_(
            "A roll against a target number or an opponent; resisting a hit's "
            "damage with Strength and armor; or, while mortally wounded, the "
            "death roll at the end of a round."
        ),
    )


def _roll(sheet: StarWarsSheet) -> tuple[CheckParam, ...]:
    only = ("check", ROLL)
    ship_target = range_difficulty(sheet.ship_range)
    return (
        CheckParam(
            "roll",
            _("Roll"),
            Kind.CHOICE,
            roll_key(ATTRIBUTE, DEXTERITY),
            choices=roll_choices(sheet),
            hint=_("The attribute or skill the game master asks for, or a code typed by hand."),
            only_with=only,
        ),
        CheckParam(
            "code",
            _("Code"),
            Kind.CODE,
            DEFAULT_CODE,
            hint=_("The code to roll: dice and pips, e.g. 3D+2, 4D or 2D-1."),
            only_with=("roll", TYPED),
        ),
        CheckParam(
            "target",
            _("Target number"),
            Kind.INT,
            ship_target if ship_target is not None else DEFAULT_TARGET,
            bounds=TARGET_BOUNDS,
            hint=_(
                "The difficulty the game master names; the roll succeeds when its total "
                "reaches it (a lightsaber attack: {lightsaber}). With an opponent, the "
                "opponent's roll is added to it; 0 compares the totals alone (holding a door).",
                lightsaber=ATTACK_DIFFICULTY,
            )
            if ship_target is None
            else _(
                "The difficulty the game master names; the roll succeeds when its total "
                "reaches it (a lightsaber attack: {lightsaber}). With an opponent, the "
                "opponent's roll is added to it; 0 compares the totals alone (holding a door). "
                "The starship encounter is at {range} range: {target} to hit.",
                lightsaber=ATTACK_DIFFICULTY,
                range=Range[sheet.ship_range.upper()].label,
                target=ship_target,
            ),
            only_with=only,
        ),
        CheckParam(
            "opponent",
            _("Opponent"),
            Kind.CHOICE,
            OPPONENT_NONE,
            choices=(
                (OPPONENT_NONE, _("None")),
                (OPPONENT_CHARACTER, _("An open character rolls against it")),
                (OPPONENT_CODE, _("An opponent's code typed by hand")),
            ),
            hint=_(
                "An opponent's roll (a parry, a dodge, a deflection, pushing a "
                "door) is added to the target number; ties go to the one who "
                "rolls. A dodge covers every attack of its segment: an open "
                "character's dodge is rolled with the segment's first attack and "
                "added again, unrolled, to its later ones."
            ),
            only_with=only,
        ),
    )


def _opponent(others: Mapping[str, StarWarsSheet]) -> tuple[CheckParam, ...]:
    rolls = opponent_roll_choices(others.values())
    return (
        CheckParam(
            "defender",
            _("Opponent character"),
            Kind.CHARACTERS,
            (),
            choices=tuple((name, f"{name}: {_state(other)}") for name, other in others.items()),
            hint=_("Choose one."),
            only_with=("opponent", OPPONENT_CHARACTER),
        ),
        CheckParam(
            "defender_roll",
            _("Opponent rolls"),
            Kind.CHOICE,
            rolls[0][0],
            choices=rolls,
            hint=_(
                "The opponent's roll: a dodge, a parry (Melee Parry or Sense with "
                "a lightsaber), Sense to deflect a blaster shot, a starship dodge. "
                "A skill the opponent lacks is rolled with its attribute."
            ),
            only_with=("opponent", OPPONENT_CHARACTER),
        ),
        CheckParam(
            "defender_code",
            _("Opponent's code"),
            Kind.CODE,
            DEFAULT_CODE,
            hint=_("The opponent's code: dice and pips, e.g. 3D+2."),
            only_with=("opponent", OPPONENT_CODE),
        ),
    )


def _round(sheet: StarWarsSheet) -> tuple[CheckParam, ...]:
    only = ("check", ROLL)
    params = [
        CheckParam(
            "dice",
            _("Modifier: dice"),
            Kind.INT,
            0,
            bounds=MODIFIER_BOUNDS,
            hint=_("Whole dice added (or, negative, removed) by the game master."),
            only_with=only,
        ),
        CheckParam(
            "pips",
            _("Modifier: pips"),
            Kind.INT,
            0,
            bounds=MODIFIER_BOUNDS,
            hint=_("Pips added or removed; never turned into dice (3D+2 with +1 is 3D+3)."),
            only_with=only,
        ),
        CheckParam(
            "segment",
            _("Segment"),
            Kind.INT,
            1,
            bounds=(1, MAX_SEGMENTS),
            hint=_(
                "The segment of the round the roll is made in: the declared "
                "actions and reactions count up to it, for the character and an "
                "opponent character."
            ),
            only_with=only,
        ),
    ]
    if not sheet.this_round:
        params.append(
            CheckParam(
                "actions",
                _("Actions this round"),
                Kind.INT,
                1,
                bounds=ACTIONS_BOUNDS,
                hint=_(
                    "Nothing is declared in This round: -1D for each action beyond the "
                    "first. Walking does not count; running, drawing a weapon and "
                    "reactions do."
                ),
                only_with=only,
            )
        )
    params.append(
        CheckParam(
            "prepared",
            _(
                "Prepared (+1D) (the sheet has +1D for {roll})",
                roll=prepared_words(sheet.prepared),
            )
            if sheet.prepared
            else _("Prepared (+1D)"),
            Kind.FLAG,
            False,
            hint=_(
                "+1D by hand: the character did nothing last round to prepare this "
                "roll. What the sheet says was prepared is added by itself."
            ),
            only_with=only,
            resets_after_roll=True,
        )
    )
    return tuple(params)


def _damage(others: Mapping[str, StarWarsSheet]) -> tuple[CheckParam, ...]:
    only = ("check", RESIST_DAMAGE)
    attackers = tuple((name, f"{name}: {_attacker(other)}") for name, other in others.items())
    return (
        CheckParam(
            "damage",
            _("Damage"),
            Kind.CODE,
            DEFAULT_DAMAGE,
            hint=_(
                "The weapon's damage: a code (4D+2), STR+2D (adds the attacker's "
                "Strength) or 5D+CONTROL (a lightsaber: adds the attacker's "
                "Control)."
            ),
            only_with=only,
        ),
        CheckParam(
            "attacker",
            _("Attacker"),
            Kind.CHOICE,
            "",
            choices=(("", _("No one: the code alone")), *attackers),
            hint=_("Whose Strength or Control the damage adds."),
            only_with=only,
        ),
        CheckParam(
            "hit_segment",
            _("Segment of the hit"),
            Kind.INT,
            1,
            bounds=(1, MAX_SEGMENTS),
            hint=_(
                "The stun takes the declared actions still to come; a stunned character "
                "with none left cannot act in the first segment of the next round."
            ),
            only_with=only,
        ),
        CheckParam(
            "acted",
            _("Acted before the hit"),
            Kind.FLAG,
            False,
            hint=_(
                "Tick when the hit came after this character's own action of its "
                "segment; otherwise the stun takes that action."
            ),
            only_with=only,
            resets_after_roll=True,
        ),
    )


def _force_point(sheet: StarWarsSheet) -> tuple[CheckParam, ...]:
    if sheet.force_point_round:
        return ()
    return (
        CheckParam(
            "force_point",
            _("Force Point ({force_points} left)", force_points=sheet.force_points),
            Kind.CHOICE,
            FORCE_POINT_NONE,
            choices=(
                (FORCE_POINT_NONE, _("None")),
                (FORCE_POINT_SPEND, _("Spend one: double every code this round")),
            ),
            hint=_(
                "A Force Point doubles the character's codes (dice and pips) for "
                "the whole round; modifiers apply to the doubled code. The sheet "
                "then says so."
            ),
            resets_after_roll=True,
        ),
    )


def _state(sheet: StarWarsSheet) -> str:
    """How an open character stands, for the opponent list: "wounded" or "healthy"."""
    if sheet.stunned:
        return _("{wound}, stunned", wound=sheet.wound.label)
    return sheet.wound.label


def _attacker(sheet: StarWarsSheet) -> str:
    """An attacker's Strength and Control, for the attacker list."""
    words = f"{STRENGTH} {sheet.attribute(STRENGTH).code}"
    for force in sheet.force_skills:
        if force.name == CONTROL:
            words += f", {CONTROL} {force.code}"
    return words
