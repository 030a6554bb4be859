"""Semantic-support features (SPEC 2.6) on the installed all-MiniLM-L6-v2 encoder."""

from __future__ import annotations

import numpy as np
import pytest
import torch
from numpy.testing import assert_allclose, assert_array_equal

from halluseq.features.base import build
from halluseq.features.encoders import PAD_MULTIPLE, fixed_rows, native_bfloat16, padded_batches, padded_length
from halluseq.features.support import COLUMNS, SupportFeatures, support_matrix, window_bounds

CONTEXT = ("The Eiffel Tower was completed in 1889 for the World's Fair. It is 330 metres tall. "
           "Gustave Eiffel's company designed and built the tower.")
COPIED = "It is 330 metres tall."
UNRELATED = "Bananas ripen faster when stored next to apples."


@pytest.fixture(scope="module")
def support() -> SupportFeatures:
    extractor = SupportFeatures()
    extractor.load()
    return extractor


def cosine_support(extractor: SupportFeatures, text: str, context_sentences: list[str]) -> float:
    embeddings = extractor.embed([text, *context_sentences])  # (1 + C, H)
    return float((embeddings[1:] @ embeddings[0]).max())


def test_copied_sentence_is_supported_and_unrelated_is_not(support, make_example):
    example = make_example(f"{COPIED} {UNRELATED}", CONTEXT)
    [matrix] = support.extract([example])
    assert matrix.shape == (example.n_words, 2) and matrix.dtype == np.float32
    copied, unrelated = matrix[:5, 0], matrix[5:, 0]
    assert np.all(copied > 0.99)
    assert np.all(unrelated < 0.5)
    assert len(set(copied)) == 1 and len(set(unrelated)) == 1  # one value per sentence


def test_windows_are_per_word_and_clipped(support, make_example):
    example = make_example(f"{COPIED} {UNRELATED}", CONTEXT)
    [matrix] = support.extract([example])
    words = [w.text for w in example.words]
    context_sentences = ["The Eiffel Tower was completed in 1889 for the World's Fair.", COPIED,
                         "Gustave Eiffel's company designed and built the tower."]
    for i in (0, 1, 6, len(words) - 1):
        window = " ".join(words[max(i - 2, 0):i + 3])
        assert_allclose(matrix[i, 1], cosine_support(support, window, context_sentences), atol=1e-5)
    assert len(np.unique(matrix[:, 1].round(5))) > 5  # windows differ from word to word
    assert matrix[1, 1] > matrix[-1, 1]  # "It is 330 metres" vs "...next to apples."
    assert_allclose(window_bounds(3), [[0, 2], [0, 2], [0, 2]])
    assert_allclose(window_bounds(6)[2:4], [[0, 4], [1, 5]])


def test_embeddings_follow_the_sentence_transformers_recipe(support):
    model, tokenizer = support.load()
    texts = [COPIED, UNRELATED, CONTEXT, "Tall."]
    with torch.inference_mode():
        alone = [model(**tokenizer(text, return_tensors="pt")).last_hidden_state[0].mean(0) for text in texts]
    expected = torch.nn.functional.normalize(torch.stack(alone), dim=-1).numpy()  # (4, H), no padding at all
    assert_allclose(support.embed(texts), expected, atol=1e-5)  # one padded batch
    assert_allclose(SupportFeatures(batch_tokens=1).embed(texts), expected, atol=1e-5)  # one text per batch


def test_empty_context_and_empty_answer(support, make_example):
    [matrix] = support.extract([make_example(COPIED, "   ")])
    assert matrix.shape == (5, 2) and np.isnan(matrix).all()
    [empty] = support.extract([make_example("", CONTEXT)])
    assert empty.shape == (0, 2)


def test_word_outside_every_sentence_is_nan():
    context = np.eye(3)[:2]  # (C=2, H=3)
    sentences = np.eye(3)[[0]]  # (S=1, H)
    windows = np.eye(3)[[0, 2]]  # (T=2, H)
    matrix = support_matrix(context, sentences, windows, np.array([0, -1]))
    assert_allclose(matrix, [[1.0, 1.0], [np.nan, 0.0]])


def test_shared_context_gives_the_same_values(support, make_example):
    examples = [make_example(COPIED, CONTEXT), make_example(UNRELATED + " " + COPIED, CONTEXT)]
    for together, alone in zip(support.extract(examples), [support.extract([e])[0] for e in examples], strict=True):
        assert_allclose(together, alone, rtol=0, atol=1e-6)  # each text padded to its own padded length


