"""The Heldenhandbuch's contests as group checks: the game master ticks the characters and
chooses the contest (rule text 003, "Kampf", "Beeinflussen", "Feilschen",
"Gemeinschaftsprobe").

The group check values (:class:`ContestCheck`):

- ``contest``: ``"combat"``, ``"influence"``, ``"bargaining"`` or ``"joint"``.
- ``<contest>_skill_<i>``: the skill member ``i`` (in the order ticked) rolls, as
  ``"skill:<name>"`` or ``"attribute:<name>"``. The defaults: Basic martial arts in a combat;
  Intimidation for the first member and Self-control for the others in an influence;
  Haggling in a bargaining; the first of the sheet's list in a joint check.
- ``weapon_kind_<i>`` (combat): ``"weapon"`` (sword, axe, polearm ...), ``"dagger"`` or
  ``"unarmed"``.
- ``weapon_<i>`` (combat): the quality of member ``i``'s weapon; matches and sequences reach
  only up to the lower of skill and quality (0: no limit).
- ``influencers`` (influence): how many of the first members influence together (1 by
  default); the others hold against them.
- ``joint_roll`` (joint check): ``"single"``, ``"sieve"`` or ``"cascade"``.
- ``shot_size``, ``shot_moves``, ``shot_distance``, ``shooter_moves``, ``shot_notice`` (ranged
  shot, :mod:`.shot`): the target's size and movement, the distance in metres, the shooter's
  movement, and whether the target is unaware, notices the shot at the last moment (it
  reacts with its Reaction attribute, or its evasion skill when the sheet has none), or knows
  of it.

Influence and its victims' Self-control are sieve rolls, cascade rolls with the star of
skill; bargaining is sieve rolls (:mod:`.social`).

A combat phase loses the dice the sheet carries over from the last one (rescue dice); every
contest loses the dice the sheet takes away (emptied lines, critical injuries).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from pydantic import ConfigDict, Field, model_validator

from shadowdice.core.dice import DiceSource
from shadowdice.core.group import member_names
from shadowdice.core.language import N_, translations
from shadowdice.core.quoting import quoted
from shadowdice.core.registry import (
    MAX_LINE_LENGTH,
    CheckError,
    CheckParam,
    CheckPreview,
    CheckValues,
    CheckValuesModel,
)
from shadowdice.core.session import RollSession
from shadowdice.core.sheet import Kind, Sheet
from shadowdice.systems.heldenhandbuch.checks import (
    CASCADE,
    SIEVE,
    SINGLE,
    SKILL,
    plan_check,
    refuse_when_spent,
    what_choices,
    what_key,
    what_keys,
)
from shadowdice.systems.heldenhandbuch.combat import DAGGER, UNARMED, WEAPON, CombatSession
from shadowdice.systems.heldenhandbuch.lookups.ranged import (
    TargetMovement,
    TargetSize,
    movement_choices,
    size_choices,
)
from shadowdice.systems.heldenhandbuch.sheet import QUALITY_BOUNDS, HeldenSheet
from shadowdice.systems.heldenhandbuch.shot import KNOWS, NOTICES, UNAWARE, ShotSession
from shadowdice.systems.heldenhandbuch.social import (
    BargainingSession,
    Entrant,
    InfluenceSession,
    JointSession,
)

_, _n = translations(__name__)

COMBAT, RANGED = "combat", "ranged"
INFLUENCE, BARGAINING, JOINT = "influence", "bargaining", "joint"
CONTESTS = (
    (COMBAT, N_("Combat phase (Kampf)")),
    (RANGED, N_("Ranged shot (Fernkampf)")),
    (INFLUENCE, N_("Influence against self-control (Beeinflussen)")),
    (BARGAINING, N_("Bargaining (Feilschen)")),
    (JOINT, N_("Joint check (Gemeinschaftsprobe)")),
)
_HINTS = {
    COMBAT: N_("The skill of the weapon fought with."),
    RANGED: N_(
        "The shooter's weapon skill (first character); the target's evasion: Acrobatics, "
        "Hiding, Cross-country running or Basic martial arts with a shield."
    ),
    INFLUENCE: N_(
        "The first character influences (Intimidation, Oratory, Seduction); the others "
        "hold against it with Self-control."
    ),
    BARGAINING: N_("Both sides haggle."),
    JOINT: N_("What each character contributes dice of."),
}
#: The skill each contest starts with, for the first member and for the others.
DEFAULT_SKILLS = {
    COMBAT: ("Basic martial arts", "Basic martial arts"),
    RANGED: ("Basic martial arts", "Acrobatics"),
    INFLUENCE: ("Intimidation", "Self-control"),
    BARGAINING: ("Haggling", "Haggling"),
    JOINT: ("", ""),
}
#: The attribute a target reacts with when it notices a shot at the last moment.
REACTION = "attribute:Reaction"
JOINT_ROLLS = (
    (SINGLE, N_("Single roll")),
    (SIEVE, N_("Sieve roll")),
    (CASCADE, N_("Cascade roll")),
)
#: How far a shot may go, in metres.
DISTANCE_BOUNDS = (0, 1000)
#: The key of a member's weapon quality among the extra values.
_WEAPON_QUALITY = re.compile(r"weapon_\d+")
#: The most characters who influence together (the others of a table are their victims).
MAX_INFLUENCERS = 99


class ContestCheck(CheckValuesModel):
    """What a contest reads (see the module docstring). What each member rolls and wields
    comes as extra values, one set per member, read with :meth:`of`.
    """

    model_config = ConfigDict(frozen=True, extra="allow", str_max_length=MAX_LINE_LENGTH)

    contest: str = COMBAT
    influencers: int = Field(default=1, ge=1, le=MAX_INFLUENCERS)
    joint_roll: str = SINGLE
    shot_size: str = TargetSize.LARGE.value
    shot_moves: str = TargetMovement.STILL.value
    shot_distance: int = Field(default=0, ge=DISTANCE_BOUNDS[0], le=DISTANCE_BOUNDS[1])
    shooter_moves: str = TargetMovement.STILL.value
    shot_notice: str = UNAWARE

    @model_validator(mode="after")
    def _known_values(self) -> ContestCheck:
        for key, kind in (
            ("shot_size", TargetSize),
            ("shot_moves", TargetMovement),
            ("shooter_moves", TargetMovement),
        ):
            if (value := getattr(self, key)) and value not in set(kind):
                raise ValueError(_("{value} is not one of the choices", value=quoted(value)))
        low, high = QUALITY_BOUNDS
        for key, value in (self.model_extra or {}).items():
            if _WEAPON_QUALITY.fullmatch(key) and not (
                (type(value) is int and low <= value <= high) or value is None
            ):
                raise ValueError(
                    _(
                        "a weapon's quality must be a number from {low} to {high}",
                        low=low,
                        high=high,
                    )
                )
        return self

    def of(self, key: str, index: int) -> Any:
        """Member ``index``'s value of ``key`` (``weapon``, ``combat_skill`` ...), or None."""
        return (self.model_extra or {}).get(f"{key}_{index}")


