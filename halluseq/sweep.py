"""Seed sweeps (SPEC 5): models x seeds x feature sets under one protocol, plus leave-one-generator-out and
cross-dataset transfer runs; each run is a run folder written by :func:`halluseq.train.train`.

A run is done when its ``metrics.json`` exists (written last, atomically), so a killed sweep resumes by
skipping the done runs and retraining the others from scratch. ``sweep.json`` holds the sweep config and the
plan; ``sweep.log`` (JSON lines, append-only) records every start and finish with wall seconds.

Features are computed (or found in the store) once, before any training; runs then read them from the store.
Every run trains on one thread, so ``workers`` runs in parallel processes give the numbers of a serial sweep
(small recurrent models gain little from a second thread, a lot from a second process).
"""

from __future__ import annotations

import json
import multiprocessing
import re
import shutil
import signal
import time
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import closing, contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import yaml
from tqdm.auto import tqdm

from halluseq.data import Example
from halluseq.data.sources import check_sources, source_name
from halluseq.features import FeaturePipeline
from halluseq.features.pipeline import ABSTENTION, family_specs
from halluseq.files import atomic_write
from halluseq.train import cache_features, load_config, load_examples, merge, quiet_lightning, train

# model name -> the name tables and plots show (a sweep config may give its own)
DISPLAY_NAMES = {"bigru": "BiGRU", "bigru_crf": "BiGRU-CRF", "mlp": "MLP", "logreg": "LogReg",
                 "shuffled_bigru": "BiGRU-shuffled", "forward_gru": "GRU-forward", "backward_gru": "GRU-backward",
                 "cnn1d": "CNN1D"}

SWEEP_DEFAULTS: dict[str, Any] = {
    "out": "runs/sweep",
    "data": None,  # {path, format}: overrides every model config's data
    "protocol": None,  # overrides every model config's protocol (auto, official or cv)
    "training": {},  # overrides every model config's training settings
    "features": {},  # overrides every model config's feature settings but its families (undefined_on_abstentions,
    # kept per feature set to the families it reads: undefined_where_read)
    "seeds": list(range(10)),
    "feature_sets": [["text"]],
    "models": [],
    "lomo": None,  # {models?, seeds?, feature_sets?}: leave-one-generator-out runs
    "lodo": None,  # {data: [sources], datasets?, baseline?, models?, seeds?, feature_sets?}: leave-one-dataset-out
    "transfer": [],  # [{name?, train, test, models?, seeds?, feature_sets?}] (train / test: one source or a list)
    # lomo, lodo and each transfer pair may also hold `training`: overrides of that section's training settings
    "report": {},  # read by halluseq.report
    "workers": 1,  # runs trained at once, each in its own process (speed only: the numbers do not change)
}


def entry_name(model: str, variant: str) -> str:
    """The row name of a model's score variant: the model's name for ``prob``, ``model:variant`` otherwise."""
    return model if variant == "prob" else f"{model}:{variant}"


def slug(name: str) -> str:
    """A folder name for a display name."""
    return re.sub(r"[^A-Za-z0-9_.+-]+", "-", name).strip("-").lower() or "x"


def _data(value: str | dict[str, Any] | list[dict[str, Any]]) -> dict[str, Any] | list[dict[str, Any]]:
    """One source (a path or ``{path, format}``) or a list of sources (:mod:`halluseq.data.sources`)."""
    if isinstance(value, list):
        check_sources(value)
        return [dict(entry) for entry in value]
    spec = {"path": value} if isinstance(value, str) else dict(value)
    return {"path": str(spec["path"]), "format": spec.get("format", "auto")}


def load_sweep_config(path: str | Path | None = None, **overrides: Any) -> dict[str, Any]:
    """The sweep config: defaults <- YAML file <- non-None ``overrides``; models resolved and checked."""
    loaded = (yaml.safe_load(Path(path).read_text(encoding="utf-8")) or {}) if path else {}
    sweep = merge(SWEEP_DEFAULTS, loaded | {k: v for k, v in overrides.items() if v is not None})
    if isinstance(sweep["seeds"], int):
        sweep["seeds"] = list(range(sweep["seeds"]))
    if sweep["data"] is not None:
        sweep["data"] = _data(sweep["data"])
    if not isinstance(sweep["workers"], int) or sweep["workers"] < 1:
        raise ValueError(f"workers must be a whole number >= 1, got {sweep['workers']!r}")
    models = []
    for entry in sweep["models"]:
        entry = {"config": entry} if isinstance(entry, str) else dict(entry)
        model = load_config(entry["config"])["model"]["name"]
        models.append({"name": entry.get("name", DISPLAY_NAMES.get(model, model)), "config": str(entry["config"]),
                       "scores": list(entry.get("scores", ["prob"]))})
    if not models:
        raise ValueError("a sweep needs at least one model (models: [{name, config, scores?}])")
    for what, names in (("model", [m["name"] for m in models]),
                        ("transfer pair", [_pair_name(p) for p in sweep["transfer"]])):
        slugs = [slug(n) for n in names]
        if len(set(slugs)) < len(slugs):
            raise ValueError(f"{what} names must differ (as folder names): {names}")
    sweep["models"] = models
    sweep["transfer"] = [{**pair, "name": _pair_name(pair), "train": _data(pair["train"]), "test": _data(pair["test"])}
                         for pair in sweep["transfer"]]
    if sweep["lodo"] is not None:
        _check_lodo(sweep)
    return sweep


