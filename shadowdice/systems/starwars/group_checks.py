"""The group rolls of Star Wars D6, from the sheets of the ticked characters and the values
(rule text 004, "rundenbasiertes Spiel": everyone rolls the skill of their declared action and
the totals give the order; "Raumschiffe": the speed contest at the start of a round).

The values (:class:`StarWarsGroupCheck`):

- ``group``: ``"order"`` (Segment order) or ``"speed"`` (Speed contest).
- ``segment``: for the order, the segment whose actions are rolled.
- ``range``: for the contest, the range before it (``short``, ``medium``, ``long``); it starts
  at the range the pilots' sheets keep, and the contest writes the new range on their sheets.
- ``wish_<i>``: for the contest, what member ``i`` (in the order ticked) wants of the range:
  ``close``, ``open`` or ``keep``; ``piloting_<i>``: the member adds Starship Piloting.

Readings of what the text leaves open:

- **Who rolls for the order**: every ticked member with an action of their own in that
  segment (from "This round"); a member who declared nothing for it, is stunned, or cannot
  act is left out and named in the preview. Reactions have no place in the order: they are
  rolled when the attack they answer comes.
- **What is rolled**: what the action's row names. Walking and running are always rolled
  with Dexterity, as the text has every movement (their row may say where to, "forward");
  another action that names no roll is refused with the reason (the game master writes the
  skill in "This round").
- **Each roll is the action's roll**: it takes the penalty of the round for that segment, the
  wound, armor, the Force Point of the round, and uses up the +1D prepared for it.
- **The speed contest**: Sublight Speed is the ship's, so alone it takes no penalty of the
  pilot's. A pilot who adds Starship Piloting declares an action: it is written into "This
  round" when the dice are thrown (so later rolls of the round count it), and the speed roll
  takes the round's penalty (counting it) and the pilot's wound; a Force Point of the round
  doubles the pilot's Piloting, not the ship's speed.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import ConfigDict, Field, model_validator

from shadowdice.core.dice import DiceSource
from shadowdice.core.group import GroupSession, member_names
from shadowdice.core.language import N_, Text, terms, translations
from shadowdice.core.quoting import quoted
from shadowdice.core.registry import (
    MAX_LINE_LENGTH,
    CheckError,
    CheckParam,
    CheckPreview,
    CheckValues,
    CheckValuesModel,
)
from shadowdice.core.session import Charge
from shadowdice.core.sheet import Kind
from shadowdice.systems.starwars.codes import Code
from shadowdice.systems.starwars.group_rolls import (
    OrderEntry,
    Pilot,
    start_segment_order,
    start_speed_contest,
)
from shadowdice.systems.starwars.plan import Modifier, Roller
from shadowdice.systems.starwars.rolls import (
    ATTRIBUTE,
    SKILL,
    able,
    actions_modifiers,
    prepared_for,
    resolve,
    roll_key,
    rolled,
    roller,
    sheet_modifiers,
)
from shadowdice.systems.starwars.round_sheet import Declared
from shadowdice.systems.starwars.rounds import (
    BEFORE_FIRST_SEGMENT,
    MAX_SEGMENTS,
    MOVEMENTS,
    ActionKind,
    CharacterRound,
    RoundError,
    kind_words,
)
from shadowdice.systems.starwars.session import PREPARED
from shadowdice.systems.starwars.sheet import DEXTERITY, STARSHIP_PILOTING, StarWarsSheet
from shadowdice.systems.starwars.starships import Range, Wish, pilot_for_speed

_, _n = translations(__name__)
term = terms(__name__)

ORDER = "order"
SPEED = "speed"
WISH_LABELS = {
    Wish.CLOSE: N_("Close the range"),
    Wish.OPEN: N_("Open the range"),
    Wish.KEEP: N_("Keep the range"),
}

#: A pilot's wish in a sentence ("Kira: close, ...").
WISH_WORDS = {Wish.CLOSE: N_("close"), Wish.OPEN: N_("open"), Wish.KEEP: N_("keep")}


def group_params(members: Sequence[StarWarsSheet]) -> tuple[CheckParam, ...]:
    """The kind of group roll, the segment or the range, and each pilot's wish."""
    if not members:
        return ()
    per_member: list[CheckParam] = []
    for index, name in enumerate(member_names(members)):
        per_member.append(
            CheckParam(
                f"wish_{index}",
                _("{name} wants to", name=name),
                Kind.CHOICE,
                Wish.KEEP.value,
                choices=tuple((wish.value, _(WISH_LABELS[wish])) for wish in Wish),
                hint=_("What the pilot wants of the range this round."),
                only_with=("group", SPEED),
            )
        )
        per_member.append(
            CheckParam(
                f"piloting_{index}",
                _("{name} adds Starship Piloting (an action)", name=name),
                Kind.FLAG,
                False,
                hint=_(
                    "Add Starship Piloting to the speed roll; it counts as an action, "
                    "-1D on every other roll of the round."
                ),
                only_with=("group", SPEED),
            )
        )
    return (
        CheckParam(
            "group",
            _("Group roll"),
            Kind.CHOICE,
            ORDER,
            choices=((ORDER, _("Segment order")), (SPEED, _("Speed contest"))),
            hint=_(
                "Segment order: everyone rolls the action declared for the "
                "segment; the totals give the order. Speed contest: the pilots "
                "roll for the range."
            ),
        ),
        CheckParam(
            "segment",
            _("Segment"),
            Kind.INT,
            1,
            bounds=(1, MAX_SEGMENTS),
            hint=_("The segment whose declared actions are rolled."),
            only_with=("group", ORDER),
        ),
        CheckParam(
            "range",
            _("Range before the contest"),
            Kind.CHOICE,
            _kept_range(members),
            choices=tuple((distance.label, distance.label.capitalize()) for distance in Range),
            only_with=("group", SPEED),
        ),
        *per_member,
    )


