"""Prediction batches: sorted by length, capped in examples and in padded positions."""

from __future__ import annotations

import numpy as np

from halluseq.models.batching import SequenceDataset, length_sorted_batches


def dataset(lengths: list[int]) -> SequenceDataset:
    return SequenceDataset([np.zeros((n, 2), np.float32) for n in lengths], [np.zeros(n, np.float32) for n in lengths])


def test_long_answers_go_alone_and_short_ones_share_a_batch():
    lengths = [10000, 1, 100, 1000, 5, 8000, 0, 7]
    batches = length_sorted_batches(dataset(lengths), batch_size=4, max_padded=16384)
    assert batches == [[0], [5, 3], [2, 7, 4, 1], [6]]
    assert sorted(i for batch in batches for i in batch) == list(range(len(lengths)))
    for batch in batches:
        assert len(batch) == 1 or len(batch) * max(lengths[i] for i in batch) <= 16384


def test_without_long_answers_batches_are_full():
    batches = length_sorted_batches(dataset([3] * 10), batch_size=4)
    assert [len(b) for b in batches] == [4, 4, 2]
