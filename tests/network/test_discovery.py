"""Advertising and finding a table with DNS-SD, inside a network namespace the test makes
itself (``unshare --net``: only its own ``lo``, with multicast on), so that no packet,
multicast included, leaves the machine. Skipped, with the reason, where no namespace can be
made (not root, no ``unshare``).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]

ADVERTISE = textwrap.dedent(
    """
    import asyncio, sys
    from shadowdice.network.discovery import Advertiser

    async def main():
        advertiser = Advertiser(interfaces=["127.0.0.1"])
        await advertiser.start("Anna's table", 47001, ["127.0.0.1"])
        print("advertising", flush=True)
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
        await advertiser.stop()

    asyncio.run(main())
    """
)

BROWSE = textwrap.dedent(
    """
    import asyncio, json, subprocess, sys
    from shadowdice.network.discovery import Browser

    async def main():
        found, lost = [], []
        browser = Browser(found.append, lost.append, interfaces=["127.0.0.1"])
        await browser.start()
        advertiser = subprocess.Popen(
            [sys.executable, "-c", sys.argv[1]], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            text=True,
        )
        advertiser.stdout.readline()
        for _ in range(100):
            if found:
                break
            await asyncio.sleep(0.1)
        advertiser.stdin.write("stop\\n")
        advertiser.stdin.flush()
        advertiser.wait(20)
        for _ in range(50):
            if lost:
                break
            await asyncio.sleep(0.1)
        await browser.stop()
        print(json.dumps({
            "found": [[t.name, list(t.addresses), t.port] for t in found], "lost": lost,
        }))

    asyncio.run(main())
    """
)

NAMESPACE = "ip link set lo up && ip link set lo multicast on && ip route add 224.0.0.0/4 dev lo"


def namespace_problem() -> str | None:
    if not sys.platform.startswith("linux"):
        return "network namespaces are Linux's"
    if shutil.which("unshare") is None or shutil.which("ip") is None:
        return "unshare or ip is not installed"
    probe = subprocess.run(
        ["unshare", "--net", "sh", "-c", NAMESPACE], capture_output=True, text=True
    )
    if probe.returncode != 0:
        return f"no network namespace can be made here: {probe.stderr.strip()[:200]}"
    return None


def test_a_table_advertised_is_found_with_its_address_and_port_and_lost_when_it_closes():
    problem = namespace_problem()
    if problem:
        pytest.skip(problem)
    result = subprocess.run(
        [
            "unshare",
            "--net",
            "sh",
            "-c",
            f'{NAMESPACE} && exec "$0" -c "$1" "$2"',
            sys.executable,
            BROWSE,
            ADVERTISE,
        ],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert result.returncode == 0, result.stderr[-2000:]
    seen = json.loads(result.stdout.strip().splitlines()[-1])
    assert seen["found"][0] == ["Anna's table", ["127.0.0.1"], 47001]
    assert seen["lost"] == ["Anna's table"]
