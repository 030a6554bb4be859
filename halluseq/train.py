"""Config -> trained models per fold, out-of-fold predictions and metrics in a run folder (SPEC 1.4, 4, 5)."""

from __future__ import annotations

import copy
import json
import logging
import shutil
import time
import warnings
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np
import pytorch_lightning as pl
import torch
import yaml
from pytorch_lightning.callbacks import EarlyStopping, ModelCheckpoint
from pytorch_lightning.loggers import CSVLogger

from halluseq.data import Example, load
from halluseq.data.sources import document_key, load_sources, training_repeats
from halluseq.data.splits import Fold, grouped_split, hashed_split, make_folds, transfer_examples
from halluseq.evaluate import best_f1_threshold, best_mean_f1_threshold, sliced_metrics
from halluseq.features import FeaturePipeline, FeatureStore
from halluseq.features.pipeline import select_families
from halluseq.features.scaling import Standardizer
from halluseq.files import atomic_write
from halluseq.models import SeedEnsemble, SequenceLabeler, WordLogReg
from halluseq.models.batching import SequenceDataset, predict
from halluseq.models.lightning import SequenceDataModule, TaggerModule
from halluseq.paths import cache_dir

DEFAULTS: dict[str, Any] = {
    "model": {"name": "bigru", "options": {}},
    "features": {"families": ["text"], "temporal": None},
    "data": {"path": "../shared/data/ragtruth_partial", "format": "auto"},
    "protocol": {"name": "auto", "folds": 5, "val_fraction": 0.15, "fold_seed": 42},
    "training": {"lr": 1e-3, "weight_decay": 1e-4, "batch_size": 32, "max_epochs": 15, "patience": 5,
                 "monitor": "val_f1", "monitor_mode": "max", "gradient_clip": 1.0, "max_words": 512,
                 "accelerator": "cpu", "standardize": True, "bucket_by_length": True,
                 "validate_on": None},  # datasets whose validation examples alone pick the epoch and threshold
    # training.threshold_by (optional): "words" (default), the best F1 of the pooled validation words; "sources",
    # the best mean F1 over the validation datasets (each counts once, whatever its answers' lengths).
    # training.threshold_window (optional, with "sources"): average the mean F1 over thresholds this close on either
    # side before taking the best (evaluate.best_mean_f1_threshold); default 0, the best single threshold
    "seed": 0,
}


def merge(base: dict[str, Any], override: dict[str, Any]) -> dict[str, Any]:
    """Recursive dict update (override wins), returning a new dict."""
    out = copy.deepcopy(base)
    for key, value in override.items():
        out[key] = merge(out[key], value) if isinstance(value, dict) and isinstance(out.get(key), dict) else value
    return out


def load_config(path: str | Path | None = None, **overrides: Any) -> dict[str, Any]:
    """A training config: defaults <- YAML file <- non-None ``overrides`` (``data``, ``seed``, ``families``)."""
    config = merge(DEFAULTS, yaml.safe_load(Path(path).read_text(encoding="utf-8")) or {}) if path else DEFAULTS
    config = copy.deepcopy(config)
    if overrides.get("data") is not None:
        config["data"] = {"path": str(overrides["data"]), "format": "auto"}
    if overrides.get("seed") is not None:
        config["seed"] = int(overrides["seed"])
    if overrides.get("families") is not None:
        config["features"]["families"] = select_families(config["features"]["families"], overrides["families"])
    return config


Scores = dict[str, list[np.ndarray]]  # score variant -> one (n_words,) array per example


def read_data(data: dict[str, Any] | list[dict[str, Any]], seed: int = 42) -> list[Example]:
    """One source (``{path, format}``) or several (a list, :func:`halluseq.data.sources.load_sources`)."""
    if isinstance(data, list):
        return load_sources(data, seed)
    examples, _ = load(data["path"], format=data.get("format", "auto"))
    return examples


def load_examples(config: dict[str, Any]) -> list[Example]:
    """The config's data; under the ``transfer`` protocol, its data (split ``train``) followed by the
    ``protocol.test`` data (split ``test``), see :func:`halluseq.data.splits.transfer_examples`.
    Either may be one source or a list of sources (:mod:`halluseq.data.sources`)."""
    protocol = config["protocol"]
    examples = read_data(config["data"], protocol.get("fold_seed", 42))
    if protocol["name"] != "transfer":
        return examples
    return transfer_examples(examples, read_data(protocol["test"], protocol.get("fold_seed", 42)))


