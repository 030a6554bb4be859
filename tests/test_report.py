"""Reports (SPEC 5): report.md, a self-contained report.html and results.json of a sweep and of a single run,
every number read from (or computed from) the run files."""

from __future__ import annotations

import base64
import json
import re
import shutil
from pathlib import Path

import numpy as np
import pytest

from halluseq.cli import main
from halluseq.report import build_results, read_predictions, write_report
from halluseq.stats import paired_wilcoxon, reliability

ENTRIES = ["LogReg", "BiGRU", "BiGRU-CRF", "BiGRU-CRF:softmax"]


@pytest.fixture(scope="module")
def report(tiny_sweep):
    paths = write_report(tiny_sweep["dir"], progress=False)
    return {"paths": paths, "dir": tiny_sweep["dir"], "results": json.loads(paths["json"].read_text()),
            "markdown": paths["markdown"].read_text(), "html": paths["html"].read_text()}


def run_metrics(sweep_dir: Path, key: str) -> dict:
    return json.loads((sweep_dir / key / "metrics.json").read_text())


def test_report_files_and_self_contained_html(report):
    for path in report["paths"].values():
        assert path.is_file() and path.parent == report["dir"]
    figures = sorted((report["dir"] / "figures").glob("*.png"))
    assert {f.stem for f in figures} == {f"text-{name}" for name in
                                         ("seeds", "roc", "pr", "reliability", "task", "generator")}
    page = report["html"]
    images = re.findall(r'src="([^"]*)"', page)
    assert len(images) == len(figures)
    for source in images:
        assert source.startswith("data:image/png;base64,")
        assert base64.b64decode(source.split(",", 1)[1]).startswith(b"\x89PNG\r\n\x1a\n")
    assert "href=" not in page
    for name in ENTRIES:
        assert f"<td>{name}</td>" in page
        assert f"| {name} |" in report["markdown"]
    for heading in ("Paired Wilcoxon", "Bootstrap 95% intervals", "Leave-one-generator-out", "Cross-dataset transfer",
                    "a-to-b", "Threshold chosen on validation", "Wall time"):
        assert heading in page and heading in report["markdown"]
    for figure in figures:
        assert f"(figures/{figure.name})" in report["markdown"]


def test_results_json_numbers_are_the_runs_metrics(report):
    results, sweep_dir = report["results"], report["dir"]
    sections = [results["feature_sets"]["text"]["entries"], results["transfer"]["a-to-b"]["text"]["entries"]]
    assert set(sections[0]) == set(ENTRIES)
    assert set(sections[1]) == {"LogReg", "BiGRU"}
    checked = 0
    for entries in sections:
        for entry in entries.values():
            assert len(entry["runs"]) == len(entry["seeds"])
            for i, key in enumerate(entry["runs"]):
                overall = run_metrics(sweep_dir, key)["scores"][entry["variant"]]["overall"]
                for metric, values in entry["per_seed"].items():
                    if metric != "ece":  # onset metrics: computed again from predictions.jsonl, equal
                        assert values[i] == pytest.approx(overall[metric], abs=1e-12), (key, metric)
                        checked += 1
    assert checked == (3 * 4 + 2 * 2) * 9
    bigru = sections[0]["BiGRU"]["per_seed"]["token_auc"]
    assert sections[0]["BiGRU"]["summary"]["token_auc"]["mean"] == pytest.approx(np.mean(bigru))
    mean, std = np.mean(bigru), np.std(bigru, ddof=1)
    assert f"| BiGRU | 3 (0–2) | {mean:.4f} ± {std:.4f} |" in report["markdown"]


def test_ece_is_computed_from_the_run_predictions(report):
    entry = report["results"]["feature_sets"]["text"]["entries"]["BiGRU-CRF:softmax"]
    for i, key in enumerate(entry["runs"]):
        labels, probs = read_predictions(report["dir"] / key)["softmax"].words()
        assert entry["per_seed"]["ece"][i] == pytest.approx(reliability(labels, probs)["ece"])


