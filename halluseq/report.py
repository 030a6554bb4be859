"""Reports (SPEC 5): ``halluseq report RUN_OR_SWEEP_DIR`` writes report.md (figures in figures/), a
self-contained report.html (figures as base64 data URIs) and results.json into that folder.

Every number is read from the run files (metrics.json, predictions.jsonl, config.yaml, sweep.log) or computed
from them: means and stds over seeds, paired Wilcoxon tests, bootstrap intervals, calibration.
"""

from __future__ import annotations

import base64
import html
import json
import math
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import yaml
from tqdm.auto import tqdm

from halluseq import plots
from halluseq.evaluate import METRIC_NAMES, ONSET_METRICS, load_run_metrics, onset_scores
from halluseq.files import atomic_write
from halluseq.stats import (
    Predictions,
    WeightedScorer,
    bootstrap,
    paired_wilcoxon,
    reliability,
    resample_weights,
    summarize,
)
from halluseq.sweep import DISPLAY_NAMES, Run, entry_name, feature_set_name, is_done, pair_name, read_log
from halluseq.train import merge

REPORT_DEFAULTS: dict[str, Any] = {
    # columns of the metric tables, the Wilcoxon tests and the transfer table (PREDICTION_METRICS are computed
    # from predictions.jsonl, the others read from metrics.json)
    "metrics": ["token_auc", "token_ap", "token_f1", "token_f1_tuned", "example_auc", "example_f1", "span_f1",
                "onset_f1_k3", "early_detection", "ece"],
    # pairs of entries ("model" or "model:variant") tested by seed; pairs whose entries are absent are skipped
    "comparisons": [["BiGRU", "LogReg"], ["BiGRU", "MLP"], ["BiGRU", "BiGRU-shuffled"],
                    ["BiGRU-CRF", "BiGRU-CRF:softmax"]],
    "bootstrap": {"samples": 1000, "confidence": 0.95, "seed": 0,
                  "metrics": ["token_auc", "token_ap", "token_f1_tuned", "example_auc"]},
    "calibration_bins": 10,
    "slice_metrics": ["token_auc", "example_auc"],  # per task / per generator, and leave-one-generator-out
    # the leave-one-dataset-out table: per held-out dataset, beside the lodo baseline (a transfer pair)
    "lodo_metrics": ["token_auc", "token_ap", "example_auc", "span_f1"],
}


# metrics the report computes from each run's predictions (so run folders of any age have them)
PREDICTION_METRICS = ("ece", *ONSET_METRICS)


@dataclass
class _Done:
    """A finished run: its plan entry, folder and metrics.json."""

    run: Run
    dir: Path
    metrics: dict[str, Any]


# ---- reading -----------------------------------------------------------------------------------------------

def read_predictions(run_dir: str | Path) -> dict[str, Predictions]:
    """The pooled out-of-fold predictions of a run folder, per score variant."""
    rows = [json.loads(line) for line in (Path(run_dir) / "predictions.jsonl").read_text(encoding="utf-8").splitlines()]
    if rows and "labels" not in rows[0]:
        raise ValueError(f"{run_dir}/predictions.jsonl has no word labels (written by an older halluseq): retrain")
    fixed = {"id", "group", "fold", "threshold", "labels"}
    variants = [key for key in rows[0] if key not in fixed] if rows else []
    ids, groups = [r["id"] for r in rows], [r.get("group", "") for r in rows]
    labels = [np.asarray(r["labels"], dtype=int) for r in rows]
    thresholds = np.array([r["threshold"] for r in rows], dtype=float)
    return {v: Predictions(ids, groups, labels, [np.asarray(r[v], dtype=float) for r in rows], thresholds)
            for v in variants}


def _plan(source: Path) -> tuple[list[Run], dict[str, Any], bool]:
    """The runs of a sweep folder (sweep.json) or the one run of a run folder, the report settings, is-sweep."""
    if (source / "sweep.json").exists():
        manifest = json.loads((source / "sweep.json").read_text(encoding="utf-8"))
        runs = [Run(**{**r, "scores": tuple(r["scores"])}) for r in manifest["runs"]]
        settings = merge(REPORT_DEFAULTS, manifest["config"].get("report") or {})
        settings["lodo_baseline"] = (manifest["config"].get("lodo") or {}).get("baseline")
        return runs, settings, True
    if not (source / "metrics.json").exists():
        raise FileNotFoundError(f"{source}: neither a sweep folder (sweep.json) nor a run folder (metrics.json)")
    metrics = load_run_metrics(source)
    config = yaml.safe_load((source / "config.yaml").read_text(encoding="utf-8"))
    kind = metrics["protocol"] if metrics["protocol"] in ("lomo", "lodo", "transfer") else "main"
    pair = pair_name(config["data"], config["protocol"]["test"]) if kind == "transfer" else None
    run = Run(".", kind, feature_set_name(config["features"]["families"]),
              DISPLAY_NAMES.get(metrics["model"], metrics["model"]), tuple(metrics["scores"]), metrics["seed"], pair)
    return [run], {**REPORT_DEFAULTS, "lodo_baseline": None}, False


