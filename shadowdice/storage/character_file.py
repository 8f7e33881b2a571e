"""Character files: one character per JSON file, saved atomically and loaded all-or-nothing.

The format is described in docs/file-format.md. A file is an envelope (:class:`CharacterEnvelope`)
that names its format, the format's version, the rule system and the version of that system's
sheet, around the sheet itself::

    {
      "format": "shadowdice-character",
      "format_version": 1,
      "system": "shadowrun4",
      "sheet_version": 1,
      "sheet": {"name": "Hagen", ...}
    }

Loading either gives a whole character or raises :class:`CharacterFileError` naming the file and
what is wrong in a player's words; it never writes. Files of an older format version go through
:data:`ENVELOPE_MIGRATIONS`, sheets of an older sheet version through the system's
:meth:`~shadowdice.core.registry.RuleSystem.migrate`, in memory only: the file is rewritten in
the current versions when the player saves. Newer versions are refused.

The same envelope holds character templates (:mod:`shadowdice.storage.template_file`): each
kind of file is a :class:`SavedKind`, naming its format and the system's model for it.

>>> field_path(("skills", 2, "rating"))
'skills[2].rating'
"""

from __future__ import annotations

import codecs
import errno
import hashlib
import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, create_model
from pydantic_core import PydanticSerializationError, to_json

from shadowdice.core.language import N_, number, translations
from shadowdice.core.quoting import quoted, shortened
from shadowdice.core.registry import Registry, RuleSystem
from shadowdice.core.sheet import MAX_ROWS, Sheet
from shadowdice.storage.atomic import (
    BackupInTheWayError,
    NotRegularFileError,
    ReadOnlyFileError,
    UnreadableFileError,
    read_regular_file,
    write_atomic,
)

_, _n = translations(__name__)

#: The ``format`` every character file names.
FORMAT_NAME = "shadowdice-character"

#: The envelope version this version of Shadowdice writes, and the newest it reads.
FORMAT_VERSION = 1

#: A file bigger than this is not a character file (someone picked a video by mistake): the
#: sample characters are 1 to 10 kB, a character with a hundred notes pages and a thousand
#: rows stays far under it, and every file within it opens in a fraction of a second.
MAX_FILE_BYTES = 2 * 1024 * 1024

#: How deeply a file's JSON may nest objects and lists; no sheet comes near it.
MAX_NESTING = 64

#: The most characters of a problem a refusal repeats from the check that found it.
MOST_PROBLEM = 200

EnvelopeMigration = Callable[[dict[str, Any]], dict[str, Any]]

#: ``version -> migration``: each turns an envelope of that format version into one of the
#: next; the loader then sets ``format_version`` itself. Empty while format 1 is the only one.
ENVELOPE_MIGRATIONS: dict[int, EnvelopeMigration] = {}

_TRUNCATED = N_("the file ends too early, it may be truncated")

#: A ``\\uD800``-style escape in JSON text: a surrogate, perhaps a lone one.
_ESCAPED_SURROGATE = re.compile(rb"\\u[dD][89a-fA-F]")

#: What is left of a JSON text cut inside a literal or a number: "tru", "nul", "-", "1." ...
_CUT_TOKEN = re.compile(r"t(r(ue?)?)?|f(a(l(se?)?)?)?|n(u(ll?)?)?|-|\.|[eE][-+]?")


class CharacterEnvelope(BaseModel):
    """What a character file holds, around the sheet.

    Attributes:
        format: always :data:`FORMAT_NAME`.
        format_version: the version of this envelope.
        system: the id of the rule system of the sheet.
        sheet_version: the version of that system's sheet model.
        sheet: the sheet, as the system's sheet model dumps it in JSON mode.
    """

    model_config = ConfigDict(strict=True, extra="forbid")

    format: str = FORMAT_NAME
    format_version: int = FORMAT_VERSION
    system: str
    sheet_version: int
    sheet: dict[str, Any]


@dataclass(frozen=True, slots=True)
class LoadedCharacter:
    """A character read from a file.

    Attributes:
        path: the file it was read from.
        system: its rule system.
        sheet: the sheet, an instance of ``system.sheet_type``.
        migrated: True when the file was of an older format or sheet version and was brought up
            to date in memory; saving writes it in the current versions.
    """

    path: Path
    system: RuleSystem
    sheet: Sheet
    migrated: bool = False