def _check_lodo(sweep: dict[str, Any]) -> None:
    lodo = sweep["lodo"]
    if not isinstance(lodo.get("data"), list):
        raise ValueError("lodo: 'data' must list the sources to hold out one at a time (halluseq.data.sources)")
    lodo["data"] = _data(lodo["data"])
    names = [source_name(entry) for entry in lodo["data"]]
    unknown = sorted(set(lodo.get("datasets") or []) - set(names))
    if unknown:
        raise ValueError(f"lodo: datasets {unknown} are not sources of lodo.data ({names})")
    pairs = [pair["name"] for pair in sweep["transfer"]]
    if lodo.get("baseline") is not None and lodo["baseline"] not in pairs:
        raise ValueError(f"lodo: baseline {lodo['baseline']!r} is not a transfer pair ({pairs})")


def data_name(data: dict[str, Any] | list[dict[str, Any]]) -> str:
    """A short name of a run's data: the file stem of one source, the source names joined by '+' for a list."""
    if isinstance(data, list):
        return "+".join(source_name(entry) for entry in data)
    return Path(data["path"]).stem


def pair_name(train: dict[str, Any] | list[dict[str, Any]], test: dict[str, Any] | list[dict[str, Any]]) -> str:
    """The default name of a transfer pair: ``<train name>-to-<test name>``."""
    return f"{data_name(train)}-to-{data_name(test)}"


def _pair_name(pair: dict[str, Any]) -> str:
    if "name" in pair:
        return str(pair["name"])
    if isinstance(pair["train"], list) or isinstance(pair["test"], list):
        raise ValueError("a transfer pair with a list of sources needs a 'name'")
    return pair_name(_data(pair["train"]), _data(pair["test"]))


def feature_set_name(families: list[str | dict[str, Any]]) -> str:
    """``text+nli``: the families' names (or their ``label``, which tells two backends of one family apart)."""
    return "+".join(f if isinstance(f, str) else f.get("label", f["name"]) for f in families)


@dataclass(frozen=True)
class Run:
    """One training run of a sweep; ``key`` is its folder relative to the sweep folder."""

    key: str
    kind: str  # main, lomo, lodo or transfer
    feature_set: str
    model: str  # display name
    scores: tuple[str, ...]  # score variants reported (entries model / model:variant)
    seed: int
    pair: str | None = None  # transfer pair name
    config: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "kind": self.kind, "feature_set": self.feature_set, "model": self.model,
                "scores": list(self.scores), "seed": self.seed, "pair": self.pair}


def _pick(values: list[Any], section: dict[str, Any], key: str, name: Callable[[Any], Any] = lambda v: v
          ) -> list[Any]:
    """``values`` limited to the names a section lists under ``key`` (all when it lists none)."""
    wanted = section.get(key)
    if wanted is None:
        return values
    known = [name(v) for v in values]
    unknown = [w for w in wanted if w not in known]
    if unknown:
        raise ValueError(f"{key} {unknown} not in the sweep's {key} {known}")
    return [v for v in values if name(v) in wanted]


