"""Metrics from per-word probabilities (SPEC 5): token, example and span level, overall and per slice."""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
from scipy.ndimage import uniform_filter1d
from sklearn.metrics import (
    average_precision_score,
    f1_score,
    precision_recall_curve,
    precision_score,
    recall_score,
    roc_auc_score,
)

from halluseq.data.example import Example
from halluseq.data.words import spans_from_labels, word_runs


def _auc(labels: np.ndarray, scores: np.ndarray) -> float:
    return float(roc_auc_score(labels, scores)) if 0 < labels.sum() < len(labels) else float("nan")


def _ap(labels: np.ndarray, scores: np.ndarray) -> float:
    return float(average_precision_score(labels, scores)) if labels.sum() > 0 else float("nan")


THRESHOLD_STEP = 0.001  # the grid of a smoothed threshold search


def best_f1_threshold(labels: np.ndarray, scores: np.ndarray) -> float:
    """The probability threshold with the highest F1 of the positive class (ties: the lowest threshold).

    A word is flagged when its probability is ``>=`` the threshold (as in ``precision_recall_curve``).
    """
    if labels.sum() == 0:
        return 0.5
    precision, recall, thresholds = precision_recall_curve(labels, scores)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return float(thresholds[int(np.argmax(f1[:-1]))])


def best_mean_f1_threshold(labels: Sequence[np.ndarray], scores: Sequence[np.ndarray], window: float = 0.0) -> float:
    """The threshold with the highest mean F1 over several groups of words (e.g. one per source: each counts once,
    whatever its answers' lengths); groups without a positive word are left out (all such: 0.5). Candidates are
    the scores themselves; ties: the lowest threshold.

    With ``window`` > 0 the candidates are a grid of step ``THRESHOLD_STEP`` and the mean F1 is first averaged over
    the grid points within ``window`` on either side: the centre of a flat top rather than its noisiest point, so
    that near-identical models do not ship thresholds far apart."""
    kept = [(np.asarray(y, dtype=bool), np.asarray(p, dtype=float)) for y, p in zip(labels, scores, strict=True)
            if np.any(y)]
    if not kept:
        return 0.5
    if window > 0:
        candidates = np.arange(0.0, 1.0 + THRESHOLD_STEP / 2, THRESHOLD_STEP)
    else:
        candidates = np.unique(np.concatenate([p for _, p in kept]))
    total = np.zeros(len(candidates))
    for y, p in kept:
        positives = np.sort(p[y])
        negatives = np.sort(p[~y])
        true_pos = len(positives) - np.searchsorted(positives, candidates, side="left")  # flagged: score >= t
        false_pos = len(negatives) - np.searchsorted(negatives, candidates, side="left")
        total += 2 * true_pos / (2 * true_pos + false_pos + (len(positives) - true_pos))
    if window > 0:
        half = int(round(window / THRESHOLD_STEP))
        total = uniform_filter1d(total, size=2 * half + 1, mode="nearest")
    return float(candidates[int(np.argmax(total))])


def span_scores(examples: Sequence[Example], predicted: Sequence[np.ndarray]) -> dict[str, float]:
    """Character-overlap span precision/recall/F1, micro over examples (LettuceDetect protocol).

    ``predicted`` holds 0/1 word labels; predicted spans are maximal runs of positive words.
    """
    overlap = predicted_chars = gold_chars = 0
    for example, labels in zip(examples, predicted, strict=True):
        gold = np.zeros(len(example.answer), dtype=bool)
        for span in example.spans:
            gold[span.start:span.end] = True
        pred = np.zeros(len(example.answer), dtype=bool)
        for span in spans_from_labels(example.words, labels):
            pred[span.start:span.end] = True
        overlap += int((gold & pred).sum())
        predicted_chars += int(pred.sum())
        gold_chars += int(gold.sum())
    precision = overlap / predicted_chars if predicted_chars else 0.0
    recall = overlap / gold_chars if gold_chars else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return {"span_precision": precision, "span_recall": recall, "span_f1": f1}


ONSET_WINDOWS = (1, 3, 5)
ONSET_METRICS = (*(f"onset_{m}_k{k}" for k in ONSET_WINDOWS for m in ("precision", "recall", "f1")),
                 "early_detection")
# every key of :func:`metrics`
METRIC_NAMES = ("examples", "words", "positive_rate", "token_auc", "token_ap", "token_f1", "token_f1_tuned",
                "example_auc", "example_precision", "example_recall", "example_f1", "span_precision", "span_recall",
                "span_f1", *ONSET_METRICS)


