"""Linear-chain CRF over two tags with forward-backward marginals, and the BiGRU-CRF tagger (SPEC 3).

Every recursion runs per sequence over its true length in log space; padding never enters a sum. The forward and
backward passes are log-semiring prefix products of the per-step transition matrices, computed in two levels of
chunks (about 16 + T / 16 batched 2x2 products instead of T sequential steps: the same sums in another order,
float64 rounding apart).
"""

from __future__ import annotations

import torch
from torch import nn

from halluseq.models.base import SequenceLabeler, length_mask
from halluseq.models.gru import GRUEncoder

# The log-semiring zero used off the diagonal of the identity step: finite, so that no gradient is NaN (sums of a
# few thousand of them still fit in float32), and so far below any path score that exp() of it is exactly 0.
_IMPOSSIBLE = -1e30
CHUNK = 16  # positions per chunk of the two-level scan


def _identity(k: int, dtype: torch.dtype) -> torch.Tensor:
    """The ``(K, K)`` log-semiring identity: 0 on the diagonal, ``_IMPOSSIBLE`` elsewhere."""
    return torch.full((k, k), _IMPOSSIBLE, dtype=dtype).fill_diagonal_(0.0)


def _log_matmul(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    """Matrix product in the log semiring: ``out[..., i, j] = logsumexp_k a[..., i, k] + b[..., k, j]`` (pairwise
    ``logaddexp`` over the K terms: cheaper than a reduction for two tags)."""
    out = a[..., :, :1] + b[..., :1, :]
    for k in range(1, a.shape[-1]):
        out = torch.logaddexp(out, a[..., :, k:k + 1] + b[..., k:k + 1, :])
    return out


def _products(steps: list[torch.Tensor], reverse: bool) -> list[torch.Tensor]:
    """Running log-semiring products ``steps[0] ... steps[i]`` (``reverse``: ``steps[i] ... steps[-1]``), one
    sequential pass."""
    if reverse:
        out = [steps[-1]]
        for step in reversed(steps[:-1]):
            out.append(_log_matmul(step, out[-1]))
        return out[::-1]
    out = [steps[0]]
    for step in steps[1:]:
        out.append(_log_matmul(out[-1], step))
    return out


def _scan(steps: torch.Tensor, reverse: bool) -> torch.Tensor:
    """Inclusive log-semiring products of ``steps`` ``(B, N, K, K)`` along N: ``out[:, n] = steps[:, 0] ...
    steps[:, n]``, or ``steps[:, n] ... steps[:, N - 1]`` when ``reverse``.

    Two levels of ``CHUNK`` positions: products inside every chunk at once (``CHUNK`` steps), then across the
    chunk totals (N / ``CHUNK`` steps), instead of N sequential steps. Chunks sit at fixed positions from the start
    and padding steps are identities, so a sequence's products do not depend on how far its batch is padded.
    """
    batch, n, k, _ = steps.shape
    n_chunks = -(-n // CHUNK)
    identity = _identity(k, steps.dtype).expand(batch, k, k)
    padded = torch.cat([steps, identity.unsqueeze(1).expand(batch, n_chunks * CHUNK - n, k, k)], dim=1)
    chunks = padded.view(batch, n_chunks, CHUNK, k, k).unbind(2)
    inside = torch.stack(_products(list(chunks), reverse), dim=2)  # (B, n_chunks, CHUNK, K, K)
    # the product of the chunk totals before (reverse: after) each chunk
    totals = _products(list(inside[:, :, 0 if reverse else -1].unbind(1)), reverse)  # n_chunks x (B, K, K)
    if reverse:
        after = torch.stack([*totals[1:], identity], dim=1).unsqueeze(2)  # (B, n_chunks, 1, K, K)
        out = _log_matmul(inside, after)
    else:
        before = torch.stack([identity, *totals[:-1]], dim=1).unsqueeze(2)
        out = _log_matmul(before, inside)
    return out.reshape(batch, n_chunks * CHUNK, k, k)[:, :n]


class LinearChainCRF(nn.Module):
    """Transitions ``(K, K)`` (from, to), start ``(K,)`` and end ``(K,)`` scores."""

    def __init__(self, n_tags: int = 2):
        super().__init__()
        self.transitions = nn.Parameter(torch.zeros(n_tags, n_tags))
        self.start = nn.Parameter(torch.zeros(n_tags))
        self.end = nn.Parameter(torch.zeros(n_tags))

    def _steps(self, emissions: torch.Tensor, lengths: torch.Tensor) -> torch.Tensor:
        """Step matrices ``M[b, t - 1, i, j] = transitions[i, j] + emissions[b, t, j]`` for t = 1..T-1, the
        log-semiring identity past each length: ``(B, T - 1, K, K)``."""
        mask = length_mask(lengths, emissions.shape[1])[:, 1:, None, None]  # (B, T - 1, 1, 1)
        identity = _identity(emissions.shape[2], emissions.dtype)
        return torch.where(mask, self.transitions + emissions[:, 1:, None, :], identity)

    def _forward_alphas(self, emissions: torch.Tensor, steps: torch.Tensor) -> torch.Tensor:
        """``alpha[b, t, k]`` = log-sum of all paths over steps 0..t ending in tag k: ``(B, T, K)``, from
        ``steps = self._steps(emissions, lengths)``.

        For t >= length the last real alpha is carried forward.
        """
        alpha = self.start + emissions[:, 0]  # (B, K)
        if emissions.shape[1] == 1:
            return alpha.unsqueeze(1)
        prefix = _scan(steps, reverse=False)  # (B, T - 1, K, K): M_1 ... M_t
        later = torch.logsumexp(alpha[:, None, :, None] + prefix, dim=2)  # (B, T - 1, K)
        return torch.cat([alpha.unsqueeze(1), later], dim=1)

    def log_partition(self, emissions: torch.Tensor, lengths: torch.Tensor) -> torch.Tensor:
        """``(B,)`` log Z; ``emissions`` is ``(B, T, K)``."""
        last = self._forward_alphas(emissions, self._steps(emissions, lengths))[:, -1]  # (B, K): carried to the end
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
        mask = length_mask(lengths, emissions.shape[1])  # (B, T)
        steps = self._steps(emissions, lengths)  # (B, T - 1, K, K), shared by both passes
        alphas = self._forward_alphas(emissions, steps)  # (B, T, K)
        end = self.end.expand_as(emissions[:, :1])  # (B, 1, K): beta at each last step (and in padding)
        if emissions.shape[1] > 1:
            suffix = _scan(steps, reverse=True)  # (B, T - 1, K, K): M_{t+1} ... M_{T-1}
            end = torch.cat([torch.logsumexp(suffix + self.end, dim=3), end], dim=1)  # (B, T, K)
        log_z = torch.logsumexp(alphas[:, -1] + self.end, dim=1)  # (B,)
        posterior = torch.exp(alphas + end - log_z[:, None, None])  # (B, T, K)
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
