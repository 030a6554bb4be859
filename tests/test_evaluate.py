"""Metrics (SPEC 5): character-overlap spans, the tuned threshold, token/example metrics, slices, tables."""

from __future__ import annotations

import dataclasses
import math
import re

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from scipy.sparse import csr_array
from scipy.sparse.csgraph import maximum_bipartite_matching

from halluseq.data.words import word_runs
from halluseq.evaluate import (
    METRIC_NAMES,
    ONSET_WINDOWS,
    TABLE_COLUMNS,
    best_f1_threshold,
    best_mean_f1_threshold,
    flag_rates_by_kind,
    metric_table,
    metrics,
    onset_scores,
    response_metrics,
    sliced_metrics,
    span_scores,
)

SENTENCE = "The cat sat on the mat today"  # The(0,3) cat(4,7) sat(8,11) on(12,14) the(15,18) mat(19,22) today(23,28)


def f1(p: float, r: float) -> float:
    return 2 * p * r / (p + r) if p + r else 0.0


# ---- spans ----------------------------------------------------------------------------------------------

def test_span_half_overlap(make_example):
    example = make_example(SENTENCE, spans=[(8, 22)])  # "sat on the mat": 14 characters
    predicted = np.array([0, 0, 0, 0, 1, 1, 1])  # run "the mat today" = [15, 28): 13 characters
    scores = span_scores([example], [predicted])
    overlap = 22 - 15  # "the mat"
    assert scores["span_precision"] == pytest.approx(overlap / 13)
    assert scores["span_recall"] == pytest.approx(overlap / 14)
    assert scores["span_f1"] == pytest.approx(f1(7 / 13, 7 / 14))
    assert scores["span_f1"] == pytest.approx(14 / 27)


def test_span_runs_cover_the_spaces_between_words(make_example):
    example = make_example(SENTENCE, spans=[(8, 22)])
    exact = span_scores([example], [np.array([0, 0, 1, 1, 1, 1, 0])])  # run = [8, 22) exactly
    assert exact == {"span_precision": 1.0, "span_recall": 1.0, "span_f1": 1.0}
    # two separate runs: "sat" and "the mat" -> 3 + 7 characters, the space and "on" are not predicted
    split = span_scores([example], [np.array([0, 0, 1, 0, 1, 1, 0])])
    assert split["span_precision"] == 1.0
    assert split["span_recall"] == pytest.approx(10 / 14)


def test_span_scores_are_micro_over_examples(make_example):
    first = make_example(SENTENCE, spans=[(8, 22)])
    second = make_example("All good here", spans=[])  # a false positive of 4 characters ("good")
    third = make_example("Fine words only", spans=[(5, 10)])  # "words": 5 gold characters, missed
    scores = span_scores([first, second, third],
                         [np.array([0, 0, 0, 0, 1, 1, 1]), np.array([0, 1, 0]), np.zeros(3, dtype=int)])
    precision, recall = 7 / (13 + 4), 7 / (14 + 5)
    assert scores["span_precision"] == pytest.approx(precision)
    assert scores["span_recall"] == pytest.approx(recall)
    assert scores["span_f1"] == pytest.approx(f1(precision, recall))


def test_no_predictions_give_zero(make_example):
    example = make_example(SENTENCE, spans=[(8, 22)])
    assert span_scores([example], [np.zeros(7, dtype=int)]) == {
        "span_precision": 0.0, "span_recall": 0.0, "span_f1": 0.0}
    clean = make_example("nothing to see", spans=[])
    assert span_scores([clean], [np.zeros(3, dtype=int)])["span_f1"] == 0.0


def test_span_scores_need_one_prediction_per_example(make_example):
    with pytest.raises(ValueError):
        span_scores([make_example(SENTENCE)], [])


# ---- thresholds -----------------------------------------------------------------------------------------

def test_best_f1_threshold_tiny_case():
    labels = np.array([0, 0, 1, 1])
    scores = np.array([0.1, 0.4, 0.35, 0.8])
    # flagging scores >= 0.35 gives TP 2, FP 1: F1 0.8, the best (>= 0.8: 0.667, >= 0.4: 0.5, all: 0.667)
    assert best_f1_threshold(labels, scores) == pytest.approx(0.35)
    assert best_f1_threshold(np.zeros(4, dtype=int), scores) == 0.5


