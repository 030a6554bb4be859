"""CNN1D tagger: three masked convolutions (kernels 3, 5, 7; receptive field 13) (SPEC 3)."""

from __future__ import annotations

import torch
from torch import nn

from halluseq.models.base import SequenceLabeler, length_mask, mlp_head


class ConvBlock(nn.Module):
    """Conv1d ('same' padding) -> GELU -> LayerNorm over channels, on ``(B, T, C)``."""

    def __init__(self, n_in: int, n_out: int, kernel: int):
        super().__init__()
        self.conv = nn.Conv1d(n_in, n_out, kernel, padding=kernel // 2)
        self.act = nn.GELU()
        self.norm = nn.LayerNorm(n_out)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.norm(self.act(self.conv(x.transpose(1, 2)).transpose(1, 2)))


class CNN1DTagger(SequenceLabeler):
    """Padding is zeroed before every convolution, so a sequence scores the same alone or in a batch."""

    def __init__(self, n_features: int, hidden: int = 64, kernels: tuple[int, ...] = (3, 5, 7)):
        super().__init__()
        widths = [n_features] + [hidden] * len(kernels)
        self.blocks = nn.ModuleList(ConvBlock(a, b, k) for a, b, k in zip(widths, widths[1:], kernels, strict=False))
        self.head = mlp_head(hidden)

    def logits(self, x: torch.Tensor, lengths: torch.Tensor) -> torch.Tensor:
        keep = length_mask(lengths, x.shape[1]).unsqueeze(-1).to(x.dtype)  # (B, T, 1)
        h = x
        for block in self.blocks:
            h = block(h * keep)  # (B, T, hidden)
        return self.head(h).squeeze(-1)  # (B, T)
