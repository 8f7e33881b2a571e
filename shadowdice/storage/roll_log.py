r"""The roll log: every finished roll of a session at the table, kept on disk as it happens.

Each run of the app is a session and writes one log file in the log folder, named by when it
started (``2026-11-23_201500-1a2b3c4d.jsonl``), in JSON Lines: one JSON object a line,
appended, never rewritten. The first line says what the file is, as character files do::

    {"format": "shadowdice-roll-log", "format_version": 1, "started": "2026-11-23T20:15:00+00:00"}
    {"type": "roll", "id": "5f0c...", "record": {"system": "shadowrun4", ...}}
    {"type": "undone", "roll": "5f0c...", "character": "Kira", "undone": true, "time": "..."}

- ``roll``: a finished roll; ``id`` names it within the log, ``record`` is the
  :class:`~shadowdice.core.record.RollRecord` as it dumps to JSON.
- ``undone``: what ``character`` spent in the roll ``roll`` was given back (``undone: true``)
  or, after a redo, spent again (``false``). The roll itself stays: the dice fell as they fell.
  The last such entry for a roll and a character counts.

Every entry is written at once (one ``write``; more only when a full disk takes part of it)
to a file opened for appending, and synced, so a kill or a full disk loses at most the entry
being written. What a full disk let through of an entry is cut off again, so the log stays
whole lines from its first byte to its last; the header goes with the first entry written,
so a log never holds rolls without it. Reading skips a line that is cut short or damaged (and
counts it), so the rest of the session is never lost to one bad line; a line that does not
end the file is never cut short, because an append starts on a new line. A log that a kill
left empty (between its creation and its first line) reads as a session without rolls.

>>> entry_line({"type": "undone", "roll": "5f0c", "character": "Kira", "undone": True}).decode()
'{"type": "undone", "roll": "5f0c", "character": "Kira", "undone": true}\n'
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import re
import secrets
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, BinaryIO

from pydantic import ValidationError

from shadowdice.core.language import translations
from shadowdice.core.record import RollRecord
from shadowdice.storage.atomic import open_regular_file

_, _n = translations(__name__)

#: The ``format`` of the first line of every log file.
LOG_FORMAT = "shadowdice-roll-log"

#: The log version this version writes, and the newest it reads.
LOG_FORMAT_VERSION = 1

#: Log files end in this.
LOG_SUFFIX = ".jsonl"

#: A header line longer than this is not a header.
_HEADER_LIMIT = 64 * 1024

_LOG_NAME = re.compile(r"\d{4}-\d{2}-\d{2}_\d{6}-[0-9a-f]{8}\.jsonl")


class RollLogError(Exception):
    """A log file that cannot be read at all (not a log, a newer version, unreadable)."""


@dataclass(slots=True)
class LoggedRoll:
    """A roll as the log has it.

    Attributes:
        id: the roll's id within the log.
        record: the roll.
        undone: the characters whose charges in the roll were given back.
    """

    id: str
    record: RollRecord
    undone: set[str] = field(default_factory=set)


@dataclass(slots=True)
class LoggedSession:
    """One session's log as read back.

    Attributes:
        path: the log file.
        started: when the session started.
        rolls: the rolls, oldest first.
        damaged: how many lines could not be read (cut short by a kill, or damaged).
        empty: the file holds no line at all (the app was stopped between creating it and
            writing its first roll).
    """

    path: Path
    started: datetime
    rolls: list[LoggedRoll]
    damaged: int = 0
    empty: bool = False

    @property
    def records(self) -> list[RollRecord]:
        """The rolls' records, oldest first."""
        return [roll.record for roll in self.rolls]


