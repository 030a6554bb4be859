"""GRU taggers: bidirectional (the paper's BiGRU), forward-only and backward-only (SPEC 3)."""

from __future__ import annotations

import torch
from torch import nn
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence

from halluseq.models.base import SequenceLabeler, mlp_head

DIRECTIONS = ("both", "forward", "backward")


def reverse_within_length(x: torch.Tensor, lengths: torch.Tensor) -> torch.Tensor:
    """Reverse each sequence of ``x`` ``(B, T, ...)`` over its first ``lengths[b]`` steps; padding stays put."""
    steps = torch.arange(x.shape[1], device=x.device)[None, :]  # (1, T)
    index = torch.where(steps < lengths[:, None], lengths[:, None] - 1 - steps, steps)  # (B, T)
    return x.gather(1, index.view(*index.shape, *([1] * (x.dim() - 2))).expand_as(x))


class GRUEncoder(nn.Module):
    """A GRU over packed sequences, so padding never reaches a real position: ``(B, T, d) -> (B, T, width)``."""

    def __init__(self, n_features: int, hidden: int = 64, layers: int = 2, dropout: float = 0.1,
                 direction: str = "both"):
        super().__init__()
        if direction not in DIRECTIONS:
            raise ValueError(f"direction must be one of {DIRECTIONS}, got {direction!r}")
        self.direction = direction
        self.gru = nn.GRU(n_features, hidden, num_layers=layers, batch_first=True,
                          dropout=dropout if layers > 1 else 0.0, bidirectional=direction == "both")
        self.width = hidden * (2 if direction == "both" else 1)

    def forward(self, x: torch.Tensor, lengths: torch.Tensor) -> torch.Tensor:
        if self.direction == "backward":
            x = reverse_within_length(x, lengths)
        packed = pack_padded_sequence(x, lengths.cpu(), batch_first=True, enforce_sorted=False)
        out, _ = pad_packed_sequence(self.gru(packed)[0], batch_first=True, total_length=x.shape[1])  # (B, T, w)
        return reverse_within_length(out, lengths) if self.direction == "backward" else out


class GRUTagger(SequenceLabeler):
    """GRU encoder -> Linear(width, 64) -> GELU -> Linear(64, 1); 120,833 parameters at d = 33 (both)."""

    def __init__(self, n_features: int, hidden: int = 64, layers: int = 2, dropout: float = 0.1,
                 direction: str = "both"):
        super().__init__()
        self.encoder = GRUEncoder(n_features, hidden, layers, dropout, direction)
        self.head = mlp_head(self.encoder.width)

    def logits(self, x: torch.Tensor, lengths: torch.Tensor) -> torch.Tensor:
        return self.head(self.encoder(x, lengths)).squeeze(-1)  # (B, T)