def _prepare(config: dict[str, Any], examples: Sequence[Example] | None, progress: bool
             ) -> tuple[list[Example], FeaturePipeline, list[np.ndarray], list[np.ndarray]]:
    """Examples with word labels, the feature pipeline, their features (through the cache) and labels."""
    if examples is None:
        examples = load_examples(config)
    usable = [e for e in examples if e.word_labels and e.n_words > 0]
    pipeline = FeaturePipeline.from_config(config["features"], store=FeatureStore(cache_dir() / "features"))
    features = pipeline.transform(usable, progress=progress)
    return usable, pipeline, features, [e.labels.astype(np.float32) for e in usable]


def cache_features(config: dict[str, Any], examples: Sequence[Example] | None = None, progress: bool = True
                   ) -> None:
    """Compute ``config``'s features for its data into the feature store (a no-op when they are cached)."""
    _prepare(config, examples, progress)


def weighted(fold: Fold, examples: Sequence[Example], seed: int) -> Fold:
    """``fold`` with its training indices repeated by their sources' weights (the same fold when all are 1)."""
    return replace(fold, train=np.asarray(training_repeats(examples, fold.train, seed), dtype=np.int64))


@dataclass
class FinalFit:
    """A model fitted on all the data but a grouped validation part (early stopping, threshold)."""

    pipeline: FeaturePipeline
    standardizer: Standardizer
    model: SequenceLabeler
    threshold: float
    validation: dict[str, Any]  # metrics on the validation part
    validation_by_dataset: dict[str, Any]  # the same per dataset
    examples: int
    examples_by_dataset: dict[str, int]  # training examples per dataset
    documents: frozenset[str]  # groups and document keys of every example read (training and validation)
    seed: int | list[int]  # the training seed (an ensemble: its members')
    members: dict[str, float] = field(default_factory=dict)  # an ensemble's: each seed's mean_source_auc


def tuned_threshold(config: dict[str, Any], examples: Sequence[Example], labels: Sequence[np.ndarray],
                    probs: Sequence[np.ndarray]) -> float:
    """The validation examples' threshold by ``training.threshold_by``: ``words`` (best F1 of all their words) or
    ``sources`` (best mean F1 over their datasets, smoothed over ``training.threshold_window``)."""
    how = config["training"].get("threshold_by", "words")
    if how == "words":
        return best_f1_threshold(np.concatenate(labels).astype(int), np.concatenate(probs))
    if how != "sources":
        raise ValueError(f"training.threshold_by must be 'words' or 'sources', not {how!r}")
    datasets = sorted({e.dataset for e in examples})
    return best_mean_f1_threshold(
        [np.concatenate([y for e, y in zip(examples, labels, strict=True) if e.dataset == d]) for d in datasets],
        [np.concatenate([p for e, p in zip(examples, probs, strict=True) if e.dataset == d]) for d in datasets],
        float(config["training"].get("threshold_window", 0.0)))


def fit_final(config: dict[str, Any], run_dir: str | Path, progress: bool = True,
              examples: Sequence[Example] | None = None, ensemble_seeds: Sequence[int] | None = None) -> FinalFit:
    """Train ``config``'s sequence model on all examples, holding out a grouped validation part. With
    ``ensemble_seeds``, one model per seed (``run_dir/seed<N>``) on the same split and standardizer, kept as their
    :class:`SeedEnsemble`: threshold and validation metrics are those of the mean probabilities."""
    if config["model"]["name"] == "logreg":
        raise ValueError("a final fit needs a sequence model (logreg is evaluated under a protocol only)")
    usable, pipeline, features, labels = _prepare(config, examples, progress)
    protocol = config["protocol"]
    splits = {"stratified": grouped_split, "hashed": hashed_split}
    how = protocol.get("final_validation", "stratified")
    if how not in splits:
        raise ValueError(f"protocol.final_validation must be one of {sorted(splits)}, not {how!r}")
    split = splits[how]
    train_part, validation = split(usable, np.arange(len(usable)), protocol["val_fraction"], protocol["fold_seed"])
    fold = validated_on(Fold("final", train_part, validation, np.array([], dtype=np.int64)), usable,
                        config["training"].get("validate_on"))
    standardizer = Standardizer.fit([features[i] for i in fold.train], config["training"]["standardize"])
    scaled = standardizer.transform_all(features)
    validation_examples = [usable[i] for i in fold.validation]
    seeds = [int(seed) for seed in ensemble_seeds] if ensemble_seeds else [config["seed"]]
    models, members = [], {}
    member_probs: list[list[np.ndarray]] = []
    for seed in seeds:
        model, val_scores, _ = _train_sequence_model(
            {**config, "seed": seed}, weighted(fold, usable, seed), scaled, labels,
            Path(run_dir) / f"seed{seed}" if ensemble_seeds else Path(run_dir), progress,
            [e.dataset for e in validation_examples])
        models.append(model)
        member_probs.append(val_scores["prob"])
        if ensemble_seeds:
            member = sliced_metrics(validation_examples, val_scores["prob"], 0.5)
            members[str(seed)] = mean_source_auc(member["dataset"], member["overall"])
    probs = [np.mean(word_probs, axis=0) for word_probs in zip(*member_probs, strict=True)]
    threshold = tuned_threshold(config, validation_examples, [labels[i] for i in fold.validation], probs)
    sliced = sliced_metrics(validation_examples, probs, threshold)
    documents = frozenset({e.group for e in usable} | {k for e in usable if (k := document_key(e.context))})
    by_dataset = Counter(usable[i].dataset for i in fold.train)
    return FinalFit(pipeline, standardizer, SeedEnsemble(models) if ensemble_seeds else models[0], threshold,
                    sliced["overall"], sliced["dataset"], len(fold.train), dict(sorted(by_dataset.items())),
                    documents, seeds if ensemble_seeds else config["seed"], members)