def _check_metric_names(settings: dict[str, Any]) -> None:
    """Every metric the report settings ask for exists (a misspelt name is an error, not a column of dashes)."""
    allowed = {"metrics": set(METRIC_NAMES) | set(PREDICTION_METRICS), "slice_metrics": set(METRIC_NAMES),
               "bootstrap metrics": set(WeightedScorer.METRICS)}
    asked = {"metrics": settings["metrics"], "slice_metrics": settings["slice_metrics"],
             "bootstrap metrics": settings["bootstrap"]["metrics"]}
    for what, names in asked.items():
        unknown = [name for name in names if name not in allowed[what]]
        if unknown:
            raise ValueError(f"report {what}: unknown {unknown}; known: {', '.join(sorted(allowed[what]))}")


# ---- numbers -----------------------------------------------------------------------------------------------

def _number(value: Any) -> float | None:
    return None if value is None or (isinstance(value, float) and math.isnan(value)) else value


def _entries(done: Sequence[_Done], kind: str, settings: dict[str, Any],
             derived: dict[tuple[str, str], dict[str, float | None]]
             ) -> dict[tuple[str | None, str], dict[str, dict[str, Any]]]:
    """(pair, feature set) -> entry name -> per-seed metrics, slices, thresholds and wall times of ``kind`` runs."""
    out: dict[tuple[str | None, str], dict[str, dict[str, Any]]] = {}
    for item in sorted((d for d in done if d.run.kind == kind), key=lambda d: d.run.seed):
        for variant in item.run.scores:
            entries = out.setdefault((item.run.pair, item.run.feature_set), {})
            entry = entries.setdefault(entry_name(item.run.model, variant), {
                "model": item.run.model, "variant": variant, "seeds": [], "runs": [],
                "per_seed": {m: [] for m in settings["metrics"]}, "thresholds": [], "wall_seconds": [],
                "slices": {"task": {}, "generator": {}, "dataset": {}}})
            if variant not in item.metrics["scores"]:
                raise ValueError(f"{item.dir}: no score variant {variant!r} "
                                 f"(it has {', '.join(item.metrics['scores'])})")
            scores = item.metrics["scores"][variant]
            entry["seeds"].append(item.run.seed)
            entry["runs"].append(item.run.key)
            for metric in settings["metrics"]:
                value = (derived[(item.run.key, variant)][metric] if metric in PREDICTION_METRICS
                         else scores["overall"].get(metric))
                entry["per_seed"][metric].append(_number(value))
            entry["thresholds"].extend(item.metrics["thresholds"].values())
            entry["wall_seconds"].append(item.metrics["wall_seconds"])
            sliced_metrics = list(dict.fromkeys(settings["slice_metrics"] + settings["lodo_metrics"]))
            for key in ("task", "generator", "dataset"):
                for name, values in scores.get(key, {}).items():
                    per_metric = entry["slices"][key].setdefault(name, {m: {} for m in sliced_metrics})
                    for metric in sliced_metrics:
                        per_metric[metric][str(item.run.seed)] = _number(values.get(metric))
    for entries in out.values():
        for entry in entries.values():
            entry["summary"] = {m: summarize(v) for m, v in entry["per_seed"].items()}
            entry["threshold_summary"] = summarize(entry.pop("thresholds"))
            entry["wall_summary"] = summarize(entry["wall_seconds"])
    return out


def _wilcoxon(entries: dict[str, dict[str, Any]], settings: dict[str, Any]) -> list[dict[str, Any]]:
    """Paired two-sided exact Wilcoxon tests by seed for every configured pair present with at least two
    common seeds, on every metric."""
    tests = []
    for a, b in settings["comparisons"]:
        seeds = [s for s in entries[a]["seeds"] if s in entries[b]["seeds"]] if a in entries and b in entries else []
        if len(seeds) < 2:
            continue
        for metric in settings["metrics"]:
            values = [[e["per_seed"][metric][e["seeds"].index(s)] for s in seeds] for e in (entries[a], entries[b])]
            tests.append({"a": a, "b": b, "metric": metric, "seeds": seeds,
                          **paired_wilcoxon(values[0], values[1], names=(a, b))})
    return tests