def contest_params(members: Sequence[Sheet]) -> tuple[CheckParam, ...]:
    """The contest, each member's skill, and for a combat each member's weapon quality."""
    sheets = _helden(members)
    names = member_names(sheets)
    params = [
        CheckParam(
            "contest",
            _("Contest"),
            Kind.CHOICE,
            COMBAT,
            choices=tuple((contest, _(label)) for contest, label in CONTESTS),
            hint=_(
                "Combat: synchronous cascade rolls, attack, defence, counter and "
                "damage. Influence: the first character's tricks against the "
                "others' self-control. Bargaining: two sides haggle. Joint check: "
                "everyone contributes dice."
            ),
        ),
        *_shot_params(),
        CheckParam(
            "influencers",
            _("Influencing together"),
            Kind.INT,
            1,
            bounds=(1, max(len(sheets) - 1, 1)),
            hint=_(
                "How many of the first characters ticked influence together (a "
                "joint check: each contributes their best matches or highest die); "
                "the others are the victims."
            ),
            only_with=("contest", INFLUENCE),
        ),
        CheckParam(
            "joint_roll",
            _("Kind of roll"),
            Kind.CHOICE,
            SINGLE,
            choices=tuple((roll, _(label)) for roll, label in JOINT_ROLLS),
            only_with=("contest", JOINT),
        ),
    ]
    for index, (name, sheet) in enumerate(zip(names, sheets, strict=True)):
        choices = what_choices(sheet)
        keys = [key for key, _choice in choices]
        for contest, _label in CONTESTS:
            params.append(
                CheckParam(
                    f"{contest}_skill_{index}",
                    _("{name} rolls", name=name),
                    Kind.CHOICE,
                    _default_skill(contest, index, keys),
                    choices=choices,
                    hint=_(_HINTS[contest]),
                    only_with=("contest", contest),
                )
            )
        params.append(
            CheckParam(
                f"weapon_kind_{index}",
                _("{name} fights with", name=name),
                Kind.CHOICE,
                WEAPON,
                choices=(
                    (WEAPON, _("Sword, axe, polearm or other")),
                    (DAGGER, _("A dagger")),
                    (UNARMED, _("Bare hands")),
                ),
                hint=_(
                    "Unarmed: a hit wears no armor, and against a weapon costs one "
                    "more die. A dagger against a sword, axe or polearm: a hit costs a "
                    "die of matches or sequences."
                ),
                only_with=("contest", COMBAT),
            )
        )
        params.append(
            CheckParam(
                f"weapon_{index}",
                _("{name}: weapon quality", name=name),
                Kind.INT,
                0,
                bounds=QUALITY_BOUNDS,
                hint=_(
                    "Matches and sequences reach only up to the lower of skill and "
                    "weapon quality. 0: no limit."
                ),
                only_with=("contest", COMBAT),
            )
        )
    return tuple(params)


