"""The thread the table's asyncio loop runs in, apart from the window's.

The window's thread never waits on the network: it hands work to the loop with :meth:`call`
(which returns a :class:`concurrent.futures.Future`), and hears back through the events the
host or client calls in the loop's thread (the user interface turns them into queued Qt
signals). Every pycrdt document is made and used in the loop's thread only.

The loop is a selector loop on every platform: Windows' default proactor loop has no UDP
endpoints, which DNS-SD needs, and nothing here needs the proactor.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import inspect
import selectors
import threading
from collections.abc import Callable
from typing import Any


class NetworkLoop:
    """An asyncio loop in a daemon thread of its own."""

    def __init__(self) -> None:
        self._loop = asyncio.SelectorEventLoop(selectors.DefaultSelector())
        self._thread = threading.Thread(target=self._run, name="shadowdice-network", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        self._loop.run_forever()

    def call(self, function: Callable[..., Any], *args: Any) -> concurrent.futures.Future:
        """Run ``function(*args)`` in the loop's thread (awaited if it is a coroutine)."""

        async def run() -> Any:
            result = function(*args)
            return await result if inspect.isawaitable(result) else result

        return asyncio.run_coroutine_threadsafe(run(), self._loop)

    def run(self, function: Callable[..., Any], *args: Any, timeout: float = 30.0) -> Any:
        """:meth:`call` and wait for the result."""
        return self.call(function, *args).result(timeout)

    def stop(self) -> None:
        """Stop the loop and wait for its thread."""
        if self._loop.is_closed():
            return
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)
        if not self._thread.is_alive():
            self._loop.close()
