"""Does an answer score the same in a batch as alone? RAGTruth answers through ``predict_batch`` and ``predict``.

    .venv/bin/python benchmarks/batch_consistency.py [--model full] [--answers 40] [--label NAME]

Takes the first ``--answers`` RAGTruth answers in file order (several per source, as a service sees them), scores
them in one ``Detector.predict_batch`` call and one by one with ``Detector.predict``, and reports the largest word
probability difference between the two paths, how many answers differ by more than 1e-6 (the tolerance of
``benchmarks/serve_load.py``, whose micro-batches are such batches) and both wall times. Writes
``benchmarks/results/batch_consistency_<label>.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import time
from pathlib import Path

from halluseq.data import load
from halluseq.detector import Detector

ROOT = Path(__file__).resolve().parents[1]
TOLERANCE = 1e-6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--model", default="full")
    parser.add_argument("--answers", type=int, default=40)
    parser.add_argument("--data", default="../shared/data/ragtruth_partial")
    parser.add_argument("--label", help="name of the result file (default: the model's name)")
    args = parser.parse_args()
    label = args.label or Path(args.model).name
    examples = [e for e in load(args.data)[0] if e.context.strip() and e.n_words][:args.answers]
    items = [{"context": e.context, "answer": e.answer, "question": e.question} for e in examples]
    detector = Detector.from_pretrained(args.model)
    started = time.perf_counter()
    batch = detector.predict_batch(items)
    batch_seconds = time.perf_counter() - started
    started = time.perf_counter()
    alone = [detector.predict(**item) for item in items]
    alone_seconds = time.perf_counter() - started
    gaps = [max((abs(a.prob - b.prob) for a, b in zip(x.words, y.words, strict=True)), default=0.0)
            for x, y in zip(batch, alone, strict=True)]
    report = {"command": f"python benchmarks/batch_consistency.py --model {Path(args.model).name} "
                         f"--answers {args.answers} --label {label}",
              "machine": {"platform": platform.platform(), "cpus": os.cpu_count()}, "model": label,
              "answers": len(items), "max_probability_difference": max(gaps, default=0.0),
              f"answers_differing_by_more_than_{TOLERANCE:g}": sum(g > TOLERANCE for g in gaps),
              "answers_differing_at_all": sum(g > 0 for g in gaps),
              "predict_batch_seconds": batch_seconds, "predict_one_by_one_seconds": alone_seconds}
    print(json.dumps(report, indent=1))
    out = ROOT / "benchmarks" / "results" / f"batch_consistency_{label}.json"
    out.write_text(json.dumps(report, indent=2) + "\n")
    print(f"wrote {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
