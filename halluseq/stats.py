"""Statistics over runs (SPEC 5): mean +- std over seeds, paired exact Wilcoxon tests by seed, bootstrap
intervals that resample examples (grouped by source), expected calibration error and reliability diagrams."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from scipy.stats import wilcoxon
from sklearn.calibration import calibration_curve


@dataclass(frozen=True)
class Predictions:
    """Pooled out-of-fold predictions of one run and one score variant, one entry per tested example."""

    ids: list[str]
    groups: list[str]
    labels: list[np.ndarray]  # (n_words,) 0/1 per example
    probs: list[np.ndarray]  # (n_words,) per example
    thresholds: np.ndarray  # (n_examples,) the validation-tuned threshold of each example's fold

    def words(self) -> tuple[np.ndarray, np.ndarray]:
        """All word labels and probabilities, pooled."""
        return np.concatenate(self.labels).astype(int), np.concatenate(self.probs)


# ---- seeds -------------------------------------------------------------------------------------------------

def summarize(values: Sequence[float]) -> dict[str, Any]:
    """Mean, sample std (ddof 1), min and max of the finite values; ``deterministic`` when n >= 2 and all equal."""
    finite = np.asarray([v for v in values if v is not None and math.isfinite(v)], dtype=float)
    n = len(finite)
    return {
        "n": n,
        "mean": float(finite.mean()) if n else None,
        "std": float(finite.std(ddof=1)) if n >= 2 else None,
        "min": float(finite.min()) if n else None,
        "max": float(finite.max()) if n else None,
        "deterministic": bool(n >= 2 and np.ptp(finite) == 0),
    }


def paired_wilcoxon(a: Sequence[float], b: Sequence[float], names: tuple[str, str] = ("a", "b")) -> dict[str, Any]:
    """Two-sided exact Wilcoxon signed-rank test of ``a - b``, paired by position (seed).

    Pairs with a missing value are dropped and zero differences discarded (scipy's ``wilcox``). No p-value
    when every difference is zero or both sides are deterministic across seeds (the differences are then one
    repeated value, and a seed test says nothing); ``note`` says so, and when one side is deterministic.
    """
    pairs = [(x, y) for x, y in zip(a, b, strict=True)
             if x is not None and y is not None and math.isfinite(x) and math.isfinite(y)]
    first = np.array([x for x, _ in pairs], dtype=float)
    second = np.array([y for _, y in pairs], dtype=float)
    differences = first - second
    nonzero = differences[differences != 0]
    fixed = [bool(len(side) >= 2 and np.ptp(side) == 0) for side in (first, second)]
    out: dict[str, Any] = {"n": len(pairs), "nonzero": len(nonzero),
                           "mean_difference": float(differences.mean()) if len(pairs) else None,
                           "statistic": None, "p_value": None,
                           "deterministic": dict(zip(names, fixed, strict=True)), "note": ""}
    notes = []
    if len(pairs) < 2:
        notes.append("fewer than two paired seeds: no test")
    elif not len(nonzero):
        notes.append("all paired differences are zero: no test")
    elif all(fixed):
        notes.append(f"{names[0]} and {names[1]} are both deterministic across seeds: the differences are one "
                     "repeated value, so a seed test is meaningless")
    else:
        result = wilcoxon(first, second, zero_method="wilcox", alternative="two-sided", method="exact")
        out["statistic"], out["p_value"] = float(result.statistic), float(result.pvalue)
        notes += [f"{name} is deterministic across seeds: only the other side's seed variation is tested"
                  for name, flag in zip(names, fixed, strict=True) if flag]
        if len(nonzero) < len(pairs):
            notes.append(f"{len(pairs) - len(nonzero)} zero differences dropped")
        if len(np.unique(np.abs(nonzero))) < len(nonzero):
            notes.append("tied |differences|: p from the exact no-ties distribution")
    out["note"] = "; ".join(notes)
    return out


# ---- bootstrap ---------------------------------------------------------------------------------------------

def resample_weights(groups: Sequence[str], samples: int, seed: int = 0) -> np.ndarray:
    """``(samples, n_examples)`` multiplicities: each row draws the distinct groups with replacement (as many
    as there are) and keeps every example of each drawn group. An empty group is the example's own."""
    keys = [group if group else f"\0{i}" for i, group in enumerate(groups)]
    _, index = np.unique(np.array(keys, dtype=object), return_inverse=True)
    n_groups = int(index.max()) + 1 if len(keys) else 0
    draws = np.random.default_rng(seed).integers(0, n_groups, size=(samples, n_groups))
    flat = (draws + n_groups * np.arange(samples)[:, None]).ravel()  # one bincount for all rows
    counts = np.bincount(flat, minlength=samples * n_groups).reshape(samples, n_groups)
    return counts[:, index].astype(float)


class _Ranked:
    """Labels sorted once by descending score, tied scores in blocks: weighted AUC and AP in O(n) per call."""

    def __init__(self, labels: np.ndarray, scores: np.ndarray):
        self.order = np.argsort(-scores, kind="stable")
        ordered = scores[self.order]
        self.block = np.cumsum(np.r_[True, ordered[1:] != ordered[:-1]]) - 1 if len(ordered) else ordered
        self.labels = labels[self.order].astype(float)

    def _counts(self, weights: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        w = weights[self.order]
        return np.bincount(self.block, w * self.labels), np.bincount(self.block, w * (1 - self.labels))

    def auc(self, weights: np.ndarray) -> float:
        """Weighted ROC AUC (ties count one half), as ``roc_auc_score(..., sample_weight=weights)``."""
        positive, negative = self._counts(weights)
        p, n = positive.sum(), negative.sum()
        if p == 0 or n == 0:
            return float("nan")
        below = n - np.cumsum(negative)  # negative weight strictly below each block
        return float((positive * (below + 0.5 * negative)).sum() / (p * n))

    def ap(self, weights: np.ndarray) -> float:
        """Weighted average precision, as ``average_precision_score(..., sample_weight=weights)``."""
        positive, negative = self._counts(weights)
        if positive.sum() == 0:
            return float("nan")
        tp = np.cumsum(positive)
        seen = tp + np.cumsum(negative)
        precision = np.divide(tp, seen, out=np.zeros_like(tp), where=seen > 0)
        return float((positive * precision).sum() / positive.sum())


class WeightedScorer:
    """Threshold-free and tuned-threshold metrics of one :class:`Predictions` under per-example weights
    (bootstrap multiplicities); weights of ones give the plain metric of :func:`halluseq.evaluate.metrics`."""

    METRICS = ("token_auc", "token_ap", "token_f1_tuned", "example_auc")

    def __init__(self, predictions: Predictions):
        labels, probs = predictions.words()
        lengths = np.array([len(p) for p in predictions.probs])
        self.word_example = np.repeat(np.arange(len(lengths)), lengths)
        self.tokens = _Ranked(labels, probs)
        self.examples = _Ranked(np.array([y.any() for y in predictions.labels]),
                                np.array([p.max() if len(p) else 0.0 for p in predictions.probs]))
        self.positive = labels.astype(bool)
        self.flagged = probs >= np.repeat(predictions.thresholds, lengths)

    def __call__(self, metric: str, weights: np.ndarray) -> float:
        """``metric`` (one of :attr:`METRICS`) with example ``weights`` ``(n_examples,)``."""
        if metric == "example_auc":
            return self.examples.auc(weights)
        word_weights = weights[self.word_example]
        if metric == "token_auc":
            return self.tokens.auc(word_weights)
        if metric == "token_ap":
            return self.tokens.ap(word_weights)
        if metric == "token_f1_tuned":
            tp = word_weights[self.flagged & self.positive].sum()
            wrong = word_weights[self.flagged != self.positive].sum()  # false positives + false negatives
            return float(2 * tp / (2 * tp + wrong)) if tp + wrong else 0.0
        raise ValueError(f"no bootstrap for metric {metric!r}; expected one of {', '.join(self.METRICS)}")


def percentile_interval(values: Sequence[float], confidence: float = 0.95) -> dict[str, Any]:
    """The percentile interval of bootstrap ``values`` (undefined resamples, NaN, left out and counted)."""
    values = np.asarray(values, dtype=float)
    finite = values[np.isfinite(values)]
    tail = (1 - confidence) / 2 * 100
    low, high = np.percentile(finite, [tail, 100 - tail]) if len(finite) else (float("nan"), float("nan"))
    return {"low": float(low), "high": float(high), "confidence": confidence, "samples": len(finite),
            "undefined": int(len(values) - len(finite))}


def bootstrap(predictions: Predictions, metrics: Sequence[str], weights: np.ndarray,
              confidence: float = 0.95, baseline: Predictions | None = None) -> dict[str, dict[str, Any]]:
    """Percentile intervals of each metric over the resamples ``weights`` (:func:`resample_weights`);
    with ``baseline`` (the same examples in the same order), of the paired difference predictions - baseline."""
    if baseline is not None and baseline.ids != predictions.ids:
        raise ValueError("a paired bootstrap needs both predictions on the same examples in the same order")
    scorer = WeightedScorer(predictions)
    other = WeightedScorer(baseline) if baseline is not None else None
    out = {}
    for metric in metrics:
        values = np.array([scorer(metric, w) - (other(metric, w) if other else 0.0) for w in weights])
        out[metric] = percentile_interval(values, confidence)
    return out


# ---- calibration -------------------------------------------------------------------------------------------

def reliability(labels: np.ndarray, probs: np.ndarray, bins: int = 10) -> dict[str, Any]:
    """Reliability diagram data over ``bins`` equal-width bins of [0, 1] and the expected calibration error
    (count-weighted mean of |observed frequency - mean probability| over the non-empty bins)."""
    edges = np.linspace(0.0, 1.0, bins + 1)
    counts = np.bincount(np.searchsorted(edges[1:-1], probs), minlength=bins)  # calibration_curve's binning
    frequency, mean_prob = calibration_curve(labels, probs, n_bins=bins, strategy="uniform")
    filled = counts > 0
    ece = float((counts[filled] * np.abs(frequency - mean_prob)).sum() / counts.sum()) if counts.sum() else None
    return {"edges": edges.tolist(), "count": counts.tolist(),
            "mean_prob": _spread(mean_prob, filled), "frequency": _spread(frequency, filled), "ece": ece}


def _spread(values: np.ndarray, filled: np.ndarray) -> list[float | None]:
    """Per-bin values of the non-empty bins, ``None`` for the empty ones."""
    out: list[float | None] = [None] * len(filled)
    for position, value in zip(np.flatnonzero(filled), values, strict=True):
        out[position] = float(value)
    return out