class RollLog:
    """The log of this session: appends each finished roll and each undo to its file.

    The file and its folder are created with the first entry, so a session without a roll
    leaves nothing behind.

    Attributes:
        path: this session's log file.
        started: when this session started.
    """

    def __init__(self, folder: Path, *, started: datetime | None = None) -> None:
        self.started = started or datetime.now(UTC)
        stamp = self.started.astimezone().strftime("%Y-%m-%d_%H%M%S")
        self.path = Path(folder) / f"{stamp}-{secrets.token_hex(4)}{LOG_SUFFIX}"
        self._ids: dict[int, tuple[RollRecord, str]] = {}  # by id() of the record
        self._header_written = False

    def append(self, record: RollRecord) -> str:
        """Add a finished roll; returns its id in the log.

        Raises:
            OSError: the log could not be written (the roll is still given an id).
        """
        roll_id = secrets.token_hex(8)
        self._ids[id(record)] = (record, roll_id)
        record_data = record.model_dump(mode="json", context={"neutral": True})
        self._write({"type": "roll", "id": roll_id, "record": record_data})
        return roll_id

    def id_of(self, record: RollRecord) -> str | None:
        """The id of a roll appended in this session (the same record object), or None."""
        logged = self._ids.get(id(record))
        return logged[1] if logged is not None and logged[0] is record else None

    def follow(self, old: RollRecord, new: RollRecord) -> None:
        """``new`` stands for the same roll as ``old`` from now on (a secret roll revealed)."""
        if (roll_id := self.id_of(old)) is not None:
            self._ids[id(new)] = (new, roll_id)

    def mark_undone(self, roll_id: str, character: str, undone: bool = True) -> None:
        """Record that what ``character`` spent in a roll was given back (or spent again).

        Raises:
            OSError: the log could not be written.
        """
        entry = {
            "type": "undone",
            "roll": roll_id,
            "character": character,
            "undone": undone,
            "time": datetime.now(UTC).isoformat(),
        }
        self._write(entry)

    def mark_revealed(self, roll_id: str) -> None:
        """Record that a secret roll was shown to the players.

        Raises:
            OSError: the log could not be written.
        """
        self._write({"type": "revealed", "roll": roll_id, "time": datetime.now(UTC).isoformat()})

    def _write(self, entry: dict[str, Any]) -> None:
        new = not self._header_written
        if new:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        flags = os.O_RDWR | os.O_APPEND | os.O_CREAT | getattr(os, "O_BINARY", 0)
        descriptor = os.open(self.path, flags, 0o666)
        before = os.fstat(descriptor).st_size
        try:
            data = entry_line(entry)
            if new:
                if before:  # a header torn by a full disk: this run's file holds no roll yet
                    os.ftruncate(descriptor, 0)
                    before = 0
                header = {
                    "format": LOG_FORMAT,
                    "format_version": LOG_FORMAT_VERSION,
                    "started": self.started.isoformat(),
                }
                data = entry_line(header) + data
            elif not _ends_with_newline(descriptor):
                data = b"\n" + data  # a line cut short stays a line of its own
            view = memoryview(data)
            while view:  # a full disk writes part of it, then refuses the rest
                view = view[os.write(descriptor, view) :]
            os.fsync(descriptor)
        except OSError:
            _take_back(descriptor, self.path, before)
            raise
        finally:
            os.close(descriptor)
        self._header_written = True


def _take_back(descriptor: int, path: Path, size: int) -> None:
    """Cut what a failed write left of an entry, so the log ends with its last whole line; a
    log that had no line yet goes (its header will be written with the next entry).
    """
    with contextlib.suppress(OSError):
        if size == 0:
            path.unlink()
        else:
            os.ftruncate(descriptor, size)


def entry_line(entry: dict[str, Any]) -> bytes:
    """One entry as a line of the log."""
    return json.dumps(entry, ensure_ascii=False).encode() + b"\n"


def _ends_with_newline(descriptor: int) -> bool:
    size = os.fstat(descriptor).st_size
    if size == 0:
        return True
    return os.pread(descriptor, 1, size - 1) == b"\n" if hasattr(os, "pread") else True


def read_session(path: Path, progress: Callable[[int, int], object] | None = None) -> LoggedSession:
    """Read one session's log: every roll that can be read, with what was undone.

    The file is read a line at a time, so a log of any length reads whole; ``progress`` is
    told every thousand lines how far (bytes read of all), and may stop the reading by
    raising.

    Raises:
        RollLogError: the file cannot be read, is not a roll log, or is of a newer version.
    """
    with _opened(path) as file:
        size = os.fstat(file.fileno()).st_size
        started, first = _head(path, file)
        if started is None:
            return LoggedSession(path, _started_by_name(path), [], empty=True)
        rolls: dict[str, LoggedRoll] = {}
        damaged = 0
        done = 0
        try:
            for number, line in enumerate(itertools.chain(first, file)):
                done += len(line)
                if progress is not None and number % 1000 == 0:
                    progress(done, size)
                if not line.strip():
                    continue
                try:
                    _read_entry(json.loads(line), rolls)
                except (ValueError, KeyError, TypeError, ValidationError):
                    damaged += 1
        except OSError as error:
            raise _unreadable(path, error) from error
    return LoggedSession(path, started, list(rolls.values()), damaged)


