"""The shared documents of a table (pycrdt) and who may change what in them.

A table holds one document per character and one for the table:

- A **character** (id ``<laptop>/<name>``: the laptop of its owner, then a name of its own)
  has four parts: ``meta`` (rule system, owner, player's name, whether it is seated: open on
  its owner's laptop), ``fields`` (each sheet field, as JSON text: the last writer of a field
  wins), ``ledger`` (what happened to its resources, one entry per change: ``-1 Edge``,
  ``+2 physical damage``; a resource's value is the field plus the sum of its entries, so two
  changes at once both count; and what the game master's contests changed in other fields,
  each as its value before and after) and ``rolls`` (its public rolls, each once: entries
  carry ids).
- The **table** has ``players`` (who joined, by laptop), ``party`` (each seated character's
  public state: name, player, resources) and ``rolls`` (every public roll of the table).

Rights are worked out per connection and per document, from the laptop the connection proved
and the document's id, never stored per room: :data:`OWNER` may change anything of the shape
above, :data:`GAME_MASTER` may only add ledger entries and rolls to a player's character,
:data:`READER` nothing. :func:`checked_update` applies an update to a copy first and refuses
it when the copy changed more than the right allows or lost its shape; a refused update never
touches the real document.

pycrdt objects belong to the thread that made them: every document lives in the network
loop's thread, and the rest of the app sees plain data (:func:`content`).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import Counter
from enum import Enum
from typing import Any

from pycrdt import Array, Doc, Map

#: The id of the table's document.
TABLE = "table"
#: The key of a character's meta saying whether it is open on its owner's laptop.
SEATED = "seated"
#: A character document's id: a laptop id (16 hex digits), a slash, a name.
CHARACTER_ID = re.compile(r"[0-9a-f]{16}/[0-9A-Za-z_-]{1,64}")

_CHARACTER_ROOTS = {"meta": Map, "fields": Map, "ledger": Array, "rolls": Array}
_TABLE_ROOTS = {"players": Map, "party": Map, "rolls": Array}

#: The longest JSON text of one field, ledger entry or roll.
MAX_VALUE = 256 * 1024
#: The most a character document may hold (its whole update).
MAX_DOCUMENT = 1024 * 1024
_LINE = 200


class Right(Enum):
    """What a writer may change in a document."""

    OWNER = "owner"
    GAME_MASTER = "game master"
    READER = "reader"


OWNER, GAME_MASTER, READER = Right.OWNER, Right.GAME_MASTER, Right.READER


class RefusedUpdate(ValueError):
    """An update that may not be applied: malformed, or more than its writer may change."""


def laptop_id(secret: bytes) -> str:
    """The public id of a laptop: the start of its secret's hash (the secret never travels
    further than the host, which checks it).
    """
    return hashlib.sha256(b"shadowdice laptop " + secret).hexdigest()[:16]


def owner_of(doc_id: str) -> str | None:
    """The laptop a character document belongs to; None for the table."""
    return doc_id.split("/", 1)[0] if CHARACTER_ID.fullmatch(doc_id) else None


def is_document_id(doc_id: Any) -> bool:
    """Whether ``doc_id`` names a document of a table."""
    return isinstance(doc_id, str) and (doc_id == TABLE or bool(CHARACTER_ID.fullmatch(doc_id)))


def roots_of(doc_id: str) -> dict[str, type]:
    """The parts of a document by its id."""
    return _TABLE_ROOTS if doc_id == TABLE else _CHARACTER_ROOTS


def new_document(doc_id: str, update: bytes | None = None) -> Doc:
    """An empty document of the kind ``doc_id`` names (or one holding ``update``)."""
    doc = Doc()
    for name, kind in roots_of(doc_id).items():
        doc.get(name, type=kind)
    if update:
        doc.apply_update(update)
    return doc


def content(doc_id: str, doc: Doc) -> dict[str, Any]:
    """The document as plain data: maps as dicts, JSON texts read."""
    data: dict[str, Any] = {}
    for name, kind in roots_of(doc_id).items():
        root = doc.get(name, type=kind)
        if name == "meta":
            data[name] = {key: _short(value) for key, value in root.to_py().items()}
        elif kind is Map:
            data[name] = {key: _read(value) for key, value in root.to_py().items()}
        else:
            data[name] = [_read(value) for value in root.to_py()]
    return data


def _short(value: Any) -> str:
    if not isinstance(value, str) or len(value) > _LINE:
        raise RefusedUpdate("meta that is not short text")
    return value


def _read(value: Any) -> Any:
    if not isinstance(value, str) or len(value) > MAX_VALUE:
        raise RefusedUpdate("a value that is not JSON text")
    try:
        return json.loads(value)
    except (ValueError, RecursionError) as error:  # nested too deep to read, too
        raise RefusedUpdate("a value that is not JSON") from error


def text(value: Any) -> str:
    """``value`` as the JSON text a document keeps."""
    written = json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    if len(written) > MAX_VALUE:
        raise ValueError("a value too long for a table")
    return written


def checked_update(doc_id: str, doc: Doc, update: bytes, right: Right) -> bool:
    """Apply ``update`` to ``doc`` if ``right`` allows all it changes; return whether anything
    changed.

    Raises:
        RefusedUpdate: malformed, or changing more than allowed; ``doc`` is untouched.
    """
    if right is READER:
        raise RefusedUpdate("this connection may not write this document")
    if len(update) > MAX_DOCUMENT:
        raise RefusedUpdate("an update too large")
    before_state = doc.get_update()
    trial = new_document(doc_id, before_state)
    before = content(doc_id, trial)
    try:
        trial.apply_update(update)
    except ValueError as error:
        raise RefusedUpdate(f"an update that does not decode: {error}") from error
    if set(trial.keys()) - roots_of(doc_id).keys():
        raise RefusedUpdate("an update with parts a document does not have")
    after = content(doc_id, trial)
    if after == before:
        return False
    if len(trial.get_update()) > MAX_DOCUMENT:
        raise RefusedUpdate("a document too large")
    if doc_id == TABLE:
        _check_table(after)
    else:
        _check_character(doc_id, before, after, right)
    doc.apply_update(update)
    return True


def _check_character(doc_id: str, before: dict, after: dict, right: Right) -> None:
    for entry in after["ledger"]:
        if isinstance(entry, dict) and "field" in entry:
            _check_entry(entry, _FIELD_ENTRY)
        else:
            _check_entry(entry, _RESOURCE_ENTRY)
            if not -1000 <= entry["delta"] <= 1000:
                raise RefusedUpdate("a ledger entry out of range")
    for roll in after["rolls"]:
        _check_entry(roll, {"id": str, "by": str, "text": str, "record": dict})
    meta = after["meta"]
    if meta.get("owner", owner_of(doc_id)) != owner_of(doc_id):
        raise RefusedUpdate("a character claimed for another laptop")
    if right is GAME_MASTER:
        if after["meta"] != before["meta"] or after["fields"] != before["fields"]:
            raise RefusedUpdate("the game master changed a player's sheet field")
        for part in ("ledger", "rolls"):
            if Counter(map(text, before[part])) - Counter(map(text, after[part])):
                raise RefusedUpdate(f"the game master took entries out of the {part}")


#: A ledger entry changing a resource by a number.
_RESOURCE_ENTRY = {"id": str, "resource": str, "delta": int, "label": str, "by": str}
#: A ledger entry changing a field (an injury, a dodge kept): its value before and after.
_FIELD_ENTRY = {"id": str, "field": str, "before": object, "after": object, "label": str, "by": str}


def _check_entry(entry: Any, shape: dict[str, type]) -> None:
    if not isinstance(entry, dict) or entry.keys() != shape.keys():
        raise RefusedUpdate("an entry of the wrong shape")
    for key, kind in shape.items():
        value = entry[key]
        if kind is object:
            continue  # any JSON value (the entry as a whole is at most MAX_VALUE long)
        if not isinstance(value, kind) or isinstance(value, bool):
            raise RefusedUpdate(f"an entry whose {key} is not {kind.__name__}")
        if isinstance(value, str) and len(value) > _LINE:
            raise RefusedUpdate(f"an entry whose {key} is too long")


def _check_table(after: dict) -> None:
    for value in after["players"].values():
        if not isinstance(value, dict):
            raise RefusedUpdate("a player that is not a record")
    for value in after["party"].values():
        if not isinstance(value, dict):
            raise RefusedUpdate("a character that is not a record")
    for roll in after["rolls"]:
        _check_entry(roll, {"id": str, "by": str, "text": str, "record": dict})


#: An update that changes nothing (what a document sends when the other has all of it).
EMPTY_UPDATE = b"\x00\x00"


def state_vector(data: bytes) -> dict[int, int]:
    """A state vector as ``{client: clock}`` (Yjs' encoding: a count, then pairs of unsigned
    variable-length integers).

    Raises:
        ValueError: not a state vector.
    """
    numbers, value, shift = [], 0, 0
    for byte in data:
        value |= (byte & 0x7F) << shift
        shift += 7
        if shift > 70:
            raise ValueError("a number too long in a state vector")
        if not byte & 0x80:
            numbers.append(value)
            value, shift = 0, 0
    if shift or not numbers or len(numbers) != 1 + 2 * numbers[0]:
        raise ValueError("not a state vector")
    return dict(zip(numbers[1::2], numbers[2::2], strict=True))


def lacks(mine: bytes, theirs: bytes) -> bool:
    """Whether a holder of ``mine`` lacks something the holder of ``theirs`` has."""
    have = state_vector(mine)
    return any(clock > have.get(client, 0) for client, clock in state_vector(theirs).items())


def resource_totals(ledger: list[dict[str, Any]]) -> dict[str, int]:
    """The sum of each resource's ledger entries: what happened to it so far."""
    totals: Counter[str] = Counter()
    for entry in ledger:
        if "resource" in entry:
            totals[entry["resource"]] += entry["delta"]
    return dict(totals)


def set_fields(doc: Doc, values: dict[str, Any]) -> None:
    """Write sheet fields (each one's value as a whole), in one transaction."""
    fields = doc.get("fields", type=Map)
    with doc.transaction():
        for key, value in values.items():
            written = text(value)
            if fields.get(key) != written:
                fields[key] = written


def seated(meta: dict[str, str]) -> bool:
    """Whether a character is at the table: open on its owner's laptop (``meta["seated"]``
    is ``"no"`` once it was closed there; a character written before that key counts as
    seated).
    """
    return meta.get(SEATED, "yes") != "no"


def set_meta(doc: Doc, values: dict[str, str]) -> None:
    """Write the character's meta (rule system, owner, player's name)."""
    meta = doc.get("meta", type=Map)
    with doc.transaction():
        for key, value in values.items():
            if meta.get(key) != value:
                meta[key] = value


def append(doc: Doc, part: str, entry: dict[str, Any]) -> None:
    """Add an entry to a ledger or a list of rolls."""
    doc.get(part, type=Array).append(text(entry))
