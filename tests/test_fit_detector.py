"""``halluseq train-detector`` (fit_detector): the saved model, its recorded held-out metrics, and those sets'
features read through the training run's feature cache."""

from __future__ import annotations

import pytest

from halluseq.data.loader import load
from halluseq.detector import Detector, evaluate_detector, fit_detector
from halluseq.features.store import FeatureStore
from halluseq.train import load_config, quiet_lightning


@pytest.fixture
def tiny_config(tmp_path, monkeypatch):
    """A config for a small model on ``path`` (one epoch), its features cached under ``tmp_path``."""
    monkeypatch.setenv("HALLUSEQ_CACHE", str(tmp_path / "cache"))
    quiet_lightning()

    def make(path, model: str = "bigru", **top) -> dict:
        config = load_config(None)
        config.update(data={"path": str(path)}, model={"name": model, "options": {"hidden": 8, "layers": 1}}, seed=0,
                      **top)
        config["training"].update(max_epochs=1, batch_size=16)
        return config

    return make


def test_train_detector_saves_a_model_whose_metrics_its_reloaded_copy_reproduces(tmp_path, synthetic_dataset,
                                                                                 monkeypatch):
    monkeypatch.setenv("HALLUSEQ_CACHE", str(tmp_path / "cache"))
    quiet_lightning()
    train, held = synthetic_dataset("a", 12, 5, 0), synthetic_dataset("b", 6, 5, 1)
    config = load_config(None)
    config.update(data={"path": str(train)}, model={"name": "bigru_crf", "options": {"hidden": 8, "layers": 1}},
                  evaluate=[{"name": "held out", "path": str(held)}], seed=0)
    config["features"] = {"families": ["text"]}
    config["training"].update(max_epochs=2, batch_size=16)
    detector = fit_detector(config, tmp_path / "model", tmp_path / "run", progress=False)

    recorded = detector.meta["metrics"]["held out"]
    examples, _ = load(held)
    assert recorded["examples"] == len(examples) and recorded["left_out_shared_documents"] == 0
    store = FeatureStore(tmp_path / "cache" / "features")
    assert store.cached_examples(detector.pipeline.extractors[0], examples) == len(examples)  # read through cache
    reloaded = Detector.from_pretrained(tmp_path / "model")
    assert reloaded.pipeline.store is None  # a shipped model carries no cache
    again = evaluate_detector(reloaded, examples)
    for metric in ("token_auc", "token_ap", "example_auc", "span_f1"):
        assert again[metric] == pytest.approx(recorded[metric], abs=1e-9)


def test_final_fit_holds_out_the_hashed_part_when_asked(tmp_path, synthetic_dataset, tiny_config):
    import numpy as np

    from halluseq.data.splits import grouped_split, hashed_split
    from halluseq.train import fit_final

    config = tiny_config(synthetic_dataset("a", 20, 5, 0))  # 20 groups: the two parts differ in size
    examples, _ = load(config["data"]["path"])
    everything = np.arange(len(examples))
    sizes = set()
    for how, split in (("hashed", hashed_split), ("stratified", grouped_split)):
        config["protocol"]["final_validation"] = how
        fit = fit_final(config, tmp_path / how, progress=False, examples=examples)
        keep, held = split(examples, everything, config["protocol"]["val_fraction"], config["protocol"]["fold_seed"])
        assert fit.examples == len(keep) and fit.validation["examples"] == len(held)
        sizes.add(len(held))
    assert len(sizes) == 2


def test_seeds_train_one_fit_each_and_ship_the_best_on_the_validation_part(tmp_path, synthetic_dataset,
                                                                           tiny_config):
    from halluseq.detector import select_seed, validation_score
    from halluseq.train import fit_final

    config = tiny_config(synthetic_dataset("a", 12, 5, 0), seeds=[0, 1, 2])
    fit, scores = select_seed(config, tmp_path / "run", progress=False)
    alone = {seed: validation_score(fit_final({**config, "seed": seed}, tmp_path / f"alone{seed}", progress=False))
             for seed in (0, 1, 2)}
    assert scores == {str(seed): pytest.approx(score, abs=1e-12) for seed, score in alone.items()}
    assert len(set(alone.values())) > 1  # the seeds differ, so the choice means something
    assert fit.seed == max(alone, key=alone.get) and validation_score(fit) == pytest.approx(max(alone.values()))
    single, none = select_seed({**config, "seeds": None}, tmp_path / "single", progress=False)
    assert none == {} and single.seed == 0

    fit_detector(config, tmp_path / "model", tmp_path / "fit", progress=False)
    training = Detector.from_pretrained(tmp_path / "model").meta["training"]
    assert training["seed"] == fit.seed and training["seed_selection"] == pytest.approx(scores)


def test_an_ensemble_keeps_every_seed_and_scores_the_mean_of_their_probabilities(tmp_path, synthetic_dataset,
                                                                                 tiny_config):
    import numpy as np

    from halluseq.data.loader import load
    from halluseq.models import SeedEnsemble
    from halluseq.train import fit_final

    path = synthetic_dataset("a", 12, 5, 0)
    config = tiny_config(path, "bigru_crf", seeds=[0, 1], ensemble=True)
    detector = fit_detector(config, tmp_path / "model", tmp_path / "fit", progress=False)
    reloaded = Detector.from_pretrained(tmp_path / "model")
    assert isinstance(reloaded.model, SeedEnsemble) and len(reloaded.model.members) == 2
    assert reloaded.model_name == "2 x bigru_crf"
    training = reloaded.meta["training"]
    assert training["seed"] == [0, 1] and set(training["ensemble_members"]) == {"0", "1"}
    assert "seed_selection" not in training

    # each member is the single-seed fit of that seed (same split, standardizer and training), and the ensemble's
    # word probabilities are the mean of theirs
    examples, _ = load(path)
    alone = [fit_final({**config, "seed": seed}, tmp_path / f"alone{seed}", progress=False)
             for seed in (0, 1)]
    members = [Detector(reloaded.pipeline, fit.standardizer, fit.model, fit.threshold, {}) for fit in alone]
    assert not np.allclose(members[0].probabilities(examples)[0], members[1].probabilities(examples)[0])
    for probs, first, second in zip(reloaded.probabilities(examples), *(m.probabilities(examples) for m in members),
                                    strict=True):
        np.testing.assert_allclose(probs, (first + second) / 2, atol=1e-9)
    assert reloaded.threshold == pytest.approx(detector.threshold)
    # an ensemble without seeds, or with one seed twice, is an error
    with pytest.raises(ValueError, match="ensemble: true needs seeds"):
        fit_detector({**config, "seeds": None}, tmp_path / "bad", tmp_path / "bad_fit", progress=False)
    with pytest.raises(ValueError, match="seeds must differ"):
        fit_detector({**config, "seeds": [0, 0]}, tmp_path / "bad", tmp_path / "bad_fit", progress=False)


def test_a_final_fit_trained_again_in_the_same_folder_starts_clean(tmp_path, synthetic_dataset, tiny_config):
    import warnings

    from halluseq.train import fit_final

    config = tiny_config(synthetic_dataset("a", 8, 5, 0))
    fit_final(config, tmp_path / "run", progress=False)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        fit_final(config, tmp_path / "run", progress=False)
    assert not [w for w in caught if "exists and is not empty" in str(w.message)]
    assert [p.name for p in (tmp_path / "run" / "checkpoints" / "final").iterdir()] == ["best.ckpt"]
