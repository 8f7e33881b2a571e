"""The window's line to the table: the network thread, the host or client in it, as Qt signals.

:class:`TableLink` starts the network loop (``shadowdice.network.loop``) when a table is
hosted or joined, hands it every call, and turns what the host or client tells in the loop's
thread into signals, which Qt queues to the window's thread. Nothing here touches a pycrdt
document: they stay in the loop's thread, and the signals carry plain content.

Signals:
    player_joined(str, str): a laptop joined (its id, the player's name).
    player_left(str): a laptop left.
    character_changed(str, dict): a character's document changed (its id, content).
    table_changed(dict): the table's document changed.
    connection_changed(bool): a player's laptop reached the host, or lost it.
    removed(): the host sent this laptop away.
    dropped(str): a message was dropped (why), for the log.
    table_found(object): discovery saw a table (a ``FoundTable``).
    table_lost(str): a table went away.
    dice_wanted(str, int, int, str, object): the host asks this laptop to throw dice for a
        character (its id, count, sides, purpose, and a ``concurrent.futures.Future`` to set
        with the faces).
    dice_thrown(object, object): a player's laptop answered a request (what was asked, and the
        faces as ``Faces``, saying whether they were typed in there).
"""

from __future__ import annotations

import contextlib
import json
import logging
import secrets
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal

from shadowdice.network import secure, shared
from shadowdice.network.client import TableClient
from shadowdice.network.discovery import Advertiser, Browser
from shadowdice.network.host import TableHost
from shadowdice.network.loop import NetworkLoop
from shadowdice.network.shared import SEATED, TABLE, owner_of

log = logging.getLogger("shadowdice.network")

#: The port a table listens on when it is free (another when it is taken).
DEFAULT_PORT = 47_030
#: Where the last table joined is remembered, in the table's folder.
LAST_JOIN = "last-join.json"
_WAIT = 15.0


def laptop_secret(folder: Path) -> bytes:
    """This laptop's secret, made once and kept in ``folder``."""
    path = folder / "laptop-secret"
    with contextlib.suppress(OSError):
        data = path.read_bytes()
        if len(data) == 32:
            return data
    folder.mkdir(parents=True, exist_ok=True)
    data = secrets.token_bytes(32)
    path.write_bytes(data)
    with contextlib.suppress(OSError):
        path.chmod(0o600)
    return data


def host_code(folder: Path) -> str:
    """The join code of this laptop's table: the same after a restart, so players rejoin."""
    path = folder / "join-code"
    with contextlib.suppress(OSError):
        code = secure.normalized_code(path.read_text(encoding="utf-8"))
        if len(code) == secure.CODE_LENGTH and set(code) <= set(secure.CODE_ALPHABET):
            return code
    folder.mkdir(parents=True, exist_ok=True)
    code = secure.new_join_code()
    path.write_text(code, encoding="utf-8")
    return code


