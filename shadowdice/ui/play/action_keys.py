"""Which key (Ctrl+1 ... Ctrl+9) takes which follow-up of a roll.

A kind of follow-up keeps the key it got the first time it was offered, for as long as the
window is open: Edge's *Second chance* is Ctrl+2 on every roll once it was Ctrl+2, whatever
else is offered beside it, so a player's hands learn it. A kind is the action's id without
the numbers that name a member or a target ("0:reroll" and "1:reroll" are one kind,
"attack:1" and "attack:0" another). The first time, a kind takes its place in the list (the
second button is Ctrl+2), or the lowest key free when another holds that one; where two
actions of one kind are offered at once (two members may reroll), the first keeps the key
and the other takes a free one.
"""

from __future__ import annotations

from collections.abc import Sequence

from shadowdice.core.session import Action

#: How many follow-ups have a key: Ctrl+1 ... Ctrl+9.
MAX_ACTION_SHORTCUTS = 9


def kind(action: Action) -> str:
    """What an action is, whoever offers it and whoever it aims at.

    >>> kind(Action("0:edge_second_chance", "Vex: Second chance")), kind(Action("attack:1", ""))
    ('edge_second_chance', 'attack')
    """
    return ":".join(part for part in action.id.split(":") if not part.isdigit())


class ActionKeys:
    """The keys given to kinds of follow-ups so far."""

    def __init__(self) -> None:
        self._keys: dict[str, int] = {}

    def assign(self, actions: Sequence[Action]) -> list[int | None]:
        """The key number (1 ... 9) of each action in turn, or None for one without."""
        numbers: list[int | None] = [None] * len(actions)
        used: set[int] = set()
        for place, action in enumerate(actions):  # the kinds that hold a key keep it
            number = self._keys.get(kind(action))
            if number is not None and number not in used:
                numbers[place] = number
                used.add(number)
        for place, action in enumerate(actions):  # the others take their place, or a free key
            if numbers[place] is not None:
                continue
            free = [n for n in range(1, MAX_ACTION_SHORTCUTS + 1) if n not in used]
            if not free:
                break
            number = place + 1 if place + 1 in free else free[0]
            numbers[place] = number
            used.add(number)
            self._keys.setdefault(kind(action), number)
        return numbers