def _bootstrap(entries: dict[str, dict[str, Any]], predictions: dict[str, Predictions], seed: int,
               settings: dict[str, Any], progress: bool) -> dict[str, Any]:
    """Intervals per entry and of each configured paired difference, on the ``seed`` run's predictions,
    resampling source groups."""
    options = settings["bootstrap"]
    weights: dict[tuple[str, ...], np.ndarray] = {}

    def resamples(p: Predictions) -> np.ndarray:
        key = tuple(p.ids)
        if key not in weights:
            weights[key] = resample_weights(p.groups, options["samples"], options["seed"])
        return weights[key]

    pairs = [(a, b) for a, b in settings["comparisons"] if a in predictions and b in predictions]
    jobs = [(name, None) for name in predictions] + pairs
    out: dict[str, Any] = {"seed": seed, "samples": options["samples"], "confidence": options["confidence"],
                           "entries": {}, "differences": []}
    for name, baseline in tqdm(jobs, desc="bootstrap", unit="job", disable=not progress, leave=False):
        p = predictions[name]
        if baseline is None:
            out["entries"][name] = bootstrap(p, options["metrics"], resamples(p), options["confidence"])
            continue
        if p.ids != predictions[baseline].ids:
            continue  # not the same examples: no paired interval
        index = {e: entries[e]["seeds"].index(seed) for e in (name, baseline)}
        point = {m: _difference(entries[name]["per_seed"][m][index[name]],
                                entries[baseline]["per_seed"][m][index[baseline]])
                 for m in options["metrics"] if m in settings["metrics"]}
        out["differences"].append({"a": name, "b": baseline, "difference": point,
                                   "intervals": bootstrap(p, options["metrics"], resamples(p), options["confidence"],
                                                          baseline=predictions[baseline])})
    return out


def _difference(a: float | None, b: float | None) -> float | None:
    return None if a is None or b is None else a - b


def _lomo(lomo: dict[str, dict[str, Any]], main: dict[str, dict[str, Any]], settings: dict[str, Any]
          ) -> dict[str, Any]:
    """Per entry: per generator (and the mean over generators) the LOMO value, the in-distribution value of
    the same model and seed (main protocol, that generator's slice) and the drop, over seeds."""
    out = {}
    for name, entry in lomo.items():
        generators = sorted(entry["slices"]["generator"])
        rows: dict[str, Any] = {}
        for metric in settings["slice_metrics"]:
            table: dict[str, dict[str, list[float | None]]] = {}
            for generator in generators:
                held_out = entry["slices"]["generator"][generator][metric]
                inside = main.get(name, {}).get("slices", {}).get("generator", {}).get(generator, {}).get(metric, {})
                seeds = [str(s) for s in entry["seeds"]]
                table[generator] = {"lomo": [held_out.get(s) for s in seeds],
                                    "in_distribution": [inside.get(s) for s in seeds]}
            table["mean"] = {kind: [_mean([table[g][kind][k] for g in generators]) for k in range(len(entry["seeds"]))]
                             for kind in ("lomo", "in_distribution")}
            for values in table.values():
                values["drop"] = [_difference(i, o) for i, o in zip(values["in_distribution"], values["lomo"],
                                                                     strict=True)]
            rows[metric] = {g: {kind: {"per_seed": v, **summarize(v)} for kind, v in values.items()}
                            for g, values in table.items()}
        out[name] = {"seeds": entry["seeds"], "generators": generators, "metrics": rows}
    return out


def _mean(values: list[float | None]) -> float | None:
    return None if not values or any(v is None for v in values) else float(np.mean(values))


def _wall(source: Path, done: Sequence[_Done], is_sweep: bool) -> dict[str, Any]:
    """Total wall time: the sweep sessions of sweep.log (a single run: its metrics.json)."""
    if not is_sweep:
        return {"total_seconds": done[0].metrics["wall_seconds"], "sessions": 1, "unfinished_sessions": 0}
    events = read_log(source)
    ends = [e for e in events if e["event"] == "sweep_end"]
    return {"total_seconds": sum(e["wall_seconds"] for e in ends), "sessions": len(ends),
            "unfinished_sessions": sum(e["event"] == "sweep_start" for e in events) - len(ends),
            "run_seconds": sum(e["wall_seconds"] for e in events if e["event"] == "run_finish"),
            "workers": sorted({e.get("workers", 1) for e in events if e["event"] == "sweep_start"})}


