"""Multi-source corpora (halluseq.data.sources): names, caps, weights, augment sources, documents linked
across datasets, and the protocols on top of them (grouped CV on one dataset, leave-one-dataset-out)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import numpy as np
import pytest
import yaml
from conftest import build_example, synthetic_records, write_jsonl

from halluseq.data.sources import (
    cap_by_group,
    check_sources,
    document_key,
    link_documents,
    load_sources,
    training_repeats,
)
from halluseq.data.splits import cross_validation_folds, leave_one_dataset_out, make_folds

REPO = Path(__file__).resolve().parents[2]
LONG = 2 * "The committee met on Tuesday in the old town hall and discussed the budget for the coming year at length. "


def _with(example, **changes):
    from dataclasses import replace

    return replace(example, **changes)


def test_check_sources_names_the_entry_and_problem():
    with pytest.raises(ValueError, match=r"data\[1\].*unknown keys \['wieght'\]"):
        check_sources([{"path": "a.jsonl"}, {"path": "b.jsonl", "wieght": 2}])
    with pytest.raises(ValueError, match="max_examples must be a positive integer"):
        check_sources([{"path": "a.jsonl", "max_examples": 0}])
    with pytest.raises(ValueError, match="weight must be a positive number"):
        check_sources([{"path": "a.jsonl", "weight": -1}])
    with pytest.raises(ValueError, match=r"names must be unique, \['a'\]"):
        check_sources([{"path": "x/a.jsonl"}, {"path": "y/a.jsonl"}])
    with pytest.raises(ValueError, match="not sources listed before it"):
        check_sources([{"name": "syn", "augment": {"sources": ["later"]}}, {"path": "later.jsonl"}])
    with pytest.raises(ValueError, match="one of a 'path', an 'augment' or a 'distract' section"):
        check_sources([{"name": "nothing"}])
    with pytest.raises(ValueError, match=r"data\[0\].*dataset must be a non-empty name"):
        check_sources([{"path": "a.jsonl", "dataset": ""}])


def test_sources_are_named_capped_by_whole_groups_and_weighted(tmp_path):
    first = write_jsonl(tmp_path / "first.jsonl", synthetic_records(10, 3, seed=0, prefix="a"))
    second = write_jsonl(tmp_path / "second.jsonl", synthetic_records(6, 2, seed=1, prefix="b"))
    examples = load_sources([{"path": str(first), "max_examples": 7},
                             {"path": str(second), "name": "other", "weight": 2.5, "task": "Summary"}])
    names = Counter(e.dataset for e in examples)
    assert set(names) == {"first", "other"}
    assert 7 <= names["first"] < 10  # whole groups of 3 until at least 7 are kept
    kept = Counter(e.group for e in examples if e.dataset == "first")
    assert set(kept.values()) == {3}  # no group is cut
    assert all(e.task == "Summary" and e.meta["weight"] == 2.5 for e in examples if e.dataset == "other")
    again = load_sources([{"path": str(first), "max_examples": 7}, {"path": str(second), "name": "other"}])
    assert [e.id for e in again if e.dataset == "first"] == [e.id for e in examples if e.dataset == "first"]


def test_cap_by_group_keeps_input_order_and_is_seeded(make_example):
    examples = [_with(make_example(f"answer {i}"), id=str(i), group=f"g{i // 2}") for i in range(20)]
    kept = cap_by_group(examples, 6, seed=3)
    assert len(kept) == 6 and [e.id for e in kept] == sorted((e.id for e in kept), key=int)
    assert [e.id for e in cap_by_group(examples, 6, seed=3)] == [e.id for e in kept]
    assert {e.id for e in cap_by_group(examples, 6, seed=4)} != {e.id for e in kept}


def test_training_repeats_follow_the_weights(make_example):
    examples = [_with(make_example("a b"), meta={"weight": 3.0}), make_example("c d"),
                _with(make_example("e f"), meta={"weight": 0.5})]
    assert training_repeats(examples[:2], [0, 1], seed=0) == [0, 0, 0, 1]
    draws = [training_repeats(examples, [2], seed=s).count(2) for s in range(200)]
    assert 0.35 < np.mean(draws) < 0.65
    assert training_repeats([make_example("x")] * 3, [2, 0, 1], seed=0) == [2, 0, 1]  # weight 1: unchanged


def test_documents_shared_across_datasets_are_linked_into_one_group():
    a = build_example("one", context=LONG + "First version, cut here.")
    b = build_example("two", context="  " + LONG.upper() + " Second version, longer: more text follows.")
    c = build_example("three", context="An unrelated article about rivers and the fish that live in them. " * 4)
    d = build_example("four", context="short")
    linked = link_documents([_with(a, group="x1", dataset="xsum"), _with(b, group="y9", dataset="cliff"),
                             _with(c, group="z", dataset="cliff"), _with(d, group="w", dataset="cliff")])
    assert linked[0].group == linked[1].group == "x1"  # same document (normalised first 200 characters)
    assert linked[2].group == "z" and linked[3].group == "w"
    assert document_key("  ") is None and document_key("Short  Text") == "short text"


def test_real_corpus_no_document_straddles_the_folds(shared_data):
    spans = shared_data / "spans"
    examples = load_sources([{"path": str(spans / "xsumfaith.jsonl"), "name": "xsumfaith"},
                             {"path": str(spans / "cliff_goyal21.jsonl"), "name": "cliff"},
                             {"path": str(spans / "entfa.jsonl"), "name": "entfa"}])
    keys = {}
    for e in examples:
        keys.setdefault(document_key(e.context), set()).add(e.group)
    assert all(len(groups) == 1 for groups in keys.values())  # one group per document
    shared = [g for g in {e.group for e in examples} if len({x.dataset for x in examples if x.group == g}) > 1]
    assert len(shared) > 100  # XSumFaith and CLIFF share articles (the shared README's warning)
    for fold in cross_validation_folds(examples, k=5):
        train = {examples[i].group for i in np.concatenate([fold.train, fold.validation])}
        assert not train & {examples[i].group for i in fold.test}


def test_augment_source_keeps_groups_and_never_crosses_a_split(tmp_path):
    records = synthetic_records(12, 2, seed=0, prefix="r")
    for r in records:  # context sentences to copy and numbers to change
        r["context"] += " The bridge opened in 1932 and carried 4,500 cars a day. Officials in Oslo praised it."
    path = write_jsonl(tmp_path / "base.jsonl", records)
    examples = load_sources([{"path": str(path), "name": "base"},
                             {"name": "synthetic", "augment": {"sources": ["base"], "per_example": 2, "seed": 0}}])
    synthetic = [e for e in examples if e.dataset == "synthetic"]
    assert synthetic and {e.meta["kind"] for e in synthetic} > {"faithful"}
    base_groups = {e.group for e in examples if e.dataset == "base"}
    assert {e.group for e in synthetic} <= base_groups
    for fold in make_folds(examples, "cv", k=3):
        train = {examples[i].group for i in np.concatenate([fold.train, fold.validation])}
        assert not train & {examples[i].group for i in fold.test}



def test_a_second_synthetic_draw_counts_as_the_first_ones_dataset(tmp_path):
    records = synthetic_records(12, 2, seed=0, prefix="r")
    for r in records:
        r["context"] += " The bridge opened in 1932 and carried 4,500 cars a day. Officials in Oslo praised it."
    path = write_jsonl(tmp_path / "base.jsonl", records)
    examples = load_sources([{"path": str(path), "name": "base"},
                             {"name": "synthetic", "augment": {"sources": ["base"], "seed": 0}},
                             {"name": "synthetic_numbers", "dataset": "synthetic", "max_examples": 4,
                              "augment": {"sources": ["base"], "kinds": ["number"], "seed": 1}}])
    assert set(Counter(e.dataset for e in examples)) == {"base", "synthetic"}
    numbers = [e for e in examples if e.meta.get("kind") == "number"]
    assert len(numbers) > len([e for e in load_sources([{"path": str(path), "name": "base"}, {
        "name": "synthetic", "augment": {"sources": ["base"], "seed": 0}}]) if e.meta.get("kind") == "number"])


def test_augment_source_passes_abstentions_on(tmp_path):
    records = synthetic_records(12, 2, seed=0, prefix="r")
    cities = ["Oslo", "Lima", "Quito", "Hanoi", "Dakar", "Perth", "Turin", "Riga", "Baku", "Accra", "Bern", "Kyoto"]
    for r in records:  # names of this context (false abstentions) and of the others (true ones)
        city = cities[int(r["id"][1:].split("-")[0])]
        r["context"] += f" Officials in {city} praised the bridge. Its engineer, Astrid {city}son, was honoured."
    path = write_jsonl(tmp_path / "base.jsonl", records)
    plain, abstaining = (load_sources([{"path": str(path), "name": "base"},
                                       {"name": "synthetic", "augment": {"sources": ["base"], "seed": 0, **extra}}])
                         for extra in ({}, {"abstentions": 1.0}))
    assert "abstention" not in {e.meta.get("kind") for e in plain}
    assert "abstention" in {e.meta.get("kind") for e in abstaining}

def test_cv_on_one_dataset_tests_only_it_with_its_own_folds(tmp_path):
    a = write_jsonl(tmp_path / "a.jsonl", synthetic_records(15, 2, seed=0, prefix="a"))
    b = write_jsonl(tmp_path / "b.jsonl", synthetic_records(10, 2, seed=1, prefix="b"))
    both = load_sources([{"path": str(a)}, {"path": str(b)}])
    alone = load_sources([{"path": str(a)}])
    folds = cross_validation_folds(both, k=5, datasets=["a"])
    own = cross_validation_folds(alone, k=5)
    ids = [e.id for e in both]
    for fold, reference in zip(folds, own, strict=True):
        assert {ids[i] for i in fold.test} == {alone[i].id for i in reference.test}  # same folds as alone
        assert all(both[i].dataset == "a" for i in fold.test)
        train = np.concatenate([fold.train, fold.validation])
        assert {both[i].dataset for i in train} == {"a", "b"}
        assert not {both[i].group for i in train} & {both[i].group for i in fold.test}
    with pytest.raises(ValueError, match="no example has that dataset name"):
        cross_validation_folds(both, k=5, datasets=["nope"])


def test_lodo_never_trains_on_the_held_out_dataset_or_its_documents(tmp_path):
    a = write_jsonl(tmp_path / "a.jsonl", synthetic_records(12, 2, seed=0, prefix="a"))
    b = write_jsonl(tmp_path / "b.jsonl", synthetic_records(12, 2, seed=1, prefix="b"))
    c_records = synthetic_records(12, 2, seed=2, prefix="c")
    a_records = [yaml.safe_load(line) for line in a.read_text().splitlines()]
    c_records[0]["context"] = a_records[0]["context"]  # c shares one document with a
    c = write_jsonl(tmp_path / "c.jsonl", c_records)
    examples = load_sources([{"path": str(a)}, {"path": str(b)}, {"path": str(c)}])
    folds = leave_one_dataset_out(examples, datasets=["a", "c"])
    assert [f.name for f in folds] == ["lodo0_a", "lodo1_c"]
    for fold, held in zip(folds, ["a", "c"], strict=True):
        test_ids = {examples[i].id for i in fold.test}
        assert test_ids == {e.id for e in examples if e.dataset == held}
        train = [examples[i] for i in np.concatenate([fold.train, fold.validation])]
        assert not {e.id for e in train} & test_ids
        assert held not in {e.dataset for e in train}
        assert not {e.group for e in train} & {examples[i].group for i in fold.test}
    shared_id = next(e.id for e in examples if e.dataset == "c" and e.context == a_records[0]["context"])
    trained_on_for_a = {examples[i].id for i in np.concatenate([folds[0].train, folds[0].validation])}
    assert shared_id not in trained_on_for_a  # c's copy of a's document stays out when a is held out
    with pytest.raises(ValueError, match=r"datasets \['zzz'\] not in the data"):
        leave_one_dataset_out(examples, datasets=["zzz"])


@pytest.mark.parametrize(("detector_config", "sweep_config"), [("detector.yaml", "generalization.yaml"),
                                                               ("detector_full.yaml", "generalization_full.yaml")])
def test_generalization_sweep_uses_the_bundled_detectors_corpus(detector_config, sweep_config):
    detector = yaml.safe_load((REPO / "configs" / detector_config).read_text())
    sweep = yaml.safe_load((REPO / "configs" / sweep_config).read_text())
    assert sweep["data"] == detector["data"] == sweep["lodo"]["data"][:len(detector["data"])]
    assert detector["features"]["families"] in sweep["feature_sets"]
    evaluation_only = sweep["lodo"]["data"][len(detector["data"]):]
    assert evaluation_only and all(entry["train"] is False for entry in evaluation_only)
    for key in ("batch_size", "max_epochs", "patience"):
        assert sweep["training"][key] == detector["training"][key]


def test_evaluation_only_sources_are_tested_but_never_trained_on(tmp_path):
    paths = [write_jsonl(tmp_path / f"{name}.jsonl", synthetic_records(12, 2, seed=seed, prefix=name))
             for seed, name in enumerate("abc")]
    examples = load_sources([{"path": str(paths[0])}, {"path": str(paths[1]), "train": False},
                             {"path": str(paths[2])}])
    assert all(e.meta["train"] is False for e in examples if e.dataset == "b")
    folds = leave_one_dataset_out(examples) + cross_validation_folds(examples, k=3, datasets=["a"])
    for fold in folds:
        trained = {examples[i].dataset for i in np.concatenate([fold.train, fold.validation])}
        assert "b" not in trained and trained
    lodo_b = next(f for f in folds if f.name == "lodo1_b")
    assert {examples[i].dataset for i in lodo_b.test} == {"b"}
    with pytest.raises(ValueError, match="no example to train on"):
        leave_one_dataset_out([e for e in examples if e.dataset != "c"], datasets=["a"])
    with pytest.raises(ValueError, match="train must be true or false"):
        check_sources([{"path": "a.jsonl", "train": "no"}])