class CharacterFileError(Exception):
    """A character file that cannot be opened or saved.

    ``str()`` names the file and the problem for the player, e.g. ``Cannot open hagen.json: the
    file is not JSON (line 3, column 5)``.

    Attributes:
        path: the file.
        problem: what is wrong, in a player's words.
        action: ``"open"`` or ``"save"``.
    """

    def __init__(self, path: Path, problem: str, *, action: str = "open") -> None:
        if action == "save":
            message = _("Cannot save {name}: {problem}", name=path.name, problem=problem)
        else:
            message = _("Cannot open {name}: {problem}", name=path.name, problem=problem)
        super().__init__(message)
        self.path = path
        self.problem = problem
        self.action = action


class ReadOnlyCharacterFileError(CharacterFileError):
    """Saving would replace a read-only file: ask the player, then save with
    ``replace_read_only=True``.
    """


class _Refusal(Exception):
    """Why a character cannot be read or written, before the file is named."""


@dataclass(frozen=True, slots=True)
class SavedKind:
    """A kind of file saved in the envelope: characters, and character templates.

    Attributes:
        format_name: the envelope's ``format``.
        noun: what the file holds, in words ("character").
        part: what the system's model is called in messages ("sheet").
        model: the pydantic model a system uses for it (None: the system has none).
        version: the version of that model.
    """

    format_name: str
    noun: str
    part: str
    model: Callable[[RuleSystem], type[Sheet] | None]
    version: Callable[[RuleSystem], int]

    def model_of(self, system: RuleSystem) -> type[Sheet]:
        """The system's model for this kind of file."""
        model = self.model(system)
        if model is None:
            raise _Refusal(_("{name} has no {noun}s", name=system.name, noun=_(self.noun)))
        return model


CHARACTER = SavedKind(
    FORMAT_NAME,
    N_("character"),
    N_("sheet"),
    lambda system: system.sheet_type,
    lambda s: s.sheet_version,
)


def save_character(
    path: Path, system: RuleSystem, sheet: Sheet, *, replace_read_only: bool = False
) -> None:
    """Write ``sheet`` of ``system`` to ``path`` atomically, keeping the old file as ``.bak``.

    The sheet is checked first to load back as it is: a file that could not be opened again
    is never written. On any failure the file at ``path`` is unchanged. A read-only file is
    replaced only with ``replace_read_only`` (the player was asked).

    Raises:
        ReadOnlyCharacterFileError: the file is read-only and ``replace_read_only`` is False.
        CharacterFileError: the sheet is not valid, or the file could not be written.
        TypeError: ``sheet`` is not a sheet of ``system``.
    """
    save_envelope(CHARACTER, path, system, sheet, replace_read_only=replace_read_only)


def character_bytes(system: RuleSystem, sheet: Sheet) -> bytes:
    """The contents of a character file for ``sheet``, as :func:`save_character` writes them.

    Raises:
        CharacterFileError: the sheet is not valid (named "character" in the message).
    """
    try:
        return _file_bytes(CHARACTER, system, sheet)
    except _Refusal as refusal:
        raise CharacterFileError(Path("character"), str(refusal), action="save") from refusal


def parse_character(data: bytes, registry: Registry, path: Path) -> LoadedCharacter:
    """Read a character from file contents, as :func:`load_character` reads a file.

    Raises:
        CharacterFileError: the contents are not a character of a known system.
    """
    try:
        system, sheet, migrated = _parse_file(CHARACTER, data, registry, ENVELOPE_MIGRATIONS)
    except _Refusal as refusal:
        raise CharacterFileError(path, str(refusal)) from refusal.__cause__
    return LoadedCharacter(path=path, system=system, sheet=sheet, migrated=migrated)


