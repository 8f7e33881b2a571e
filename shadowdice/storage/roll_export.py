"""A session's rolls exported: Markdown for a campaign diary or a forum post, CSV for a
spreadsheet (separated as the language shown's spreadsheets expect, :func:`csv_delimiter`),
JSON for other programs.

Each export holds every roll of the session, oldest first, as the history shows it: the line
(time, who, what, outcome), the detail, each member's result, every throw with its faces and
marks, every action with what it changed, and whose charges were undone. A roll made
secretly says so in every format ("Secret: …", or "… (revealed)" once shown to the players;
the CSV column ``secret``; the JSON record's ``secret`` and ``revealed``), and
:func:`without_hidden` leaves out the secret rolls the players have not seen, for an export
the players will read. :func:`export_session` picks the format by the file's suffix and writes
the file atomically.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from pathlib import Path

from shadowdice.core.language import NUMBER_STYLES, SOURCE_LANGUAGE, current, translations, words
from shadowdice.core.record_text import describe, details, hidden, throw_text, with_secrecy
from shadowdice.storage.atomic import write_atomic
from shadowdice.storage.roll_log import LoggedRoll, LoggedSession

_, _n = translations(__name__)

#: The ``format`` of a JSON export.
EXPORT_FORMAT = "shadowdice-session"

#: The version of the JSON export this version writes.
EXPORT_FORMAT_VERSION = 1

#: The columns of a CSV export, one row a roll.
CSV_COLUMNS = (
    "time",
    "system",
    "characters",
    "check",
    "outcome",
    "tone",
    "detail",
    "throws",
    "actions",
    "undone for",
    "secret",
)

#: What the CSV column ``secret`` says of a roll: not secret, secret, or revealed since.
CSV_SECRECY = {(False, False): "", (True, False): "secret", (True, True): "revealed"}

_MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]<>#|])")


def session_title(session: LoggedSession) -> str:
    """The session in words: "Session of 23.11.2026, 20:15"."""
    return _("Session of {started:%d.%m.%Y, %H:%M}", started=session.started.astimezone())


#: Told how far an export is, as rolls done of all; it may stop the export by raising.
Progress = Callable[[int, int], object]


def _steps(session: LoggedSession, progress: Progress | None):
    """The session's rolls, telling ``progress`` every hundred of them."""
    total = len(session.rolls)
    for number, roll in enumerate(session.rolls):
        if progress is not None and number % 100 == 0:
            progress(number, total)
        yield roll


def session_markdown(session: LoggedSession, progress: Progress | None = None) -> str:
    """The session as Markdown: a heading, then each roll as a line and its details."""
    count = len(session.rolls)
    lines = [f"# {session_title(session)}", "", _n("{n} roll", "{n} rolls", count), ""]
    today = datetime.now().astimezone().date()
    for roll in _steps(session, progress):
        line = _markdown(with_secrecy(roll.record, describe(roll.record, today=today)))
        if roll.undone:
            names = _markdown(", ".join(sorted(roll.undone)))
            line = _("{roll} (undone for {names})", roll=f"~~{line}~~", names=names)
        lines.append(f"- **{line}**")
        lines.extend(f"    - {_markdown(detail)}" for detail in details(roll.record))
    return "\n".join(lines) + "\n"


def session_csv(session: LoggedSession, progress: Progress | None = None) -> str:
    """The session as CSV: a header row, then one row a roll, its cells separated as
    :func:`csv_delimiter` says.
    """
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=csv_delimiter(), lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for roll in _steps(session, progress):
        record = roll.record
        throws = " | ".join(throw_text(throw) for throw in record.throws)
        actions = " | ".join(
            f"{words(action.label)} ({words(action.cost)})" if action.cost else words(action.label)
            for action in record.actions
        )
        writer.writerow(
            [
                record.time.isoformat(),
                record.system,
                ", ".join(record.characters()),
                words(record.check),
                words(record.outcome.headline),
                record.outcome.tone,
                words(record.outcome.detail),
                throws,
                actions,
                ", ".join(sorted(roll.undone)),
                CSV_SECRECY[record.secret, record.secret and record.revealed],
            ]
        )
    return buffer.getvalue()