def test_best_mean_f1_threshold_counts_each_group_once():
    # a long group whose best threshold is 0.8 (F1 1.0 there) and a short one whose only positive scores 0.5
    long_labels, long_scores = np.array([0] * 8 + [1, 1]), np.array([0.1] * 4 + [0.5, 0.5, 0.6, 0.6] + [0.8, 0.9])
    short_labels, short_scores = np.array([0, 1]), np.array([0.2, 0.5])
    pooled = best_f1_threshold(np.concatenate([long_labels, short_labels]), np.concatenate([long_scores,
                                                                                            short_scores]))
    assert pooled == pytest.approx(0.8)  # the long group's words win the pooled F1
    # mean F1 at 0.8: (1 + 0) / 2 = 0.5; at 0.5: (long TP 2, FP 4: 0.5 + short 1.0) / 2 = 0.75
    assert best_mean_f1_threshold([long_labels, short_labels], [long_scores, short_scores]) == pytest.approx(0.5)
    # a group without positives is left out; none with positives: 0.5
    assert best_mean_f1_threshold([short_labels, np.zeros(3, dtype=int)], [short_scores, np.ones(3)]) == \
        pytest.approx(0.5)
    assert best_mean_f1_threshold([np.zeros(2, dtype=int)], [np.array([0.3, 0.9])]) == 0.5


def test_a_smoothed_threshold_takes_the_centre_of_a_flat_top_not_a_lucky_point():
    rng = np.random.default_rng(0)
    # negatives below 0.3, positives above 0.77, one positive at 0.75 and one negative at 0.76: the mean F1 is flat
    # from 0.3 to 0.75, and the raw search takes the top's edge (its lowest score), next to where F1 falls
    scores = np.concatenate([rng.uniform(0.0, 0.3, 200), rng.uniform(0.7, 1.0, 200), [0.75, 0.76]])
    labels = np.concatenate([np.zeros(200), np.ones(200), [1, 0]]).astype(int)
    scores[200:400][scores[200:400] < 0.77] = 0.9  # no other positive below 0.77
    raw = best_mean_f1_threshold([labels], [scores])
    smoothed = best_mean_f1_threshold([labels], [scores], window=0.1)
    assert raw == pytest.approx(0.75)
    assert 0.4 <= smoothed <= 0.6  # the centre of the plateau between the negatives (< 0.3) and 0.75


def test_tuned_threshold_reaches_the_best_f1_in_metrics(make_example):
    """The threshold tuned by best_f1_threshold, applied by metrics() to the same words, must give the best F1.

    metrics() flags a word when ``prob > threshold``, but best_f1_threshold returns the lowest flagged score of
    precision_recall_curve (whose rule is ``>=``), so the word sitting on the threshold is dropped.
    """
    example = make_example("w0 w1 w2 w3", spans=[(6, 11)])  # words w2, w3 hallucinated
    assert example.labels.tolist() == [0, 0, 1, 1]
    probs = np.array([0.1, 0.4, 0.35, 0.8])
    threshold = best_f1_threshold(example.labels.astype(int), probs)
    out = metrics([example], [probs], threshold)
    assert out["token_f1_tuned"] == pytest.approx(0.8)


# ---- metrics --------------------------------------------------------------------------------------------

METRIC_KEYS = {"examples", "words", "positive_rate", "token_auc", "token_ap", "token_f1", "token_f1_tuned",
               "example_auc", "example_precision", "example_recall", "example_f1",
               "span_precision", "span_recall", "span_f1", "early_detection",
               *(f"onset_{m}_k{k}" for k in ONSET_WINDOWS for m in ("precision", "recall", "f1"))}


def test_response_metrics_count_answers_labelled_per_response_as_hallucinated(make_example):
    faithful = make_example(SENTENCE)
    spanned = make_example(SENTENCE, spans=[(4, 7)])
    response_only = dataclasses.replace(make_example(SENTENCE), word_labels=False)
    probs = [np.full(7, 0.1), np.full(7, 0.2), np.full(7, 0.9)]
    row = response_metrics([faithful, spanned, response_only], probs, threshold=0.5)
    assert row["answers"] == 3 and row["hallucinated"] == 2 and row["without_word_labels"] == 1
    assert row["response_auc"] == 1.0 and row["flagged_hallucinated"] == 0.5 and row["flagged_faithful"] == 0.0


def test_metric_names_list_every_key():
    assert set(METRIC_NAMES) == METRIC_KEYS and len(METRIC_NAMES) == len(METRIC_KEYS)


def labelled_examples(make_example):
    return [
        make_example(SENTENCE, spans=[(8, 22)], task="QA", generator="gpt"),
        make_example("All good here", task="QA", generator="llama"),
        make_example("Paris is in Italy", spans=[(12, 17)], task="Summary", generator="gpt"),
        make_example("Two plus two is five", spans=[(16, 20)], task="Data2txt", generator="llama"),
        make_example("Nothing wrong at all", task="Summary", generator="llama"),
    ]


