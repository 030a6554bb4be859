"""Extraction time of feature families over a dataset through the feature store (which caches them).

    .venv/bin/python benchmarks/feature_extraction.py --families nli,support [--data ../shared/data/ragtruth_partial]

Per family: wall seconds, examples and words per second, and how many chunks were cached before the run
(a timing means something only when that is 0). Writes benchmarks/results/features_<families>.json.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import time
from pathlib import Path

import torch

from halluseq.data import load
from halluseq.features.base import build
from halluseq.features.store import FeatureStore
from halluseq.paths import cache_dir

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--families", required=True, help="comma-separated family names (default options)")
    parser.add_argument("--data", default=str(ROOT.parent / "shared" / "data" / "ragtruth_partial"))
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    names = args.families.split(",")
    examples, _ = load(args.data)
    words = sum(e.n_words for e in examples)
    store = FeatureStore(cache_dir() / "features")
    results: dict[str, object] = {
        "machine": {"platform": platform.platform(), "cpus": os.cpu_count(), "torch": torch.__version__},
        "data": os.path.relpath(args.data, ROOT), "examples": len(examples), "words": words, "families": {}}
    for name in names:
        family = build(name)
        cached_before = store.cached_examples(family, examples)
        started = time.perf_counter()
        store.features(family, examples, progress=True)
        seconds = time.perf_counter() - started
        results["families"][name] = {"config": family.config, "seconds": seconds,
                                     "examples_per_second": len(examples) / seconds,
                                     "words_per_second": words / seconds,
                                     "examples_cached_before": cached_before}
    out = args.out or ROOT / "benchmarks" / "results" / f"features_{'_'.join(names)}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(results, indent=2), encoding="utf-8")
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