def test_wilcoxon_pairs_by_seed_and_notes_the_deterministic_model(report):
    section = report["results"]["feature_sets"]["text"]
    tests = {(t["a"], t["b"], t["metric"]): t for t in section["wilcoxon"]}
    assert {(a, b) for a, b, _ in tests} == {("BiGRU", "LogReg"), ("BiGRU-CRF", "BiGRU-CRF:softmax")}
    test = tests[("BiGRU", "LogReg", "token_auc")]
    assert test["seeds"] == [0, 1, 2]
    bigru = [run_metrics(report["dir"], f"main/text/bigru/seed{s}")["scores"]["prob"]["overall"]["token_auc"]
             for s in range(3)]
    logreg = [run_metrics(report["dir"], f"main/text/logreg/seed{s}")["scores"]["prob"]["overall"]["token_auc"]
              for s in range(3)]
    expected = paired_wilcoxon(bigru, logreg, names=("BiGRU", "LogReg"))
    assert test["p_value"] == expected["p_value"] and test["n"] == 3
    assert test["deterministic"] == {"BiGRU": False, "LogReg": True}
    assert "LogReg is deterministic across seeds" in report["markdown"]
    assert "Deterministic across seeds (std 0 on every metric): LogReg." in report["markdown"]


def test_bootstrap_intervals_on_the_first_seed(report):
    boot = report["results"]["feature_sets"]["text"]["bootstrap"]
    assert boot["seed"] == 0 and boot["samples"] == 200
    assert set(boot["entries"]) == set(ENTRIES)
    for intervals in boot["entries"].values():
        for interval in intervals.values():
            assert interval["low"] <= interval["high"]
    (difference,) = [d for d in boot["differences"] if (d["a"], d["b"]) == ("BiGRU", "LogReg")]
    point = (run_metrics(report["dir"], "main/text/bigru/seed0")["scores"]["prob"]["overall"]["token_auc"]
             - run_metrics(report["dir"], "main/text/logreg/seed0")["scores"]["prob"]["overall"]["token_auc"])
    assert difference["difference"]["token_auc"] == pytest.approx(point)


def test_lomo_table_drops_from_the_in_distribution_runs(report):
    lomo = report["results"]["lomo"]["text"]["BiGRU"]
    assert lomo["generators"] == ["gen0", "gen1", "gen2"] and lomo["seeds"] == [0, 1]
    for generator in lomo["generators"]:
        values = lomo["metrics"]["token_auc"][generator]
        for i, seed in enumerate(lomo["seeds"]):
            inside = run_metrics(report["dir"], f"main/text/bigru/seed{seed}")["scores"]["prob"]["generator"]
            held_out = run_metrics(report["dir"], f"lomo/text/bigru/seed{seed}")["scores"]["prob"]["generator"]
            assert values["in_distribution"]["per_seed"][i] == inside[generator]["token_auc"]
            assert values["lomo"]["per_seed"][i] == held_out[generator]["token_auc"]
            assert values["drop"]["per_seed"][i] == pytest.approx(inside[generator]["token_auc"]
                                                                  - held_out[generator]["token_auc"])
    mean = lomo["metrics"]["token_auc"]["mean"]["lomo"]["per_seed"][0]
    assert mean == pytest.approx(np.mean([lomo["metrics"]["token_auc"][g]["lomo"]["per_seed"][0]
                                          for g in lomo["generators"]]))


def test_wall_time_comes_from_the_sweep_log(report, tiny_sweep):
    wall = report["results"]["wall"]
    assert wall["sessions"] == 1 and wall["unfinished_sessions"] == 0
    assert wall["total_seconds"] == pytest.approx(tiny_sweep["summary"]["wall_seconds"], abs=1e-3)
    assert f"Total wall time {wall['total_seconds']:.1f} s" in report["markdown"]
    assert wall["workers"] == [1] and "runs trained 1 at a time" in report["markdown"]


def test_same_runs_same_results(report):
    results, figures = build_results(report["dir"])
    assert json.loads(json.dumps(results)) == json.loads(json.dumps(report["results"]))
    assert set(figures) == {f.stem for f in (report["dir"] / "figures").glob("*.png")}


