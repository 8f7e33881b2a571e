"""Character creation: the 7D of skill dice (rule text 004, "Charaktererschaffung").

A character made from a template starts *in creation*: the player distributes 7D over the
skills, at most 2D per skill; Force skills take dice like other skills, but only those the
template lists. The sheet refuses every edit that breaks these limits (see
:func:`check_creation`, which the sheet's validator calls with what was added to each skill),
and shows the dice left (:func:`skill_dice_left`). The sheet action "Finish creation"
(:mod:`.sheet_actions`) ends creation; afterwards skills are improved freely.

This module knows codes, not the sheet: the sheet hands it what was added, so the rules of
creation stand below the sheet that obeys them.

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

from collections.abc import Iterable

from shadowdice.core.language import translations
from shadowdice.systems.starwars.codes import Code

_, _n = translations(__name__)

#: The skill dice a new character distributes.
SKILL_DICE = 7
#: The most dice one skill may receive at creation.
MOST_PER_SKILL = 2
#: The id of the sheet action that ends creation (:mod:`.sheet_actions`).
FINISH_CREATION = "finish_creation"


def skill_dice_left(added: Iterable[tuple[str, Code]]) -> int:
    """The creation dice not yet distributed (negative when too many are), from what was
    added to each skill, by name.

    >>> skill_dice_left([("Dodge", Code(2, 0)), ("Blaster", Code(1, 0))])
    4
    """
    return SKILL_DICE - sum(code.dice for _name, code in added)


def check_creation(added_by_name: Iterable[tuple[str, Code]]) -> None:
    """Refuse what was added to the skills in creation when it breaks the limits, with the
    reason.

    Raises:
        ValueError: pips added, more than 2D on a skill, or more than 7D in all.
    """
    added_by_name = list(added_by_name)
    for name, added in added_by_name:
        if added.pips:
            raise ValueError(
                _(
                    "{name}: creation dice are whole dice; add {value}D, not {added}",
                    name=name,
                    value=added.dice or 1,
                    added=added,
                )
            )
        if added.dice > MOST_PER_SKILL:
            raise ValueError(
                _(
                    "{name} would have {dice}D added; at most {most_per_skill}D per "
                    "skill at creation",
                    name=name,
                    dice=added.dice,
                    most_per_skill=MOST_PER_SKILL,
                )
            )
    left = skill_dice_left(added_by_name)
    if left < 0:
        raise ValueError(
            _(
                "That would use {value}D of skill dice; creation gives {skill_dice}D to distribute",
                value=SKILL_DICE - left,
                skill_dice=SKILL_DICE,
            )
        )
