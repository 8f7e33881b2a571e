"""A headless laptop at a table, driven by JSON lines on stdin (one reply line each on stdout).

    python -m tests.network.peer host   --code C --folder F [--port P] [--tap FILE] [--ipv6]
    python -m tests.network.peer player --code C --folder F --port P --name N [--host ::1]

The first line it prints is ``{"ready": port, "laptop": id}``. Commands: ``new``, ``set``,
``res``, ``roll``, ``typed``, ``table_roll``, ``secret_roll``, ``ask``, ``state``, ``stats``,
``remove``, and for the benchmarks ``arrivals``, ``ping``, ``rss``, ``bytes``; ``quit`` (see
``handle``).
A player answers dice requests with the faces given by ``typed`` (real dice typed in), and
past them with faces from a generator seeded by its name (thrown digitally). With ``--tap``
the host appends every message it sends, before sealing, to FILE.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import threading
import time
from pathlib import Path

from shadowdice.core.dice import Faces
from shadowdice.network import secure
from shadowdice.network.client import TableClient
from shadowdice.network.host import TableHost
from shadowdice.network.secure import AttemptLimiter


def secret_of(folder: Path) -> bytes:
    """The laptop's secret, kept in its folder so that a restart is the same laptop."""
    path = folder / "secret"
    if not path.exists():
        folder.mkdir(parents=True, exist_ok=True)
        path.write_bytes(random.SystemRandom().randbytes(32))
    return path.read_bytes()


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("role", choices=["host", "player"])
    parser.add_argument("--code", required=True)
    parser.add_argument("--folder", type=Path, required=True)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--name", default="Game master")
    parser.add_argument("--tap", type=Path)
    parser.add_argument("--burst", type=int, default=10)
    parser.add_argument("--every", type=float, default=3.0)
    parser.add_argument("--ceiling-burst", type=int, default=30)
    parser.add_argument("--ceiling-every", type=float, default=0.5)
    parser.add_argument("--ipv6", action="store_true", help="a host listens on ::1 too")
    parser.add_argument("--host", default="127.0.0.1", help="where a player joins")
    options = parser.parse_args()
    secret = secret_of(options.folder)
    secrets_kept: list[dict] = []
    if options.tap:
        tap = options.tap.open("ab", buffering=0)
        original = secure.Channel.send

        def tapped(channel, plaintext):
            tap.write(plaintext + b"\n")
            original(channel, plaintext)

        secure.Channel.send = tapped
    rng = random.Random(options.name)
    arrivals: dict[str, float] = {}

    def on_event(what: str, details: dict) -> None:
        """Note when each table roll first arrived here (the benchmarks' clock)."""
        if what == "changed" and details["doc"] == "table":
            now = time.monotonic()
            for roll in details["content"]["rolls"]:
                arrivals.setdefault(roll["id"], now)

    typed: list[int] = []  # faces of real dice the player will type, in order

    async def dice(doc, count, sides, purpose):
        if len(typed) >= count:
            faces = Faces(typed[:count], [True] * count)
            del typed[:count]
            return faces
        return [rng.randint(1, sides) for _ in range(count)]

    if options.role == "host":
        end = TableHost(
            options.code,
            secret,
            folder=options.folder / "table",
            limiter=AttemptLimiter(
                options.burst, options.every, options.ceiling_burst, options.ceiling_every
            ),
        )
        port = await end.start("127.0.0.1", options.port)
        if options.ipv6:  # ::1 too, on the same port: another peer for the attempt limit
            await asyncio.start_server(end._serve, "::1", port)
    else:
        end = TableClient(
            (options.host, options.port),
            options.code,
            secret,
            options.name,
            folder=options.folder / "table",
            dice=dice,
            events=on_event,
        )
        port = options.port
        while True:
            try:
                await end.join()
                break
            except (secure.BusyError, OSError):
                await asyncio.sleep(0.2)
    replica = end.replica
    out = sys.stdout

    def reply(value) -> None:
        out.write(json.dumps(value) + "\n")
        out.flush()

    reply({"ready": port, "laptop": replica.laptop})
    loop = asyncio.get_running_loop()
    lines: asyncio.Queue[str] = asyncio.Queue()

    def read() -> None:
        for line in sys.stdin:
            loop.call_soon_threadsafe(lines.put_nowait, line)
        loop.call_soon_threadsafe(lines.put_nowait, "")

    threading.Thread(target=read, daemon=True).start()

    async def handle(command: dict):
        op = command["op"]
        if op == "new":
            doc = f"{replica.laptop}/{command['key']}"
            replica.set_fields(
                doc,
                command["fields"],
                meta={"system": command.get("system", "generic_dice"), "player": options.name},
            )
            return doc
        if op == "set":
            replica.set_fields(command["doc"], command["fields"], command.get("meta"))
            return True
        if op == "res":
            return replica.change_resource(
                command["doc"],
                command["resource"],
                command["delta"],
                command["label"],
                options.name,
            )
        if op == "roll":
            return replica.add_roll(
                command["doc"], command["text"], command["record"], options.name
            )
        if op == "table_roll":
            started = time.monotonic()
            return [replica.add_roll("table", command["text"], {}, options.name), started]
        if op == "typed":
            typed.extend(command["faces"])
            return len(typed)
        if op == "arrivals":
            return arrivals
        if op == "ping":
            return time.monotonic()
        if op == "rss":
            status = Path("/proc/self/status").read_text()
            return int(status.split("VmRSS:")[1].split()[0]) / 1024
        if op == "bytes":
            channels = [player.channel for player in end.players.values()]
            return [sum(c.sent_bytes for c in channels), sum(c.received_bytes for c in channels)]
        if op == "secret_roll":
            secrets_kept.append(command["record"])  # the game master's history only
            return len(secrets_kept)
        if op == "ask":
            faces = await end.ask_dice(
                command["doc"], command["count"], command["sides"], "test", 10
            )
            return {"faces": list(faces), "typed": all(faces.typed)}
        if op == "state":
            return {doc: replica.content(doc) for doc in sorted(replica.docs)}
        if op == "stats":
            stats = {"dropped": end.dropped}
            if isinstance(end, TableHost):
                stats |= {"failed": end.handshakes_failed, "players": sorted(end.players)}
            else:
                stats |= {"connected": end.connected}
            return stats
        if op == "remove":
            end.remove(command["laptop"])
            return True
        raise ValueError(op)

    while True:
        line = await lines.get()
        if not line:
            break
        command = json.loads(line)
        if command["op"] == "quit":
            await end.stop()
            reply({"id": command["id"], "result": True})
            break
        try:
            result = await handle(command)
            reply({"id": command["id"], "result": result})
        except Exception as error:  # reported to the test, which decides
            reply({"id": command["id"], "error": f"{type(error).__name__}: {error}"})


if __name__ == "__main__":
    asyncio.run(main())
