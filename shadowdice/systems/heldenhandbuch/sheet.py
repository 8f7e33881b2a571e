"""The Heldenhandbuch character sheet (rule text 003, "Proben", "Physis, Psyche",
"Verletzungen", "Regeneration", "Könnerstern", "Meistergrad", "Güte von Gegenständen",
"Rüstung").

- **Attributes** ("Eigenschaften"): a value each; the value sets the dice of an attribute
  check (:mod:`.dice_steps`). The text names no attribute list; the sheet starts with eight
  common ones (Strength, Agility, Endurance, Reaction, Perception, Intellect, Willpower,
  Charisma; the first four physical) and the player may rename, add and remove them.
- **Skills** ("Fertigkeiten"): value, base die ("Basiswürfel", W6 to W20) and bonus dice
  ("Bonuswürfel", 0 to 5); general skills ("Allgemeine Fertigkeiten") may hold the star of
  skill ("Könnerstern", which allows sequences); professions ("Berufe", such as weapon
  smithing) hold master grades ("Meistergrade", 0 to 3). The starting list holds the skills the
  text names; only a general skill may hold the star.
- **Physis and Psyche**: lines ("Zeilen") of points, the points left and the regeneration
  value. Every emptied line costs a die: Physis for physical checks, Psyche for every check.
- **Life circles** ("Lebenskreise"): segments and the light, heavy and critical injuries in
  each, and whether they are treated ("versorgt"). A critical injury costs a die in every
  check. The text gives no number of circles or segments; the sheet starts with four circles
  of six segments.
- **Respect** ("Respektwert"), **Mythos points**, **experience points** (EP), the
  **lucky number** ("Glückszahl", 1 to 20 on a W20; 0 for none).
- **Equipment** with quality ("Güte", 0 to 20) and **armor** with protection
  ("Schutzwert") and quality.
- **The next combat phase**: the dice it loses (one per rescue die used), the throws the
  character sits out (an opponent's initiative bonus) and the faces of dice saved by aiming,
  carried over from the last combat.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, ValidationInfo, model_validator

from shadowdice.core.language import N_, terms, translations
from shadowdice.core.sheet import (
    MAX_ROWS,
    Row,
    Sheet,
    assigned_elsewhere,
    assigned_field,
    by_name,
    check_unique_names,
)
from shadowdice.systems.heldenhandbuch.dice_steps import (
    DIE_SIZES,
    MAX_BONUS_DICE,
    DiceStep,
    attribute_step,
    die_name,
    skill_step,
)

_, _n = translations(__name__)

VALUE_BOUNDS = (0, 30)
MASTER_GRADE_BOUNDS = (0, 3)
QUALITY_BOUNDS = (0, 20)
LUCKY_BOUNDS = (0, 20)
POINTS_MAX = 99
COMBAT_CARRY_MAX = 12
#: A face of a die saved for the next combat phase (W6 to W20).
SavedFace = Annotated[int, Field(ge=1, le=max(DIE_SIZES))]
STAR_FROM = 12
BASE_DICE = tuple(die_name(sides) for sides in DIE_SIZES)

PHYSIS = "Physis"
PSYCHE = "Psyche"

#: The attributes a new character starts with, (name, physical).
STANDARD_ATTRIBUTES = (
    (N_("Strength"), True), (N_("Agility"), True), (N_("Endurance"), True),
    (N_("Reaction"), True), (N_("Perception"), False), (N_("Intellect"), False),
    (N_("Willpower"), False), (N_("Charisma"), False),
)  # fmt: skip
#: The skills the text names, (name, general): Akrobatik, Aufspüren, Basis-Kampfkunst, Erste
#: Hilfe, Feilschen, Geländelauf, Heilkunde, Einschüchtern, Redekunst, Schleichen,
#: Selbstbeherrschung, Verbergen, Verführen, Wachgabe, Waffenschmieden, Wildnisleben, Zechen.
STANDARD_SKILLS = (
    (N_("Acrobatics"), True), (N_("Tracking"), True), (N_("Basic martial arts"), False),
    (N_("First aid"), True), (N_("Haggling"), True), (N_("Cross-country running"), True),
    (N_("Medicine"), True), (N_("Intimidation"), True), (N_("Oratory"), True),
    (N_("Sneaking"), True), (N_("Self-control"), True), (N_("Hiding"), True),
    (N_("Seduction"), True), (N_("Keeping watch"), True), (N_("Weapon smithing"), False),
    (N_("Wilderness lore"), True), (N_("Drinking"), True),
)  # fmt: skip


#: A name the rules give (an attribute, a skill) in the language shown; a name a player gave
#: shows as given.
term = terms(__name__)


#: The lowest and highest respect a sheet holds; a legendary failure at the lowest costs nothing.
RESPECT_BOUNDS = (-99, 99)

#: The most Mythos points a sheet holds; legendary checks beyond it add nothing.
MOST_MYTHOS_POINTS = 999


class Attribute(Row):
    """An attribute ("Eigenschaft").

    Attributes:
        name: its name.
        value: its value; it sets the dice of a check.
        physical: whether emptied Physis lines cost its checks a die.
    """

    name: str = Field(min_length=1)
    value: int = Field(default=5, ge=VALUE_BOUNDS[0], le=VALUE_BOUNDS[1])
    physical: bool = False

    @property
    def step(self) -> DiceStep:
        """The dice of a check."""
        return attribute_step(self.value)

    @property
    def dice_text(self) -> str:
        """The dice of a check in words: "3W12"."""
        return str(self.step)


class Skill(Row):
    """A skill ("Fertigkeit").

    Attributes:
        name: its name.
        value: its value ("Fertigkeitswert", FkW): the highest face that matches.
        base_die: "W6", "W8", "W12" or "W20".
        bonus_dice: dice thrown besides the base die (0 to 5).
        general: a general skill ("Allgemeine Fertigkeit"): sequences only with the star.
        star: the star of skill ("Könnerstern"), only for general skills.
        master_grade: a profession's master grade ("Meistergrad", 0 to 3).
    """

    name: str = Field(min_length=1)
    value: int = Field(default=0, ge=VALUE_BOUNDS[0], le=VALUE_BOUNDS[1])
    base_die: str = "W6"
    bonus_dice: int = Field(default=0, ge=0, le=MAX_BONUS_DICE)
    general: bool = True
    star: bool = False
    master_grade: int = Field(default=0, ge=MASTER_GRADE_BOUNDS[0], le=MASTER_GRADE_BOUNDS[1])

    @model_validator(mode="after")
    def _consistent(self) -> Skill:
        if self.base_die not in BASE_DICE:
            raise ValueError(_("the base die must be one of {join}", join=", ".join(BASE_DICE)))
        if self.star and not self.general:
            raise ValueError(
                _("{name}: only a general skill holds the star of skill", name=self.name)
            )
        return self

    @property
    def sides(self) -> int:
        """The size of the base die."""
        return int(self.base_die.removeprefix("W"))

    @property
    def step(self) -> DiceStep:
        """The dice of a check."""
        return skill_step(self.sides, self.bonus_dice)

    @property
    def dice_text(self) -> str:
        """The dice of a check in words: "3W12"."""
        return str(self.step)

    @property
    def sequences(self) -> bool:
        """Whether a cascade roll of the skill forms sequences: general skills only with the
        star, the others always.
        """
        return self.star or not self.general


class Points(Row):
    """Physis or Psyche: lines of points.

    Attributes:
        name: "Physis" or "Psyche".
        lines: how many lines.
        per_line: points in a line.
        current: the points left (0 to lines x per line).
        regeneration: points regained in a half-hour rest.
    """

    name: str
    lines: int = Field(default=3, ge=1, le=10)
    per_line: int = Field(default=5, ge=1, le=20)
    current: int = Field(default=15, ge=0, le=POINTS_MAX * 2)
    regeneration: int = Field(default=2, ge=0, le=20)

    @model_validator(mode="after")
    def _within_maximum(self, info: ValidationInfo) -> Points:
        # Fewer or smaller lines are assigned first; the sheet then settles the points left.
        if assigned_field(info) not in ("lines", "per_line") and self.current > self.maximum:
            raise ValueError(
                _(
                    "{name}: {current} points is more than {maximum}",
                    name=self.name,
                    current=self.current,
                    maximum=self.maximum,
                )
            )
        return self

    @property
    def maximum(self) -> int:
        """All lines full."""
        return self.lines * self.per_line

    @property
    def emptied_lines(self) -> int:
        """Lines emptied completely; each costs a die.

        >>> Points(name="Psyche", lines=3, per_line=5, current=9).emptied_lines
        1
        """
        return (self.maximum - self.current) // self.per_line


class LifeCircle(Row):
    """A life circle ("Lebenskreis") and its injuries.

    Attributes:
        name: its name.
        segments: its segments.
        lost: segments lost (0 to segments).
        light, heavy, critical: injuries of each severity.
        treated: whether its heavy and critical injuries are treated ("versorgt").
    """

    name: str = Field(min_length=1)
    segments: int = Field(default=6, ge=1, le=12)
    lost: int = Field(default=0, ge=0, le=12)
    light: int = Field(default=0, ge=0, le=12)
    heavy: int = Field(default=0, ge=0, le=12)
    critical: int = Field(default=0, ge=0, le=1)
    treated: bool = True

    @model_validator(mode="after")
    def _within_segments(self) -> LifeCircle:
        if self.lost > self.segments:
            raise ValueError(
                _(
                    "{name} has only {segments} segments to lose",
                    name=self.name,
                    segments=self.segments,
                )
            )
        return self


class Item(Row):
    """A piece of equipment and its quality ("Güte", 4-6 improvised ... 20 masterly)."""

    name: str = Field(min_length=1)
    quality: int = Field(default=7, ge=QUALITY_BOUNDS[0], le=QUALITY_BOUNDS[1])
    notes: str = ""


class Armor(Row):
    """A piece of armor: its protection ("Schutzwert") lowers damage, its quality caps it."""

    name: str = Field(min_length=1)
    protection: int = Field(default=1, ge=0, le=20)
    quality: int = Field(default=7, ge=QUALITY_BOUNDS[0], le=QUALITY_BOUNDS[1])
    light: bool = False


def _standard_attributes() -> list[Attribute]:
    return [Attribute(name=name, physical=physical) for name, physical in STANDARD_ATTRIBUTES]


def _standard_skills() -> list[Skill]:
    return [Skill(name=name, general=general) for name, general in STANDARD_SKILLS]


def _standard_points() -> list[Points]:
    return [Points(name=PHYSIS), Points(name=PSYCHE)]


#: The life circles of a new character, by their ids: shown in the language of the table.
STANDARD_CIRCLES = (
    N_("Life circle 1"),
    N_("Life circle 2"),
    N_("Life circle 3"),
    N_("Life circle 4"),
)


def _standard_circles() -> list[LifeCircle]:
    return [LifeCircle(name=name) for name in STANDARD_CIRCLES]


class HeldenSheet(Sheet):
    """A Heldenhandbuch character.

    Attributes:
        attributes, skills: see :class:`Attribute`, :class:`Skill`.
        points: Physis then Psyche (:class:`Points`).
        life_circles: see :class:`LifeCircle`.
        respect: "Respektwert".
        mythos_points: Mythos points ("Mythospunkte") from legendary checks.
        experience_points: EP, spent on learning dice.
        lucky_number: the face that is lucky on a W20 (0 for none).
        equipment, armor: see :class:`Item`, :class:`Armor`; the first armor is the one worn.
        combat_dice_lost: dice lost in the next combat phase (one per rescue die used).
        combat_throws_skipped: throws to sit out at the start of the next combat phase (an
            opponent's initiative bonus from a legendary maneuver).
        combat_dice_saved: faces of dice a shooter saved by aiming ("aufsparen"); they lie on
            the table in the next combat phase instead of being thrown, which empties the list.
        psyche_lines_wished: emptied Psyche lines whose die malus a granted wish replaced
            (after influence); they cost no die while they stay empty. A line that regains a
            point is no longer emptied, so the count never exceeds the emptied lines
            (:meth:`settle`); a line emptied later costs its die again.
    """

    attributes: list[Attribute] = Field(default_factory=_standard_attributes, max_length=MAX_ROWS)
    skills: list[Skill] = Field(default_factory=_standard_skills, max_length=MAX_ROWS)
    points: list[Points] = Field(default_factory=_standard_points, max_length=MAX_ROWS)
    life_circles: list[LifeCircle] = Field(default_factory=_standard_circles, max_length=MAX_ROWS)
    respect: int = Field(default=0, ge=RESPECT_BOUNDS[0], le=RESPECT_BOUNDS[1])
    mythos_points: int = Field(default=0, ge=0, le=MOST_MYTHOS_POINTS)
    experience_points: int = Field(default=0, ge=0, le=9999)
    lucky_number: int = Field(default=0, ge=LUCKY_BOUNDS[0], le=LUCKY_BOUNDS[1])
    equipment: list[Item] = Field(default_factory=list, max_length=MAX_ROWS)
    armor: list[Armor] = Field(default_factory=list, max_length=MAX_ROWS)
    combat_dice_lost: int = Field(default=0, ge=0, le=COMBAT_CARRY_MAX)
    combat_throws_skipped: int = Field(default=0, ge=0, le=COMBAT_CARRY_MAX)
    combat_dice_saved: list[SavedFace] = Field(default_factory=list, max_length=COMBAT_CARRY_MAX)
    psyche_lines_wished: int = Field(default=0, ge=0, le=COMBAT_CARRY_MAX)

    @model_validator(mode="after")
    def _consistent(self, info: ValidationInfo) -> HeldenSheet:
        if assigned_elsewhere(info, ("attributes", "skills", "life_circles", "points")):
            return self
        check_unique_names(_("attribute"), [attribute.name for attribute in self.attributes])
        check_unique_names(_("skill"), [skill.name for skill in self.skills])
        check_unique_names(_("life circle"), [circle.name for circle in self.life_circles])
        if [row.name for row in self.points] != [PHYSIS, PSYCHE]:
            raise ValueError(_("the sheet has a Physis and a Psyche row, in that order"))
        if self.psyche_lines_wished > self.psyche.emptied_lines:  # a sheet read whole
            object.__setattr__(self, "psyche_lines_wished", self.psyche.emptied_lines)
        return self

    def settle(self) -> None:
        """Keep points left within their lines after the lines were made fewer or smaller,
        and the wished lines within the emptied ones (a refilled line ends its wish).

        >>> sheet = HeldenSheet()
        >>> sheet.psyche.current = 10  # one line of 5 empty, its malus settled by a wish
        >>> sheet.psyche_lines_wished = 1
        >>> sheet.settle(); sheet.psyche_lines_wished
        1
        >>> sheet.psyche.current = 11  # the line regains a point
        >>> sheet.settle(); sheet.psyche_lines_wished
        0
        """
        for row in self.points:
            if row.current > row.maximum:
                row.current = row.maximum
        if self.psyche_lines_wished > self.psyche.emptied_lines:
            self.psyche_lines_wished = self.psyche.emptied_lines

    @property
    def combat_dice_saved_text(self) -> str:
        """The saved faces as the sheet editor shows and takes them ("13 13 7").

        >>> sheet = HeldenSheet()
        >>> sheet.combat_dice_saved_text = "13, 13 7"
        >>> sheet.combat_dice_saved, sheet.combat_dice_saved_text
        ([13, 13, 7], '13 13 7')
        """
        return " ".join(str(face) for face in self.combat_dice_saved)

    @combat_dice_saved_text.setter
    def combat_dice_saved_text(self, text: str) -> None:
        self.combat_dice_saved = text.replace(",", " ").split()  # validated on assignment

    def attribute(self, name: str) -> Attribute:
        """An attribute by name."""
        return by_name(self.attributes, name)

    def skill(self, name: str) -> Skill:
        """A skill by name."""
        return by_name(self.skills, name)

    @property
    def physis(self) -> Points:
        """The Physis row."""
        return self.points[0]

    @property
    def psyche(self) -> Points:
        """The Psyche row."""
        return self.points[1]

    @property
    def critical_injuries(self) -> int:
        """Critical injuries in all life circles; each costs a die in every check."""
        return sum(circle.critical for circle in self.life_circles)

    def dice_lost(self, *, physical: bool) -> int:
        """Dice a check loses to emptied lines and critical injuries.

        >>> sheet = HeldenSheet()
        >>> sheet.psyche.current = 4
        >>> sheet.dice_lost(physical=False)
        2
        >>> sheet.psyche_lines_wished = 1  # one line's malus replaced by a wish
        >>> sheet.dice_lost(physical=False)
        1
        """
        psyche = self.psyche.emptied_lines
        lost = psyche - min(self.psyche_lines_wished, psyche) + self.critical_injuries
        return lost + (self.physis.emptied_lines if physical else 0)
