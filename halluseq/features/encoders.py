"""Running a Hugging Face encoder over many inputs in length-sorted, right-padded batches (``nli``, ``support``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from transformers import BatchEncoding

from halluseq.features.lm_scoring import length_batches


def model_limit(tokenizer: Any, model: Any, requested: int) -> int:
    """``requested`` capped at the tokenizer's and the model's maximum input length (in tokens)."""
    limits = [requested, tokenizer.model_max_length, getattr(model.config, "max_position_embeddings", None)]
    return min(limit for limit in limits if limit)


def padded_batches(tokenizer: Any, encoding: BatchEncoding,
                   batch_tokens: int) -> Iterator[tuple[list[int], BatchEncoding]]:
    """Indices of the unpadded ``encoding`` grouped by length (``rows x longest <= batch_tokens``), each group with
    its right-padded tensors.

    Right padding under the attention mask leaves every real token's position and attention unchanged, so an
    input's output does not depend on which inputs share its batch (up to float rounding).
    """
    lengths = [len(ids) for ids in encoding["input_ids"]]
    for batch in length_batches(lengths, batch_tokens):
        rows = [{key: encoding[key][i] for key in encoding} for i in batch]
        yield batch, tokenizer.pad(rows, padding_side="right", return_tensors="pt")  # each (B, longest)
