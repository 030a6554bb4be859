"""Very long answers through a recurrent labeler: overlapping windows past its reach.

A BiGRU reads a sequence one word after another, so a 200,000-word answer is 200,000 steps in a row at batch 1,
however fast each step. Past its reach (:class:`Reach`) a sequence is cut into consecutive cores of ``window``
words, each read with up to ``margin`` words of the sequence on either side; a word's probability is the one its
core's window gives it. The windows of one answer run side by side as a batch. Within a window the labeler is
exact; what a word's score owes to words more than ``margin`` away is lost (``benchmarks/labeler_reach.py``
measures how little that is). Sequences within the reach are read whole, as before.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np


class Window(NamedTuple):
    read_start: int  # the words read: [read_start, read_end)
    read_end: int
    core_start: int  # the words scored: [core_start, core_end)
    core_end: int


@dataclass(frozen=True)
class Reach:
    """How a recurrent labeler reads a sequence: whole up to ``words`` words, past that in windows whose cores of
    ``window`` words are read with up to ``margin`` words on either side."""

    words: int = 10_000
    window: int = 1_000
    margin: int = 250

    def __post_init__(self) -> None:
        if min(self.words, self.window) < 1 or self.margin < 0:
            raise ValueError(f"reach words and window must be positive and margin non-negative, got {self}")

    def windows(self, n: int) -> list[Window]:
        """The windows that read a sequence of ``n`` words (one window of all of it when ``n <= words``)."""
        if n <= self.words:
            return [Window(0, n, 0, n)]
        return [Window(max(0, start - self.margin), min(n, start + self.window + self.margin), start,
                       min(n, start + self.window)) for start in range(0, n, self.window)]

    def predict(self, predict: Callable[[list[np.ndarray]], list[np.ndarray]], sequences: Sequence[np.ndarray]
                ) -> list[np.ndarray]:
        """``predict`` (per-word probabilities of a list of ``(T, d)`` feature sequences) run on the windows of each
        sequence, the cores' probabilities put back together: one ``(n_words,)`` array per sequence."""
        pieces: list[np.ndarray] = []
        plans: list[tuple[int, list[Window]]] = []
        for sequence in sequences:
            plan = self.windows(len(sequence))
            plans.append((len(pieces), plan))
            pieces.extend(sequence[w.read_start:w.read_end] for w in plan)
        scored = predict(pieces)
        return [np.concatenate([scored[first + k][w.core_start - w.read_start:w.core_end - w.read_start]
                                for k, w in enumerate(plan)]) for first, plan in plans]

    def note(self, n: int) -> str | None:
        """What a result says when its answer of ``n`` words was read in windows (None when read whole)."""
        if n <= self.words:
            return None
        return (f"answer of {n} words is over the sequence model's {self.words}-word reach: it read the answer in "
                f"{len(self.windows(n))} windows of {self.window} words, each with up to {self.margin} words on "
                f"either side")


DEFAULT_REACH = Reach()
