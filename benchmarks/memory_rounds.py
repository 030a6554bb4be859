"""Resident memory of a long-running scorer: rounds of ``predict_batch`` on random batches, with and without
handing the heap's free pages back to the system after each round (what the service does after each batch).

    .venv/bin/python benchmarks/memory_rounds.py [--model full] [--rounds 10] [--answers 80]

Each variant runs in a fresh process: it loads the model, then scores ``--rounds`` random batches of 4 to 12 of
``--answers`` RAGTruth answers (the same batches in both variants) and records the resident set size after each.
Writes ``benchmarks/results/memory_rounds_<model>.json``: RSS per round and the growth from the first round to the
last, per variant.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import subprocess
import sys
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parents[1]
VARIANTS = ("plain", "release_free_memory")


def rounds(model: str, data: str, n_rounds: int, n_answers: int, release: bool) -> list[float]:
    """RSS in MiB after each round."""
    from halluseq import Detector
    from halluseq.data import load
    from halluseq.heap import release_free_memory

    examples, _ = load(data)
    items = [{"context": e.context, "answer": e.answer, "question": e.question}
             for e in examples if e.n_words > 0][:n_answers]
    detector = Detector.from_pretrained(model)
    process, rng, rss = psutil.Process(), random.Random(0), []
    for _ in range(n_rounds):
        detector.predict_batch(rng.sample(items, rng.randint(4, 12)))
        if release:
            release_free_memory()
        rss.append(process.memory_info().rss / 2**20)
    return rss


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--model", default="full")
    parser.add_argument("--data", default=str(ROOT.parent / "shared" / "data" / "ragtruth_partial"))
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--answers", type=int, default=80)
    parser.add_argument("--variant", choices=VARIANTS, help=argparse.SUPPRESS)  # one variant, in a child process
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    if args.variant:
        print(json.dumps(rounds(args.model, args.data, args.rounds, args.answers, args.variant != "plain")))
        return
    results: dict[str, object] = {"machine": {"platform": platform.platform(), "cpus": os.cpu_count()},
                                  "model": args.model, "data": os.path.relpath(args.data, ROOT),
                                  "rounds": args.rounds, "answers": args.answers, "variants": {}}
    for variant in VARIANTS:
        command = [sys.executable, __file__, "--model", args.model, "--data", args.data, "--rounds",
                   str(args.rounds), "--answers", str(args.answers), "--variant", variant]
        rss = json.loads(subprocess.run(command, capture_output=True, text=True, check=True).stdout.splitlines()[-1])
        results["variants"][variant] = {"rss_mb_after_each_round": rss, "growth_first_to_last": rss[-1] / rss[0] - 1}
        print(variant, [round(value) for value in rss], flush=True)
    out = args.out or ROOT / "benchmarks" / "results" / f"memory_rounds_{args.model}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(results, indent=2), encoding="utf-8")


if __name__ == "__main__":
    main()
