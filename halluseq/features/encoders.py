"""Running a Hugging Face encoder over many inputs in length-sorted, right-padded batches (``nli``, ``support``)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from typing import Any

from transformers import BatchEncoding

# inputs are padded to a multiple of this many tokens, whatever shares their batch: more pads support's five-word
# windows far past their length, fewer splits the NLI pairs into many small batches
PAD_MULTIPLE = 8


def model_limit(tokenizer: Any, model: Any, requested: int) -> int:
    """``requested`` capped at the tokenizer's and the model's maximum input length (in tokens)."""
    limits = [requested, tokenizer.model_max_length, getattr(model.config, "max_position_embeddings", None)]
    return min(limit for limit in limits if limit)


def padded_length(length: int, limit: int) -> int:
    """The length an input of ``length`` tokens is padded to: rounded up to ``PAD_MULTIPLE`` tokens, at most
    ``limit`` (the model's maximum input length, which no input exceeds)."""
    return min(-(-length // PAD_MULTIPLE) * PAD_MULTIPLE, max(limit, length))


def padded_batches(tokenizer: Any, encoding: BatchEncoding, batch_tokens: int,
                   limit: int) -> Iterator[tuple[list[int], BatchEncoding]]:
    """Indices of the unpadded ``encoding`` grouped by :func:`padded_length` (``rows x padded length <=
    batch_tokens``), each group with its right-padded tensors.

    Every input is padded to its own padded length, never to a batch-mate's, so its row has the same shape whichever
    inputs share its batch. Right padding keeps every real token's position and attention, but padding to a
    batch-mate's length changes how the kernels block their sums (the bundled NLI model's probabilities then moved
    by up to 1e-6 between alone and batched); what is left is the blocking by the number of rows (up to ~1e-7, and
    often none).
    """
    groups: dict[int, list[int]] = defaultdict(list)
    for index, ids in enumerate(encoding["input_ids"]):
        groups[padded_length(len(ids), limit)].append(index)
    for size in sorted(groups):
        members, rows = groups[size], max(1, batch_tokens // size)
        for start in range(0, len(members), rows):
            batch = members[start:start + rows]
            inputs = [{key: encoding[key][i] for key in encoding} for i in batch]
            yield batch, tokenizer.pad(inputs, padding="max_length", max_length=size, padding_side="right",
                                       return_tensors="pt")  # each (B, size)
