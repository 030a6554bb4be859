"""GRU taggers: bidirectional (the paper's BiGRU), forward-only and backward-only (SPEC 3)."""

from __future__ import annotations

import re
from typing import Any

import torch
import torch.nn.functional as F
from torch import nn
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence

from halluseq.models.base import SequenceLabeler, length_mask, mlp_head

DIRECTIONS = ("both", "forward", "backward")


def reverse_within_length(x: torch.Tensor, lengths: torch.Tensor) -> torch.Tensor:
    """Reverse each sequence of ``x`` ``(B, T, ...)`` over its first ``lengths[b]`` steps; padding stays put."""
    steps = torch.arange(x.shape[1], device=x.device)[None, :]  # (1, T)
    index = torch.where(steps < lengths[:, None], lengths[:, None] - 1 - steps, steps)  # (B, T)
    return x.gather(1, index.view(*index.shape, *([1] * (x.dim() - 2))).expand_as(x))


class GRUEncoder(nn.Module):
    """A multi-layer GRU reading one or both directions: ``(B, T, d) -> (B, T, width)``, zero at padded positions.

    Each direction of each layer is a one-layer ``nn.GRU`` run over the padded batch: the forward one reads every
    sequence from its first word, the backward one the sequence reversed within its length. Padding thus only ever
    follows a sequence's real steps and never reaches them: the values of a packed GRU, without packing's cost (on
    CPU a packed GRU's backward pass is several times slower, ``benchmarks/train_step.py``). Weights saved by the
    packed version (one ``nn.GRU`` named ``gru``) load unchanged.
    """

    def __init__(self, n_features: int, hidden: int = 64, layers: int = 2, dropout: float = 0.1,
                 direction: str = "both"):
        super().__init__()
        if direction not in DIRECTIONS:
            raise ValueError(f"direction must be one of {DIRECTIONS}, got {direction!r}")
        self.direction = direction
        self.reversed = {"both": (False, True), "forward": (False,), "backward": (True,)}[direction]
        self.width = hidden * len(self.reversed)
        self.dropout = dropout if layers > 1 else 0.0  # between layers, as nn.GRU applies it
        self.layers = nn.ModuleList(
            nn.ModuleList(nn.GRU(n_features if k == 0 else self.width, hidden, batch_first=True)
                          for _ in self.reversed)
            for k in range(layers))
        self.register_load_state_dict_pre_hook(_packed_gru_keys)

    def forward(self, x: torch.Tensor, lengths: torch.Tensor) -> torch.Tensor:
        for k, layer in enumerate(self.layers):
            if k:
                x = F.dropout(x, self.dropout, self.training)
            outputs = []
            for gru, backward in zip(layer, self.reversed, strict=True):
                if backward:
                    outputs.append(reverse_within_length(gru(reverse_within_length(x, lengths))[0], lengths))
                else:
                    outputs.append(gru(x)[0])
            x = torch.cat(outputs, dim=-1)  # (B, T, width)
        return x * length_mask(lengths, x.shape[1]).unsqueeze(-1).to(x.dtype)


_PACKED_KEY = re.compile(r"gru\.(weight_ih|weight_hh|bias_ih|bias_hh)_l(\d+)(_reverse)?$")


def _packed_gru_keys(module: nn.Module, state_dict: dict[str, Any], prefix: str, *args: Any) -> None:
    """Rename the packed version's keys (``gru.weight_ih_l1_reverse``) to this one's (``layers.1.1.weight_ih_l0``)."""
    for key in [k for k in state_dict if k.startswith(prefix)]:
        match = _PACKED_KEY.match(key[len(prefix):])
        if match:
            name, layer, reverse = match.groups()
            state_dict[f"{prefix}layers.{layer}.{1 if reverse else 0}.{name}_l0"] = state_dict.pop(key)


def packed_reference(encoder: GRUEncoder, x: torch.Tensor, lengths: torch.Tensor) -> torch.Tensor:
    """The reference path: the encoder's weights in one multi-layer ``nn.GRU`` over a packed batch (the version this
    encoder replaced; the backward-only encoder is fed the sequences reversed within their lengths)."""
    layers, hidden = len(encoder.layers), encoder.layers[0][0].hidden_size
    gru = nn.GRU(x.shape[-1], hidden, num_layers=layers, batch_first=True, dropout=encoder.dropout,
                 bidirectional=encoder.direction == "both").to(x.dtype).train(encoder.training)
    with torch.no_grad():
        for k, layer in enumerate(encoder.layers):
            for j, direction in enumerate(layer):
                for name, value in direction.named_parameters():
                    getattr(gru, name.replace("_l0", f"_l{k}" + ("_reverse" if j else ""))).copy_(value)
    if encoder.direction == "backward":
        x = reverse_within_length(x, lengths)
    packed = pack_padded_sequence(x, lengths.cpu(), batch_first=True, enforce_sorted=False)
    out = pad_packed_sequence(gru(packed)[0], batch_first=True, total_length=x.shape[1])[0]  # (B, T, width)
    return reverse_within_length(out, lengths) if encoder.direction == "backward" else out


class GRUTagger(SequenceLabeler):
    """GRU encoder -> Linear(width, 64) -> GELU -> Linear(64, 1); 120,833 parameters at d = 33 (both)."""

    def __init__(self, n_features: int, hidden: int = 64, layers: int = 2, dropout: float = 0.1,
                 direction: str = "both"):
        super().__init__()
        self.encoder = GRUEncoder(n_features, hidden, layers, dropout, direction)
        self.head = mlp_head(self.encoder.width)

    def logits(self, x: torch.Tensor, lengths: torch.Tensor) -> torch.Tensor:
        return self.head(self.encoder(x, lengths)).squeeze(-1)  # (B, T)
