"""The learning roll ("Lernwurf") (rule text 003, "Lernwurf", "Glückszahl", "Könnerstern",
"Meistergrad", "Hohe Meisterschaft"); the rules of getting better are in :mod:`.mastery`.

A learning roll is a sieve roll of as many learning dice as the player pays EP for, of the die
size the tested value throws. Failures, fumbles, the lucky number and matches do not apply: a
1 is thrown again like any die, and every kept die counts on its own. The EP are charged when
the dice are thrown; what the roll earns (the value raised by 1, the star of skill, the next
master grade) is written to the sheet when it ends.

Readings of what the text leaves open:

- **Learning dice.** The text does not limit them beyond "Deine möglichen Lernwürfel"; a
  learning roll throws 1 to 6 dice, as any check.
- **A lucky number's learning roll** ("einen Lernwurf mit einem Würfel auf eine Eigenschaft")
  is a learning roll of an attribute whose dice are paid by lucky numbers instead of EP
  (``free_dice``); the player says how many lucky numbers they threw.
- **The suggestion** keeps the dice that reach the goal, else the highest die.
- **Finishing early** (the tray's "Done" before the roll ended) keeps the dice of the last
  throw, as "stop" does, and writes what they earn.
- **The master grade aimed at** is the one after the grade held when the roll starts; once it
  is written, the roll still reads as having earned it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from shadowdice.core.die import Die, Mark
from shadowdice.core.language import N_, Text, translations
from shadowdice.core.session import Outcome, SessionError, Tone
from shadowdice.systems.heldenhandbuch.mastery import (
    MASTER_GRADE_NEEDS,
    Goal,
    counting_dice,
    earns_master_grade,
    earns_star,
    goal_threshold,
    raises_value,
)
from shadowdice.systems.heldenhandbuch.roll_session import Tested, lower_by
from shadowdice.systems.heldenhandbuch.sheet import HeldenSheet, term
from shadowdice.systems.heldenhandbuch.sieve import SieveSession

_, _n = translations(__name__)

EXPERIENCE_POINTS = "experience_points"


class LearningSession(SieveSession):
    """A learning roll in progress.

    Attributes:
        goal: what the roll aims at.
        dice_used: the learning dice thrown.
        paid: the EP paid for them (free dice from lucky numbers cost none).
        grade: the master grade aimed at (the next one, when the roll started).
    """

    roll_name = N_("Learning roll")

    def __init__(
        self,
        sheet: HeldenSheet,
        tested: Tested,
        *,
        goal: Goal = Goal.VALUE,
        free_dice: int = 0,
        **kwargs: Any,
    ) -> None:
        self.goal = goal
        self.grade = _next_grade(sheet, tested)
        self.dice_used = tested.step.count
        self.paid = max(self.dice_used - free_dice, 0)
        if self.paid > sheet.experience_points:
            raise SessionError(
                _(
                    "{paid} EP needed, only {experience_points} left",
                    paid=self.paid,
                    experience_points=sheet.experience_points,
                )
            )
        super().__init__(sheet, tested, **kwargs)
        if self.paid:
            self._charge(EXPERIENCE_POINTS, self.paid, lower_by(sheet, EXPERIENCE_POINTS))

    def _stays(self, die: Die) -> bool:
        return False

    def is_lucky(self, die: Die) -> bool:
        """The lucky number does not apply to a learning roll."""
        return False

    @property
    def threshold(self) -> int:
        """The lowest face that counts toward the goal."""
        return goal_threshold(self.goal, self.tested.value, self.grade)

    def kept_faces(self) -> list[int]:
        """The faces of the kept dice."""
        return [self.die(die_id).face for die_id in self.scored_ids()]

    def earned(self) -> bool:
        """Whether the kept dice reach the goal."""
        faces = self.kept_faces()
        if self.goal is Goal.STAR:
            return earns_star(faces, self.dice_used)
        if self.goal is Goal.MASTER_GRADE:
            return earns_master_grade(faces, self.grade)
        return raises_value(faces, self.tested.value)

    def suggested_keep(self) -> tuple[int, ...]:
        """The dice of the last throw that reach the goal, else the highest one."""
        good = tuple(i for i in self.live if self.die(i).face >= self.threshold)
        if good:
            return good
        return (max(self.live, key=lambda i: (self.die(i).face, -i)),)

    def _evaluate(self) -> None:
        kept = set(self.kept)
        for die in self.table:
            marks = [Mark.HIT if die.face >= self.threshold else Mark.MISS]
            if die.id in kept:
                marks.append(Mark.KEPT)
            self._mark(die.id, *marks)
        if self.ended() and not self.settled:
            self._settle_learning()

    def _options(self) -> bool:
        return False

    def _lucky_actions(self) -> Iterable[Any]:
        return ()

    def outcome(self) -> Outcome:
        """Whether the roll earns what it aims at, and the kept faces."""
        earned = self.earned()
        what = self._goal_words()
        faces = sorted(self.kept_faces(), reverse=True)
        detail = [
            _(
                "{what}: {dice} for {ep} EP",
                what=self.tested.label,
                dice=learning_dice(self.dice_used, self.tested.step.sides),
                ep=self.paid,
            ),
            self._needs(),
            _("kept {faces}", faces=", ".join(map(str, faces))) if faces else _("nothing kept yet"),
        ]
        if self.settled:
            detail.append(_("written to the sheet") if earned else _("nothing gained"))
        if earned:
            headline = _("{what}!", what=what)
        else:
            headline = (
                _("No gain") if self.ended() else _("Learning roll: {needs}", needs=self._needs())
            )
        return Outcome(
            headline=headline,
            tone=Tone.SUCCESS if earned else Tone.FAILURE if self.ended() else Tone.NEUTRAL,
            detail=Text.join(" · ", detail),
            values={
                "goal": self.goal.value,
                "earned": earned,
                "dice": self.dice_used,
                "ep_paid": self.paid,
                "best": max(faces, default=0),
                "counting": counting_dice(self.kept_faces(), self.tested.value),
                "ended": self.ended(),
            },
        )

    def _goal_words(self) -> str:
        if self.goal is Goal.STAR:
            return _("Star of skill earned")
        if self.goal is Goal.MASTER_GRADE:
            return _("Master grade {grade} earned", grade=self.grade)
        return _(
            "{name} raised to {value}", name=term(self.tested.name), value=self.tested.value + 1
        )

    def _needs(self) -> str:
        if self.goal is Goal.STAR:
            return _("needs 3 dice of 12 or more")
        if self.goal is Goal.MASTER_GRADE:
            dice, lowest = MASTER_GRADE_NEEDS[self.grade]
            return _("needs {dice} dice of {lowest} or more", dice=dice, lowest=lowest)
        if self.tested.value >= 20:
            return _n("needs {n} twenty", "needs {n} twenties", self.tested.value - 18)
        return _("needs a die above {value}", value=self.tested.value)

    def finish(self) -> Any:
        """Keep the dice of the last throw and write what the roll earned (if the roll did not
        end yet), then finish.
        """
        if not self.finished and not self.settled:
            self._keep_the_rest()
            self._evaluate()
        return super().finish()

    def _settle_learning(self) -> None:
        self.settled = True
        if not self.earned():
            return
        if self.tested.kind == "attribute":
            row: Any = self.sheet.attribute(self.tested.name)
        else:
            row = self.sheet.skill(self.tested.name)
        if self.goal is Goal.STAR:
            self._charge(f"star of skill: {row.name}", -1, _set_star(row))
        elif self.goal is Goal.MASTER_GRADE:
            self._charge(f"master grade: {row.name}", -1, lower_by(row, "master_grade"))
        else:
            self._charge(f"value: {row.name}", -1, lower_by(row, "value"))


def _set_star(row: Any) -> Any:
    def spend(_amount: int) -> None:
        row.star = True

    return spend


def learning_dice(count: int, sides: int) -> str:
    """The learning dice in words.

    >>> learning_dice(1, 12), learning_dice(3, 20)
    ('1 learning die W12', '3 learning dice W20')
    """
    return _n("{n} learning die W{sides}", "{n} learning dice W{sides}", count, sides=sides)


def _next_grade(sheet: HeldenSheet, tested: Tested) -> int:
    """The master grade a learning roll of this skill aims at (1 to 3)."""
    if tested.kind != "skill":
        return 1
    return min(sheet.skill(tested.name).master_grade + 1, 3)