def _matched_onsets(gold: list[int], predicted: list[int], window: int) -> int:
    """Size of a maximum one-to-one matching of onsets at most ``window`` words apart (greedy from the left
    is optimal for points on a line)."""
    matched, j = 0, 0
    for g in gold:
        while j < len(predicted) and predicted[j] < g - window:
            j += 1
        if j < len(predicted) and predicted[j] <= g + window:
            matched += 1
            j += 1
    return matched


def onset_scores(gold: Sequence[np.ndarray], flagged: Sequence[np.ndarray],
                 windows: Sequence[int] = ONSET_WINDOWS) -> dict[str, float]:
    """Onset metrics (SPEC 5) over the examples with a gold span, micro over those examples.

    Onsets are the first words of the maximal runs of gold (``gold``) and of flagged (``flagged``) words. For
    each window k, ``onset_{precision,recall,f1}_k<k>`` count a predicted onset as correct when it is matched
    one-to-one to a gold onset at most k words away. ``early_detection`` is the share of gold spans whose first
    word is flagged (the alarm is raised at the onset). NaN when no example has a gold span.
    """
    pairs = [(np.asarray(g), np.asarray(f)) for g, f in zip(gold, flagged, strict=True) if np.any(g)]
    gold_onsets = [[start for start, _ in word_runs(g)] for g, _ in pairs]
    flagged_onsets = [[start for start, _ in word_runs(f)] for _, f in pairs]
    n_gold, n_flagged = sum(map(len, gold_onsets)), sum(map(len, flagged_onsets))
    out: dict[str, float] = {}
    for k in windows:
        matched = sum(_matched_onsets(g, f, k) for g, f in zip(gold_onsets, flagged_onsets, strict=True))
        precision = matched / n_flagged if n_flagged else (0.0 if n_gold else float("nan"))
        recall = matched / n_gold if n_gold else float("nan")
        f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
        out |= {f"onset_precision_k{k}": precision, f"onset_recall_k{k}": recall,
                f"onset_f1_k{k}": f1 if n_gold else float("nan")}
    at_onset = sum(int(f[g_start] != 0) for (_, f), starts in zip(pairs, gold_onsets, strict=True)
                   for g_start in starts)
    out["early_detection"] = at_onset / n_gold if n_gold else float("nan")
    return out


def metrics(examples: Sequence[Example], probs: Sequence[np.ndarray],
            thresholds: Sequence[float] | float = 0.5) -> dict[str, float]:
    """Token, example and span metrics of one slice.

    ``thresholds``: the tuned threshold per example (folds tune their own) or one value for all.
    Token F1 is reported at ``> 0.5`` (``token_f1``) and at ``>=`` the tuned threshold (``token_f1_tuned``);
    example, span and onset predictions use the tuned threshold.
    """
    tuned = np.broadcast_to(np.asarray(thresholds, dtype=float), (len(examples),))
    labels = np.concatenate([e.labels for e in examples]).astype(int)
    scores = np.concatenate(probs)
    word_thresholds = np.repeat(tuned, [e.n_words for e in examples])
    flags = np.array([e.hallucinated for e in examples], dtype=int)
    example_scores = np.array([p.max() if len(p) else 0.0 for p in probs])
    tuned_words = [p >= t for p, t in zip(probs, tuned, strict=True)]
    example_pred = np.array([w.any() for w in tuned_words], dtype=int)
    out = {
        "examples": len(examples),
        "words": len(labels),
        "positive_rate": float(labels.mean()) if len(labels) else float("nan"),
        "token_auc": _auc(labels, scores),
        "token_ap": _ap(labels, scores),
        "token_f1": float(f1_score(labels, scores > 0.5, zero_division=0)),
        "token_f1_tuned": float(f1_score(labels, scores >= word_thresholds, zero_division=0)),
        "example_auc": _auc(flags, example_scores),
        "example_precision": float(precision_score(flags, example_pred, zero_division=0)),
        "example_recall": float(recall_score(flags, example_pred, zero_division=0)),
        "example_f1": float(f1_score(flags, example_pred, zero_division=0)),
    }
    return (out | span_scores(examples, [w.astype(int) for w in tuned_words])
            | onset_scores([e.labels for e in examples], tuned_words))


def sliced_metrics(examples: Sequence[Example], probs: Sequence[np.ndarray],
                   thresholds: Sequence[float] | float = 0.5) -> dict[str, Any]:
    """``{"overall": ..., "task": {name: ...}, "generator": {name: ...}, "dataset": {name: ...}}``."""
    tuned = np.broadcast_to(np.asarray(thresholds, dtype=float), (len(examples),))
    out: dict[str, Any] = {"overall": metrics(examples, probs, tuned)}
    for key in ("task", "generator", "dataset"):
        values = sorted({getattr(e, key) for e in examples})
        out[key] = {}
        for value in values:
            picked = [i for i, e in enumerate(examples) if getattr(e, key) == value]
            out[key][value] = metrics([examples[i] for i in picked], [probs[i] for i in picked], tuned[picked])
    return out


