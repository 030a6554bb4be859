"""Evaluation protocols (SPEC 1.4, 5): official split, K-fold CV grouped by source and stratified on the flag,
leave-one-generator-out, and cross-dataset transfer."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np
from sklearn.model_selection import StratifiedGroupKFold

from halluseq.data.example import Example


@dataclass(frozen=True)
class Fold:
    """Indices into the example list: train, validation (early stopping, threshold) and test."""

    name: str
    train: np.ndarray
    validation: np.ndarray
    test: np.ndarray


def _trainable(examples: Sequence[Example], indices: np.ndarray) -> np.ndarray:
    """``indices`` without evaluation-only examples (``meta["train"] is False``); an error when none is left."""
    kept = np.asarray([i for i in indices if examples[i].meta.get("train", True)], dtype=np.int64)
    if len(kept) == 0:
        raise ValueError("no example to train on (every candidate is held out or evaluation-only)")
    return kept


def grouped_split(examples: Sequence[Example], indices: np.ndarray, fraction: float,
                  seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Split ``indices`` into ``(keep, held_out)`` with about ``fraction`` held out, grouped by ``group``
    and stratified on the example flag (one fold of a StratifiedGroupKFold with ``round(1 / fraction)`` folds).
    Evaluation-only examples (``meta["train"] is False``, a source with ``train: false``) are in neither part."""
    indices = _trainable(examples, indices)
    n_splits = max(2, round(1 / fraction))
    flags = np.array([examples[i].hallucinated for i in indices])
    groups = np.array([examples[i].group for i in indices])
    if len(set(groups)) < n_splits:
        raise ValueError(f"{len(set(groups))} groups cannot be split into {n_splits} grouped folds")
    splitter = StratifiedGroupKFold(n_splits=n_splits, shuffle=True, random_state=seed)
    keep, held = next(splitter.split(indices, flags, groups))
    return indices[keep], indices[held]


