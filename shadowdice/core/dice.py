"""Dice sources: where the faces of every throw come from.

No rule reads a global random generator. A roll session is handed a *dice source* and asks
it for faces, one request per throw:

- :class:`RandomDiceSource` is the fair source of the app, seeded from the operating system
  unless a seed is given for a reproducible session.
- :class:`ScriptedDiceSource` replays given faces, for tests and worked examples.

A source that asks the player for the faces of physical dice fits the same protocol: every
request says how many dice of which size are wanted and what they are for (``purpose``), so
such a source can put that question on screen.

>>> source = ScriptedDiceSource([5, 1, 6])
>>> source.throw(DiceRequest(count=2, sides=6))
(5, 1)
>>> source.remaining
1
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol, runtime_checkable


class DiceSourceError(Exception):
    """A dice source cannot answer a request."""


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
    """

    count: int
    sides: int
    purpose: str = ""

    def __post_init__(self) -> None:
        if self.count < 0:
            raise ValueError(f"cannot throw {self.count} dice")
        if self.sides < 2:
            raise ValueError(f"a die needs at least two sides, not {self.sides}")


@runtime_checkable
class DiceSource(Protocol):
    """Anything that answers a :class:`DiceRequest` with faces, one per die, each in 1..sides."""

    def throw(self, request: DiceRequest) -> tuple[int, ...]:
        """Return ``request.count`` faces."""
        ...


class RandomDiceSource:
    """Fair dice from a private :class:`random.Random`.

    Attributes:
        seed: the seed in use; pass it to a new source to replay the same faces.

    >>> RandomDiceSource(seed=7).throw(DiceRequest(3, 6)) == RandomDiceSource(7).throw(
    ...     DiceRequest(3, 6))
    True
    """

    def __init__(self, seed: int | None = None) -> None:
        self.seed = secrets.randbits(64) if seed is None else seed
        self._random = random.Random(self.seed)

    def throw(self, request: DiceRequest) -> tuple[int, ...]:
        """Return fair faces for the request."""
        return tuple(self._random.randint(1, request.sides) for _ in range(request.count))


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
