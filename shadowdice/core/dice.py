"""Dice sources: where the faces of every throw come from.

No rule reads a global random generator. A roll session is handed a *dice source* and asks
it for faces, one request per throw:

- :class:`RandomDiceSource` is the fair source of the app, seeded from the operating system
  unless a seed is given for a reproducible session.
- :class:`ScriptedDiceSource` replays given faces, for tests and worked examples.
- :class:`RealDiceSource` takes the faces of physical dice that the players typed in, and
  hands what nobody is asked to type to a digital source.

Every request says how many dice of which size are wanted, what they are for (``purpose``)
and who throws them (``roller``), so a source that asks a person can put that question on
screen. Such a source cannot answer inside the call: it raises :class:`DiceWanted`, and the
roll stands at that request until the faces arrive (:mod:`shadowdice.core.pending`).

>>> source = ScriptedDiceSource([5, 1, 6])
>>> source.throw(DiceRequest(count=2, sides=6))
(5, 1)
>>> source.remaining
1
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import repeat
from math import floor
from typing import Protocol, runtime_checkable

from shadowdice.core.language import translations

_, _n = translations(__name__)


class DiceSourceError(Exception):
    """A dice source cannot answer a request."""


class FaceError(ValueError):
    """Typed faces that do not answer the request (too many, too few, or off the die)."""


class ScriptExhaustedError(DiceSourceError):
    """A scripted dice source was asked for more faces than it was given."""


@dataclass(frozen=True, slots=True)
class DiceRequest:
    """What a roll session asks of a dice source for one throw.

    Attributes:
        count: how many dice are thrown at once.
        sides: the size of every die (6 for a W6/d6, 20 for a W20).
        purpose: the throw in the players' words, e.g. ``"Rule of Six"``; a source that asks
            for physical dice shows it.
        roller: the character who throws ("" when unknown), so that a source can ask only
            the players who roll real dice.
        secret: the throw is part of a secret roll: no player's laptop is asked for it. It does
            not tell two requests apart (a replayed answer is the same whether it was secret).
    """

    count: int
    sides: int
    purpose: str = ""
    roller: str = ""
    secret: bool = field(default=False, compare=False)

    def __post_init__(self) -> None:
        if self.count < 0:
            raise ValueError(f"cannot throw {self.count} dice")
        if self.sides < 2:
            raise ValueError(f"a die needs at least two sides, not {self.sides}")


class DiceWanted(Exception):
    """A source cannot answer now: the faces must come from a person (physical dice).

    It is no :class:`DiceSourceError`: nothing failed, the roll waits for the faces.

    Attributes:
        request: what the roll asks for.
    """

    def __init__(self, request: DiceRequest) -> None:
        super().__init__(f"waiting for {request.count}d{request.sides} ({request.purpose})")
        self.request = request


class Faces(tuple[int, ...]):
    """Faces that say which of them were typed in from physical dice.

    >>> faces = Faces((3, 5), typed=(True, False))
    >>> faces, faces.typed
    ((3, 5), (True, False))
    """

    typed: tuple[bool, ...]

    def __new__(cls, faces: Iterable[int], typed: Iterable[bool] = ()) -> Faces:
        """Faces, with ``typed`` flags for each (none typed when left out)."""
        self = super().__new__(cls, faces)
        self.typed = tuple(typed) or (False,) * len(self)
        if len(self.typed) != len(self):
            raise ValueError("every face needs its origin")
        return self

    def __reduce__(self) -> tuple[type, tuple[tuple[int, ...], tuple[bool, ...]]]:
        return Faces, (tuple(self), self.typed)


def typed_flags(faces: tuple[int, ...]) -> tuple[bool, ...]:
    """Which faces were typed in (none, unless they are :class:`Faces`)."""
    return faces.typed if isinstance(faces, Faces) else (False,) * len(faces)


def face_problem(face: int, sides: int) -> str | None:
    """Why ``face`` cannot lie on a die of ``sides``, or None.

    >>> face_problem(7, 6)
    'a d6 shows 1 to 6, not 7'
    """
    if 1 <= face <= sides:
        return None
    return _("a d{sides} shows 1 to {sides}, not {face}", sides=sides, face=face)


@runtime_checkable
class DiceSource(Protocol):
    """Anything that answers a :class:`DiceRequest` with faces, one per die, each in 1..sides."""

    def throw(self, request: DiceRequest) -> tuple[int, ...]:
        """Return ``request.count`` faces."""
        ...


class RandomDiceSource:
    """Fair dice from a private :class:`random.Random`.

    Every face takes exactly one draw of the generator, whatever the die, so the faces are a
    stream that a seed and a position in it name: :meth:`seek` goes back to a position, and
    :func:`faces_at` tells the faces any seed gives from any position.

    Attributes:
        seed: the seed in use; pass it to a new source to replay the same faces.
        position: how many faces were thrown so far.

    >>> RandomDiceSource(seed=7).throw(DiceRequest(3, 6)) == RandomDiceSource(7).throw(
    ...     DiceRequest(3, 6))
    True
    """

    def __init__(self, seed: int | None = None) -> None:
        self.seed = secrets.randbits(64) if seed is None else seed
        self.position = 0
        self._random = random.Random(self.seed)

    def throw(self, request: DiceRequest) -> tuple[int, ...]:
        """Return fair faces for the request."""
        count = request.count
        self.position += count
        # As random.choices() does it: the sides as a float spare converting them at every
        # face, and floor() of a product that is never negative is int() of it, called faster.
        draw, sides = self._random.random, float(request.sides)
        return tuple([floor(draw() * sides) + 1 for _ in repeat(None, count)])

    def seek(self, position: int) -> None:
        """Go to a position of the stream: the next face is the one thrown there."""
        self._random.seed(self.seed)
        draw = self._random.random
        for _ in range(position):
            draw()
        self.position = position


def faces_at(seed: int, position: int, sides: Iterable[int]) -> tuple[int, ...]:
    """The faces a :class:`RandomDiceSource` of ``seed`` throws from ``position`` on, one per
    die size in ``sides``.

    >>> source = RandomDiceSource(seed=3)
    >>> _ = source.throw(DiceRequest(2, 6))
    >>> faces_at(3, 2, [20, 20]) == source.throw(DiceRequest(2, 20))
    True
    """
    source = RandomDiceSource(seed)
    source.seek(position)
    return tuple(source.throw(DiceRequest(1, size))[0] for size in sides)


class ScriptedDiceSource:
    """Replays given faces in order, whatever size of die is asked for.

    A face that does not fit the die asked for, or a request past the end of the script,
    raises an error that says which throw wanted what.

    >>> ScriptedDiceSource([4]).throw(DiceRequest(2, 6, "Edge"))
    Traceback (most recent call last):
    ...
    shadowdice.core.dice.ScriptExhaustedError: scripted dice ran out: 'Edge' asked for 2d6, ...
    """

    def __init__(self, faces: Iterable[int]) -> None:
        self._faces = list(faces)
        self._next = 0

    @property
    def remaining(self) -> int:
        """How many faces are still to be replayed."""
        return len(self._faces) - self._next

    def extend(self, faces: Iterable[int]) -> None:
        """Append more faces to the script."""
        self._faces.extend(faces)

    def throw(self, request: DiceRequest) -> tuple[int, ...]:
        """Return the next ``request.count`` scripted faces."""
        if request.count > self.remaining:
            what = f"{request.purpose!r} asked" if request.purpose else "a throw asked"
            raise ScriptExhaustedError(
                f"scripted dice ran out: {what} for {request.count}d{request.sides}, "
                f"only {self.remaining} face{'s' if self.remaining != 1 else ''} left"
            )
        faces = tuple(self._faces[self._next : self._next + request.count])
        for face in faces:
            if not 1 <= face <= request.sides:
                raise DiceSourceError(
                    f"scripted face {face} does not fit a d{request.sides} ({request.purpose})"
                )
        self._next += request.count
        return faces


@dataclass(frozen=True, slots=True)
class Answer:
    """A request and the faces that answered it, typed in or thrown by the digital source.

    Attributes:
        request: what was asked.
        faces: the faces, as :class:`Faces` when some were typed in.
        at: the digital source's position when the answer came (None if it has none).
    """

    request: DiceRequest
    faces: tuple[int, ...]
    at: int | None


class RealDiceSource:
    """Physical dice: the players type in the faces of their dice; whatever nobody is asked
    to type in is thrown by a digital source.

    Inside a step (:mod:`shadowdice.core.pending`) the source answers from the step's tape of
    answers first; a request past the tape is thrown digitally and added to it, or, when the
    roller plays with real dice, raises :class:`DiceWanted`. Outside a step a request for real
    dice raises :class:`DiceWanted` as well: nobody can type in a face inside that call.

    Attributes:
        digital: the source of every die that is not typed in.
        everyone: the whole table rolls real dice.
        rollers: the characters who roll real dice.
        players: the characters who throw on their players' laptops (a table on the network):
            asked for real dice but in a secret roll, whose dice fall here.

    >>> source = RealDiceSource(ScriptedDiceSource([4]), rollers={"Hagen"})
    >>> source.throw(DiceRequest(1, 6, roller="Kira"))
    (4,)
    >>> source.throw(DiceRequest(2, 6, "Edge dice", roller="Hagen"))
    Traceback (most recent call last):
    ...
    shadowdice.core.dice.DiceWanted: waiting for 2d6 (Edge dice)
    >>> source.players = {"Kira"}
    >>> source.asks(DiceRequest(1, 6, roller="Kira")), source.asks(
    ...     DiceRequest(1, 6, roller="Kira", secret=True))
    (True, False)
    """

    def __init__(
        self,
        digital: DiceSource,
        *,
        everyone: bool = False,
        rollers: Iterable[str] = (),
        players: Iterable[str] = (),
    ) -> None:
        self.digital = digital
        self.everyone = everyone
        self.rollers = set(rollers)
        self.players = set(players)
        self._tape: list[Answer] | None = None
        self._next = 0

    @property
    def seed(self) -> int | None:
        """The digital source's seed, if it has one."""
        return getattr(self.digital, "seed", None)

    @property
    def position(self) -> int | None:
        """Where the digital source stands for the next request (replayed answers included)."""
        if self._tape is not None and self._next < len(self._tape):
            return self._tape[self._next].at
        return getattr(self.digital, "position", None)

    @property
    def playing(self) -> bool:
        """Whether a step runs on the source now."""
        return self._tape is not None

    @property
    def asks_anyone(self) -> bool:
        """Whether anybody rolls real dice."""
        return self.everyone or bool(self.rollers) or bool(self.players)

    def asks(self, request: DiceRequest) -> bool:
        """Whether the faces of this request are typed in."""
        if self.everyone or request.roller in self.rollers:
            return True
        return not request.secret and request.roller in self.players

    def throw(self, request: DiceRequest) -> tuple[int, ...]:
        """The faces from the tape, else thrown digitally, else :class:`DiceWanted`."""
        tape = self._tape
        if tape is not None and self._next < len(tape):
            answer = tape[self._next]
            if answer.request != request:
                raise DiceSourceError(
                    f"the roll asked for {request.count}d{request.sides} ({request.purpose}) "
                    f"where {answer.request.count}d{answer.request.sides} were given"
                )
            self._next += 1
            return answer.faces
        if self.asks(request):
            raise DiceWanted(request)
        at = self.position
        faces = self.digital.throw(request)
        if tape is not None:
            tape.append(Answer(request, faces, at))
            self._next += 1
        return faces

    def play(self, tape: list[Answer]) -> _Playing:
        """Answer from ``tape`` (and add digital throws to it) while the block runs."""
        return _Playing(self, tape)

    def complete(self, request: DiceRequest, faces: Sequence[int | None]) -> Answer:
        """An answer to ``request`` from typed faces, with None for a die to throw digitally.
        Faces thrown elsewhere (a player's laptop at a table) come as :class:`Faces`, whose
        flags say which were typed in there.

        Raises:
            FaceError: a wrong number of faces, or a face the die cannot show.
        """
        if len(faces) != request.count:
            raise FaceError(
                _("{wanted} faces are wanted, not {given}", wanted=request.count, given=len(faces))
            )
        for face in faces:
            if face is not None and (problem := face_problem(face, request.sides)):
                raise FaceError(problem)
        at = getattr(self.digital, "position", None)
        missing = [i for i, face in enumerate(faces) if face is None]
        thrown = iter(
            self.digital.throw(DiceRequest(len(missing), request.sides, request.purpose))
            if missing
            else ()
        )
        whole = [next(thrown) if face is None else face for face in faces]
        typed = faces.typed if isinstance(faces, Faces) else [f is not None for f in faces]
        return Answer(request, Faces(whole, typed), at)

    def rewind(self, tape: Sequence[Answer]) -> None:
        """Forget the digital throws of an abandoned tape: the next faces are those again."""
        seek = getattr(self.digital, "seek", None)
        if tape and tape[0].at is not None and seek is not None:
            seek(tape[0].at)


class _Playing:
    """The block during which a :class:`RealDiceSource` answers from a tape."""

    def __init__(self, source: RealDiceSource, tape: list[Answer]) -> None:
        self._source, self._tape = source, tape

    def __enter__(self) -> None:
        if self._source._tape is not None:
            raise RuntimeError("a step is running on this dice source already")
        self._source._tape, self._source._next = self._tape, 0

    def __exit__(self, *exc: object) -> None:
        self._source._tape = None
