"""Hostile peers against a host process on 127.0.0.1: wrong codes, crafted messages, a player
writing another's character or asking for secret rolls. Nothing changes, nothing crashes,
nothing secret is sent.
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
import random
import threading
import time

import pytest
from pycrdt import Array, Doc, Map

from shadowdice.network import secure
from shadowdice.network.messages import encoded
from shadowdice.network.shared import new_document, set_fields, set_meta, text
from tests.network.peers import Peer, converge

CODE = "H0ST1L"
#: Crafted messages per run: the long trials (README, "Tests") send 10,000.
CRAFTED = 10_000 if os.environ.get("SHADOWDICE_LONG_TRIALS") else 2_000


async def guess(port: int, source: str = "127.0.0.1") -> str:
    """A wrong try as a stranger makes it, without the work of a real key exchange, from the
    loopback address ``source`` (to ::1 from ::1, else to 127.0.0.1).
    """
    target = "::1" if ":" in source else "127.0.0.1"
    reader, writer = await asyncio.open_connection(target, port, local_addr=(source, 0))
    try:
        writer.write(secure.frame(secure.MAGIC + os.urandom(33)))
        answer = await secure.read_frame(reader)
        if answer == b"BUSY":
            return "busy"
        writer.write(secure.frame(os.urandom(32)))
        return "in" if await secure.read_frame(reader) != b"NO" else "wrong"
    except (asyncio.IncompleteReadError, ConnectionError):
        return "wrong"
    finally:
        writer.close()


async def attempt(port: int, code: str) -> str:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        await secure.client_handshake(reader, writer, code)
        return "in"
    except secure.BusyError:
        return "busy"
    except secure.HandshakeError:
        return "wrong"
    finally:
        writer.close()


async def rightful(port: int) -> str:
    """The right code, tried again while the host is busy (at most 50 times, 0.2 s apart)."""
    for _ in range(50):
        answer = await attempt(port, CODE)
        if answer != "busy":
            return answer
        await asyncio.sleep(0.2)
    return "busy"


def test_a_thousand_wrong_codes_get_nobody_in_and_the_right_one_still_does(tmp_path):
    host = Peer("host", tmp_path / "host", CODE, "--burst", "5", "--every", "1")
    try:

        async def thousand():
            answers = []
            for n in range(1000):
                # Every twentieth a real exchange with a wrong code, the others strangers'.
                if n % 20:
                    answers.append(await guess(host.port))
                else:
                    answers.append(await attempt(host.port, f"{n:06d}"))
            return answers

        answers = asyncio.run(thousand())
        assert "in" not in answers
        # The host tried only a burst of codes and one a second after it; the rest it refused
        # before trying.
        assert answers.count("wrong") <= 5 + 60
        assert answers.count("busy") >= 900
        assert host.request("stats")["failed"] == 1000

        assert asyncio.run(rightful(host.port)) == "in"
    finally:
        host.quit()


def test_one_address_trying_codes_locks_out_itself_and_not_the_players(tmp_path):
    """A hostile laptop at 127.0.0.2 keeps trying codes while Anna (127.0.0.1) and Ben (::1)
    join with the right one: each of them gets in at the first try.
    """
    host = Peer("host", tmp_path / "host", CODE, "--burst", "5", "--every", "2", "--ipv6")
    stop = threading.Event()
    answers: list[str] = []

    async def hammer() -> None:
        for _ in range(3000):  # bounded: stopped long before by the test
            if stop.is_set():
                return
            answers.append(await guess(host.port, "127.0.0.2"))

    hostile = threading.Thread(target=lambda: asyncio.run(hammer()))
    hostile.start()
    players = []
    try:
        deadline = time.monotonic() + 20
        while answers.count("busy") < 50 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert answers.count("busy") >= 50  # it is locked out ...
        started = time.monotonic()
        for name, where in (("Anna", "127.0.0.1"), ("Ben", "::1")):
            players.append(
                Peer(
                    "player",
                    tmp_path / name,
                    CODE,
                    "--port",
                    str(host.port),
                    "--name",
                    name,
                    "--host",
                    where,
                )
            )
        joined = time.monotonic() - started
        hostile_tries = len(answers)
        time.sleep(0.5)
        assert len(answers) > hostile_tries  # ... and still trying after they joined
        stop.set()
        hostile.join(20)
        stats = host.request("stats")
        assert sorted(stats["players"]) == sorted(p.laptop for p in players)
        # Every failed try was the hostile one's: neither player was ever refused.
        assert stats["failed"] == len(answers)
        assert "in" not in answers
        seconds = joined + 25
        assert answers.count("wrong") <= 5 + seconds / 2 + 1
    finally:
        stop.set()
        hostile.join(20)
        for player in players:
            player.quit()
        host.quit()


def test_many_addresses_together_try_no_more_codes_than_the_ceiling(tmp_path):
    """A hundred addresses (127.0.0.10 to 127.0.0.109) three tries each: each address has
    tries left, but the table tries only its ceiling of codes for all of them together.
    """
    host = Peer(
        "host",
        tmp_path / "host",
        CODE,
        "--burst",
        "3",
        "--every",
        "60",
        "--ceiling-burst",
        "10",
        "--ceiling-every",
        "1",
    )
    try:

        async def many() -> list[str]:
            return [await guess(host.port, f"127.0.0.{10 + n % 100}") for n in range(300)]

        started = time.monotonic()
        answers = asyncio.run(many())
        seconds = time.monotonic() - started
        assert "in" not in answers
        assert answers.count("wrong") <= 10 + seconds + 1
        assert answers.count("busy") >= 300 - (10 + seconds + 1)

        # Once the ceiling has tries again, the right code is in.
        assert asyncio.run(rightful(host.port)) == "in"
    finally:
        host.quit()


def crafted_messages(victim_doc: str, own_doc: str, count: int) -> list[bytes]:
    """``count`` malformed or crafted messages, of every kind a hostile player could send."""
    rng = random.Random(30)
    other = Doc()
    other.get("fields", type=Map)["name"] = text("stolen")
    stolen = other.get_update()
    table = Doc()
    table.get("rolls", type=Array).append(text({"id": "x", "by": "me", "text": "t", "record": {}}))
    table_update = table.get_update()
    evil = Doc()
    evil.get("evil", type=Map)["x"] = "1"
    evil_update = evil.get_update()
    not_json = new_document(own_doc)
    not_json.get("fields", type=Map)["name"] = "{not json"
    not_json_update = not_json.get_update()
    bad_entry = new_document(own_doc)
    bad_entry.get("ledger", type=Array).append(text({"resource": "edge", "delta": 10**9}))
    bad_entry_update = bad_entry.get_update()
    deep = new_document(own_doc)
    deep.get("ledger", type=Array).append("[" * 100_000 + "]" * 100_000)
    deep_update = deep.get_update()
    b64 = lambda data: base64.b64encode(data).decode()  # noqa: E731
    makers = [
        lambda: rng.randbytes(rng.randint(0, 300)),
        lambda: json.dumps(rng.choice([1, "x", None, [], [1, 2], {"t": 5}])).encode(),
        lambda: json.dumps({"t": rng.choice(["nope", "welcome", "bye", "ask", ""])}).encode(),
        lambda: encoded("sync", doc=victim_doc, sv=b""),
        lambda: encoded("sync", doc=own_doc, sv=b"", extra=1),
        lambda: json.dumps({"t": "sync", "doc": "secret", "sv": ""}).encode(),
        lambda: json.dumps({"t": "sync", "doc": "../../etc/passwd", "sv": ""}).encode(),
        lambda: json.dumps({"t": "update", "doc": own_doc, "u": "!!notbase64"}).encode(),
        lambda: encoded("update", doc=victim_doc, u=stolen),
        lambda: encoded("update", doc="table", u=table_update),
        lambda: encoded("update", doc=own_doc, u=evil_update),
        lambda: encoded("update", doc=own_doc, u=not_json_update),
        lambda: encoded("update", doc=own_doc, u=bad_entry_update),
        lambda: encoded("update", doc=own_doc, u=deep_update),  # too deep to read
        lambda: encoded("update", doc=own_doc, u=rng.randbytes(rng.randint(1, 64))),
        lambda: encoded("update", doc=own_doc, u=stolen[: rng.randint(1, len(stolen) - 1)]),
        lambda: encoded("faces", id="nobody-asked", faces=[6, 6, 6], typed=False),
        lambda: encoded("faces", id="x", faces=[0, 101], typed=True),
        lambda: encoded("faces", id="x", faces=[1], typed=1),
        lambda: encoded("hello", secret=os.urandom(32).hex(), name="again"),
        lambda: json.dumps({"t": "update", "doc": own_doc, "u": b64(b"\x00" * 10)}).encode(),
        lambda: b"[" * 5_000,
    ]
    return [makers[n % len(makers)]() for n in range(count)]


def test_crafted_messages_change_nothing_and_crash_nobody(tmp_path):
    host = Peer("host", tmp_path / "host", CODE)
    victim = Peer("player", tmp_path / "victim", CODE, "--port", str(host.port), "--name", "V")
    try:
        victim_doc = victim.request("new", key="main", fields={"name": "Victim", "edge": 4})
        before = converge(host, [victim])

        async def attack() -> int:
            reader, writer = await asyncio.open_connection("127.0.0.1", host.port)
            channel = await secure.client_handshake(reader, writer, CODE)
            secret = os.urandom(32)
            channel.send(encoded("hello", secret=secret.hex(), name="Mallory"))
            from shadowdice.network.shared import laptop_id

            own_doc = f"{laptop_id(secret)}/main"
            received = []

            async def drain():
                while True:
                    received.append(await channel.receive())

            draining = asyncio.ensure_future(drain())
            for message in crafted_messages(victim_doc, own_doc, CRAFTED):
                channel.send(message)
                await channel.drain()
            # Still connected, still heard: a character of its own, after all of that, comes
            # back to it in the table's public party (the host goes through messages in order).
            probe = new_document(own_doc)
            set_meta(probe, {"system": "generic_dice", "player": "Mallory"})
            set_fields(probe, {"name": "Mallory-probe"})
            channel.send(encoded("update", doc=own_doc, u=probe.get_update()))
            await channel.drain()
            for _ in range(1200):
                if any(b"Mallory-probe" in updates_in(m) for m in received):
                    break
                await asyncio.sleep(0.05)
            draining.cancel()
            writer.close()
            return received

        received = asyncio.run(attack())
        assert any(b"Mallory-probe" in updates_in(message) for message in received)
        # Nothing of the victim reached the attacker.
        assert not any(b"Victim" in message for message in received)

        async def garbage():
            for n in range(200):
                _reader, writer = await asyncio.open_connection("127.0.0.1", host.port)
                writer.write(random.Random(n).randbytes(n * 7))
                await writer.drain()
                writer.close()

        asyncio.run(garbage())
        stats = host.request("stats")
        assert stats["dropped"] >= CRAFTED * 0.9
        after = converge(host, [victim])
        assert after[victim_doc] == before[victim_doc]
        assert after["table"]["rolls"] == before["table"]["rolls"] == []
        assert set(after) <= set(before) | {d for d in after if d.endswith("/main")}
    finally:
        victim.quit()
        host.quit()


def updates_in(message: bytes) -> bytes:
    """The bytes of the update a message carries (b"" for another message)."""
    data = json.loads(message)
    return base64.b64decode(data["u"]) if data.get("t") == "update" else b""


def test_secret_rolls_never_leave_the_host(tmp_path):
    tap = tmp_path / "sent.txt"
    host = Peer("host", tmp_path / "host", CODE, "--tap", str(tap))
    player = Peer("player", tmp_path / "p", CODE, "--port", str(host.port), "--name", "P")
    try:
        doc = player.request("new", key="main", fields={"name": "Kira"})
        converge(host, [player])
        for n in range(20):
            host.request("secret_roll", record={"text": f"SECRET-{n}-hidden-ambush"})
            host.request("res", doc=doc, resource="stun", delta=1, label="+1 stun")
        host.request("roll", doc=doc, text="PUBLIC-roll", record={})
        converge(host, [player])
        sent = tap.read_bytes()
        updates = b"".join(
            base64.b64decode(json.loads(line).get("u", "")) for line in sent.splitlines()
        )
        assert b"PUBLIC-roll" in updates
        assert b"stun" in updates
        assert b"SECRET" not in sent + updates and b"hidden-ambush" not in sent + updates
    finally:
        player.quit()
        host.quit()


def test_a_player_writing_what_is_not_theirs_changes_nothing(tmp_path):
    host = Peer("host", tmp_path / "host", CODE)
    owner = Peer("player", tmp_path / "a", CODE, "--port", str(host.port), "--name", "A")
    other = Peer("player", tmp_path / "b", CODE, "--port", str(host.port), "--name", "B")
    try:
        doc = owner.request("new", key="main", fields={"name": "Mine"})
        before = converge(host, [owner, other])
        for target in (doc, "table"):
            with pytest.raises(RuntimeError, match="PermissionError"):
                other.request("set", doc=target, fields={"name": "Taken"})
        after = converge(host, [owner, other])
        assert after[doc] == before[doc]
    finally:
        for peer in (other, owner, host):
            peer.quit()


def test_a_hostile_host_changes_nothing_of_a_players_character(tmp_path):
    """The other way round: a laptop that knows the code and plays host sends a player every
    kind of crafted message; the player's character takes only what a game master may add.
    """
    from shadowdice.network.client import TableClient

    async def trial() -> tuple[dict, dict, int]:
        connected = asyncio.Event()
        channels = []

        async def serve(reader, writer):
            channels.append(
                await secure.host_handshake(reader, writer, CODE, secure.AttemptLimiter())
            )
            connected.set()
            while True:
                await channels[0].receive()

        server = await asyncio.start_server(serve, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        client = TableClient(("127.0.0.1", port), CODE, os.urandom(32), "Anna")
        await client.join()
        doc = client.replica.new_character_id()
        client.replica.set_fields(doc, {"name": "Kira", "edge": 3}, meta={"system": "x"})
        before = client.replica.content(doc)
        await connected.wait()
        channel = channels[0]
        other = f"{'f' * 16}/main"
        for message in crafted_messages(other, doc, CRAFTED // 2):
            channel.send(message)
            await channel.drain()
        # A well-formed change of the player's own fields: not the game master's to make.
        taken = new_document(doc, client.replica.docs[doc].get_update())
        mark = taken.get_state()
        set_fields(taken, {"name": "Taken"})
        channel.send(encoded("update", doc=doc, u=taken.get_update(mark)))
        # A game master's charge is still taken.
        gm = shared_doc_with_entry(doc, client.replica.docs[doc].get_update())
        channel.send(encoded("update", doc=doc, u=gm))
        await channel.drain()
        for _ in range(600):
            if len(client.replica.content(doc)["ledger"]) == 1:
                break
            await asyncio.sleep(0.05)
        after = client.replica.content(doc)
        dropped = client.dropped
        await client.stop()
        server.close()
        return before, after, dropped

    before, after, dropped = asyncio.run(trial())
    assert after["fields"] == before["fields"] and after["meta"] == before["meta"]
    assert [entry["id"] for entry in after["ledger"]] == ["gm"]
    assert dropped >= CRAFTED // 2 * 0.5


def shared_doc_with_entry(doc_id: str, state: bytes) -> bytes:
    """The update a game master's charge on a copy of the character makes."""
    from shadowdice.network import shared

    copy = new_document(doc_id, state)
    before = copy.get_state()
    shared.append(
        copy, "ledger", {"id": "gm", "resource": "edge", "delta": -1, "label": "−1", "by": "GM"}
    )
    return copy.get_update(before)


def test_the_attempt_limit_remembers_a_bounded_number_of_addresses():
    limiter = secure.AttemptLimiter(burst=2, every=3600, ceiling_burst=10**6)
    addresses = [f"10.0.{n // 256}.{n % 256}" for n in range(10_000)]
    assert all(limiter.take(address) for address in addresses)  # a try each
    assert len(limiter._peers) <= limiter.MOST_PEERS
    # The latest are remembered: their second try counts, their third is refused.
    assert limiter.take(addresses[-1]) and not limiter.take(addresses[-1])
    # A join with the right code gives its try back.
    limiter.give_back(addresses[-1])
    assert limiter.take(addresses[-1])