def build_results(source: str | Path, progress: bool = False) -> tuple[dict[str, Any], dict[str, bytes]]:
    """``(results, figures)`` of a sweep or run folder: every number of the report, and its PNG figures."""
    source = Path(source)
    runs, settings, is_sweep = _plan(source)
    _check_metric_names(settings)
    done = [_Done(run, source / run.key, load_run_metrics(source / run.key)) for run in runs
            if is_done(source / run.key)]
    if not done:
        raise ValueError(f"{source}: no finished run yet")
    main_seeds = sorted({d.run.seed for d in done if d.run.kind == "main"})
    curve_seed = main_seeds[0] if main_seeds else None
    derived: dict[tuple[str, str], dict[str, float | None]] = {}  # (run, variant) -> PREDICTION_METRICS
    diagrams: dict[tuple[str, str], dict[str, Any]] = {}  # (feature set, entry) -> reliability, curve seed
    kept: dict[str, dict[str, Predictions]] = {}  # feature set -> entry -> predictions, curve seed
    lodo_seed = min((d.run.seed for d in done if d.run.kind == "lodo"), default=None)
    lodo_kept: dict[str, dict[str, Predictions]] = {}  # feature set -> entry -> predictions, first lodo seed
    for item in tqdm(done, desc="predictions", unit="run", disable=not progress, leave=False):
        for variant, p in read_predictions(item.dir).items():
            if variant not in item.run.scores:
                continue
            labels, probs = p.words()
            diagram = reliability(labels, probs, settings["calibration_bins"])
            flagged = [prob >= t for prob, t in zip(p.probs, p.thresholds, strict=True)]
            derived[(item.run.key, variant)] = {"ece": diagram["ece"], **{
                m: _number(v) for m, v in onset_scores(p.labels, flagged).items()}}
            if item.run.kind == "main" and item.run.seed == curve_seed:
                name = entry_name(item.run.model, variant)
                diagrams[(item.run.feature_set, name)] = diagram
                kept.setdefault(item.run.feature_set, {})[name] = p
            if item.run.kind == "lodo" and item.run.seed == lodo_seed:
                lodo_kept.setdefault(item.run.feature_set, {})[entry_name(item.run.model, variant)] = p

    main = _entries(done, "main", settings, derived)
    lomo = _entries(done, "lomo", settings, derived)
    results: dict[str, Any] = {
        "source": str(source), "kind": "sweep" if is_sweep else "run", "settings": settings,
        "runs": {"planned": len(runs), "done": len(done),
                 "missing": [r.key for r in runs if not is_done(source / r.key)]},
        "wall": _wall(source, done, is_sweep),
        "feature_sets": {}, "lomo": {}, "lodo": {}, "transfer": {},
    }
    figures: dict[str, bytes] = {}
    for (_, feature_set), entries in main.items():
        section = {"entries": entries, "wilcoxon": _wilcoxon(entries, settings), "curve_seed": curve_seed,
                   "reliability": {name: diagrams[(feature_set, name)] for name in entries
                                   if (feature_set, name) in diagrams}}
        if feature_set in kept:
            section["bootstrap"] = _bootstrap(entries, kept[feature_set], curve_seed, settings, progress)
        results["feature_sets"][feature_set] = section
        figures.update(_figures(feature_set, section, kept.get(feature_set, {}), settings))
    for (_, feature_set), entries in lomo.items():
        results["lomo"][feature_set] = _lomo(entries, main.get((None, feature_set), {}), settings)
    transfer = _entries(done, "transfer", settings, derived)
    for (pair, feature_set), entries in transfer.items():
        results["transfer"].setdefault(pair, {})[feature_set] = {"entries": entries}
    for (_, feature_set), entries in _entries(done, "lodo", settings, derived).items():
        baseline = transfer.get((settings["lodo_baseline"], feature_set), {})
        section = {"seeds": lodo_seed, "entries": _lodo(entries, baseline, settings),
                   "length": {name: length_profile(p) for name, p in lodo_kept.get(feature_set, {}).items()}}
        results["lodo"][feature_set] = section
        if section["length"]:
            figures[f"{feature_set}-lodo-length"] = plots.score_by_length(
                {n: v["bins"] for n, v in section["length"].items()}, LENGTH_EDGES)
    return results, figures


LENGTH_EDGES = (1, 10, 20, 40, 80, 160, 320)  # lower word counts of the answer-length bins


def length_profile(predictions: Predictions) -> dict[str, Any]:
    """Per answer-length bin: answers, mean response score (max word probability) and share flagged at the
    fold's tuned threshold, for faithful and hallucinated answers apart."""
    lengths = np.array([len(p) for p in predictions.probs])
    scores = np.array([float(p.max()) if len(p) else 0.0 for p in predictions.probs])
    flagged = scores >= predictions.thresholds
    hallucinated = np.array([bool(y.any()) for y in predictions.labels])
    bins = np.searchsorted(np.asarray(LENGTH_EDGES), lengths, side="right") - 1
    out: dict[str, list[Any]] = {f"{kind}_{what}": [] for kind in ("faithful", "hallucinated")
                                 for what in ("answers", "score", "flagged")}
    for b in range(len(LENGTH_EDGES)):
        for kind, mask in (("faithful", ~hallucinated), ("hallucinated", hallucinated)):
            picked = (bins == b) & mask
            out[f"{kind}_answers"].append(int(picked.sum()))
            out[f"{kind}_score"].append(float(scores[picked].mean()) if picked.any() else None)
            out[f"{kind}_flagged"].append(float(flagged[picked].mean()) if picked.any() else None)
    return {"edges": list(LENGTH_EDGES), "bins": out}


def _lodo(lodo: dict[str, dict[str, Any]], baseline: dict[str, dict[str, Any]], settings: dict[str, Any]
          ) -> dict[str, Any]:
    """Per entry and held-out dataset: each ``lodo_metrics`` value over seeds, beside the same entry's value on
    that dataset in the baseline transfer runs (trained on one dataset, e.g. RAGTruth only)."""
    out = {}
    for name, entry in lodo.items():
        base = baseline.get(name, {}).get("slices", {}).get("dataset", {})
        table = {}
        for dataset, values in sorted(entry["slices"]["dataset"].items()):
            table[dataset] = {metric: {"lodo": summarize(list(values[metric].values())),
                                       "baseline": summarize(list(base.get(dataset, {}).get(metric, {}).values()))}
                              for metric in settings["lodo_metrics"]}
        out[name] = {"seeds": entry["seeds"], "datasets": table}
    return out


