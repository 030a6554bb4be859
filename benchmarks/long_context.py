"""A 50-page context: does a detector still find the one sentence an answer draws on, wherever it sits?

    .venv/bin/python benchmarks/long_context.py [--model full] [--words 25000]

Builds a context of about ``--words`` words from distinct SummEdits documents (unrelated to the answer) with one
made-up fact inserted near the start, in the middle or at the end, and scores two one-line answers against each:
the fact restated (faithful) and the fact with its year changed. Writes
``benchmarks/results/long_context_<model>.json``: per position and answer, the response score, whether it is
flagged, the flagged words and the seconds ``Detector.predict`` took (the contexts share all but one sentence, so
from the second answer on the remembered context-sentence embeddings of ``support`` are reused).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import time
from pathlib import Path

from halluseq.data import load
from halluseq.detector import Detector

ROOT = Path(__file__).resolve().parent.parent
FACT = "The Halvorsen Bridge over the Tarn River was opened to traffic in 1931 by Mayor Edith Lund."
ANSWERS = {"faithful": "The Halvorsen Bridge was opened to traffic in 1931 by Mayor Edith Lund.",
           "wrong year": "The Halvorsen Bridge was opened to traffic in 1953 by Mayor Edith Lund."}


def filler_documents(path: str, words: int, seed: int = 0) -> list[str]:
    """Distinct contexts of ``path`` in a seeded order, until they hold ``words`` words."""
    examples = load(path)[0]
    random.Random(seed).shuffle(examples)
    documents: list[str] = []
    seen: set[str] = set()
    for example in examples:
        if example.context in seen:
            continue
        seen.add(example.context)
        documents.append(example.context)
        if sum(len(d.split()) for d in documents) >= words:
            break
    return documents


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", default=str(ROOT.parent / "shared" / "data" / "spans" / "summedits.jsonl"))
    parser.add_argument("--model", default="full")
    parser.add_argument("--words", type=int, default=25_000)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    out = args.out or ROOT / "benchmarks" / "results" / f"long_context_{Path(args.model).name}.json"
    documents = filler_documents(args.data, args.words)
    detector = Detector.from_pretrained(args.model)
    detector.predict("The bridge opened in 1931.", "The bridge opened in 1931.")  # warm-up: model loading untimed
    rows = []
    for position, index in (("start", 1), ("middle", len(documents) // 2), ("end", len(documents))):
        context = "\n\n".join(documents[:index] + [FACT] + documents[index:])
        for name, answer in ANSWERS.items():
            started = time.perf_counter()
            result = detector.predict(context, answer)
            rows.append({"fact_at": position, "answer": name, "context_words": len(context.split()),
                         "score": result.score, "hallucinated": result.hallucinated,
                         "flagged_words": [w.text for w in result.words if w.prob >= detector.threshold],
                         "seconds": time.perf_counter() - started})
            print(json.dumps(rows[-1]), flush=True)
    results = {"machine": {"platform": platform.platform(), "cpus": os.cpu_count()}, "model": args.model,
               "data": os.path.relpath(args.data, ROOT), "threshold": detector.threshold, "fact": FACT,
               "answers": ANSWERS, "results": rows}
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(results, indent=2), encoding="utf-8")


if __name__ == "__main__":
    main()
