"""Model sizes, independence of batch composition and padding, GRU directions (SPEC 3)."""

from __future__ import annotations

import numpy as np
import pytest
import torch

from halluseq.models import MODELS, GRUTagger, WordLogReg, WordMLP, build_model, mlp_width
from halluseq.models.gru import packed_reference, reverse_within_length

D = 5


def n_params(model: torch.nn.Module) -> int:
    return sum(p.numel() for p in model.parameters())


def make(name: str, seed: int = 0) -> torch.nn.Module:
    torch.manual_seed(seed)
    return build_model(name, D).eval()


# ---- sizes ----------------------------------------------------------------------------------------------

def test_bigru_parameter_count_is_pinned():
    assert n_params(GRUTagger(33)) == 120_833
    assert n_params(build_model("bigru", 33)) == 120_833


def test_one_direction_grus_are_smaller_with_the_same_head():
    forward, backward = build_model("forward_gru", 33), build_model("backward_gru", 33)
    assert n_params(forward) == n_params(backward) < 120_833
    assert forward.encoder.width == backward.encoder.width == 64


def test_mlp_width_and_parameter_budget():
    assert mlp_width(33) == 317
    model = WordMLP(33)
    assert model.net[0].out_features == 317
    assert abs(n_params(model) - 112_000) <= 0.01 * 112_000
    # the width is the budget's closest, for other sizes too
    for d in (7, 20, 64):
        h = mlp_width(d)
        count = n_params(WordMLP(d))
        assert count == h * h + (d + 3) * h + 1
        for other in (h - 1, h + 1):
            assert abs(count - 112_000) <= abs(other * other + (d + 3) * other + 1 - 112_000)


def test_build_model_unknown_name():
    with pytest.raises(ValueError, match="unknown"):
        build_model("transformer", D)
    with pytest.raises(ValueError):
        build_model("logreg", D)


def test_gru_direction_must_be_known():
    with pytest.raises(ValueError):
        GRUTagger(D, direction="sideways")


# ---- batch composition and padding --------------------------------------------------------------------

def padded(sequences: list[torch.Tensor], fill: str, seed: int = 0) -> tuple[torch.Tensor, torch.Tensor]:
    """Stack ``(n_i, D)`` sequences into ``(B, T, D)``; padding is zero or large random numbers."""
    lengths = torch.tensor([len(s) for s in sequences])
    generator = torch.Generator().manual_seed(seed)
    if fill == "zero":
        x = torch.zeros(len(sequences), int(lengths.max()), D)
    else:
        x = 1e3 * torch.randn(len(sequences), int(lengths.max()), D, generator=generator)
    for b, s in enumerate(sequences):
        x[b, : len(s)] = s
    return x, lengths


@pytest.mark.parametrize("name", sorted(MODELS))
def test_scores_do_not_depend_on_batch_or_padding(name):
    model = make(name)
    generator = torch.Generator().manual_seed(1)
    target = torch.randn(5, D, generator=generator)
    others = [torch.randn(n, D, generator=generator) for n in (9, 2, 1, 7)]
    with torch.no_grad():
        alone = model.scores(target[None], torch.tensor([5]))
        singles = [model.scores(s[None], torch.tensor([len(s)]))["prob"][0] for s in others]
        assert alone["prob"].shape == (1, 5)
        for fill, position in (("zero", 0), ("large", 2), ("large", 4)):
            sequences = others[:position] + [target] + others[position:]
            x, lengths = padded(sequences, fill, seed=position)
            batch = model.scores(x, lengths)
            assert set(batch) == set(alone)
            for variant in alone:
                np.testing.assert_allclose(batch[variant][position, :5].numpy(), alone[variant][0].numpy(),
                                           atol=1e-6, err_msg=f"{name}:{variant} {fill} @ {position}")
            # the other sequences of the batch also score as they do alone
            rows = [b for b in range(len(sequences)) if b != position]
            for b, single in zip(rows, singles, strict=True):
                np.testing.assert_allclose(batch["prob"][b, : len(single)].numpy(), single.numpy(), atol=1e-6)


@pytest.mark.parametrize("name", sorted(MODELS))
def test_padding_values_do_not_change_real_positions(name):
    model = make(name, seed=3)
    generator = torch.Generator().manual_seed(4)
    sequences = [torch.randn(n, D, generator=generator) for n in (8, 3, 1, 6)]
    with torch.no_grad():
        zero = model.scores(*padded(sequences, "zero"))
        large = model.scores(*padded(sequences, "large", seed=5))
    for variant in zero:
        for b, s in enumerate(sequences):
            np.testing.assert_allclose(large[variant][b, : len(s)].numpy(), zero[variant][b, : len(s)].numpy(),
                                       atol=1e-6, err_msg=f"{name}:{variant}")


@pytest.mark.parametrize("name", sorted(MODELS))
def test_loss_ignores_padding(name):
    model = make(name, seed=6)
    generator = torch.Generator().manual_seed(7)
    sequences = [torch.randn(n, D, generator=generator) for n in (6, 2, 4)]
    labels = torch.zeros(3, 6)
    labels[0, 1:3] = 1
    labels[2, 0] = 1
    noisy_labels = labels.clone()
    noisy_labels[1, 2:] = 1  # padding labels
    with torch.no_grad():
        zero = model.loss(*padded(sequences, "zero"), labels, pos_weight=3.0)
        large = model.loss(*padded(sequences, "large", seed=8), noisy_labels, pos_weight=3.0)
    assert torch.isfinite(zero)
    assert zero.item() == pytest.approx(large.item(), abs=1e-5)


# ---- directions -----------------------------------------------------------------------------------------

