"""The documents one laptop holds of a table, its own edits and what it received.

A :class:`Replica` lives in the network loop's thread (pycrdt objects belong to the thread that
made them). Its own edits go through :meth:`set_fields`, :meth:`change_resource` and
:meth:`add_roll`; each becomes an update handed to ``send`` (which the host or client passes on
to the connections that may read it). Updates from a connection go through :meth:`receive`,
checked against the connection's right (:func:`~shadowdice.network.shared.checked_update`).
Every change, own or received, is told to ``changed`` with the document's plain content.

With a folder, each document is kept there: every update appended to its log as it happens,
and now and then the whole document written atomically in place of the log; so a laptop that
was shut down comes back with its documents as they were, and merges with the others instead
of starting anew.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import struct
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pycrdt import Doc

from shadowdice.network import shared
from shadowdice.network.shared import Right, is_document_id, owner_of
from shadowdice.storage.atomic import write_atomic

log = logging.getLogger("shadowdice.network")

#: What a replica hands on: (document id, update, where it came from: None for own edits).
Send = Callable[[str, bytes, Any], None]
#: What a replica tells: (document id, content).
Changed = Callable[[str, dict[str, Any]], None]

_SUFFIX = ".ydoc"
_LOG = ".ylog"


class Replica:
    """The documents of a table on one laptop.

    Attributes:
        laptop: this laptop's id.
        docs: the documents by id.
    """

    def __init__(
        self,
        laptop: str,
        *,
        folder: Path | None = None,
        send: Send | None = None,
        changed: Changed | None = None,
    ) -> None:
        self.laptop = laptop
        self.docs: dict[str, Doc] = {}
        self._folder = folder
        self._send = send or (lambda doc_id, update, source: None)
        self._changed = changed or (lambda doc_id, data: None)
        self._subscriptions: dict[str, Any] = {}
        self._source: Any = None
        self._dirty: set[str] = set()
        self._untold: set[str] = set()
        if folder is not None:
            folder.mkdir(parents=True, exist_ok=True)
            self._load(folder)

    # --- documents ---------------------------------------------------------------------------

    def document(self, doc_id: str, update: bytes | None = None) -> Doc:
        """The document ``doc_id``, made empty (or from ``update``) if not held yet."""
        doc = self.docs.get(doc_id)
        if doc is None:
            doc = self._adopt(doc_id, shared.new_document(doc_id, update))
        return doc

    def _adopt(self, doc_id: str, doc: Doc) -> Doc:
        self.docs[doc_id] = doc
        self._subscriptions[doc_id] = doc.observe(
            lambda event, doc_id=doc_id: self._on_update(doc_id, event.update)
        )
        return doc

    def content(self, doc_id: str) -> dict[str, Any]:
        """The plain content of a document held."""
        return shared.content(doc_id, self.docs[doc_id])

    def state(self, doc_id: str) -> bytes:
        """The state vector of a document: what this laptop has of it."""
        return self.document(doc_id).get_state()

    def missing(self, doc_id: str, state: bytes) -> bytes:
        """What the holder of ``state`` lacks of a document."""
        return self.document(doc_id).get_update(state)

    def receive(self, doc_id: str, update: bytes, right: Right, source: Any) -> bool:
        """Apply an update from ``source`` if ``right`` allows it; return whether it changed
        anything.

        Raises:
            RefusedUpdate: it was refused; nothing changed.
        """
        doc = self.document(doc_id)
        previous, self._source = self._source, source
        try:
            changed = shared.checked_update(doc_id, doc, update, right)
        finally:
            self._source = previous
        self.tell()
        return changed

    def _on_update(self, doc_id: str, update: bytes) -> None:
        self._dirty.add(doc_id)
        self._log(doc_id, update)
        self._send(doc_id, update, self._source)
        # A document cannot be read inside its own observer: the content is told once the
        # transaction is over (every edit and receive calls tell() when it is done; this is
        # for changes made otherwise).
        if not self._untold:
            # Without a running loop, whoever edits calls tell() afterwards.
            with contextlib.suppress(RuntimeError):
                asyncio.get_running_loop().call_soon(self.tell)
        self._untold.add(doc_id)

    def tell(self) -> None:
        """Tell ``changed`` the content of every document changed since the last time."""
        untold, self._untold = self._untold, set()
        for doc_id in sorted(untold):
            self._changed(doc_id, self.content(doc_id))

    # --- own edits ---------------------------------------------------------------------------

    def _own(self, doc_id: str) -> Doc:
        if not is_document_id(doc_id) or owner_of(doc_id) != self.laptop:
            raise PermissionError(f"{doc_id} is not a character of this laptop")
        return self.document(doc_id)

    def new_character_id(self) -> str:
        """A fresh id for a character of this laptop."""
        return f"{self.laptop}/{secrets.token_hex(8)}"

    def set_fields(self, doc_id: str, values: dict[str, Any], meta: dict[str, str] | None = None):
        """Write fields (and meta) of one of this laptop's characters."""
        doc = self._own(doc_id)
        with doc.transaction():
            if meta:
                shared.set_meta(doc, {**meta, "owner": self.laptop})
            shared.set_fields(doc, values)
        self.tell()

    def change_resource(
        self,
        doc_id: str,
        resource: str,
        delta: int,
        label: str,
        by: str,
        entry_id: str | None = None,
    ) -> str:
        """Note a change of a resource (``-1`` Edge) as what happened; return its entry's id.

        The owner may note it on any character of theirs; the host's game master on every
        character of the table (damage, injuries, what a contest costs).
        """
        if owner_of(doc_id) is None or (
            doc_id not in self.docs and owner_of(doc_id) != self.laptop
        ):
            raise PermissionError(f"no character {doc_id}")
        entry_id = entry_id or secrets.token_hex(8)
        entry = {"id": entry_id, "resource": resource, "delta": delta, "label": label, "by": by}
        shared.append(self.document(doc_id), "ledger", entry)
        self.tell()
        return entry_id

    def change_field(
        self, doc_id: str, key: str, values: tuple[Any, Any], label: str, by: str
    ) -> str:
        """Note a change of a field the game master makes (an injury) as its value before
        and after; return its entry's id.
        """
        if owner_of(doc_id) is None or doc_id not in self.docs:
            raise PermissionError(f"no character {doc_id}")
        entry_id = secrets.token_hex(8)
        before, after = values
        entry = {"id": entry_id, "field": key, "before": before, "after": after}
        shared.append(self.document(doc_id), "ledger", entry | {"label": label, "by": by})
        self.tell()
        return entry_id

    def add_roll(self, doc_id: str, text: str, record: dict[str, Any], by: str) -> str:
        """Add a public roll to a character (or to the table); return its id."""
        roll_id = secrets.token_hex(8)
        shared.append(
            self.document(doc_id),
            "rolls",
            {"id": roll_id, "by": by, "text": text, "record": record},
        )
        self.tell()
        return roll_id

    # --- kept in a folder --------------------------------------------------------------------

    def _path(self, doc_id: str, suffix: str = _SUFFIX) -> Path:
        assert self._folder is not None
        return self._folder / (doc_id.replace("/", "_") + suffix)

    def _log(self, doc_id: str, update: bytes) -> None:
        """Append an update to the document's log before it goes anywhere: a laptop killed
        a moment later still has on disk every change it sent (the system keeps what a
        process wrote, whatever becomes of the process).
        """
        if self._folder is None:
            return
        with contextlib.suppress(OSError), self._path(doc_id, _LOG).open("ab", buffering=0) as f:
            f.write(struct.pack(">I", len(update)) + update)

    def _load(self, folder: Path) -> None:
        ids = {
            path.name.rsplit(".", 1)[0].replace("_", "/", 1)
            for path in folder.iterdir()
            if path.suffix in {_SUFFIX, _LOG}
        }
        for doc_id in sorted(filter(is_document_id, ids)):
            doc = shared.new_document(doc_id)
            for update in self._kept_updates(doc_id):
                try:
                    doc.apply_update(update)
                except ValueError as error:
                    log.warning("kept document %s unreadable: %s", doc_id, error)
            self._adopt(doc_id, doc)
        self._dirty.update(self.docs)

    def _kept_updates(self, doc_id: str) -> list[bytes]:
        updates = []
        with contextlib.suppress(OSError):
            updates.append(self._path(doc_id).read_bytes())
        with contextlib.suppress(OSError):
            data = self._path(doc_id, _LOG).read_bytes()
            at = 0
            while at + 4 <= len(data):
                (length,) = struct.unpack_from(">I", data, at)
                if at + 4 + length > len(data):
                    break  # the last record, cut short by a kill
                updates.append(data[at + 4 : at + 4 + length])
                at += 4 + length
        return updates

    def flush(self) -> None:
        """Write every document changed since the last flush to the folder."""
        if self._folder is None:
            self._dirty.clear()
            return
        for doc_id in sorted(self._dirty):
            with contextlib.suppress(OSError):
                write_atomic(self._path(doc_id), self.docs[doc_id].get_update(), keep_backup=False)
                self._path(doc_id, _LOG).unlink(missing_ok=True)
        self._dirty.clear()

    @property
    def dirty(self) -> bool:
        """Whether something changed since the last flush."""
        return bool(self._dirty)


class Tasks:
    """The tasks a host or a client runs, ended together when it stops."""

    def __init__(self) -> None:
        self._tasks: set[asyncio.Task] = set()

    def spawn(self, coroutine: Any) -> None:
        """Run ``coroutine`` as a task of its own."""
        self.track(asyncio.ensure_future(coroutine))

    def track(self, task: asyncio.Task | None) -> None:
        """Count a running task in (a connection's, started by asyncio's server)."""
        if task is not None:
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def end(self) -> None:
        """Cancel every task and wait until they are over."""
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)


async def keep_writing(replica: Replica, seconds: float = 0.3) -> None:
    """Write what changed in ``replica`` to its folder every ``seconds``, until cancelled."""
    while True:
        await asyncio.sleep(seconds)
        replica.flush()
