"""Evidence for per-sentence verdicts: the context sentences that best support and most contradict a claim.

For each answer sentence (of at least ``MIN_WORDS`` words), the ``candidates`` context sentences sharing the most
content words with it (ties: earlier first) are scored by the detector's NLI model, each alone: the text that is
quoted. A candidate that opens with a word pointing back (``It``, ``They``, ``This`` ...) is also scored with the
context sentence before it as the premise, and that pair gives its support (so "It is 330 metres tall." knows what
"It" is), while its contradiction is still read from it alone (with the sentence before it, a candidate would be
quoted for a contradiction that sits in that sentence).
The best-entailing and the most-contradicting of them become the claim's evidence, quoted with character offsets
into the context. Pairs of every answer of a batch go through the model together.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import numpy as np
from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS

from halluseq.data.example import Example
from halluseq.data.sentences import split_sentences
from halluseq.features.nli import MIN_WORDS, PROB_LABELS, NLIFeatures
from halluseq.features.text import word_key
from halluseq.result import Evidence

CANDIDATES = 4
# Evidence pairs are short and many, of all lengths: padded to multiples of this many tokens they share fewer, fuller
# batches (in bfloat16 each padded length has one batch shape, features/encoders.py). Their probabilities are shown,
# never fed to a labeler, so they need not match the NLI features' padding
PAD_MULTIPLE = 32
# First words of a sentence that refer to something before it: such a candidate's support is read with the
# sentence before it in the premise
ANAPHORS = frozenset({"it", "its", "he", "his", "him", "she", "her", "they", "their", "them", "this", "these", "those",
                      "that", "there", "such", "both", "each", "another", "here"})
_CONTRADICTION, _ENTAILMENT = PROB_LABELS.index("contradiction"), PROB_LABELS.index("entailment")


class Candidate(NamedTuple):
    """A context sentence scored for one claim: its span and the score rows of its support and contradiction pairs."""

    span: tuple[int, int]
    support_row: int
    contradiction_row: int


def points_back(sentence: str) -> bool:
    """Whether a sentence opens with a word that refers to something before it (``It``, ``They``, ``This`` ...)."""
    words = sentence.split(maxsplit=1)
    return bool(words) and word_key(words[0]) in ANAPHORS


def content_keys(text: str) -> set[str]:
    """Lowercased words of ``text`` without edge punctuation and English stop words."""
    return {key for key in (word_key(w) for w in text.split()) if key and key not in ENGLISH_STOP_WORDS}


def closest_sentences(claim: str, sentences: Sequence[str], keys: Sequence[set[str]], k: int) -> list[int]:
    """Indices of the ``k`` context sentences sharing the most content words with ``claim`` (none shared: none)."""
    wanted = content_keys(claim)
    shared = np.array([len(wanted & sentence_keys) for sentence_keys in keys])  # (n_sentences,)
    order = np.argsort(-shared, kind="stable")[:k]
    return [int(i) for i in order if shared[i] > 0]


class EvidenceFinder:
    """Finds each answer sentence's best supporting and most contradicting context sentence with an NLI model."""

    def __init__(self, nli: NLIFeatures, candidates: int = CANDIDATES):
        self.nli, self.candidates = nli, candidates

    def find(self, examples: Sequence[Example]) -> list[list[tuple[Evidence | None, Evidence | None]]]:
        """Per example, per sentence of ``split_sentences(example.answer)``: ``(support, contradiction)``."""
        pairs: dict[tuple[str, str], int] = {}  # distinct (premise, hypothesis) -> score row
        plans = []  # per example, per answer sentence: its candidates
        for example in examples:
            spans = split_sentences(example.context)
            texts = [example.context[start:end] for start, end in spans]
            keys = [content_keys(text) for text in texts]
            # the premise a candidate's support is read from: with the sentence before it where it points back
            premises = [example.context[spans[i - 1][0]:end] if i and points_back(text) else text
                        for i, ((_, end), text) in enumerate(zip(spans, texts, strict=True))]
            plan = []
            for start, end in split_sentences(example.answer):
                claim = example.answer[start:end]
                chosen = closest_sentences(claim, texts, keys, self.candidates) if len(claim.split()) >= MIN_WORDS \
                    else []
                plan.append([Candidate(spans[i], pairs.setdefault((premises[i], claim), len(pairs)),
                                       pairs.setdefault((texts[i], claim), len(pairs))) for i in chosen])
            plans.append(plan)
        scores = self.nli.score_pairs(list(pairs), PAD_MULTIPLE)  # (n_pairs, 3): contradiction, entailment, neutral
        return [[self._pick(example.context, rows, scores) for rows in plan]
                for example, plan in zip(examples, plans, strict=True)]

    @staticmethod
    def _pick(context: str, candidates: list[Candidate],
              scores: np.ndarray) -> tuple[Evidence | None, Evidence | None]:
        if not candidates:
            return None, None
        support = max(candidates, key=lambda c: scores[c.support_row, _ENTAILMENT])
        contradiction = max(candidates, key=lambda c: scores[c.contradiction_row, _CONTRADICTION])
        return (Evidence(context[slice(*support.span)], *support.span,
                         float(scores[support.support_row, _ENTAILMENT])),
                Evidence(context[slice(*contradiction.span)], *contradiction.span,
                         float(scores[contradiction.contradiction_row, _CONTRADICTION])))