def perturbed_logits(model: GRUTagger, where: slice) -> tuple[torch.Tensor, torch.Tensor]:
    generator = torch.Generator().manual_seed(2)
    x = torch.randn(2, 8, D, generator=generator)
    lengths = torch.tensor([8, 6])
    y = x.clone()
    y[:, where] += 5 * torch.randn_like(y[:, where])
    with torch.no_grad():
        return model.logits(x, lengths), model.logits(y, lengths)


@pytest.mark.parametrize("t", [1, 3, 5])
def test_backward_gru_does_not_see_the_past(t):
    torch.manual_seed(0)
    model = GRUTagger(D, direction="backward").eval()
    before, after = perturbed_logits(model, slice(0, t))  # perturb inputs before t
    torch.testing.assert_close(after[0, t:], before[0, t:], atol=1e-6, rtol=0)
    torch.testing.assert_close(after[1, t:6], before[1, t:6], atol=1e-6, rtol=0)
    assert not torch.allclose(after[0, :t], before[0, :t], atol=1e-4)  # but the perturbed positions move


@pytest.mark.parametrize("t", [1, 3, 5])
def test_forward_gru_does_not_see_the_future(t):
    torch.manual_seed(0)
    model = GRUTagger(D, direction="forward").eval()
    before, after = perturbed_logits(model, slice(t + 1, None))  # perturb inputs after t
    torch.testing.assert_close(after[:, : t + 1], before[:, : t + 1], atol=1e-6, rtol=0)
    assert not torch.allclose(after[0, t + 1 :], before[0, t + 1 :], atol=1e-4)


def test_bigru_sees_both_sides():
    torch.manual_seed(0)
    model = GRUTagger(D, direction="both").eval()
    before, after = perturbed_logits(model, slice(0, 1))
    assert not torch.allclose(after[0, 4], before[0, 4], atol=1e-5)  # the past reaches position 4
    before, after = perturbed_logits(model, slice(7, 8))
    assert not torch.allclose(after[0, 4], before[0, 4], atol=1e-5)  # the future reaches position 4


def test_reverse_within_length():
    x = torch.arange(2 * 5, dtype=torch.float32).view(2, 5)
    lengths = torch.tensor([5, 3])
    out = reverse_within_length(x, lengths)
    assert out.tolist() == [[4, 3, 2, 1, 0], [7, 6, 5, 8, 9]]  # padding stays put
    generator = torch.Generator().manual_seed(0)
    for shape in [(4, 7), (4, 7, 3), (4, 7, 2, 3)]:
        x = torch.randn(*shape, generator=generator)
        lengths = torch.tensor([7, 1, 4, 2])
        once = reverse_within_length(x, lengths)
        assert not torch.equal(once, x)
        torch.testing.assert_close(reverse_within_length(once, lengths), x, atol=0, rtol=0)
        for b, n in enumerate(lengths.tolist()):
            torch.testing.assert_close(once[b, :n], x[b, :n].flip(0), atol=0, rtol=0)


# ---- logistic regression --------------------------------------------------------------------------------

def test_word_logreg_is_balanced_and_deterministic():
    rng = np.random.default_rng(0)
    words = rng.normal(size=(400, 4))
    labels = (words[:, 0] + rng.normal(size=400) > 2.0).astype(int)  # ~8% positive, noisy
    first = WordLogReg().fit(words, labels).predict_proba(words)
    second = WordLogReg().fit(words, labels).predict_proba(words)
    assert first.shape == (400,)
    np.testing.assert_array_equal(first, second)
    # balanced class weights n / (2 n_c): the weighted mean probability is one half (intercept optimality)
    weights = np.where(labels == 1, 1 / labels.sum(), 1 / (1 - labels).sum())
    assert np.average(first, weights=weights) == pytest.approx(0.5, abs=0.01)
    assert first.mean() > labels.mean() + 0.1


@pytest.mark.parametrize("direction", ["both", "forward", "backward"])
def test_padded_gru_gives_the_packed_grus_values(direction):
    torch.manual_seed(0)
    model = GRUTagger(5, hidden=8, layers=2, dropout=0.3, direction=direction).double().eval()
    lengths = torch.tensor([7, 1, 4, 7, 2])
    x = torch.randn(5, 9, 5, dtype=torch.float64)  # two steps of padding past the longest
    with torch.no_grad():
        out = model.encoder(x, lengths)
        reference = packed_reference(model.encoder, x, lengths)
    torch.testing.assert_close(out, reference, rtol=0, atol=1e-12)
    assert not out[0, 7:].any() and not out[1, 1:].any()  # zero at padded positions


@pytest.mark.parametrize("direction", ["both", "forward", "backward"])
def test_weights_saved_by_the_packed_gru_load(direction):
    torch.manual_seed(1)
    model = GRUTagger(5, hidden=8, layers=2, direction=direction).double().eval()
    state = model.state_dict()
    packed_names = {}  # this model's keys under the packed version's names
    for key, value in state.items():
        if key.startswith("encoder.layers."):
            _, _, k, j, name = key.split(".")
            packed_names[f"encoder.gru.{name.replace('_l0', f'_l{k}')}{'_reverse' if j == '1' else ''}"] = value
        else:
            packed_names[key] = value
    loaded = GRUTagger(5, hidden=8, layers=2, direction=direction).double().eval()
    loaded.load_state_dict(packed_names)
    x, lengths = torch.randn(3, 6, 5, dtype=torch.float64), torch.tensor([6, 3, 1])
    with torch.no_grad():
        torch.testing.assert_close(loaded.logits(x, lengths), model.logits(x, lengths), rtol=0, atol=0)