# ---- figures -----------------------------------------------------------------------------------------------

def _figures(feature_set: str, section: dict[str, Any], predictions: dict[str, Predictions],
             settings: dict[str, Any]) -> dict[str, bytes]:
    """The figures of one feature set, named ``<feature set>-<figure>``."""
    entries = section["entries"]
    figures = {"seeds": plots.seed_distributions({n: e["per_seed"] for n, e in entries.items()}, settings["metrics"])}
    if predictions:
        seed = section["curve_seed"]
        value = {n: e["per_seed"] for n, e in entries.items()}
        at = {n: e["seeds"].index(seed) for n, e in entries.items() if n in predictions}
        words = {n: p.words() for n, p in predictions.items()}
        figures["roc"] = plots.curves("roc", words, {n: f"{n} (AUC {_fmt(value[n]['token_auc'][at[n]], 3)})"
                                                     if "token_auc" in value[n] else n for n in words})
        figures["pr"] = plots.curves("pr", words, {n: f"{n} (AP {_fmt(value[n]['token_ap'][at[n]], 3)})"
                                                   if "token_ap" in value[n] else n for n in words})
        figures["reliability"] = plots.reliability_diagram(
            section["reliability"], {n: f"{n} (ECE {_fmt(d['ece'], 3)})" for n, d in section["reliability"].items()})
    metric = settings["slice_metrics"][0]
    for key in ("task", "generator"):
        bars = {n: {s: _mean_and_std(list(v[metric].values())) for s, v in e["slices"][key].items()}
                for n, e in entries.items()}
        figures[key] = plots.slice_bars(bars, f"{metric} per {key} (mean and std over seeds)", metric)
    return {f"{feature_set}-{name}": png for name, png in figures.items()}


def _mean_and_std(values: list[float | None]) -> tuple[float | None, float | None]:
    summary = summarize(values)
    return summary["mean"], summary["std"]


# ---- rendering ---------------------------------------------------------------------------------------------

@dataclass
class _Table:
    header: list[str]
    rows: list[list[str]]


@dataclass
class _Figure:
    name: str
    caption: str


Block = tuple[str, str] | _Table | _Figure  # ("h1" / "h2" / "h3" / "p", text)


def _fmt(value: float | None, digits: int = 4) -> str:
    return "—" if value is None or (isinstance(value, float) and math.isnan(value)) else f"{value:.{digits}f}"


def _mean_std(summary: dict[str, Any], digits: int = 4) -> str:
    if summary["mean"] is None:
        return "—"
    return _fmt(summary["mean"], digits) + ("" if summary["std"] is None else f" ± {_fmt(summary['std'], digits)}")


def _p(value: float | None) -> str:
    return "—" if value is None else f"{value:.4g}"


def _seeds(seeds: Sequence[int]) -> str:
    return f"{len(seeds)} ({min(seeds)}–{max(seeds)})" if len(seeds) > 1 else str(seeds[0])


