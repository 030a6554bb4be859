"""Contexts among unrelated passages: copies of answers whose context is set among other documents.

A retrieval context is rarely one passage: a RAG system passes several, most of them about something else. A
detector trained only on one-passage contexts learns what a context's length and the share of an answer's words
found in it mean there; set among ten other passages, the RAGTruth answers the shipped detector flagged were flagged
far less often (``benchmarks/distractors.py``). Here each base answer is copied with its context placed at a random
position among ``passages`` other contexts of the bases (never one of the same document), joined by blank lines. The
answer, its spans and its group stay: the copy is grouped with its base, and its distractors' groups are not linked to
it (a labeler reads only features computed against the copy's own context, never the text, so a distractor passage
teaches it nothing about the example that owns that passage). Deterministic for a seed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from halluseq.data.example import TRAINING_COPY, Example
from halluseq.data.sources import document_key

PASSAGE_SEPARATOR = "\n\n"


def distract(bases: Sequence[Example], passages: tuple[int, int] = (1, 8), seed: int = 0) -> list[Example]:
    """One copy of every base with a context, its context among ``passages[0]..passages[1]`` (uniform) other
    contexts of the bases (a training copy, :attr:`Example.training_copy`); ``meta[TRAINING_COPY]`` holds how many,
    ``meta["origin"]`` the base's id."""
    low, high = passages
    if not 1 <= low <= high:
        raise ValueError(f"passages must be two counts 1 <= low <= high, got {passages!r}")
    pool: dict[str, str] = {}
    for example in bases:
        key = document_key(example.context)
        if key is not None:
            pool.setdefault(key, example.context)
    documents = sorted(pool.items())
    if len(documents) <= high:
        raise ValueError(f"distractors need more than {high} distinct contexts among the bases, got {len(documents)}")
    rng = random.Random(seed)
    copies = []
    for example in bases:
        own = document_key(example.context)
        if own is None or not example.n_words:
            continue
        count = rng.randint(low, high)
        drawn = [text for key, text in rng.sample(documents, count + 1) if key != own][:count]
        drawn.insert(rng.randint(0, len(drawn)), example.context)
        meta = {k: v for k, v in example.meta.items() if k not in ("weight", "train")}
        copies.append(replace(example, id=f"{example.id}#distracted", context=PASSAGE_SEPARATOR.join(drawn),
                              meta={**meta, TRAINING_COPY: count, "origin": example.id}))
    return copies