def test_metrics_keys_and_perfect_scorer(make_example):
    examples = labelled_examples(make_example)
    probs = [e.labels.astype(float) for e in examples]
    out = metrics(examples, probs)
    assert set(out) == METRIC_KEYS
    assert set(TABLE_COLUMNS) <= set(out)
    assert out["examples"] == 5
    assert out["words"] == sum(e.n_words for e in examples)
    assert out["positive_rate"] == pytest.approx(6 / 23)
    for key in METRIC_KEYS - {"examples", "words", "positive_rate"}:
        assert out[key] == pytest.approx(1.0), key


def test_metrics_by_hand(make_example):
    example = make_example("w0 w1 w2 w3", spans=[(6, 11)])
    clean = make_example("v0 v1", spans=[])
    probs = [np.array([0.1, 0.6, 0.7, 0.2]), np.array([0.3, 0.2])]
    out = metrics([example, clean], probs, thresholds=[0.5, 0.5])
    # words: labels 0 0 1 1 0 0, scores .1 .6 .7 .2 .3 .2 -> flagged at 0.5: w1 (FP), w2 (TP)
    assert out["token_f1"] == pytest.approx(f1(1 / 2, 1 / 2))
    # AUC: positives .7, .2 against negatives .1 .6 .3 .2: (4 + 1.5) / 8
    assert out["token_auc"] == pytest.approx(5.5 / 8)
    # example scores 0.7 (hallucinated) vs 0.3: AUC 1; only the first example flagged
    assert out["example_auc"] == 1.0 and out["example_f1"] == 1.0
    # predicted run "w1 w2" = [3, 8), gold "w2 w3" = [6, 11): overlap 2 characters of 5 and 5
    assert out["span_precision"] == pytest.approx(2 / 5) and out["span_recall"] == pytest.approx(2 / 5)
    # a per-example threshold: the clean example at 0.25 is now a false alarm
    tuned = metrics([example, clean], probs, thresholds=[0.5, 0.25])
    assert tuned["example_precision"] == pytest.approx(0.5) and tuned["example_recall"] == 1.0
    assert tuned["token_f1_tuned"] == pytest.approx(f1(1 / 3, 1 / 2))


def test_metrics_with_one_class_give_nan_auc(make_example):
    examples = [make_example("a b c"), make_example("d e")]
    out = metrics(examples, [np.array([0.1, 0.2, 0.3]), np.array([0.4, 0.5])])
    assert math.isnan(out["token_auc"]) and math.isnan(out["token_ap"]) and math.isnan(out["example_auc"])


def test_sliced_metrics(make_example):
    examples = labelled_examples(make_example)
    rng = np.random.default_rng(0)
    probs = [rng.uniform(size=e.n_words) for e in examples]
    out = sliced_metrics(examples, probs, thresholds=0.4)
    assert set(out) == {"overall", "task", "generator", "dataset"}
    assert set(out["task"]) == {"QA", "Summary", "Data2txt"}
    assert set(out["generator"]) == {"gpt", "llama"}
    np.testing.assert_equal(out["overall"], metrics(examples, probs, 0.4))  # (nan == nan here)
    assert sum(v["examples"] for v in out["task"].values()) == 5
    assert sum(v["words"] for v in out["generator"].values()) == out["overall"]["words"]
    picked = [0, 2]  # the gpt examples
    np.testing.assert_equal(out["generator"]["gpt"],
                            metrics([examples[i] for i in picked], [probs[i] for i in picked], 0.4))
    assert out["task"]["QA"]["examples"] == 2 and not math.isnan(out["task"]["QA"]["token_auc"])


def test_metric_table_has_a_row_per_name():
    rows = {"bigru:prob": {"token_auc": 0.81234, "span_f1": 0.5}, "  task=QA": {"token_auc": 0.7},
            "a-much-longer-row-name": {}}
    table = metric_table(rows)
    lines = table.splitlines()
    assert len(lines) == 1 + len(rows)
    assert "tok_auc" in lines[0] and "ex_auc" in lines[0] and "span_f1" in lines[0]
    for line, name in zip(lines[1:], rows, strict=True):
        assert line.startswith(name)
    assert "0.8123" in lines[1] and "0.5000" in lines[1]
    assert lines[3].count("nan") == len(TABLE_COLUMNS)


def test_metric_table_columns_line_up():
    """Each header label ends where its values end (fixed-width columns)."""
    table = metric_table({"bigru:prob": dict.fromkeys(TABLE_COLUMNS, 0.5)})
    header, row = table.splitlines()
    assert len(header) == len(row)
    value_ends = [m.end() for m in re.finditer(r"0\.5000", row)]
    label_ends = [m.end() for m in re.finditer(r"\S+", header)]
    assert label_ends == value_ends


# ---- onsets ------------------------------------------------------------------------------------------------