def plan(sweep: dict[str, Any]) -> list[Run]:
    """Every run of the sweep, seed-major within each kind (a partial sweep already pairs models by seed)."""
    sections: list[tuple[str, str | None, dict[str, Any], dict[str, Any]]] = [("main", None, {}, {})]
    if sweep["lomo"] is not None:
        sections.append(("lomo", None, sweep["lomo"] or {}, {"protocol": {"name": "lomo"}}))
    if sweep["lodo"] is not None:
        lodo = sweep["lodo"]
        sections.append(("lodo", None, lodo, {"data": lodo["data"],
                                              "protocol": {"name": "lodo", "datasets": lodo.get("datasets")}}))
    for pair in sweep["transfer"]:
        sections.append(("transfer", pair["name"], pair,
                         {"data": pair["train"], "protocol": {"name": "transfer", "test": pair["test"]}}))
    runs = []
    for kind, pair, section, override in sections:
        for families in _pick(sweep["feature_sets"], section, "feature_sets", feature_set_name):
            for seed in _pick(sweep["seeds"], section, "seeds"):
                for model in _pick(sweep["models"], section, "models", lambda m: m["name"]):
                    config = load_config(model["config"], seed=seed, families=families)
                    shared = {k: sweep[k] for k in ("data", "protocol", "training", "features") if sweep[k]}
                    config = merge(merge(config, shared), override | {"training": section.get("training") or {}})
                    config["features"] = undefined_where_read(config["features"])
                    fs = feature_set_name(families)
                    parts = [kind] + ([slug(pair)] if pair else []) + [fs, slug(model["name"]), f"seed{seed}"]
                    runs.append(Run("/".join(parts), kind, fs, model["name"], tuple(model["scores"]), seed, pair,
                                    config))
    return runs


def undefined_where_read(features: dict[str, Any]) -> dict[str, Any]:
    """Feature settings whose ``undefined_on_abstentions`` keeps the families this feature set reads, and none where
    it lacks the ``abstention`` family: one sweep-level setting serves a ``[text]`` set beside the default's
    families."""
    undefined = features.get("undefined_on_abstentions")
    if not undefined:
        return features
    names = {spec["name"] for spec in family_specs(features["families"])}
    kept = [f for f in undefined if f in names] if ABSTENTION in names else []
    return {**features, "undefined_on_abstentions": kept}


def _log(out: Path, **event: Any) -> None:
    """Append one JSON line to ``sweep.log``."""
    event = {"time": datetime.now(UTC).isoformat(timespec="seconds"), **event}
    with (out / "sweep.log").open("a", encoding="utf-8") as log:
        log.write(json.dumps(event) + "\n")


def read_log(sweep_dir: str | Path) -> list[dict[str, Any]]:
    """The events of ``sweep.log`` (none when there is no log)."""
    path = Path(sweep_dir) / "sweep.log"
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def is_done(run_dir: Path) -> bool:
    return (run_dir / "metrics.json").exists()


def _check_done_run(run: Run, run_dir: Path, fingerprints: dict[str, dict[str, str]]) -> None:
    """A done run must have been trained with the planned config on the features the families give now (a changed
    sweep config or feature code is not resumed). ``fingerprints`` caches them per feature config within one check
    of a sweep (a model family's fingerprint hashes its weights)."""
    stored = yaml.safe_load((run_dir / "config.yaml").read_text(encoding="utf-8"))
    if stored != yaml.safe_load(yaml.safe_dump(run.config, sort_keys=False)):
        raise ValueError(f"{run_dir} was trained with another config than this sweep plans: "
                         "use another --out, or delete that run folder to retrain it")
    trained_on = json.loads((run_dir / "metrics.json").read_text(encoding="utf-8")).get("features")
    features = json.dumps(run.config["features"], sort_keys=True)
    if features not in fingerprints:
        fingerprints[features] = FeaturePipeline.from_config(run.config["features"]).fingerprints
    if trained_on != fingerprints[features]:
        raise ValueError(f"{run_dir} was trained on other features than its families give now (their code, version "
                         "or model changed, or the run predates feature fingerprints): use another --out, or delete "
                         "that run folder to retrain it")


