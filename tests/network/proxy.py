"""A proxy between a player and the host, on 127.0.0.1, that drops, delays, duplicates and
reorders the sealed frames going through it, and now and then cuts the connection.

The handshake's frames (the first three from the player, two from the host) pass untouched:
what it disturbs is the table's traffic, which then fails to open on the other side, ends the
connection and makes the player reconnect and sync. Every choice comes from a seeded
generator, so that a failing trial can be run again as it was.
"""

from __future__ import annotations

import asyncio
import random
import struct
import threading

_HANDSHAKE = {"up": 3, "down": 2}


class Proxy:
    """Listens on a port of its own and forwards to ``target``; ``chaos`` between 0 and 1."""

    def __init__(self, target_port: int, seed: int) -> None:
        self.target_port = target_port
        self.rng = random.Random(seed)
        self.chaos = 0.0
        self.cuts = 0
        self.disturbed = 0
        self._loop = asyncio.new_event_loop()
        self._writers: set[asyncio.StreamWriter] = set()
        ready = threading.Event()
        threading.Thread(target=self._run, args=(ready,), daemon=True).start()
        ready.wait(10)

    def _run(self, ready: threading.Event) -> None:
        asyncio.set_event_loop(self._loop)
        self._server = self._loop.run_until_complete(
            asyncio.start_server(self._accept, "127.0.0.1", 0)
        )
        self.port = self._server.sockets[0].getsockname()[1]
        ready.set()
        self._loop.run_forever()

    def cut_all(self) -> None:
        """Cut every connection now (a laptop losing Wi-Fi)."""
        self._loop.call_soon_threadsafe(self._cut_all)

    def _cut_all(self) -> None:
        for writer in list(self._writers):
            writer.close()

    def stop(self) -> None:
        self._loop.call_soon_threadsafe(self._server.close)
        self.cut_all()
        self._loop.call_soon_threadsafe(self._loop.stop)

    async def _accept(self, reader, writer) -> None:
        try:
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target_port)
        except OSError:
            writer.close()
            return
        self._writers |= {writer, up_writer}
        pipes = [
            self._pipe(reader, up_writer, "up"),
            self._pipe(up_reader, writer, "down"),
        ]
        await asyncio.gather(*pipes, return_exceptions=True)
        for end in (writer, up_writer):
            end.close()
            self._writers.discard(end)

    async def _pipe(self, reader, writer, direction: str) -> None:
        count = 0
        held: bytes | None = None
        try:
            while True:
                header = await reader.readexactly(4)
                (length,) = struct.unpack(">I", header)
                data = header + await reader.readexactly(length)
                count += 1
                if count <= _HANDSHAKE[direction] or self.rng.random() >= self.chaos:
                    writer.write(data)
                else:
                    self.disturbed += 1
                    what = self.rng.choice(["drop", "delay", "duplicate", "reorder", "cut"])
                    if what == "delay":
                        await asyncio.sleep(self.rng.uniform(0.01, 0.2))
                        writer.write(data)
                    elif what == "duplicate":
                        writer.write(data + data)
                    elif what == "reorder":
                        if held is None:
                            held = data
                            continue
                        writer.write(data + held)
                        held = None
                    elif what == "cut":
                        self.cuts += 1
                        writer.close()
                        return
                await writer.drain()
        except (asyncio.IncompleteReadError, ConnectionError, OSError):
            pass
        finally:
            writer.close()
