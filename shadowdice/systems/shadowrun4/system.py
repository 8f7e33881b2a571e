"""Shadowrun 4 as a rule system: how its sheet and checks declare themselves to the app.

A check's pool is attribute + skill ± modifiers (rule text 002, "Grundsätzliches"), or a free
pool when neither is chosen; the wound modifier of the condition monitors applies unless the
player turns it off. Edge before the roll is a check parameter; Edge after the roll is an
action of the session. A pool of 0 or less fails on its own ("Gewagte Proben"): it is not
thrown, and the check says so and offers the long shot.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from pydantic import Field

from shadowdice.core import language
from shadowdice.core.dice import DiceSource
from shadowdice.core.language import Text, translations
from shadowdice.core.odds import chance_of_successes
from shadowdice.core.quoting import quoted, shortened
from shadowdice.core.registry import (
    EMPTY_PARTY,
    CheckError,
    CheckParam,
    CheckPreview,
    CheckValues,
    CheckValuesModel,
    Party,
    QuickCheck,
    RuleSystem,
)
from shadowdice.core.sheet import (
    ColumnSpec,
    FieldSpec,
    Kind,
    ResourceSpec,
    Row,
    Sheet,
    TableSpec,
    field_resource,
    free_name,
)
from shadowdice.systems.shadowrun4 import SYSTEM
from shadowdice.systems.shadowrun4.rules import edge_dice_before_roll
from shadowdice.systems.shadowrun4.session import (
    RULE_OF_SIX,
    SYSTEM_ID,
    EdgeUse,
    ShadowrunSession,
)
from shadowdice.systems.shadowrun4.sheet import (
    ATTRIBUTES,
    METATYPES,
    SKILL_MAX,
    STANDARD_SKILLS,
    ShadowrunSheet,
    Skill,
    attribute_bounds,
    term,
)

_, _n = translations(__name__)

LINKED = "linked"
MODIFIER_BOUNDS = (-30, 30)
THRESHOLD_BOUNDS = (0, 30)


class ShadowrunCheck(CheckValuesModel):
    """What a Shadowrun 4 check reads (declared in :meth:`Shadowrun4.check_params`).

    Attributes:
        skill: the skill's name, or "" for none.
        attribute: the attribute's name, :data:`LINKED` for the skill's own, or "" (or None)
            for none.
        modifier: dice added or, negative, taken away.
        threshold: the hits needed (0: any hit).
        wounds: whether the wound modifier of the condition monitors applies.
        edge: Edge before the roll, an :class:`EdgeUse` value ("" for none).
    """

    skill: str = ""
    attribute: str | None = LINKED
    modifier: int = Field(default=0, ge=MODIFIER_BOUNDS[0], le=MODIFIER_BOUNDS[1])
    threshold: int = Field(default=0, ge=THRESHOLD_BOUNDS[0], le=THRESHOLD_BOUNDS[1])
    wounds: bool = True
    edge: str = ""


class Pool(NamedTuple):
    """A check's dice pool and how it was built.

    Attributes:
        dice: the number of dice (may be 0 or less).
        parts: the terms in words, e.g. ("Agility 4", "Pistols 3", "-1 wounds").
        label: what is rolled, e.g. "Agility + Pistols".
        free: neither an attribute nor a skill was chosen.
    """

    dice: int
    parts: tuple[str, ...]
    label: Text
    free: bool = False


def build_pool(sheet: ShadowrunSheet, values: CheckValues) -> Pool:
    """Attribute + skill + modifier (+ wound modifier), from the check values.

    >>> sheet = ShadowrunSheet()
    >>> sheet.skill("Pistols").rating = 2
    >>> build_pool(sheet, {"attribute": LINKED, "skill": "Pistols", "modifier": -1})
    Pool(dice=4, parts=('Agility 3', 'Pistols 2', '-1'), label='Agility + Pistols', free=False)
    """
    check = ShadowrunCheck.read(values)
    skill_name, attribute_name = check.skill, check.attribute or ""
    try:
        skill = sheet.skill(skill_name) if skill_name else None
        if attribute_name == LINKED:
            attribute_name = skill.attribute if skill else ""
        rating = sheet.attribute(attribute_name) if attribute_name else 0
    except KeyError as missing:
        raise CheckError(
            _(
                "{name} is not on this character's sheet",
                name=shortened(term(missing.args[0])),
            )
        ) from None
    dice, parts, names = 0, [], []
    if attribute_name:
        dice += rating
        parts.append(f"{term(attribute_name)} {rating}")
        names.append(term(attribute_name))
    if skill:
        dice += skill.rating
        parts.append(f"{term(skill.name)} {skill.rating}")
        names.append(term(skill.name))
    modifier = check.modifier
    if modifier or not names:
        dice += modifier
        parts.append(f"{modifier:+d}" if names else str(modifier))
    if check.wounds and sheet.wound_modifier:
        dice += sheet.wound_modifier
        parts.append(_("{modifier} wounds", modifier=f"{sheet.wound_modifier:+d}"))
    label = Text.join(" + ", names) if names else _free_pool(modifier, language.current())
    return Pool(dice, tuple(parts), label, free=not names)


class Shadowrun4(RuleSystem):
    """Shadowrun, 4th edition: d6 pools, hits on 5 and 6, glitches and Edge."""

    id = SYSTEM_ID
    info = SYSTEM
    sheet_type = ShadowrunSheet
    check_values_type = ShadowrunCheck

    def sheet_fields(self) -> tuple[FieldSpec, ...]:
        """Name, metatype, Edge points, damage, optional rules and notes."""
        return (
            FieldSpec("name", _("Name")),
            FieldSpec(
                "metatype",
                _("Metatype"),
                Kind.CHOICE,
                choices=METATYPES,
                choice_labels=tuple(term(metatype) for metatype in METATYPES),
            ),
            FieldSpec(
                "edge_current",
                _("Edge points"),
                Kind.INT,
                bounds=lambda sheet: (0, sheet.edge),
                hint=_("Edge points not yet spent; at most the Edge attribute."),
            ),
            FieldSpec(
                "physical_damage",
                _("Physical damage"),
                Kind.INT,
                bounds=lambda sheet: (0, sheet.physical_boxes),
                hint=_("Boxes filled on the physical condition monitor (8 + Body/2)."),
            ),
            FieldSpec(
                "stun_damage",
                _("Stun damage"),
                Kind.INT,
                bounds=lambda sheet: (0, sheet.stun_boxes),
                hint=_("Boxes filled on the stun condition monitor (8 + Willpower/2)."),
            ),
            FieldSpec(
                "cinematic",
                _("Cinematic rules"),
                Kind.FLAG,
                hint=_("Hits on 4, 5 and 6; the Rule of Six on every roll."),
            ),
            FieldSpec(
                "harder",
                _("Harder rules"),
                Kind.FLAG,
                hint=_(
                    "Edge before the roll adds only your unspent Edge points; "
                    "2s count toward glitches too."
                ),
            ),
            FieldSpec("notes", _("Notes"), Kind.MULTILINE),
        )

    def sheet_resources(self) -> tuple[ResourceSpec, ...]:
        """Edge points and the two condition monitors."""
        fields = {spec.key: spec for spec in self.sheet_fields()}
        return (
            field_resource(fields["edge_current"], _("Edge")),
            field_resource(fields["physical_damage"]),
            field_resource(fields["stun_damage"]),
        )

    def quick_checks(self, sheet: Sheet) -> tuple[QuickCheck, ...]:
        """The rated skills with their linked attributes, every attribute alone, then the
        skills not rated yet (rolled by defaulting).
        """
        assert isinstance(sheet, ShadowrunSheet)
        ordered = sorted(sheet.skills, key=lambda skill: skill.rating == 0)
        skills = tuple(QuickCheck(_skill_label(s), {"skill": s.name}) for s in ordered if s.rating)
        unrated = tuple(
            QuickCheck(_skill_label(s), {"skill": s.name}, rated=False)
            for s in ordered
            if not s.rating
        )
        attributes = tuple(
            QuickCheck(_attribute_label(a.name, a.value), {"skill": "", "attribute": a.name})
            for a in sheet.attributes
        )
        return skills + attributes + unrated

    def sheet_status(self, sheet: Sheet) -> str:
        """The wound modifier, when the monitors give one."""
        assert isinstance(sheet, ShadowrunSheet)
        if not sheet.wound_modifier:
            return ""
        modifier = f"{sheet.wound_modifier:+d}".replace("-", "−")
        return _("Wound modifier {modifier}", modifier=modifier)

    def sheet_tables(self) -> tuple[TableSpec, ...]:
        """Attributes (fixed rows) and skills (standard ones plus the player's own)."""
        return (
            TableSpec(
                "attributes",
                _("Attributes"),
                (
                    ColumnSpec("name", _("Attribute"), editable=False, shown=term),
                    ColumnSpec(
                        "value",
                        _("Rating"),
                        Kind.INT,
                        bounds=lambda row: attribute_bounds(row.name),
                    ),
                ),
            ),
            TableSpec(
                "skills",
                _("Skills"),
                (
                    ColumnSpec("name", _("Skill"), editable=lambda row: row.custom, shown=term),
                    ColumnSpec("rating", _("Rating"), Kind.INT, bounds=lambda row: (0, SKILL_MAX)),
                    ColumnSpec(
                        "attribute",
                        _("Linked attribute"),
                        Kind.CHOICE,
                        editable=lambda row: row.custom,
                        choices=lambda sheet: ATTRIBUTES,
                        shown=term,
                    ),
                ),
                new_row=_new_custom_skill,
                removable=lambda row: row.custom,
                hide_zero="rating",
            ),
        )

    def check_params(self, sheet: Sheet, party: Party = EMPTY_PARTY) -> tuple[CheckParam, ...]:
        """Skill, attribute, dice modifier, threshold, wounds and Edge before the roll."""
        assert isinstance(sheet, ShadowrunSheet)
        skills = sorted(sheet.skills, key=lambda skill: (-skill.rating, skill.name))
        best = skills[0].name if skills and skills[0].rating else ""
        return (
            CheckParam(
                "skill",
                _("Skill"),
                Kind.CHOICE,
                best,
                choices=(
                    ("", _("No skill")),
                    *((s.name, _skill_label(s)) for s in skills),
                ),
            ),
            CheckParam(
                "attribute",
                _("Attribute"),
                Kind.CHOICE,
                LINKED,
                choices=(
                    (LINKED, _("Linked to the skill")),
                    ("", _("No attribute")),
                    *((a.name, _attribute_label(a.name, a.value)) for a in sheet.attributes),
                ),
            ),
            CheckParam(
                "modifier",
                _("Dice ±"),
                Kind.INT,
                0,
                bounds=MODIFIER_BOUNDS,
                hint=_("Dice added or taken away; with no skill and no attribute, the free pool."),
            ),
            CheckParam(
                "threshold",
                _("Threshold"),
                Kind.INT,
                0,
                bounds=THRESHOLD_BOUNDS,
                hint=_("Hits needed; 0 when any hit will do."),
            ),
            CheckParam(
                "wounds",
                _("Wound modifier ({modifier})", modifier=f"{sheet.wound_modifier:+d}"),
                Kind.FLAG,
                True,
                hint=_("Take the dice that damage costs off the pool."),
            ),
            CheckParam(
                "edge",
                _("Edge"),
                Kind.CHOICE,
                EdgeUse.NONE.value,
                choices=(
                    (EdgeUse.NONE.value, _("No Edge before the roll")),
                    (
                        EdgeUse.BEFORE.value,
                        _(
                            "Before the roll: +{n} dice, Rule of Six",
                            n=_pre_roll_edge_dice(sheet),
                        ),
                    ),
                    (
                        EdgeUse.LONG_SHOT.value,
                        _("Long shot: {n} dice, Rule of Six", n=sheet.edge),
                    ),
                ),
                hint=_("Spend 1 Edge before the roll (at most one point per check)."),
                resets_after_roll=True,
            ),
        )

    def preview_check(
        self, sheet: Sheet, values: CheckValues, party: Party = EMPTY_PARTY
    ) -> CheckPreview:
        """The pool in words, the chance of success, or why it cannot be rolled."""
        assert isinstance(sheet, ShadowrunSheet)
        check = ShadowrunCheck.read(values)
        pool = build_pool(sheet, check)
        edge_use = _edge_use(check)
        threshold = check.threshold
        rules = sheet.table_rules
        problem = _problem(sheet, pool, edge_use)
        dice, explode = max(pool.dice, 0), RULE_OF_SIX if rules.cinematic else None
        if edge_use is EdgeUse.BEFORE:
            dice, explode = pool.dice + _pre_roll_edge_dice(sheet), RULE_OF_SIX
        elif edge_use is EdgeUse.LONG_SHOT:
            dice, explode = sheet.edge, RULE_OF_SIX
        terms = " + ".join(pool.parts).replace("+ -", "- ").replace("+ +", "+ ")
        summary = (
            _("{terms} = {n} dice", terms=terms, n=pool.dice)
            if len(pool.parts) > 1
            else _("{n} dice", n=pool.dice)
        )
        if edge_use is not EdgeUse.NONE:
            summary = _("{summary} → {n} with Edge", summary=summary, n=dice)
        summary = _("{summary} · hits on {hit_on}+", summary=summary, hit_on=rules.hit_on)
        if threshold:
            summary = _("{summary} · threshold {threshold}", summary=summary, threshold=threshold)
        chance = (
            None
            if problem
            else chance_of_successes(
                dice=dice, needed=max(threshold, 1), hit_on=rules.hit_on, explode_on=explode
            )
        )
        return CheckPreview(summary=summary, chance=chance, problem=problem)

    def start_check(
        self, sheet: Sheet, values: CheckValues, source: DiceSource, party: Party = EMPTY_PARTY
    ) -> ShadowrunSession:
        """Start the check; refuses a pool of 0 or less without a long shot."""
        assert isinstance(sheet, ShadowrunSheet)
        values = ShadowrunCheck.read(values)
        pool = build_pool(sheet, values)
        edge_use = _edge_use(values)
        if problem := _problem(sheet, pool, edge_use):
            raise CheckError(problem)
        check = pool.label
        if edge_use is EdgeUse.BEFORE:
            check = _("{pool}, Edge before the roll", pool=pool.label)
        elif edge_use is EdgeUse.LONG_SHOT:
            check = _("{pool}, long shot", pool=pool.label)
        return ShadowrunSession(
            sheet,
            pool=pool.dice,
            threshold=values.threshold,
            edge_use=edge_use,
            check=check,
            source=source,
            parameters=values.recorded(),
        )


@lru_cache(maxsize=64)
def _free_pool(dice: int, shown_in: str) -> Text:
    """A free pool in words, made once for each size and language (``shown_in``)."""
    return _("Free pool of {n}", n=dice)


def _skill_label(skill: Skill) -> Text:
    """A skill, its rating and its linked attribute: "Pistols 4 (Agility)"."""
    return _(
        "{skill} {rating} ({attribute})",
        skill=term(skill.name),
        rating=skill.rating,
        attribute=term(skill.attribute),
    )


def _attribute_label(name: str, value: int) -> Text:
    """An attribute and its value: "Agility 3"."""
    return _("{attribute} {value}", attribute=term(name), value=value)


def _problem(sheet: ShadowrunSheet, pool: Pool, edge_use: EdgeUse) -> str:
    if edge_use is EdgeUse.NONE and pool.dice > 0:
        return ""  # the common check: dice to roll, no Edge to spend
    if edge_use is not EdgeUse.NONE and sheet.edge_current < 1:
        return _("No Edge points left to spend.")
    if edge_use is EdgeUse.BEFORE and pool.dice + _pre_roll_edge_dice(sheet) <= 0:
        return _(
            "Even with Edge the pool has {n} dice. Take a long shot instead.",
            n=pool.dice + _pre_roll_edge_dice(sheet),
        )
    if edge_use is EdgeUse.LONG_SHOT and pool.dice > 0:
        return _("A long shot is for a pool of 0 or less; this pool has {n} dice.", n=pool.dice)
    if edge_use is EdgeUse.NONE and pool.free and pool.dice == 0:
        return _("Choose a skill or an attribute, or set Dice ± for a free pool.")
    if edge_use is EdgeUse.NONE and pool.dice <= 0:
        return _(
            "A pool of {n} dice fails automatically. Spend Edge on a long shot to try anyway.",
            n=pool.dice,
        )
    return ""


def _edge_use(check: ShadowrunCheck) -> EdgeUse:
    edge_use = _EDGE_USES.get(check.edge)
    if edge_use is None:
        raise CheckError(_("{edge} is no way to spend Edge", edge=quoted(check.edge)))
    return edge_use


_EDGE_USES = {edge_use.value: edge_use for edge_use in EdgeUse}


def _pre_roll_edge_dice(sheet: ShadowrunSheet) -> int:
    return edge_dice_before_roll(
        edge=sheet.edge, edge_current=sheet.edge_current, rules=sheet.table_rules
    )


def _new_custom_skill(sheet: ShadowrunSheet) -> Row:
    taken = {skill.name for skill in sheet.skills} | set(STANDARD_SKILLS)
    return Skill(name=free_name(_("New skill"), taken), attribute="Agility", custom=True)
