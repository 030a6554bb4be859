"""The sequence dataset's shuffle modes, collation and order-restoring prediction (SPEC 3, 4)."""

from __future__ import annotations

import numpy as np
import pytest
import torch

from halluseq.models import WordMLP, build_model
from halluseq.models.lightning import SequenceDataset, collate, predict

D = 4
LENGTHS = (12, 7, 1, 9, 15, 3)


def toy_data(seed: int = 0) -> tuple[list[np.ndarray], list[np.ndarray]]:
    """Features whose column 0 is the word position (so a row's origin is readable) and labels = position % 3 == 0."""
    rng = np.random.default_rng(seed)
    features, labels = [], []
    for n in LENGTHS:
        x = rng.normal(size=(n, D)).astype(np.float32)
        x[:, 0] = np.arange(n)
        features.append(x)
        labels.append((np.arange(n) % 3 == 0).astype(np.float32))
    return features, labels


def test_unknown_shuffle_mode():
    with pytest.raises(ValueError):
        SequenceDataset(*toy_data(), shuffle="sometimes")


def test_none_keeps_order_and_max_words_truncates():
    features, labels = toy_data()
    dataset = SequenceDataset(features, labels, max_words=10)
    x, y, order, index = dataset[0]
    assert index == 0 and len(y) == 10 and x.shape == (10, D)
    assert order.tolist() == list(range(10))
    np.testing.assert_array_equal(x.numpy(), features[0][:10])


def test_fixed_shuffle_is_repeatable_and_moves_labels_with_features():
    features, labels = toy_data()
    dataset = SequenceDataset(features, labels, shuffle="fixed", seed=3)
    again = SequenceDataset(features, labels, shuffle="fixed", seed=3)
    other_seed = SequenceDataset(features, labels, shuffle="fixed", seed=4)
    for i, n in enumerate(LENGTHS):
        x, y, order, index = dataset[i]
        assert index == i
        assert sorted(order.tolist()) == list(range(n))
        assert torch.equal(dataset[i][2], order)  # same permutation on a second access
        assert torch.equal(again[i][2], order)  # and from a new dataset with the same seed
        # rows and labels travel together: row j came from position order[j]
        np.testing.assert_array_equal(x.numpy(), features[i][order.numpy()])
        np.testing.assert_array_equal(y.numpy(), labels[i][order.numpy()])
        assert x[:, 0].tolist() == order.tolist()
    assert dataset[4][2].tolist() != list(range(15))  # a length-15 sequence is really permuted
    assert any(not torch.equal(dataset[i][2], other_seed[i][2]) for i in range(len(LENGTHS)))


def test_random_shuffle_draws_new_permutations():
    features, labels = toy_data()
    dataset = SequenceDataset(features, labels, shuffle="random", seed=0)
    torch.manual_seed(0)
    draws = [dataset[4] for _ in range(5)]
    orders = {tuple(order.tolist()) for _, _, order, _ in draws}
    assert len(orders) >= 2
    for x, y, order, _ in draws:
        assert sorted(order.tolist()) == list(range(15))
        np.testing.assert_array_equal(x.numpy(), features[4][order.numpy()])
        np.testing.assert_array_equal(y.numpy(), labels[4][order.numpy()])


def test_collate_pads_with_zeros():
    features, labels = toy_data()
    dataset = SequenceDataset(features, labels)
    batch = collate([dataset[i] for i in (1, 2, 0)])
    assert batch.features.shape == (3, 12, D)
    assert batch.lengths.tolist() == [7, 1, 12]
    assert batch.index.tolist() == [1, 2, 0]
    assert torch.all(batch.features[0, 7:] == 0) and torch.all(batch.labels[1, 1:] == 0)
    np.testing.assert_array_equal(batch.features[2].numpy(), features[0])


@pytest.mark.parametrize("mode", ["fixed", "random"])
def test_predict_restores_original_word_order(mode):
    features, labels = toy_data()
    torch.manual_seed(0)
    model = WordMLP(D)  # per-word: its scores do not depend on word order
    plain = predict(model, SequenceDataset(features, labels), batch_size=4)
    shuffled_set = SequenceDataset(features, labels, shuffle=mode, seed=1)
    shuffled = predict(model, shuffled_set, batch_size=4)
    assert set(plain) == set(shuffled) == {"prob"}
    assert not model.training  # predict puts the model in eval mode
    for i, n in enumerate(LENGTHS):
        assert plain["prob"][i].shape == (n,)
        np.testing.assert_allclose(shuffled["prob"][i], plain["prob"][i], atol=1e-6)
    # and the plain predictions are the model's own scores, in order
    with torch.no_grad():
        direct = torch.sigmoid(model.logits(torch.as_tensor(features[0])[None], torch.tensor([12])))[0]
    np.testing.assert_allclose(plain["prob"][0], direct.numpy(), atol=1e-6)
    # the shuffled positions really differ from the original ones
    raw = torch.sigmoid(model.logits(shuffled_set[4][0][None], torch.tensor([15])))[0].detach().numpy()
    assert not np.allclose(raw, plain["prob"][4], atol=1e-4)


def test_predict_returns_every_variant_per_example():
    features, labels = toy_data()
    torch.manual_seed(0)
    model = build_model("bigru_crf", D)
    out = predict(model, SequenceDataset(features, labels), batch_size=4)
    assert set(out) == {"prob", "softmax", "viterbi"}
    for variant, values in out.items():
        assert [len(v) for v in values] == list(LENGTHS), variant
        assert all(v.dtype == np.float64 for v in values)
