"""Running a Hugging Face encoder over many inputs in length-sorted, right-padded batches (``nli``, ``support``).

In float32 a batch holds as many inputs of one padded length as fit in ``batch_tokens``. In bfloat16 the kernels'
sums depend on the shape of the batch (an input's hidden states moved by up to ~0.1 between alone and batched with
others), so there every batch of one padded length has one fixed number of rows (:func:`fixed_rows`), filled with
copies of its first input where fewer are left: an input's numbers then depend on nothing but itself and the
thread count (:func:`keyed_config`).
"""

from __future__ import annotations

import logging
from collections import defaultdict
from collections.abc import Iterator
from functools import cache
from typing import Any

import torch
from transformers import BatchEncoding

# inputs are padded to a multiple of this many tokens, whatever shares their batch: more pads support's five-word
# windows far past their length, fewer splits the NLI pairs into many small batches
logger = logging.getLogger(__name__)

PAD_MULTIPLE = 8
PRECISIONS = ("float32", "bfloat16")
# bfloat16: rows x padded length of a batch is about this many tokens (one row from this length up)
FIXED_BATCH_TOKENS = 256


def model_limit(tokenizer: Any, model: Any, requested: int) -> int:
    """``requested`` capped at the tokenizer's and the model's maximum input length (in tokens)."""
    limits = [requested, tokenizer.model_max_length, getattr(model.config, "max_position_embeddings", None)]
    return min(limit for limit in limits if limit)


def padded_length(length: int, limit: int, multiple: int = PAD_MULTIPLE) -> int:
    """The length an input of ``length`` tokens is padded to: rounded up to ``multiple`` tokens, at most ``limit``
    (the model's maximum input length, which no input exceeds)."""
    return min(-(-length // multiple) * multiple, max(limit, length))


def model_dtype(precision: str) -> torch.dtype:
    """The torch dtype of an encoder option ``precision`` (``float32`` | ``bfloat16``)."""
    if precision not in PRECISIONS:
        raise ValueError(f"precision must be one of {PRECISIONS}, not {precision!r}")
    return torch.bfloat16 if precision == "bfloat16" else torch.float32


@cache
def native_bfloat16() -> bool:
    """Whether this CPU multiplies bfloat16 matrices natively (AVX512-BF16 or AMX, and oneDNN may use them).
    Elsewhere bfloat16 is emulated: six times slower than float32 with oneDNN held to AVX2 on this machine."""
    instructions = any(getattr(torch.cpu, check, lambda: False)()
                       for check in ("_is_avx512_bf16_supported", "_is_amx_tile_supported"))
    return bool(instructions and torch.ops.mkldnn._is_mkldnn_bf16_supported())


def running_precision(precision: str) -> str:
    """The precision an encoder asked for ``precision`` runs in here: ``bfloat16`` only on a CPU that computes it
    natively (:func:`native_bfloat16`), else ``float32`` (said once in the log)."""
    if precision == "bfloat16" and not native_bfloat16():
        _say_float32_once()
        return "float32"
    return precision


@cache
def _say_float32_once() -> None:
    logger.info("this CPU has no native bfloat16 (AVX512-BF16 or AMX): the NLI and support encoders run in "
                "float32, within about 0.015 of the bfloat16 numbers and faster than emulated bfloat16 here")


def keyed_config(config: dict[str, Any], threads: int | None) -> dict[str, Any]:
    """A family's cache-key options, with the precision it runs in here (:func:`running_precision`). ``precision``
    joins only when it is not ``float32``, so float32 features keep the keys they had before the option existed. In
    bfloat16 the kernels' sums also depend on how many threads split them (NLI probabilities moved by up to 0.3
    between one thread and two, where a chunk's top label flipped), so the thread count it runs on (``threads``, or
    torch's) joins the key too."""
    if running_precision(config.get("precision", "float32")) == "float32":
        return {k: v for k, v in config.items() if k != "precision"}
    return {**config, "threads": threads or torch.get_num_threads()}


def fixed_rows(size: int) -> int:
    """The rows of every bfloat16 batch of inputs padded to ``size`` tokens."""
    return max(1, FIXED_BATCH_TOKENS // size)


def padded_batches(tokenizer: Any, encoding: BatchEncoding, batch_tokens: int, limit: int, fixed_shape: bool = False,
                   multiple: int = PAD_MULTIPLE) -> Iterator[tuple[list[int], BatchEncoding]]:
    """Indices of the unpadded ``encoding`` grouped by :func:`padded_length` (``rows x padded length <=
    batch_tokens``), each group with its right-padded tensors.

    Every input is padded to its own padded length, never to a batch-mate's, so its row has the same shape whichever
    inputs share its batch. Right padding keeps every real token's position and attention, but padding to a
    batch-mate's length changes how the kernels block their sums (the bundled NLI model's probabilities then moved
    by up to 1e-6 between alone and batched); what is left is the blocking by the number of rows (up to ~1e-7, and
    often none). With ``fixed_shape`` (bfloat16) every batch of one padded length has :func:`fixed_rows` rows,
    the last filled with copies of its first input: read only the first ``len(indices)`` rows of the output.
    """
    groups: dict[int, list[int]] = defaultdict(list)
    for index, ids in enumerate(encoding["input_ids"]):
        groups[padded_length(len(ids), limit, multiple)].append(index)
    for size in sorted(groups):
        members = groups[size]
        rows = fixed_rows(size) if fixed_shape else max(1, batch_tokens // size)
        for start in range(0, len(members), rows):
            batch = members[start:start + rows]
            filled = batch + batch[:1] * (rows - len(batch)) if fixed_shape else batch
            inputs = [{key: encoding[key][i] for key in encoding} for i in filled]
            yield batch, tokenizer.pad(inputs, padding="max_length", max_length=size, padding_side="right",
                                       return_tensors="pt")  # each (B, size)
