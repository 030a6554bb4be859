"""Scoring answer tokens with a proxy causal LM: prompts under a token budget, batched, prefixed and reference
passes.

Per answer token: log p of the token, entropy (nats) of the next-token distribution and the token's rank
(0 = the model's top choice), each read from the position before the token (SPEC 2.3).
"""

from __future__ import annotations

import contextlib
import threading
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import numpy as np
import torch

from halluseq.data.example import Example
from halluseq.data.sentences import split_sentences
from halluseq.features.align import relevance, text_keys
from halluseq.features.lm_backend import ProxyLM

# Prompt templates per task (``default`` for any other task); ``{context}`` and ``{question}`` are filled in.
# ``with_context`` is SPEC 2.3's prompt (the question added when there is one); ``without_context`` is the
# question-only prompt of the context contrast (SPEC 2.4).
DEFAULT_TEMPLATES: dict[str, dict[str, str]] = {
    "default": {"with_context": "Context: {context}\n\nOutput: ", "without_context": "Output: "},
    "QA": {"with_context": "Context: {context}\n\nQuestion: {question}\n\nOutput: ",
           "without_context": "Question: {question}\n\nOutput: "},
}
DEFAULT_MAX_TOKENS = 1024


@dataclass
class Encoded:
    """One prompt + answer as token ids; answer tokens start at ``answer_start``."""

    ids: list[int]
    answer_start: int
    answer_offsets: np.ndarray  # (n_answer_tokens, 2) character ranges in the answer
    context_tokens: int  # context tokens before the budget cut (0 for the question-only prompt)
    context_tokens_kept: int  # tokens of the context as prompted (a selection of a long one, separators included)

    @property
    def length(self) -> int:
        return len(self.ids)


@dataclass
class TokenScores:
    """Per answer token: ``logprob``, ``entropy``, ``rank`` and its character range ``offsets`` in the answer."""

    logprob: np.ndarray
    entropy: np.ndarray
    rank: np.ndarray
    offsets: np.ndarray
    context_tokens: int
    context_tokens_kept: int


def template_for(templates: dict[str, dict[str, str]], task: str | None, kind: str) -> str:
    """The ``kind`` template (``with_context`` / ``without_context``) for ``task``, else the default one."""
    chosen = templates.get(task or "", templates["default"])
    return chosen.get(kind, templates["default"][kind])


def _encode_answer(tokenizer, lead: str, answer: str) -> tuple[list[int], np.ndarray]:
    """Answer ids tokenized after ``lead`` (the template's trailing spaces), offsets shifted back into the answer."""
    encoding = tokenizer(lead + answer, add_special_tokens=False, return_offsets_mapping=True)
    offsets = np.array(encoding["offset_mapping"], dtype=np.int64).reshape(-1, 2) - len(lead)
    return list(encoding["input_ids"]), np.clip(offsets, 0, len(answer))


def relevant_context(tokenizer, context: str, answer: str, budget: int) -> str:
    """The context's sentences that share the most words with the answer, in their own order, within about
    ``budget`` tokens: sentences are ranked by the inverse-sentence-frequency weight of the answer's content words
    they hold (ties and sentences sharing none: earlier first) and taken whole while they fit; the first one that
    does not fit is taken cut to the space left (so a context without sentence ends keeps its start, as before)."""
    if budget <= 0:
        return ""
    spans = split_sentences(context) or [(0, len(context))]
    texts = [context[start:end] for start, end in spans]
    scores = relevance([text_keys(text) for text in texts], answer)
    offsets = tokenizer(texts, add_special_tokens=False, return_offsets_mapping=True)["offset_mapping"]
    chosen: dict[int, str] = {}
    left = budget
    for i in sorted(range(len(texts)), key=lambda i: (-scores[i], i)):
        size = len(offsets[i]) + 1  # + the separator
        if size <= left:
            chosen[i], left = texts[i], left - size
            continue
        if left > 1:
            chosen[i] = texts[i][:offsets[i][left - 2][1]]
        break
    return "\n".join(chosen[i] for i in sorted(chosen))


