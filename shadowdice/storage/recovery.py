"""Recovery files: characters with unsaved changes, kept so that a crash loses nothing.

While the app runs, every open character with unsaved changes is written to a recovery file in
a folder of its own run (:class:`RecoveryFolder`); a save or a discard removes the file, and a
run that ends normally leaves no folder behind. What is left in the recovery folder at the
next start belongs to a run that did not end normally: the app offers each character to
restore or discard (:func:`leftover_characters`). A recovery file never replaces the
character's own file; restoring opens the character as changed, and the player saves it.

A recovery file is one line of JSON saying what it holds, then the character file's contents
as :mod:`shadowdice.storage.character_file` writes them::

    {"format": "shadowdice-recovery", "format_version": 1, "title": "Kira",
     "file": "/home/anna/Documents/Shadowdice/kira.shadowdice", "saved_at": "2026-..."}
    {"format": "shadowdice-character", "format_version": 1, "system": "shadowrun4", ...}

Taking a snapshot (:func:`recovery_bytes`) is the part that must happen at once, while the
sheet is as it is; writing it (:func:`write_recovery`) may happen later, on another thread.
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from shadowdice.core.language import translations
from shadowdice.core.quoting import quoted
from shadowdice.core.registry import Registry, RuleSystem
from shadowdice.core.sheet import Sheet
from shadowdice.storage.atomic import read_regular_file, write_atomic
from shadowdice.storage.character_file import (
    CHARACTER,
    FORMAT_VERSION,
    CharacterFileError,
    LoadedCharacter,
    parse_character,
)

_, _n = translations(__name__)

#: The ``format`` of the first line of every recovery file.
RECOVERY_FORMAT = "shadowdice-recovery"

#: The version of that first line this version writes, and the newest it reads.
RECOVERY_FORMAT_VERSION = 1

#: Recovery files end in this.
RECOVERY_SUFFIX = ".recovery"

#: A recovery file bigger than this is not ours.
MAX_RECOVERY_BYTES = 17 * 1024 * 1024


@dataclass(frozen=True, slots=True)
class RecoveredCharacter:
    """A character found in a recovery file.

    Attributes:
        recovery_file: the recovery file (remove it once restored or discarded).
        title: the character's name as the app showed it.
        file: the character's own file, or None when it was never saved.
        saved_at: when the recovery file was written (timezone-aware).
        character: the character, as a loaded file (``character.path`` is ``file`` or, for a
            character never saved, the recovery file).
    """

    recovery_file: Path
    title: str
    file: Path | None
    saved_at: datetime
    character: LoadedCharacter


def recovery_bytes(
    system: RuleSystem,
    sheet: Sheet,
    *,
    title: str,
    file: Path | None,
    saved_at: datetime | None = None,
) -> bytes:
    """The contents of a recovery file for ``sheet``, taken now.

    Cheap enough for the UI thread: the sheet is dumped once, not validated (it is checked
    when it is restored).
    """
    header = {
        "format": RECOVERY_FORMAT,
        "format_version": RECOVERY_FORMAT_VERSION,
        "title": title,
        "file": None if file is None else str(file),
        "saved_at": (saved_at or datetime.now(UTC)).isoformat(),
    }
    envelope = {
        "format": CHARACTER.format_name,
        "format_version": FORMAT_VERSION,
        "system": system.id,
        "sheet_version": system.sheet_version,
        "sheet": sheet.model_dump(mode="json", round_trip=True),
    }
    text = f"{json.dumps(header, ensure_ascii=False)}\n{json.dumps(envelope, ensure_ascii=False)}"
    return f"{text}\n".encode()


def write_recovery(path: Path, data: bytes) -> None:
    """Write a recovery file atomically (no backup copy), creating its folder.

    Raises:
        OSError: it could not be written.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, data, keep_backup=False, replace_read_only=True)


def remove_recovery(path: Path) -> None:
    """Remove a recovery file, and its folder once empty; what is already gone is fine."""
    with contextlib.suppress(OSError):
        path.unlink(missing_ok=True)
    with contextlib.suppress(OSError):
        path.parent.rmdir()


def read_recovery(path: Path, registry: Registry) -> RecoveredCharacter:
    """Read one recovery file.

    Raises:
        CharacterFileError: it is not a recovery file this version reads, or the character
            in it is not valid.
    """
    try:
        data = read_regular_file(path, MAX_RECOVERY_BYTES)
    except OSError as error:
        raise CharacterFileError(path, _("it cannot be read ({error})", error=error)) from error
    first, _newline, rest = data.partition(b"\n")
    try:
        header = json.loads(first)
        if header.get("format") != RECOVERY_FORMAT:
            raise ValueError(_("not a recovery file"))
        if header.get("format_version") != RECOVERY_FORMAT_VERSION:
            raise ValueError(
                _("recovery format {version}", version=quoted(header.get("format_version")))
            )
        title = str(header["title"])
        file = None if header.get("file") is None else Path(header["file"])
        saved_at = datetime.fromisoformat(header["saved_at"])
    except (ValueError, KeyError, TypeError, AttributeError) as error:
        raise CharacterFileError(
            path, _("it is not a recovery file ({error})", error=error)
        ) from error
    character = parse_character(rest, registry, file or path)
    return RecoveredCharacter(path, title, file, saved_at, character)


def leftover_characters(
    folders: list[Path], registry: Registry
) -> tuple[list[RecoveredCharacter], list[CharacterFileError]]:
    """The characters in the recovery files of these folders (runs that ended abnormally),
    oldest first, and the problems with files that could not be read.
    """
    found: list[RecoveredCharacter] = []
    problems: list[CharacterFileError] = []
    for folder in folders:
        for path in sorted(folder.glob(f"*{RECOVERY_SUFFIX}")):
            try:
                found.append(read_recovery(path, registry))
            except CharacterFileError as problem:
                problems.append(problem)
    found.sort(key=lambda recovered: recovered.saved_at)
    return found, problems