def save_envelope(
    kind: SavedKind,
    path: Path,
    system: RuleSystem,
    sheet: Sheet,
    *,
    replace_read_only: bool = False,
) -> None:
    """Write a file of ``kind`` as :func:`save_character` writes a character."""
    path = Path(path)
    try:
        write_atomic(path, _file_bytes(kind, system, sheet), replace_read_only=replace_read_only)
    except _Refusal as refusal:
        raise CharacterFileError(path, str(refusal), action="save") from refusal.__cause__
    except ReadOnlyFileError as error:
        problem = _("the file is read-only")
        raise ReadOnlyCharacterFileError(path, problem, action="save") from error
    except OSError as error:
        problem = _describe_os_error(error, writing=True)
        raise CharacterFileError(path, problem, action="save") from error


def load_character(
    path: Path,
    registry: Registry,
    *,
    migrations: Mapping[int, EnvelopeMigration] | None = None,
) -> LoadedCharacter:
    """Read the character in ``path``, a whole one or none; the file is never written.

    ``migrations`` replaces :data:`ENVELOPE_MIGRATIONS` (for tests).

    Raises:
        CharacterFileError: the file cannot be read as a character of a known system.
    """
    table = ENVELOPE_MIGRATIONS if migrations is None else migrations
    return load_envelope(CHARACTER, path, registry, table)


def load_envelope(
    kind: SavedKind,
    path: Path,
    registry: Registry,
    migrations: Mapping[int, EnvelopeMigration] = ENVELOPE_MIGRATIONS,
) -> LoadedCharacter:
    """Read a file of ``kind`` as :func:`load_character` reads a character."""
    path = Path(path)
    try:
        system, sheet, migrated = _parse_file(kind, _read_bytes(path), registry, migrations)
    except _Refusal as refusal:
        raise CharacterFileError(path, str(refusal)) from refusal.__cause__
    return LoadedCharacter(path=path, system=system, sheet=sheet, migrated=migrated)


def _file_bytes(kind: SavedKind, system: RuleSystem, sheet: Sheet) -> bytes:
    """Return the file contents for ``sheet``: the envelope as pretty UTF-8 JSON and a newline."""
    model = kind.model_of(system)
    if not isinstance(sheet, model):
        raise TypeError(f"a {type(sheet).__name__} is not a {kind.part} of {system.name} ({model})")
    try:  # indented as json.dumps(indent=2, ensure_ascii=False) does, at pydantic's speed
        sheet_json = sheet.__pydantic_serializer__.to_json(sheet, indent=2, round_trip=True)
    except PydanticSerializationError as error:
        sheet_data = sheet.model_dump(mode="json", round_trip=True, warnings=False)
        raise _Refusal(_broken_text(sheet_data) or str(error)) from error
    head = {
        "format": kind.format_name,
        "format_version": FORMAT_VERSION,
        "system": system.id,
        "sheet_version": kind.version(system),
    }
    # The sheet goes last, one level in: JSON text holds line breaks only between its values
    # (a line break inside a string is written "\\n"), so each moves in by two spaces.
    data = (
        to_json(head, indent=2)[:-2]
        + b',\n  "sheet": '
        + sheet_json.replace(b"\n", b"\n  ")
        + b"\n}\n"
    )
    if len(data) > MAX_FILE_BYTES:  # what is written must open again
        raise _Refusal(
            _(
                "the character would take {size} MB, more than a character file may hold "
                "({most} MB); shorten its notes or remove rows",
                size=number(len(data) / 2**20, ".1f"),
                most=MAX_FILE_BYTES // 2**20,
            )
        )
    _check_loads_back(kind, system, data)  # what is written loads back as it is
    return data


def _parse_file(
    kind: SavedKind,
    data: bytes,
    registry: Registry,
    migrations: Mapping[int, EnvelopeMigration],
) -> tuple[RuleSystem, Sheet, bool]:
    """Read file contents into (system, sheet, whether anything was migrated): a good file
    of the current versions in one go, any other through the full reading.
    """
    if (read := _read_current_file(kind, data, registry)) is not None:
        return (*read, False)
    return _read_fully(kind, data, registry, migrations)