def test_a_context_seen_again_is_not_embedded_again(make_example, monkeypatch):
    extractor = SupportFeatures()
    first = extractor.extract([make_example(COPIED, CONTEXT)])[0]
    embedded: list[str] = []
    embed = extractor.embed
    monkeypatch.setattr(extractor, "embed", lambda texts: (embedded.extend(texts), embed(texts))[1])
    again, other = extractor.extract([make_example(COPIED, CONTEXT), make_example(UNRELATED, CONTEXT)])
    assert_allclose(again, first, atol=1e-5)  # the same values, from the remembered context sentences
    context_only = ["The Eiffel Tower was completed in 1889 for the World's Fair.",
                    "Gustave Eiffel's company designed and built the tower."]
    assert not set(context_only) & set(embedded) and UNRELATED in embedded
    assert embedded.count(COPIED) == 1  # as the answer's sentence, not again as the context's
    assert other[:, 0].max() < again[:, 0].min()


def test_cache_key_excludes_runtime_options():
    base = build("support")
    assert isinstance(base, SupportFeatures) and base.columns == COLUMNS == ["support_sentence", "support_window"]
    assert SupportFeatures(batch_tokens=3, threads=1).fingerprint == base.fingerprint
    assert SupportFeatures(model="other/encoder").fingerprint != base.fingerprint
    assert SupportFeatures(max_length=128).fingerprint != base.fingerprint
    assert (SupportFeatures(precision="bfloat16").fingerprint != base.fingerprint) == native_bfloat16()
    assert "precision" not in base.fingerprint_config  # float32 keys as before the option existed
    with pytest.raises(ValueError, match="precision"):
        SupportFeatures(precision="half")


def test_padded_batches_pad_each_input_to_its_own_padded_length(support):
    _, tokenizer = support.load()
    texts = ["a", "a b c " * 5, "one two three " * 12, "x " * 600, "short text", "a b c " * 5]
    encoding = tokenizer(texts, truncation=True, max_length=100)
    lengths = [len(ids) for ids in encoding["input_ids"]]
    seen = []
    for batch, inputs in padded_batches(tokenizer, encoding, batch_tokens=64, limit=100):
        size = inputs["input_ids"].shape[1]
        assert {padded_length(lengths[i], 100) for i in batch} == {size}  # one padded length per batch
        assert len(batch) == 1 or len(batch) * size <= 64
        assert inputs["attention_mask"].sum(1).tolist() == [lengths[i] for i in batch]
        seen += batch
    assert sorted(seen) == list(range(len(texts)))
    assert padded_length(1, 512) == PAD_MULTIPLE and padded_length(PAD_MULTIPLE + 1, 512) == 2 * PAD_MULTIPLE
    assert padded_length(100, 100) == 100  # never past the model's limit


def test_fixed_shape_batches_have_one_shape_per_padded_length(support):
    _, tokenizer = support.load()
    texts = ["a", "a b c " * 5, "one two three " * 12, "x " * 600, "short text", "a b c " * 5, "b"]
    encoding = tokenizer(texts, truncation=True, max_length=100)
    seen = []
    for batch, inputs in padded_batches(tokenizer, encoding, batch_tokens=64, limit=100, fixed_shape=True):
        rows, size = inputs["input_ids"].shape
        assert rows == fixed_rows(size) >= len(batch)  # the shape depends on the padded length alone
        filler = inputs["input_ids"][len(batch):]
        assert (filler == inputs["input_ids"][0]).all()  # the free rows repeat the batch's first input
        seen += batch
    assert sorted(seen) == list(range(len(texts)))


@pytest.mark.skipif(not native_bfloat16(), reason="this CPU runs bfloat16 encoders in float32")
def test_bfloat16_embeddings_are_close_and_never_depend_on_batch_mates(support, make_example):
    fast = SupportFeatures(precision="bfloat16")
    texts = [CONTEXT, COPIED, UNRELATED, "It is tall.", "The tower was designed by Gustave Eiffel's company.",
             *CONTEXT.split()]
    together = fast.embed(texts)
    assert together.dtype == np.float32 and np.abs(together @ support.embed(texts).T).diagonal().min() > 0.99
    assert_array_equal(together, np.vstack([fast.embed([text]) for text in texts]))
    assert_array_equal(together[::-1], fast.embed(texts[::-1]))
    example = make_example(f"{COPIED} {UNRELATED}", CONTEXT)
    [matrix] = fast.extract([example])
    assert_allclose(matrix, support.extract([example])[0], atol=0.02)
