"""Resident memory of a long-running process: hand the heap's free pages back to the system.

glibc keeps freed memory in its arenas; after batches of very different shapes (torch tensors of every sequence
length) a server's resident set grows far past what it uses (benchmarks/memory_rounds.py). ``malloc_trim(0)``
returns the free pages. A no-op where the C library has no ``malloc_trim`` (musl, macOS, Windows).
"""

from __future__ import annotations

import ctypes
import ctypes.util
from collections.abc import Callable


def _heap_trimmer() -> Callable[[int], int] | None:
    """glibc's ``malloc_trim`` (None elsewhere)."""
    try:
        return ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6").malloc_trim
    except (OSError, AttributeError):
        return None


MALLOC_TRIM = _heap_trimmer()


def release_free_memory() -> None:
    """Hand the heap's free pages back to the system (a no-op without glibc)."""
    if MALLOC_TRIM is not None:
        MALLOC_TRIM(0)