def csv_delimiter() -> str:
    """What separates a CSV's cells: a comma, or a semicolon where the language shown writes
    its decimals with a comma (German), as that language's spreadsheets expect of a file they
    open.

    >>> csv_delimiter()
    ','
    """
    decimal = NUMBER_STYLES.get(current(), NUMBER_STYLES[SOURCE_LANGUAGE])[1]
    return ";" if decimal == "," else ","


def session_json(session: LoggedSession, progress: Progress | None = None) -> str:
    """The session as JSON: when it started and every roll with its id and undo marks, one
    roll a line, without indentation (a line a roll reads as well, and is written at once).
    """
    head = {
        "format": EXPORT_FORMAT,
        "format_version": EXPORT_FORMAT_VERSION,
        "started": session.started.isoformat(),
    }
    rolls = ",\n".join(_roll_json(roll) for roll in _steps(session, progress))
    opening = json.dumps(head, ensure_ascii=False)[:-1]
    return f'{opening}, "rolls": [\n{rolls}\n]}}\n' if rolls else f'{opening}, "rolls": []}}\n'


def _roll_json(roll: LoggedRoll) -> str:
    """One roll of a JSON export: its id, undo marks and record, the record in the words of the
    current language (written by pydantic's own encoder, in one go).
    """
    key = json.dumps(roll.id, ensure_ascii=False)
    undone = json.dumps(sorted(roll.undone), ensure_ascii=False)
    record = roll.record.model_dump_json(context={"words": True})
    return f'{{"id": {key}, "undone_for": {undone}, "record": {record}}}'


def without_hidden(session: LoggedSession) -> LoggedSession:
    """The session without its secret rolls the players have not seen."""
    return replace(session, rolls=[roll for roll in session.rolls if not hidden(roll.record)])


#: The formats by file suffix.
EXPORTERS: dict[str, Callable[[LoggedSession, Progress | None], str]] = {
    ".md": session_markdown,
    ".csv": session_csv,
    ".json": session_json,
}

#: How each format is encoded: UTF-8, a CSV with UTF-8's byte-order mark, by which a
#: spreadsheet knows the file is UTF-8 (without it, it reads "ü" as two other letters).
ENCODINGS = {".md": "utf-8", ".csv": "utf-8-sig", ".json": "utf-8"}


def export_session(
    session: LoggedSession,
    path: Path,
    progress: Progress | None = None,
    leave_out_hidden: bool = False,
) -> int:
    """Write the session to ``path`` in the format its suffix names (.md, .csv, .json);
    with ``leave_out_hidden``, without the secret rolls the players have not seen. Returns
    how many rolls it wrote.

    ``progress`` is told how far the export is, as rolls done of all; it may stop the export
    by raising. The file is written at once at the end, so a stopped or failed export leaves
    it as it was.

    Raises:
        ValueError: the suffix names no format.
        OSError: the file could not be written; it is unchanged.
    """
    suffix = Path(path).suffix.lower()
    exporter = EXPORTERS.get(suffix)
    if exporter is None:
        raise ValueError(_("{name}: export as .md, .csv or .json", name=Path(path).name))
    chosen = without_hidden(session) if leave_out_hidden else session
    text = exporter(chosen, progress)
    if progress is not None:
        progress(len(chosen.rolls), len(chosen.rolls))
    write_atomic(Path(path), text.encode(ENCODINGS[suffix]), keep_backup=False)
    return len(chosen.rolls)


def _markdown(text: str) -> str:
    r"""Text with Markdown's special characters escaped.

    >>> print(_markdown("Kira *Blue* #3"))
    Kira \*Blue\* \#3
    """
    return _MARKDOWN_SPECIAL.sub(r"\\\1", text)