def response_metrics(examples: Sequence[Example], probs: Sequence[np.ndarray],
                     threshold: float) -> dict[str, float | int | None]:
    """Response-level metrics over every answer with a known response label, including those labelled per response
    only (``word_labels`` False: hallucinated, no spans; FRANK, BEGIN): ROC AUC and AP of the response score
    (highest word probability) and the share of hallucinated and of faithful answers flagged at ``threshold``.
    A value that one class alone leaves undefined is None (JSON null, never NaN)."""
    truth = np.array([e.hallucinated or not e.word_labels for e in examples], dtype=int)
    scores = np.array([p.max() if len(p) else 0.0 for p in probs])
    flagged = scores >= threshold
    values = {"response_auc": _auc(truth, scores), "response_ap": _ap(truth, scores),
              "flagged_hallucinated": float(flagged[truth == 1].mean()) if truth.any() else math.nan,
              "flagged_faithful": float(flagged[truth == 0].mean()) if (truth == 0).any() else math.nan}
    return {"answers": len(examples), "hallucinated": int(truth.sum()),
            "without_word_labels": sum(not e.word_labels for e in examples),
            **{key: None if math.isnan(value) else value for key, value in values.items()}}


def flag_rates_by_kind(examples: Sequence[Example], probs: Sequence[np.ndarray], threshold: float
                       ) -> dict[str, dict[str, float]]:
    """Per synthetic kind (``meta["kind"]``; ``faithful`` for the twins): how many answers, the share flagged
    (some word at or above ``threshold``) and, for hallucinated kinds, the share whose flagged words hit the
    gold span (some word labelled 1 is flagged) and ``auc_vs_faithful``, the threshold-free ROC AUC of the response
    score (highest word probability) between the kind's answers and the faithful twins (when there are both)."""
    out: dict[str, dict[str, float]] = {}
    score = np.array([float(p.max()) if len(p) else 0.0 for p in probs])
    faithful = [i for i, e in enumerate(examples) if e.meta.get("kind") == "faithful"]
    for kind in sorted({str(e.meta.get("kind", "")) for e in examples} - {""}):
        picked = [i for i, e in enumerate(examples) if e.meta.get("kind") == kind]
        flagged = [bool((probs[i] >= threshold).any()) for i in picked]
        row = {"answers": len(picked), "flagged": float(np.mean(flagged))}
        if kind != "faithful":
            row["span_hit"] = float(np.mean([bool(((probs[i] >= threshold) & (examples[i].labels == 1)).any())
                                             for i in picked]))
            if faithful:
                row["auc_vs_faithful"] = float(roc_auc_score([1] * len(picked) + [0] * len(faithful),
                                                             score[picked + faithful]))
        out[kind] = row
    return out


# metric -> column header of the printed table
TABLE_COLUMNS = {"token_auc": "tok_auc", "token_ap": "tok_ap", "token_f1": "tok_f1", "token_f1_tuned": "tok_f1_thr",
                 "example_auc": "ex_auc", "example_f1": "ex_f1_thr", "span_precision": "span_p_thr",
                 "span_recall": "span_r_thr", "span_f1": "span_f1_thr"}


def metric_table(rows: dict[str, dict[str, float]]) -> str:
    """A fixed-width table, one row per name (``_thr``: at the validation-tuned threshold)."""
    width = max(12, *(len(name) for name in rows)) + 2
    header = f"{'':<{width}}" + "".join(f"{label:>12}" for label in TABLE_COLUMNS.values())
    lines = [header]
    for name, values in rows.items():
        lines.append(f"{name:<{width}}" + "".join(f"{values.get(c, float('nan')):>12.4f}" for c in TABLE_COLUMNS))
    return "\n".join(lines)


def load_run_metrics(run_dir: str | Path) -> dict[str, Any]:
    """The ``metrics.json`` a training run wrote."""
    return json.loads((Path(run_dir) / "metrics.json").read_text(encoding="utf-8"))


def run_table(run_dir: str | Path) -> str:
    """The metric table of a run folder: overall per score variant, then per task, generator and dataset."""
    results = load_run_metrics(run_dir)
    sections = []
    for variant, sliced in results["scores"].items():
        rows = {f"{results['model']}:{variant}": sliced["overall"]}
        for key in ("task", "generator", "dataset"):
            rows.update({f"  {key}={name}": values for name, values in sliced.get(key, {}).items()})
        sections.append(metric_table(rows))
    return "\n\n".join(sections)