def mean_source_auc(by_dataset: dict[str, Any], overall: dict[str, Any]) -> float:
    """The mean over datasets (each counted once) of their token AUC (``overall``'s with no datasets): how a seed or
    an ensemble is judged on the validation part."""
    return float(np.mean([entry["token_auc"] for entry in (by_dataset or {"all": overall}).values()]))


def _train_sequence_model(config: dict[str, Any], fold: Fold, features: list[np.ndarray],
                          labels: list[np.ndarray], run_dir: Path, progress: bool, val_sources: Sequence[str]
                          ) -> tuple[SequenceLabeler, Scores, Scores]:
    """Train one fold with Lightning; return the best model and its scores on validation and test examples.
    ``val_sources`` names each validation example's dataset (for the ``val_f1_sources`` monitor)."""
    training, seed = config["training"], config["seed"]
    name = config["model"]["name"]
    shuffled = name == "shuffled_bigru"
    pl.seed_everything(seed, workers=True, verbose=False)
    train_set = SequenceDataset([features[i] for i in fold.train], [labels[i] for i in fold.train],
                                training["max_words"], "random" if shuffled else "none", seed)
    mode = "fixed" if shuffled else "none"
    val_set = SequenceDataset([features[i] for i in fold.validation], [labels[i] for i in fold.validation],
                              shuffle=mode, seed=seed)
    test_set = SequenceDataset([features[i] for i in fold.test], [labels[i] for i in fold.test],
                               shuffle=mode, seed=seed + 1)
    train_words = torch.cat(train_set.labels)
    pos_weight = float((len(train_words) - train_words.sum()) / max(float(train_words.sum()), 1.0))
    module = TaggerModule(name, features[0].shape[1], config["model"].get("options") or {}, pos_weight,
                          training["lr"], training["weight_decay"], val_sources)
    checkpoints = run_dir / "checkpoints" / fold.name
    # a fold trained again starts clean: an earlier run's best.ckpt and metrics.csv there made Lightning warn, save
    # best-v1.ckpt beside the stale one, and the logger overwrite the old log
    for folder in (checkpoints, run_dir / "logs" / fold.name):
        shutil.rmtree(folder, ignore_errors=True)
    checkpoint = ModelCheckpoint(dirpath=checkpoints, filename="best",
                                 monitor=training["monitor"], mode=training["monitor_mode"], save_top_k=1)
    trainer = pl.Trainer(
        accelerator=training["accelerator"], devices=1, max_epochs=training["max_epochs"],
        gradient_clip_val=training["gradient_clip"], deterministic=True,
        callbacks=[EarlyStopping(monitor=training["monitor"], mode=training["monitor_mode"],
                                 patience=training["patience"]), checkpoint],
        logger=CSVLogger(run_dir / "logs", name=fold.name, version=""),
        enable_progress_bar=progress, enable_model_summary=False, num_sanity_val_steps=0,
        log_every_n_steps=1,
    )
    trainer.fit(module, datamodule=SequenceDataModule(train_set, val_set, training["batch_size"], seed,
                                                          training["bucket_by_length"]))
    best = TaggerModule.load_from_checkpoint(checkpoint.best_model_path, map_location="cpu")
    return best.model, predict(best.model, val_set), predict(best.model, test_set)


def validated_on(fold: Fold, examples: Sequence[Example], datasets: Sequence[str] | None) -> Fold:
    """``fold`` with its validation part cut to the examples of ``datasets`` (the same fold when None): early
    stopping and the tuned threshold then follow those sources only."""
    if not datasets:
        return fold
    kept = np.array([i for i in fold.validation if examples[i].dataset in set(datasets)], dtype=np.int64)
    if len(kept) == 0:
        raise ValueError(f"training.validate_on {list(datasets)}: fold {fold.name} has no validation example of "
                         f"those datasets")
    return replace(fold, validation=kept)