class StarWarsGroupCheck(CheckValuesModel):
    """What a Star Wars D6 group roll reads (see the module docstring). The members' own
    values (``wish_<i>``, ``piloting_<i>``) come as extra values, one pair per member.
    """

    model_config = ConfigDict(frozen=True, extra="allow", str_max_length=MAX_LINE_LENGTH)

    group: str = ORDER
    segment: int = Field(default=1, ge=0, le=MAX_SEGMENTS)
    range: str = ""

    @model_validator(mode="after")
    def _flags_are_yes_or_no(self) -> StarWarsGroupCheck:
        for key, value in (self.model_extra or {}).items():
            if key.startswith("piloting_") and not isinstance(value, bool | None):
                raise ValueError(_("{key} must be yes or no", key=key))
        return self

    def wish(self, index: int) -> str:
        """What member ``index`` wants of the range ("" when not given)."""
        return str((self.model_extra or {}).get(f"wish_{index}") or "")

    def piloting(self, index: int) -> bool:
        """Whether member ``index`` adds Starship Piloting to the ship's speed."""
        return bool((self.model_extra or {}).get(f"piloting_{index}"))


def plan_order(
    members: Sequence[StarWarsSheet], values: CheckValues
) -> tuple[list[OrderEntry], list[str]]:
    """Who rolls what in the segment, and who is left out and why.

    Raises:
        CheckError: an action names nothing to roll, or no one acts in the segment.
    """
    segment = StarWarsGroupCheck.read(values).segment or 1
    if not 1 <= segment <= MAX_SEGMENTS:
        raise CheckError(
            _("The segment must be from 1 to {max_segments}.", max_segments=MAX_SEGMENTS)
        )
    entries: list[OrderEntry] = []
    left_out: list[str] = []
    for name, sheet in zip(member_names(members), members, strict=True):
        action = sheet.declared_round().action_in(segment)
        if not sheet.can_act:
            left_out.append(_("{name} is {wound}", name=name, wound=sheet.wound.label))
        elif sheet.stunned:
            left_out.append(_("{name} is stunned", name=name))
        elif sheet.first_segment_lost and segment == 1:
            left_out.append(_("{name} lost segment 1 to last round's stun", name=name))
        elif action is None:
            left_out.append(
                _("{name} has no action in segment {segment}", name=name, segment=segment)
            )
        else:
            entries.append(_order_entry(name, sheet, action.kind, action.skill, segment))
    if not entries:
        raise CheckError(
            _("No one ticked has an action of their own in segment {segment}.", segment=segment)
        )
    return entries, left_out


def _order_entry(
    name: str, sheet: StarWarsSheet, kind: ActionKind, rolls: str, segment: int
) -> OrderEntry:
    key = roll_key(ATTRIBUTE, DEXTERITY) if kind in MOVEMENTS else resolve(sheet, rolls)
    if key is None:
        words = f'"{rolls}"' if rolls.strip() else "nothing"
        raise CheckError(
            _(
                "{name}'s {value} in segment {segment} names {words} to roll: "
                "write a skill or attribute in This round.",
                name=name,
                value=kind.value,
                segment=segment,
                words=words,
            )
        )
    prepared = prepared_for(sheet, key)
    own = roller(sheet, key, segment=segment, doubled=sheet.force_point_round, prepared=prepared)

    def use_preparation(_amount: int) -> None:
        sheet.prepared = ""

    charges = ((PREPARED, use_preparation),) if prepared else ()
    action = _("{kind}: {roll}", kind=kind_words(kind), roll=own.label)
    return OrderEntry(name, own.code, action, charges)


def order_summary(entries: Sequence[OrderEntry], left_out: Sequence[str]) -> str:
    """Who rolls what for the order, and who does not."""
    text = "; ".join(f"{entry.character}: {entry.action} {entry.code}" for entry in entries)
    if left_out:
        text += " · " + _("not rolling: {names}", names=", ".join(left_out))
    return text


