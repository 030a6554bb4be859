"""Batched scoring with wildly mixed answer lengths must cost about what scoring each answer alone costs.

    .venv/bin/python benchmarks/mixed_lengths.py [--model default] [--hostile 1000] [--rounds 2]

Three cases against one short context: (1) 32 answers, 4 of them 5,000-20,000 words and 28 one sentence; (2) 32
answers of 1, 100, 1,000 and 10,000 words, 8 of each, shuffled; (3) ``--hostile`` generated hostile inputs
(control characters, RTL marks, emoji, 2% answers of 5,000-20,000 words). Each is scored by
``Detector.predict_batch`` and by ``Detector.predict`` one by one, in ``--rounds`` rounds whose order alternates
(batch first, then one by one first: whichever path runs second finds the caches of word forms the first one
filled); the result holds each path's wall time summed over the rounds, per round, their ratio, the largest
probability difference between the two paths and the inputs that raised (crashes). Writes
``benchmarks/results/mixed_lengths_<model>.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import sys
import time
from pathlib import Path
from typing import Any

from halluseq.detector import Detector

ROOT = Path(__file__).resolve().parents[1]
CONTEXT = "The Eiffel Tower is 330 metres tall. It was completed in 1889 in Paris for the World's Fair."
PIECES = ["tower", "1925,", "Paris.", "\u202e", "\x07", "e\u0301", "\U0001F469\u200d\U0001F467", "London", "330",
          "metres", "tall.", "\u200b", "{\"a\": 1}", "was", "built"]


def long_answer(rng: random.Random, words: int) -> str:
    return " ".join(rng.choice(PIECES) for _ in range(words))


def cases(hostile: int, seed: int = 0) -> dict[str, list[dict[str, Any]]]:
    rng = random.Random(seed)
    mixed = [{"context": CONTEXT, "answer": long_answer(rng, n)} for n in (5000, 9000, 14000, 20000)]
    mixed += [{"context": CONTEXT, "answer": "The tower was finished in 1925 in Paris."}] * 28
    ladder = [{"context": CONTEXT, "answer": long_answer(rng, n)} for n in (1, 100, 1000, 10000) for _ in range(8)]
    rng.shuffle(ladder)
    generated = []
    for _ in range(hostile):
        words = rng.randint(5000, 20000) if rng.random() < 0.02 else rng.randint(0, 40)
        generated.append({"context": CONTEXT if rng.random() < 0.9 else long_answer(rng, 50),
                          "answer": long_answer(rng, words)})
    return {"mixed_32": mixed, "ladder_1_100_1000_10000": ladder, f"hostile_{hostile}": generated}


def score_alone(detector: Detector, items: list[dict[str, Any]]) -> tuple[list[Any], list[str]]:
    """Each item through ``Detector.predict``, and the inputs that raised (a crash is a result here, counted and
    named)."""
    alone, crashes = [], []
    for index, item in enumerate(items):
        try:
            alone.append(detector.predict(**item))
        except Exception as error:
            crashes.append(f"{index}: {type(error).__name__}: {error}")
    return alone, crashes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--model", default="default")
    parser.add_argument("--hostile", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=2, help="timed rounds per case, alternating which path "
                                                               "runs first (times summed)")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    out = args.out or ROOT / "benchmarks" / "results" / f"mixed_lengths_{Path(args.model).name}.json"
    detector = Detector.from_pretrained(args.model)
    detector.predict(CONTEXT, "Warm up the models.")
    results: dict[str, Any] = {"machine": {"platform": platform.platform(), "cpus": os.cpu_count()},
                               "command": "python benchmarks/mixed_lengths.py " + " ".join(sys.argv[1:]),
                               "model": args.model, "rounds": args.rounds}
    for name, items in cases(args.hostile).items():
        seconds: dict[str, list[float]] = {"batch": [], "alone": []}
        for round_number in range(args.rounds):
            for path in ("batch", "alone") if round_number % 2 == 0 else ("alone", "batch"):
                started = time.perf_counter()
                if path == "batch":
                    batch = detector.predict_batch(items)
                else:
                    alone, crashes = score_alone(detector, items)
                seconds[path].append(time.perf_counter() - started)
        gap = max((abs(a.prob - b.prob) for x, y in zip(batch, alone, strict=True)
                   for a, b in zip(x.words, y.words, strict=True)), default=0.0) if not crashes else float("nan")
        results[name] = {"answers": len(items), "words": sum(len(i["answer"].split()) for i in items),
                         "predict_batch_seconds": sum(seconds["batch"]),
                         "predict_one_by_one_seconds": sum(seconds["alone"]),
                         "batch_to_single_time_ratio": sum(seconds["batch"]) / sum(seconds["alone"]),
                         "per_round_seconds": seconds, "max_probability_difference": gap, "crashes": crashes}
        print(name, json.dumps(results[name]), flush=True)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(results, indent=2), encoding="utf-8")


if __name__ == "__main__":
    main()
