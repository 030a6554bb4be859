"""The linear-chain CRF against brute force over all tag paths, and the BiGRU-CRF score variants (SPEC 3)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
import torch

from halluseq.models import BiGRUCRFTagger, LinearChainCRF

K = 2
LENGTHS = [6, 1, 4, 3]  # B = 4, T = 6, one sequence of length 1


def random_crf(seed: int = 0) -> LinearChainCRF:
    crf = LinearChainCRF(K).double()
    generator = torch.Generator().manual_seed(seed)
    with torch.no_grad():
        crf.transitions.copy_(torch.randn(K, K, generator=generator, dtype=torch.float64))
        crf.start.copy_(torch.randn(K, generator=generator, dtype=torch.float64))
        crf.end.copy_(torch.randn(K, generator=generator, dtype=torch.float64))
    return crf


def random_batch(seed: int = 1, lengths: list[int] = LENGTHS) -> tuple[torch.Tensor, torch.Tensor]:
    """Emissions ``(B, T, K)`` with large garbage in the padding, and the lengths."""
    generator = torch.Generator().manual_seed(seed)
    emissions = 2 * torch.randn(len(lengths), max(lengths), K, generator=generator, dtype=torch.float64)
    for b, n in enumerate(lengths):
        emissions[b, n:] = 1e3 * torch.rand(max(lengths) - n, K, generator=generator, dtype=torch.float64)
    return emissions, torch.tensor(lengths)


def by_hand(crf: LinearChainCRF, emissions: np.ndarray, tags: tuple[int, ...]) -> float:
    """Score of one path, straight from the parameters: start + emissions + transitions + end."""
    trans, start, end = (p.detach().numpy() for p in (crf.transitions, crf.start, crf.end))
    score = start[tags[0]] + end[tags[-1]]
    score += sum(emissions[t, k] for t, k in enumerate(tags))
    score += sum(trans[a, b] for a, b in zip(tags, tags[1:], strict=False))
    return float(score)


def brute_force(crf: LinearChainCRF, emissions: np.ndarray, length: int):
    """``(log Z, posteriors (length, K), best path)`` by enumerating all K^length paths."""
    paths = list(itertools.product(range(K), repeat=length))
    scores = np.array([by_hand(crf, emissions, p) for p in paths])
    log_z = float(np.logaddexp.reduce(scores))
    weights = np.exp(scores - log_z)
    posterior = np.zeros((length, K))
    for path, w in zip(paths, weights, strict=True):
        for t, k in enumerate(path):
            posterior[t, k] += w
    return log_z, posterior, list(paths[int(np.argmax(scores))])


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_log_partition_marginals_viterbi_match_brute_force(seed):
    crf = random_crf(seed)
    emissions, lengths = random_batch(seed + 10)
    with torch.no_grad():
        log_z = crf.log_partition(emissions, lengths).numpy()
        marginals = crf.marginals(emissions, lengths).numpy()
    paths = crf.viterbi(emissions, lengths)
    for b, n in enumerate(LENGTHS):
        expected_z, expected_post, expected_path = brute_force(crf, emissions[b].numpy(), n)
        assert log_z[b] == pytest.approx(expected_z, abs=1e-8)
        np.testing.assert_allclose(marginals[b, :n], expected_post, atol=1e-5)
        assert paths[b] == expected_path
        assert len(paths[b]) == n


def test_marginals_sum_to_one_and_vanish_at_padding():
    crf = random_crf(3)
    emissions, lengths = random_batch(4)
    with torch.no_grad():
        marginals = crf.marginals(emissions, lengths)
    for b, n in enumerate(LENGTHS):
        np.testing.assert_allclose(marginals[b, :n].sum(-1).numpy(), np.ones(n), atol=1e-10)
        assert torch.all(marginals[b, n:] == 0)
    assert torch.all(marginals >= 0) and torch.all(marginals <= 1 + 1e-12)


def test_float32_marginals_match_brute_force():
    crf = random_crf(5)
    emissions, lengths = random_batch(6)
    with torch.no_grad():
        marginals = crf.float().marginals(emissions.float(), lengths).double().numpy()
    for b, n in enumerate(LENGTHS):
        _, expected, _ = brute_force(crf.double(), emissions[b].numpy(), n)
        np.testing.assert_allclose(marginals[b, :n], expected, atol=1e-5)


def test_nll_is_log_z_minus_path_score_and_nonnegative():
    crf = random_crf(7)
    emissions, lengths = random_batch(8)
    generator = torch.Generator().manual_seed(9)
    for _ in range(5):
        tags = torch.randint(0, K, (len(LENGTHS), max(LENGTHS)), generator=generator)
        with torch.no_grad():
            nll = crf.nll(emissions, tags, lengths).numpy()
        assert np.all(nll >= -1e-10)
        for b, n in enumerate(LENGTHS):
            log_z, _, _ = brute_force(crf, emissions[b].numpy(), n)
            expected = log_z - by_hand(crf, emissions[b].numpy(), tuple(tags[b, :n].tolist()))
            assert nll[b] == pytest.approx(expected, abs=1e-8)


def test_padded_batch_equals_each_sequence_alone():
    crf = random_crf(11)
    emissions, lengths = random_batch(12)
    generator = torch.Generator().manual_seed(13)
    tags = torch.randint(0, K, (len(LENGTHS), max(LENGTHS)), generator=generator)
    with torch.no_grad():
        log_z = crf.log_partition(emissions, lengths)
        marginals = crf.marginals(emissions, lengths)
        nll = crf.nll(emissions, tags, lengths)
        paths = crf.viterbi(emissions, lengths)
        for b, n in enumerate(LENGTHS):
            alone, one = emissions[b : b + 1, :n], torch.tensor([n])
            assert crf.log_partition(alone, one)[0].item() == pytest.approx(log_z[b].item(), abs=1e-10)
            torch.testing.assert_close(crf.marginals(alone, one)[0], marginals[b, :n], atol=1e-10, rtol=0)
            assert crf.nll(alone, tags[b : b + 1, :n], one)[0].item() == pytest.approx(nll[b].item(), abs=1e-10)
            assert crf.viterbi(alone, one)[0] == paths[b]


def test_gradient_of_log_partition_is_the_marginals():
    """d logZ / d emissions = posteriors: ties the forward pass to forward-backward."""
    crf = random_crf(14)
    emissions, lengths = random_batch(15)
    emissions.requires_grad_(True)
    crf.log_partition(emissions, lengths).sum().backward()
    with torch.no_grad():
        marginals = crf.marginals(emissions, lengths)
    torch.testing.assert_close(emissions.grad, marginals, atol=1e-8, rtol=0)


def test_bigru_crf_scores_variants():
    torch.manual_seed(0)
    model = BiGRUCRFTagger(5).eval()
    lengths = torch.tensor([6, 1, 4, 3])
    x = torch.randn(4, 6, 5)
    with torch.no_grad():
        scores = model.scores(x, lengths)
    assert set(scores) == {"prob", "softmax", "viterbi"}
    for name, values in scores.items():
        assert values.shape == (4, 6), name
    prob, viterbi = scores["prob"], scores["viterbi"]
    assert torch.all((prob >= 0) & (prob <= 1))
    assert torch.all((scores["softmax"] >= 0) & (scores["softmax"] <= 1))
    assert set(viterbi.unique().tolist()) <= {0.0, 1.0}
    for b, n in enumerate(lengths.tolist()):
        assert torch.all(prob[b, n:] == 0) and torch.all(viterbi[b, n:] == 0)
    with torch.no_grad():
        emissions = model.emissions(x, lengths)
        torch.testing.assert_close(prob, model.crf.marginals(emissions, lengths)[..., 1])
        torch.testing.assert_close(model.predict_proba(x, lengths), prob)
        torch.testing.assert_close(scores["softmax"], torch.softmax(emissions, -1)[..., 1])
        for b, path in enumerate(model.crf.viterbi(emissions, lengths)):
            assert viterbi[b, : len(path)].tolist() == [float(k) for k in path]


def test_bigru_crf_loss_is_mean_nll_per_word_and_trains():
    torch.manual_seed(1)
    model = BiGRUCRFTagger(3, dropout=0.0)
    lengths = torch.tensor([5, 2, 4])
    x = torch.randn(3, 5, 3)
    labels = (x[..., 0] > 0).float()
    loss = model.loss(x, lengths, labels)
    with torch.no_grad():
        expected = model.crf.nll(model.emissions(x, lengths), labels.long(), lengths).sum() / 11
    assert loss.item() == pytest.approx(expected.item(), rel=1e-6)
    loss.backward()
    assert model.crf.transitions.grad is not None and torch.any(model.crf.transitions.grad != 0)


def sequential_marginals(crf: LinearChainCRF, emissions: torch.Tensor, length: int) -> torch.Tensor:
    """The textbook forward-backward of one sequence, step by step: the reference the log-depth scan must match."""
    trans, e = crf.transitions, emissions[:length]
    alphas = [crf.start + e[0]]
    for t in range(1, length):
        alphas.append(torch.logsumexp(alphas[-1].unsqueeze(1) + trans, dim=0) + e[t])
    betas = [crf.end]
    for t in range(length - 2, -1, -1):
        betas.insert(0, torch.logsumexp(trans + (e[t + 1] + betas[0]).unsqueeze(0), dim=1))
    log_z = torch.logsumexp(alphas[-1] + crf.end, dim=0)
    return torch.exp(torch.stack(alphas) + torch.stack(betas) - log_z)


LONG = [517, 1, 300, 2, 64]  # not powers of two; the longest longer than training's 512 words


def test_log_depth_scan_matches_the_sequential_recursion_on_long_padded_sequences():
    crf = random_crf(3)
    emissions, lengths = random_batch(4, LONG)
    emissions = (5 * emissions).requires_grad_(True)  # large emissions: alphas reach thousands
    marginals = crf.marginals(emissions, lengths)
    for b, n in enumerate(LONG):
        torch.testing.assert_close(marginals[b, :n], sequential_marginals(crf, emissions.detach()[b], n),
                                   atol=1e-9, rtol=0)
        assert marginals[b, n:].abs().sum() == 0
        # chunks sit at fixed positions and padding steps are exact identities: alone == in the batch, bit for bit
        alone = crf.marginals(emissions.detach()[b:b + 1, :n], torch.tensor([n]))[0]
        assert torch.equal(alone, marginals.detach()[b, :n])
    # gradients through the identity steps of the padding stay finite, and padding gets none
    crf.log_partition(emissions, lengths).sum().backward()
    assert torch.isfinite(emissions.grad).all()
    assert emissions.grad[1, 1:].abs().sum() == 0 and emissions.grad[3, 2:].abs().sum() == 0


def test_float32_scan_is_no_less_accurate_than_the_sequential_recursion():
    crf = random_crf(3)
    emissions, lengths = random_batch(4, LONG)
    truth = crf.marginals(5 * emissions, lengths)  # float64
    crf32, emissions32 = random_crf(3).float(), (5 * emissions).float()
    scan = crf32.marginals(emissions32, lengths)
    for b, n in enumerate(LONG):
        sequential = sequential_marginals(crf32, emissions32[b], n)
        scan_error = (scan[b, :n].double() - truth[b, :n]).abs().max()
        assert scan_error <= max((sequential.double() - truth[b, :n]).abs().max(), 1e-5)
