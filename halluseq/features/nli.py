"""NLI features (SPEC 2.2, 7 columns): does the context entail or contradict each answer sentence?

Hypotheses are the answer's sentences (:func:`halluseq.data.sentences.split_sentences`). A sentence of fewer than
3 words is not scored and gets (contradiction 0, entailment 0, neutral 1); so does every sentence of a context
without words. Premise (option ``premise``):

- ``chunks`` (default, SPEC 2.2 extension): the context cut at word boundaries into chunks of at most
  ``chunk_tokens`` premise tokens (counted with the model's tokenizer), consecutive chunks sharing the longest
  run of whole words of at most ``chunk_overlap`` tokens (at least one word where two fit in a chunk), so that
  any run of words of at most ``chunk_overlap`` tokens lies whole in some chunk. Every chunk is scored with
  every sentence, up to ``max_chunks`` chunks (32 by default, ~8,000 tokens): past that (a long document) each
  sentence is scored with the ``max_chunks`` chunks holding the most of its content words
  (:func:`halluseq.features.align.relevance`; ties: earlier first), so the cost of a 50-page context is bounded.
- ``first400`` (the original method): the first 400 context words; the pair is truncated to the model's limit.

Aggregation per sentence over its chunks k, from the model's probabilities (labels read through
``config.id2label``):

- entailment = max_k p_entailment[k];
- contradiction = max of p_contradiction[k] over the chunks where entailment is not the top label
  (p_entailment[k] < max(p_contradiction[k], p_neutral[k])), or, if every chunk entails, p_contradiction of
  the chunk with the highest p_entailment; then capped at 1 - entailment;
- neutral = 1 - entailment - contradiction.

A single chunk (and ``first400``) thus gives the model's own three probabilities. Words take their sentence's
probabilities (by character midpoint); a word outside every sentence gets 1/3 each.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import numpy as np
import torch
from numpy.lib.stride_tricks import sliding_window_view

from halluseq.data.example import Example
from halluseq.data.sentences import sentence_index, split_sentences
from halluseq.data.words import Word, split_words, word_offsets
from halluseq.features.align import relevance, text_keys
from halluseq.features.base import FeatureExtractor
from halluseq.features.encoders import (
    PAD_MULTIPLE,
    keyed_config,
    model_dtype,
    model_limit,
    padded_batches,
    running_precision,
)
from halluseq.features.lm_scoring import torch_threads
from halluseq.nli.model import BUNDLED_NLI, label_index, load_nli_model, weights_digest

COLUMNS = ["nli_contradiction", "nli_entailment", "nli_neutral", "nli_running_contradiction",
           "nli_delta_contradiction", "nli_max_contradiction_10", "nli_entailment_drop"]
# Column order of every probability array of this module.
PROB_LABELS = ("contradiction", "entailment", "neutral")
UNSCORED = np.array([0.0, 0.0, 1.0])  # a sentence of fewer than MIN_WORDS words, or no premise
OUTSIDE = np.full(3, 1 / 3)  # a word outside every sentence
MIN_WORDS = 3
FIRST_WORDS = 400
MAX_WINDOW = 10
MAX_CHUNKS = 32  # premises per sentence; a longer context is narrowed to the chunks relevant to the sentence
PREMISES = ("chunks", "first400")
# Options that change speed, never values: left out of the cache key.
RUNTIME_OPTIONS = ("batch_tokens", "threads")


def word_token_counts(tokenizer: Any, text: str, words: Sequence[Word]) -> np.ndarray:
    """``(n_words,)`` tokens per word of ``text``; a token belongs to the first word ending at or after its end
    (so a lone word-prefix marker such as SentencePiece's ``▁`` counts for the word it opens)."""
    encoding = tokenizer(text, add_special_tokens=False, return_offsets_mapping=True, verbose=False)
    token_ends = np.array(encoding["offset_mapping"], dtype=np.int64).reshape(-1, 2)[:, 1]  # (N,)
    owner = np.minimum(np.searchsorted(word_offsets(words)[:, 1], token_ends, side="left"), len(words) - 1)
    return np.bincount(owner, minlength=len(words))


def chunk_words(counts: np.ndarray, chunk_tokens: int, overlap: int) -> list[tuple[int, int]]:
    """Word ranges ``[start, end)`` covering every word: each of at most ``chunk_tokens`` tokens (a longer single
    word stands alone), consecutive ranges sharing the longest run of whole words of at most ``overlap`` tokens
    (at least one word when ``overlap`` > 0), shortened where the next chunk's first new word would not fit beside
    it. ``counts`` is ``(n_words,)`` tokens per word."""
    cumulative = np.concatenate([[0], np.cumsum(counts)])  # (W + 1,)
    chunks: list[tuple[int, int]] = []
    start = 0
    while start < len(counts):
        end = max(int(np.searchsorted(cumulative, cumulative[start] + chunk_tokens, side="right")) - 1, start + 1)
        chunks.append((start, end))
        if end == len(counts):
            break
        shared = int(np.searchsorted(cumulative, cumulative[end] - overlap, side="left"))  # <= overlap tokens
        if overlap:
            shared = min(shared, end - 1)  # at least one word
        fits = int(np.searchsorted(cumulative, cumulative[end + 1] - chunk_tokens, side="left"))  # room for word end
        start = min(max(shared, fits), end)
    return chunks


def aggregate(chunk_probs: np.ndarray) -> np.ndarray:
    """One sentence's ``(3,)`` probabilities from its ``(n_chunks, 3)`` chunk probabilities (the module rule);
    no chunk gives (0, 0, 1)."""
    if len(chunk_probs) == 0:
        return UNSCORED.copy()
    contradiction, entailment, neutral = chunk_probs.T  # each (K,)
    not_entailing = entailment < np.maximum(contradiction, neutral)  # (K,)
    best = entailment.max()
    worst = contradiction[not_entailing].max() if not_entailing.any() else contradiction[entailment.argmax()]
    worst = min(worst, 1.0 - best)
    return np.array([worst, best, 1.0 - best - worst])


def word_features(offsets: np.ndarray, sentences: list[tuple[int, int]], probs: np.ndarray) -> np.ndarray:
    """The ``(n_words, 7)`` ``nli`` matrix from word ``offsets`` ``(n_words, 2)``, the answer's sentences and
    their ``(n_sentences, 3)`` probabilities."""
    if len(offsets) == 0:
        return np.zeros((0, len(COLUMNS)), dtype=np.float32)
    table = np.vstack([probs.reshape(-1, 3), OUTSIDE])  # (S + 1, 3); the last row is read by index -1
    per_word = table[sentence_index(offsets, sentences)]  # (T, 3)
    contradiction = per_word[:, 0]
    running = np.cumsum(contradiction) / np.arange(1, len(contradiction) + 1)
    delta = np.diff(contradiction, prepend=contradiction[0])
    padded = np.concatenate([np.full(MAX_WINDOW - 1, -np.inf), contradiction])  # (T + 9,)
    trailing_max = sliding_window_view(padded, MAX_WINDOW).max(axis=1)  # (T,)
    matrix = np.column_stack([per_word, running, delta, trailing_max, 1.0 - per_word[:, 1]])  # (T, 7)
    return matrix.astype(np.float32)


class NLIFeatures(FeatureExtractor):
    """SPEC 2.2 with the module's premise and aggregation rules.

    Options: ``backend`` (``halluseq-nli`` or any Hugging Face NLI sequence classifier id / folder), ``premise``
    (``chunks`` | ``first400``), ``max_length`` (tokens per pair, capped at the model's limit), ``chunk_tokens``,
    ``chunk_overlap``, ``max_chunks`` (per sentence; None: every chunk), ``precision`` (``float32`` |
    ``bfloat16``: faster on a CPU with bfloat16 instructions, probabilities within ~0.015; float32 on any other
    CPU; a cache key of its own, :mod:`halluseq.features.encoders`); runtime only (not in the cache key):
    ``batch_tokens`` (padded tokens per batch), ``threads`` (torch intra-op threads, None = unchanged; in bfloat16
    part of the cache key).
    """

    name: ClassVar[str] = "nli"
    reads_spaced: ClassVar[bool] = False  # a model reads the text as written
    windowed: ClassVar[bool] = True
    runtime_options: ClassVar[tuple[str, ...]] = RUNTIME_OPTIONS
    version: ClassVar[str] = "1"

    def __init__(self, **config: Any):
        config.setdefault("backend", BUNDLED_NLI)
        config.setdefault("premise", "chunks")
        config.setdefault("max_length", 512)
        config.setdefault("chunk_tokens", 256)
        config.setdefault("chunk_overlap", 32)
        config.setdefault("max_chunks", MAX_CHUNKS)
        config.setdefault("precision", "float32")
        config.setdefault("batch_tokens", 8192)
        config.setdefault("threads", None)
        model_dtype(config["precision"])  # fail early on an unknown precision
        if config["premise"] not in PREMISES:
            raise ValueError(f"nli premise must be one of {PREMISES}, not {config['premise']!r}")
        if not 0 <= config["chunk_overlap"] <= config["chunk_tokens"] // 2:
            raise ValueError("nli chunk_overlap must lie between 0 and chunk_tokens // 2, "
                             f"not {config['chunk_overlap']} (chunk_tokens {config['chunk_tokens']})")
        if config["max_chunks"] is not None and (not isinstance(config["max_chunks"], int) or config["max_chunks"] < 1):
            raise ValueError(f"nli max_chunks must be a positive integer or null, not {config['max_chunks']!r}")
        super().__init__(**config)
        self._loaded: tuple[Any, Any] | None = None

    @property
    def columns(self) -> list[str]:
        return list(COLUMNS)

    @property
    def fingerprint_config(self) -> dict[str, Any]:
        """For a bundled model or a local folder, the digest of its weights stands for its name (a retrained
        ``halluseq-nli`` keys anew; the same weights under another name or path share the cache); a hub id keys
        by name."""
        digest = weights_digest(self._config["backend"])
        config = keyed_config(self.config, self._config["threads"])
        return config if digest is None else {**config, "backend": f"weights:{digest}"}

    def load(self) -> tuple[Any, Any]:
        """The NLI ``(model, tokenizer)``, loaded on first use."""
        if self._loaded is None:
            model, tokenizer = load_nli_model(self._config["backend"])
            self._loaded = model.to(model_dtype(running_precision(self._config["precision"]))), tokenizer
        return self._loaded

    def premises(self, context: str) -> list[str]:
        """The premise texts of ``context`` (one per chunk, or the first 400 words); none for a context without
        words."""
        words = split_words(context)
        if not words:
            return []
        if self._config["premise"] == "first400":
            return [context[words[0].start:words[min(len(words), FIRST_WORDS) - 1].end]]
        counts = word_token_counts(self.load()[1], context, words)
        ranges = chunk_words(counts, self._config["chunk_tokens"], self._config["chunk_overlap"])
        return [context[words[start].start:words[end - 1].end] for start, end in ranges]

    def premises_for(self, premises: list[str], keys: Sequence[set[str]], hypothesis: str) -> list[str]:
        """The premises ``hypothesis`` is scored with: all of them, or past ``max_chunks`` the ``max_chunks`` that
        hold the most of its content words, in context order (``keys``: the premises' :func:`text_keys`)."""
        if not self.narrows(len(premises)):
            return premises
        scores = relevance(keys, hypothesis)
        ranked = sorted(range(len(premises)), key=lambda i: (-scores[i], i))
        return [premises[i] for i in sorted(ranked[:self._config["max_chunks"]])]

    def narrows(self, n_premises: int) -> bool:
        """Whether a context of ``n_premises`` chunks is past ``max_chunks`` (its sentences get a selection)."""
        return self._config["max_chunks"] is not None and n_premises > self._config["max_chunks"]

    @torch.inference_mode()
    def score_pairs(self, pairs: Sequence[tuple[str, str]], pad_multiple: int = PAD_MULTIPLE) -> np.ndarray:
        """``(n_pairs, 3)`` model probabilities (contradiction, entailment, neutral) of (premise, hypothesis)
        pairs, each pair truncated to the model's limit and padded to a multiple of ``pad_multiple`` tokens (the
        features' pairs keep the default: in bfloat16 another padding gives other numbers)."""
        out = np.zeros((len(pairs), 3))
        if not pairs:
            return out
        model, tokenizer = self.load()
        limit = model_limit(tokenizer, model, self._config["max_length"])
        room = limit - tokenizer.num_special_tokens_to_add(pair=True) - self._config["chunk_tokens"]
        if self._config["premise"] == "chunks" and room < MIN_WORDS:
            raise ValueError(f"nli chunk_tokens {self._config['chunk_tokens']} leaves no room for the hypothesis "
                             f"within the model's {limit} tokens")
        index = label_index(model.config)
        order = [index[label] for label in PROB_LABELS]
        premises, hypotheses = zip(*pairs, strict=True)
        encoding = tokenizer(list(premises), list(hypotheses), truncation=True, max_length=limit)
        with torch_threads(self._config["threads"]):
            for batch, inputs in padded_batches(tokenizer, encoding, self._config["batch_tokens"], limit,
                                                fixed_shape=model.dtype != torch.float32,
                                                multiple=pad_multiple):
                logits = model(**inputs).logits[:len(batch)]  # (B, n_labels)
                out[batch] = torch.softmax(logits.float(), dim=-1)[:, order].numpy()
        return out

    def sentence_probabilities(self, examples: Sequence[Example]) -> list[np.ndarray]:
        """Per example, the ``(n_sentences, 3)`` aggregated probabilities (contradiction, entailment, neutral) of
        the sentences ``split_sentences(example.answer)``, in order."""
        premises: dict[str, list[str]] = {}  # context -> its premises, computed once per distinct context
        keys: dict[str, list[set[str]]] = {}  # context -> its premises' word keys (a context past max_chunks only)
        pairs: dict[tuple[str, str], int] = {}  # distinct (premise, hypothesis) -> row of the scores
        plans: list[list[list[int]]] = []  # per example, per sentence: the score rows of its pairs
        for example in examples:
            if example.context not in premises:
                premises[example.context] = self.premises(example.context)
                keys[example.context] = [text_keys(p) for p in premises[example.context]] \
                    if self.narrows(len(premises[example.context])) else []
            plan = []
            for start, end in split_sentences(example.answer):
                hypothesis = example.answer[start:end]
                scored = len(split_words(hypothesis)) >= MIN_WORDS
                plan.append([pairs.setdefault((premise, hypothesis), len(pairs))
                             for premise in self.premises_for(premises[example.context], keys[example.context],
                                                              hypothesis)]
                            if scored else [])
            plans.append(plan)
        scores = self.score_pairs(list(pairs))  # (n_pairs, 3)
        return [np.array([aggregate(scores[rows]) for rows in plan]).reshape(-1, 3) for plan in plans]

    def extract(self, examples: Sequence[Example]) -> list[np.ndarray]:
        probs = self.sentence_probabilities(examples)
        return [word_features(word_offsets(e.words), split_sentences(e.answer), p)
                for e, p in zip(examples, probs, strict=True)]
