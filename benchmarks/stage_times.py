"""Where a bundled detector's time goes: seconds per answer of each feature family and of the claims' evidence.

    .venv/bin/python benchmarks/stage_times.py [--model full] [--answers 16] [--answers-per-context 1]

Scores ``--answers`` RAGTruth-QA answers one at a time (``Detector.predict``) with a freshly loaded detector,
``--answers-per-context`` of each source (default one: unrelated answers), and times every feature family's
``extract`` and the evidence finder (the NLI pairs that quote context sentences in claims); ``other`` is the rest
(sequence model, claims, result). Writes ``benchmarks/results/stage_times_<model>.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from answers import by_source, per_source

from halluseq.data import load
from halluseq.detector import Detector

ROOT = Path(__file__).resolve().parents[1]


def timing(stage: str, run: Callable[..., Any], seconds: dict[str, float]) -> Callable[..., Any]:
    """``run`` adding its wall time to ``seconds[stage]``."""
    def timed(*args: Any, **kwargs: Any) -> Any:
        started = time.perf_counter()
        try:
            return run(*args, **kwargs)
        finally:
            seconds[stage] = seconds.get(stage, 0.0) + time.perf_counter() - started
    return timed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", default=str(ROOT.parent / "shared" / "data" / "ragtruth_partial"))
    parser.add_argument("--model", default="full")
    parser.add_argument("--answers", type=int, default=16)
    parser.add_argument("--answers-per-context", type=int, default=1)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    out = args.out or ROOT / "benchmarks" / "results" / f"stage_times_{Path(args.model).name}.json"
    pool = per_source(by_source(load(args.data)[0]), args.answers_per_context)
    chosen, warm = pool[:args.answers], pool[args.answers:args.answers + 1]
    detector = Detector.from_pretrained(args.model)
    detector.predict_batch([{"context": e.context, "answer": e.answer, "question": e.question} for e in warm])
    seconds: dict[str, float] = {}
    for extractor in detector.pipeline.extractors:
        extractor.extract = timing(extractor.name, extractor.extract, seconds)
    if detector._evidence is not None:
        detector._evidence.find = timing("evidence", detector._evidence.find, seconds)
    started = time.perf_counter()
    for example in chosen:
        detector.predict(example.context, example.answer, example.question)
    total = time.perf_counter() - started
    per_answer = {stage: value / len(chosen) for stage, value in seconds.items()}
    per_answer["other"] = total / len(chosen) - sum(per_answer.values())
    results = {
        "machine": {"platform": platform.platform(), "cpus": os.cpu_count()},
        "model": args.model, "data": os.path.relpath(args.data, ROOT), "answers": len(chosen),
        "answers_per_context": args.answers_per_context,
        "words_per_answer": sum(e.n_words for e in chosen) / len(chosen),
        "seconds_per_answer": total / len(chosen), "seconds_per_answer_by_stage": per_answer,
        "share_by_stage": {stage: value / (total / len(chosen)) for stage, value in per_answer.items()},
    }
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(results, indent=2), encoding="utf-8")
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
