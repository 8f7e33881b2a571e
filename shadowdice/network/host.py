"""The game master's end of a table: accepts players, relays what each may read.

A :class:`TableHost` listens on a TCP port. Each connection must first prove the join code
(:mod:`~shadowdice.network.secure`), then say hello with its laptop's secret, from which the
host works out the laptop's id: the rights of that connection follow from the id alone
(a player writes the characters whose ids start with it; see
:mod:`~shadowdice.network.shared`). The host keeps every document of the table, tells each
player the table's document and their own characters, and nothing else: a game master's own
characters and secret rolls never leave this laptop.

Everything runs in the network loop's thread; ``events`` is called there with the name of
what happened and its details (``joined``, ``left``, ``changed``, ``dropped``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from shadowdice.core.dice import Faces
from shadowdice.network import shared
from shadowdice.network.messages import BadMessage, decoded, encoded
from shadowdice.network.replica import Replica, Tasks, keep_writing
from shadowdice.network.secure import (
    AttemptLimiter,
    BusyError,
    Channel,
    ChannelError,
    HandshakeError,
    host_handshake,
    peer_of,
)
from shadowdice.network.shared import OWNER, READER, TABLE, owner_of

log = logging.getLogger("shadowdice.network")

#: What the host tells: (what happened, details).
Events = Callable[[str, dict[str, Any]], None]
_CONNECTION_ERRORS = (ChannelError, asyncio.IncompleteReadError, ConnectionError, OSError)


@dataclass(eq=False)
class Player:
    """One connected laptop.

    Attributes:
        laptop: its id.
        name: the player's name, as they gave it.
        address: where it connects from.
    """

    laptop: str
    name: str
    address: str
    channel: Channel = field(repr=False)

    def send(self, kind: str, **fields: Any) -> None:
        """Send one message."""
        self.channel.send(encoded(kind, **fields))


def public_state(doc_id: str, data: dict[str, Any]) -> dict[str, Any]:
    """What every player sees of a character: name, player, system, its state in words (a
    wound), what its resources went through.
    """
    return {
        "name": str(data["fields"].get("name", ""))[:200],
        "player": data["meta"].get("player", ""),
        "system": data["meta"].get("system", ""),
        "status": data["meta"].get("status", ""),
        "resources": shared.resource_totals(data["ledger"]),
    }


class TableHost:
    """The table on the game master's laptop.

    Attributes:
        code: the join code.
        replica: every document of the table.
        players: the connected laptops by id.
        removed: laptops the game master removed: refused until the table ends.
        handshakes_failed: connections that did not prove the code.
        dropped: messages dropped as malformed or not allowed.
    """

    def __init__(
        self,
        code: str,
        secret: bytes,
        *,
        folder: Path | None = None,
        limiter: AttemptLimiter | None = None,
        events: Events | None = None,
        name: str = "",
    ) -> None:
        self.code = code
        self.name = name
        self._events = events or (lambda what, details: None)
        self.limiter = limiter or AttemptLimiter()
        self.players: dict[str, Player] = {}
        self.removed: set[str] = set()
        self.handshakes_failed = 0
        self.dropped = 0
        self.replica = Replica(
            shared.laptop_id(secret), folder=folder, send=self._relay, changed=self._on_changed
        )
        self.replica.document(TABLE)
        self._asks: dict[str, tuple[asyncio.Future[Faces], int, int]] = {}
        self._server: asyncio.Server | None = None
        self._tasks = Tasks()

    @property
    def laptop(self) -> str:
        """The host's laptop id."""
        return self.replica.laptop

    async def start(self, address: str = "127.0.0.1", port: int = 0) -> int:
        """Listen on ``address`` (``""`` for every interface); return the port."""
        self._server = await asyncio.start_server(self._serve, address or None, port)
        self._tasks.spawn(keep_writing(self.replica))
        for doc_id in list(self.replica.docs):
            self._project(doc_id)
        return self._server.sockets[0].getsockname()[1]

    async def stop(self) -> None:
        """Close every connection and stop listening; the documents are written out."""
        if self._server is not None:
            self._server.close()
        for player in list(self.players.values()):
            player.channel.close()
        await self._tasks.end()
        self.replica.flush()

    def remove(self, laptop: str) -> None:
        """Send a player away for the rest of the evening."""
        self.removed.add(laptop)
        player = self.players.get(laptop)
        if player is not None:
            with contextlib.suppress(*_CONNECTION_ERRORS):
                player.send("bye", why="removed")
            player.channel.close()

    async def ask_dice(
        self, doc_id: str, count: int, sides: int, purpose: str, timeout: float = 600.0
    ) -> Faces:
        """Ask the laptop of a character's player to throw ``count`` dice of ``sides``; the
        faces say whether they were typed in from real dice there.

        Raises:
            LookupError: that player is not at the table.
            TimeoutError: no answer in time.
        """
        player = self.players.get(owner_of(doc_id) or "")
        if player is None:
            raise LookupError(f"nobody at the table plays {doc_id}")
        ask_id = secrets.token_hex(8)
        future: asyncio.Future[Faces] = asyncio.get_running_loop().create_future()
        self._asks[ask_id] = (future, count, sides)
        player.send("ask", id=ask_id, doc=doc_id, count=count, sides=sides, purpose=purpose[:200])
        try:
            async with asyncio.timeout(timeout):
                return await future
        finally:
            self._asks.pop(ask_id, None)

    # --- connections -------------------------------------------------------------------------

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self._tasks.track(asyncio.current_task())
        peername = writer.get_extra_info("peername") or ("?",)
        address = str(peername)
        player = None
        try:
            try:
                peer = peer_of(str(peername[0]))
                channel = await host_handshake(reader, writer, self.code, self.limiter, peer)
            except BusyError:
                log.warning("join from %s refused: too many tries lately", address)
                self.handshakes_failed += 1
                return
            except (HandshakeError, TimeoutError, *_CONNECTION_ERRORS) as error:
                log.warning("join from %s failed: %s", address, error or type(error).__name__)
                self.handshakes_failed += 1
                return
            player = await self._greet(channel, address)
            if player is not None:
                await self._listen(player)
        except (*_CONNECTION_ERRORS, TimeoutError):
            pass
        except asyncio.CancelledError:
            pass  # the table ends (asyncio's streams would log a connection task cancelled)
        finally:
            writer.close()
            if player is not None and self.players.get(player.laptop) is player:
                del self.players[player.laptop]
                self._mark(player, connected=False)
                self._events("left", {"laptop": player.laptop, "name": player.name})

    async def _greet(self, channel: Channel, address: str) -> Player | None:
        async with asyncio.timeout(10):
            data = await channel.receive()
        try:
            kind, fields = decoded(data)
        except BadMessage as error:
            return self._drop(f"first message from {address}: {error}")
        if kind != "hello":
            return self._drop(f"first message from {address} was {kind}")
        laptop = shared.laptop_id(fields["secret"])
        if laptop in self.removed or laptop == self.laptop:
            channel.send(encoded("bye", why="removed"))
            await channel.drain()
            return None
        player = Player(laptop, fields["name"], address, channel)
        previous = self.players.get(laptop)
        if previous is not None:
            previous.channel.close()
        self.players[laptop] = player
        player.send("welcome", laptop=laptop, host=self.laptop)
        for doc_id in [d for d in self.replica.docs if owner_of(d) == laptop]:
            player.send("sync", doc=doc_id, sv=self.replica.state(doc_id))
        self._mark(player, connected=True)
        self._events("joined", {"laptop": laptop, "name": player.name, "address": address})
        return player

    def _mark(self, player: Player, *, connected: bool) -> None:
        entry = {"name": player.name, "connected": connected}
        players = self.replica.document(TABLE).get("players", type=shared.Map)
        if players.get(player.laptop) != shared.text(entry):
            players[player.laptop] = shared.text(entry)

    async def _listen(self, player: Player) -> None:
        while True:
            data = await player.channel.receive()
            try:
                self._handle(player, *decoded(data))
            except (ValueError, PermissionError) as error:  # BadMessage, RefusedUpdate too
                self._drop(f"from {player.name} ({player.laptop}): {error}")
            await player.channel.drain()

    def _drop(self, why: str) -> None:
        self.dropped += 1
        log.warning("message dropped: %s", why)
        self._events("dropped", {"why": why})

    def _right(self, laptop: str, doc_id: str) -> shared.Right:
        return OWNER if owner_of(doc_id) == laptop else READER

    def _may_read(self, laptop: str, doc_id: str) -> bool:
        return doc_id == TABLE or owner_of(doc_id) == laptop

    def _handle(self, player: Player, kind: str, fields: dict[str, Any]) -> None:
        if kind == "sync":
            doc_id = fields["doc"]
            if not self._may_read(player.laptop, doc_id):
                raise PermissionError(f"asked for {doc_id}")
            shared.state_vector(fields["sv"])  # or ValueError: dropped
            missing = self.replica.missing(doc_id, fields["sv"])
            if missing != shared.EMPTY_UPDATE:
                player.send("update", doc=doc_id, u=missing)
            mine = self.replica.state(doc_id)
            if doc_id != TABLE and shared.lacks(mine, fields["sv"]):
                player.send("sync", doc=doc_id, sv=mine)  # they have what we lack: ask
        elif kind == "update":
            doc_id = fields["doc"]
            right = self._right(player.laptop, doc_id)
            if right is READER:
                raise PermissionError(f"wrote {doc_id}")
            self.replica.receive(doc_id, fields["u"], right, player)
        elif kind == "faces":
            future, count, sides = self._asks.get(fields["id"], (None, 0, 0))
            faces = fields["faces"]
            if future is None or future.done() or len(faces) != count:
                raise PermissionError("faces nobody asked for")
            if any(face > sides for face in faces):
                raise PermissionError("faces off the dice")
            future.set_result(Faces(faces, [fields["typed"]] * len(faces)))
        else:
            raise PermissionError(f"a player sent {kind}")

    # --- documents ---------------------------------------------------------------------------

    def _relay(self, doc_id: str, update: bytes, source: Any) -> None:
        for player in list(self.players.values()):
            if player is not source and self._may_read(player.laptop, doc_id):
                with contextlib.suppress(*_CONNECTION_ERRORS):
                    player.send("update", doc=doc_id, u=update)

    def _on_changed(self, doc_id: str, data: dict[str, Any]) -> None:
        if doc_id != TABLE:
            self._project(doc_id)  # told after the change's transaction: the table may change
        self._events("changed", {"doc": doc_id, "content": data})

    def _project(self, doc_id: str) -> None:
        """Put a character's public state and its new public rolls on the table."""
        if doc_id == TABLE or doc_id not in self.replica.docs:
            return
        data = self.replica.content(doc_id)
        table = self.replica.document(TABLE)
        party = table.get("party", type=shared.Map)
        rolls = table.get("rolls", type=shared.Array)
        seen = {roll["id"] for roll in self.replica.content(TABLE)["rolls"]}
        with table.transaction():
            if not shared.seated(data["meta"]):
                if doc_id in party:
                    del party[doc_id]  # closed on its owner's laptop: no longer in the party
            else:
                public = shared.text(public_state(doc_id, data))
                if party.get(doc_id) != public:
                    party[doc_id] = public
            for roll in data["rolls"]:
                if roll["id"] not in seen:
                    rolls.append(shared.text(roll))
