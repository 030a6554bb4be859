"""Leave-one-dataset-out as a sweep section and a report table, beside a one-dataset baseline (transfer pair)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from conftest import synthetic_records, write_jsonl

from halluseq.report import write_report
from halluseq.sweep import load_sweep_config, plan, run_sweep


@pytest.fixture(scope="module")
def lodo_sweep(tmp_path_factory) -> dict:
    """Three generic datasets; LogReg under LODO (all three held out in turn) and trained on ``a`` only."""
    root = tmp_path_factory.mktemp("lodo")
    paths = {name: write_jsonl(root / f"{name}.jsonl", synthetic_records(8, 3, seed=seed, prefix=name))
             for seed, name in enumerate("abc")}
    sources = [{"path": str(p), "name": name} for name, p in paths.items()]
    model = root / "logreg.yaml"
    model.write_text(yaml.safe_dump({"model": {"name": "logreg"}}), encoding="utf-8")
    config = {
        "data": {"path": str(paths["a"])},
        "protocol": {"name": "cv", "folds": 3, "val_fraction": 0.2, "fold_seed": 42},
        "seeds": [0],
        "models": [{"config": str(model)}],
        "lodo": {"data": sources, "baseline": "a-only"},
        "transfer": [{"name": "a-only", "train": sources[:1], "test": sources[1:]}],
    }
    path = root / "sweep.yaml"
    path.write_text(yaml.safe_dump(config, sort_keys=False), encoding="utf-8")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("HALLUSEQ_CACHE", str(root / "cache"))
        sweep = load_sweep_config(path)
        run_sweep(sweep, root / "sweep", progress=False)
        report = write_report(root / "sweep", progress=False)
    return {"dir": root / "sweep", "sweep": sweep, "report": report,
            "results": json.loads(report["json"].read_text()), "ids": _ids(paths)}


def _ids(paths: dict[str, Path]) -> dict[str, set[str]]:
    return {name: {json.loads(line)["id"] for line in p.read_text().splitlines()} for name, p in paths.items()}


def test_lodo_runs_hold_out_each_dataset_and_test_only_it(lodo_sweep):
    runs = {r.kind: r for r in plan(lodo_sweep["sweep"])}
    assert set(runs) == {"main", "lodo", "transfer"}
    assert runs["lodo"].config["protocol"]["name"] == "lodo"
    run_dir = lodo_sweep["dir"] / runs["lodo"].key
    rows = [json.loads(line) for line in (run_dir / "predictions.jsonl").read_text().splitlines()]
    by_fold: dict[str, set[str]] = {}
    for row in rows:
        by_fold.setdefault(row["fold"], set()).add(row["id"])
    assert by_fold == {f"lodo{i}_{name}": lodo_sweep["ids"][name] for i, name in enumerate("abc")}
    metrics = json.loads((run_dir / "metrics.json").read_text())
    sliced = metrics["scores"]["prob"]["dataset"]
    assert {name: sliced[name]["examples"] for name in sliced} == {n: len(ids) for n, ids in lodo_sweep["ids"].items()}


def test_lodo_table_sits_beside_the_baseline_transfer_runs(lodo_sweep):
    table = lodo_sweep["results"]["lodo"]["text"]["entries"]["LogReg"]
    assert set(table["datasets"]) == {"a", "b", "c"}
    lodo_run = json.loads((lodo_sweep["dir"] / "lodo/text/logreg/seed0/metrics.json").read_text())
    baseline_run = json.loads((lodo_sweep["dir"] / "transfer/a-only/text/logreg/seed0/metrics.json").read_text())
    for dataset in ("b", "c"):
        row = table["datasets"][dataset]["token_auc"]
        assert row["lodo"]["mean"] == lodo_run["scores"]["prob"]["dataset"][dataset]["token_auc"]
        assert row["baseline"]["mean"] == baseline_run["scores"]["prob"]["dataset"][dataset]["token_auc"]
    assert table["datasets"]["a"]["token_auc"]["baseline"]["n"] == 0  # the baseline trained on a: not tested there
    markdown = lodo_sweep["report"]["markdown"].read_text()
    assert "## Leave-one-dataset-out" in markdown and "transfer pair `a-only`" in markdown
    assert (lodo_sweep["dir"] / "figures" / "text-lodo-length.png").stat().st_size > 1000


def test_length_profile_counts_every_held_out_answer(lodo_sweep):
    profile = lodo_sweep["results"]["lodo"]["text"]["length"]["LogReg"]
    answers = sum(sum(profile["bins"][f"{kind}_answers"]) for kind in ("faithful", "hallucinated"))
    assert answers == sum(len(ids) for ids in lodo_sweep["ids"].values())
    for kind in ("faithful", "hallucinated"):
        for score in profile["bins"][f"{kind}_score"]:
            assert score is None or 0.0 <= score <= 1.0


def test_lodo_config_errors_name_the_problem(tmp_path):
    bad = {"models": [{"config": "configs/logreg.yaml"}], "lodo": {"data": [{"path": "x.jsonl"}], "datasets": ["y"]}}
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump(bad), encoding="utf-8")
    with pytest.raises(ValueError, match=r"lodo: datasets \['y'\] are not sources"):
        load_sweep_config(path)
    bad["lodo"] = {"data": [{"path": "x.jsonl"}], "baseline": "nope"}
    path.write_text(yaml.safe_dump(bad), encoding="utf-8")
    with pytest.raises(ValueError, match="baseline 'nope' is not a transfer pair"):
        load_sweep_config(path)


def test_generalization_config_plans_main_lodo_and_baseline(monkeypatch):
    monkeypatch.chdir(Path(__file__).resolve().parents[1])
    runs = plan(load_sweep_config("configs/generalization.yaml"))
    kinds = {r.kind for r in runs}
    assert kinds == {"main", "lodo", "transfer"}
    for run in runs:
        if run.kind == "main":
            assert run.config["protocol"]["datasets"] == ["ragtruth"]
        if run.kind == "transfer":
            assert run.config["training"]["max_epochs"] == 15  # the RAGTruth-only recipe
        else:
            assert run.config["training"]["max_epochs"] == 12