def _read_fully(
    kind: SavedKind,
    data: bytes,
    registry: Registry,
    migrations: Mapping[int, EnvelopeMigration],
) -> tuple[RuleSystem, Sheet, bool]:
    """Read any file step by step, saying what is wrong with it in a player's words.

    A file nested deeper than :data:`MAX_NESTING` is refused as such. Its depth is measured
    only when the file is refused for another reason or must be migrated: a sheet model
    forbids unknown fields, so a file it accepts cannot nest deeply.
    """
    document = _parse_json(_decode(data))
    try:
        if not isinstance(document, dict) or document.get("format") != kind.format_name:
            raise _Refusal(_("the file is not a Shadowdice {noun} file", noun=_(kind.noun)))
        version = _format_version(document)
        current = version == FORMAT_VERSION
        if not current:
            _check_depth(document)
        envelope = _validate_envelope(_migrate_envelope(document, version, migrations))
        _check_rows(envelope.sheet)
        system = _system(kind, envelope, registry)
        if current and envelope.sheet_version == kind.version(system):
            # Nothing to migrate: the sheet is validated straight from the file's text.
            if _ESCAPED_SURROGATE.search(data) and (broken := _broken_text(envelope.sheet)):
                raise _Refusal(broken)
            sheet = _validate_sheet_in_file(kind, system, data.removeprefix(codecs.BOM_UTF8))
        else:
            _check_depth(document)
            sheet_data = _migrate_sheet(kind, system, envelope.sheet, envelope.sheet_version)
            sheet = _validate_sheet(kind, system, sheet_data)
    except _Refusal:
        _check_depth(document)  # a refusal of a deeply nested file says that it is
        raise
    migrated = version < FORMAT_VERSION or envelope.sheet_version < kind.version(system)
    return system, sheet, migrated


def _describe_os_error(error: OSError, *, writing: bool) -> str:
    """Say what went wrong reading or writing a file, in a player's words."""
    if isinstance(error, NotRegularFileError):
        return _("it is not a regular file (a pipe, a device or a socket)")
    if isinstance(error, BackupInTheWayError):
        name = Path(error.filename).name
        return _(
            "a folder named {name} is in the way of the backup copy; rename or move it", name=name
        )
    if isinstance(error, UnreadableFileError):
        return _(
            "Shadowdice is not allowed to read the file it would replace, so it cannot keep its "
            "backup copy"
        )
    if isinstance(error, FileNotFoundError):
        return _("its folder does not exist") if writing else _("the file does not exist")
    if isinstance(error, IsADirectoryError):
        return _("it is a folder, not a file")
    if isinstance(error, PermissionError):
        if writing:
            return _("Shadowdice is not allowed to write there")
        return _("Shadowdice is not allowed to read it")
    if error.errno == errno.ENOSPC:
        return _("the disk is full")
    if error.errno == errno.ELOOP:
        return _("its symbolic links lead round in a loop, to no file")
    return _("the system reported: {error}", error=error.strerror or error)


def field_path(location: tuple[int | str, ...]) -> str:
    """Spell a pydantic error location as a player reads it: ``skills[2].rating``."""
    text = ""
    for part in location:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += f".{part}" if text else str(part)
    return text


def _describe_validation_error(
    what: str, error: ValidationError, *, within: str | None = None
) -> str:
    """Say that ``what`` is not valid: where the first problem is, what, and how many more.

    ``within``: the field of the validated model that ``what`` is (locations start there).
    """
    problems = error.errors()
    first = problems[0]
    location = first["loc"]
    if within is not None and location[:1] == (within,):
        location = location[1:]
    where = shortened(field_path(location))
    message = first["msg"].removeprefix("Value error, ")  # pydantic's wording, not ours
    if len(message) > MOST_PROBLEM:  # a rule's own words quoting what it refused
        message = message[:MOST_PROBLEM] + "…"
    if where:
        text = _("{what} at {where}: {message}", what=what, where=where, message=message)
    else:
        text = f"{what}: {message}"
    more = len(problems) - 1
    if more:
        text += " " + _n("(and {n} more problem)", "(and {n} more problems)", more)
    return text


def _json_ends_early(text: str, error: json.JSONDecodeError) -> bool:
    """Whether a JSON text failed only because it stops too soon (cut off, not garbled)."""
    rest = text[error.pos :].rstrip()
    return (
        not rest
        or error.msg.startswith("Unterminated string")
        or _CUT_TOKEN.fullmatch(rest) is not None
    )


