"""Proxy-LM feature families: ``lm`` (SPEC 2.3, 6 columns) and ``lm_contrast`` (SPEC 2.4, 2 columns).

Both read one shared :class:`ProxyLMScorer` per backend config, so the with-context pass that ``lm`` runs is
reused by ``lm_contrast``, which then adds only the question-only pass.
"""

from __future__ import annotations

import os
from collections import OrderedDict
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, ClassVar

import numpy as np

from halluseq.data.example import Example
from halluseq.data.words import word_offsets
from halluseq.features.base import FeatureExtractor
from halluseq.features.lm_backend import SMOLLM2, ProxyLM, load_proxy_lm
from halluseq.features.lm_scoring import (
    DEFAULT_MAX_TOKENS,
    DEFAULT_TEMPLATES,
    Encoded,
    PrefixMemory,
    TokenScores,
    encode,
    score_batched,
    score_prefixed,
    template_for,
    torch_threads,
)

LM_COLUMNS = ["lm_logprob", "lm_entropy", "lm_log1p_mean_rank", "lm_log1p_max_rank", "lm_has_alignment",
              "lm_logprob_aligned"]
CONTRAST_COLUMNS = ["lm_contrast_logprob", "lm_contrast_entropy"]
# Options that change speed, never values: left out of the cache key.
RUNTIME_OPTIONS = ("workers", "threads", "batch_tokens", "prefix_tokens")
PREFIX_TOKENS = 4096  # prompt tokens whose key/value states are kept between calls (bfloat16: ~23 KB per token)
WITH_CONTEXT, WITHOUT_CONTEXT = "with_context", "without_context"


def align_words(example: Example, scores: TokenScores) -> tuple[np.ndarray, np.ndarray]:
    """Subwords -> words by character overlap: ``(n_words, n_subwords)`` bool overlap and ``(n_words,)`` counts."""
    words = word_offsets(example.words)  # (W, 2)
    tokens = scores.offsets  # (S, 2)
    overlap = ((np.minimum(words[:, None, 1], tokens[None, :, 1])
                - np.maximum(words[:, None, 0], tokens[None, :, 0])) > 0)  # (W, S)
    return overlap, overlap.sum(1)


def _word_means(overlap: np.ndarray, counts: np.ndarray, values: np.ndarray) -> np.ndarray:
    """Mean of ``values`` over each word's subwords; NaN for words no subword covers."""
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(counts > 0, overlap @ values / np.maximum(counts, 1), np.nan)


def lm_word_features(example: Example, scores: TokenScores) -> np.ndarray:
    """The ``(n_words, 6)`` ``lm`` matrix; fallback rows (no subword) are NaN, median-filled at training time."""
    overlap, counts = align_words(example, scores)
    aligned = (counts > 0).astype(np.float64)
    logprob = _word_means(overlap, counts, scores.logprob)
    max_rank = np.where(counts > 0, np.where(overlap, scores.rank[None, :], -np.inf).max(1, initial=-np.inf), np.nan)
    matrix = np.stack([logprob, _word_means(overlap, counts, scores.entropy),
                       np.log1p(_word_means(overlap, counts, scores.rank)), np.log1p(max_rank),
                       aligned, np.where(counts > 0, logprob, 0.0)], axis=1)
    return matrix.astype(np.float32)


def contrast_word_features(example: Example, with_context: TokenScores, without_context: TokenScores) -> np.ndarray:
    """The ``(n_words, 2)`` ``lm_contrast`` matrix: with-context minus question-only, log p and entropy."""
    if not np.array_equal(with_context.offsets, without_context.offsets):
        raise ValueError(f"example {example.id!r}: the two prompts tokenized the answer differently")
    overlap, counts = align_words(example, with_context)
    logprob = _word_means(overlap, counts, with_context.logprob - without_context.logprob)
    entropy = _word_means(overlap, counts, with_context.entropy - without_context.entropy)
    return np.stack([logprob, entropy], axis=1).astype(np.float32)


