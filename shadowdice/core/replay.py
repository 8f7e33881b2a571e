"""Throwing a recorded roll's faces again, to show it once more or to settle an argument.

A record keeps the seed of the digital dice and their position at the roll's first throw
(:class:`~shadowdice.core.record.RollRecord`), and for each face whether it was typed in from
a physical die. The digital faces were drawn one after the other in the order the roll asked
for them: throw by throw, and within a throw wave by wave (every die's first face, then the
second face of each die that exploded, ...). :func:`replay` walks the record in that order,
draws a fresh face from the seed for every digital face and takes every typed face as it was
typed, and says whether the faces drawn again are those of the record.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from shadowdice.core.dice import faces_at
from shadowdice.core.language import translations
from shadowdice.core.record import DieRecord, RollRecord

_, _n = translations(__name__)

#: (throw, die, face): where a face lies in a record.
FacePlace = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Replay:
    """A recorded roll thrown again.

    Attributes:
        faces: every face in the order it was thrown: drawn again from the seed, or typed.
        places: where each of those faces lies in the record.
        typed: how many faces were typed in (taken from the record).
        digital: how many were thrown digitally (drawn again when the record has a seed).
        differing: the places where a face drawn again is not the recorded one.
        seed: the seed used, or None when the record has none (then only typed faces).
    """

    faces: tuple[int, ...]
    places: tuple[FacePlace, ...]
    typed: int
    digital: int
    differing: tuple[FacePlace, ...]
    seed: int | None

    @property
    def matches(self) -> bool:
        """Whether every face drawn again is the recorded one."""
        return not self.differing

    def summary(self) -> str:
        """The replay in one sentence for the players."""
        if self.seed is None and self.digital:
            return _("This roll has no seed: its faces cannot be thrown again.")
        parts = []
        if self.digital:
            if self.matches:
                parts.append(
                    _(
                        "All {digital} digital faces come again from seed {seed}.",
                        digital=self.digital,
                        seed=self.seed,
                    )
                )
            else:
                parts.append(
                    _(
                        "{differing} of {digital} digital faces differ from the seed {seed}: "
                        "the record was changed.",
                        differing=len(self.differing),
                        digital=self.digital,
                        seed=self.seed,
                    )
                )
        if self.typed:
            parts.append(
                _("1 face was typed in from a physical die.")
                if self.typed == 1
                else _("{typed} faces were typed in from physical dice.", typed=self.typed)
            )
        return " ".join(parts) or _("This roll threw no dice.")


def draw_order(record: RollRecord) -> Iterator[FacePlace]:
    """Every face of the record in the order it was thrown."""
    for throw_index, throw in enumerate(record.throws):
        longest = max((len(die.faces) for die in throw.dice), default=0)
        for wave in range(longest):
            for die_index, die in enumerate(throw.dice):
                if len(die.faces) > wave:
                    yield throw_index, die_index, wave


def replay(record: RollRecord) -> Replay:
    """Throw the record's faces again: digital ones from its seed, typed ones as typed."""
    places = tuple(draw_order(record))

    def die(place: FacePlace) -> DieRecord:
        return record.throws[place[0]].dice[place[1]]

    def is_typed(place: FacePlace) -> bool:
        typed = die(place).typed
        return bool(typed) and typed[place[2]]

    # A die laid on the table with a face saved from before (carried) was never thrown:
    # it draws nothing from the seed and keeps its face.
    digital = [p for p in places if not is_typed(p) and not die(p).carried]
    drawn: dict[FacePlace, int] = {}
    if record.seed is not None and record.position is not None and digital:
        fresh = faces_at(record.seed, record.position, [die(p).sides for p in digital])
        drawn = dict(zip(digital, fresh, strict=True))
    faces = tuple(drawn.get(place, die(place).faces[place[2]]) for place in places)
    differing = tuple(place for place in drawn if drawn[place] != die(place).faces[place[2]])
    return Replay(
        faces=faces,
        places=places,
        typed=sum(1 for place in places if is_typed(place)),
        digital=len(digital),
        differing=differing,
        seed=record.seed,
    )
