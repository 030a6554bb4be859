"""Per-word baselines that see no neighbours: a parameter-matched MLP and logistic regression (SPEC 3)."""

from __future__ import annotations

import math

import numpy as np
import torch
from sklearn.linear_model import LogisticRegression
from torch import nn

from halluseq.models.base import SequenceLabeler


def mlp_width(n_features: int, param_budget: int = 112_000) -> int:
    """Hidden width H of d -> H -> H -> 1 whose parameter count H^2 + (d + 3) H + 1 is closest to the budget."""
    root = (-(n_features + 3) + math.sqrt((n_features + 3) ** 2 + 4 * (param_budget - 1))) / 2
    return max(1, round(root))


class WordMLP(SequenceLabeler):
    """d -> H -> H -> 1 (GELU, dropout) applied to each word independently."""

    def __init__(self, n_features: int, hidden: int | None = None, param_budget: int = 112_000,
                 dropout: float = 0.1):
        super().__init__()
        hidden = hidden or mlp_width(n_features, param_budget)
        self.net = nn.Sequential(
            nn.Linear(n_features, hidden), nn.GELU(), nn.Dropout(dropout),
            nn.Linear(hidden, hidden), nn.GELU(), nn.Dropout(dropout),
            nn.Linear(hidden, 1),
        )

    def logits(self, x: torch.Tensor, lengths: torch.Tensor) -> torch.Tensor:
        return self.net(x).squeeze(-1)  # (B, T)


class WordLogReg:
    """Per-word logistic regression with balanced class weights (scikit-learn), on standardized features."""

    def __init__(self, C: float = 1.0, max_iter: int = 2000):
        self.model = LogisticRegression(C=C, class_weight="balanced", max_iter=max_iter)

    def fit(self, words: np.ndarray, labels: np.ndarray) -> WordLogReg:
        """``words``: ``(N, d)`` feature rows of all training words; ``labels``: ``(N,)``."""
        self.model.fit(words, labels)
        return self

    def predict_proba(self, words: np.ndarray) -> np.ndarray:
        """``(N,)`` probability of the hallucinated class."""
        return self.model.predict_proba(words)[:, 1]
