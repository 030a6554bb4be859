"""Sweeps (SPEC 5): the plan of configs/sweep.yaml, leave-one-generator-out and transfer folds that never leak,
transfer that fits nothing on the target, and a resumed sweep that equals an uninterrupted one."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import numpy as np
import pytest
import yaml

import halluseq
from halluseq.cli import main
from halluseq.data.splits import make_folds, transfer_examples
from halluseq.features import FeaturePipeline, FeatureStore
from halluseq.features.scaling import Standardizer
from halluseq.features.text import TextFeatures
from halluseq.sweep import load_sweep_config, plan, read_log, run_sweep
from halluseq.train import load_config, quiet_lightning, train

ROOT = Path(__file__).resolve().parents[1]


pytestmark = pytest.mark.usefixtures("one_thread")


def read_rows(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def run_numbers(run_dir: Path) -> tuple[dict, list[dict]]:
    """metrics.json without its wall time, and the predictions."""
    metrics = json.loads((run_dir / "metrics.json").read_text(encoding="utf-8"))
    metrics.pop("wall_seconds")
    return metrics, read_rows(run_dir / "predictions.jsonl")


# ---- the plan ----------------------------------------------------------------------------------------------

def test_acceptance_config_plans_models_seeds_lomo_and_transfer(monkeypatch):
    monkeypatch.chdir(ROOT)
    sweep = load_sweep_config("configs/sweep.yaml")
    runs = plan(sweep)
    n_main = len(sweep["models"]) * len(sweep["seeds"]) * len(sweep["feature_sets"])
    restricted = {kind: len(part.get("models", sweep["models"])) * len(part.get("seeds", sweep["seeds"]))
                  * len(part.get("feature_sets", sweep["feature_sets"]))
                  for kind, part in (("lomo", sweep["lomo"]), ("transfer", sweep["transfer"][0]))}
    assert Counter(r.kind for r in runs) == {"main": n_main, **restricted}
    assert len({r.key for r in runs}) == len(runs)
    main_runs = [r for r in runs if r.kind == "main"]
    assert [r.seed for r in main_runs[:5]] == [0] * 5  # seed-major: a partial sweep pairs models by seed
    assert [r.model for r in main_runs[:5]] == ["BiGRU", "BiGRU-CRF", "MLP", "LogReg", "BiGRU-shuffled"]
    crf = next(r for r in runs if r.model == "BiGRU-CRF")
    assert crf.scores == ("prob", "softmax") and crf.config["model"]["name"] == "bigru_crf"
    for run in runs:
        assert run.config["seed"] == run.seed
        assert run.config["data"]["path"] == "../shared/data/ragtruth_partial"
        assert [f["name"] for f in run.config["features"]["families"]] in [list(f) for f in sweep["feature_sets"]]
        assert run.config["protocol"]["fold_seed"] == 42
        assert run.config["protocol"]["name"] == {"main": "auto", "lomo": "lomo", "transfer": "transfer"}[run.kind]
    transfer = next(r for r in runs if r.kind == "transfer")
    assert transfer.config["protocol"]["test"] == {"path": "../shared/data/psiloqa_eval/gpt.csv", "format": "auto"}
    assert transfer.key.startswith("transfer/ragtruth-to-psiloqa/") and transfer.key.endswith("/bigru/seed0")
    # the model configs' training settings, but for the stopping rule the sweep overrides in every section
    assert sweep["training"] == {"monitor": "val_auc", "patience": 2}
    assert main_runs[0].config["training"] == {**load_config("configs/bigru.yaml")["training"], **sweep["training"]}
    assert all(run.config["training"]["monitor"] == "val_auc" for run in runs)


def test_sweep_features_override_every_run_but_keeps_its_families(monkeypatch):
    monkeypatch.chdir(ROOT)
    sweep = load_sweep_config("configs/generalization_full.yaml")
    runs = plan(sweep)
    undefined = ["text", "align", "slots", "forms", "quantities", "nli", "support"]
    assert sweep["features"] == {"undefined_on_abstentions": undefined}
    assert {r.kind for r in runs} == {"main", "lodo", "transfer"}
    for run in runs:
        assert run.config["features"]["undefined_on_abstentions"] == undefined
        assert [f if isinstance(f, str) else f["name"] for f in run.config["features"]["families"]] == [
            "text", "align", "discourse", "abstention", "slots", "forms", "quantities", "nli", "support"]
    plain = plan(load_sweep_config("configs/sweep.yaml"))
    assert all("undefined_on_abstentions" not in r.config["features"] for r in plain)


def test_sweep_undefined_families_are_kept_to_those_a_feature_set_reads(monkeypatch):
    monkeypatch.chdir(ROOT)
    runs = [r for r in plan(load_sweep_config("configs/generalization.yaml")) if r.kind == "main"]
    by_set = {r.feature_set: r.config["features"]["undefined_on_abstentions"] for r in runs}
    # the default's families as configs/detector.yaml reads them; the text-only set has no abstention family
    assert by_set == {"text": [], "text+align+discourse+abstention+slots+forms+quantities": [
        "text", "align", "slots", "forms", "quantities"]}
    for run in runs:  # every planned run builds its pipeline
        FeaturePipeline.from_config(run.config["features"])


def test_sweep_config_errors(tmp_path):
    with pytest.raises(ValueError, match="at least one model"):
        load_sweep_config(None)
    config = tmp_path / "sweep.yaml"
    config.write_text(yaml.safe_dump({"models": [str(ROOT / "configs/bigru.yaml"), str(ROOT / "configs/bigru.yaml")]}))
    with pytest.raises(ValueError, match="names must differ"):
        load_sweep_config(config)
    config.write_text(yaml.safe_dump({"models": [str(ROOT / "configs/bigru.yaml")], "lomo": {"models": ["MLP"]}}))
    with pytest.raises(ValueError, match="MLP"):
        plan(load_sweep_config(config))
    with pytest.raises(ValueError, match="workers must be"):
        load_sweep_config(config, workers=0)


# ---- leave-one-generator-out -------------------------------------------------------------------------------

def assert_lomo_folds_do_not_leak(examples):
    folds = make_folds(examples, "lomo", val_fraction=0.15, seed=42)
    generators = sorted({e.generator for e in examples})
    assert len(folds) == len(generators)
    tested = []
    for fold, generator in zip(folds, generators, strict=True):
        ids = {part: {examples[i].id for i in getattr(fold, part)} for part in ("train", "validation", "test")}
        held_out = {e.id for e in examples if e.generator == generator}
        assert ids["test"] == held_out, fold.name
        assert not (ids["train"] | ids["validation"]) & held_out, fold.name
        assert ids["train"] | ids["validation"] == {e.id for e in examples} - held_out
        assert not ids["train"] & ids["validation"]
        train_groups = {examples[i].group for i in fold.train}
        assert not train_groups & {examples[i].group for i in fold.validation}
        tested += ids["test"]
    assert sorted(tested) == sorted(e.id for e in examples)  # every response tested once


def test_lomo_split_never_leaks_the_held_out_generator(tiny_sweep, shared_data):
    examples, _ = halluseq.load(tiny_sweep["sweep"]["data"]["path"])
    assert_lomo_folds_do_not_leak(examples)
    ragtruth, _ = halluseq.load(shared_data / "ragtruth_partial")
    assert_lomo_folds_do_not_leak(ragtruth)


def test_lomo_needs_two_generators(make_example):
    examples = [make_example("a b", context="x", generator="only", group=f"g{i}") for i in range(20)]
    with pytest.raises(ValueError, match="two generators"):
        make_folds(examples, "lomo")


def test_lomo_runs_test_each_generator_in_its_own_fold(tiny_sweep):
    examples, _ = halluseq.load(tiny_sweep["sweep"]["data"]["path"])
    generator = {e.id: e.generator for e in examples}
    for run_dir in sorted((tiny_sweep["dir"] / "lomo").glob("text/*/seed*")):
        rows = read_rows(run_dir / "predictions.jsonl")
        assert {row["id"] for row in rows} == set(generator)
        assert all(row["fold"].endswith(generator[row["id"]]) for row in rows)
        metrics = json.loads((run_dir / "metrics.json").read_text())
        assert metrics["protocol"] == "lomo" and metrics["folds"] == 3
        assert set(metrics["thresholds"]) == {row["fold"] for row in rows}


# ---- transfer ----------------------------------------------------------------------------------------------

@pytest.fixture
def transfer_data(synthetic_dataset):
    """Source A (12 groups), target B and extra target examples C (4 groups each), as loaded examples."""
    return [halluseq.load(synthetic_dataset(name, groups, 5, seed))[0]
            for name, groups, seed in (("a", 12, 0), ("b", 4, 1), ("c", 4, 2))]


def test_transfer_fold_trains_and_validates_on_a_and_tests_on_b(transfer_data):
    source, target, _ = transfer_data
    examples = transfer_examples(source, target)
    (fold,) = make_folds(examples, "transfer", val_fraction=0.15, seed=42)
    ids = {part: {examples[i].id for i in getattr(fold, part)} for part in ("train", "validation", "test")}
    assert ids["train"] | ids["validation"] == {e.id for e in source}
    assert ids["test"] == {e.id for e in target}
    assert len(ids["validation"]) > 0 and not ids["train"] & ids["validation"]


def test_transfer_never_fits_on_b(transfer_data, tmp_path, monkeypatch):
    """The standardizer is the one fitted on A's training part alone; thresholds and B's predictions do not
    change when B changes (more, different examples)."""
    monkeypatch.setenv("HALLUSEQ_CACHE", str(tmp_path / "cache"))
    source, target, extra = transfer_data
    config = load_config()
    config["model"] = {"name": "logreg", "options": {}}
    config["protocol"].update(name="transfer")
    fitted = []
    original = Standardizer.fit.__func__

    def spy(cls, matrices, standardize=True):
        fitted.append(original(cls, matrices, standardize))
        return fitted[-1]

    monkeypatch.setattr(Standardizer, "fit", classmethod(spy))
    runs = {}
    for name, target_set in (("b", target), ("b_plus", target + extra)):
        runs[name] = train(config, tmp_path / name, progress=False, examples=transfer_examples(source, target_set))

    (fold,) = make_folds(transfer_examples(source, target), "transfer", val_fraction=0.15, seed=42)
    assert fold.train.max() < len(source)
    pipeline = FeaturePipeline.from_config(config["features"], store=FeatureStore(tmp_path / "cache" / "features"))
    features = pipeline.transform(source, progress=False)
    expected = original(Standardizer, [features[i] for i in fold.train], True)
    assert len(fitted) == 2  # one fold in each run
    for standardizer in fitted[:2]:
        np.testing.assert_array_equal(standardizer.medians, expected.medians)
        np.testing.assert_array_equal(standardizer.mean, expected.mean)
        np.testing.assert_array_equal(standardizer.scale, expected.scale)
    assert runs["b"]["thresholds"] == runs["b_plus"]["thresholds"]
    rows = {name: {row["id"]: row for row in read_rows(tmp_path / name / "predictions.jsonl")} for name in runs}
    assert set(rows["b"]) == {e.id for e in target}
    assert set(rows["b_plus"]) == {e.id for e in target + extra}
    assert all(rows["b"][i] == rows["b_plus"][i] for i in rows["b"])
    assert runs["b"]["scores"]["prob"]["overall"]["examples"] == len(target)


def test_transfer_runs_read_each_dataset_from_its_own_cache_chunks(tiny_sweep):
    """Source and target are cached apart (as when each is used alone): one chunk each, no mixed chunk."""
    chunks = list((tiny_sweep["cache"] / "features" / "text").rglob("*.npz"))
    assert len(chunks) == 2
    metrics = json.loads((tiny_sweep["dir"] / "transfer/a-to-b/text/logreg/seed0/metrics.json").read_text())
    assert metrics["protocol"] == "transfer" and metrics["scores"]["prob"]["overall"]["examples"] == 30


# ---- running and resuming ----------------------------------------------------------------------------------

def test_sweep_writes_every_run_and_logs_it(tiny_sweep):
    out, summary = tiny_sweep["dir"], tiny_sweep["summary"]
    runs = plan(tiny_sweep["sweep"])
    assert summary["runs"] == summary["trained"] == len(runs) == 9 + 6 + 4
    manifest = json.loads((out / "sweep.json").read_text())
    assert [r["key"] for r in manifest["runs"]] == [r.key for r in runs]
    for run in runs:
        assert (out / run.key / "metrics.json").is_file() and (out / run.key / "config.yaml").is_file()
        stored = yaml.safe_load((out / run.key / "config.yaml").read_text())
        assert stored["seed"] == run.seed and stored["training"]["max_epochs"] == 2
    events = read_log(out)
    assert [e["run"] for e in events if e["event"] == "run_finish"] == [r.key for r in runs]
    assert all(e["wall_seconds"] >= 0 for e in events if e["event"] == "run_finish")
    assert events[-1]["event"] == "sweep_end" and events[-1]["status"] == "finished"


def test_resumed_sweep_equals_uninterrupted(tiny_sweep, tmp_path, monkeypatch):
    """Killed while training its third run (leaving a partial folder), then resumed: the same numbers as the
    uninterrupted sweep, the done runs untouched, and every feature read from the cache."""
    monkeypatch.setenv("HALLUSEQ_CACHE", str(tiny_sweep["cache"]))
    quiet_lightning()
    config = yaml.safe_load(tiny_sweep["config"].read_text())
    config.update(seeds=[0, 1], models=config["models"][:2], lomo=None, transfer=[])  # LogReg and BiGRU
    path = tmp_path / "resume.yaml"
    path.write_text(yaml.safe_dump(config))
    sweep, out = load_sweep_config(path), tmp_path / "sweep"
    keys = [run.key for run in plan(sweep)]
    assert keys == ["main/text/logreg/seed0", "main/text/bigru/seed0", "main/text/logreg/seed1",
                    "main/text/bigru/seed1"]

    calls = []

    def killed_on_third(config, run_dir, **kwargs):
        calls.append(run_dir)
        if len(calls) == 3:
            Path(run_dir).mkdir(parents=True)
            (Path(run_dir) / "predictions.jsonl").write_text("partial")
            raise RuntimeError("killed")
        return train(config, run_dir, **kwargs)

    monkeypatch.setattr("halluseq.sweep.train", killed_on_third)
    with pytest.raises(RuntimeError, match="killed"):
        run_sweep(sweep, out, progress=False)
    assert [is_file for is_file in ((out / k / "metrics.json").is_file() for k in keys)] == [True, True, False, False]
    assert read_log(out)[-1] == {**read_log(out)[-1], "event": "sweep_end", "status": "interrupted", "trained": 2}
    first_done = (out / keys[0] / "metrics.json").stat().st_mtime_ns

    monkeypatch.undo()
    monkeypatch.setenv("HALLUSEQ_CACHE", str(tiny_sweep["cache"]))
    monkeypatch.setattr(TextFeatures, "extract", lambda self, examples: pytest.fail("features recomputed"))
    assert main(["sweep", "--config", str(path), "--out", str(out), "--quiet"]) == 0
    assert read_log(out)[-1]["trained"] == 2 and read_log(out)[-1]["skipped"] == 2
    assert (out / keys[0] / "metrics.json").stat().st_mtime_ns == first_done
    for key in keys:
        assert run_numbers(out / key) == run_numbers(tiny_sweep["dir"] / key), key

    # a finished sweep trains nothing; a changed config is refused rather than mixed with old runs
    assert run_sweep(sweep, out, progress=False)["trained"] == 0
    changed = load_sweep_config(path, training={"max_epochs": 3, "batch_size": 16, "patience": 1})
    with pytest.raises(ValueError, match="another config"):
        run_sweep(changed, out, progress=False)
    # so are runs trained on features the families no longer give (their code changed without a new version)
    monkeypatch.setattr(TextFeatures, "version", "edited")
    with pytest.raises(ValueError, match="other features"):
        run_sweep(sweep, out, progress=False)


def test_parallel_workers_give_the_serial_numbers(tiny_sweep, tmp_path, monkeypatch):
    """Two worker processes train the runs of the serial tiny sweep to the same numbers, reading the cached
    features (the parent computes none: they are all in the store already), and log every run."""
    monkeypatch.setenv("HALLUSEQ_CACHE", str(tiny_sweep["cache"]))
    config = yaml.safe_load(tiny_sweep["config"].read_text())
    config.update(seeds=[0, 1], models=config["models"][:2], lomo=None, transfer=[], workers=2)  # LogReg, BiGRU
    path = tmp_path / "parallel.yaml"
    path.write_text(yaml.safe_dump(config))
    monkeypatch.setattr(TextFeatures, "extract", lambda self, examples: pytest.fail("features recomputed"))
    out = tmp_path / "sweep"
    summary = run_sweep(load_sweep_config(path), out, progress=False)
    keys = [run.key for run in plan(load_sweep_config(path))]
    assert summary["trained"] == len(keys) == 4
    events = read_log(out)
    assert events[0]["workers"] == 2 and events[-1]["status"] == "finished"
    assert sorted(e["run"] for e in events if e["event"] == "run_finish") == sorted(keys)
    for key in keys:
        assert run_numbers(out / key) == run_numbers(tiny_sweep["dir"] / key), key


def test_a_failing_run_stops_the_parallel_sweep(tiny_sweep, tmp_path, monkeypatch):
    """A run that raises in a worker ends the sweep with that error: the workers are stopped, no later run is
    started, and the log says the session was interrupted."""
    import multiprocessing

    monkeypatch.setenv("HALLUSEQ_CACHE", str(tiny_sweep["cache"]))
    broken = tmp_path / "broken.yaml"
    broken.write_text(yaml.safe_dump({"model": {"name": "bigru", "options": {"no_such_option": 1}}}))
    config = yaml.safe_load(tiny_sweep["config"].read_text())
    config.update(seeds=[0, 1, 2, 3], models=[config["models"][0], {"name": "Broken", "config": str(broken)}],
                  lomo=None, transfer=[], workers=2)
    path = tmp_path / "failing.yaml"
    path.write_text(yaml.safe_dump(config))
    out = tmp_path / "sweep"
    with pytest.raises(TypeError, match="no_such_option"):
        run_sweep(load_sweep_config(path), out, progress=False)
    events = read_log(out)
    assert events[-1]["event"] == "sweep_end" and events[-1]["status"] == "interrupted"
    started = [e["run"] for e in events if e["event"] == "run_start"]
    assert "main/text/broken/seed0" in started and len(started) <= 4 < len(plan(load_sweep_config(path)))
    assert multiprocessing.active_children() == []
