"""Padded batches of per-word feature sequences, and batched prediction (no Lightning needed)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import numpy as np
import torch
from torch.utils.data import DataLoader, Dataset

SHUFFLE_MODES = ("none", "random", "fixed")


class Batch(NamedTuple):
    features: torch.Tensor  # (B, T, d), zero padding
    labels: torch.Tensor  # (B, T), zero padding
    lengths: torch.Tensor  # (B,)
    order: torch.Tensor  # (B, T): position j holds original word order[j] (identity unless shuffled)
    index: torch.Tensor  # (B,): example index in the dataset


class SequenceDataset(Dataset):
    """Per-example ``(n_words, d)`` features and labels; ``shuffle`` permutes positions (feature rows and
    labels together): ``random`` draws a new permutation at every access (training), ``fixed`` one per
    example and seed (evaluation of the shuffled control)."""

    def __init__(self, features: Sequence[np.ndarray], labels: Sequence[np.ndarray], max_words: int | None = None,
                 shuffle: str = "none", seed: int = 0):
        if shuffle not in SHUFFLE_MODES:
            raise ValueError(f"shuffle must be one of {SHUFFLE_MODES}, got {shuffle!r}")
        self.features = [torch.as_tensor(f[:max_words], dtype=torch.float32) for f in features]
        self.labels = [torch.as_tensor(y[:max_words], dtype=torch.float32) for y in labels]
        self.shuffle, self.seed = shuffle, seed

    def __len__(self) -> int:
        return len(self.features)

    def _order(self, index: int) -> torch.Tensor:
        n = len(self.labels[index])
        if self.shuffle == "random":
            return torch.randperm(n)
        if self.shuffle == "fixed":
            return torch.as_tensor(np.random.default_rng([self.seed, index]).permutation(n))
        return torch.arange(n)

    def __getitem__(self, index: int) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, int]:
        order = self._order(index)
        return self.features[index][order], self.labels[index][order], order, index


def collate(items: list[tuple[torch.Tensor, torch.Tensor, torch.Tensor, int]]) -> Batch:
    lengths = torch.tensor([len(labels) for _, labels, _, _ in items])
    width, n_features = int(lengths.max()), items[0][0].shape[1]
    features = torch.zeros(len(items), width, n_features)
    labels = torch.zeros(len(items), width)
    order = torch.zeros(len(items), width, dtype=torch.long)
    for b, (x, y, o, _) in enumerate(items):
        features[b, : len(y)], labels[b, : len(y)], order[b, : len(y)] = x, y, o
    return Batch(features, labels, lengths, order, torch.tensor([i for *_, i in items]))



MAX_PADDED_WORDS = 16384  # a prediction batch holds at most this many padded positions (batch x longest)


def length_sorted_batches(dataset: SequenceDataset, batch_size: int,
                          max_padded: int = MAX_PADDED_WORDS) -> list[list[int]]:
    """Example indices in batches of similar length (longest first), so one long answer pads no short ones, each
    of at most ``batch_size`` examples and ``max_padded`` padded positions (a 10,000-word answer goes alone)."""
    order = sorted(range(len(dataset)), key=lambda i: -len(dataset.labels[i]))
    batches: list[list[int]] = []
    for index in order:
        batch = batches[-1] if batches else None
        if batch and len(batch) < batch_size and \
                (len(batch) + 1) * max(len(dataset.labels[batch[0]]), 1) <= max_padded:
            batch.append(index)
        else:
            batches.append([index])
    return batches


@torch.inference_mode()
def predict(model: torch.nn.Module, dataset: SequenceDataset, batch_size: int = 32,
            prob_only: bool = False) -> dict[str, list[np.ndarray]]:
    """Every score variant of ``model.scores`` (only ``prob`` with ``prob_only``: no Viterbi paths) per example,
    in the examples' original word order. Batches group similar lengths; features are cast to the model's dtype
    (a float64 model gives scores that do not depend on batch composition)."""
    model.eval()
    dtype = next(model.parameters()).dtype
    out: dict[str, list[np.ndarray | None]] = {}
    loader = DataLoader(dataset, batch_sampler=length_sorted_batches(dataset, batch_size), collate_fn=collate)
    for batch in loader:
        features = batch.features.to(dtype)
        scores = {"prob": model.predict_proba(features, batch.lengths)} if prob_only else \
            model.scores(features, batch.lengths)
        for name, values in scores.items():
            column = out.setdefault(name, [None] * len(dataset))
            for b, index in enumerate(batch.index.tolist()):
                n = int(batch.lengths[b])
                restored = np.empty(n, dtype=np.float64)
                restored[batch.order[b, :n].numpy()] = values[b, :n].double().numpy()
                column[index] = restored
    return out  # type: ignore[return-value]
