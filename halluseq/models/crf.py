"""Linear-chain CRF over two tags with forward-backward marginals, and the BiGRU-CRF tagger (SPEC 3).

Every recursion runs per sequence over its true length in log space; padding never enters a sum.
"""

from __future__ import annotations

import torch
from torch import nn

from halluseq.models.base import SequenceLabeler, length_mask
from halluseq.models.gru import GRUEncoder


class LinearChainCRF(nn.Module):
    """Transitions ``(K, K)`` (from, to), start ``(K,)`` and end ``(K,)`` scores."""

    def __init__(self, n_tags: int = 2):
        super().__init__()
        self.transitions = nn.Parameter(torch.zeros(n_tags, n_tags))
        self.start = nn.Parameter(torch.zeros(n_tags))
        self.end = nn.Parameter(torch.zeros(n_tags))

    def _forward_alphas(self, emissions: torch.Tensor, lengths: torch.Tensor) -> torch.Tensor:
        """``alpha[b, t, k]`` = log-sum of all paths over steps 0..t ending in tag k: ``(B, T, K)``.

        For t >= length the last real alpha is carried forward.
        """
        mask = length_mask(lengths, emissions.shape[1])  # (B, T)
        alpha = self.start + emissions[:, 0]  # (B, K)
        alphas = [alpha]
        for t in range(1, emissions.shape[1]):
            step = torch.logsumexp(alpha.unsqueeze(2) + self.transitions, dim=1) + emissions[:, t]  # (B, K)
            alpha = torch.where(mask[:, t, None], step, alpha)
            alphas.append(alpha)
        return torch.stack(alphas, dim=1)

    def log_partition(self, emissions: torch.Tensor, lengths: torch.Tensor) -> torch.Tensor:
        """``(B,)`` log Z; ``emissions`` is ``(B, T, K)``."""
        last = self._forward_alphas(emissions, lengths)[:, -1]  # (B, K): carried to the end
        return torch.logsumexp(last + self.end, dim=1)

    def path_score(self, emissions: torch.Tensor, tags: torch.Tensor, lengths: torch.Tensor) -> torch.Tensor:
        """``(B,)`` unnormalised score of ``tags`` ``(B, T)`` over each true length."""
        mask = length_mask(lengths, emissions.shape[1]).to(emissions.dtype)  # (B, T)
        emitted = emissions.gather(2, tags.unsqueeze(2)).squeeze(2)  # (B, T)
        moved = self.transitions[tags[:, :-1], tags[:, 1:]]  # (B, T - 1)
        last = tags.gather(1, (lengths - 1).unsqueeze(1)).squeeze(1)  # (B,)
        return (self.start[tags[:, 0]] + (emitted * mask).sum(1) + (moved * mask[:, 1:]).sum(1)
                + self.end[last])

    def nll(self, emissions: torch.Tensor, tags: torch.Tensor, lengths: torch.Tensor) -> torch.Tensor:
        """``(B,)`` negative log-likelihood of ``tags``."""
        return self.log_partition(emissions, lengths) - self.path_score(emissions, tags, lengths)

    def marginals(self, emissions: torch.Tensor, lengths: torch.Tensor) -> torch.Tensor:
        """``(B, T, K)`` posteriors P(y_t = k | x) by forward-backward; zero at padding."""
        n_steps = emissions.shape[1]
        mask = length_mask(lengths, n_steps)  # (B, T)
        alphas = self._forward_alphas(emissions, lengths)  # (B, T, K)
        beta = self.end.expand_as(emissions[:, 0])  # (B, K), valid at t = length - 1
        betas = [beta] * n_steps
        for t in range(n_steps - 2, -1, -1):
            step = torch.logsumexp(self.transitions + (emissions[:, t + 1] + beta).unsqueeze(1), dim=2)  # (B, K)
            # inside the sequence recurse; at its last step (and in padding) restart from the end scores
            beta = torch.where(mask[:, t + 1, None], step, self.end.expand_as(step))
            betas[t] = beta
        log_z = torch.logsumexp(alphas[:, -1] + self.end, dim=1)  # (B,)
        posterior = torch.exp(alphas + torch.stack(betas, dim=1) - log_z[:, None, None])  # (B, T, K)
        return posterior * mask.unsqueeze(2)

    def viterbi(self, emissions: torch.Tensor, lengths: torch.Tensor) -> list[list[int]]:
        """Best tag path of each sequence over its true length."""
        mask = length_mask(lengths, emissions.shape[1])  # (B, T)
        score = self.start + emissions[:, 0]  # (B, K)
        pointers = []
        for t in range(1, emissions.shape[1]):
            best, arg = (score.unsqueeze(2) + self.transitions).max(dim=1)  # (B, K) each
            score = torch.where(mask[:, t, None], best + emissions[:, t], score)
            pointers.append(arg)
        final = score + self.end  # (B, K): scores were carried past each length
        paths = []
        for b, length in enumerate(lengths.tolist()):
            tag = int(final[b].argmax())
            path = [tag]
            for t in range(length - 1, 0, -1):
                tag = int(pointers[t - 1][b, tag])
                path.append(tag)
            paths.append(path[::-1])
        return paths


class BiGRUCRFTagger(SequenceLabeler):
    """BiGRU body -> Linear(width, 2) emissions -> CRF; ranked by forward-backward marginals."""

    def __init__(self, n_features: int, hidden: int = 64, layers: int = 2, dropout: float = 0.1):
        super().__init__()
        self.encoder = GRUEncoder(n_features, hidden, layers, dropout, "both")
        self.emit = nn.Linear(self.encoder.width, 2)
        self.crf = LinearChainCRF(2)

    def emissions(self, x: torch.Tensor, lengths: torch.Tensor) -> torch.Tensor:
        return self.emit(self.encoder(x, lengths))  # (B, T, 2)

    def loss(self, x: torch.Tensor, lengths: torch.Tensor, labels: torch.Tensor,
             pos_weight: float = 1.0) -> torch.Tensor:
        """CRF negative log-likelihood per real word (``pos_weight`` does not apply to a CRF)."""
        return self.crf.nll(self.emissions(x, lengths), labels.long(), lengths).sum() / lengths.sum()

    def predict_proba(self, x: torch.Tensor, lengths: torch.Tensor) -> torch.Tensor:
        return self.crf.marginals(self.emissions(x, lengths), lengths)[..., 1]

    def scores(self, x: torch.Tensor, lengths: torch.Tensor) -> dict[str, torch.Tensor]:
        """``prob``: marginals; ``softmax``: softmax over emissions (the known-bad scoring); ``viterbi``: 0/1."""
        emissions = self.emissions(x, lengths)
        viterbi = torch.zeros(emissions.shape[:2])
        for b, path in enumerate(self.crf.viterbi(emissions, lengths)):
            viterbi[b, : len(path)] = torch.tensor(path, dtype=viterbi.dtype)
        return {
            "prob": self.crf.marginals(emissions, lengths)[..., 1],
            "softmax": torch.softmax(emissions, dim=-1)[..., 1],
            "viterbi": viterbi,
        }