def encode(tokenizer, template: str, example: Example, max_tokens: int) -> Encoded:
    """``template`` filled with the example, then its answer, within ``max_tokens`` (the answer is never cut). A
    context too long for the budget is replaced by its sentences most relevant to the answer
    (:func:`relevant_context`: a 50-page context is not read only from its first page), then cut from its end if it
    still runs over. The template's trailing spaces go to the answer, so the answer is tokenized as it would be in
    running text (" word", not "word")."""
    question = example.question or ""
    prompt = template.replace("{question}", question)
    prefix_template = prompt.rstrip(" ")
    lead = prompt[len(prefix_template):]
    answer_ids, answer_offsets = _encode_answer(tokenizer, lead, example.answer)

    def prefix_ids(context: str) -> list[int]:
        return list(tokenizer(prefix_template.replace("{context}", context), add_special_tokens=True)["input_ids"])

    if "{context}" not in prefix_template:
        return Encoded(prefix_ids("") + answer_ids, len(prefix_ids("")), answer_offsets, 0, 0)
    context = example.context
    context_offsets = tokenizer(context, add_special_tokens=False, return_offsets_mapping=True)["offset_mapping"]
    total = len(context_offsets)
    ids = prefix_ids(context)
    if len(ids) + len(answer_ids) > max_tokens:
        context = relevant_context(tokenizer, context, example.answer,
                                   max_tokens - len(answer_ids) - (len(ids) - total))
        ids = prefix_ids(context)
        context_offsets = tokenizer(context, add_special_tokens=False, return_offsets_mapping=True)["offset_mapping"]
    keep = len(context_offsets)  # tokens of the context as prompted (the selection, separators included)
    while keep > 0 and len(ids) + len(answer_ids) > max_tokens:
        keep = max(0, keep - (len(ids) + len(answer_ids) - max_tokens))
        ids = prefix_ids(context[:context_offsets[keep - 1][1]] if keep else "")
    return Encoded(ids + answer_ids, len(ids), answer_offsets, total, keep)


