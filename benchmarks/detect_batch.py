"""Throughput of `detect-batch` and single-answer latency of the bundled detector on RAGTruth partial.

    .venv/bin/python benchmarks/detect_batch.py [--data ../shared/data/ragtruth_partial] [--latency-sample 100]

Writes benchmarks/results/detect_batch.json: records scored / skipped, batch wall time and throughput
(answers and words per second), and the median / p90 latency of one `Detector.predict` call.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import tempfile
import time
from pathlib import Path

import torch

from halluseq.batch import detect_file
from halluseq.data import load
from halluseq.detector import Detector

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", default=str(ROOT.parent / "shared" / "data" / "ragtruth_partial"))
    parser.add_argument("--latency-sample", type=int, default=100)
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "detect_batch.json")
    args = parser.parse_args()
    detector = Detector.from_pretrained()
    with tempfile.TemporaryDirectory() as tmp:
        summary = detect_file(detector, args.data, Path(tmp) / "out.jsonl", progress=False)
    examples, _ = load(args.data)
    words = sum(e.n_words for e in examples)
    latencies = []
    for example in examples[: args.latency_sample]:
        started = time.perf_counter()
        detector.predict(example.context, example.answer, example.question)
        latencies.append(time.perf_counter() - started)
    latencies.sort()
    results = {
        "machine": {"platform": platform.platform(), "cpus": os.cpu_count(), "torch_threads": torch.get_num_threads()},
        "data": args.data,
        "batch": {**summary, "answers_per_second": summary["scored"] / summary["seconds"],
                  "words_per_second": words / summary["seconds"]},
        "latency": {"sample": len(latencies), "median_seconds": statistics.median(latencies),
                    "p90_seconds": latencies[int(0.9 * (len(latencies) - 1))]},
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=2), encoding="utf-8")
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