def plan_speed(
    members: Sequence[StarWarsSheet], values: CheckValues
) -> tuple[Range, list[Pilot], list[str]]:
    """The range before the contest, every pilot's speed roll, and each roll in words.

    Raises:
        CheckError: a member flies no ship or cannot act, a wish or range is unknown, or a
            pilot who prepares would add Starship Piloting.
    """
    check = StarWarsGroupCheck.read(values)
    try:
        distance = Range[check.range.upper()]
    except KeyError:
        raise CheckError(_("Choose the range before the contest: short, medium or long.")) from None
    pilots: list[Pilot] = []
    words: list[str] = []
    for index, (name, sheet) in enumerate(zip(member_names(members), members, strict=True)):
        able(sheet, _("fly"), name)
        if not sheet.has_ship:
            raise CheckError(
                _("{name} flies no starship: enter the ship and its codes on the sheet.", name=name)
            )
        try:
            wish = Wish(check.wish(index) or Wish.KEEP)
        except ValueError:
            raise CheckError(
                _("Say whether {name} wants to close, open or keep the range.", name=name)
            ) from None
        speed = Code.parse(sheet.sublight_speed)
        if check.piloting(index):
            own, spend = _piloting(name, sheet, speed)
            pilots.append(Pilot(name, wish, own.code, spend))
            words.append(f"{name}: {_(WISH_WORDS[wish])}, {own.terms}")
        else:
            pilots.append(Pilot(name, wish, speed))
            words.append(
                _(
                    "{name}: {wish}, {ship} Sublight Speed {speed}",
                    name=name,
                    wish=_(WISH_WORDS[wish]),
                    ship=sheet.ship,
                    speed=speed,
                )
            )
    return distance, pilots, words


def _piloting(name: str, sheet: StarWarsSheet, speed: Code):
    """The speed roll with Starship Piloting, and what writes the action into the round."""
    declared = sheet.declared_round()
    has_speed = any(d.kind is ActionKind.SPEED for d in declared.declarations)
    try:
        with_speed = (
            declared
            if has_speed
            else CharacterRound(declared.name, (*declared.declarations, pilot_for_speed()))
        )
    except RoundError as error:
        raise CheckError(str(error)) from None
    key = roll_key(SKILL, STARSHIP_PILOTING)
    label, base = rolled(sheet, key)
    modifiers = [Modifier(_("{ship} Sublight Speed", ship=sheet.ship), speed.dice, speed.pips)]
    modifiers += sheet_modifiers(sheet, key)
    modifiers += actions_modifiers(with_speed.counted(BEFORE_FIRST_SEGMENT))
    own = Roller(label, base, sheet.force_point_round, tuple(modifiers))

    def declare(_amount: int) -> None:
        row = Declared(kind=ActionKind.SPEED, rolls=STARSHIP_PILOTING)
        sheet.this_round = [*sheet.this_round, row]

    return own, None if has_speed else declare


def preview_group(members: Sequence[StarWarsSheet], values: CheckValues) -> CheckPreview:
    """Who rolls what, or why the group roll cannot be rolled."""
    try:
        if StarWarsGroupCheck.read(values).group == SPEED:
            distance, _pilots, words = plan_speed(members, values)
            summary = _(
                "From {range} range: {pilots}", range=distance.label, pilots=Text.join("; ", words)
            )
            return CheckPreview(summary=summary)
        entries, left_out = plan_order(members, values)
    except CheckError as error:
        return CheckPreview(summary="", problem=str(error))
    return CheckPreview(summary=order_summary(entries, left_out))


def _kept_range(members: Sequence[StarWarsSheet]) -> str:
    """The range the pilots' sheets keep, when they agree; else medium."""
    kept = {sheet.ship_range for sheet in members}
    return kept.pop() if len(kept) == 1 and "" not in kept else Range.MEDIUM.label


def start_group(
    members: Sequence[StarWarsSheet], values: CheckValues, source: DiceSource
) -> GroupSession:
    """Start the segment order or the speed contest; the speed contest writes the new range
    on every pilot's sheet.
    """
    check = StarWarsGroupCheck.read(values)
    if check.group == SPEED:
        distance, pilots, _words = plan_speed(members, check)
        session = start_speed_contest(distance, pilots, source)
        after = str(session.outcome().values["range"])
        for index, sheet in enumerate(members):
            if sheet.ship_range != after:
                sheet.ship_range = after
                session.charges.append(Charge("ship_range", 0, index))
        return session
    if check.group != ORDER:
        raise CheckError(_("{group} is no group roll of Star Wars D6.", group=quoted(check.group)))
    entries, _left_out = plan_order(members, check)
    return start_segment_order(entries, source, segment=check.segment or 1)
