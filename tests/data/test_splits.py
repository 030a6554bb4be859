"""Evaluation protocols (SPEC 1.4): grouped, stratified K-fold CV on the partial data; the official split."""

from __future__ import annotations

import numpy as np
import pytest

import halluseq
from halluseq.data.splits import cross_validation_folds, hashed_split, make_folds, official_split


@pytest.fixture(scope="module")
def ragtruth(shared_data):
    examples, _ = halluseq.load(shared_data / "ragtruth_partial")
    return examples


@pytest.fixture(scope="module")
def cv_folds(ragtruth):
    return cross_validation_folds(ragtruth)


def test_five_folds_whose_test_sets_partition_the_examples(ragtruth, cv_folds):
    assert len(cv_folds) == 5
    assert [f.name for f in cv_folds] == [f"fold{i}" for i in range(5)]
    tests = np.concatenate([f.test for f in cv_folds])
    assert sorted(tests.tolist()) == list(range(len(ragtruth)))  # each example tested exactly once
    for fold in cv_folds:
        parts = [set(fold.train.tolist()), set(fold.validation.tolist()), set(fold.test.tolist())]
        assert set.union(*parts) == set(range(len(ragtruth)))
        assert sum(len(p) for p in parts) == len(ragtruth)  # disjoint


def test_no_group_straddles_train_validation_test(ragtruth, cv_folds):
    for fold in cv_folds:
        groups = [{ragtruth[i].group for i in part} for part in (fold.train, fold.validation, fold.test)]
        assert not groups[0] & groups[1], fold.name
        assert not groups[0] & groups[2], fold.name
        assert not groups[1] & groups[2], fold.name
    # the group is RAGTruth's source: siblings share it
    assert len({e.group for e in ragtruth}) < len(ragtruth)


def test_validation_is_about_15_percent_of_training(cv_folds):
    for fold in cv_folds:
        share = len(fold.validation) / (len(fold.train) + len(fold.validation))
        assert 0.08 <= share <= 0.25, (fold.name, share)


def test_fold_assignment_is_fixed(ragtruth, cv_folds):
    again = cross_validation_folds(ragtruth)
    for a, b in zip(cv_folds, again, strict=True):
        np.testing.assert_array_equal(a.train, b.train)
        np.testing.assert_array_equal(a.validation, b.validation)
        np.testing.assert_array_equal(a.test, b.test)
    via_make = make_folds(ragtruth, "auto")  # the partial data has no train split -> cv, seed 42
    for a, b in zip(cv_folds, via_make, strict=True):
        np.testing.assert_array_equal(a.test, b.test)
    other = cross_validation_folds(ragtruth, seed=7)
    assert any(not np.array_equal(a.test, b.test) for a, b in zip(cv_folds, other, strict=True))


def test_every_test_fold_is_stratified(ragtruth, cv_folds):
    overall = np.mean([e.hallucinated for e in ragtruth])
    for fold in cv_folds:
        rate = np.mean([ragtruth[i].hallucinated for i in fold.test])
        assert rate > 0, fold.name
        assert abs(rate - overall) < 0.1, (fold.name, rate, overall)


# ---- official split and protocol choice -----------------------------------------------------------------

def synthetic(build, n_train_groups: int = 10, n_test: int = 6) -> list:
    examples = []
    for g in range(n_train_groups):
        for k in range(3):
            spans = [(0, 5)] if (g + k) % 3 == 0 else []
            examples.append(build("Hello world again", context="ctx", spans=spans,
                                          group=f"src{g}", split="train", id=f"tr{g}-{k}"))
    for i in range(n_test):
        examples.append(build("Hello world again", context="ctx", spans=[(0, 5)] if i % 2 else [],
                                      group=f"test{i // 2}", split="test", id=f"te{i}"))
    return examples


def test_official_split(make_example):
    examples = synthetic(make_example)
    (fold,) = official_split(examples)
    assert fold.name == "official"
    assert fold.test.tolist() == [i for i, e in enumerate(examples) if e.split == "test"]
    train_all = {i for i, e in enumerate(examples) if e.split == "train"}
    assert set(fold.train.tolist()) | set(fold.validation.tolist()) == train_all
    assert not set(fold.train.tolist()) & set(fold.validation.tolist())
    assert len(fold.validation) > 0
    train_groups = {examples[i].group for i in fold.train}
    assert not train_groups & {examples[i].group for i in fold.validation}
    # same seed, same split
    (again,) = official_split(examples)
    np.testing.assert_array_equal(fold.validation, again.validation)


def test_official_split_needs_train_and_test(make_example):
    only_test = [e for e in synthetic(make_example) if e.split == "test"]
    with pytest.raises(ValueError):
        official_split(only_test)
    only_train = [e for e in synthetic(make_example) if e.split == "train"]
    with pytest.raises(ValueError):
        official_split(only_train)


def test_make_folds_protocols(make_example):
    examples = synthetic(make_example)
    auto = make_folds(examples, "auto")
    assert [f.name for f in auto] == ["official"]
    np.testing.assert_array_equal(auto[0].test, official_split(examples)[0].test)
    cv = make_folds(examples, "cv", k=3)
    assert len(cv) == 3
    no_train = [make_example("a b c", context="x", spans=[(0, 1)] if i % 2 else [], group=f"g{i // 2}",
                              split="test") for i in range(40)]
    assert len(make_folds(no_train, "auto", k=4)) == 4
    with pytest.raises(ValueError, match="protocol"):
        make_folds(examples, "leave-one-out")


def test_too_few_groups_for_validation_split(make_example):
    examples = [make_example("a b", context="x", spans=[(0, 1)] if i % 2 else [], group=f"g{i % 3}",
                              split="train") for i in range(9)]
    examples += [make_example("a b", context="x", split="test", group="t")]
    with pytest.raises(ValueError, match="groups"):
        official_split(examples)


def test_hashed_split_keeps_each_groups_side_whatever_else_is_present(ragtruth):
    everything = np.arange(len(ragtruth))
    keep, held = hashed_split(ragtruth, everything, 0.15, 42)
    assert sorted([*keep, *held]) == everything.tolist()
    assert not {ragtruth[i].group for i in keep} & {ragtruth[i].group for i in held}
    assert 0.08 < len(held) / len(ragtruth) < 0.22
    # without a third of the examples, every remaining group stays on its side (grouped_split reshuffles them)
    some = everything[everything % 3 != 0]
    keep_some, held_some = hashed_split(ragtruth, some, 0.15, 42)
    assert set(held_some.tolist()) == set(held.tolist()) & set(some.tolist())
    assert set(keep_some.tolist()) == set(keep.tolist()) & set(some.tolist())
    assert set(hashed_split(ragtruth, everything, 0.15, 43)[1].tolist()) != set(held.tolist())  # the seed counts
