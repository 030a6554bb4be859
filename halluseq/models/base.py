"""The interface every sequence model shares: ``(batch, T, d)`` + lengths in, per-word scores out."""

from __future__ import annotations

import torch
from torch import nn
from torch.nn import functional as F


def length_mask(lengths: torch.Tensor, max_len: int) -> torch.Tensor:
    """``(B, T)`` bool, True at real (non-padding) positions."""
    return torch.arange(max_len, device=lengths.device)[None, :] < lengths[:, None]


class SequenceLabeler(nn.Module):
    """A model giving one logit per word; subclasses implement :meth:`logits`.

    ``loss`` is class-weighted BCE, a masked mean over real words (SPEC 4); ``scores`` returns the
    probabilities used for ranking (``prob``) plus any model-specific variants.
    """

    def logits(self, x: torch.Tensor, lengths: torch.Tensor) -> torch.Tensor:
        """``x``: ``(B, T, d)``, ``lengths``: ``(B,)`` -> ``(B, T)`` logits (padding positions arbitrary)."""
        raise NotImplementedError

    def loss(self, x: torch.Tensor, lengths: torch.Tensor, labels: torch.Tensor,
             pos_weight: float = 1.0) -> torch.Tensor:
        mask = length_mask(lengths, x.shape[1])  # (B, T)
        per_word = F.binary_cross_entropy_with_logits(
            self.logits(x, lengths), labels.float(), reduction="none",
            pos_weight=torch.tensor(pos_weight, device=x.device))  # (B, T)
        return per_word[mask].mean()

    def predict_proba(self, x: torch.Tensor, lengths: torch.Tensor) -> torch.Tensor:
        """``(B, T)`` ranking probabilities (``scores(...)["prob"]``, without costlier variants)."""
        return torch.sigmoid(self.logits(x, lengths))

    def scores(self, x: torch.Tensor, lengths: torch.Tensor) -> dict[str, torch.Tensor]:
        """``{"prob": (B, T)}`` probabilities of the hallucinated class."""
        return {"prob": self.predict_proba(x, lengths)}


def mlp_head(width: int, hidden: int = 64) -> nn.Sequential:
    """Linear(width, hidden) -> GELU -> Linear(hidden, 1), shared by the recurrent and CNN taggers."""
    return nn.Sequential(nn.Linear(width, hidden), nn.GELU(), nn.Linear(hidden, 1))
