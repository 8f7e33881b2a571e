"""The lucky number ("Glückszahl") in a roll session (rule text 003, "Glückszahl",
"Legendäre Probe").

On a W20 check a die showing the character's lucky number may be turned into any other
result. The session API takes picked dice only, so a session offers one action per useful
result ("lucky_to_<face>"): 20, the highest face that matches, 4 (to offset a 1), and the faces
that would match another die (or, where sequences count, lie next to one); only those that
raise the result, or offset a 1, are offered, the best :data:`MOST_LUCKY_TARGETS` of them. The
first unconverted lucky die is converted; the tray shows the new face as the die's score.

A lucky number not converted may be used for a free learning roll of one die on an attribute
(several unconverted ones: a sieve roll of as many dice); the outcome says so, and the
learning roll is started as a check of its own (:mod:`.learning_session`).

Readings of what the text leaves open:

- **Dice not kept yet** in a sieve or cascade roll may be converted too (the text says
  "Würfelst Du ... Deine Glückszahl"), so a lucky die can be turned before it is kept.
- A converted lucky number counts for the result but not for a legendary check (the text
  says so); it still counts for offsetting a 1.
"""

from __future__ import annotations

from collections.abc import Iterator

from shadowdice.core.die import Die
from shadowdice.core.language import translations
from shadowdice.core.session import Action
from shadowdice.systems.heldenhandbuch.best_group import DieFace
from shadowdice.systems.heldenhandbuch.evaluation import Evaluation
from shadowdice.systems.heldenhandbuch.scoring import SUCCESS_FROM, can_match

_, _n = translations(__name__)

LUCKY_PREFIX = "lucky_to_"
#: The most lucky-number actions offered at once.
MOST_LUCKY_TARGETS = 4
#: The largest die, the only one on which the lucky number counts.
LUCKY_SIDES = 20


def lucky_targets(pool: list[DieFace], lucky: int, *, cap: int, sequences: bool) -> set[int]:
    """The faces worth turning the lucky die ``lucky`` into, before trying each.

    >>> sorted(lucky_targets([(0, 14), (1, 7)], 0, cap=9, sequences=False))
    [4, 7, 9, 20]
    """
    targets = {LUCKY_SIDES, cap, SUCCESS_FROM}
    for die_id, face in pool:
        if die_id != lucky and can_match(face, cap):
            targets.add(face)
            if sequences:
                targets |= {face - 1, face + 1}
    return {target for target in targets if 1 <= target <= LUCKY_SIDES}


class LuckyNumbers:
    """The lucky-number part of a Heldenhandbuch session: a mixin of
    :class:`~.roll_session.HeldenSession`, which provides ``sheet``, ``tested``, ``cascade``,
    the dice (``die``, ``table``) and the scoring (``scored_ids``, ``dice_faces``,
    ``_evaluate_dice``).

    Attributes:
        converted: converted lucky numbers, {die id: new face}.
    """

    converted: dict[int, int]

    def is_lucky(self, die: Die) -> bool:
        """Whether a die shows the lucky number (W20 checks only)."""
        lucky = self.sheet.lucky_number
        return bool(lucky) and die.sides == LUCKY_SIDES and die.face == lucky

    def _lucky_candidates(self) -> list[int]:
        """Dice not yet scored that may still be converted (sieve dice not yet kept)."""
        return []

    def _next_lucky(self) -> int | None:
        """The first lucky die not converted yet, scored dice first."""
        for die_id in self.scored_ids() + self._lucky_candidates():
            die = self.die(die_id)
            if self.is_lucky(die) and die.id not in self.converted:
                return die.id
        return None

    def _lucky_unconverted(self) -> int:
        """Lucky numbers on the table not converted: each pays a learning die."""
        table = self.table
        return sum(1 for die in table if self.is_lucky(die) and die.id not in self.converted)

    def _lucky_actions(self) -> Iterator[Action]:
        """One action per face that improves the roll, best first."""
        lucky = self._next_lucky()
        if lucky is None:
            return
        scored = self.scored_ids()
        pool = self.dice_faces(scored + [i for i in self._lucky_candidates() if i not in scored])
        tested = self.tested
        before: Evaluation = self._evaluate_dice(pool)
        shown = self.die(lucky).face
        sequences = self.cascade and tested.sequences
        options = []
        for target in lucky_targets(pool, lucky, cap=tested.cap, sequences=sequences):
            if target == shown:
                continue
            faces = [(i, target if i == lucky else f) for i, f in pool]
            after: Evaluation = self._evaluate_dice(faces)
            if (after.value, -after.unoffset) > (before.value, -before.unoffset):
                options.append((after.value, -after.unoffset, target))
        for value, _unoffset, target in sorted(options, reverse=True)[:MOST_LUCKY_TARGETS]:
            yield Action(
                f"{LUCKY_PREFIX}{target}",
                _("Lucky {shown} → {target}", shown=shown, target=target),
                hint=_(
                    "Turn the lucky number into {target}: the roll comes to {value}. A "
                    "converted lucky number counts for no legendary check.",
                    target=target,
                    value=value,
                ),
            )

    def _convert_lucky(self, action_id: str) -> None:
        """Turn the next lucky die into the face the action names."""
        lucky = self._next_lucky()
        assert lucky is not None  # the action is offered only with a lucky die
        self.converted[lucky] = int(action_id.removeprefix(LUCKY_PREFIX))
