"""A player's end of a table: joins with the code, brings characters, comes back after a break.

A :class:`TableClient` connects to the host's address, proves the join code, says hello with
its laptop's secret and syncs: it tells the host what it has of its characters and of the
table, and sends what the host lacks. While connected, its own edits go to the host as they
happen; while not, they wait in its documents, and the sync after it reconnects carries them
(a CRDT merges them with what happened meanwhile: nothing lost, nothing twice). It reconnects
by itself, more and more slowly, until :meth:`stop`.

From the host it accepts the table's document, and, on its own characters, only what the game
master may do there: ledger entries and rolls added
(:data:`~shadowdice.network.shared.GAME_MASTER`).
Everything runs in the network loop's thread; ``events`` is called there (``connected``,
``disconnected``, ``changed``, ``dropped``, ``refused``, ``removed``, ``asked``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any

from shadowdice.core.dice import typed_flags
from shadowdice.network import shared
from shadowdice.network.host import Events
from shadowdice.network.messages import decoded, encoded
from shadowdice.network.replica import Replica, Tasks, keep_writing
from shadowdice.network.secure import (
    BusyError,
    Channel,
    ChannelError,
    HandshakeError,
    client_handshake,
)
from shadowdice.network.shared import GAME_MASTER, TABLE, owner_of

log = logging.getLogger("shadowdice.network")

#: Throws the dice a host asks for: (character, count, sides, purpose) -> faces (as
#: :class:`~shadowdice.core.dice.Faces` when they were typed in from real dice).
DiceAnswer = Callable[[str, int, int, str], Awaitable[Sequence[int]]]
_RETRY_FIRST, _RETRY_MOST = 0.2, 5.0
#: How often a connected player tells the host what it has of each document: the host answers
#: only with what is missing on either side, so an update lost on the way (a frame the network
#: swallowed without a word) is found and sent again, and a connection dead without a word ends.
HEARTBEAT_SECONDS = 5.0


class WrongCodeError(Exception):
    """The host does not take this code (or is no table)."""


class TableClient:
    """A player's laptop at a table.

    Attributes:
        replica: the table's document and this laptop's characters.
        connected: whether the host is reachable now.
        host_laptop: the host's laptop id, once welcomed.
        dropped: messages dropped as malformed or not allowed.
    """

    def __init__(
        self,
        address: tuple[str, int],
        code: str,
        secret: bytes,
        name: str,
        *,
        folder: Path | None = None,
        events: Events | None = None,
        dice: DiceAnswer | None = None,
    ) -> None:
        self.address = address
        self.code = code
        self.name = name
        self._secret = secret
        self._events = events or (lambda what, details: None)
        self._dice = dice
        self.replica = Replica(
            shared.laptop_id(secret), folder=folder, send=self._send, changed=self._on_changed
        )
        self.replica.document(TABLE)
        self.connected = False
        self.host_laptop = ""
        self.dropped = 0
        self._channel: Channel | None = None
        self._stopping = False
        self._tasks = Tasks()

    @property
    def laptop(self) -> str:
        """This laptop's id."""
        return self.replica.laptop

    async def join(self) -> None:
        """Connect once and start keeping the table in sync in the background.

        Raises:
            WrongCodeError: the code is wrong (or the address no table).
            BusyError: the host takes no code now.
            OSError: nothing answers at the address.
        """
        channel = await self._connect()
        self._tasks.spawn(keep_writing(self.replica))
        self._tasks.spawn(self._heartbeat())
        self._tasks.spawn(self._stay(channel))

    async def stop(self) -> None:
        """Leave the table; the documents are written out."""
        self._stopping = True
        if self._channel is not None:
            self._channel.close()
        await self._tasks.end()
        self.replica.flush()

    async def _heartbeat(self) -> None:
        while True:
            await asyncio.sleep(HEARTBEAT_SECONDS)
            channel = self._channel
            if channel is not None:
                with contextlib.suppress(ChannelError, OSError):
                    for doc_id in list(self.replica.docs):
                        channel.send(encoded("sync", doc=doc_id, sv=self.replica.state(doc_id)))

    async def _connect(self) -> Channel:
        reader, writer = await asyncio.open_connection(*self.address)
        try:
            channel = await client_handshake(reader, writer, self.code)
        except BusyError:
            writer.close()
            raise
        except HandshakeError as error:
            writer.close()
            raise WrongCodeError(str(error)) from error
        except BaseException:
            writer.close()
            raise
        channel.send(encoded("hello", secret=self._secret.hex(), name=self.name[:200]))
        for doc_id in self.replica.docs:
            channel.send(encoded("sync", doc=doc_id, sv=self.replica.state(doc_id)))
        self._channel = channel
        self.connected = True
        self._events("connected", {"address": self.address})
        return channel

    async def _stay(self, channel: Channel | None) -> None:
        wait = _RETRY_FIRST
        while not self._stopping:
            if channel is None:
                try:
                    channel = await self._connect()
                    wait = _RETRY_FIRST
                except WrongCodeError as error:
                    self._events("refused", {"why": str(error)})
                    return
                except (BusyError, TimeoutError, OSError, asyncio.IncompleteReadError):
                    await asyncio.sleep(wait)
                    wait = min(wait * 2, _RETRY_MOST)
                    continue
            try:
                await self._listen(channel)
            except (ChannelError, asyncio.IncompleteReadError, OSError) as error:
                log.info("table connection lost: %s", error or type(error).__name__)
            finally:
                channel.close()
                self._channel = None
                if self.connected:
                    self.connected = False
                    self._events("disconnected", {})
            channel = None
            if self._removed:
                return

    _removed = False

    async def _listen(self, channel: Channel) -> None:
        while True:
            data = await channel.receive()
            try:
                await self._handle(channel, *decoded(data))
            except (ValueError, PermissionError) as error:  # BadMessage, RefusedUpdate too
                self.dropped += 1
                log.warning("message from the host dropped: %s", error)
                self._events("dropped", {"why": str(error)})
            if self._removed:
                return
            await channel.drain()

    async def _handle(self, channel: Channel, kind: str, fields: dict[str, Any]) -> None:
        if kind == "welcome":
            self.host_laptop = fields["host"]
        elif kind == "sync":
            doc_id = fields["doc"]
            if owner_of(doc_id) != self.laptop:
                raise PermissionError(f"the host asked for {doc_id}")
            missing = self.replica.missing(doc_id, fields["sv"])
            if missing != shared.EMPTY_UPDATE:
                channel.send(encoded("update", doc=doc_id, u=missing))
        elif kind == "update":
            doc_id = fields["doc"]
            self.replica.receive(doc_id, fields["u"], self._right(doc_id), channel)
        elif kind == "ask":
            self._tasks.spawn(self._answer(channel, fields))
        elif kind == "bye":
            self._removed = True
            self._events("removed", {"why": fields["why"]})
        else:
            raise PermissionError(f"the host sent {kind}")

    def _right(self, doc_id: str) -> shared.Right:
        if doc_id == TABLE:
            return shared.OWNER
        if owner_of(doc_id) != self.laptop:
            raise PermissionError(f"the host sent {doc_id}, not ours")
        if doc_id not in self.replica.docs or not self.replica.content(doc_id)["meta"]:
            return shared.OWNER  # ours, lost here: the host gives it back as it was
        return GAME_MASTER

    async def _answer(self, channel: Channel, fields: dict[str, Any]) -> None:
        if self._dice is None or owner_of(fields["doc"]) != self.laptop:
            return
        self._events("asked", dict(fields))
        faces = await self._dice(fields["doc"], fields["count"], fields["sides"], fields["purpose"])
        typed = bool(faces) and all(typed_flags(faces))
        with contextlib.suppress(ChannelError, OSError):
            channel.send(encoded("faces", id=fields["id"], faces=list(faces), typed=typed))

    def _send(self, doc_id: str, update: bytes, source: Any) -> None:
        if source is None and self._channel is not None and owner_of(doc_id) == self.laptop:
            with contextlib.suppress(ChannelError, OSError):
                self._channel.send(encoded("update", doc=doc_id, u=update))

    def _on_changed(self, doc_id: str, data: dict[str, Any]) -> None:
        self._events("changed", {"doc": doc_id, "content": data})
