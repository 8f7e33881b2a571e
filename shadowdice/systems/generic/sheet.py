"""The Generic dice sheet: a character's named rolls ("Attack: 1d20+5").

A sheet holds a name, notes, hit points (whatever the game counts down: hit points, health,
stress; the current value never above the maximum) and a list of named rolls, each a dice
expression (:mod:`.notation`). Expressions are stored as their shown text, checked and
written the one way when set ("4D6 KH3" is stored as "4d6kh3"), so a file holds only
expressions that roll.
A new sheet starts with three rolls that show the notation; the player renames, changes,
adds and removes them.

>>> sheet = GenericSheet(name="Rowan")
>>> [str(row) for row in sheet.rolls]
['Attack: 1d20+5', 'Damage: 2d6+3', 'Ability score: 4d6kh3']
>>> sheet.rolls[0].expression = "1D20 + 7"
>>> sheet.roll("Attack").expression
'1d20+7'
"""

from __future__ import annotations

from pydantic import Field, ValidationInfo, field_validator, model_validator

from shadowdice.core.language import translations
from shadowdice.core.sheet import MAX_ROWS, Row, Sheet, assigned_field, by_name, check_unique_names
from shadowdice.systems.generic.notation import parse

_, _n = translations(__name__)

#: The longest name or expression a roll may have.
MAX_TEXT = 80
#: The most hit points a sheet may have.
MAX_HIT_POINTS = 9999


class NamedRoll(Row):
    """One named roll of the sheet.

    Attributes:
        name: what the roll is for ("Attack").
        expression: the dice expression, in its shown form ("1d20+5").
    """

    name: str = Field(min_length=1, max_length=MAX_TEXT)
    expression: str = Field(default="1d20", max_length=MAX_TEXT)

    @field_validator("expression")
    @classmethod
    def _written_one_way(cls, text: str) -> str:
        return str(parse(text))

    def __str__(self) -> str:
        return f"{self.name}: {self.expression}"


def _starting_rolls() -> list[NamedRoll]:
    return [
        NamedRoll(name="Attack", expression="1d20+5"),
        NamedRoll(name="Damage", expression="2d6+3"),
        NamedRoll(name="Ability score", expression="4d6kh3"),
    ]


class GenericSheet(Sheet):
    """A character of Generic dice: name, notes, hit points and named rolls.

    Attributes:
        hit_points_max: the most hit points.
        hit_points: the hit points left, 0 to the most.
        rolls: the named rolls.
    """

    hit_points_max: int = Field(default=10, ge=0, le=MAX_HIT_POINTS)
    hit_points: int = Field(default=10, ge=0, le=MAX_HIT_POINTS)
    rolls: list[NamedRoll] = Field(default_factory=_starting_rolls, max_length=MAX_ROWS)

    def settle(self) -> None:
        """Bring the hit points left back under a lowered maximum."""
        if self.hit_points > self.hit_points_max:
            self.hit_points = self.hit_points_max

    @model_validator(mode="after")
    def _names_apart(self, info: ValidationInfo) -> GenericSheet:
        check_unique_names(_("roll"), [row.name for row in self.rolls])
        # A lowered maximum is assigned first; the sheet then settles the hit points left.
        lowered = assigned_field(info) == "hit_points_max"
        if not lowered and self.hit_points > self.hit_points_max:
            raise ValueError(_("Hit points must be from 0 to {most}", most=self.hit_points_max))
        return self

    def roll(self, name: str) -> NamedRoll:
        """A named roll by its name.

        Raises:
            KeyError: the sheet has no roll of that name.
        """
        return by_name(self.rolls, name)
