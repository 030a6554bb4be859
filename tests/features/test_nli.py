"""NLI features (SPEC 2.2): chunking, aggregation, derived columns, label order and batching.

Model tests run a tiny random DeBERTa-v2 classifier with a SentencePiece tokenizer trained here, saved and loaded
back by folder path; the long-context tests use a deterministic substring scorer instead of a model.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
import torch
from hypothesis import given
from hypothesis import strategies as st
from numpy.testing import assert_allclose, assert_array_equal

from halluseq.data import Example, load
from halluseq.data.sentences import split_sentences
from halluseq.data.words import split_words
from halluseq.features import encoders
from halluseq.features.align import text_keys
from halluseq.features.base import build
from halluseq.features.encoders import native_bfloat16
from halluseq.features.nli import (
    COLUMNS,
    MAX_CHUNKS,
    NLIFeatures,
    aggregate,
    chunk_words,
    word_features,
    word_token_counts,
)

WORDS = ["the", "river", "city", "bridge", "market", "tower", "garden", "school", "harbor", "museum", "station",
         "library", "castle", "forest", "valley", "village", "temple", "palace", "island", "lake", "mountain", "was",
         "built", "in", "by", "a", "near", "of", "and", "is", "has", "old", "new", "large", "small", "founded", "year",
         "company", "revenue", "reached", "million", "people", "lived", "ancient", "modern", "north", "south", "east",
         "west", "famous", "quiet", "busy", "green", "blue", "red", "stone", "wooden", "golden", "bright", "dark",
         "king", "queen", "army", "ship", "train", "road", "street", "house", "church", "hospital", "university",
         "1999", "2001", "seventeen"]
FACT = "The Zanzibar observatory opened in 1850."
OTHER = "The castle has a red tower near the lake."
# The same classifier under three label orders: (id2label names, row of the canonical classifier for each id).
LABEL_ORDERS = {
    "canonical": (["entailment", "neutral", "contradiction"], [0, 1, 2]),
    "reversed": (["CONTRADICTION", "NEUTRAL", "ENTAILMENT"], [2, 1, 0]),
    "rotated": (["Neutral", "Contradiction", "Entailment"], [1, 2, 0]),
}


def sentences_of(rng: np.random.Generator, n: int, length: int = 12) -> list[str]:
    return [" ".join(rng.choice(WORDS, size=length)).capitalize() + "." for _ in range(n)]


@pytest.fixture(scope="module")
def tokenizer(tmp_path_factory):
    """A DeBERTa-v2 tokenizer on a ~250-piece SentencePiece unigram model trained on generated sentences."""
    import sentencepiece as spm
    from transformers import DebertaV2Tokenizer

    root = tmp_path_factory.mktemp("spm")
    (root / "corpus.txt").write_text("\n".join(sentences_of(np.random.default_rng(0), 400)), encoding="utf-8")
    spm.SentencePieceTrainer.train(
        input=str(root / "corpus.txt"), model_prefix=str(root / "spm"), vocab_size=250, model_type="unigram",
        pad_id=0, unk_id=1, bos_id=2, eos_id=3, pad_piece="[PAD]", unk_piece="[UNK]", bos_piece="[CLS]",
        eos_piece="[SEP]", user_defined_symbols=["[MASK]"], hard_vocab_limit=False, num_threads=1, minloglevel=2)
    model = spm.SentencePieceProcessor(model_file=str(root / "spm.model"))
    return DebertaV2Tokenizer(vocab=[(model.id_to_piece(i), model.get_score(i)) for i in range(len(model))])


@pytest.fixture(scope="module")
def nli_folders(tmp_path_factory, tokenizer) -> dict[str, Path]:
    """One tiny random DeBERTa-v2 NLI classifier (max 128 positions) saved once per label order."""
    from transformers import DebertaV2Config, DebertaV2ForSequenceClassification

    torch.manual_seed(0)
    config = DebertaV2Config(vocab_size=len(tokenizer), hidden_size=32, num_hidden_layers=2, num_attention_heads=2,
                             intermediate_size=64, num_labels=3, max_position_embeddings=128,
                             pad_token_id=tokenizer.pad_token_id)
    model = DebertaV2ForSequenceClassification(config).eval()
    weight, bias = model.classifier.weight.detach() * 100, model.classifier.bias.detach()  # (3, 32), (3,)
    folders = {}
    for order, (names, rows) in LABEL_ORDERS.items():
        with torch.no_grad():
            model.classifier.weight.copy_(weight[rows])
            model.classifier.bias.copy_(bias[rows])
        model.config.id2label = dict(enumerate(names))
        model.config.label2id = {name: i for i, name in enumerate(names)}
        folders[order] = tmp_path_factory.mktemp(f"nli-{order}")
        model.save_pretrained(folders[order])
        tokenizer.save_pretrained(folders[order])
    return folders


def tiny_nli(folder: Path, **options) -> NLIFeatures:
    return NLIFeatures(backend=str(folder), max_length=128, chunk_tokens=48, chunk_overlap=8, **options)


class SubstringNLI(NLIFeatures):
    """No model: a pair entails exactly when the premise contains the hypothesis; otherwise (0.6, 0.1, 0.3)."""

    def __init__(self, tokenizer, **options):
        super().__init__(backend="substring", **options)
        self._loaded = (None, tokenizer)

    def score_pairs(self, pairs):
        return np.array([[0.0, 1.0, 0.0] if hypothesis in premise else [0.6, 0.1, 0.3]
                         for premise, hypothesis in pairs]).reshape(-1, 3)


# ---- aggregation and derived columns ---------------------------------------------------------------------------

@pytest.mark.parametrize(("chunks", "expected"), [
    ([[0.2, 0.3, 0.5]], [0.2, 0.3, 0.5]),  # a single chunk gives the model's own probabilities ...
    ([[0.1, 0.7, 0.2]], [0.1, 0.7, 0.2]),  # ... whether or not it entails
    ([[0.3, 0.1, 0.6], [0.05, 0.5, 0.45]], [0.3, 0.5, 0.2]),  # contradiction from the non-entailing chunk
    ([[0.7, 0.2, 0.1], [0.1, 0.8, 0.1], [0.2, 0.3, 0.5]], [0.2, 0.8, 0.0]),  # 0.7 capped at 1 - 0.8
    ([[0.1, 0.6, 0.3], [0.3, 0.45, 0.25]], [0.1, 0.6, 0.3]),  # all entail: the most entailing chunk's 0.1
    (np.zeros((0, 3)), [0.0, 0.0, 1.0]),  # no premise
])
def test_aggregate(chunks, expected):
    assert_allclose(aggregate(np.array(chunks, dtype=np.float64)), expected, atol=1e-12)


def test_word_features_hand_built():
    # 16 one-letter words at even offsets; sentences: words 0-3, 4-5, 6-15
    offsets = np.array([(2 * i, 2 * i + 1) for i in range(16)])
    sentences = [(0, 7), (8, 11), (12, 31)]
    probs = np.array([[0.2, 0.5, 0.3], [0.8, 0.1, 0.1], [0.1, 0.6, 0.3]])
    matrix = word_features(offsets, sentences, probs)
    assert matrix.shape == (16, 7) and matrix.dtype == np.float32
    contradiction = [0.2] * 4 + [0.8] * 2 + [0.1] * 10
    cumulative = [0.2, 0.4, 0.6, 0.8, 1.6, 2.4, 2.5, 2.6, 2.7, 2.8, 2.9, 3.0, 3.1, 3.2, 3.3, 3.4]
    expected = {
        "nli_contradiction": contradiction,
        "nli_entailment": [0.5] * 4 + [0.1] * 2 + [0.6] * 10,
        "nli_neutral": [0.3] * 4 + [0.1] * 2 + [0.3] * 10,
        "nli_running_contradiction": [c / (i + 1) for i, c in enumerate(cumulative)],
        "nli_delta_contradiction": [0, 0, 0, 0, 0.6, 0, -0.7] + [0] * 9,
        # the 0.8 of words 4-5 stays in the trailing 10-word window up to word 14
        "nli_max_contradiction_10": [0.2] * 4 + [0.8] * 11 + [0.1],
        "nli_entailment_drop": [0.5] * 4 + [0.9] * 2 + [0.4] * 10,
    }
    for j, name in enumerate(COLUMNS):
        assert_allclose(matrix[:, j], expected[name], atol=1e-6, err_msg=name)


def test_words_outside_sentences_get_a_third():
    offsets = np.array([(0, 1), (2, 3), (4, 5), (6, 7)])
    matrix = word_features(offsets, [(0, 3)], np.array([[0.9, 0.05, 0.05]]))
    assert_allclose(matrix[:2, :3], [[0.9, 0.05, 0.05]] * 2, atol=1e-6)
    assert_allclose(matrix[2:, :3], np.full((2, 3), 1 / 3), atol=1e-6)
    assert_allclose(matrix[:, 3], [0.9, 0.9, (1.8 + 1 / 3) / 3, (1.8 + 2 / 3) / 4], atol=1e-6)
    assert word_features(np.zeros((0, 2), dtype=np.int64), [], np.zeros((0, 3))).shape == (0, 7)


# ---- chunking ------------------------------------------------------------------------------------------------

@given(counts=st.lists(st.integers(0, 12), min_size=1, max_size=120), chunk_tokens=st.integers(4, 40),
       overlap_share=st.floats(0, 0.5))
def test_chunk_words_properties(counts, chunk_tokens, overlap_share):
    overlap = int(overlap_share * chunk_tokens)
    counts = np.array(counts)
    chunks = chunk_words(counts, chunk_tokens, overlap)
    assert chunks[0][0] == 0 and chunks[-1][1] == len(counts)
    for (start, end), (next_start, next_end) in zip(chunks, chunks[1:], strict=False):
        assert start < next_start <= end < next_end  # ordered, no gap
        if overlap and counts[end - 1] + counts[end] <= chunk_tokens:
            assert next_start < end  # consecutive chunks share a word wherever two fit in a chunk
    for start, end in chunks:
        assert counts[start:end].sum() <= chunk_tokens or end - start == 1
    # any run of whole words of at most `overlap` tokens lies whole in some chunk
    for first in range(len(counts)):
        last = first
        while last < len(counts) and counts[first:last + 1].sum() <= overlap:
            last += 1
        assert any(start <= first and last <= end for start, end in chunks), (first, last)


@pytest.mark.parametrize("which", ["sentencepiece", "wordpiece"])
@pytest.mark.parametrize("n_words", [1, 7, 60, 400, 1500])
def test_chunks_of_real_tokenizers(which, n_words, tokenizer):
    from transformers import AutoTokenizer

    from halluseq.nli.model import minilm_path

    tok = tokenizer if which == "sentencepiece" else AutoTokenizer.from_pretrained(minilm_path())
    rng = np.random.default_rng(n_words)
    context = "  ".join(sentences_of(rng, n_words // 6 + 1))
    context = context[:split_words(context)[n_words - 1].end] + "\n"
    words = split_words(context)
    counts = word_token_counts(tok, context, words)
    assert counts.sum() == len(tok(context, add_special_tokens=False)["input_ids"])  # every token counted once
    extractor = SubstringNLI(tok, chunk_tokens=64, chunk_overlap=16)
    ranges = chunk_words(counts, 64, 16)
    premises = extractor.premises(context)
    assert premises == [context[words[start].start:words[end - 1].end] for start, end in ranges]
    covered = np.zeros(len(words), dtype=bool)
    for (start, end), premise in zip(ranges, premises, strict=True):
        covered[start:end] = True
        n_tokens = len(tok(premise, add_special_tokens=False)["input_ids"])
        assert n_tokens == counts[start:end].sum() <= 64  # counted alone as within the context
    assert covered.all()
    assert all(b[0] < a[1] for a, b in zip(ranges, ranges[1:], strict=False))
    assert (len(ranges) > 1) == (counts.sum() > 64)


def test_evidence_at_the_end_of_a_long_context(tokenizer, make_example):
    filler = " ".join(np.random.default_rng(1).choice(WORDS, size=5000 - len(FACT.split())))
    context = filler + ". " + FACT
    assert len(context.split()) == 5000 and FACT not in filler
    example = make_example(f"{FACT} {OTHER} Yes indeed.", context)
    chunked = SubstringNLI(tokenizer)
    first400 = SubstringNLI(tokenizer, premise="first400")
    assert len(chunked.premises(context)) > 10
    assert first400.premises(context) == [" ".join(context.split()[:400])]
    [by_chunks], [by_first400] = chunked.sentence_probabilities([example]), first400.sentence_probabilities([example])
    # FACT entailed by the last chunk; OTHER nowhere; "Yes indeed." too short to score
    assert_allclose(by_chunks, [[0, 1, 0], [0.6, 0.1, 0.3], [0, 0, 1]], atol=1e-12)
    assert_allclose(by_first400, [[0.6, 0.1, 0.3], [0.6, 0.1, 0.3], [0, 0, 1]], atol=1e-12)
    [matrix] = chunked.extract([example])
    assert_allclose(matrix[:6, :3], [[0, 1, 0]] * 6)
    assert_allclose(matrix[-2:, :3], [[0, 0, 1]] * 2)


def test_a_long_context_is_narrowed_to_the_chunks_a_sentence_draws_on(tokenizer, make_example):
    """Past ``max_chunks`` chunks, each sentence is scored with the chunks holding most of its content words only:
    the fact at the end of 5,000 words is still found, and only ``max_chunks`` pairs per sentence are scored."""
    filler = " ".join(np.random.default_rng(1).choice(WORDS, size=5000 - len(FACT.split())))
    context = filler + ". " + FACT
    example = make_example(f"{FACT} {OTHER}", context)
    scored: list[tuple[str, str]] = []

    class Counting(SubstringNLI):
        def score_pairs(self, pairs):
            scored.extend(pairs)
            return super().score_pairs(pairs)

    narrowed, every = Counting(tokenizer, max_chunks=3), SubstringNLI(tokenizer, max_chunks=None)
    premises = narrowed.premises(context)
    keys = [text_keys(p) for p in premises]
    assert len(premises) > 10 and narrowed.premises_for(premises, keys, FACT)[-1] == premises[-1]
    assert len(narrowed.premises_for(premises, keys, FACT)) == 3
    assert narrowed.premises_for(premises[:3], keys[:3], FACT) == premises[:3]
    assert_allclose(narrowed.sentence_probabilities([example])[0], every.sentence_probabilities([example])[0])
    assert len(scored) == 2 * 3
    short = make_example(FACT, "The Zanzibar observatory opened in 1850. The lake is old.")
    assert_allclose(Counting(tokenizer, max_chunks=1).extract([short])[0], SubstringNLI(tokenizer).extract([short])[0])


def test_the_training_sources_contexts_are_never_narrowed(shared_data):
    """``max_chunks`` changes nothing the bundled detectors were trained on: no context of their training sources
    has more chunks (with the bundled NLI tokenizer)."""
    nli = NLIFeatures()
    for source in ("ragtruth_partial", "spans/entfa.jsonl", "spans/cliff_goyal21.jsonl", "spans/summedits.jsonl"):
        contexts = {e.context for e in load(shared_data / source)[0]}
        assert max(len(nli.premises(context)) for context in contexts) <= MAX_CHUNKS, source


def test_empty_context_is_neutral(tokenizer, make_example):
    [probs] = SubstringNLI(tokenizer).sentence_probabilities([make_example(OTHER, " ")])
    assert_allclose(probs, [[0, 0, 1]])


# ---- the Hugging Face path on a tiny DeBERTa-v2 ---------------------------------------------------------------

@pytest.fixture(scope="module")
def examples() -> list[Example]:
    rng = np.random.default_rng(2)
    context = " ".join(sentences_of(rng, 15))  # ~180 words: several 48-token chunks
    answers = [" ".join(sentences_of(rng, k, length=5 + k)) + " Yes indeed." for k in (1, 2, 3)]
    return ([Example(id=f"ex{k}", context=context, answer=answer) for k, answer in enumerate(answers)]
            + [Example(id="short", context="The lake is old.", answer=" ".join(sentences_of(rng, 2)))])


def test_columns_are_read_through_id2label(nli_folders, examples):
    results = {order: tiny_nli(folder).extract(examples) for order, folder in nli_folders.items()}
    canonical = results.pop("canonical")
    probs = np.concatenate(canonical)[:, :3]
    assert_allclose(probs.sum(1), 1, atol=1e-6)
    assert np.ptp(probs[probs[:, 2] < 1], axis=1).min() > 0.01  # scored words: the three labels differ
    for order, matrices in results.items():
        for got, want in zip(matrices, canonical, strict=True):
            assert_allclose(got, want, atol=1e-6, err_msg=order)


def test_single_chunk_gives_the_model_probabilities(nli_folders, examples):
    from transformers import AutoModelForSequenceClassification, AutoTokenizer

    folder = nli_folders["rotated"]
    model = AutoModelForSequenceClassification.from_pretrained(folder).eval()
    tok = AutoTokenizer.from_pretrained(folder)
    example = examples[-1]  # a 4-word context: one chunk
    [start, end] = split_sentences(example.answer)[0]
    with torch.inference_mode():
        logits = model(**tok(example.context, example.answer[start:end], return_tensors="pt")).logits[0]  # (3,)
    p = torch.softmax(logits, -1).numpy()  # rotated order: neutral, contradiction, entailment
    for premise in ("chunks", "first400"):
        [probs] = tiny_nli(folder, premise=premise).sentence_probabilities([example])
        assert_allclose(probs[0], [p[1], p[2], p[0]], atol=1e-6)


def test_batches_do_not_change_results(nli_folders, examples):
    together = tiny_nli(nli_folders["canonical"], batch_tokens=100_000)
    alone = tiny_nli(nli_folders["canonical"], batch_tokens=1)
    pairs = [(premise, example.answer[a:b]) for example in examples for premise in together.premises(example.context)
             for a, b in split_sentences(example.answer)]
    assert len({len(p) + len(h) for p, h in pairs}) > 5  # lengths differ: batches are padded
    # each pair is padded to its own padded length, never a batch-mate's: what differs is the kernels' blocking by
    # the number of rows, a few float32 rounding steps
    assert_allclose(together.score_pairs(pairs), alone.score_pairs(pairs), rtol=0, atol=1e-6)
    one_by_one = [m for example in examples for m in together.extract([example])]
    for got, want in zip(together.extract(examples), one_by_one, strict=True):
        assert_allclose(got, want, rtol=0, atol=1e-6)


@pytest.mark.skipif(not native_bfloat16(), reason="this CPU runs bfloat16 encoders in float32")
def test_bfloat16_is_close_to_float32_and_never_depends_on_batch_mates(nli_folders, examples):
    exact = tiny_nli(nli_folders["canonical"])
    fast = tiny_nli(nli_folders["canonical"], precision="bfloat16")
    pairs = [(premise, example.answer[a:b]) for example in examples for premise in exact.premises(example.context)
             for a, b in split_sentences(example.answer)]
    together = fast.score_pairs(pairs)
    assert_allclose(together, exact.score_pairs(pairs), rtol=0, atol=0.05)
    # each padded length has one batch shape (features/encoders.py): the same numbers alone, reversed or in a crowd
    assert_array_equal(together, np.vstack([fast.score_pairs([pair]) for pair in pairs]))
    assert_array_equal(together[::-1], fast.score_pairs(pairs[::-1]))
    one_by_one = [m for example in examples for m in fast.extract([example])]
    for got, want in zip(fast.extract(examples), one_by_one, strict=True):
        assert_array_equal(got, want)


def test_short_sentences_and_shapes(nli_folders, examples):
    matrices = tiny_nli(nli_folders["canonical"]).extract(examples)
    for example, matrix in zip(examples, matrices, strict=True):
        assert matrix.shape == (example.n_words, 7)
    for matrix in matrices[:3]:  # each answer ends in "Yes indeed."
        assert_allclose(matrix[-2:, :3], [[0, 0, 1]] * 2)


def test_chunks_must_leave_room_for_the_hypothesis(nli_folders, examples):
    with pytest.raises(ValueError, match="no room"):
        NLIFeatures(backend=str(nli_folders["canonical"]), chunk_tokens=256).extract(examples[:1])


# ---- options and cache key -------------------------------------------------------------------------------------

def test_cache_key_excludes_runtime_options():
    base = build("nli")
    assert isinstance(base, NLIFeatures) and base.columns == COLUMNS
    assert NLIFeatures(batch_tokens=7, threads=1).fingerprint == base.fingerprint
    assert "batch_tokens" not in base.config and "threads" not in base.config
    for change in ({"backend": "other/model"}, {"premise": "first400"}, {"max_length": 256},
                   {"chunk_tokens": 128}, {"chunk_overlap": 0}, {"max_chunks": None}, {"max_chunks": 8}):
        assert NLIFeatures(**change).fingerprint != base.fingerprint, change
    # float32, the default, keys as before the option existed: caches made then stay valid
    assert "precision" not in base.fingerprint_config and base.config["precision"] == "float32"
    if not native_bfloat16():  # bfloat16 runs, and keys, as float32 here
        assert NLIFeatures(precision="bfloat16").fingerprint == base.fingerprint
        return
    # bfloat16 sums depend on how many threads split them: there the thread count is part of the key
    fast = NLIFeatures(precision="bfloat16", threads=1)
    assert fast.fingerprint == NLIFeatures(precision="bfloat16", threads=1, batch_tokens=7).fingerprint
    assert fast.fingerprint != NLIFeatures(precision="bfloat16", threads=2).fingerprint
    assert NLIFeatures(precision="bfloat16").fingerprint_config["threads"] == torch.get_num_threads()


def test_bfloat16_runs_as_float32_on_a_cpu_without_it(nli_folders, examples, monkeypatch, caplog):
    monkeypatch.setattr(encoders, "native_bfloat16", lambda: False)
    encoders._say_float32_once.cache_clear()
    asked = tiny_nli(nli_folders["canonical"], precision="bfloat16")
    exact = tiny_nli(nli_folders["canonical"])
    with caplog.at_level("INFO", logger=encoders.__name__):
        assert asked.load()[0].dtype == torch.float32
    assert caplog.text.count("no native bfloat16") == 1  # said once
    assert asked.fingerprint == exact.fingerprint  # the float32 cache: these are float32 numbers
    for got, want in zip(asked.extract(examples), exact.extract(examples), strict=True):
        assert_allclose(got, want, rtol=0, atol=1e-6)


@pytest.mark.parametrize("options", [{"premise": "whole"}, {"chunk_overlap": 200}, {"chunk_overlap": -1},
                                     {"max_chunks": 0}, {"max_chunks": "all"}, {"precision": "float16"}])
def test_bad_options(options):
    with pytest.raises(ValueError):
        NLIFeatures(**options)

