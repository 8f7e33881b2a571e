"""The shape of a game master's table as a check: what it asks for and how it is resolved.

A :class:`Lookup` is one table of the Heldenhandbuch rule text that the game master looks up
(damage severity, item quality, healing thresholds ...). Nothing is thrown here: its inputs
are the results of rolls already made, or values the game master enters. The tables
themselves live in the modules beside this one; the package :mod:`..lookups` collects them.

The shape, for the system to turn a lookup into a check:

- ``Lookup(id, label, inputs, resolve, summary)``: ``resolve`` is called with one keyword
  argument per input (named by the input's ``key``) and returns a result object.
- ``LookupInput(key, label, kind, default, bounds, choices, hint, count)`` with ``kind`` one of
  :class:`InputKind`: ``INT`` (a number within ``bounds``), ``CHOICE`` (one of the values of
  ``choices``, (value, label) pairs) or ``FACES`` (up to ``count`` die faces, each within
  ``bounds``, passed to ``resolve`` as a tuple of ints).
- Every result object has ``sentence`` (one plain English sentence for the players) and
  ``details`` (further lines: what an injury does, the options of a choice), besides its
  numbers.
- :meth:`Lookup.check_params` declares the inputs as :class:`CheckParam` for the check panel,
  each shown only while the lookup is chosen, with defaults the system may take from the
  sheet; a ``FACES`` input becomes one ``TEXT`` line of faces ("12 12 5", spaces or commas,
  read by :func:`parse_faces`). :meth:`Lookup.run_check` reads those check values back and
  resolves; :meth:`Lookup.run` does the same from plain input values. Both raise
  :class:`CheckError` with a message for the player when a value does not fit.

Matches ("Gleiche", rule text "Gleiche", "Fehlschläge") are needed by several tables:
:func:`match_groups` finds them in entered faces. The tables that read a check's dice (herb
search, drinking, mass production) settle its 1s as any check does ("Patzer"): each voids a
die of 4+, unless the skill value (:func:`masterly_skill_input`) makes a Könner or master who
ignores it, and a 1 left over costs a Psyche point (:func:`unoffset_lines`). Faces entered
after the fumbles were settled (the 1s and the dice they voided left out) come to the same.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Protocol

from shadowdice.core.language import translations
from shadowdice.core.quoting import quoted
from shadowdice.core.registry import CheckError, CheckParam
from shadowdice.core.sheet import Kind

_, _n = translations(__name__)

#: Faces of 2 and 3 are failures; they form no matches (nor do 1s, which are fumbles).
LOWEST_MATCH_FACE = 4
#: A throw has at most this many dice.
MOST_DICE = 6
#: The highest face of the largest die, W20.
HIGHEST_FACE = 20
#: The most digits a typed face may have (a longer number is no face of any die).
MOST_FACE_DIGITS = 3


class InputKind(StrEnum):
    """How a lookup input is entered: a number, one of several values, or die faces."""

    INT = "int"
    CHOICE = "choice"
    FACES = "faces"


@dataclass(frozen=True, slots=True)
class LookupInput:
    """One value a lookup asks for.

    Attributes:
        key: the keyword argument of ``resolve``.
        label: its label for the game master.
        kind: INT, CHOICE or FACES.
        default: the value it starts with (FACES: a tuple of faces, usually empty).
        bounds: INT: the allowed range; FACES: the range of one face.
        choices: CHOICE: (value, label) pairs.
        hint: a tooltip.
        count: FACES: the most dice that can be entered.
    """

    key: str
    label: str
    kind: InputKind
    default: int | str | tuple[int, ...]
    bounds: tuple[int, int] = (0, 0)
    choices: tuple[tuple[str, str], ...] = ()
    hint: str = ""
    count: int = MOST_DICE

    def read(self, value: Any) -> int | str | tuple[int, ...]:
        """The value checked against the bounds or choices.

        Raises:
            CheckError: it does not fit.
        """
        low, high = self.bounds
        if self.kind is InputKind.CHOICE:
            if value not in {choice for choice, _label in self.choices}:
                raise CheckError(
                    _(
                        "{label}: {value} is not one of the choices.",
                        label=self.label,
                        value=quoted(value),
                    )
                )
            return str(value)
        if self.kind is InputKind.INT:
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise CheckError(
                    _(
                        "{label} must be a number from {low} to {high}.",
                        label=self.label,
                        low=low,
                        high=high,
                    )
                )
            return value
        if not isinstance(value, tuple | list):
            raise CheckError(_("{label}: the faces must be a list of numbers.", label=self.label))
        faces = tuple(value)
        if len(faces) > self.count:
            raise CheckError(
                _("{label}: enter at most {count} dice.", label=self.label, count=self.count)
            )
        for face in faces:
            if isinstance(face, bool) or not isinstance(face, int) or not low <= face <= high:
                raise CheckError(
                    _(
                        "{label}: each die must show {low} to {high}.",
                        label=self.label,
                        low=low,
                        high=high,
                    )
                )
        return faces


class LookupResult(Protocol):
    """What every lookup returns, besides its own numbers."""

    @property
    def sentence(self) -> str:
        """One sentence for the players."""
        ...

    @property
    def details(self) -> tuple[str, ...]:
        """Further lines: what it means, what else may be chosen."""
        ...


@dataclass(frozen=True, slots=True)
class Lookup:
    """A table the game master looks up, declared as a check.

    Attributes:
        id: stable id, also the prefix of its check parameter keys.
        label: its name for the check panel ("Damage severity").
        inputs: what it asks for, in order.
        resolve: called with one keyword argument per input; returns a result with
            ``sentence`` and ``details``.
        summary: one line on the table and its section of the rule text.
    """

    id: str
    label: str
    inputs: tuple[LookupInput, ...]
    resolve: Callable[..., LookupResult]
    summary: str = ""

    def run(self, values: Mapping[str, Any]) -> LookupResult:
        """Resolve with these input values (by input key); a missing one takes its default.

        Raises:
            CheckError: a value does not fit, or the table does not allow the combination.
        """
        arguments = {
            entry.key: entry.read(values.get(entry.key, entry.default)) for entry in self.inputs
        }
        return self.resolve(**arguments)

    def param_key(self, entry: LookupInput) -> str:
        """The check parameter key of an input: ``<lookup id>_<input key>``."""
        return f"{self.id}_{entry.key}"

    def check_params(
        self,
        only_with: tuple[str, Any] | None = None,
        defaults: Mapping[str, int | str | tuple[int, ...]] | None = None,
    ) -> tuple[CheckParam, ...]:
        """The inputs as check parameters, shown only while ``only_with`` holds.

        ``defaults`` (by input key) replace the declared defaults, e.g. with values read
        from the character's sheet. A FACES input becomes one text line ("12 12 5").
        """
        chosen = {**{entry.key: entry.default for entry in self.inputs}, **(defaults or {})}
        params: list[CheckParam] = []
        for entry in self.inputs:
            default = chosen[entry.key]
            if entry.kind is InputKind.FACES:
                params.append(
                    CheckParam(
                        self.param_key(entry),
                        _("{label} (faces, e.g. 12 12 5)", label=entry.label),
                        Kind.TEXT,
                        faces_line(default),  # type: ignore[arg-type]
                        hint=_(
                            "{hint} Up to {count} faces, apart by spaces or commas.",
                            hint=entry.hint,
                            count=entry.count,
                        ).strip(),
                        only_with=only_with,
                    )
                )
                continue
            params.append(
                CheckParam(
                    self.param_key(entry),
                    entry.label,
                    Kind.CHOICE if entry.kind is InputKind.CHOICE else Kind.INT,
                    default,  # type: ignore[arg-type]
                    bounds=entry.bounds,
                    choices=entry.choices,
                    hint=entry.hint,
                    only_with=only_with,
                )
            )
        return tuple(params)

    def run_check(self, values: Mapping[str, Any]) -> LookupResult:
        """Resolve from check values keyed as :meth:`check_params` declares them (a FACES
        input as typed text, or as a tuple of faces).
        """
        inputs: dict[str, Any] = {}
        for entry in self.inputs:
            value = values.get(self.param_key(entry), entry.default)
            if entry.kind is InputKind.FACES and isinstance(value, str):
                value = parse_faces(value, entry.label)
            inputs[entry.key] = value
        return self.run(inputs)


def parse_faces(text: str, label: str = "Dice") -> tuple[int, ...]:
    """Die faces typed as a line, apart by spaces or commas.

    >>> parse_faces("12 12, 5"), parse_faces("  ")
    ((12, 12, 5), ())
    >>> parse_faces("12 x")
    Traceback (most recent call last):
    ...
    shadowdice.core.registry.CheckError: Dice: 'x' is no die face; type faces like 12 12 5.

    Raises:
        CheckError: a part of the line is no whole number.
    """
    faces = []
    for part in text.replace(",", " ").split():
        if not (part.isascii() and part.isdigit()) or len(part) > MOST_FACE_DIGITS:
            raise CheckError(
                _(
                    "{label}: {part} is no die face; type faces like 12 12 5.",
                    label=label,
                    part=quoted(part),
                )
            )
        faces.append(int(part))
    return tuple(faces)


def faces_line(faces: tuple[int, ...] | str) -> str:
    """Faces as the text line that :func:`parse_faces` reads back.

    >>> faces_line((12, 12, 5)), faces_line(())
    ('12 12 5', '')
    """
    return faces if isinstance(faces, str) else " ".join(str(face) for face in faces)


def match_groups(faces: tuple[int, ...], cap: int | None = None) -> tuple[tuple[int, ...], ...]:
    """The matches among ``faces``: two or more dice of one face, 4 or more (failures and
    fumbles form nothing) and at most ``cap`` (the tested value), highest face first.

    >>> match_groups((8, 3, 8, 3, 12, 12, 12))
    ((12, 12, 12), (8, 8))
    >>> match_groups((12, 12, 8, 8), cap=10)
    ((8, 8),)
    """
    counts = Counter(faces)
    return tuple(
        (face,) * counts[face]
        for face in sorted(counts, reverse=True)
        if counts[face] >= 2 and face >= LOWEST_MATCH_FACE and (cap is None or face <= cap)
    )


def faces_text(faces: tuple[int, ...]) -> str:
    """Faces in words: "8, 8 and 5".

    >>> faces_text((8, 8, 5))
    '8, 8 and 5'
    >>> faces_text((8,))
    '8'
    >>> faces_text(())
    'no dice'
    """
    shown = [str(face) for face in faces]
    if not shown:
        return _("no dice")
    if len(shown) == 1:
        return shown[0]
    return _("{faces} and {last}", faces=", ".join(shown[:-1]), last=shown[-1])


def masterly_skill_input(label: str) -> LookupInput:
    """The input of the skill value whose masterly skill ignores 1s: a Könner (15) one, a
    master (20) two; 0 for none.
    """
    return LookupInput(
        "skill_value",
        label,
        InputKind.INT,
        0,
        bounds=(0, 30),
        hint=_("From 15 a single 1 is ignored, from 20 two."),
    )


def unoffset_lines(unoffset: int) -> list[str]:
    """What 1s left without a die to offset them cost, in words (none: no line).

    >>> unoffset_lines(2), unoffset_lines(0)
    (['2 ones not offset: Psyche -2.'], [])
    """
    if not unoffset:
        return []
    return [_n("One 1 not offset: Psyche -{n}.", "{n} ones not offset: Psyche -{n}.", unoffset)]
