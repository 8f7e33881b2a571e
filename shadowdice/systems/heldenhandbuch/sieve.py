"""The sieve roll ("Siebwurf") and the cascade roll ("Kaskadenwurf") (rule text 003,
"Siebwurf", "Kaskadenwurf", "Patzer").

The player throws all dice, keeps at least one for scoring and may throw the rest again,
keeping at least one die of every throw, until they stop or no dice are left. The tray shows
the kept dice apart (mark ``KEPT``: the tray lays them in its kept strip) and suggests which to keep
(:func:`~.best_group.keep_choice`). A sieve roll scores the highest result of the kept dice,
matches added; a cascade roll scores the best group of matches and sequences.

Actions: "keep" (pick at least one die of the last throw; the others are thrown again; picking
them all ends the roll) and "stop" (keep every die of the last throw and end the roll). The
roll also ends when a throw leaves no die to keep (only 1s). While it goes on the headline
says the result of the kept dice ("So far: result 9", "Nothing kept yet") and the detail the
dice still to keep or throw again (:mod:`.roll_session`).

Readings of what the text leaves open:

- **1s stay on the table.** A 1 cannot be thrown again: it is set apart with the kept dice at
  once and is no die the player keeps by choice; the player still keeps at least one other die
  of the throw. A throw of nothing but 1s ends the roll.
- **Stopping keeps the last throw.** Keeping more dice never lowers a result and helps to
  offset 1s, so "stop" scores all dice on the table. Finishing the roll before it ended (the
  tray's "Done", or a new roll started) stops it the same way.
- **The result while rolling** is that of the kept dice; the dice of the last throw count
  once they are kept.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from shadowdice.core.die import Die
from shadowdice.core.language import N_, translations
from shadowdice.core.session import Action, DicePick
from shadowdice.systems.heldenhandbuch.best_group import keep_choice
from shadowdice.systems.heldenhandbuch.fumbles import FUMBLE, ones_to_offset
from shadowdice.systems.heldenhandbuch.roll_session import HeldenSession, Tested
from shadowdice.systems.heldenhandbuch.sheet import HeldenSheet

_, _n = translations(__name__)


class SieveSession(HeldenSession):
    """A sieve roll in progress.

    Attributes:
        kept: the dice set aside, in the order they were (1s included).
        live: the dice of the last throw that may still be kept or thrown again.
    """

    roll_name = N_("Sieve roll")

    def __init__(self, sheet: HeldenSheet, tested: Tested, **kwargs: Any) -> None:
        super().__init__(sheet, tested, **kwargs)
        self.kept: list[int] = []
        self.live: list[int] = []
        self._lay_out(self._throw_round(tested.step.count))
        self._evaluate()

    # --- throwing ----------------------------------------------------------------------------

    def _stays(self, die: Die) -> bool:
        """Whether a die stays on the table as it falls (a 1)."""
        return die.face == FUMBLE

    def _throw_round(self, count: int, replace: Sequence[int] = ()) -> list[Die]:
        """Throw ``count`` dice in place of ``replace``; nothing changes if the throw fails."""
        label = _("{roll}: throw {n}", roll=_(self.roll_name), n=len(self.throws) + 1)
        return self._throw(label, count, sides=self.tested.step.sides, replace=replace)

    def _lay_out(self, dice: Sequence[Die]) -> None:
        """The 1s of a throw stay on the table with the kept dice; the rest may be kept."""
        stays = [die.id for die in dice if self._stays(die)]
        self.kept += stays
        self.live = [die.id for die in dice if die.id not in stays]

    def ended(self) -> bool:
        """No dice are left to throw again."""
        return not self.live

    def scored_ids(self) -> list[int]:
        """The kept dice."""
        scored = set(self.kept)
        return [die.id for die in self.table if die.id in scored]

    def kept_ids(self) -> set[int]:
        """The kept dice."""
        return set(self.kept)

    def _lucky_candidates(self) -> list[int]:
        return list(self.live)

    def _rolling_words(self) -> list[str]:
        """The dice of the last throw still to keep or throw again."""
        faces = ", ".join(str(self.face(self.die(die_id))) for die_id in self.live)
        return [_("to keep or throw again: {faces}", faces=faces)]

    # --- keeping -----------------------------------------------------------------------------

    def suggested_keep(self) -> tuple[int, ...]:
        """The dice of the last throw the app suggests keeping."""
        kept = self.dice_faces(self.scored_ids())
        ones = sum(1 for _id, face in kept if face == FUMBLE)
        return keep_choice(
            kept,
            self.dice_faces(self.live),
            cap=self.tested.cap,
            offsets=ones_to_offset(ones, self.tested.value),
            cascade=self.cascade,
            sequences=self.tested.sequences,
        )

    def _own_actions(self) -> Iterable[Action]:
        if self.ended():
            return
        yield Action(
            "keep",
            _("Keep and throw the rest again"),
            hint=_("Set the picked dice apart for scoring and throw the others again."),
            pick=DicePick(
                prompt=_("Pick the dice to keep; the others are thrown again."),
                eligible=tuple(self.live),
                minimum=1,
                suggested=self.suggested_keep(),
            ),
        )
        yield Action("stop", _("Stop"), hint=_("Keep every die on the table and end the roll."))

    def _apply_own(self, action: Action, picked: tuple[int, ...]) -> None:
        if action.id == "stop":
            self._keep_the_rest()
            return
        again = [die_id for die_id in self.live if die_id not in picked]
        dice = self._throw_round(len(again), replace=again) if again else []
        self.kept += picked
        self._lay_out(dice)

    def _keep_the_rest(self) -> None:
        """Keep every die of the last throw, as "stop" does."""
        self.kept += self.live
        self.live = []

    def _taken_instead(self, old: int, new: int) -> None:
        for ids in (self.kept, self.live):
            if old in ids:
                ids[ids.index(old)] = new


class CascadeSession(SieveSession):
    """A cascade roll in progress: a sieve roll that scores the best group of matches and
    (where allowed) sequences.
    """

    roll_name = N_("Cascade roll")
    cascade = True