class TableLink(QObject):
    """The table seen from the window's thread (see the module's docstring for signals).

    Attributes:
        folder: where the table keeps its documents and this laptop's secret.
        end: the host or client while at a table, else None.
        port: the port hosted on.
    """

    player_joined = Signal(str, str)
    player_left = Signal(str)
    character_changed = Signal(str, dict)
    table_changed = Signal(dict)
    connection_changed = Signal(bool)
    removed = Signal()
    dropped = Signal(str)
    table_found = Signal(object)
    table_lost = Signal(str)
    dice_wanted = Signal(str, int, int, str, object)
    dice_thrown = Signal(object, object)

    def __init__(self, folder: Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.folder = folder
        self.end: TableHost | TableClient | None = None
        self.port = 0
        self._loop: NetworkLoop | None = None
        self._advertiser: Advertiser | None = None
        self._browser: Browser | None = None

    @property
    def hosting(self) -> bool:
        """Whether this laptop hosts a table."""
        return isinstance(self.end, TableHost)

    @property
    def laptop(self) -> str:
        """This laptop's id at the table."""
        return self.end.laptop if self.end is not None else ""

    def _network(self) -> NetworkLoop:
        if self._loop is None:
            self._loop = NetworkLoop()
        return self._loop

    def _on_event(self, what: str, details: dict[str, Any]) -> None:
        """Called in the network thread: becomes a queued signal."""
        if what == "joined":
            self.player_joined.emit(details["laptop"], details["name"])
        elif what == "left":
            self.player_left.emit(details["laptop"])
        elif what == "changed":
            if details["doc"] == TABLE:
                self.table_changed.emit(details["content"])
            else:
                self.character_changed.emit(details["doc"], details["content"])
        elif what in {"connected", "disconnected"}:
            self.connection_changed.emit(what == "connected")
        elif what == "removed":
            self.removed.emit()
        elif what == "dropped":
            self.dropped.emit(details["why"])

    # --- hosting and joining --------------------------------------------------------------------

    def host(self, name: str, address: str = "", port: int = DEFAULT_PORT) -> str:
        """Open this laptop's table; return its join code.

        Raises:
            OSError: no port to listen on.
        """
        code = host_code(self.folder / "host")
        self.end = TableHost(
            code,
            laptop_secret(self.folder),
            folder=self.folder / "host" / "documents",
            events=self._on_event,
            name=name,
        )
        loop = self._network()
        try:
            self.port = loop.run(self.end.start, address, port, timeout=_WAIT)
        except OSError:
            self.port = loop.run(self.end.start, address, 0, timeout=_WAIT)
        return code

    def advertise(self, name: str, addresses: list[str]) -> None:
        """Make the table known on the local network (DNS-SD); failures are only logged."""
        self._advertiser = Advertiser()
        future = self._network().call(self._advertiser.start, name, self.port, addresses)
        future.add_done_callback(_log_failure)

    def join(self, address: tuple[str, int], code: str, name: str) -> None:
        """Join the table at ``address`` with ``code``.

        Raises:
            WrongCodeError, BusyError, OSError, TimeoutError: not joined (see the client).
        """
        host_folder = self.folder / "joined" / f"{address[0]}-{address[1]}".replace(":", "_")
        client = TableClient(
            address,
            code,
            laptop_secret(self.folder),
            name,
            folder=host_folder,
            events=self._on_event,
            dice=self._throw_here,
        )
        self._network().run(client.join, timeout=_WAIT)
        self.end = client
        code = secure.normalized_code(code)
        last = {"host": address[0], "port": address[1], "code": code, "name": name}
        with contextlib.suppress(OSError):
            (self.folder / LAST_JOIN).write_text(json.dumps(last), encoding="utf-8")

    def last_join(self) -> dict[str, Any]:
        """Where this laptop joined last, with which code and name (to rejoin after a
        restart); empty if never.
        """
        try:
            last = json.loads((self.folder / LAST_JOIN).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        kinds = {"host": str, "port": int, "code": str, "name": str}
        if not isinstance(last, dict) or any(
            not isinstance(last.get(key), kind) for key, kind in kinds.items()
        ):
            return {}
        return last

    async def _throw_here(self, doc_id: str, count: int, sides: int, purpose: str) -> list[int]:
        """In the network thread: ask the window for the faces, and wait for them."""
        import asyncio
        import concurrent.futures

        future: concurrent.futures.Future = concurrent.futures.Future()
        self.dice_wanted.emit(doc_id, count, sides, purpose, future)
        return await asyncio.wrap_future(future)

    def ask_dice(self, doc_id: str, request: Any) -> None:
        """Ask the laptop of a character's player to throw ``request``'s dice (host only);
        ``dice_thrown`` tells the faces.
        """
        if not isinstance(self.end, TableHost):
            return
        future = self._network().call(
            self.end.ask_dice, doc_id, request.count, request.sides, request.purpose
        )

        def done(future) -> None:
            if not future.cancelled() and future.exception() is None:
                self.dice_thrown.emit(request, future.result())
            else:
                _log_failure(future)

        future.add_done_callback(done)

    def leave(self) -> None:
        """Leave (or close) the table; the documents are kept for the next time."""
        loop = self._loop
        if loop is None:
            return
        for part in (self._advertiser, self._browser, self.end):
            if part is not None:
                with contextlib.suppress(Exception):
                    loop.run(part.stop, timeout=_WAIT)
        self._advertiser = self._browser = self.end = None
        loop.stop()
        self._loop = None

    def browse(self) -> None:
        """Start looking for tables on the local network (``table_found``, ``table_lost``)."""
        if self._browser is not None:
            return
        self._browser = Browser(self.table_found.emit, self.table_lost.emit)
        self._network().call(self._browser.start).add_done_callback(_log_failure)

    def stop_browsing(self) -> None:
        """Stop looking for tables."""
        if self._browser is not None and self._loop is not None:
            self._loop.call(self._browser.stop).add_done_callback(_log_failure)
        self._browser = None
        if self.end is None and self._loop is not None:
            self._loop.stop()
            self._loop = None

    # --- the documents ---------------------------------------------------------------------------

    def content(self, doc_id: str) -> dict[str, Any] | None:
        """A document's content as this laptop holds it, None if it holds none."""
        end = self.end
        if end is None:
            return None

        def read() -> dict[str, Any] | None:
            return end.replica.content(doc_id) if doc_id in end.replica.docs else None

        return self._network().run(read, timeout=_WAIT)

    def character_id(self, key: str) -> str:
        """The id of this laptop's character named ``key`` (16 hex digits of a hash)."""
        return f"{self.laptop}/{key}"

    def write(self, doc_id: str, fields: dict[str, Any], meta: dict[str, str] | None = None):
        """Write fields of one of this laptop's characters (with ``meta``, it is seated)."""
        self._call("set_fields", doc_id, fields, meta and {**meta, SEATED: "yes"})

    def unseat(self, doc_id: str) -> None:
        """One of this laptop's characters was closed: it leaves the party (its document
        stays, for when it is opened again).
        """
        self._call("set_fields", doc_id, {}, {SEATED: "no"})

    def seat_only(self, kept: set[str]) -> None:
        """Unseat this laptop's characters held from an earlier evening but not ``kept``."""
        end = self.end
        if end is None:
            return

        def unseat_others() -> None:
            for doc_id in list(end.replica.docs):
                mine = owner_of(doc_id) == end.laptop and doc_id not in kept
                if mine and shared.seated(end.replica.content(doc_id)["meta"]):
                    end.replica.set_fields(doc_id, {}, {SEATED: "no"})

        self._network().call(unseat_others).add_done_callback(_log_failure)

    def note(self, doc_id: str, entry: dict[str, Any], by: str) -> None:
        """Add a ledger entry (with its own id) to a character."""
        self._call(
            "change_resource",
            doc_id,
            entry["resource"],
            entry["delta"],
            entry["label"],
            by,
            entry.get("id"),
        )

    def note_field(self, doc_id: str, key: str, values: tuple[Any, Any], label: str, by: str):
        """Add a ledger entry changing a field of a player's character (host only)."""
        self._call("change_field", doc_id, key, values, label, by)

    def add_roll(self, doc_id: str, text: str, record: dict[str, Any], by: str) -> None:
        """Put a public roll on the table (through a character of this laptop, or the table)."""
        self._call("add_roll", doc_id, text, record, by)

    def remove(self, laptop: str) -> None:
        """Send a player away (host only)."""
        if isinstance(self.end, TableHost):
            self._network().call(self.end.remove, laptop)

    def _call(self, method: str, *args: Any) -> None:
        end = self.end
        if end is not None:
            future = self._network().call(getattr(end.replica, method), *args)
            future.add_done_callback(_log_failure)

    def owns(self, doc_id: str) -> bool:
        """Whether a character belongs to this laptop."""
        return owner_of(doc_id) == self.laptop


def _log_failure(future) -> None:
    if not future.cancelled() and future.exception() is not None:
        log.warning("table: %s", future.exception())