def test_word_runs():
    assert word_runs(np.array([1, 1, 0, 1, 0, 0, 1])) == [(0, 2), (3, 4), (6, 7)]
    assert word_runs(np.zeros(3)) == []


def test_onset_scores_by_hand():
    gold = [np.array([0, 1, 1, 0, 0, 0, 1, 1]), np.array([0, 0, 0])]
    flagged = [np.array([0, 0, 1, 1, 0, 0, 0, 0]), np.array([1, 0, 0])]  # the clean example's alarm is not counted
    out = onset_scores(gold, flagged, windows=(0, 1, 5))
    # gold onsets 1 and 6, one flagged onset at 2
    assert out["onset_precision_k0"] == 0.0 and out["onset_recall_k0"] == 0.0 and out["onset_f1_k0"] == 0.0
    assert out["onset_precision_k1"] == 1.0 and out["onset_recall_k1"] == 0.5
    assert out["onset_f1_k1"] == pytest.approx(f1(1.0, 0.5))
    assert out["onset_recall_k5"] == 0.5  # one flagged onset matches one gold onset only
    assert out["early_detection"] == 0.0  # neither gold span is flagged at its first word
    two_alarms = onset_scores([np.array([0, 0, 0, 1, 1])], [np.array([0, 0, 1, 0, 1])], windows=(1,))
    assert two_alarms["onset_precision_k1"] == 0.5 and two_alarms["onset_recall_k1"] == 1.0
    assert two_alarms["early_detection"] == 0.0
    at_onset = onset_scores([np.array([0, 1, 1, 0, 1])], [np.array([0, 1, 0, 0, 0])])
    assert at_onset["early_detection"] == 0.5 and at_onset["onset_precision_k1"] == 1.0
    assert all(math.isnan(v) for v in onset_scores([np.zeros(4)], [np.ones(4)]).values())  # no gold span
    assert onset_scores([np.ones(4)], [np.zeros(4)])["onset_precision_k1"] == 0.0  # gold but no alarm


@given(st.lists(st.tuples(st.lists(st.booleans(), min_size=1, max_size=30), st.integers(0, 2 ** 30)),
                min_size=1, max_size=6), st.integers(0, 4))
def test_onset_matching_is_a_maximum_matching(cases, window):
    """The greedy matching finds as many onset pairs as a maximum bipartite matching (scipy)."""
    gold, flagged = [], []
    for labels, seed in cases:
        gold.append(np.array(labels, dtype=int))
        flagged.append(np.random.default_rng(seed).integers(0, 2, len(labels)))
    out = onset_scores(gold, flagged, windows=(window,))
    matched = n_flagged = 0
    for g, f in zip(gold, flagged, strict=True):
        if not g.any():
            continue
        g_on, f_on = [a for a, _ in word_runs(g)], [a for a, _ in word_runs(f)]
        n_flagged += len(f_on)
        if f_on:
            graph = csr_array(np.array([[abs(a - b) <= window for b in f_on] for a in g_on], dtype=int))
            matched += int((maximum_bipartite_matching(graph, perm_type="column") >= 0).sum())
    if n_flagged:
        assert out[f"onset_precision_k{window}"] == pytest.approx(matched / n_flagged)


def test_flag_rates_by_kind_count_answers_flags_and_span_hits(make_example):
    def kind(answer, kind, spans=()):
        return make_example(answer, spans=spans, meta={"kind": kind})

    examples = [kind("a b c", "number", [(2, 3)]), kind("d e f", "number", [(0, 1)]), kind("g h", "faithful"),
                kind("i j", "faithful"), make_example("no kind here")]
    probs = [np.array([0.1, 0.9, 0.2]), np.array([0.1, 0.2, 0.8]), np.array([0.6, 0.1]), np.array([0.1, 0.2]),
             np.array([0.9, 0.9, 0.9])]
    rates = flag_rates_by_kind(examples, probs, threshold=0.5)
    assert set(rates) == {"number", "faithful"}  # examples without a kind are left out
    # the second is flagged off its span; response scores 0.9, 0.8 against the twins' 0.6, 0.2: ranked apart
    assert rates["number"] == {"answers": 2, "flagged": 1.0, "span_hit": 0.5, "auc_vs_faithful": 1.0}
    assert rates["faithful"] == {"answers": 2, "flagged": 0.5}
    assert flag_rates_by_kind(examples, probs, threshold=0.85)["number"] == {"answers": 2, "flagged": 0.5,
                                                                              "span_hit": 0.5, "auc_vs_faithful": 1.0}
    probs[2] = np.array([0.85, 0.1])  # a twin between the two: one of four pairs misordered
    assert flag_rates_by_kind(examples, probs, threshold=0.5)["number"]["auc_vs_faithful"] == 0.75