def _shot_params() -> tuple[CheckParam, ...]:
    only = ("contest", RANGED)
    moves = movement_choices()
    return (
        CheckParam(
            "shot_size",
            _("Target size"),
            Kind.CHOICE,
            TargetSize.LARGE.value,
            choices=size_choices(),
            only_with=only,
        ),
        CheckParam(
            "shot_moves",
            _("Target moves"),
            Kind.CHOICE,
            TargetMovement.STILL.value,
            choices=moves,
            hint=_("Still: the game master throws 1 of the size's dice; slowly 2; fast 3."),
            only_with=only,
        ),
        CheckParam(
            "shot_distance", _("Distance (m)"), Kind.INT, 10, bounds=DISTANCE_BOUNDS, only_with=only
        ),
        CheckParam(
            "shooter_moves",
            _("Shooter moves"),
            Kind.CHOICE,
            TargetMovement.STILL.value,
            choices=moves,
            hint=_("Moving slowly strikes 1 die of the group, fast 2 (not for a legendary shot)."),
            only_with=only,
        ),
        CheckParam(
            "shot_notice",
            _("The target"),
            Kind.CHOICE,
            UNAWARE,
            choices=(
                (UNAWARE, _("Is unaware: cannot evade")),
                (NOTICES, _("Notices at the last moment: Reaction 11+ to evade")),
                (KNOWS, _("Knows of the shot: evades")),
            ),
            only_with=only,
        ),
    )


def preview_contest(members: Sequence[Sheet], values: CheckValues) -> CheckPreview:
    """What every member throws, or why the contest cannot be held."""
    try:
        contest, entrants = _entrants(members, values)
    except CheckError as error:
        return CheckPreview(summary="", problem=str(error))
    words = [
        _(
            "{name}: {what}, {roll} of {step}, matches up to {cap}",
            name=entrant.name,
            what=entrant.tested.label,
            roll=_(ROLL_WORDS[entrant.roll]),
            step=entrant.tested.step,
            cap=entrant.tested.cap,
        )
        for entrant in entrants
    ]
    title = str(_(dict(CONTESTS)[contest])).split(" (")[0]
    return CheckPreview(summary=f"{title} · " + " · ".join(words))


ROLL_WORDS = {SINGLE: N_("single roll"), SIEVE: N_("sieve roll"), CASCADE: N_("cascade roll")}


