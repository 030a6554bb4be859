"""Statistics (SPEC 5): exact Wilcoxon p-values, seed summaries, grouped bootstrap (coverage, weighted metrics
equal to scikit-learn's), expected calibration error."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from scipy.stats import norm
from sklearn.calibration import calibration_curve
from sklearn.metrics import average_precision_score, f1_score, roc_auc_score

from halluseq.evaluate import metrics
from halluseq.stats import (
    Predictions,
    WeightedScorer,
    bootstrap,
    paired_wilcoxon,
    percentile_interval,
    reliability,
    resample_weights,
    summarize,
)

# ---- Wilcoxon ----------------------------------------------------------------------------------------------


def enumerated_p(differences: np.ndarray) -> float:
    """Two-sided exact p of the signed-rank statistic by enumerating all 2^n sign patterns (distinct |d|)."""
    ranks = np.argsort(np.argsort(np.abs(differences))) + 1
    observed = ranks[differences > 0].sum()
    totals = np.array([sum(r for r, s in zip(ranks, signs, strict=True) if s)
                       for signs in itertools.product([0, 1], repeat=len(ranks))])
    return min(1.0, 2 * min(np.mean(totals <= observed), np.mean(totals >= observed)))


def test_ten_positive_differences_give_two_in_1024():
    bigru = [0.86, 0.87, 0.85, 0.88, 0.86, 0.84, 0.87, 0.89, 0.85, 0.86]
    logreg = [0.75 + 0.001 * i for i in range(10)]  # below every BiGRU seed
    result = paired_wilcoxon(bigru, logreg, names=("BiGRU", "LogReg"))
    assert result["p_value"] == pytest.approx(2 / 1024)
    assert result["n"] == result["nonzero"] == 10
    assert result["statistic"] == 0.0
    assert result["mean_difference"] == pytest.approx(np.mean(bigru) - np.mean(logreg))
    assert result["note"] == ""


@pytest.mark.parametrize("seed", range(4))
def test_wilcoxon_matches_the_enumerated_null_distribution(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(5, 11))
    differences = rng.permutation(np.arange(1, n + 1)) * 0.01 * rng.choice([-1, 1], size=n)
    differences[0] = abs(differences[0])  # mixed signs, distinct magnitudes
    b = rng.uniform(0.5, 0.7, size=n)
    result = paired_wilcoxon((b + differences).tolist(), b.tolist())
    assert result["p_value"] == pytest.approx(enumerated_p(differences))
    assert 0 < result["p_value"] <= 1


def test_wilcoxon_known_small_cases():
    # differences +1, +2, -3 (ranks 1, 2, 3): W+ = 3, W- = 3 -> p = 1; +1, +2, +3, +4, -5: W- = 5 -> p = 2 * 10/32
    assert paired_wilcoxon([1.0, 2.0, -3.0], [0.0, 0.0, 0.0])["p_value"] == pytest.approx(1.0)
    assert paired_wilcoxon([1.0, 2.0, 3.0, 4.0, -5.0], [0.0] * 5)["p_value"] == pytest.approx(20 / 32)


def test_wilcoxon_says_why_there_is_no_p_value():
    same = paired_wilcoxon([0.8, 0.7, 0.9], [0.8, 0.7, 0.9])
    assert same["p_value"] is None and "all paired differences are zero" in same["note"]
    both_fixed = paired_wilcoxon([0.9] * 10, [0.8] * 10, names=("LogReg", "Other"))
    assert both_fixed["p_value"] is None
    assert "LogReg and Other are both deterministic" in both_fixed["note"]
    one_fixed = paired_wilcoxon([0.81, 0.83, 0.82, 0.85, 0.84], [0.7] * 5, names=("BiGRU", "LogReg"))
    assert one_fixed["p_value"] == pytest.approx(2 / 32)
    assert one_fixed["deterministic"] == {"BiGRU": False, "LogReg": True}
    assert "LogReg is deterministic" in one_fixed["note"]
    for one in (paired_wilcoxon([], []), paired_wilcoxon([0.9], [0.8])):
        assert one["p_value"] is None and one["note"] == "fewer than two paired seeds: no test"


def test_wilcoxon_drops_missing_pairs_and_zero_differences():
    result = paired_wilcoxon([0.9, None, 0.8, 0.7, float("nan"), 0.95], [0.5, 0.5, 0.8, 0.4, 0.5, 0.4])
    assert result["n"] == 4 and result["nonzero"] == 3
    assert result["p_value"] == pytest.approx(2 / 8)
    assert "1 zero differences dropped" in result["note"]


def test_summarize():
    summary = summarize([0.5, 0.7, 0.9, None])
    assert summary["n"] == 3
    assert summary["mean"] == pytest.approx(0.7)
    assert summary["std"] == pytest.approx(0.2)  # sample std (ddof 1)
    assert not summary["deterministic"]
    assert summarize([0.8] * 10)["deterministic"] and summarize([0.8] * 10)["std"] == 0.0
    single = summarize([0.8])
    assert single["std"] is None and not single["deterministic"]
    assert summarize([])["mean"] is None


# ---- bootstrap ---------------------------------------------------------------------------------------------

def grouped_predictions(rng: np.random.Generator, n_groups: int = 30, per_group: int = 4,
                        words: int = 10) -> Predictions:
    """Scores whose separability varies by group: y * (1 + a_g) + noise, a_g ~ N(0, 1); true AUC Phi(1/sqrt(3))."""
    labels, probs, groups = [], [], []
    for g in range(n_groups):
        shift = rng.normal()
        for _ in range(per_group):
            y = (rng.random(words) < 0.3).astype(int)
            labels.append(y)
            probs.append(y * (1 + shift) + rng.normal(size=words))
            groups.append(f"g{g}")
    return Predictions([str(i) for i in range(len(labels))], groups, labels, probs, np.full(len(labels), 0.5))


def test_grouped_bootstrap_covers_the_true_auc_at_about_the_nominal_rate():
    truth = norm.cdf(1 / np.sqrt(3))
    rng = np.random.default_rng(0)
    hits = {True: 0, False: 0}
    repeats = 200
    for repeat in range(repeats):
        predictions = grouped_predictions(rng)
        for grouped in (True, False):
            groups = predictions.groups if grouped else [""] * len(predictions.ids)  # "": each example alone
            interval = bootstrap(predictions, ["token_auc"], resample_weights(groups, 200, seed=repeat))["token_auc"]
            hits[grouped] += interval["low"] <= truth <= interval["high"]
    assert hits[True] / repeats >= 0.85
    # resampling examples as if independent ignores the shared source: intervals too narrow
    assert hits[False] / repeats <= hits[True] / repeats - 0.1


def test_resample_weights_keep_groups_together():
    groups = ["a", "a", "b", "", "c", "c", "c", ""]
    weights = resample_weights(groups, 500, seed=3)
    assert weights.shape == (500, 8)
    assert (weights[:, 0] == weights[:, 1]).all()
    assert (weights[:, 4] == weights[:, 5]).all() and (weights[:, 5] == weights[:, 6]).all()
    # five groups ("a", "b", "c" and the two ungrouped examples), five draws per resample
    draws = weights[:, 0] + weights[:, 2] + weights[:, 3] + weights[:, 4] + weights[:, 7]
    assert (draws == 5).all()
    assert not (weights[:, 3] == weights[:, 7]).all()  # empty groups are separate groups
    np.testing.assert_array_equal(weights, resample_weights(groups, 500, seed=3))
    assert not np.array_equal(weights, resample_weights(groups, 500, seed=4))


def random_predictions(rng: np.random.Generator, n: int = 40) -> Predictions:
    labels, probs = [], []
    for _ in range(n):
        length = int(rng.integers(3, 12))
        y = (rng.random(length) < 0.25).astype(int)
        labels.append(y)
        probs.append(np.round(np.clip(0.3 * y + rng.uniform(0, 0.7, size=length), 0, 1), 2))  # ties
    return Predictions([str(i) for i in range(n)], [f"g{i // 3}" for i in range(n)], labels, probs,
                       rng.uniform(0.3, 0.6, size=n))


def test_weighted_metrics_equal_scikit_learn_with_sample_weights():
    rng = np.random.default_rng(0)
    predictions = random_predictions(rng)
    scorer = WeightedScorer(predictions)
    lengths = [len(y) for y in predictions.labels]
    labels, probs = predictions.words()
    flags = np.array([y.any() for y in predictions.labels])
    maxima = np.array([p.max() for p in predictions.probs])
    tuned = probs >= np.repeat(predictions.thresholds, lengths)
    for weights in resample_weights(predictions.groups, 5, seed=1):
        words = np.repeat(weights, lengths)
        assert scorer("token_auc", weights) == pytest.approx(roc_auc_score(labels, probs, sample_weight=words))
        assert scorer("token_ap", weights) == pytest.approx(average_precision_score(labels, probs,
                                                                                    sample_weight=words))
        assert scorer("token_f1_tuned", weights) == pytest.approx(f1_score(labels, tuned, sample_weight=words))
        assert scorer("example_auc", weights) == pytest.approx(roc_auc_score(flags, maxima, sample_weight=weights))
    with pytest.raises(ValueError, match="no bootstrap"):
        scorer("span_f1", np.ones(len(lengths)))


def test_unit_weights_give_the_metrics_of_evaluate(make_example):
    rng = np.random.default_rng(1)
    examples = []
    for i in range(30):
        words = [f"w{j}" for j in range(int(rng.integers(4, 10)))]
        answer = " ".join(words)
        spans = [(0, len(words[0]))] if i % 3 == 0 else []
        examples.append(make_example(answer, spans=spans))
    probs = [np.round(rng.uniform(size=e.n_words), 3) for e in examples]
    thresholds = rng.uniform(0.3, 0.7, size=len(examples))
    expected = metrics(examples, probs, thresholds)
    predictions = Predictions([e.id for e in examples], [e.group for e in examples],
                              [e.labels.astype(int) for e in examples], probs, thresholds)
    scorer = WeightedScorer(predictions)
    for metric in WeightedScorer.METRICS:
        assert scorer(metric, np.ones(len(examples))) == pytest.approx(expected[metric]), metric


def test_paired_bootstrap_of_a_difference():
    rng = np.random.default_rng(2)
    better = random_predictions(rng)
    worse = Predictions(better.ids, better.groups, better.labels, [rng.uniform(size=len(p)) for p in better.probs],
                        better.thresholds)
    weights = resample_weights(better.groups, 300, seed=0)
    difference = bootstrap(better, ["token_auc"], weights, baseline=worse)["token_auc"]
    alone = {name: bootstrap(p, ["token_auc"], weights)["token_auc"] for name, p in (("a", better), ("b", worse))}
    assert difference["low"] > 0  # the informative scores beat random ones on every resample range
    assert alone["a"]["low"] > alone["b"]["low"]
    assert difference["samples"] == 300 and difference["confidence"] == 0.95
    shuffled = Predictions(list(reversed(better.ids)), better.groups, better.labels, better.probs, better.thresholds)
    with pytest.raises(ValueError, match="same examples"):
        bootstrap(better, ["token_auc"], weights, baseline=shuffled)


def test_percentile_interval_counts_undefined_resamples():
    interval = percentile_interval([float("nan")] + list(np.arange(1, 101, dtype=float)), confidence=0.9)
    assert interval["undefined"] == 1 and interval["samples"] == 100
    assert interval["low"] == pytest.approx(np.percentile(np.arange(1, 101), 5))
    assert interval["high"] == pytest.approx(np.percentile(np.arange(1, 101), 95))


# ---- calibration -------------------------------------------------------------------------------------------

def test_ece_by_hand():
    # bin [0, 0.25]: probs 0.1, 0.2 (mean 0.15), labels 0, 1 (0.5): |0.5 - 0.15| = 0.35, weight 2/5
    # bin (0.75, 1]: probs 0.8, 0.9, 1.0 (mean 0.9), labels 1, 1, 1: |1 - 0.9| = 0.1, weight 3/5
    labels = np.array([0, 1, 1, 1, 1])
    probs = np.array([0.1, 0.2, 0.8, 0.9, 1.0])
    out = reliability(labels, probs, bins=4)
    assert out["count"] == [2, 0, 0, 3]
    assert out["ece"] == pytest.approx(2 / 5 * 0.35 + 3 / 5 * 0.1)
    assert out["mean_prob"][1] is None and out["frequency"][0] == pytest.approx(0.5)
    frequency, mean_prob = calibration_curve(labels, probs, n_bins=4)
    assert [f for f in out["frequency"] if f is not None] == pytest.approx(frequency.tolist())
    assert [m for m in out["mean_prob"] if m is not None] == pytest.approx(mean_prob.tolist())


def test_ece_of_calibrated_and_overconfident_scores():
    rng = np.random.default_rng(0)
    probs = rng.uniform(size=50_000)
    calibrated = (rng.random(50_000) < probs).astype(int)
    assert reliability(calibrated, probs)["ece"] < 0.02
    coin = (rng.random(50_000) < 0.5).astype(int)
    assert reliability(coin, np.full(50_000, 0.9))["ece"] == pytest.approx(0.4, abs=0.01)
