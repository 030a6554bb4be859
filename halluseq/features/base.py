"""The feature-family interface and the registry that builds families by name (SPEC 2)."""

from __future__ import annotations

import hashlib
import importlib
import json
from abc import ABC, abstractmethod
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any, ClassVar

import numpy as np

from halluseq.data.example import Example

# Family name -> "module:Class". Families with heavy dependencies are imported only when built.
FAMILIES: dict[str, str] = {
    "text": "halluseq.features.text:TextFeatures",
    "align": "halluseq.features.align:AlignFeatures",
    "discourse": "halluseq.features.discourse:DiscourseFeatures",
    "abstention": "halluseq.features.abstention:AbstentionFeatures",
    "slots": "halluseq.features.slots:SlotFeatures",
    "forms": "halluseq.features.forms:FormFeatures",
    "lists": "halluseq.features.lists:ListFeatures",
    "quantities": "halluseq.features.quantities:QuantityFeatures",
    "lm": "halluseq.features.lm:LMFeatures",
    "lm_contrast": "halluseq.features.lm:LMContrastFeatures",
    "nli": "halluseq.features.nli:NLIFeatures",
    "support": "halluseq.features.support:SupportFeatures",
}
PACKAGE_ROOT = Path(__file__).resolve().parent.parent  # the halluseq package folder
# How every text is read into words (a word a tokeniser split, read whole): part of every code family's source digest,
# since a reading that keeps an answer's word count ("surrey\\'s" read "surrey's") would otherwise reuse stale features
READING_FILES = ("data/words.py", "data/tokenised.py", "data/scripts.py")


@lru_cache(maxsize=32)
def source_digest(paths: tuple[str, ...], root: Path) -> str:
    """SHA-256 of the files at ``paths`` (relative to ``root``), in order, each with its path."""
    digest = hashlib.sha256()
    for path in paths:
        digest.update(path.encode("utf-8") + b"\0" + (root / path).read_bytes() + b"\0")
    return digest.hexdigest()[:16]


class FeatureExtractor(ABC):
    """One feature family: per example, a float32 matrix ``(n_words, n_dims)`` with named columns.

    Subclasses set ``name`` and ``version`` (bump it whenever the output changes, so caches go stale)
    and take their options as keyword arguments, which ``config`` returns for the cache key.
    """

    name: ClassVar[str]
    version: ClassVar[str]
    # Options that change speed, never values (batch sizes, threads): kept out of ``config`` and the cache key.
    runtime_options: ClassVar[tuple[str, ...]] = ()
    # True for the families whose cost grows with a neural model's pass over the answer: an answer over the
    # pipeline's word budget is scored in windows by them (halluseq.features.windows).
    windowed: ClassVar[bool] = False
    # True for the families that match words: they read a Chinese or Japanese context and question with a space
    # between its words (halluseq.features.pipeline.reading_copy); a model family reads the text as written.
    reads_spaced: ClassVar[bool] = True
    # For a family computed by code alone: the files of the package (relative to it) that define its output. Their
    # digest (with READING_FILES) joins the fingerprint, so an edit that forgets to bump ``version`` never reads stale
    # features. Model families leave it empty: their caches are costly, their weights are keyed by
    # ``fingerprint_config``.
    source_files: ClassVar[tuple[str, ...]] = ()

    def __init__(self, **config: Any):
        self._config = config

    @property
    def config(self) -> dict[str, Any]:
        """Options that change the output (part of the cache key)."""
        return {k: v for k, v in self._config.items() if k not in self.runtime_options}

    @property
    @abstractmethod
    def columns(self) -> list[str]:
        """Names of the ``n_dims`` columns, in order."""

    @abstractmethod
    def extract(self, examples: Sequence[Example]) -> list[np.ndarray]:
        """One ``(n_words, n_dims)`` float32 array per example."""

    def info(self, examples: Sequence[Example]) -> list[dict[str, Any]] | None:
        """Optional per-example notes of the last ``extract`` (e.g. how much context was cut), stored beside
        the features."""
        return None

    @property
    def fingerprint_config(self) -> dict[str, Any]:
        """What the fingerprint hashes besides name and version (``config``, unless a family knows better)."""
        return self.config

    @property
    def fingerprint(self) -> str:
        """Hash of name, version, config and the digest of ``source_files``: two extractors with equal fingerprints
        give equal features."""
        key = {"name": self.name, "version": self.version, "config": self.fingerprint_config}
        if self.source_files:
            key["source"] = source_digest(self.source_files + READING_FILES, PACKAGE_ROOT)
        payload = json.dumps(key, sort_keys=True, default=str)
        return hashlib.sha256(payload.encode("utf-8")).hexdigest()[:16]

    def __repr__(self) -> str:
        options = ", ".join(f"{k}={v!r}" for k, v in sorted(self.config.items()))
        return f"{type(self).__name__}({options})"


class PerContextFeatures(FeatureExtractor):
    """A family computed per example from an index of its context; sibling answers share a context, so each
    distinct context of an ``extract`` call is indexed once."""

    @abstractmethod
    def index(self, context: str) -> Any:
        """What the family needs to know of one context."""

    @abstractmethod
    def example_features(self, example: Example, index: Any) -> np.ndarray:
        """One example's ``(n_words, n_dims)`` float32 features, given its context's ``index``."""

    def extract(self, examples: Sequence[Example]) -> list[np.ndarray]:
        indexes: dict[str, Any] = {}
        out = []
        for example in examples:
            if example.context not in indexes:
                indexes[example.context] = self.index(example.context)
            out.append(self.example_features(example, indexes[example.context]))
        return out


def build(name: str, **config: Any) -> FeatureExtractor:
    """The feature family registered as ``name``, built with ``config``."""
    if name not in FAMILIES:
        raise ValueError(f"unknown feature family {name!r}; known: {', '.join(sorted(FAMILIES))}")
    module_name, class_name = FAMILIES[name].split(":")
    cls = getattr(importlib.import_module(module_name), class_name)
    return cls(**config)
