"""A roll record in words, as the history shows it and exports write it.

:func:`describe` gives the one line of a roll (time, who, what, outcome), :func:`details` the
lines under it (the detail, each member's result, each throw with its faces and marks, each
action with what it changed), :func:`record_text` both as plain text to copy; all in the
language shown now.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime
from functools import lru_cache

from shadowdice.core.die import mark_word
from shadowdice.core.language import current, translations, words
from shadowdice.core.record import DieRecord, RollRecord, ThrowRecord

_, _n = translations(__name__)


def describe(record: RollRecord, *, today: date | None = None) -> str:
    """One line for the history: time, who, what, and the outcome. A roll of another day than
    ``today`` (the day it is) says its date too: "22.11. 21:18".
    """
    who = f"{record.character}: " if record.character else ""
    local = record.time.astimezone()
    day = today or datetime.now().astimezone().date()
    # formatted by hand: strftime imports a module at every call, which Qt's import hook slows
    time = f"{local.hour:02d}:{local.minute:02d}"
    if local.date() != day:
        time = f"{local.day:02d}.{local.month:02d}. {time}"
    headline, detail = words(record.outcome.headline), words(record.outcome.detail)
    text = f"{time}  {who}{words(record.check)} — {headline}"
    if headline.endswith("!") and detail:
        text += f" ({detail.split(' · ')[0]})"
    return text


def with_secrecy(record: RollRecord, line: str) -> str:
    """A roll's line saying whether the players saw it: "Secret: …" for a secret roll,
    "… (revealed)" for one shown to them afterwards, the line itself for a public roll.
    """
    if not record.secret:
        return line
    return _("{roll} (revealed)", roll=line) if record.revealed else _("Secret: {roll}", roll=line)


def hidden(record: RollRecord) -> bool:
    """A secret roll the players have not seen."""
    return record.secret and not record.revealed


def die_text(die: DieRecord) -> str:
    """A die as the history writes it: its faces, its marks in brackets.

    >>> die_text(DieRecord(sides=6, faces=(6, 4), marks=("exploded", "hit")))
    '6→4 (exploded, hit)'
    """
    return _die_words(tuple(die.faces), tuple(die.marks), current())


@lru_cache(maxsize=4096)
def _die_words(faces: tuple[int, ...], marks: tuple[str, ...], _language: str) -> str:
    """A die's words, made once per language: a long log has the same few dice many times."""
    text = "→".join(map(str, faces))
    words_of_marks = ", ".join(mark_word(mark) for mark in marks)
    return f"{text} ({words_of_marks})" if words_of_marks else text


def throw_text(throw: ThrowRecord) -> str:
    """A throw in words: its label, the die size when all dice share it, and the dice."""
    dice = throw.dice
    if not dice:
        return words(throw.label) + ": " + _("no dice")
    # One pass over the dice (a long log has thousands): each one's words, and their size
    language, sides = current(), dice[0].sides
    texts = [_die_words(die.faces, die.marks, language) for die in dice]
    size = f" W{sides}" if all([die.sides == sides for die in dice]) else ""
    return f"{words(throw.label)}{size}: {', '.join(texts)}"


def details(record: RollRecord) -> list[str]:
    """The lines under a roll: the detail, each member's result, each throw, each action."""
    lines = [words(record.outcome.detail)] if record.outcome.detail else []
    for member in record.members:
        detail = f" ({words(member.detail)})" if member.detail else ""
        lines.append(f"{member.character}: {words(member.headline)}{detail}")
    lines.extend(throw_text(throw) for throw in record.throws)
    changes = [*record.changes, *[""] * len(record.actions)]
    for action, change in zip(record.actions, changes, strict=False):
        cost = f" ({words(action.cost)})" if action.cost else ""
        lines.append(words(change) or f"{words(action.label)}{cost}")
    return lines


def record_text(
    record: RollRecord,
    undone: tuple[str, ...] = (),
    *,
    today: date | None = None,
    line: str | None = None,
    lines: Sequence[str] | None = None,
) -> str:
    """A roll as plain text: its line (marked when it was rolled secretly), then its details
    indented; for a roll whose charges were undone, whose. ``today`` as :func:`describe` takes
    it (given once for many rolls); ``line`` and ``lines``, the roll's line (with its secrecy)
    and its :func:`details`, where they were made already.
    """
    if line is None:
        line = with_secrecy(record, describe(record, today=today))
    first = _("{roll} (undone)", roll=line) if undone else line
    given_back = (
        ["    " + _("Undone: what {who} spent was given back.", who=", ".join(undone))]
        if undone
        else []
    )
    shown = details(record) if lines is None else lines
    return "\n".join([first, *given_back, *(f"    {line}" for line in shown)])
