"""Very long sequences read in windows: the windows' plan, the stitching, and a real labeler's read."""

from __future__ import annotations

import numpy as np
import pytest
import torch

from halluseq.models import build_model
from halluseq.models.reach import DEFAULT_REACH, Reach, Window


def test_within_the_reach_a_sequence_is_one_window():
    assert Reach(words=10).windows(10) == [Window(0, 10, 0, 10)]
    assert Reach(words=10).windows(0) == [Window(0, 0, 0, 0)]
    assert Reach(words=10).note(10) is None


@pytest.mark.parametrize(("n", "window", "margin"), [(11, 4, 2), (100, 7, 0), (37, 10, 50), (25000, 1000, 250)])
def test_cores_cover_every_word_once_and_reads_add_the_margin(n, window, margin):
    plan = Reach(words=10, window=window, margin=margin).windows(n)
    assert [i for w in plan for i in range(w.core_start, w.core_end)] == list(range(n))
    for w in plan:
        assert w.core_end - w.core_start <= window
        assert w.read_start == max(0, w.core_start - margin) and w.read_end == min(n, w.core_end + margin)


def test_stitching_puts_each_core_back_in_place():
    sequences = [np.arange(n, dtype=np.float64)[:, None] * [1.0, -1.0] for n in (3, 23, 0, 50)]
    reads: list[int] = []

    def first_column(pieces: list[np.ndarray]) -> list[np.ndarray]:
        reads.extend(len(p) for p in pieces)
        return [p[:, 0].copy() for p in pieces]

    stitched = Reach(words=20, window=6, margin=3).predict(first_column, sequences)
    assert [s.tolist() for s in stitched] == [list(map(float, range(n))) for n in (3, 23, 0, 50)]
    assert reads == [3, 9, 12, 12, 8, 0] + [9] + [12] * 6 + [11, 5]


def test_a_real_labeler_read_in_windows_wider_than_the_sequence_matches_the_whole_read():
    torch.manual_seed(0)
    model = build_model("bigru_crf", 5).double().eval()
    sequence = np.random.default_rng(0).normal(size=(40, 5))

    def labeler(pieces: list[np.ndarray]) -> list[np.ndarray]:
        with torch.inference_mode():
            return [model.predict_proba(torch.as_tensor(p)[None], torch.tensor([len(p)]))[0].numpy() for p in pieces]

    whole = labeler([sequence])[0]
    wide = Reach(words=1, window=7, margin=40).predict(labeler, [sequence])[0]
    narrow = Reach(words=1, window=7, margin=0).predict(labeler, [sequence])[0]
    np.testing.assert_allclose(wide, whole, rtol=0, atol=1e-12)
    assert np.abs(narrow - whole).max() > 1e-6  # without a margin, words near the cuts lose what lies beyond


def test_reach_rejects_empty_windows():
    with pytest.raises(ValueError, match="positive"):
        Reach(window=0)
    with pytest.raises(ValueError, match="non-negative"):
        Reach(margin=-1)
    assert DEFAULT_REACH.words >= 10_000  # every answer of the training data's lengths is read whole
