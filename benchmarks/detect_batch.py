"""Throughput of `detect-batch` and single-answer latency of a bundled detector on RAGTruth partial.

    .venv/bin/python benchmarks/detect_batch.py [--model default] [--data ../shared/data/ragtruth_partial]
        [--limit N] [--latency-sample 100]
    .venv/bin/python benchmarks/detect_batch.py --model full --limit 64 --latency-sample 16

Writes benchmarks/results/detect_batch.json (detect_batch_<model>.json for another model): records scored /
skipped, batch wall time and throughput (answers and words per second), and the median / p90 latency of one
`Detector.predict` call. ``--limit`` scores the first N answers that have a context (written to a JSONL file).
Latency is timed on a freshly loaded detector, one answer per source (a detector remembers the passes of answers
and contexts it has seen, which would make a second look at the batch's answers, or at a context, cheap).
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
from answers import by_source, per_source

from halluseq.batch import detect_file
from halluseq.data import load
from halluseq.detector import Detector

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", default=str(ROOT.parent / "shared" / "data" / "ragtruth_partial"))
    parser.add_argument("--model", default="default", help="a bundled detector name or a detector folder")
    parser.add_argument("--limit", type=int, help="score only the first N answers")
    parser.add_argument("--latency-sample", type=int, default=100)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    if args.limit is not None and args.limit < 1:
        parser.error("--limit must be at least 1")
    name = "detect_batch" if args.model == "default" else f"detect_batch_{Path(args.model).name}"
    out = args.out or ROOT / "benchmarks" / "results" / f"{name}.json"
    detector = Detector.from_pretrained(args.model)
    examples, _ = load(args.data)
    firsts = per_source(by_source(examples), 1)
    with tempfile.TemporaryDirectory() as tmp:
        source = args.data
        if args.limit is not None:
            examples = examples[:args.limit]
            source = Path(tmp) / "sample.jsonl"
            source.write_text("".join(json.dumps({"id": e.id, "context": e.context, "question": e.question,
                                                  "response": e.answer}) + "\n" for e in examples), encoding="utf-8")
        summary = detect_file(detector, source, Path(tmp) / "out.jsonl", progress=False)
    words = sum(e.n_words for e in examples)
    latencies = []
    fresh = Detector.from_pretrained(args.model)
    for example in firsts[: args.latency_sample]:
        started = time.perf_counter()
        fresh.predict(example.context, example.answer, example.question)
        latencies.append(time.perf_counter() - started)
    latencies.sort()
    results = {
        "machine": {"platform": platform.platform(), "cpus": os.cpu_count(), "torch_threads": torch.get_num_threads()},
        "model": args.model,
        "data": os.path.relpath(args.data, ROOT),  # no absolute paths of this machine in the result
        "limit": args.limit,
        "batch": {**{k: v for k, v in summary.items() if k not in ("input", "output")},
                  "answers_per_second": summary["scored"] / summary["seconds"],
                  "words_per_second": words / summary["seconds"]},
        "latency": {"sample": len(latencies), "median_seconds": statistics.median(latencies),
                    "p90_seconds": latencies[int(0.9 * (len(latencies) - 1))]},
    }
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(results, indent=2), encoding="utf-8")
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