class LogReader:
    """One session's log read from its end, a batch of rolls at a time, newest first: the
    history shows the newest rolls first and reads no further than it is asked to.

    Attributes:
        path: the log file.
        started: when the session started.
        damaged: the lines read so far that could not be read (cut short or damaged).
    """

    #: How much of the file is read at once.
    BLOCK = 1 << 18

    def __init__(self, path: Path) -> None:
        """Read the log's header.

        Raises:
            RollLogError: the file cannot be read, is not a roll log, or is of a newer version.
        """
        self.path = path
        self.damaged = 0
        with _opened(path) as file:
            started, first = _head(path, file)
            self._start = file.tell() - sum(len(line) for line in first)
        self.started = started or _started_by_name(path)
        self._empty = started is None

    def batches(self, size: int = 50) -> Iterator[list[LoggedRoll]]:
        """The rolls, newest first, ``size`` at a time.

        Raises:
            RollLogError: the file cannot be read any more.
        """
        if self._empty:
            return
        undone: dict[str, dict[str, bool]] = {}  # roll id -> character -> undone
        revealed: set[str] = set()
        batch: list[LoggedRoll] = []
        with _opened(self.path) as file:
            try:
                for line in _lines_backwards(file, self._start, self.BLOCK):
                    if not line.strip():
                        continue
                    try:
                        roll = _read_backwards(json.loads(line), undone, revealed)
                    except (ValueError, KeyError, TypeError, ValidationError):
                        self.damaged += 1
                        continue
                    if roll is not None:
                        batch.append(roll)
                        if len(batch) >= size:
                            yield batch
                            batch = []
            except OSError as error:
                raise _unreadable(self.path, error) from error
        self.damaged += len(undone.keys() | revealed)  # marks of rolls that are not there
        if batch:
            yield batch


def _read_backwards(
    entry: dict[str, Any], undone: dict[str, dict[str, bool]], revealed: set[str]
) -> LoggedRoll | None:
    """One entry, read after every entry below it: the last mark of a roll comes first."""
    kind = entry["type"]
    if kind == "undone":
        marks = undone.setdefault(str(entry["roll"]), {})
        marks.setdefault(str(entry["character"]), bool(entry["undone"]))
        return None
    if kind == "revealed":
        revealed.add(str(entry["roll"]))
        return None
    if kind != "roll":
        raise ValueError(_("unknown entry {kind!r}", kind=kind))
    roll_id = str(entry["id"])
    record = RollRecord.model_validate(entry["record"])
    if roll_id in revealed:
        revealed.discard(roll_id)
        record = record.model_copy(update={"revealed": True})
    marks = undone.pop(roll_id, {})
    return LoggedRoll(roll_id, record, {who for who, given_back in marks.items() if given_back})


def _lines_backwards(file: BinaryIO, start: int, block: int) -> Iterator[bytes]:
    """The lines of ``file`` from its end back to the offset ``start``, last first."""
    position = file.seek(0, os.SEEK_END)
    rest = b""
    while position > start:
        begin = max(start, position - block)
        file.seek(begin)
        lines = (file.read(position - begin) + rest).split(b"\n")
        position = begin
        rest = lines[0] if begin > start else b""
        yield from reversed(lines if begin == start else lines[1:])
    if rest:
        yield rest


