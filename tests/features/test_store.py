"""The on-disk feature cache: reuse, invalidation by config, prefixes, reordering, corruption (FeatureStore)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pytest

from halluseq.data import Example, load
from halluseq.features import FeaturePipeline, FeatureStore
from halluseq.features.text import TextFeatures


class CountingText(TextFeatures):
    """TextFeatures that counts how many examples ``extract`` was asked for."""

    def __init__(self, **config):
        super().__init__(**config)
        self.calls = 0

    def extract(self, examples: Sequence[Example]) -> list[np.ndarray]:
        self.calls += len(examples)
        return super().extract(examples)


@pytest.fixture
def examples(make_example) -> list[Example]:
    context = "The river Nile flows north through Egypt into the Mediterranean Sea."
    answers = ["The Nile flows south.", "It flows through Egypt.", "", "The Amazon is longer.",
               "Nile north Egypt.", "Sea.", "It ends in the Mediterranean Sea in 1900.", "Yes",
               "The river flows north.", "No idea at all here."]
    return [make_example(a, context if i % 3 else f"Other context {i}.") for i, a in enumerate(answers)]


def _assert_same(first: list[np.ndarray], second: list[np.ndarray]) -> None:
    assert len(first) == len(second)
    for a, b in zip(first, second, strict=True):
        assert a.dtype == b.dtype == np.float32
        np.testing.assert_array_equal(a, b)


def test_second_call_reads_the_cache(tmp_path, examples):
    store = FeatureStore(tmp_path, chunk_size=4)
    extractor = CountingText()
    first = store.features(extractor, examples, progress=False)
    assert extractor.calls == len(examples)
    assert [m.shape for m in first] == [(e.n_words, 20) for e in examples]
    _assert_same(first, TextFeatures().extract(examples))

    again = CountingText()
    second = FeatureStore(tmp_path, chunk_size=4).features(again, examples, progress=False)
    assert again.calls == 0
    _assert_same(first, second)
    assert len(list(tmp_path.rglob("*.npz"))) == 3  # 10 examples in chunks of 4
    assert not list(tmp_path.rglob("*.tmp"))


def test_edited_source_changes_fingerprint(tmp_path, monkeypatch):
    """A code-defined family keys its cache by its source files too: an edit without a version bump reads no
    stale features."""
    from halluseq.features import base

    for path in TextFeatures.source_files + base.READING_FILES:
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_bytes((base.PACKAGE_ROOT / path).read_bytes())
    monkeypatch.setattr(base, "PACKAGE_ROOT", tmp_path)
    copied = TextFeatures().fingerprint
    (tmp_path / "features/text.py").write_text("# an edit\n" + (tmp_path / "features/text.py").read_text())
    base.source_digest.cache_clear()  # one process runs one version of the code: the digest is read once
    edited = TextFeatures().fingerprint
    assert copied != edited and TextFeatures().fingerprint == edited
    (tmp_path / "data/tokenised.py").write_text("# an edit\n" + (tmp_path / "data/tokenised.py").read_text())
    base.source_digest.cache_clear()
    assert TextFeatures().fingerprint != edited  # how words are read is part of every code family's source


def test_changed_config_changes_fingerprint_and_recomputes(tmp_path, examples):
    store = FeatureStore(tmp_path, chunk_size=4)
    plain, flavoured = CountingText(), CountingText(ordinals=True)
    assert plain.fingerprint != flavoured.fingerprint
    assert CountingText(ordinals=True).fingerprint == flavoured.fingerprint
    assert CountingText(ordinals=False).fingerprint == plain.fingerprint
    store.features(plain, examples, progress=False)
    store.features(flavoured, examples, progress=False)
    assert flavoured.calls == len(examples)
    assert {p.name for p in (tmp_path / "text").iterdir()} == {plain.fingerprint, flavoured.fingerprint}


def test_changed_version_changes_fingerprint():
    class Newer(CountingText):
        version = "999"

    assert Newer().fingerprint != CountingText().fingerprint


def test_changed_example_content_recomputes_only_that_example(tmp_path, examples, make_example):
    store = FeatureStore(tmp_path, chunk_size=4)
    store.features(CountingText(), examples, progress=False)
    edited = list(examples)
    edited[5] = make_example("Completely different words now.", examples[5].context)
    extractor = CountingText()
    out = store.features(extractor, edited, progress=False)
    assert extractor.calls == 1
    _assert_same(out, TextFeatures().extract(edited))


@pytest.mark.parametrize("limit", [8, 4, 6, 3])
def test_limit_prefix_reuses_stored_examples(tmp_path, examples, limit):
    store = FeatureStore(tmp_path, chunk_size=4)
    full = store.features(CountingText(), examples, progress=False)
    extractor = CountingText()
    prefix = FeatureStore(tmp_path, chunk_size=4).features(extractor, examples[:limit], progress=False)
    assert extractor.calls == 0
    _assert_same(prefix, full[:limit])


def test_another_corpus_with_the_same_answers_in_another_order_reads_them_back(tmp_path, examples, make_example):
    store = FeatureStore(tmp_path, chunk_size=4)
    store.features(CountingText(), examples[:7], progress=False)
    new = make_example("A brand new answer.", "A brand new context.")
    other = [examples[9], new, *reversed(examples[:7]), examples[8], examples[7]]
    extractor = CountingText()
    out = FeatureStore(tmp_path, chunk_size=4).features(extractor, other, progress=False)
    assert extractor.calls == 4  # examples 7 to 9 and the new one: found nowhere
    _assert_same(out, TextFeatures().extract(other))
    again = CountingText()
    store = FeatureStore(tmp_path, chunk_size=4)
    assert store.cached_examples(again, [*examples, new]) == len(examples) + 1
    _assert_same(store.features(again, [*examples, new], progress=False), TextFeatures().extract([*examples, new]))
    assert again.calls == 0


def test_a_chunk_file_without_hashes_is_read_and_given_them(tmp_path, examples):
    store = FeatureStore(tmp_path, chunk_size=4)
    first = store.features(CountingText(), examples, progress=False)
    for path in tmp_path.rglob("*.npz"):  # the format of files written before the store kept hashes
        with np.load(path) as stored:
            arrays = {key: stored[key] for key in stored.files if key != "hashes"}
        np.savez(path, **arrays)
    extractor = CountingText()
    _assert_same(FeatureStore(tmp_path, chunk_size=4).features(extractor, examples, progress=False), first)
    assert extractor.calls == 0
    for path in tmp_path.rglob("*.npz"):
        with np.load(path) as stored:
            assert "hashes" in stored
    shuffled = examples[::-1]
    again = CountingText()
    _assert_same(FeatureStore(tmp_path, chunk_size=4).features(again, shuffled, progress=False), first[::-1])
    assert again.calls == 0


def test_interrupted_run_resumes_at_first_missing_chunk(tmp_path, examples):
    store = FeatureStore(tmp_path, chunk_size=4)
    store.features(CountingText(), examples[:4], progress=False)
    extractor = CountingText()
    store.features(extractor, examples, progress=False)
    assert extractor.calls == 6


@pytest.mark.parametrize("damage", ["garbage", "truncated", "empty", "wrong_lengths"])
def test_corrupted_cache_file_is_recomputed(tmp_path, examples, damage):
    store = FeatureStore(tmp_path, chunk_size=4)
    first = store.features(CountingText(), examples, progress=False)
    files = sorted(tmp_path.rglob("*.npz"))
    victim = files[0]
    data = victim.read_bytes()
    if damage == "garbage":
        victim.write_bytes(b"this is not an npz file")
    elif damage == "truncated":
        victim.write_bytes(data[: len(data) // 2])
    elif damage == "empty":
        victim.write_bytes(b"")
    else:
        np.savez(victim, values=np.zeros((1, 20), np.float32), lengths=np.array([1]))
    extractor = CountingText()
    second = store.features(extractor, examples, progress=False)
    assert extractor.calls == 4  # only the damaged chunk
    _assert_same(first, second)
    # the damaged file was overwritten with a readable one
    third_extractor = CountingText()
    store.features(third_extractor, examples, progress=False)
    assert third_extractor.calls == 0
    assert not list(tmp_path.rglob("*.tmp"))


def test_empty_examples_and_empty_answers(tmp_path, make_example):
    store = FeatureStore(tmp_path, chunk_size=2)
    assert store.features(CountingText(), [], progress=False) == []
    empties = [make_example("", "ctx"), make_example(" ", "ctx")]
    out = store.features(CountingText(), empties, progress=False)
    assert [m.shape for m in out] == [(0, 20), (0, 20)]
    extractor = CountingText()
    assert [m.shape for m in store.features(extractor, empties, progress=False)] == [(0, 20), (0, 20)]
    assert extractor.calls == 0


def test_real_ragtruth_through_pipeline_and_cache(tmp_path, shared_data):
    examples, _ = load(shared_data / "ragtruth_partial")
    assert len(examples) == 832
    extractor = CountingText()
    first = FeaturePipeline([extractor], store=FeatureStore(tmp_path)).transform(examples, progress=False)
    assert extractor.calls == 832
    assert [m.shape for m in first] == [(e.n_words, 20) for e in examples]

    again = CountingText()
    second = FeaturePipeline([again], store=FeatureStore(tmp_path)).transform(examples, progress=False)
    assert again.calls == 0
    _assert_same(first, second)
    assert not list(tmp_path.rglob("*.tmp"))
    stacked = np.concatenate(second)
    assert np.isfinite(stacked).all()
    assert stacked[:, 0].mean() > 0.5  # most answer words occur in the retrieved passages
