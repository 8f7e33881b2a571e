"""The messages a table connection carries, and their check on arrival.

A message is a JSON object with a type ``t``; bytes (state vectors, updates) travel as
base64. :func:`decoded` accepts only the types below with exactly their fields, of their
kinds and sizes, and raises :class:`BadMessage` for anything else: the receiver drops it, logs
it and goes on.

==========  ====================  ==============================================================
type        from                  fields
==========  ====================  ==============================================================
hello       player                ``secret`` (the laptop's, hex), ``name`` (the player's)
welcome     host                  ``laptop`` (the player's id), ``host`` (the host's laptop id)
sync        either                ``doc``, ``sv``: "here is what I have of ``doc``"
update      either                ``doc``, ``u``: changes to ``doc``
ask         host                  ``id``, ``doc``, ``count``, ``sides``, ``purpose``: dice wanted
faces       player                ``id``, ``faces``: the dice thrown for an ``ask``; ``typed``:
                                  whether they were real dice typed in (else thrown digitally)
bye         host                  ``why``: the host ends the connection (removed)
==========  ====================  ==============================================================
"""

from __future__ import annotations

import base64
import binascii
import json
from typing import Any

from shadowdice.network.shared import MAX_DOCUMENT, is_document_id

_TEXT = 200
_SHAPES: dict[str, dict[str, str]] = {
    "hello": {"secret": "hex", "name": "text"},
    "welcome": {"laptop": "text", "host": "text"},
    "sync": {"doc": "doc", "sv": "bytes"},
    "update": {"doc": "doc", "u": "bytes"},
    "ask": {"id": "text", "doc": "doc", "count": "int", "sides": "int", "purpose": "text"},
    "faces": {"id": "text", "faces": "ints", "typed": "flag"},
    "bye": {"why": "text"},
}


class BadMessage(ValueError):
    """A message that is not one of the protocol's, whole and well-formed."""


def encoded(kind: str, **fields: Any) -> bytes:
    """A message of type ``kind``: bytes values go as base64."""
    message = {"t": kind}
    for key, value in fields.items():
        message[key] = base64.b64encode(value).decode() if isinstance(value, bytes) else value
    return json.dumps(message, separators=(",", ":")).encode()


def decoded(data: bytes) -> tuple[str, dict[str, Any]]:
    """The type and fields of a message (bytes fields decoded).

    Raises:
        BadMessage: anything not exactly a message of the protocol.
    """
    try:
        message = json.loads(data)
    except (ValueError, RecursionError) as error:
        raise BadMessage("not JSON") from error
    if not isinstance(message, dict):
        raise BadMessage("not an object")
    kind = message.pop("t", None)
    shape = _SHAPES.get(kind) if isinstance(kind, str) else None
    if shape is None:
        raise BadMessage(f"unknown type {kind!r:.40}")
    if message.keys() != shape.keys():
        raise BadMessage(f"{kind} with fields {sorted(message)!r:.80}")
    return kind, {key: _field(kind, key, message[key], shape[key]) for key in shape}


def _field(kind: str, key: str, value: Any, what: str) -> Any:
    problem = f"{kind}.{key} is not {what}"
    if what == "text":
        if not isinstance(value, str) or len(value) > _TEXT:
            raise BadMessage(problem)
        return value
    if what == "hex":
        if not isinstance(value, str) or len(value) != 64:
            raise BadMessage(problem)
        try:
            return bytes.fromhex(value)
        except ValueError as error:
            raise BadMessage(problem) from error
    if what == "doc":
        if not is_document_id(value):
            raise BadMessage(problem)
        return value
    if what == "flag":
        if type(value) is not bool:
            raise BadMessage(problem)
        return value
    if what == "int":
        if type(value) is not int or not 1 <= value <= 100:
            raise BadMessage(problem)
        return value
    if what == "ints":
        if not isinstance(value, list) or len(value) > 100:
            raise BadMessage(problem)
        if any(type(face) is not int or not 1 <= face <= 100 for face in value):
            raise BadMessage(problem)
        return value
    # bytes
    if not isinstance(value, str) or len(value) > MAX_DOCUMENT * 4 // 3 + 4:
        raise BadMessage(problem)
    try:
        return base64.b64decode(value, validate=True)
    except (binascii.Error, ValueError) as error:
        raise BadMessage(problem) from error
