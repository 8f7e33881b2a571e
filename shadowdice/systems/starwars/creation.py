"""Character creation: the 7D of skill dice (rule text 004, "Charaktererschaffung").

A character made from a template starts *in creation*: the player distributes 7D over the
skills, at most 2D per skill; Force skills take dice like other skills, but only those the
template lists. The sheet refuses every edit that breaks these limits (see
:func:`check_creation`, which the sheet's validator calls), and shows the dice left
(:func:`skill_dice_left`). The sheet action "Finish creation" ends creation; afterwards skills
are improved freely.

Decisions where the text says nothing:

- **Whole dice only.** The text distributes "7D (Würfel)" and assigns dice ("Würfel
  zugeordnet"), so creation dice carry no pips: "1D+1" added at creation is refused.
- **Attributes, Force skill names and starting codes stay the template's** while in creation
  (the text changes only skills; equipment and background are free, and so is the name).
  A Force skill cannot be added or removed in creation. **A skill the template lists keeps
  its name and attribute** ("die Fertigkeiten haben den Wert des Attributes, zu dem sie
  gehören"): moving Dodge under a higher attribute would raise it without dice. Skills the
  player adds take any name and attribute (the text: template skills are not exclusive).
- **Finishing with dice left** is allowed, after a yes/no question that names the dice still
  left; answering no keeps the character in creation. Dice left unspent are lost.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from shadowdice.core.sheet import SheetAction, SheetEditError
from shadowdice.systems.starwars.codes import Code

if TYPE_CHECKING:
    from shadowdice.systems.starwars.sheet import StarWarsSheet

#: The skill dice a new character distributes.
SKILL_DICE = 7
#: The most dice one skill may receive at creation.
MOST_PER_SKILL = 2

FINISH_CREATION = "finish_creation"


def added_dice(sheet: StarWarsSheet) -> Iterator[tuple[str, Code]]:
    """Every skill and Force skill with what was added to it."""
    for skill in sheet.skills:
        yield skill.name, Code.parse(skill.added)
    for force in sheet.force_skills:
        yield force.name, Code.parse(force.added)


def skill_dice_left(sheet: StarWarsSheet) -> int:
    """The creation dice not yet distributed (negative when too many are)."""
    return SKILL_DICE - sum(code.dice for _name, code in added_dice(sheet))


def check_creation(sheet: StarWarsSheet) -> None:
    """Refuse a sheet in creation that breaks its limits, with the reason.

    Raises:
        ValueError: pips added, more than 2D on a skill, or more than 7D in all.
    """
    for name, added in added_dice(sheet):
        if added.pips:
            raise ValueError(
                f"{name}: creation dice are whole dice; add {added.dice or 1}D, not {added}"
            )
        if added.dice > MOST_PER_SKILL:
            raise ValueError(
                f"{name} would have {added.dice}D added; "
                f"at most {MOST_PER_SKILL}D per skill at creation"
            )
    left = skill_dice_left(sheet)
    if left < 0:
        raise ValueError(
            f"That would use {SKILL_DICE - left}D of skill dice; "
            f"creation gives {SKILL_DICE}D to distribute"
        )


def refuse_in_creation(sheet: StarWarsSheet, what: str) -> None:
    """Refuse a change that creation does not allow ("add a Force skill").

    Raises:
        SheetEditError: the sheet is in creation.
    """
    if sheet.in_creation:
        raise SheetEditError(
            f"You cannot {what} during creation; the template decides. Finish creation first."
        )


def finish_action(sheet: StarWarsSheet) -> SheetAction:
    """The sheet action that ends creation; its question names the dice still left."""
    if not sheet.in_creation:
        return SheetAction(
            FINISH_CREATION,
            "Creation finished",
            hint="Creation is over; skills are improved freely.",
        )
    left = skill_dice_left(sheet)
    question = ""
    if left > 0:
        question = (
            f"{left}D of the {SKILL_DICE}D skill dice are still to distribute; they are lost "
            "if you finish now. Finish creation?"
        )
    return SheetAction(
        FINISH_CREATION,
        "Finish creation",
        hint=f"End creation ({left}D of skill dice left); skills are then improved freely.",
        question=question,
    )


def finish_creation(sheet: StarWarsSheet, answer: bool = True) -> str:
    """End creation (``answer``: the player confirmed losing the dice left); return what
    happened.
    """
    if not sheet.in_creation:
        return "Creation is finished already; skills are improved freely."
    left = skill_dice_left(sheet)
    if left > 0 and not answer:
        return f"Creation goes on: {left}D of skill dice left to distribute."
    sheet.in_creation = False
    sheet.settle()
    if left > 0:
        return f"Creation finished; {left}D of skill dice were left unspent."
    return "Creation finished; skills are now improved freely."