def _document(results: dict[str, Any], figures: dict[str, bytes]) -> list[Block]:
    """The report as headings, paragraphs, tables and figures."""
    settings, runs, wall = results["settings"], results["runs"], results["wall"]
    metrics = settings["metrics"]
    blocks: list[Block] = [("h1", f"halluseq report: {Path(results['source']).resolve().name}")]
    blocks.append(("p", f"Source: `{results['source']}` ({results['kind']}); {runs['done']} of {runs['planned']} "
                        f"runs done. Total wall time {_fmt(wall['total_seconds'], 1)} s over {wall['sessions']} "
                        f"session(s)" + (f", {wall['unfinished_sessions']} session(s) killed before their end "
                                         "record" if wall["unfinished_sessions"] else "")
                        + (f"; runs trained {'/'.join(map(str, wall['workers']))} at a time, their own wall times "
                           f"sum to {_fmt(wall['run_seconds'], 1)} s" if "workers" in wall else "") + "."))
    if runs["missing"]:
        blocks.append(("p", f"Missing runs ({len(runs['missing'])}): " + ", ".join(runs["missing"][:12])
                       + (", ..." if len(runs["missing"]) > 12 else "")))
    blocks.append(("p", "Token metrics are pooled over every word of the out-of-fold test predictions; `token_f1` "
                        "flags words above 0.5, `token_f1_tuned`, example, span and onset metrics use the threshold "
                        "tuned on each fold's validation part (max F1). Onsets (first words of gold and of flagged "
                        "runs, hallucinated answers only): `onset_f1_kK` matches them one-to-one at most K words "
                        "apart; `early_detection` is the share of gold spans flagged at their first word. ECE: token "
                        "level, "
                        f"{settings['calibration_bins']} equal-width bins, count-weighted. `A:softmax` is model A's "
                        "softmax-over-emissions scoring; a CRF without suffix is scored by its marginals."))
    for feature_set, section in results["feature_sets"].items():
        blocks += _feature_set_blocks(feature_set, section, figures, settings)
    if results["lomo"]:
        blocks.append(("h2", "Leave-one-generator-out"))
        blocks.append(("p", "Each generator is removed from training and validation and is the only test data; "
                            "in-distribution = the same model and seed under the main protocol, on that generator's "
                            "responses; drop = in-distribution − LOMO (mean ± std over seeds). Sources answered by "
                            "several generators can reach training through another generator's answer."))
        for feature_set, section in results["lomo"].items():
            for metric in settings["slice_metrics"]:
                rows = []
                for name, entry in section.items():
                    for generator, values in entry["metrics"][metric].items():
                        rows.append([name, generator if generator != "mean" else "**mean**",
                                     _mean_std(values["in_distribution"]), _mean_std(values["lomo"]),
                                     _mean_std(values["drop"])])
                blocks.append(("h3", f"{metric}, features {feature_set}"))
                blocks.append(_Table(["entry", "held-out generator", "in-distribution", "LOMO", "drop"], rows))
    if results["lodo"]:
        blocks += _lodo_blocks(results, figures)
    if results["transfer"]:
        blocks.append(("h2", "Cross-dataset transfer"))
        blocks.append(("p", "Trained, validated (early stopping, threshold) and standardized on the training dataset "
                            "only; tested zero-shot on the other (mean ± std over seeds)."))
        for pair, per_set in results["transfer"].items():
            for feature_set, section in per_set.items():
                blocks.append(("h3", f"{pair}, features {feature_set}"))
                blocks.append(_Table(["entry", "seeds"] + metrics,
                                     [[name, _seeds(e["seeds"])] + [_mean_std(e["summary"][m]) for m in metrics]
                                      for name, e in section["entries"].items()]))
    if "baseline" in results:
        blocks += _baseline_blocks(results["baseline"])
    rows = [[f"{feature_set}", name, _mean_std(e["wall_summary"], 1)]
            for feature_set, section in results["feature_sets"].items() for name, e in section["entries"].items()
            if e["variant"] == "prob"]
    if rows:
        blocks += [("h2", "Wall time"), _Table(["features", "model", "seconds per run (main protocol)"], rows)]
    return blocks


def _lodo_blocks(results: dict[str, Any], figures: dict[str, bytes]) -> list[Block]:
    settings = results["settings"]
    baseline = settings.get("lodo_baseline")
    blocks: list[Block] = [("h2", "Leave-one-dataset-out"), ("p", (
        "Each dataset is held out in turn: the model trains (and validates, standardizes, tunes its threshold) on "
        "every other source, without any example that shares a document with the held-out one (synthetic data "
        "made from its contexts included), and is tested zero-shot on it. "
        + (f"Baseline: the same model trained on one dataset only (transfer pair `{baseline}`), tested on the same "
           "data. " if baseline else "No baseline transfer pair is configured. ")
        + "Mean ± std over seeds; token metrics pooled over the held-out dataset's words."))]
    for feature_set, section in results["lodo"].items():
        for name, entry in section["entries"].items():
            header = ["held-out dataset"] + [f"{m} {kind}" for m in settings["lodo_metrics"]
                                             for kind in ("LODO", "baseline")]
            rows = [[dataset] + [_mean_std(values[m][kind]) for m in settings["lodo_metrics"]
                                 for kind in ("lodo", "baseline")]
                    for dataset, values in entry["datasets"].items()]
            blocks += [("h3", f"{name}, features {feature_set} (seeds {_seeds(entry['seeds'])})"),
                       _Table(header, rows)]
        if f"{feature_set}-lodo-length" in figures:
            blocks.append(_Figure(f"{feature_set}-lodo-length",
                                  f"Response score and flagged share by answer length on the held-out datasets "
                                  f"(seed {section['seeds']}; faithful answers dashed, hallucinated solid)"))
    return blocks


