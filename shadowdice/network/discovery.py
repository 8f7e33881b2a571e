"""Finding tables on the local network: DNS-SD over multicast DNS (python-zeroconf).

The host advertises its table as a service of type :data:`SERVICE_TYPE` named after the
table, with its port and addresses; a joining laptop browses for that type and lists what it
finds. Where multicast is blocked (guest Wi-Fi, access points that isolate their clients), the
host's panel shows the address and a QR code of it instead, and the join dialog takes a typed
address.

Addresses are given with their scope where they need one (an IPv6 link-local address means
nothing without the interface it was found on: ``fe80::1%wlan0``), IPv4 first.

Both run in the network loop (zeroconf's asyncio API), never in the window's thread.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Callable
from dataclasses import dataclass

from zeroconf import IPVersion, ServiceStateChange
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

#: The DNS-SD service type of a Shadowdice table.
SERVICE_TYPE = "_shadowdice._tcp.local."
_WAIT_MS = 3000


@dataclass(frozen=True)
class FoundTable:
    """A table seen on the network.

    Attributes:
        name: the table's name, as its host advertises it.
        addresses: where it listens, IPv4 first, link-local IPv6 with its scope.
        port: its port.
    """

    name: str
    addresses: tuple[str, ...]
    port: int


def _ordered(addresses: list[str]) -> tuple[str, ...]:
    def key(address: str) -> tuple[int, str]:
        plain = address.split("%", 1)[0]
        return (ipaddress.ip_address(plain).version, address)

    return tuple(sorted(set(addresses), key=key))


class Advertiser:
    """Makes a table known on the local network while it is open."""

    def __init__(self, interfaces: list[str] | None = None) -> None:
        self._interfaces = interfaces
        self._zeroconf: AsyncZeroconf | None = None
        self._info: AsyncServiceInfo | None = None

    async def start(self, name: str, port: int, addresses: list[str]) -> None:
        """Advertise ``name`` at ``port`` on ``addresses``."""
        self._zeroconf = AsyncZeroconf(
            interfaces=self._interfaces or addresses, ip_version=IPVersion.All
        )
        self._info = AsyncServiceInfo(
            SERVICE_TYPE,
            f"{name[:60]}.{SERVICE_TYPE}",
            port=port,
            parsed_addresses=addresses,
            properties={"v": "1"},
        )
        # zeroconf hands back a task that ends once the name is announced.
        await (await self._zeroconf.async_register_service(self._info, allow_name_change=True))

    async def stop(self) -> None:
        """Stop advertising (the table closes)."""
        if self._zeroconf is not None:
            if self._info is not None:
                # Its task ends once the goodbye is sent: the browsers drop the table.
                await (await self._zeroconf.async_unregister_service(self._info))
            await self._zeroconf.async_close()
            self._zeroconf = None


class Browser:
    """Lists the tables advertised on the local network, as they come and go.

    ``found`` is called with each table seen (again when it changes), ``lost`` with the name
    of one that went away; both in the network loop's thread.
    """

    def __init__(
        self,
        found: Callable[[FoundTable], None],
        lost: Callable[[str], None],
        interfaces: list[str] | None = None,
    ) -> None:
        self._found = found
        self._lost = lost
        self._interfaces = interfaces
        self._zeroconf: AsyncZeroconf | None = None
        self._browser: AsyncServiceBrowser | None = None
        self._pending: set = set()

    async def start(self) -> None:
        """Start looking."""
        kwargs = {"interfaces": self._interfaces} if self._interfaces else {}
        self._zeroconf = AsyncZeroconf(ip_version=IPVersion.All, **kwargs)
        self._browser = AsyncServiceBrowser(
            self._zeroconf.zeroconf, [SERVICE_TYPE], handlers=[self._on_state_change]
        )

    def _on_state_change(self, zeroconf, service_type, name, state_change) -> None:
        import asyncio

        table = name[: -len(service_type) - 1] if name.endswith(service_type) else name
        if state_change is ServiceStateChange.Removed:
            self._lost(table)
            return
        task = asyncio.ensure_future(self._resolve(service_type, name, table))
        self._pending.add(task)
        task.add_done_callback(self._pending.discard)

    async def _resolve(self, service_type: str, name: str, table: str) -> None:
        if self._zeroconf is None:
            return
        info = AsyncServiceInfo(service_type, name)
        if await info.async_request(self._zeroconf.zeroconf, _WAIT_MS) and info.port:
            addresses = _ordered(info.parsed_scoped_addresses())
            if addresses:
                self._found(FoundTable(table, addresses, info.port))

    async def stop(self) -> None:
        """Stop looking."""
        if self._browser is not None:
            await self._browser.async_cancel()
        for task in list(self._pending):
            task.cancel()
        if self._zeroconf is not None:
            await self._zeroconf.async_close()
            self._zeroconf = None