class ProxyLMScorer:
    """Scores answers under the with-context and question-only prompts, remembering recent with-context passes.

    ``workers`` Python threads score shares of the answers concurrently on one model, each op running
    single-threaded (torch releases the GIL inside its kernels): on few cores this beats one stream using
    every core for each op. With ``workers`` = 1, or work for one worker only, each op uses ``threads`` threads.
    Values are the same. In bfloat16 every sequence is scored alone, its prompt run once per distinct prompt
    (:func:`~halluseq.features.lm_scoring.score_prefixed`; the last ``prefix_tokens`` prompt tokens' states are kept
    between calls), in one stream on ``threads`` threads (streams of one core each would leave a core idle whenever
    one prompt holds most answers); in float32 and int8, in length-sorted batches of ``batch_tokens``.
    """

    def __init__(self, backend: str = SMOLLM2, precision: str = "float32", max_tokens: int = DEFAULT_MAX_TOKENS,
                 templates: dict[str, dict[str, str]] | None = None, workers: int = 1, threads: int | None = None,
                 batch_tokens: int = 1024, cache: str | None = None, memory: int = 4096,
                 prefix_tokens: int = PREFIX_TOKENS):
        self.backend, self.precision, self.cache = backend, precision, cache
        self.max_tokens = max_tokens
        self.templates = {**DEFAULT_TEMPLATES, **(templates or {})}
        self.workers, self.threads, self.batch_tokens = workers, threads, batch_tokens
        self._lm: ProxyLM | None = None
        self._memory: OrderedDict[tuple[str, str], TokenScores] = OrderedDict()
        self._memory_size = memory
        self._prefixes = PrefixMemory(prefix_tokens)

    @property
    def lm(self) -> ProxyLM:
        if self._lm is None:
            self._lm = load_proxy_lm(self.backend, self.precision, self.cache)
        return self._lm

    def encode(self, examples: Sequence[Example], kind: str) -> list[Encoded]:
        """Token ids of each example under the ``kind`` prompt, within the token budget."""
        return [encode(self.lm.tokenizer, template_for(self.templates, e.task, kind), e, self.max_tokens)
                for e in examples]

    @property
    def prefixed(self) -> bool:
        """Whether sequences are scored alone on their prompt's states: in bfloat16 the kernels' sums depend on the
        batch's shape far beyond float noise (up to ~0.1 nats), so a batched score would depend on its batch-mates."""
        return self.precision == "bfloat16"

    def _score(self, encoded: list[Encoded]) -> list[TokenScores]:
        if self.prefixed:
            return score_prefixed(self.lm, encoded, self._prefixes)
        return score_batched(self.lm, encoded, self.batch_tokens)

    def _shares(self, encoded: list[Encoded]) -> list[list[int]]:
        """Indices split among the workers, alternating lengths (balanced shares)."""
        order = sorted(range(len(encoded)), key=lambda i: encoded[i].length)
        return [share for share in (order[w::self.workers] for w in range(self.workers)) if share]

    def score_encoded(self, encoded: list[Encoded]) -> list[TokenScores]:
        if not encoded:
            return []
        _ = self.lm  # loaded here, never by concurrent threads: model loading is not thread-safe
        shares = self._shares(encoded) if self.workers > 1 and not self.prefixed else []
        if len(shares) <= 1:  # one stream: every op on ``threads`` threads
            with torch_threads(self.threads):
                return self._score(encoded)
        with torch_threads(1), ThreadPoolExecutor(len(shares)) as pool:
            results = list(pool.map(lambda share: self._score([encoded[i] for i in share]), shares))
        out: list[TokenScores | None] = [None] * len(encoded)
        for share, scores in zip(shares, results, strict=True):
            for i, item in zip(share, scores, strict=True):
                out[i] = item
        return out  # type: ignore[return-value]

    def scores(self, examples: Sequence[Example], kind: str) -> list[TokenScores]:
        """Per-token scores of each answer under the ``kind`` prompt (with-context results are remembered)."""
        keys = [(e.content_hash, kind) for e in examples]
        missing = [i for i, key in enumerate(keys) if key not in self._memory]
        fresh = self.score_encoded(self.encode([examples[i] for i in missing], kind))
        computed = dict(zip(missing, fresh, strict=True))
        out = [computed[i] if i in computed else self._memory[key] for i, key in enumerate(keys)]
        if kind == WITH_CONTEXT:
            for key, scores in zip(keys, out, strict=True):
                self._memory[key] = scores
                self._memory.move_to_end(key)
            while len(self._memory) > self._memory_size:
                self._memory.popitem(last=False)
        return out