def _token_statistics(logits: torch.Tensor, targets: torch.Tensor) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``logits (n, V)`` predicting ``targets (n,)`` -> log p, entropy (nats), rank (float64 arrays)."""
    logits = logits.float()
    log_probs = torch.log_softmax(logits, dim=-1)  # (n, V)
    target_logp = log_probs.gather(1, targets[:, None])[:, 0]  # (n,)
    entropy = -(log_probs.exp() * log_probs).sum(-1)
    target_logits = logits.gather(1, targets[:, None])  # (n, 1)
    rank = (logits > target_logits).sum(-1)
    return (target_logp.double().numpy(), entropy.double().numpy(), rank.double().numpy())


def _scores(encoded: Encoded, logp: np.ndarray, entropy: np.ndarray, rank: np.ndarray) -> TokenScores:
    return TokenScores(logp, entropy, rank, encoded.answer_offsets, encoded.context_tokens,
                       encoded.context_tokens_kept)


@contextlib.contextmanager
def torch_threads(threads: int | None) -> Iterator[None]:
    """Run the block with ``threads`` intra-op threads (unchanged when None), restoring the old count after."""
    previous = torch.get_num_threads()
    if threads:
        torch.set_num_threads(threads)
    try:
        yield
    finally:
        torch.set_num_threads(previous)


@torch.inference_mode()
def score_reference(lm: ProxyLM, encoded: Sequence[Encoded]) -> list[TokenScores]:
    """The straightforward path kept as the reference: one sequence at a time, logits at every position."""
    out = []
    for item in encoded:
        ids = torch.tensor([item.ids])
        logits = lm.model(input_ids=ids).logits[0]  # (L, V)
        positions = torch.arange(item.answer_start - 1, item.length - 1)
        out.append(_scores(item, *_token_statistics(logits[positions], ids[0, positions + 1])))
    return out


def length_batches(lengths: Sequence[int], batch_tokens: int) -> list[list[int]]:
    """Indices sorted by length, grouped so that ``rows x longest`` stays within ``batch_tokens``."""
    order = sorted(range(len(lengths)), key=lambda i: (lengths[i], i))
    batches: list[list[int]] = []
    for index in order:
        if batches and (len(batches[-1]) + 1) * lengths[index] <= batch_tokens:
            batches[-1].append(index)
        else:
            batches.append([index])
    return batches


@torch.inference_mode()
def score_batched(lm: ProxyLM, encoded: Sequence[Encoded], batch_tokens: int = 4096) -> list[TokenScores]:
    """The shipped path: length-sorted right-padded batches; the output layer runs on answer positions only.

    Right padding leaves every real token's positions and attention unchanged, so the scores do not depend on
    which sequences share a batch (up to float rounding).
    """
    decoder, head = lm.model.get_decoder(), lm.model.get_output_embeddings()
    pad = lm.tokenizer.pad_token_id
    out: list[TokenScores | None] = [None] * len(encoded)
    for batch in length_batches([e.length for e in encoded], batch_tokens):
        longest = max(encoded[i].length for i in batch)
        ids = torch.full((len(batch), longest), pad, dtype=torch.long)
        mask = torch.zeros((len(batch), longest), dtype=torch.long)
        for row, i in enumerate(batch):
            ids[row, :encoded[i].length] = torch.tensor(encoded[i].ids)
            mask[row, :encoded[i].length] = 1
        hidden = decoder(input_ids=ids, attention_mask=mask).last_hidden_state  # (B, L, H)
        rows, positions = [], []
        for row, i in enumerate(batch):
            span = torch.arange(encoded[i].answer_start - 1, encoded[i].length - 1)
            rows.append(torch.full_like(span, row))
            positions.append(span)
        row_index, position_index = torch.cat(rows), torch.cat(positions)
        logits = head(hidden[row_index, position_index])  # (n answer tokens in batch, V)
        logp, entropy, rank = _token_statistics(logits, ids[row_index, position_index + 1])
        bounds = np.cumsum([0] + [encoded[i].length - encoded[i].answer_start for i in batch])
        for k, i in enumerate(batch):
            part = slice(bounds[k], bounds[k + 1])
            out[i] = _scores(encoded[i], logp[part], entropy[part], rank[part])
    return out  # type: ignore[return-value]


@dataclass(frozen=True)
class Prefix:
    """A prompt's key/value states (per layer, ``(1, kv_heads, tokens, head_dim)``) and its last hidden state: the
    answer tokens of every sequence with this prompt read them instead of running the prompt again. Never changed
    once made (a pass over an answer appends to new tensors), so threads and answers share it."""

    layers: tuple[tuple[torch.Tensor, torch.Tensor], ...]
    last_hidden: torch.Tensor  # (H,)

    @property
    def tokens(self) -> int:
        return self.layers[0][0].shape[-2]


class PrefixMemory:
    """Recent :class:`Prefix` es by prompt ids, least recently used out past ``max_tokens`` prompt tokens in all
    (SmolLM2-135M in bfloat16 holds about 23 KB per token). Thread-safe; a prompt asked for by two threads at once
    may run twice (same values)."""

    def __init__(self, max_tokens: int):
        self.max_tokens = max_tokens
        self._items: OrderedDict[tuple[int, ...], Prefix] = OrderedDict()
        self._tokens = 0
        self._lock = threading.Lock()

    def get(self, lm: ProxyLM, ids: Sequence[int]) -> Prefix:
        key = tuple(ids)
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
                return self._items[key]
        prefix = run_prefix(lm, ids)
        with self._lock:
            if key not in self._items and prefix.tokens <= self.max_tokens:
                self._items[key] = prefix
                self._tokens += prefix.tokens
                while self._tokens > self.max_tokens:
                    self._tokens -= self._items.popitem(last=False)[1].tokens
        return prefix


@torch.inference_mode()
def run_prefix(lm: ProxyLM, ids: Sequence[int]) -> Prefix:
    """The :class:`Prefix` of the prompt ``ids``, run alone."""
    from transformers import DynamicCache

    cache = DynamicCache(config=lm.model.config)
    hidden = lm.model.get_decoder()(input_ids=torch.tensor([list(ids)]), cache=cache,
                                    use_cache=True).last_hidden_state  # (1, P, H)
    return Prefix(tuple((layer.keys, layer.values) for layer in cache.layers), hidden[0, -1])


@torch.inference_mode()
def score_prefixed(lm: ProxyLM, encoded: Sequence[Encoded], memory: PrefixMemory) -> list[TokenScores]:
    """The shipped path in bfloat16: each sequence alone, its prompt's key/value states run once per distinct prompt
    (:class:`PrefixMemory`) and its answer tokens run on them. A score depends only on its own prompt and answer
    (every pass has the shape of that prompt or answer alone), never on which sequences are scored with it or
    before it; answers sharing a context (several answers to one source, a server) pay for the context once."""
    from transformers import DynamicCache

    decoder, head = lm.model.get_decoder(), lm.model.get_output_embeddings()
    out = []
    for item in encoded:
        prefix = memory.get(lm, item.ids[:item.answer_start])
        answer = torch.tensor([item.ids[item.answer_start:]])  # (1, A)
        if answer.shape[1] == 0:
            empty = np.zeros(0)
            out.append(_scores(item, empty, empty, empty))
            continue
        cache = DynamicCache(prefix.layers, config=lm.model.config)
        hidden = decoder(input_ids=answer, cache=cache, use_cache=True).last_hidden_state[0]  # (A, H)
        before = torch.cat([prefix.last_hidden[None], hidden[:-1]])  # the position before each answer token
        out.append(_scores(item, *_token_statistics(head(before), answer[0])))
    return out
