"""Semantic-support features (SPEC 2.6, 2 columns): how close the context comes to each answer word's sentence
and to the 5 words around it, by sentence-embedding cosine similarity.

- ``support_sentence``: max over the context's sentences of cos(embedding of the word's answer sentence,
  embedding of the context sentence);
- ``support_window``: the same for the text of words i-2 .. i+2 (clipped at the answer's ends).

Embeddings follow the sentence-transformers recipe of all-MiniLM-L6-v2: the encoder's last hidden states
mean-pooled over the attention mask, then L2-normalised. Sentences come from
:func:`halluseq.data.sentences.split_sentences` (answer and context alike). Where a value is undefined it is NaN:
both columns for an empty context, and ``support_sentence`` for a word outside every answer sentence (which the
current splitter never leaves). Training fills NaN with the training-portion medians
(:class:`halluseq.features.scaling.Standardizer`).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from typing import Any, ClassVar

import numpy as np
import torch
import torch.nn.functional as F

from halluseq.console import quiet_transformers
from halluseq.data.example import Example
from halluseq.data.sentences import sentence_index, split_sentences
from halluseq.data.words import word_offsets
from halluseq.features.base import FeatureExtractor
from halluseq.features.encoders import keyed_config, model_dtype, model_limit, padded_batches, running_precision
from halluseq.features.lm_scoring import torch_threads
from halluseq.nli.model import minilm_path

COLUMNS = ["support_sentence", "support_window"]
MINILM = "minilm"
WINDOW_RADIUS = 2  # words on each side of the word
REMEMBERED_SENTENCES = 20_000  # context-sentence embeddings kept between calls (384 floats each: ~30 MB)
# Options that change speed, never values: left out of the cache key.
RUNTIME_OPTIONS = ("batch_tokens", "threads")


def support_matrix(context: np.ndarray, sentences: np.ndarray, windows: np.ndarray, owner: np.ndarray) -> np.ndarray:
    """The ``(n_words, 2)`` ``support`` matrix from L2-normalised embeddings of the context sentences ``(C, H)``,
    the answer sentences ``(S, H)`` and the word windows ``(T, H)``; ``owner`` ``(T,)`` is each word's answer
    sentence (-1: none)."""
    if len(context) == 0:
        return np.full((len(owner), len(COLUMNS)), np.nan, dtype=np.float32)
    per_sentence = np.append((sentences @ context.T).max(axis=1), np.nan)  # (S + 1,); index -1 reads NaN
    per_window = (windows @ context.T).max(axis=1)  # (T,)
    return np.column_stack([per_sentence[owner], per_window]).astype(np.float32)


def window_bounds(n_words: int) -> np.ndarray:
    """``(n_words, 2)`` first and last word index of each word's window, clipped at the answer's ends."""
    index = np.arange(n_words)
    return np.clip(np.stack([index - WINDOW_RADIUS, index + WINDOW_RADIUS], axis=1), 0, max(n_words - 1, 0))


class SupportFeatures(FeatureExtractor):
    """SPEC 2.6. Options: ``model`` (``minilm`` = the installed all-MiniLM-L6-v2 package, or any Hugging Face
    encoder id / folder), ``max_length`` (tokens per text, capped at the model's limit), ``precision`` (``float32``
    | ``bfloat16``: faster on a CPU with bfloat16 instructions, similarities within ~0.005; float32 on any other
    CPU; a cache key of its own, :mod:`halluseq.features.encoders`); runtime only (not in the cache key):
    ``batch_tokens`` (padded tokens per batch), ``threads`` (torch intra-op threads, None = unchanged; in bfloat16
    part of the cache key).
    """

    name: ClassVar[str] = "support"
    reads_spaced: ClassVar[bool] = False  # a model reads the text as written
    windowed: ClassVar[bool] = True
    runtime_options: ClassVar[tuple[str, ...]] = RUNTIME_OPTIONS
    version: ClassVar[str] = "1"

    def __init__(self, **config: Any):
        config.setdefault("model", MINILM)
        config.setdefault("max_length", 256)
        config.setdefault("precision", "float32")
        config.setdefault("batch_tokens", 8192)
        config.setdefault("threads", None)
        model_dtype(config["precision"])  # fail early on an unknown precision
        super().__init__(**config)
        self._loaded: tuple[Any, Any] | None = None
        # embeddings of recent context sentences: answers against a context already seen (a long document asked
        # many questions, a server) embed only their own sentences and windows
        self._remembered: OrderedDict[str, np.ndarray] = OrderedDict()

    @property
    def columns(self) -> list[str]:
        return list(COLUMNS)

    @property
    def fingerprint_config(self) -> dict[str, Any]:
        return keyed_config(self.config, self._config["threads"])

    def load(self) -> tuple[Any, Any]:
        """The encoder's ``(model, tokenizer)``, loaded on first use."""
        if self._loaded is None:
            from transformers import AutoModel, AutoTokenizer

            path = minilm_path() if self._config["model"] == MINILM else self._config["model"]
            with quiet_transformers():
                dtype = model_dtype(running_precision(self._config["precision"]))
                model = AutoModel.from_pretrained(path, dtype=dtype).eval()
                self._loaded = model, AutoTokenizer.from_pretrained(path)
        return self._loaded

    @torch.inference_mode()
    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """``(n_texts, hidden)`` float32 embeddings: mean-pooled over the attention mask, L2-normalised."""
        model, tokenizer = self.load()
        out = np.zeros((len(texts), model.config.hidden_size), dtype=np.float32)
        if not texts:
            return out
        limit = model_limit(tokenizer, model, self._config["max_length"])
        encoding = tokenizer(list(texts), truncation=True, max_length=limit)
        with torch_threads(self._config["threads"]):
            for batch, inputs in padded_batches(tokenizer, encoding, self._config["batch_tokens"], limit,
                                                fixed_shape=model.dtype != torch.float32):
                hidden = model(**inputs).last_hidden_state[:len(batch)].float()  # (B, L, H)
                mask = inputs["attention_mask"][:len(batch)].unsqueeze(-1).to(hidden.dtype)  # (B, L, 1)
                pooled = (hidden * mask).sum(dim=1) / mask.sum(dim=1).clamp(min=1e-9)  # (B, H)
                out[batch] = F.normalize(pooled, dim=-1).numpy()
        return out

    def _remember(self, sentences: list[str], fresh: dict[str, np.ndarray]) -> np.ndarray:
        """``(len(sentences), H)`` embeddings of distinct context sentences, each from ``fresh`` (just embedded) or
        remembered; the fresh ones are remembered (least recently used out past ``REMEMBERED_SENTENCES``) so that a
        context seen again is not embedded again."""
        hidden = self.load()[0].config.hidden_size
        out = np.stack([fresh[text] if text in fresh else self._remembered[text] for text in sentences]) \
            if sentences else np.zeros((0, hidden), dtype=np.float32)
        for text in sentences:
            if text in fresh:
                self._remembered[text] = fresh[text].copy()  # its own memory, freed when it is evicted
            self._remembered.move_to_end(text)
        while len(self._remembered) > REMEMBERED_SENTENCES:
            self._remembered.popitem(last=False)
        return out

    def extract(self, examples: Sequence[Example]) -> list[np.ndarray]:
        # distinct texts -> rows of two embedding matrices: context sentences, and the answers' sentences and windows
        context_rows: dict[str, int] = {}
        answer_rows: dict[str, int] = {}
        plans = []  # per example: rows of its context sentences, answer sentences and windows; word -> sentence
        for example in examples:
            offsets = word_offsets(example.words)  # (T, 2)
            sentences = split_sentences(example.answer)
            context = [context_rows.setdefault(example.context[a:b], len(context_rows))
                       for a, b in split_sentences(example.context)]
            answer = [answer_rows.setdefault(example.answer[a:b], len(answer_rows)) for a, b in sentences]
            windows = [answer_rows.setdefault(example.answer[offsets[a, 0]:offsets[b, 1]], len(answer_rows))
                       for a, b in window_bounds(len(offsets))]
            plans.append((context, answer, windows, sentence_index(offsets, sentences)))
        # the context sentences not remembered and the answers' texts go through the encoder together (fewer,
        # fuller batches; in bfloat16 the numbers are the same either way)
        missing = [text for text in context_rows if text not in self._remembered]
        embedded = self.embed(missing + list(answer_rows))  # (M + N, H)
        fresh = dict(zip(missing, embedded[:len(missing)], strict=True))
        context_embeddings = self._remember(list(context_rows), fresh)  # (C, H)
        answer_embeddings = embedded[len(missing):]  # (N, H)
        return [support_matrix(context_embeddings[context], answer_embeddings[answer], answer_embeddings[windows],
                               owner)
                for context, answer, windows, owner in plans]