def start_contest(members: Sequence[Sheet], values: CheckValues, source: DiceSource) -> RollSession:
    """Start the contest the values ask for."""
    check = ContestCheck.read(values)
    contest, entrants = _entrants(members, check)
    parameters = check.as_parameters()
    if contest == COMBAT:
        fighters = [(e.name, e.sheet, e.tested) for e in entrants]
        weapons = [str(check.of("weapon_kind", i) or WEAPON) for i in range(len(entrants))]
        if unknown := set(weapons) - {WEAPON, DAGGER, UNARMED}:
            raise CheckError(_("{pop} is no kind of weapon.", pop=quoted(unknown.pop())))
        return CombatSession(fighters, source=source, parameters=parameters, weapons=weapons)
    if contest == RANGED:
        shooter, target = entrants
        try:
            reaction = plan_check(target.sheet, {"what": REACTION}).tested
        except CheckError:
            reaction = target.tested  # no Reaction on the sheet: the evasion skill reacts
        return ShotSession(
            shooter,
            target,
            size=check.shot_size or TargetSize.LARGE.value,
            target_moves=check.shot_moves or TargetMovement.STILL.value,
            distance=check.shot_distance,
            shooter_moves=check.shooter_moves or TargetMovement.STILL.value,
            notice=check.shot_notice or UNAWARE,
            evasion=target.tested,
            reaction=reaction,
            source=source,
            parameters=parameters,
        )
    if contest == INFLUENCE:
        influencers = check.influencers or 1
        if not 1 <= influencers < len(entrants):
            raise CheckError(_("Leave at least one character ticked as the victim."))
        return InfluenceSession(
            entrants, influencers=influencers, source=source, parameters=parameters
        )
    session_type = {BARGAINING: BargainingSession, JOINT: JointSession}[contest]
    return session_type(entrants, source=source, parameters=parameters)


def _entrants(members: Sequence[Sheet], values: CheckValues) -> tuple[str, list[Entrant]]:
    values = ContestCheck.read(values)
    sheets = _helden(members)
    contest = values.contest or COMBAT
    if contest not in dict(CONTESTS):
        raise CheckError(_("{contest} is no contest.", contest=quoted(contest)))
    if len(sheets) < 2:
        raise CheckError(_("A contest needs at least two characters: tick another one."))
    if contest == BARGAINING and len(sheets) != 2:
        raise CheckError(_("Bargaining is between two sides: tick exactly two characters."))
    if contest == RANGED and len(sheets) != 2:
        raise CheckError(_("A shot has a shooter and a target: tick exactly two characters."))
    names = member_names(sheets)
    entrants = []
    for index, (name, sheet) in enumerate(zip(names, sheets, strict=True)):
        what = str(values.of(f"{contest}_skill", index) or _default_what(contest, index, sheet))
        check: dict[str, int | str] = {"what": what, "roll": SIEVE}
        if contest == COMBAT:
            check.update(
                roll=CASCADE,
                quality=int(values.of("weapon", index) or 0),
                extra_dice=-sheet.combat_dice_lost,
            )
        elif contest == JOINT:
            check["roll"] = values.joint_roll or SINGLE
        elif contest == RANGED:
            check["roll"] = CASCADE if index == 0 else SINGLE
        if contest in (COMBAT, RANGED):  # fighting and shooting are physical
            refuse_when_spent(sheet, physical=True)
        try:
            plan = plan_check(sheet, check)
        except CheckError as error:
            raise CheckError(f"{name}: {error}") from None
        roll = plan.roll
        if (
            contest == INFLUENCE
            and plan.tested.kind == SKILL
            and sheet.skill(plan.tested.name).star
        ):
            roll = CASCADE  # the star of skill lets influence be a cascade roll
        entrants.append(Entrant(name, sheet, plan.tested, roll))
    return contest, entrants


def _default_skill(contest: str, index: int, keys: Sequence[str]) -> str:
    """The skill a character enters the contest with unless one is chosen, of the keys of
    :func:`~.checks.what_choices` (only the keys: their labels are made where they are shown).
    """
    wanted = what_key(SKILL, _default_skill_name(contest, index))
    return wanted if wanted in keys else (keys[0] if keys else "")


def _default_what(contest: str, index: int, sheet: HeldenSheet) -> str:
    """:func:`_default_skill` of the sheet's choices, listed only where the default skill is
    not on the sheet (a contest starts with its default skills again and again).
    """
    name = _default_skill_name(contest, index)
    if any(skill.name == name for skill in sheet.skills):
        return what_key(SKILL, name)
    return _default_skill(contest, index, what_keys(sheet))


def _default_skill_name(contest: str, index: int) -> str:
    """The skill the first character (``index`` 0) or any other enters the contest with."""
    first, others = DEFAULT_SKILLS[contest]
    return first if index == 0 else others


def _helden(members: Sequence[Sheet]) -> list[HeldenSheet]:
    sheets = [member for member in members if isinstance(member, HeldenSheet)]
    if len(sheets) != len(members):
        raise CheckError(_("Only Heldenhandbuch characters can take part."))
    return sheets