def _feature_set_blocks(feature_set: str, section: dict[str, Any], figures: dict[str, bytes],
                        settings: dict[str, Any]) -> list[Block]:
    metrics, entries = settings["metrics"], section["entries"]
    blocks: list[Block] = [("h2", f"Features: {feature_set}"), ("h3", "Metrics (mean ± std over seeds)")]
    blocks.append(_Table(["entry", "seeds"] + metrics,
                         [[name, _seeds(e["seeds"])] + [_mean_std(e["summary"][m]) for m in metrics]
                          for name, e in entries.items()]))
    fixed = [name for name, e in entries.items()
             if any(s["n"] >= 2 for s in e["summary"].values())
             and all(s["deterministic"] or s["n"] < 2 for s in e["summary"].values())]
    if fixed:
        blocks.append(("p", f"Deterministic across seeds (std 0 on every metric): {', '.join(fixed)}. Their seed "
                            "spread says nothing about uncertainty; see the bootstrap intervals."))
    blocks.append(("h3", "Threshold chosen on validation (max F1), applied on test"))
    blocks.append(_Table(["entry", "threshold (folds × seeds)", "token_f1 at 0.5", "token_f1 at threshold"],
                         [[name, _mean_std(e["threshold_summary"], 3), _mean_std(e["summary"]["token_f1"])
                           if "token_f1" in e["summary"] else "—", _mean_std(e["summary"]["token_f1_tuned"])
                           if "token_f1_tuned" in e["summary"] else "—"] for name, e in entries.items()]))
    if section["wilcoxon"]:
        blocks.append(("h3", "Paired Wilcoxon signed-rank tests by seed (two-sided, exact)"))
        blocks.append(_Table(["A", "B", "metric", "n", "mean A − B", "W", "p", "note"],
                             [[t["a"], t["b"], t["metric"], str(t["nonzero"]), _fmt(t["mean_difference"]),
                               _fmt(t["statistic"], 1), _p(t["p_value"]), t["note"]] for t in section["wilcoxon"]]))
    if "bootstrap" in section:
        boot = section["bootstrap"]
        names = settings["bootstrap"]["metrics"]
        blocks.append(("h3", f"Bootstrap {round(boot['confidence'] * 100)}% intervals (seed {boot['seed']}, "
                             f"{boot['samples']} resamples of source groups)"))

        def cell(value: float | None, interval: dict[str, Any]) -> str:
            return f"{_fmt(value)} [{_fmt(interval['low'])}, {_fmt(interval['high'])}]"

        rows = []
        for name, intervals in boot["entries"].items():
            at = entries[name]["seeds"].index(boot["seed"])
            rows.append([name] + [cell(entries[name]["per_seed"][m][at] if m in entries[name]["per_seed"] else None,
                                       intervals[m]) for m in names])
        for item in boot["differences"]:
            rows.append([f"{item['a']} − {item['b']}"] + [cell(item["difference"].get(m), item["intervals"][m])
                                                          for m in names])
        blocks.append(_Table(["entry"] + names, rows))
    captions = {"seeds": "Per-seed values (box over seeds, points = seeds)",
                "roc": f"ROC curves, pooled out-of-fold predictions of seed {section['curve_seed']}",
                "pr": f"Precision-recall curves, pooled out-of-fold predictions of seed {section['curve_seed']}",
                "reliability": f"Reliability diagram, seed {section['curve_seed']}",
                "task": "Per task", "generator": "Per generator"}
    blocks += [_Figure(f"{feature_set}-{key}", caption) for key, caption in captions.items()
               if f"{feature_set}-{key}" in figures]
    return blocks


def render_markdown(blocks: Sequence[Block]) -> str:
    """Markdown; figures link ``figures/<name>.png``."""
    lines = []
    for block in blocks:
        if isinstance(block, _Table):
            lines += ["| " + " | ".join(block.header) + " |", "|" + "---|" * len(block.header)]
            lines += ["| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |" for row in block.rows]
        elif isinstance(block, _Figure):
            lines.append(f"![{block.caption}](figures/{block.name}.png)")
        else:
            kind, text = block
            lines.append({"h1": "# ", "h2": "## ", "h3": "### ", "p": ""}[kind] + text)
        lines.append("")
    return "\n".join(lines)


def render_html(blocks: Sequence[Block], figures: dict[str, bytes]) -> str:
    """One self-contained HTML page: figures are base64 PNG data URIs."""
    body = []
    for block in blocks:
        if isinstance(block, _Table):
            head = "".join(f"<th>{html.escape(h)}</th>" for h in block.header)
            rows = "".join("<tr>" + "".join(f"<td>{_inline(c)}</td>" for c in row) + "</tr>" for row in block.rows)
            body.append(f"<table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>")
        elif isinstance(block, _Figure):
            data = base64.b64encode(figures[block.name]).decode("ascii")
            body.append(f'<figure><img alt="{html.escape(block.caption)}" src="data:image/png;base64,{data}">'
                        f"<figcaption>{html.escape(block.caption)}</figcaption></figure>")
        else:
            kind, text = block
            body.append(f"<{kind}>{_inline(text)}</{kind}>")
    style = ("body{font-family:sans-serif;max-width:1200px;margin:2em auto;padding:0 1em}"
             "table{border-collapse:collapse;margin:1em 0;font-size:90%}"
             "td,th{border:1px solid #ccc;padding:3px 8px;text-align:left}th{background:#f3f3f3}"
             "img{max-width:100%}figcaption{color:#555;font-size:90%}")
    return (f"<!doctype html>\n<html><head><meta charset='utf-8'><title>halluseq report</title>"
            f"<style>{style}</style></head><body>\n" + "\n".join(body) + "\n</body></html>\n")