_SCORERS: dict[tuple, ProxyLMScorer] = {}


def shared_scorer(**options: Any) -> ProxyLMScorer:
    """One scorer per distinct option set, shared by the ``lm`` and ``lm_contrast`` families of a process."""
    key = tuple(sorted((k, repr(v)) for k, v in options.items()))
    if key not in _SCORERS:
        _SCORERS[key] = ProxyLMScorer(**options)
    return _SCORERS[key]


class _ProxyLMFamily(FeatureExtractor):
    """Options: backend, precision (float32 | bfloat16 | int8), max_tokens, templates; runtime: workers, threads,
    batch_tokens, prefix_tokens (these never change the values, so they are not part of the cache key)."""

    runtime_options: ClassVar[tuple[str, ...]] = RUNTIME_OPTIONS
    windowed: ClassVar[bool] = True
    reads_spaced: ClassVar[bool] = False  # a model reads the text as written

    def __init__(self, **config: Any):
        config.setdefault("backend", SMOLLM2)
        config.setdefault("precision", "float32")
        config.setdefault("max_tokens", DEFAULT_MAX_TOKENS)
        config.setdefault("workers", min(os.cpu_count() or 1, 2))
        config.setdefault("threads", None)
        super().__init__(**config)
        self.scorer = shared_scorer(**config)
        self.truncation: dict[str, dict[str, int]] = {}

    def info(self, examples: Sequence[Example]) -> list[dict[str, Any]]:
        """Per example: context tokens before and after the budget cut (from the with-context pass)."""
        return [self.truncation.get(e.content_hash, {}) for e in examples]

    def _with_context(self, examples: Sequence[Example]) -> list[TokenScores]:
        scores = self.scorer.scores(examples, WITH_CONTEXT)
        for example, item in zip(examples, scores, strict=True):
            self.truncation[example.content_hash] = {"context_tokens": item.context_tokens,
                                                     "context_tokens_kept": item.context_tokens_kept}
        return scores


class LMFeatures(_ProxyLMFamily):
    """SPEC 2.3: mean log p, mean entropy, log1p mean/max rank, has_alignment, log p x has_alignment."""

    name: ClassVar[str] = "lm"
    # 2: a context over the budget keeps its sentences most relevant to the answer; 3: bfloat16 runs each prompt
    # once and the answer on its key/value states (score_prefixed)
    version: ClassVar[str] = "3"

    @property
    def columns(self) -> list[str]:
        return list(LM_COLUMNS)

    def extract(self, examples: Sequence[Example]) -> list[np.ndarray]:
        return [lm_word_features(e, s) for e, s in zip(examples, self._with_context(examples), strict=True)]


class LMContrastFeatures(_ProxyLMFamily):
    """SPEC 2.4: log p and entropy with context and question minus with the question only, per word."""

    name: ClassVar[str] = "lm_contrast"
    version: ClassVar[str] = "3"  # as LMFeatures

    @property
    def columns(self) -> list[str]:
        return list(CONTRAST_COLUMNS)

    def extract(self, examples: Sequence[Example]) -> list[np.ndarray]:
        with_context = self._with_context(examples)
        without_context = self.scorer.scores(examples, WITHOUT_CONTEXT)
        return [contrast_word_features(e, a, b)
                for e, a, b in zip(examples, with_context, without_context, strict=True)]
