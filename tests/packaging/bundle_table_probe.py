"""The built bundle at a table, run inside a network namespace of its own (only ``lo``).

    unshare --net sh -c "ip link set lo up && exec python -m tests.packaging.bundle_table_probe
                         BUNDLE WORK"

It starts an X server of its own (Xvfb) and drives the bundle with xdotool, as a game master's
keys do: *Table ▸ Host a table*, then a player's laptop (a process of
``tests/network/peer.py``) joins it over 127.0.0.1; and the other way round, a host process on
127.0.0.1 and the bundle joining it through *Table ▸ Join a table*. Every wait is bounded. It
prints one JSON line: what it saw.
"""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
from pathlib import Path

from tests.network.peers import Peer
from tests.private_home import private_home_environment

CODE = "BNDT3E"


def wait_for(check, seconds: float):
    """``check()``'s first true answer within ``seconds``, else the last one."""
    deadline = time.monotonic() + seconds
    while True:
        answer = check()
        if answer or time.monotonic() > deadline:
            return answer
        time.sleep(0.2)


def free_display() -> str:
    number = next(n for n in range(90, 200) if not Path(f"/tmp/.X11-unix/X{n}").exists())
    return f":{number}"


def xdo(display: str, *arguments: str) -> str:
    result = subprocess.run(
        ["xdotool", *arguments],
        env={"DISPLAY": display, "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=70,
    )
    return result.stdout.strip()


def start_app(bundle: Path, home: Path, display: str) -> tuple[subprocess.Popen, str]:
    """The bundle in ``home``, its window found and holding the keyboard."""
    env = private_home_environment(home) | {
        "QT_QPA_PLATFORM": "xcb",
        "DISPLAY": display,
        "LANGUAGE": "en",
        "LANG": "en_US.UTF-8",
    }
    log = (home / "app.log").open("wb")
    app = subprocess.Popen([str(bundle / "shadowdice")], env=env, stdout=log, stderr=log)
    window = xdo(display, "search", "--sync", "--onlyvisible", "--name", "Shadowdice")
    window = window.splitlines()[0] if window else ""
    time.sleep(1.5)  # the window takes keys once it is shown
    xdo(display, "mousemove", "--window", window, "600", "300")
    xdo(display, "windowfocus", "--sync", window)
    return app, window


def accepts(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1):
            return True
    except OSError:
        return False


def hosting(bundle: Path, work: Path, display: str) -> dict:
    """The bundle hosts; a player's process joins with its code."""
    home = work / "gm"
    home.mkdir()
    app, _window = start_app(bundle, home, display)
    seen: dict = {}
    try:
        xdo(display, "key", "alt+t")
        time.sleep(0.5)
        xdo(display, "key", "h")
        code_file = wait_for(lambda: next(home.rglob("join-code"), None), 20)
        seen["code shown"] = bool(code_file)
        seen["listening"] = wait_for(lambda: accepts(47030), 20)
        if not (code_file and seen["listening"]):
            return seen
        player = Peer(
            "player",
            work / "anna",
            code_file.read_text().strip(),
            "--port",
            "47030",
            "--name",
            "Anna",
            wait=False,
        )
        try:
            player.wait()
            player.request("new", key="kira", system="shadowrun4", fields={"name": "Kira"})
            table = wait_for(lambda: player.request("state")["table"]["players"], 10)
            seen["players at the table"] = sorted(p["name"] for p in table.values())
        finally:
            player.quit()
    finally:
        app.terminate()
        app.wait(20)
    return seen


def joining(bundle: Path, work: Path, display: str) -> dict:
    """A host process on 127.0.0.1; the bundle joins it through the join dialog."""
    host = Peer("host", work / "host", CODE)
    home = work / "player"
    home.mkdir()
    seen: dict = {}
    app, _window = start_app(bundle, home, display)
    try:
        xdo(display, "key", "ctrl+n")  # a character to bring
        time.sleep(0.5)
        xdo(display, "key", "alt+t")
        time.sleep(0.5)
        xdo(display, "key", "j")
        time.sleep(1.5)
        xdo(display, "key", "alt+a")
        xdo(display, "type", f"127.0.0.1:{host.port}")
        xdo(display, "key", "alt+c")
        xdo(display, "type", CODE)
        xdo(display, "key", "Return")
        seen["players at the table"] = len(wait_for(lambda: host.request("stats")["players"], 20))
        state = host.request("state")
        seen["characters brought"] = len([d for d in state if d != "table"])
    finally:
        app.terminate()
        app.wait(20)
        host.quit()
    return seen


def main() -> None:
    bundle, work = Path(sys.argv[1]), Path(sys.argv[2])
    display = free_display()
    server = subprocess.Popen(
        ["Xvfb", display, "-screen", "0", "1366x768x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_for(lambda: Path(f"/tmp/.X11-unix/X{display[1:]}").exists(), 20)
        seen = {
            "hosting": hosting(bundle, work, display),
            "joining": joining(bundle, work, display),
        }
    finally:
        server.terminate()
        server.wait(20)
    print(json.dumps(seen))


if __name__ == "__main__":
    main()
