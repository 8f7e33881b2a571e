"""Offline and back: trials of a host and three players (processes) behind proxies that drop,
delay, duplicate and reorder frames and cut connections, with kill -9 of a player or of the
host at a random moment and laptops going offline while they edit. After each trial every
replica converges: no edit lost, no roll lost or doubled, every kept file valid.

The default run makes a few trials; the long run makes 200 (README, "Tests"):

    SHADOWDICE_LONG_TRIALS=1 .venv/bin/python -m pytest -q tests/network/test_offline_and_back.py
"""

from __future__ import annotations

import os
import random
import time
from collections import Counter

import pytest

from shadowdice.network.replica import Replica
from tests.network.peers import Peer, converge
from tests.network.proxy import Proxy

CODE = "BACK42"
FAULTS = ("proxy", "kill player", "kill host", "offline")
LONG = bool(os.environ.get("SHADOWDICE_LONG_TRIALS"))
TRIALS = 200 if LONG else len(FAULTS)


class Table:
    """The laptops of the trials and what they acknowledged: what must survive."""

    def __init__(self, folder, seed: int) -> None:
        self.rng = random.Random(seed)
        self.host = Peer("host", folder / "host", CODE)
        self.proxies = [Proxy(self.host.port, seed * 10 + n) for n in range(3)]
        self.players = [
            Peer(
                "player",
                folder / f"p{n}",
                CODE,
                "--port",
                str(proxy.port),
                "--name",
                f"P{n}",
                wait=False,
            )
            for n, proxy in enumerate(self.proxies)
        ]
        for player in self.players:
            player.wait()
        self.docs = [
            player.request("new", key="main", fields={"name": "start"}) for player in self.players
        ]
        self.entries: dict[str, set[str]] = {doc: set() for doc in self.docs}
        self.rolls: set[str] = set()
        self.names = {doc: "start" for doc in self.docs}
        self.steps = 0

    def alive(self, peer: Peer) -> bool:
        return peer.process.poll() is None

    def act(self) -> None:
        """One edit by a laptop that is up, remembered once it is acknowledged."""
        self.steps += 1
        n = self.rng.randrange(3)
        player, doc = self.players[n], self.docs[n]
        what = self.rng.choice(["name", "res", "roll", "gm"])
        if what == "gm":
            if self.alive(self.host):
                entry = self.host.request("res", doc=doc, resource="stun", delta=1, label="+1")
                self.entries[doc].add(entry)
            return
        if not self.alive(player):
            return
        if what == "name":
            name = f"name {self.steps}"
            player.request("set", doc=doc, fields={"name": name})
            self.names[doc] = name
        elif what == "res":
            entry = player.request("res", doc=doc, resource="edge", delta=-1, label="-1 Edge")
            self.entries[doc].add(entry)
        else:
            self.rolls.add(player.request("roll", doc=doc, text=f"roll {self.steps}", record={}))

    def trial(self, fault: str) -> None:
        victim = self.rng.choice(self.players) if fault == "kill player" else self.host
        kill_at = self.rng.randrange(1, 8)
        for step in range(10):
            if step == kill_at:
                if fault in {"kill player", "kill host"}:
                    victim.kill()
                elif fault == "proxy":
                    for proxy in self.proxies:
                        proxy.chaos = 0.3
                else:  # offline: every player's network gone while they go on editing
                    for proxy in self.proxies:
                        proxy.chaos = 1.0
                        proxy.cut_all()
            self.act()
            time.sleep(self.rng.uniform(0, 0.05))
        for proxy in self.proxies:
            proxy.chaos = 0.0
        if fault in {"kill player", "kill host"}:
            victim.start()

    def check(self) -> dict:
        state = converge(self.host, self.players, timeout=60)
        character_rolls = []
        for doc in self.docs:
            character_rolls += [roll["id"] for roll in state[doc]["rolls"]]
            ledger = [entry["id"] for entry in state[doc]["ledger"]]
            assert Counter(ledger) == Counter(self.entries[doc]), "an edit lost or doubled"
            assert state[doc]["fields"]["name"] == self.names[doc]
        assert Counter(character_rolls) == Counter(self.rolls), "a roll lost or doubled"
        table_rolls = [roll["id"] for roll in state["table"]["rolls"]]
        assert Counter(table_rolls) == Counter(self.rolls), "a roll lost or doubled"
        return state

    def close(self) -> None:
        for peer in [*self.players, self.host]:
            peer.quit()
        for proxy in self.proxies:
            proxy.stop()


@pytest.mark.parametrize("seed", [30])
def test_every_replica_converges_after_drops_kills_and_offline_edits(tmp_path, seed):
    table = Table(tmp_path, seed)
    try:
        faults = Counter()
        for number in range(TRIALS):
            fault = (
                FAULTS[number % len(FAULTS)] if number < len(FAULTS) else table.rng.choice(FAULTS)
            )
            faults[fault] += 1
            table.trial(fault)
            print(f"trial {number}: {fault}", flush=True)
            state = table.check()
        print(f"{TRIALS} trials, faults {dict(faults)}, steps {table.steps}")
    finally:
        table.close()
    # Every kept file is valid: each laptop's folder gives back what it held (who is
    # connected aside: everybody left since).
    for peer in [table.host, *table.players]:
        kept = Replica(peer.laptop, folder=peer.folder / "table")
        assert kept.docs
        for doc in kept.docs:
            content = kept.content(doc)
            content.pop("players", None)
            assert content == {k: v for k, v in state[doc].items() if k != "players"}
