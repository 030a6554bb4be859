"""Contexts set among other documents (halluseq.augment.distractors) and as a training source."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from conftest import build_example, synthetic_records, write_jsonl

from halluseq.augment.distractors import PASSAGE_SEPARATOR, distract
from halluseq.data.example import TRAINING_COPY
from halluseq.data.sources import check_sources, load_sources
from halluseq.data.splits import leave_one_dataset_out, make_folds


def bases(n: int = 12) -> list:
    return [build_example(f"Town {i} has {i + 2} bridges.", f"Town {i} lies on the river. It has {i + 2} bridges.",
                          spans=[(len(f"Town {i} has "), len(f"Town {i} has {i + 2}"))] if i % 2 else [],
                          group=f"g{i}", meta={"weight": 3.0, "kind": "k"}) for i in range(n)]


def test_each_copy_keeps_its_answer_spans_and_group_and_holds_its_own_context_once():
    originals = bases()
    copies = distract(originals, (2, 5), seed=1)
    assert len(copies) == len(originals)
    contexts = {e.context for e in originals}
    for base, copy in zip(originals, copies, strict=True):
        assert (copy.answer, copy.spans, copy.group, copy.question) == (base.answer, base.spans, base.group,
                                                                         base.question)
        np.testing.assert_array_equal(copy.labels, base.labels)
        passages = copy.context.split(PASSAGE_SEPARATOR)
        assert passages.count(base.context) == 1
        assert 2 <= len(passages) - 1 == copy.meta[TRAINING_COPY] <= 5
        assert all(p in contexts for p in passages) and len(set(passages)) == len(passages)
        assert copy.id == f"{base.id}#distracted" and copy.meta["origin"] == base.id
        assert "weight" not in copy.meta and copy.meta["kind"] == "k"  # the source entry's own weight applies
    assert len({c.context.split(PASSAGE_SEPARATOR).index(b.context) for b, c in zip(originals, copies,
                                                                                      strict=True)}) > 1
    assert [c.context for c in distract(originals, (2, 5), seed=1)] == [c.context for c in copies]
    assert [c.context for c in distract(originals, (2, 5), seed=2)] != [c.context for c in copies]


def test_distract_needs_enough_other_documents_and_a_sane_range():
    with pytest.raises(ValueError, match="more than 5 distinct contexts"):
        distract(bases(4), (1, 5))
    with pytest.raises(ValueError, match="1 <= low <= high"):
        distract(bases(), (3, 2))


def test_distracted_source_stays_with_its_bases_group_in_every_fold(tmp_path):
    path = write_jsonl(tmp_path / "rag.jsonl", synthetic_records(20, 2, seed=0, prefix="r"))
    entries = [{"path": str(path), "name": "rag", "weight": 3.0},
               {"name": "rag_distracted", "dataset": "rag", "distract": {"sources": ["rag"], "passages": [1, 3]}}]
    examples = load_sources(entries)
    copies = [e for e in examples if e.training_copy]
    assert len(copies) == 40 and Counter(e.dataset for e in examples) == {"rag": 80}
    assert len({e.group for e in examples}) == 20  # a copy's context starts with another document: no linking
    assert all("weight" not in e.meta for e in copies)
    position = {e.id: i for i, e in enumerate(examples)}
    for datasets in (None, ["rag"]):
        folds = make_folds(examples, "cv", k=4, val_fraction=0.15, seed=0, datasets=datasets)
        assert sorted(i for f in folds for i in f.test.tolist()) == \
            sorted(i for i, e in enumerate(examples) if not e.training_copy)  # bases tested once, copies never
        for fold in folds:
            parts = [set(part.tolist()) for part in (fold.train, fold.validation, fold.test)]
            for copy in copies:  # a copy trains or validates exactly where its base does, and is never tested
                base = position[copy.meta["origin"]]
                assert [position[copy.id] in part for part in parts[:2]] == [base in part for part in parts[:2]]
                assert position[copy.id] not in parts[2]


def test_leave_one_dataset_out_never_tests_a_copy_and_holds_it_out_with_its_base(tmp_path):
    rag = write_jsonl(tmp_path / "rag.jsonl", synthetic_records(12, 2, seed=0, prefix="r"))
    news = write_jsonl(tmp_path / "news.jsonl", synthetic_records(8, 2, seed=1, prefix="n"))
    examples = load_sources([{"path": str(rag), "name": "rag"}, {"path": str(news), "name": "news"},
                             {"name": "rag_distracted", "dataset": "rag",
                              "distract": {"sources": ["rag"], "passages": [1, 3]}}])
    copies = {i for i, e in enumerate(examples) if e.training_copy}
    folds = {f.name: f for f in leave_one_dataset_out(examples, datasets=["rag", "news"])}
    rag_fold, news_fold = folds["lodo0_rag"], folds["lodo1_news"]
    assert len(rag_fold.test) == 24 and not copies & set(rag_fold.test.tolist())
    assert not copies & set(np.concatenate([rag_fold.train, rag_fold.validation]).tolist())
    assert copies <= set(np.concatenate([news_fold.train, news_fold.validation]).tolist())


def test_distract_entries_are_checked():
    with pytest.raises(ValueError, match="not sources listed before it"):
        check_sources([{"name": "d", "distract": {"sources": ["later"]}}, {"path": "later.jsonl"}])
    with pytest.raises(ValueError, match=r"unknown distract keys \['k'\]"):
        check_sources([{"path": "a.jsonl"}, {"name": "d", "distract": {"sources": ["a"], "k": 1}}])
    with pytest.raises(ValueError, match="passages must be"):
        check_sources([{"path": "a.jsonl"}, {"name": "d", "distract": {"sources": ["a"], "passages": [0, 2]}}])
    with pytest.raises(ValueError, match="one of a 'path'"):
        check_sources([{"path": "a.jsonl", "distract": {"sources": []}}])
