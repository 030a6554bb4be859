"""Answers for the benchmarks: scoreable answers grouped by source, so a run can take each answer once and choose how
many answers share a context."""

from __future__ import annotations

from collections.abc import Sequence

from halluseq.data.example import Example


def by_source(examples: Sequence[Example]) -> dict[str, list[Example]]:
    """The answers that have a context and words, per source (``Example.group``), in file order."""
    grouped: dict[str, list[Example]] = {}
    for example in examples:
        if example.context.strip() and example.n_words:
            grouped.setdefault(example.group, []).append(example)
    return grouped


def per_source(grouped: dict[str, list[Example]], k: int) -> list[Example]:
    """The first ``k`` answers of each source, sources in file order."""
    return [example for group in grouped.values() for example in group[:k]]
