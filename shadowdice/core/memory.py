"""Handing the memory the app freed back to the system.

C's allocator keeps what a program frees for the program's next requests, and the pages stay
the program's, resident, even when nothing of them is used: after a party's files were read
(their bytes, the parser's buffers, the threads that read them) and after a character's card
was freed (its widgets and list), a few megabytes stay so on Linux. glibc's ``malloc_trim``
gives every free page back to the system, in about a millisecond; the app calls
:func:`give_back_free_memory` after such work. Elsewhere (macOS, Windows, a C library without
``malloc_trim``) it does nothing, and the system's own allocator decides.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable


def give_back_free_memory() -> bool:
    """Give the free pages of C's allocator back to the system; True if any went back.

    >>> give_back_free_memory() in (True, False)
    True
    """
    trim = _malloc_trim()
    return trim is not None and bool(trim(0))


@functools.cache
def _malloc_trim() -> Callable[[int], int] | None:
    """The C library's ``malloc_trim`` (glibc's), where the process has one."""
    if not sys.platform.startswith("linux"):
        return None
    import ctypes  # only here: most starts never need it

    try:
        return ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError):
        return None
