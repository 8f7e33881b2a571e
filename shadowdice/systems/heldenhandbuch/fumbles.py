"""Fumbles ("Patzer"), legendary failures and masterly skill ("Meisterliches Können") (rule
text 003, "Patzer", "Meisterliches Können").

A 1 is a fumble. It cannot be thrown again and must be offset by a successful die (4+), which
is voided by it. Every 1 not offset lowers Psyche by 1. Three 1s are a legendary failure,
which lowers respect ("Respektwert") by 1 on a W12 check and by 2 on a W20 check.

From a value of 15 a character is a "Könner" and ignores a single 1; from 20 a master
("Meister") ignores two. A Könner with two or more 1s, or a master with three or more, must
offset them all.

Readings of what the text leaves open:

- **Per check.** The 1s of all throws of a check count together (a sieve or cascade roll
  throws several times; its 1s stay on the table).
- **Legendary failure.** Three or more 1s in a check are a legendary failure whether or not
  they are offset or ignored ("Drei 1er sind legendäre Fehlschläge"); offsetting only saves
  the Psyche. On W6 and W8 a legendary failure costs no respect.
- **Masterly skill** comes from the tested value itself (a tool's lower quality limits the
  matches, not the mastery).

>>> ones_to_offset(1, 15), ones_to_offset(2, 15), ones_to_offset(2, 20), ones_to_offset(3, 20)
(0, 2, 0, 3)
"""

from __future__ import annotations

from shadowdice.core.language import N_

FUMBLE = 1
#: The value from which one 1 is ignored ("Könner"), and from which two are ("Meister").
KOENNER_FROM = 15
MASTER_FROM = 20
#: How many 1s make a legendary failure.
LEGENDARY_FAILURE_ONES = 3
#: Respect lost by a legendary failure, by die size; other dice lose none.
RESPECT_LOSS = {12: 1, 20: 2}


def ignorable_ones(value: int) -> int:
    """How many 1s masterly skill may ignore at this value: 0, 1 (Könner) or 2 (master)."""
    if value >= MASTER_FROM:
        return 2
    return 1 if value >= KOENNER_FROM else 0


def mastery_title(value: int) -> str:
    """The title masterly skill gives at a value, marked for translation: "Master" (German
    "Meister"), "Könner" or "".
    """
    if value >= MASTER_FROM:
        return N_("Master")
    return N_("Könner") if value >= KOENNER_FROM else ""


def ones_to_offset(ones: int, value: int) -> int:
    """How many of a check's 1s must be offset: none when masterly skill ignores them all,
    else every one of them.
    """
    return 0 if ones <= ignorable_ones(value) else ones


def is_legendary_failure(ones: int) -> bool:
    """Whether a check's 1s make a legendary failure.

    >>> is_legendary_failure(2), is_legendary_failure(3)
    (False, True)
    """
    return ones >= LEGENDARY_FAILURE_ONES


def respect_loss(ones: int, sides: int) -> int:
    """Respect lost by a check with ``ones`` 1s on dice of ``sides``.

    >>> respect_loss(3, 12), respect_loss(3, 20), respect_loss(3, 8), respect_loss(2, 20)
    (1, 2, 0, 0)
    """
    return RESPECT_LOSS.get(sides, 0) if is_legendary_failure(ones) else 0
