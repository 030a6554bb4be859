"""Several sequence models of one kind, trained with different seeds, scoring as one: the mean of their word
probabilities."""

from __future__ import annotations

from typing import Any

import torch
from torch import nn

from halluseq.models.base import SequenceLabeler


class SeedEnsemble(SequenceLabeler):
    """``size`` models built by ``build`` (one per training seed) on the same standardized features; a word's
    probability is the mean of theirs (CRF members: of their forward-backward marginals). One training run can stop
    at a poor epoch; the mean of several is steadier than any one picked on a validation part."""

    def __init__(self, members: list[SequenceLabeler]):
        super().__init__()
        if not members:
            raise ValueError("an ensemble needs at least one member")
        self.members = nn.ModuleList(members)

    @classmethod
    def of(cls, n_features: int, member: str, size: int, member_options: dict[str, Any] | None = None
           ) -> SeedEnsemble:
        """``size`` untrained ``member`` models (weights then come from :meth:`load_state_dict`)."""
        from halluseq.models import build_model

        if member == "ensemble":
            raise ValueError("an ensemble's members cannot be ensembles")
        return cls([build_model(member, n_features, **(member_options or {})) for _ in range(size)])

    def predict_proba(self, x: torch.Tensor, lengths: torch.Tensor) -> torch.Tensor:
        return torch.stack([m.predict_proba(x, lengths) for m in self.members]).mean(dim=0)

    def logits(self, x: torch.Tensor, lengths: torch.Tensor) -> torch.Tensor:
        """The logit of the mean probability (an ensemble is not trained as one: :meth:`loss` is its members')."""
        return torch.logit(self.predict_proba(x, lengths), eps=1e-7)

    def scores(self, x: torch.Tensor, lengths: torch.Tensor) -> dict[str, torch.Tensor]:
        return {"prob": self.predict_proba(x, lengths)}
