"""Handing the heap's free pages back to the system (halluseq.heap)."""

from __future__ import annotations

import sys

import psutil
import pytest

from halluseq.heap import MALLOC_TRIM, release_free_memory


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's malloc_trim")
def test_freed_heap_pages_go_back_to_the_system():
    assert MALLOC_TRIM is not None
    process = psutil.Process()
    blocks = [bytearray(100_000) for _ in range(2000)]  # below glibc's mmap threshold: on the heap
    last = blocks[-1]  # pins the heap's top, so free() alone cannot shrink it
    del blocks
    held = process.memory_info().rss
    release_free_memory()
    assert held - process.memory_info().rss > 100_000_000
    assert len(last) == 100_000