def train(config: dict[str, Any], run_dir: str | Path, progress: bool = True,
          examples: Sequence[Example] | None = None) -> dict[str, Any]:
    """Train and evaluate ``config`` under its protocol; write the run folder; return its metrics."""
    run_dir = Path(run_dir)
    run_dir.mkdir(parents=True, exist_ok=True)
    (run_dir / "config.yaml").write_text(yaml.safe_dump(config, sort_keys=False), encoding="utf-8")
    started = time.perf_counter()
    usable, pipeline, features, labels = _prepare(config, examples, progress)
    protocol = config["protocol"]
    folds = make_folds(usable, protocol["name"], protocol["folds"], protocol["val_fraction"], protocol["fold_seed"],
                       protocol.get("datasets"))

    test_scores: dict[str, list[np.ndarray | None]] = {}
    thresholds = np.full(len(usable), 0.5)
    fold_of = np.full(len(usable), "", dtype=object)
    for fold in folds:
        fold = validated_on(fold, usable, config["training"].get("validate_on"))
        standardizer = Standardizer.fit([features[i] for i in fold.train], config["training"]["standardize"])
        scaled = standardizer.transform_all(features)
        fit = _fit_logreg if config["model"]["name"] == "logreg" else partial(
            _train_sequence_model, val_sources=[usable[i].dataset for i in fold.validation])
        _, val_scores, fold_scores = fit(config, weighted(fold, usable, config["seed"]), scaled, labels, run_dir,
                                         progress)
        threshold = tuned_threshold(config, [usable[i] for i in fold.validation],
                                    [labels[i] for i in fold.validation], val_scores["prob"])
        thresholds[fold.test] = threshold
        fold_of[fold.test] = fold.name
        for variant, values in fold_scores.items():
            column = test_scores.setdefault(variant, [None] * len(usable))
            for i, v in zip(fold.test, values, strict=True):
                column[i] = v

    tested = [i for i in range(len(usable)) if fold_of[i]]
    test_examples = [usable[i] for i in tested]
    results = {
        "model": config["model"]["name"],
        "seed": config["seed"],
        "protocol": protocol["name"] if protocol["name"] != "auto" else ("official" if len(folds) == 1 else "cv"),
        "folds": len(folds),
        "columns": pipeline.columns,
        "features": pipeline.fingerprints,
        "thresholds": {fold.name: float(thresholds[fold.test[0]]) for fold in folds if len(fold.test)},
        "scores": {variant: sliced_metrics(test_examples, [values[i] for i in tested], thresholds[tested])
                   for variant, values in test_scores.items()},
        "wall_seconds": time.perf_counter() - started,
    }
    with (run_dir / "predictions.jsonl").open("w", encoding="utf-8") as out:
        for i in tested:
            row = {"id": usable[i].id, "group": usable[i].group, "fold": fold_of[i], "threshold": float(thresholds[i]),
                   "labels": usable[i].labels.tolist(),
                   **{variant: np.round(values[i], 6).tolist() for variant, values in test_scores.items()}}
            out.write(json.dumps(row) + "\n")
    # written last and atomically: a run folder with metrics.json is complete (sweeps resume on it)
    atomic_write(run_dir / "metrics.json",
                 lambda tmp: Path(tmp).write_text(json.dumps(results, indent=2), encoding="utf-8"))
    return results


def _fit_logreg(config: dict[str, Any], fold: Fold, features: list[np.ndarray], labels: list[np.ndarray],
                run_dir: Path, progress: bool) -> tuple[WordLogReg, Scores, Scores]:
    """Per-word logistic regression on the training words of the fold (no run-folder output, no progress)."""
    model = WordLogReg(**(config["model"].get("options") or {}))
    model.fit(np.concatenate([features[i] for i in fold.train]), np.concatenate([labels[i] for i in fold.train]))

    def score(indices: np.ndarray) -> Scores:
        return {"prob": [model.predict_proba(features[i]).astype(np.float64) for i in indices]}

    return model, score(fold.validation), score(fold.test)


def quiet_lightning() -> None:
    """Silence Lightning's per-run banners (GPU availability, worker hints); warnings that matter stay."""
    logging.getLogger("pytorch_lightning").setLevel(logging.WARNING)
    logging.getLogger("lightning.pytorch").setLevel(logging.WARNING)
    warnings.filterwarnings("ignore", message=".*does not have many workers.*")
    warnings.filterwarnings("ignore", message=".*GPU available but not used.*")
    warnings.filterwarnings("ignore", message=".*treespec.*")  # Lightning internals on newer torch