def run_sweep(sweep: dict[str, Any], out: str | Path, progress: bool = True) -> dict[str, Any]:
    """Train every run of ``plan(sweep)`` not done yet under ``out`` (``sweep["workers"]`` at once); return
    counts and the wall time."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    runs = plan(sweep)
    done = [run for run in runs if is_done(out / run.key)]
    fingerprints: dict[str, dict[str, str]] = {}
    for run in done:
        _check_done_run(run, out / run.key, fingerprints)
    todo = [run for run in runs if not is_done(out / run.key)]
    atomic_write(out / "sweep.json", lambda tmp: Path(tmp).write_text(
        json.dumps({"config": sweep, "runs": [run.to_dict() for run in runs]}, indent=2), encoding="utf-8"))
    _log(out, event="sweep_start", runs=len(runs), done=len(done), todo=len(todo), workers=sweep["workers"])
    started, trained, status = time.perf_counter(), 0, "interrupted"
    try:
        loaded = _cache_features(todo, progress)
        with tqdm(total=len(todo), desc=f"sweep ({len(done)}/{len(runs)} done before)", unit="run",
                  disable=not progress) as bar:
            if sweep["workers"] == 1:
                for run in todo:
                    bar.set_postfix_str(run.key)
                    _train_run(run.key, run.config, out, loaded)
                    trained += 1
                    bar.update()
            else:
                with closing(_train_in_processes(todo, out, sweep["workers"])) as finished:
                    for key in finished:
                        trained += 1
                        bar.set_postfix_str(key)
                        bar.update()
        status = "finished"
    finally:
        wall = time.perf_counter() - started
        _log(out, event="sweep_end", status=status, trained=trained, skipped=len(done), wall_seconds=round(wall, 3))
    return {"runs": len(runs), "trained": trained, "skipped": len(done), "wall_seconds": wall}


def _dataset_key(config: dict[str, Any]) -> str:
    return json.dumps([config["data"], config["protocol"].get("test")], sort_keys=True)


def _cache_features(runs: list[Run], progress: bool) -> dict[str, list[Example]]:
    """Load each dataset (pair) once and compute every feature set the runs need into the store, before any
    training (with all the machine's threads); return the loaded examples by dataset key."""
    loaded: dict[str, list[Example]] = {}
    prepared: set[str] = set()
    for run in runs:
        key = _dataset_key(run.config)
        if key not in loaded:
            loaded[key] = load_examples(run.config)
        features = json.dumps([key, run.config["features"]], sort_keys=True)
        if features not in prepared:
            cache_features(run.config, loaded[key], progress)
            prepared.add(features)
    return loaded


@contextmanager
def single_threaded() -> Iterator[None]:
    """One torch and one BLAS thread (each run's numbers then do not depend on how many run at once)."""
    import torch
    from threadpoolctl import threadpool_limits

    threads, deterministic = torch.get_num_threads(), torch.are_deterministic_algorithms_enabled()
    torch.set_num_threads(1)
    try:
        with threadpool_limits(1):
            yield
    finally:
        torch.set_num_threads(threads)
        torch.use_deterministic_algorithms(deterministic)  # Lightning's deterministic=True sets it globally


def _train_run(key: str, config: dict[str, Any], out: Path, loaded: dict[str, list[Example]]) -> str:
    """Train one run into ``out/key`` from scratch, logging its start and finish; return its key."""
    run_dir = out / key
    shutil.rmtree(run_dir, ignore_errors=True)  # an unfinished run starts clean
    _log(out, event="run_start", run=key)
    begun = time.perf_counter()
    dataset = _dataset_key(config)
    if dataset not in loaded:
        loaded[dataset] = load_examples(config)
    with single_threaded():
        train(config, run_dir, progress=False, examples=loaded[dataset])
    _log(out, event="run_finish", run=key, wall_seconds=round(time.perf_counter() - begun, 3))
    return key


_WORKER_EXAMPLES: dict[str, list[Example]] = {}  # each worker process loads each dataset once


def _train_in_worker(key: str, config: dict[str, Any], out: Path) -> str:
    quiet_lightning()
    return _train_run(key, config, out, _WORKER_EXAMPLES)


def _ignore_interrupt() -> None:
    """Workers leave Ctrl-C to the parent, which stops them (Lightning would otherwise swallow it per run)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _stop_workers(pool: ProcessPoolExecutor) -> None:
    """End the worker processes now (their unfinished runs restart from scratch on resume)."""
    if hasattr(pool, "terminate_workers"):  # Python >= 3.14
        pool.terminate_workers()
        return
    for process in list((pool._processes or {}).values()):
        process.terminate()
    pool.shutdown(wait=True, cancel_futures=True)


def _train_in_processes(runs: list[Run], out: Path, workers: int) -> Iterator[str]:
    """Train ``runs`` in ``workers`` fresh processes (spawned: no OpenMP state forked), at most ``workers`` runs
    submitted at a time, yielding each key as it finishes. A failure or an interrupt stops the workers at once
    and is raised."""
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"),
                               initializer=_ignore_interrupt)
    queue = iter(runs)
    pending: set[Future[str]] = set()

    def submit_next() -> None:
        run = next(queue, None)
        if run is not None:
            pending.add(pool.submit(_train_in_worker, run.key, run.config, out))

    try:
        for _ in range(workers):
            submit_next()
        while pending:
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            pending.difference_update(finished)
            for future in finished:
                key = future.result()
                submit_next()
                yield key
    except BaseException:
        _stop_workers(pool)
        raise
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