def _inline(text: str) -> str:
    """Escaped text with Markdown's `code` and **bold** spans as HTML."""
    out = html.escape(text)
    for mark, tag in (("`", "code"), ("**", "b")):
        parts = out.split(mark)
        out = "".join(part if i % 2 == 0 else f"<{tag}>{part}</{tag}>" for i, part in enumerate(parts))
    return out


def _json_safe(value: Any) -> Any:
    """NaN and infinities as null (strict JSON)."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {str(k): _json_safe(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_json_safe(v) for v in value]
    return value


def beside_baseline(results: dict[str, Any], baseline: dict[str, Any]) -> dict[str, Any]:
    """Per feature set, entry and metric that both reports hold: the baseline's and these means and stds over seeds,
    the difference, and that difference in baseline seed-stds. ``method_change`` marks a mean that moved by more than
    one baseline std (any move where the baseline was the same on every seed); a speed change must not move a mean
that far. Wall times of both."""
    metrics = [m for m in results["settings"]["metrics"] if m in baseline["settings"]["metrics"]]
    sets: dict[str, Any] = {}
    for feature_set, section in results["feature_sets"].items():
        before = baseline["feature_sets"].get(feature_set, {}).get("entries", {})
        rows: dict[str, Any] = {}
        for name, entry in section["entries"].items():
            if name not in before:
                continue
            rows[name] = {}
            for metric in metrics:
                old, new = before[name]["summary"][metric], entry["summary"][metric]
                difference = _difference(new["mean"], old["mean"])
                # a model the same on every seed has a std of float noise (1e-17): no difference "in stds" then
                in_stds = difference / old["std"] if difference is not None and old["std"] and not old.get(
                    "deterministic") else None
                rows[name][metric] = {"baseline": {k: old[k] for k in ("n", "mean", "std")},
                                      "this": {k: new[k] for k in ("n", "mean", "std")},
                                      "difference": difference, "in_baseline_stds": in_stds,
                                      "method_change": difference is not None and old["std"] is not None
                                      and abs(difference) > old["std"]}
        if rows:
            sets[feature_set] = rows
    return {"source": baseline["source"], "metrics": metrics, "feature_sets": sets,
            "wall_seconds": {"baseline": baseline["wall"]["total_seconds"], "this": results["wall"]["total_seconds"]}}


def _baseline_blocks(comparison: dict[str, Any]) -> list[Block]:
    wall = comparison["wall_seconds"]
    blocks: list[Block] = [("h2", "Beside a baseline"), ("p", (
        f"Baseline: `{comparison['file']}` (report of `{comparison['source']}`), wall time "
        f"{_fmt(wall['baseline'], 1)} s; this one {_fmt(wall['this'], 1)} s. Means ± stds over seeds; difference = "
        "this − baseline, also in baseline seed-stds. **method change**: a mean moved by more than one baseline std."))]
    for feature_set, rows in comparison["feature_sets"].items():
        table = []
        for name, per_metric in rows.items():
            for metric, row in per_metric.items():
                table.append([name, metric, _mean_std(row["baseline"]), _mean_std(row["this"]),
                              _fmt(row["difference"]), _fmt(row["in_baseline_stds"], 2),
                              "**method change**" if row["method_change"] else ""])
        blocks += [("h3", f"Features {feature_set}"),
                   _Table(["entry", "metric", "baseline", "this", "difference", "in baseline stds", "note"], table)]
    return blocks


def read_baseline(path: str | Path) -> tuple[Path, dict[str, Any]]:
    """A baseline report's results.json (``path``: the file or the report folder holding it)."""
    path = Path(path)
    file = path / "results.json" if path.is_dir() else path
    if not file.is_file():
        raise ValueError(f"baseline {path}: no results.json there (write one with halluseq report)")
    return file, json.loads(file.read_text(encoding="utf-8"))


def write_report(source: str | Path, progress: bool = True, baseline: str | Path | None = None) -> dict[str, Path]:
    """Write report.md, figures/*.png, report.html and results.json into ``source``; return their paths. With
    ``baseline`` (an earlier report's results.json or folder), a section sets every mean beside the baseline's."""
    source = Path(source)
    results, figures = build_results(source, progress)
    if baseline is not None:
        file, before = read_baseline(baseline)
        shown = os.path.relpath(file) if file.is_absolute() else str(file)  # as given, never a machine's own path
        results["baseline"] = beside_baseline(results, before) | {"file": shown}
    blocks = _document(results, figures)
    paths = {"markdown": source / "report.md", "html": source / "report.html", "json": source / "results.json"}
    for name, png in figures.items():
        atomic_write(source / "figures" / f"{name}.png", lambda tmp, png=png: Path(tmp).write_bytes(png))
    texts = {"markdown": render_markdown(blocks), "html": render_html(blocks, figures),
             "json": json.dumps(_json_safe(results), indent=2, allow_nan=False)}
    for key, text in texts.items():
        atomic_write(paths[key], lambda tmp, text=text: Path(tmp).write_text(text, encoding="utf-8"))
    return paths
