"""Bounded cost for long answers: the neural families score an answer over the budget in windows of it.

An answer of more than ``budget`` words is cut into consecutive windows of at most ``budget`` words, each ending
at the last sentence end inside it (or at the budget when a sentence runs longer). Each window is scored as an
answer of its own against the whole context, so features are exact within a window; what crosses a window edge
(the proxy LM's view of earlier answer text, running NLI means) restarts there. Answers within the budget are
untouched.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import numpy as np

from halluseq.data.example import Example
from halluseq.data.sentences import split_sentences

DEFAULT_BUDGET = 4000  # words; an answer up to this is scored whole by every family


def window_bounds(example: Example, budget: int) -> list[tuple[int, int]]:
    """Word ranges ``[start, end)`` of the windows of ``example`` (one range when it fits the budget)."""
    n = example.n_words
    if n <= budget:
        return [(0, n)]
    ends = np.array([w.end for w in example.words])  # (T,)
    sentence_ends = np.searchsorted(ends, [end for _, end in split_sentences(example.answer)], side="left") + 1
    bounds, start = [], 0
    while start < n:
        limit = min(start + budget, n)
        inside = sentence_ends[(sentence_ends > start) & (sentence_ends <= limit)]
        end = int(inside.max()) if len(inside) and limit < n else limit
        bounds.append((start, end))
        start = end
    return bounds


def window_example(example: Example, start: int, end: int) -> Example:
    """The answer's words ``[start, end)`` as an answer of their own (same context and question, no spans)."""
    words = example.words
    answer = example.answer[words[start].start:words[end - 1].end]
    return dataclasses.replace(example, id=f"{example.id}#words{start}-{end}", answer=answer, spans=(), meta={})


def split_long(examples: Sequence[Example], budget: int) -> tuple[list[Example], list[list[int]]]:
    """The examples with every long one replaced by its windows, and per example the rows it became."""
    pieces: list[Example] = []
    rows: list[list[int]] = []
    for example in examples:
        bounds = window_bounds(example, budget)
        if len(bounds) == 1:
            rows.append([len(pieces)])
            pieces.append(example)
            continue
        rows.append(list(range(len(pieces), len(pieces) + len(bounds))))
        pieces.extend(window_example(example, start, end) for start, end in bounds)
    return pieces, rows


def join_windows(matrices: Sequence[np.ndarray], rows: Sequence[list[int]]) -> list[np.ndarray]:
    """Per example, its windows' ``(n_words, d)`` matrices stacked back in answer order."""
    return [matrices[r[0]] if len(r) == 1 else np.concatenate([matrices[i] for i in r], axis=0) for r in rows]
