"""The table on the network, on 127.0.0.1: a game master and eight players, each a process.

Targets (see the README's developer section for the long trials):

- a public roll appears on the 8 other laptops within 100 ms at the 95th percentile; floor:
  the time the test takes to hand a line to the 8 processes and hear back (a round trip
  through their pipes, no network, no documents);
- a joined character adds at most 5 MB to the host's memory (its resident size before any
  player joined, and after 8 joined with a character each);
- an idle table sends at most a few hundred bytes a second (the host's connections, both ways,
  counted over 12 s of nothing happening: two heartbeats);
- joining takes at most 1 s (code proven, hello, the table's document synced); floor: a plain
  TCP connection to the same port.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import sys
import time

import pytest

from shadowdice.network.client import TableClient
from tests.network.peers import Peer, converge

CODE = "B3NCH1"
ROLLS = 40


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    folder = tmp_path_factory.mktemp("bench")
    host = Peer("host", folder / "host", CODE)
    rss_alone = host.request("rss")
    players = [
        Peer(
            "player",
            folder / f"p{n}",
            CODE,
            "--port",
            str(host.port),
            "--name",
            f"P{n}",
            wait=False,
        )
        for n in range(8)
    ]
    for player in players:
        player.wait()
    for n, player in enumerate(players):
        player.request("new", key="main", system="shadowrun4", fields={"name": f"Runner {n}"})
    converge(host, players)
    yield host, players, rss_alone
    for peer in [*players, host]:
        peer.quit()


@pytest.mark.benchmark(group="table")
def test_a_public_roll_reaches_eight_laptops(benchmark, table):
    host, players, _rss = table
    latencies, floors = [], []

    def rolls() -> None:
        for n in range(ROLLS):
            roll_id, started = host.request("table_roll", text=f"roll {n}")
            deadline = time.monotonic() + 5
            while True:
                seen = [player.request("arrivals").get(roll_id) for player in players]
                if all(seen) or time.monotonic() > deadline:
                    break
                time.sleep(0.005)
            latencies.extend(t - started for t in seen if t)
            assert all(seen), "a roll did not arrive"
            begun = time.monotonic()
            for player in players:
                player.request("ping")
            floors.append(time.monotonic() - begun)

    benchmark.pedantic(rolls, rounds=1, iterations=1)
    p95 = statistics.quantiles(latencies, n=20)[-1]
    floor = statistics.median(floors)
    benchmark.extra_info.update(
        p95_ms=round(p95 * 1e3, 2),
        median_ms=round(statistics.median(latencies) * 1e3, 2),
        floor_ms=round(floor * 1e3, 2),
        ratio=round(p95 / floor, 2),
    )
    print(
        f"\npublic roll on 8 laptops: p95 {p95 * 1e3:.1f} ms, median "
        f"{statistics.median(latencies) * 1e3:.1f} ms; floor {floor * 1e3:.1f} ms"
    )
    assert p95 <= 0.100


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.benchmark(group="table")
def test_a_joined_character_adds_little_to_the_hosts_memory(benchmark, table):
    host, players, rss_alone = table
    rss = benchmark.pedantic(lambda: host.request("rss"), rounds=1, iterations=1)
    per_character = (rss - rss_alone) / len(players)
    benchmark.extra_info.update(
        host_alone_mb=round(rss_alone, 1),
        host_with_8_mb=round(rss, 1),
        per_character_mb=round(per_character, 2),
    )
    print(
        f"\nhost {rss_alone:.1f} MB alone, {rss:.1f} MB with 8 players: "
        f"{per_character:.2f} MB a character"
    )
    assert per_character <= 5


@pytest.mark.benchmark(group="table")
def test_an_idle_table_sends_a_few_hundred_bytes_a_second(benchmark, table):
    host, _players, _rss = table

    def idle() -> float:
        sent, received = host.request("bytes")
        time.sleep(12)
        sent_after, received_after = host.request("bytes")
        return (sent_after - sent + received_after - received) / 12

    rate = benchmark.pedantic(idle, rounds=1, iterations=1)
    benchmark.extra_info["bytes_per_second"] = round(rate, 1)
    print(f"\nidle table of 8 players: {rate:.0f} bytes a second through the host")
    assert rate <= 500


@pytest.mark.benchmark(group="table")
def test_joining_takes_under_a_second(benchmark, table, tmp_path):
    host, _players, _rss = table

    async def join() -> tuple[float, float]:
        begun = time.monotonic()
        _reader, writer = await asyncio.open_connection("127.0.0.1", host.port)
        writer.close()
        floor = time.monotonic() - begun
        begun = time.monotonic()
        client = TableClient(("127.0.0.1", host.port), CODE, os.urandom(32), "Late", folder=None)
        await client.join()
        while not client.replica.content("table")["party"]:
            await asyncio.sleep(0.001)
        took = time.monotonic() - begun
        await client.stop()
        return took, floor

    took, floor = benchmark.pedantic(lambda: asyncio.run(join()), rounds=1, iterations=1)
    benchmark.extra_info.update(join_ms=round(took * 1e3, 1), floor_ms=round(floor * 1e3, 2))
    print(f"\njoin {took * 1e3:.0f} ms (a plain TCP connection {floor * 1e3:.2f} ms)")
    assert took <= 1.0
