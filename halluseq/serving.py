"""Micro-batched scoring for the service: one worker thread owns the detector, requests wait in a bounded queue.

Requests that arrive within ``window_s`` of each other are scored by one ``Detector.predict_batch`` call (up to
``max_items`` answers), which is cheaper per answer than one call each and gives the same numbers (scores do not
depend on batch composition). A full queue refuses new work at once (:class:`Overloaded`) instead of letting
requests pile up; a request cancelled before its batch starts (its client gave up) is skipped. After each batch
the heap's free pages go back to the system (:mod:`halluseq.heap`).
"""

from __future__ import annotations

import contextlib
import queue
import threading
import time
from collections.abc import Mapping, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any

from halluseq.detector import Detector
from halluseq.heap import release_free_memory
from halluseq.result import DetectionResult


class Overloaded(RuntimeError):
    """The queue is full: the caller should retry later (HTTP 503 with Retry-After)."""


@dataclass
class Job:
    items: list[Mapping[str, Any]]
    future: Future = field(default_factory=Future)


class MicroBatcher:
    """Scores submitted item lists in the worker thread, several requests per ``predict_batch`` call."""

    def __init__(self, detector: Detector, max_queue: int = 64, window_s: float = 0.01, max_items: int = 64):
        self.detector, self.window_s, self.max_items = detector, window_s, max_items
        self._queue: queue.Queue[Job | None] = queue.Queue(maxsize=max_queue)
        self._stopped = threading.Event()
        self.batches = self.requests = 0
        self._worker = threading.Thread(target=self._run, name="halluseq-scorer", daemon=True)
        self._worker.start()

    @property
    def depth(self) -> int:
        """Requests waiting for a batch."""
        return self._queue.qsize()

    def submit(self, items: Sequence[Mapping[str, Any]]) -> Future:
        """A future of the items' results (input order); :class:`Overloaded` when the queue is full."""
        if self._stopped.is_set():
            raise Overloaded("the server is shutting down")
        job = Job(list(items))
        try:
            self._queue.put_nowait(job)
        except queue.Full:
            raise Overloaded(f"{self._queue.maxsize} requests are already waiting") from None
        return job.future

    def close(self, timeout: float = 2.0) -> None:
        """Stop taking work, cancel what waits, and give the current batch ``timeout`` seconds to finish."""
        self._stopped.set()
        while True:
            try:
                job = self._queue.get_nowait()
            except queue.Empty:
                break
            if job is not None:
                job.future.cancel()
        with contextlib.suppress(queue.Full):
            self._queue.put_nowait(None)  # wake the worker
        self._worker.join(timeout)

    def _collect(self, first: Job) -> list[Job]:
        """``first`` and whatever else arrives within the window, up to ``max_items`` answers."""
        jobs, count = [first], len(first.items)
        deadline = time.monotonic() + self.window_s
        while count < self.max_items:
            try:
                job = self._queue.get(timeout=max(deadline - time.monotonic(), 0))
            except queue.Empty:
                break
            if job is None:
                self._stopped.set()
                break
            jobs.append(job)
            count += len(job.items)
        return jobs

    def _run(self) -> None:
        while not self._stopped.is_set():
            first = self._queue.get()
            if first is None:
                break
            live = [job for job in self._collect(first) if job.future.set_running_or_notify_cancel()]
            if not live:
                continue
            try:
                results: list[DetectionResult] = self.detector.predict_batch([i for job in live for i in job.items])
            except Exception as error:  # noqa: BLE001 - handed to every waiting request, the worker goes on
                for job in live:
                    job.future.set_exception(error)
                continue
            finally:
                release_free_memory()
            self.batches += 1
            self.requests += len(live)
            start = 0
            for job in live:
                job.future.set_result(results[start:start + len(job.items)])
                start += len(job.items)