def test_report_of_a_single_run_folder(tiny_sweep, tmp_path, capsys):
    run_dir = tmp_path / "crf"
    shutil.copytree(tiny_sweep["dir"] / "main/text/bigru-crf/seed1", run_dir)
    assert main(["report", str(run_dir), "--quiet"]) == 0
    assert "report.html" in capsys.readouterr().out
    results = json.loads((run_dir / "results.json").read_text())
    entries = results["feature_sets"]["text"]["entries"]
    assert set(entries) == {"BiGRU-CRF", "BiGRU-CRF:softmax", "BiGRU-CRF:viterbi"}
    metrics = json.loads((run_dir / "metrics.json").read_text())
    assert entries["BiGRU-CRF"]["per_seed"]["token_auc"] == [metrics["scores"]["prob"]["overall"]["token_auc"]]
    assert results["feature_sets"]["text"]["wilcoxon"] == []  # one seed: nothing to pair
    assert results["feature_sets"]["text"]["bootstrap"]["seed"] == 1
    assert results["wall"]["total_seconds"] == metrics["wall_seconds"]
    assert "data:image/png;base64," in (run_dir / "report.html").read_text()


def test_report_of_a_folder_without_runs(tmp_path, capsys):
    assert main(["report", str(tmp_path)]) == 2
    assert "neither a sweep folder" in capsys.readouterr().err


def test_a_misspelt_metric_is_an_error(report, tmp_path):
    manifest = json.loads((report["dir"] / "sweep.json").read_text())
    for key, names in (("metrics", ["token_auc", "onset_f1_k2"]), ("slice_metrics", ["ece"]),
                       ("bootstrap", {"metrics": ["span_f1"]})):
        manifest["config"]["report"] = {key: names}
        (tmp_path / "sweep.json").write_text(json.dumps(manifest))
        unknown = names["metrics"][-1] if isinstance(names, dict) else names[-1]
        with pytest.raises(ValueError, match=f"unknown \\['{unknown}'\\]"):
            build_results(tmp_path)


def test_a_baseline_sets_each_mean_beside_its_own(report, tmp_path, capsys):
    baseline = json.loads(report["paths"]["json"].read_text())
    entry = baseline["feature_sets"]["text"]["entries"]["BiGRU"]["summary"]["token_auc"]
    moved = baseline["feature_sets"]["text"]["entries"]["LogReg"]["summary"]["token_ap"]
    entry["mean"] -= 2 * entry["std"]  # this report's BiGRU then sits two baseline stds above it
    moved["mean"] += 1e-9  # LogReg is the same on every seed: any move is one
    moved["std"] = 1e-17  # the float noise of a mean over seeds that were all the same: no unit to count in
    baseline["wall"]["total_seconds"] = 1234.5
    (tmp_path / "results.json").write_text(json.dumps(baseline))
    try:
        assert main(["report", str(report["dir"]), "--quiet", "--baseline", str(tmp_path)]) == 0
        results = json.loads(report["paths"]["json"].read_text())
        markdown = report["paths"]["markdown"].read_text()
    finally:
        write_report(report["dir"], progress=False)  # the module's other tests read the report without a baseline
    rows = results["baseline"]["feature_sets"]["text"]
    assert set(rows) == set(ENTRIES)
    bigru = rows["BiGRU"]["token_auc"]
    assert bigru["difference"] == pytest.approx(2 * entry["std"])
    assert bigru["in_baseline_stds"] == pytest.approx(2.0) and bigru["method_change"]
    assert rows["LogReg"]["token_ap"]["method_change"] and rows["LogReg"]["token_ap"]["in_baseline_stds"] is None
    changed = {(name, metric) for name, per in rows.items() for metric, row in per.items() if row["method_change"]}
    assert changed == {("BiGRU", "token_auc"), ("LogReg", "token_ap")}
    assert results["baseline"]["wall_seconds"] == {"baseline": 1234.5, "this": results["wall"]["total_seconds"]}
    assert not Path(results["baseline"]["file"]).is_absolute()
    assert "## Beside a baseline" in markdown and markdown.count("**method change**") == 2 + 1  # the legend's too
    assert "1234.5 s" in markdown


def test_a_baseline_without_results_is_an_error(report, tmp_path, capsys):
    assert main(["report", str(report["dir"]), "--quiet", "--baseline", str(tmp_path)]) == 2
    assert "no results.json" in capsys.readouterr().err
