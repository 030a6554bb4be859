"""How much a very long answer's word probabilities change when the sequence model reads it in windows.

    .venv/bin/python benchmarks/labeler_reach.py [--model default] [--sources 120] [--margins 0 50 100 250 500]

Builds one long answer from real RAGTruth-QA answers (the first answer of each of ``--sources`` sources, joined; their
contexts joined as its context: a multi-document report), extracts its features once, and has the detector's
sequence model read it whole and in windows (``halluseq.models.reach``: cores of ``--window`` words, each margin of
``--margins``). Per margin: max and mean absolute difference of the word probabilities from the whole read, words
whose verdict at the detector's threshold differs, token AUC against the answers' gold spans (RAGTruth: trained on by
every bundled detector, so this compares the two reads, not the detector), and seconds.
Writes ``benchmarks/results/labeler_reach_<model>.json``.
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
from answers import by_source, per_source
from sklearn.metrics import roc_auc_score

from halluseq.data import load
from halluseq.data.example import Example
from halluseq.detector import Detector
from halluseq.features.lm_scoring import torch_threads
from halluseq.models.reach import DEFAULT_REACH, Reach

ROOT = Path(__file__).resolve().parents[1]
SEPARATOR = "\n\n"


def joined(examples: list[Example]) -> Example:
    """One answer of the examples' answers joined by blank lines (their gold spans shifted along), against their
    contexts joined the same way."""
    spans, offset = [], 0
    for example in examples:
        spans.extend(span._replace(start=span.start + offset, end=span.end + offset)
                     for span in example.spans)
        offset += len(example.answer) + len(SEPARATOR)
    return Example(id="joined", context=SEPARATOR.join(e.context for e in examples),
                   answer=SEPARATOR.join(e.answer for e in examples), spans=tuple(spans))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", default=str(ROOT.parent / "shared" / "data" / "ragtruth_partial"))
    parser.add_argument("--model", default="default")
    parser.add_argument("--sources", type=int, default=120)
    parser.add_argument("--window", type=int, default=DEFAULT_REACH.window)
    parser.add_argument("--margins", type=int, nargs="+", default=[0, 50, 100, 250, 500])
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    out = args.out or ROOT / "benchmarks" / "results" / f"labeler_reach_{Path(args.model).name}.json"
    chosen = per_source(by_source(load(args.data)[0]), 1)[:args.sources]
    example = joined(chosen)
    detector = Detector.from_pretrained(args.model)
    started = time.perf_counter()
    scaled = detector.standardizer.transform_all(detector.pipeline.transform([example], progress=False))
    feature_seconds = time.perf_counter() - started
    with torch_threads(1), torch.inference_mode():
        started = time.perf_counter()
        whole = detector._predict_sequences(scaled)[0]
        whole_seconds = time.perf_counter() - started
        rows = []
        for margin in args.margins:
            started = time.perf_counter()
            reach = Reach(words=1, window=args.window, margin=margin)
            windowed = reach.predict(detector._predict_sequences, scaled)[0]
            seconds = time.perf_counter() - started
            difference = np.abs(windowed - whole)
            rows.append({"margin": margin, "windows": len(reach.windows(len(whole))),
                         "max_abs_difference": float(difference.max()),
                         "mean_abs_difference": float(difference.mean()),
                         "words_changing_verdict": int(((windowed >= detector.threshold)
                                                        != (whole >= detector.threshold)).sum()),
                         "response_score_difference": float(windowed.max() - whole.max()),
                         "token_auc": float(roc_auc_score(example.labels, windowed)), "seconds": seconds})
            print(json.dumps(rows[-1]))
    results = {
        "machine": {"platform": platform.platform(), "cpus": os.cpu_count()},
        "command": "python benchmarks/labeler_reach.py " + " ".join(
            f"--{k} {' '.join(map(str, v)) if isinstance(v, list) else v}" for k, v in vars(args).items()
            if k not in ("data", "out")),
        "model": args.model, "data": os.path.relpath(args.data, ROOT), "sources": len(chosen),
        "answer_words": example.n_words, "context_words": len(example.context.split()),
        "threshold": detector.threshold, "words_flagged_whole": int((whole >= detector.threshold).sum()),
        "hallucinated_words": int(example.labels.sum()),
        "token_auc_whole": float(roc_auc_score(example.labels, whole)),
        "feature_seconds": feature_seconds, "whole_seconds": whole_seconds, "window": args.window, "margins": rows,
    }
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(results, indent=2), encoding="utf-8")
    print(json.dumps({k: v for k, v in results.items() if k != "margins"}, indent=2))


if __name__ == "__main__":
    main()