def hashed_split(examples: Sequence[Example], indices: np.ndarray, fraction: float,
                 seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Split ``indices`` into ``(keep, held_out)``: a group is held out when a hash of the seed and its name falls in
    the first ``fraction`` of the hash range. Unlike :func:`grouped_split`, a group's side never depends on which
    other examples are present (records added to one source do not draw other answers of another into the held-out
    part); not stratified. Evaluation-only examples are in neither part."""
    indices = _trainable(examples, indices)
    sides = {group: int.from_bytes(hashlib.sha256(f"{seed}:{group}".encode()).digest()[:8], "big") < fraction * 2**64
             for group in {examples[i].group for i in indices}}
    held = np.array([sides[examples[i].group] for i in indices], dtype=bool)
    if held.all() or not held.any():
        raise ValueError(f"{len(sides)} groups: a hashed {fraction} split leaves one side empty")
    return indices[~held], indices[held]


def cross_validation_folds(examples: Sequence[Example], k: int = 5, val_fraction: float = 0.15,
                           seed: int = 42, datasets: Sequence[str] | None = None) -> list[Fold]:
    """K folds grouped by ``group`` and stratified on the example flag; inside each training fold a grouped
    validation split. ``seed`` fixes the assignment, independent of the model seed.

    With ``datasets``, only those datasets' examples are folded and tested; every other example whose group
    is not in the fold's test groups joins that fold's training part (the fold assignment of the named
    datasets is the one they get alone, so a multi-source model is tested on the same folds). A copy made for
    training (:attr:`Example.training_copy`) is never folded nor tested: it trains where its group trains.
    """
    names = np.array([e.dataset for e in examples])
    chosen = np.isin(names, list(datasets)) if datasets else np.ones(len(examples), dtype=bool)
    folded = np.flatnonzero(chosen & ~np.array([e.training_copy for e in examples], dtype=bool))
    if datasets and len(folded) == 0:
        raise ValueError(f"cross-validation on datasets {list(datasets)}: no example has that dataset name "
                         f"(found {sorted(set(names))})")
    others = np.setdiff1d(np.arange(len(examples)), folded)
    flags = np.array([examples[i].hallucinated for i in folded])
    groups = np.array([examples[i].group for i in folded])
    splitter = StratifiedGroupKFold(n_splits=k, shuffle=True, random_state=seed)
    folds = []
    for number, (train_val, test) in enumerate(splitter.split(np.zeros(len(folded)), flags, groups)):
        test_groups = set(groups[test])
        extra = [i for i in others if examples[i].group not in test_groups]
        pool = np.sort(np.concatenate([folded[train_val], np.asarray(extra, dtype=np.int64)]))
        train, validation = grouped_split(examples, pool, val_fraction, seed + number)
        folds.append(Fold(f"fold{number}", train, validation, folded[test]))
    return folds


def official_split(examples: Sequence[Example], val_fraction: float = 0.15, seed: int = 42) -> list[Fold]:
    """The data's own train/test split; a grouped, stratified validation part is cut from train."""
    splits = np.array([e.split for e in examples])
    train_all = np.flatnonzero(splits == "train")
    test = np.flatnonzero(splits == "test")
    if len(train_all) == 0 or len(test) == 0:
        raise ValueError("the official protocol needs examples with split 'train' and 'test'")
    train, validation = grouped_split(examples, train_all, val_fraction, seed)
    return [Fold("official", train, validation, test)]


def leave_one_generator_out(examples: Sequence[Example], val_fraction: float = 0.15, seed: int = 42) -> list[Fold]:
    """One fold per generator ``g``: train and a grouped validation part from the other generators' responses,
    test on ``g``'s responses only. With an official split, training draws on ``train`` and testing on ``test``.

    Groups (sources) are kept apart between train and validation only: a source answered by several generators
    can appear in training through another generator's answer (never through ``g``'s).
    """
    generators = np.array([e.generator for e in examples])
    names = sorted(set(generators))
    if len(names) < 2:
        raise ValueError(f"leave-one-generator-out needs at least two generators, found {names}")
    splits = np.array([e.split for e in examples])
    official = bool((splits == "train").any())
    pool = splits == "train" if official else np.ones(len(examples), dtype=bool)
    target = splits == "test" if official else np.ones(len(examples), dtype=bool)
    folds = []
    for number, name in enumerate(names):
        train, validation = grouped_split(examples, np.flatnonzero(pool & (generators != name)), val_fraction,
                                          seed + number)
        label = re.sub(r"[^A-Za-z0-9_.-]+", "_", name)
        folds.append(Fold(f"lomo{number}_{label}", train, validation, np.flatnonzero(target & (generators == name))))
    return folds


def leave_one_dataset_out(examples: Sequence[Example], val_fraction: float = 0.15, seed: int = 42,
                          datasets: Sequence[str] | None = None) -> list[Fold]:
    """One fold per held-out dataset ``d`` (``datasets``, default every dataset name): test on ``d``'s examples;
    train and a grouped validation part from every other example whose group no example of ``d`` has, so a
    document shared with ``d`` (or synthetic data made from ``d``'s contexts) never reaches training. Training copies
    (:attr:`Example.training_copy`) are never tested; they stay out with their base's group."""
    names = np.array([e.dataset for e in examples])
    present = sorted(set(names))
    held = list(datasets) if datasets else present
    missing = sorted(set(held) - set(present))
    if missing:
        raise ValueError(f"leave-one-dataset-out: datasets {missing} not in the data (found {present})")
    if len(present) < 2:
        raise ValueError(f"leave-one-dataset-out needs at least two datasets, found {present}")
    groups = np.array([e.group for e in examples])
    copies = np.array([e.training_copy for e in examples], dtype=bool)
    folds = []
    for number, name in enumerate(held):
        test = np.flatnonzero((names == name) & ~copies)
        pool = np.flatnonzero((names != name) & ~np.isin(groups, list(set(groups[test]))))
        train, validation = grouped_split(examples, pool, val_fraction, seed + number)
        label = re.sub(r"[^A-Za-z0-9_.-]+", "_", name)
        folds.append(Fold(f"lodo{number}_{label}", train, validation, test))
    return folds


def transfer_examples(source: Sequence[Example], target: Sequence[Example]) -> list[Example]:
    """``source`` marked split ``train`` followed by ``target`` marked ``test``: under the ``transfer`` protocol
    (the official split of this list) everything is trained, validated and fitted on ``source`` only, and
    ``target`` is only tested."""
    return [replace(e, split="train") for e in source] + [replace(e, split="test") for e in target]


PROTOCOLS = ("auto", "official", "cv", "lomo", "lodo", "transfer")


def make_folds(examples: Sequence[Example], protocol: str = "auto", k: int = 5, val_fraction: float = 0.15,
               seed: int = 42, datasets: Sequence[str] | None = None) -> list[Fold]:
    """``official`` when the data has a train split (for ``auto``), otherwise grouped K-fold CV (on
    ``datasets`` only, if given); ``lomo`` (:func:`leave_one_generator_out`); ``lodo``
    (:func:`leave_one_dataset_out` over ``datasets``); ``transfer`` (the official split of
    :func:`transfer_examples`)."""
    if protocol == "auto":
        protocol = "official" if any(e.split == "train" for e in examples) else "cv"
    if protocol in ("official", "transfer"):
        return official_split(examples, val_fraction, seed)
    if protocol == "cv":
        return cross_validation_folds(examples, k, val_fraction, seed, datasets)
    if protocol == "lomo":
        return leave_one_generator_out(examples, val_fraction, seed)
    if protocol == "lodo":
        return leave_one_dataset_out(examples, val_fraction, seed, datasets)
    raise ValueError(f"unknown protocol {protocol!r}; expected one of {', '.join(PROTOCOLS)}")
