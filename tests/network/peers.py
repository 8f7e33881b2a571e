"""Real laptops for the network tests: each peer a process of tests/network/peer.py."""

from __future__ import annotations

import contextlib
import json
import os
import queue
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).parents[2]


class Peer:
    """One laptop process: ``request`` sends a command and waits for its reply."""

    def __init__(self, role: str, folder: Path, code: str, *args: str, wait: bool = True) -> None:
        self.folder = folder
        self.args = [role, "--code", code, "--folder", str(folder), *args]
        self._count = 0
        self.start(wait=wait)

    def start(self, *, wait: bool = True) -> None:
        """Start (or start again) the process; with ``wait``, until it is at the table."""
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.network.peer", *self.args],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=open(self.folder.with_suffix(".log"), "ab"),  # noqa: SIM115
            text=True,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
        self._lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, args=(self.process,), daemon=True).start()
        if wait:
            self.wait()

    def wait(self) -> None:
        """Wait until the process is at the table (a host: listening on the same port from
        then on, so that it can be started again where the players look for it).
        """
        ready = self._next(60)
        self.port, self.laptop = ready["ready"], ready["laptop"]
        if self.args[0] == "host" and "--port" not in self.args:
            self.args += ["--port", str(self.port)]

    def _read(self, process: subprocess.Popen) -> None:
        for line in process.stdout:
            self._lines.put(line)
        self._lines.put("")

    def _next(self, timeout: float) -> dict[str, Any]:
        line = self._lines.get(timeout=timeout)
        if not line:
            raise RuntimeError(f"peer {self.args[:1]} ended: see {self.folder.with_suffix('.log')}")
        return json.loads(line)

    def request(self, op: str, timeout: float = 30, **fields: Any) -> Any:
        self._count += 1
        self.process.stdin.write(json.dumps({"op": op, "id": self._count, **fields}) + "\n")
        self.process.stdin.flush()
        while True:
            answer = self._next(timeout)
            if answer.get("id") == self._count:
                if "error" in answer:
                    raise RuntimeError(answer["error"])
                return answer["result"]

    def kill(self) -> None:
        """Kill -9."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def quit(self) -> None:
        if self.process.poll() is None:
            with contextlib.suppress(RuntimeError, queue.Empty, BrokenPipeError):
                self.request("quit", timeout=10)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


def start_table(folder: Path, code: str, count: int, *host_args: str) -> tuple[Peer, list[Peer]]:
    """A host and ``count`` players, started side by side."""
    host = Peer("host", folder / "host", code, *host_args)
    players = [
        Peer(
            "player",
            folder / f"p{n}",
            code,
            "--port",
            str(host.port),
            "--name",
            f"Player {n}",
            wait=False,
        )
        for n in range(count)
    ]
    for player in players:
        player.wait()
    return host, players


def converge(host: Peer, players: list[Peer], timeout: float = 20) -> dict[str, Any]:
    """Wait until every player holds what the host holds of its characters and the table;
    return the host's state. Fails after ``timeout`` seconds.
    """
    deadline = time.monotonic() + timeout
    while True:
        state = host.request("state")
        differences = []
        for player in players:
            theirs = player.request("state")
            for doc, content in theirs.items():
                if state.get(doc) != content:
                    differences.append((player.laptop, doc))
        if not differences:
            return state
        if time.monotonic() > deadline:
            raise AssertionError(f"no convergence: {differences[:5]}")
        time.sleep(0.1)
