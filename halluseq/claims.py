"""Per-sentence verdicts with a reason that names the evidence (from the text features)."""

from __future__ import annotations

import numpy as np

from halluseq.data.example import Example
from halluseq.data.sentences import sentence_index, split_sentences
from halluseq.data.words import word_offsets
from halluseq.features.text import COLUMNS, text_features
from halluseq.result import Claim

_PUNCTUATION = ".,!?;:'\"()[]"
_MAX_LISTED = 5


def _listed(words: list[str]) -> str:
    unique = list(dict.fromkeys(w.strip(_PUNCTUATION) for w in words if w.strip(_PUNCTUATION)))
    more = f" (+{len(unique) - _MAX_LISTED} more)" if len(unique) > _MAX_LISTED else ""
    return ", ".join(unique[:_MAX_LISTED]) + more


def _reason(words: list[str], text: np.ndarray, hallucinated: bool) -> str:
    """Evidence for one sentence; ``text`` is its ``(n_words, 20)`` text-feature block."""
    col = {name: i for i, name in enumerate(COLUMNS)}
    novel = text[:, col["is_novel"]] > 0
    numbers = [w for w, flag in zip(words, text[:, col["novel_number"]] > 0, strict=True) if flag]
    names = [w for w, n, cap in zip(words, novel, text[:, col["is_capitalized"]] > 0, strict=True) if n and cap]
    others = [w for w, n in zip(words, novel, strict=True) if n and w not in numbers and w not in names]
    if not hallucinated:
        found = int((~novel).sum())
        return f"supported: {found} of {len(words)} words found in the context"
    parts = []
    if numbers:
        parts.append(f"numbers {_listed(numbers)} not found")
    if names:
        parts.append(f"names {_listed(names)} not found")
    if others and not parts:
        parts.append(f"words {_listed(others)} not found")
    if not parts:
        return "flagged by the sequence model although its words occur in the context (wording or order differs)"
    return "no support in context: " + "; ".join(parts)


def claims(example: Example, probs: np.ndarray, threshold: float, text: np.ndarray | None = None) -> list[Claim]:
    """One :class:`Claim` per sentence of the answer; its score is its highest word probability.

    ``text``: the example's ``(n_words, 20)`` text features if already computed.
    """
    sentences = split_sentences(example.answer)
    owner = sentence_index(word_offsets(example.words), sentences)  # (T,)
    text = text_features(example) if text is None else text  # (T, 20)
    out = []
    for number, (start, end) in enumerate(sentences):
        picked = np.flatnonzero(owner == number)
        if len(picked) == 0:
            continue
        score = float(probs[picked].max())
        hallucinated = score >= threshold
        words = [example.words[i].text for i in picked]
        out.append(Claim(example.answer[start:end], start, end, hallucinated, score,
                         _reason(words, text[picked], hallucinated)))
    return out
