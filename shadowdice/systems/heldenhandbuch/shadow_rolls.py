"""Shadow rolls of high mastery ("Schattenwurf", rule text 003, "Hohe Meisterschaft").

Per point of a skill above 20, one die may be thrown again in a check and the player takes
either face. In a session:

- "shadow_roll" (pick one die, not a 1): the die is thrown again into the group "Shadow";
- then only "shadow_take_new" (the new face takes the old die's place, and its group: a kept
  die stays kept) or "shadow_keep_old" is offered. The die not taken leaves the table (marked
  ``REROLLED``, drawn faded).

Readings of what the text leaves open:

- **A 1 cannot be shadow-rolled**: "1er darfst Du nicht erneut würfeln" holds here too.
- **Swapping a die with the opponent's** is left to the players: an opposed exchange is not
  rolled in one session.
- **Finishing while a choice is open** keeps the first die (the shadow die leaves the table).
"""

from __future__ import annotations

from collections.abc import Iterator

from shadowdice.core.die import Mark
from shadowdice.core.language import translations
from shadowdice.core.session import Action, DicePick
from shadowdice.systems.heldenhandbuch.fumbles import FUMBLE

_, _n = translations(__name__)

SHADOW = "Shadow"
SHADOW_ROLL = "shadow_roll"
TAKE_NEW = "shadow_take_new"
KEEP_OLD = "shadow_keep_old"


class ShadowRolls:
    """The shadow-roll part of a Heldenhandbuch session: a mixin of
    :class:`~.roll_session.HeldenSession`, which provides ``tested``, the dice (``die``,
    ``table``, ``_throw``, ``_mark``, ``_set_apart``) and ``_taken_instead``.

    Attributes:
        shadow_left: shadow rolls left in this check.
        shadow: (old die, shadow die) awaiting the player's choice, or None.
    """

    shadow_left: int
    shadow: tuple[int, int] | None

    def _shadow_die(self) -> int | None:
        """The shadow die awaiting a choice; it is not scored until taken."""
        return self.shadow[1] if self.shadow else None

    def _shadow_actions(self) -> Iterator[Action]:
        """The shadow roll, enabled while rolls are left and a die may be thrown again."""
        if not self.tested.shadow_rolls:
            return
        eligible = tuple(d.id for d in self.table if d.face != FUMBLE and d.group != SHADOW)
        reason = "" if self.shadow_left else _("no shadow rolls left in this check")
        reason = reason or ("" if eligible else _("no die can be thrown again"))
        lowest = min(eligible, key=lambda i: (self.face(self.die(i)), i), default=None)
        yield Action(
            SHADOW_ROLL,
            _("Shadow roll"),
            cost=_("1 of {shadow_left} shadow rolls", shadow_left=self.shadow_left),
            enabled=not reason,
            reason=reason,
            hint=_("High mastery: throw one die again, then take either face."),
            pick=DicePick(
                prompt=_("Pick the die to throw again."),
                eligible=eligible,
                minimum=1,
                maximum=1,
                suggested=(lowest,) if lowest is not None else (),
            ),
        )

    def _shadow_choice(self) -> Iterator[Action]:
        """Take the shadow die or keep the first one."""
        assert self.shadow is not None
        old, new = (self.die(i) for i in self.shadow)
        yield Action(TAKE_NEW, _("Take the shadow die ({face})", face=new.face))
        yield Action(KEEP_OLD, _("Keep the first die ({face})", face=old.face))

    def _throw_shadow(self, die_id: int) -> None:
        """Throw the picked die again, apart in the group "Shadow"."""
        old = self.die(die_id)
        new = self._throw(_("Shadow roll"), 1, sides=old.sides, group=SHADOW)[0]
        self.shadow_left -= 1
        self.shadow = (old.id, new.id)

    def _choose_shadow(self, take_new: bool) -> None:
        """Settle the open choice: the die not taken leaves the table."""
        assert self.shadow is not None
        old, new = self.shadow
        self.shadow = None
        if take_new:
            self._drop(old)
            self._set_apart([new], self.die(old).group)
            self._taken_instead(old, new)
        else:
            self._drop(new)

    def _drop(self, die_id: int) -> None:
        """Take a die off the table, drawn faded like a rerolled one."""
        die = self.die(die_id)
        self._mark(die_id, *die.marks, Mark.REROLLED)
