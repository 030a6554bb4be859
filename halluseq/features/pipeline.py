"""A feature set: families concatenated in config order, read through the store, optionally augmented."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import yaml

from halluseq.data.example import Example
from halluseq.data.scripts import has_unspaced
from halluseq.data.words import spaced
from halluseq.features.abstention import COLUMNS as ABSTENTION_COLUMNS
from halluseq.features.base import FeatureExtractor, build
from halluseq.features.store import FeatureStore
from halluseq.features.temporal import temporal_augment
from halluseq.features.windows import DEFAULT_BUDGET, join_windows, split_long

ABSTENTION = ABSTENTION_COLUMNS[0]  # the family's name and its first column: 1 on the words of an abstention


def family_specs(families: Sequence[str | dict[str, Any]]) -> list[dict[str, Any]]:
    """Normalise ``["text", {"name": "lm", ...}]`` to a list of ``{"name": ..., **options}``; a ``label`` (how a
    sweep names the family, e.g. ``nli-v1`` for a second NLI backend) is dropped: it changes no feature."""
    specs = []
    for family in families:
        spec = {"name": family} if isinstance(family, str) else {k: v for k, v in family.items() if k != "label"}
        if "name" not in spec:
            raise ValueError(f"feature family entry {family!r} has no 'name'")
        specs.append(spec)
    return specs


def select_families(families: Sequence[str | dict[str, Any]],
                    names: Sequence[str | dict[str, Any]]) -> list[dict[str, Any]]:
    """The families called ``names``, in that order, each keeping the options ``families`` gives it; an entry of
    ``names`` that is a family dict (``{"name": "nli", "backend": ...}``) is taken as it is."""
    by_name = {spec["name"]: spec for spec in family_specs(families)}
    return [family_specs([name])[0] if isinstance(name, dict) else by_name.get(name, {"name": name})
            for name in names]


def load_feature_config(path: str | Path | None = None, families: Sequence[str] | None = None) -> dict[str, Any]:
    """The ``features`` config from a YAML file (or the default ``text`` set), with ``families`` overriding
    which families are used and in which order (each keeps the options the file gives it)."""
    config: dict[str, Any] = {"families": ["text"], "temporal": None}
    if path is not None:
        loaded = yaml.safe_load(Path(path).read_text(encoding="utf-8")) or {}
        config.update(loaded.get("features", loaded))
    config["families"] = (family_specs(config["families"]) if families is None
                          else select_families(config["families"], families))
    return config


class FeaturePipeline:
    """Extractors applied in order and concatenated column-wise; ``(n_words, d)`` per example.

    ``undefined_on_abstentions`` names families whose columns are NaN on the words of an abstention sentence (the
    ``abstention`` family's first column; training fills NaN with the training medians): an NLI model or a sentence
    embedding reads "The passages do not mention its cost." as a claim the context does not support, though it is
    a statement about the sources, which the ``abstention`` columns check instead.
    """

    def __init__(self, extractors: Sequence[FeatureExtractor], temporal: dict[str, Any] | None = None,
                 store: FeatureStore | None = None, answer_budget: int = DEFAULT_BUDGET,
                 undefined_on_abstentions: Sequence[str] = ()):
        if not extractors:
            raise ValueError("a feature pipeline needs at least one family")
        self.extractors = list(extractors)
        names = self.base_columns
        clashes = sorted({n for n in names if names.count(n) > 1})
        if clashes:
            raise ValueError(f"feature families give clashing column names {clashes}: use each family once")
        if answer_budget < 1:
            raise ValueError(f"answer_budget must be a positive number of words, not {answer_budget}")
        families = [e.name for e in self.extractors]
        unknown = sorted(set(undefined_on_abstentions) - set(families) - {ABSTENTION})
        if undefined_on_abstentions and (unknown or ABSTENTION not in families):
            raise ValueError(f"undefined_on_abstentions {list(undefined_on_abstentions)} needs the abstention family "
                             f"and names only families of the pipeline ({', '.join(families)})")
        self.temporal = temporal
        self.store = store
        self.answer_budget = answer_budget
        self.undefined_on_abstentions = list(undefined_on_abstentions)

    @classmethod
    def from_config(cls, config: dict[str, Any], store: FeatureStore | None = None) -> FeaturePipeline:
        extractors = [build(**spec) for spec in family_specs(config["families"])]
        return cls(extractors, temporal=config.get("temporal"), store=store,
                   answer_budget=config.get("answer_budget", DEFAULT_BUDGET),
                   undefined_on_abstentions=config.get("undefined_on_abstentions") or ())

    def to_config(self) -> dict[str, Any]:
        config = {"families": [{"name": e.name, **e.config} for e in self.extractors], "temporal": self.temporal,
                  "answer_budget": self.answer_budget}
        if self.undefined_on_abstentions:  # absent from the configs of pipelines without it
            config["undefined_on_abstentions"] = self.undefined_on_abstentions
        return config

    def _undefined_columns(self) -> np.ndarray:
        """Indices of the columns of the families undefined on abstentions."""
        columns = self.base_columns
        return np.array([columns.index(name) for e in self.extractors if e.name in self.undefined_on_abstentions
                         for name in e.columns], dtype=np.int64)

    @property
    def fingerprints(self) -> dict[str, str]:
        """Each family's cache fingerprint: equal fingerprints, equal features."""
        return {e.name: e.fingerprint for e in self.extractors}

    def windowed_families(self, example: Example) -> list[str]:
        """The families that score ``example`` in windows (its answer is over the word budget), else none."""
        if example.n_words <= self.answer_budget:
            return []
        return [e.name for e in self.extractors if e.windowed]

    @property
    def base_columns(self) -> list[str]:
        """Column names before temporal augmentation."""
        return [name for e in self.extractors for name in e.columns]

    @property
    def columns(self) -> list[str]:
        if not self.temporal:
            return self.base_columns
        probe = np.zeros((0, len(self.base_columns)), dtype=np.float32)
        return temporal_augment(probe, self.base_columns, **self.temporal)[1]

    def transform(self, examples: Sequence[Example], progress: bool = True) -> list[np.ndarray]:
        """One float32 ``(n_words, len(columns))`` matrix per example (read by the families that match words as
        :func:`reading_copy` gives it, by the model families as written)."""
        readings = {True: [reading_copy(e) for e in examples], False: list(examples)}
        windows: dict[bool, tuple[list[Example], list[list[int]]]] = {}
        per_family = []
        for extractor in self.extractors:
            batch = readings[extractor.reads_spaced]
            if extractor.windowed:
                if extractor.reads_spaced not in windows:
                    windows[extractor.reads_spaced] = split_long(batch, self.answer_budget)
                batch, rows = windows[extractor.reads_spaced]
            features = self.store.features(extractor, batch, progress) if self.store else extractor.extract(batch)
            per_family.append(join_windows(features, rows) if extractor.windowed else features)
        if self.undefined_on_abstentions:
            flag, undefined = self.base_columns.index(ABSTENTION), self._undefined_columns()
        out = []
        for i in range(len(examples)):
            matrix = np.concatenate([family[i] for family in per_family], axis=1)  # (T, d_base)
            if self.undefined_on_abstentions:
                matrix[np.ix_(matrix[:, flag] > 0.5, undefined)] = np.nan
            if self.temporal:
                matrix = temporal_augment(matrix, self.base_columns, **self.temporal)[0]
            out.append(matrix.astype(np.float32, copy=False))
        return out


def reading_copy(example: Example) -> Example:
    """``example`` as the features read it: a context or question in Chinese or Japanese with a space between its
    words (:func:`halluseq.data.scripts.spaced`), as the answer's words are split; ``example`` itself otherwise."""
    if not (has_unspaced(example.context) or has_unspaced(example.question)):
        return example
    return dataclasses.replace(example, context=spaced(example.context), question=spaced(example.question))