def _unencodable_text(
    data: Any, location: tuple[int | str, ...] = ()
) -> tuple[int | str, ...] | None:
    """Find the first text in JSON data that cannot be written as UTF-8, or None."""
    if isinstance(data, str):
        try:
            data.encode()
        except UnicodeEncodeError:
            return location
        return None
    if isinstance(data, dict):
        items: Any = data.items()
    elif isinstance(data, list):
        items = enumerate(data)
    else:
        return None
    for key, value in items:
        if (found := _unencodable_text(value, (*location, key))) is not None:
            return found
    return None


def _read_bytes(path: Path) -> bytes:
    try:
        data = read_regular_file(path, MAX_FILE_BYTES)
    except OSError as error:
        raise _Refusal(_describe_os_error(error, writing=False)) from error
    if len(data) > MAX_FILE_BYTES:
        raise _Refusal(_("the file is far too large to be a character file"))
    return data


def _decode(data: bytes) -> str:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        if error.reason == "unexpected end of data":
            raise _Refusal(_(_TRUNCATED)) from error
        raise _Refusal(
            _(
                "the file is not UTF-8 text (unreadable byte at position {start}); it may "
                "belong to another program",
                start=error.start,
            )
        ) from error
    if not text.strip():
        raise _Refusal(_("the file is empty"))
    return text


def _parse_json(text: str) -> Any:
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        if _json_ends_early(text, error):
            raise _Refusal(_(_TRUNCATED)) from error
        raise _Refusal(
            _(
                "the file is not JSON (line {lineno}, column {colno})",
                lineno=error.lineno,
                colno=error.colno,
            )
        ) from error
    except RecursionError as error:
        raise _Refusal(_too_deep(None)) from error
    except ValueError as error:
        raise _Refusal(_("the file is JSON that Shadowdice cannot read")) from error
    return document


def _check_rows(sheet: dict[str, Any]) -> None:
    """Refuse a table of more rows than any sheet holds, before its rows are validated."""
    for key, value in sheet.items():
        if isinstance(value, list) and len(value) > MAX_ROWS:
            raise _Refusal(
                _(
                    "the character sheet is not valid at {where}: a table holds at most "
                    "{most} rows, this one {rows}",
                    where=shortened(key),
                    most=MAX_ROWS,
                    rows=len(value),
                )
            )


def _check_depth(document: Any) -> None:
    if (depth := nesting_depth(document)) > MAX_NESTING:
        raise _Refusal(_too_deep(depth))


def _too_deep(depth: int | None) -> str:
    levels = _("more than a thousand") if depth is None else str(depth)
    return _(
        "its data is nested {levels} levels deep; a character file never nests more than "
        "{most} levels, so this one is damaged or not a character file",
        levels=levels,
        most=MAX_NESTING,
    )


def nesting_depth(data: Any) -> int:
    """How many objects and lists are nested in JSON data at its deepest.

    Level by level, looking only at the objects and lists (texts and numbers are skipped
    where they are found): a character's sheet is mostly texts and numbers.

    >>> nesting_depth(1), nesting_depth({"a": [1, {"b": []}], "c": "[[[["})
    (0, 4)
    """
    containers = (dict, list)
    level = [data] if isinstance(data, containers) else []
    depth = 0
    while level:
        depth += 1
        inner: list[Any] = []
        for item in level:
            children = item.values() if isinstance(item, dict) else item
            inner.extend([child for child in children if isinstance(child, containers)])
        level = inner
    return depth