def count_rolls(path: Path) -> int:
    """How many rolls a log holds (its whole lines that start as a roll), without reading
    them.

    Raises:
        RollLogError: the file cannot be read.
    """
    mark = b'\n{"type": "roll"'
    count = 0
    carry = b"\n"  # a log without its header starts with a roll
    with _opened(path) as file:
        try:
            while block := file.read(LogReader.BLOCK):
                data = carry + block
                count += data.count(mark)
                carry = data[-len(mark) + 1 :]
            if not carry.endswith(b"\n"):  # a last line cut short by a kill reads as damaged
                last = next(_lines_backwards(file, 0, 4096), b"")
                count -= (b"\n" + last).startswith(mark)
        except OSError as error:
            raise _unreadable(path, error) from error
    return count


def _opened(path: Path) -> BinaryIO:
    try:
        return open_regular_file(path)
    except OSError as error:
        raise _unreadable(path, error) from error


def _unreadable(path: Path, error: OSError) -> RollLogError:
    return RollLogError(_("Cannot read the roll log {name}: {error}", name=path.name, error=error))


def _head(path: Path, file: BinaryIO) -> tuple[datetime | None, list[bytes]]:
    """When the session started, and the lines already read that hold entries; no start for
    a log left empty, or with its header cut short, by a kill between its creation and its
    first line.
    """
    try:
        first = file.readline(_HEADER_LIMIT)
    except OSError as error:
        raise _unreadable(path, error) from error
    if not first.strip() or _torn_header(first):
        return None, []
    if not first.endswith(b"\n"):
        first += file.readline()  # a long entry where the header should be
    try:
        header = _header(path, first)
    except RollLogError:
        if not _is_entry(first):
            raise
        # written without its header (by a version that went on after a full disk refused it)
        return _started_by_name(path), [first]
    return datetime.fromisoformat(header["started"]), []


def _started_by_name(path: Path) -> datetime:
    """When a log's session started, as its name says (in the time zone of this computer)."""
    try:
        return datetime.strptime(path.name[:17], "%Y-%m-%d_%H%M%S").astimezone()
    except ValueError:
        return datetime.fromtimestamp(0, UTC)


def _torn_header(data: bytes) -> bool:
    """The file holds only the start of a header line: its end never reached the disk."""
    start = entry_line({"format": LOG_FORMAT})[:-2]
    if data.endswith(b"\n") or not (start.startswith(data) or data.startswith(start)):
        return False
    try:
        json.loads(data)
    except ValueError:
        return True
    return False


def _is_entry(line: bytes) -> bool:
    try:
        entry = json.loads(line)
    except ValueError:
        return False
    return isinstance(entry, dict) and entry.get("type") in ("roll", "undone", "revealed")


def _header(path: Path, line: bytes) -> dict[str, Any]:
    try:
        header = json.loads(line)
        if header.get("format") != LOG_FORMAT:
            raise ValueError(_("not a roll log"))
    except (ValueError, TypeError, AttributeError) as error:
        raise RollLogError(_("{name} is not a Shadowdice roll log", name=path.name)) from error
    version = header.get("format_version")
    if not isinstance(version, int) or version > LOG_FORMAT_VERSION:
        raise RollLogError(
            _(
                "{name} was written by a newer version of Shadowdice (log format {version})",
                name=path.name,
                version=version,
            )
        )
    try:
        datetime.fromisoformat(header["started"])
    except (ValueError, KeyError, TypeError) as error:
        raise RollLogError(
            _("{name} is a damaged roll log: no start time", name=path.name)
        ) from error
    return header


def _read_entry(entry: dict[str, Any], rolls: dict[str, LoggedRoll]) -> None:
    kind = entry["type"]
    if kind == "roll":
        roll_id = str(entry["id"])
        rolls[roll_id] = LoggedRoll(roll_id, RollRecord.model_validate(entry["record"]))
    elif kind == "undone":
        roll = rolls[str(entry["roll"])]
        character = str(entry["character"])
        (roll.undone.add if entry["undone"] else roll.undone.discard)(character)
    elif kind == "revealed":
        roll = rolls[str(entry["roll"])]
        roll.record = roll.record.model_copy(update={"revealed": True})
    else:
        raise ValueError(_("unknown entry {kind!r}", kind=kind))


def session_files(folder: Path) -> list[Path]:
    """The log files in ``folder``, newest first."""
    try:
        paths = [path for path in Path(folder).iterdir() if _LOG_NAME.fullmatch(path.name)]
    except OSError:
        return []
    return sorted(paths, key=lambda path: path.name, reverse=True)
