"""Python's cycle collector around work that makes many objects meant to stay.

The collector walks the objects it tracks whenever enough new ones were made, and each of its
full collections walks every object made since the last :func:`gc.freeze`. Opening a party's
files makes some thousand long-lived objects a character (its sheet, its rows, their texts),
so while a folder of thousands of characters opens, the collector would walk the sheets
already read again and again, and opening would grow faster than the number of files
(twice the time per file at 5,000 files as at 500).

:func:`collector_resting` lets such work run without it: the collector rests meanwhile, and
at the end :func:`gc.freeze` sets everything made so far out of its sight, so no later
collection walks it either, in the middle of a roll. What is frozen is still freed when
nothing refers to it any more (a character's sheet holds no reference cycles); only cycles
that were garbage when the work ended stay in memory until the app quits (opening a party
of a hundred leaves some thirty objects so).
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_resting() -> Iterator[None]:
    """Run the body without the cycle collector, then freeze what exists and let it run again
    (if it ran before: nested, the outermost decides).

    >>> with collector_resting():
    ...     gc.isenabled()
    False
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if was_enabled:
            gc.enable()