def _format_version(document: dict[str, Any]) -> int:
    version = document.get("format_version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise _Refusal(_("the file is damaged: its format version is missing or not a number"))
    if version > FORMAT_VERSION:
        raise _Refusal(
            _(
                "it was saved by a newer version of Shadowdice (format {version}); this version "
                "reads up to format {newest}",
                version=quoted(version),
                newest=FORMAT_VERSION,
            )
        )
    return version


def _migrate_envelope(
    document: dict[str, Any], version: int, migrations: Mapping[int, EnvelopeMigration]
) -> dict[str, Any]:
    for step in range(version, FORMAT_VERSION):
        migration = migrations.get(step)
        if migration is None:
            raise _Refusal(
                _(
                    "it was saved in format {version}, which this version can no longer read",
                    version=quoted(version),
                )
            )
        try:
            document = migration(document)
        except Exception as error:
            raise _Refusal(
                _(
                    "it could not be brought up to date from format {version} ({error})",
                    version=quoted(version),
                    error=shortened(str(error)),
                )
            ) from error
        if not isinstance(document, dict):
            raise _Refusal(
                _(
                    "it could not be brought up to date from format {version}",
                    version=quoted(version),
                )
            )
        document = {**document, "format_version": step + 1}
    return document


def _validate_envelope(document: dict[str, Any]) -> CharacterEnvelope:
    try:
        return CharacterEnvelope.model_validate(document)
    except ValidationError as error:
        raise _Refusal(_describe_validation_error(_("the file is damaged"), error)) from error


def _system(kind: SavedKind, envelope: CharacterEnvelope, registry: Registry) -> RuleSystem:
    if envelope.system not in registry:
        raise _Refusal(
            _(
                "it uses the rule system {system}, which this version does not know",
                system=quoted(envelope.system),
            )
        )
    system = registry.get(envelope.system)
    if envelope.sheet_version > kind.version(system):
        raise _Refusal(
            _(
                "its {name} {part} was saved by a newer version of Shadowdice ({part} version "
                "{sheet_version}); this version reads up to {part} version {version}",
                name=system.name,
                part=_(kind.part),
                sheet_version=quoted(envelope.sheet_version),
                version=kind.version(system),
            )
        )
    return system


def _migrate_sheet(
    kind: SavedKind, system: RuleSystem, data: dict[str, Any], version: int
) -> dict[str, Any]:
    if version == kind.version(system):
        return data
    if kind is not CHARACTER:
        raise _Refusal(
            _(
                "its {name} {part} of version {version} cannot be read",
                name=system.name,
                part=_(kind.part),
                version=quoted(version),
            )
        )
    try:
        migrated = system.migrate(data, version)
    except Exception as error:
        raise _Refusal(
            _(
                "its {name} sheet of version {version} could not be brought up to date ({error})",
                name=system.name,
                version=quoted(version),
                error=shortened(str(error)),
            )
        ) from error
    if not isinstance(migrated, dict):
        raise _Refusal(
            _(
                "its {name} sheet of version {version} could not be brought up to date",
                name=system.name,
                version=quoted(version),
            )
        )
    return migrated


def _validate_sheet(kind: SavedKind, system: RuleSystem, data: dict[str, Any]) -> Sheet:
    """Validate sheet data exactly as it is read from a file (JSON mode)."""
    if (broken := _broken_text(data)) is not None:
        raise _Refusal(broken)
    try:
        return kind.model_of(system).model_validate_json(json.dumps(data), strict=True)
    except ValidationError as error:
        raise _Refusal(_sheet_problem(kind, error)) from error


#: More objects than any sheet's tables hold, counted by their braces in a file's bytes
#: (braces within texts count too, and only cost such a file the full reading).
_MOST_OBJECTS = 10 * MAX_ROWS

#: Where a file names its rule system, as Shadowdice writes it (near the top).
_SYSTEM_FIELD = re.compile(rb'"system"\s*:\s*"([A-Za-z0-9_.-]{1,64})"')


def _read_current_file(
    kind: SavedKind, data: bytes, registry: Registry
) -> tuple[RuleSystem, Sheet] | None:
    """The system and sheet of a file in the current versions, read in one go; None for any
    other file (older, damaged, not ours ...), which the full reading then explains.

    The system named near the top of the file gives the model of exactly such a file: the
    envelope strict as :class:`CharacterEnvelope` with every field required, the sheet as the
    system's model. One pass of pydantic's JSON parser checks the file against it; that is all
    the checks of the full reading for a good file.
    """
    data = data.removeprefix(codecs.BOM_UTF8)
    if _ESCAPED_SURROGATE.search(data):
        return None  # perhaps a lone one: the full reading says where
    if data.count(b"{") > _MOST_OBJECTS:
        return None  # more rows than a sheet holds: the full reading refuses them unchecked
    named = _SYSTEM_FIELD.search(data)
    if named is None or (system_id := named[1].decode()) not in registry:
        return None
    system = registry.get(system_id)
    try:
        read = _current_file_model(kind, system).model_validate_json(data, strict=True)
    except (ValidationError, _Refusal):
        return None
    expected = (kind.format_name, FORMAT_VERSION, system.id, kind.version(system))
    if (read.format, read.format_version, read.system, read.sheet_version) != expected:
        return None
    return system, read.sheet


def _current_file_model(kind: SavedKind, system: RuleSystem) -> type[BaseModel]:
    """The model of a file of ``kind`` of ``system``: the envelope, and the sheet typed."""
    return _envelope_model(kind.model_of(system))


@cache
def _envelope_model(model: type[Sheet]) -> type[BaseModel]:
    return create_model(
        f"{model.__name__}File",
        __base__=CharacterEnvelope,
        format=(str, ...),  # required here: the envelope has defaults for these two
        format_version=(int, ...),
        sheet=(model, Field(strict=False)),
    )


def _validate_sheet_in_file(kind: SavedKind, system: RuleSystem, data: bytes) -> Sheet:
    """Validate the sheet of a whole file's JSON text, in JSON mode, without parsing it in
    Python again (the envelope around it is checked already).
    """
    try:
        sheet = _sheet_in_file(kind.model_of(system)).model_validate_json(data, strict=True).sheet
    except ValidationError as error:
        raise _Refusal(_sheet_problem(kind, error, within="sheet")) from error
    return sheet


def _check_loads_back(kind: SavedKind, system: RuleSystem, data: bytes) -> None:
    """Refuse file contents whose sheet would not load back as it is.

    Contents that passed before are not checked again: saving an unchanged sheet again writes
    the bytes it was last saved as (their envelope names the system and the versions, so the
    same bytes always give the same answer). Files that are read are not fingerprinted: over a
    folder of characters, hashing each file opened costs more than checking a character once
    when it is first saved.
    """
    model = kind.model_of(system)
    if not _known_good.seen(model, data):
        _validate_sheet_in_file(kind, system, data)
        _known_good.add(model, data)


class _GoodContents:
    """Fingerprints of file contents that were checked whole before a save, with the model
    they were checked against; the latest kept.
    """

    def __init__(self, most: int) -> None:
        self._most = most
        self._prints: dict[bytes, None] = {}

    @staticmethod
    def _print(model: type[Sheet], data: bytes) -> bytes:
        fingerprint = hashlib.blake2b(digest_size=16)
        fingerprint.update(f"{model.__module__}.{model.__qualname__}\0".encode())
        fingerprint.update(data)
        return fingerprint.digest()

    def seen(self, model: type[Sheet], data: bytes) -> bool:
        return self._print(model, data) in self._prints

    def add(self, model: type[Sheet], data: bytes) -> None:
        self._prints[self._print(model, data)] = None
        if len(self._prints) > self._most:
            del self._prints[next(iter(self._prints))]


#: The contents of files saved lately (a few thousand: every character of a campaign).
_known_good = _GoodContents(most=4096)


@cache
def _sheet_in_file(model: type[Sheet]) -> type[BaseModel]:
    """A model of a file that reads only its ``sheet``, as ``model``."""
    return create_model(
        f"{model.__name__}InFile", __config__=ConfigDict(extra="ignore"), sheet=(model, ...)
    )


def _sheet_problem(kind: SavedKind, error: ValidationError, within: str | None = None) -> str:
    what = _("the character sheet") if kind is CHARACTER else _("the template")
    return _describe_validation_error(_("{what} is not valid", what=what), error, within=within)


def _broken_text(data: Any) -> str | None:
    """What to say about a text in ``data`` that holds a lone surrogate, or None."""
    if (location := _unencodable_text(data)) is None:
        return None
    where = field_path(location) or _("the sheet")
    return _("the text of {where} holds a broken character (a lone surrogate)", where=where)
