"""The bundled ``full`` detector on a CPU without native bfloat16: its encoders then run in float32
(``features/encoders.py``), while it was trained on bfloat16 features. How far do its answers move?

    .venv/bin/python benchmarks/precision_fallback.py [--model full] [--answers 64]

Scores ``--answers`` RAGTruth-QA answers (one per source) and every PsiloQA evaluation answer (GPT-4o spans) twice in
one process: with the encoders as this CPU runs them (bfloat16 where it has AVX512-BF16 or AMX), then as a CPU without
them would (float32). Reports the largest and mean gap of word probabilities and answer scores, how many verdicts
(``hallucinated``) differ, and token and answer AUC against the gold labels both ways. Writes
``benchmarks/results/precision_fallback_<model>.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
from pathlib import Path

import numpy as np
from answers import by_source, per_source
from sklearn.metrics import roc_auc_score

from halluseq.data import load
from halluseq.data.example import Example
from halluseq.detector import Detector
from halluseq.features import encoders

ROOT = Path(__file__).resolve().parents[1]


def scored(model: str, examples: list[Example]) -> list:
    """Each example's result from a freshly loaded detector."""
    detector = Detector.from_pretrained(model)
    return [detector.predict(e.context, e.answer, e.question) for e in examples]


def compare(examples: list[Example], native: list, fallback: list) -> dict[str, float]:
    """Gaps between the two runs and AUCs against the gold labels."""
    probs = [np.array([w.prob for w in r.words]) for r in native]
    other = [np.array([w.prob for w in r.words]) for r in fallback]
    word_gap = np.concatenate([np.abs(a - b) for a, b in zip(probs, other, strict=True)])
    score_gap = np.array([abs(a.score - b.score) for a, b in zip(native, fallback, strict=True)])
    labels = np.concatenate([e.labels for e in examples])
    hallucinated = [int(e.labels.any()) for e in examples]
    return {
        "answers": len(examples), "words": int(len(word_gap)),
        "max_word_gap": float(word_gap.max()), "mean_word_gap": float(word_gap.mean()),
        "max_score_gap": float(score_gap.max()), "mean_score_gap": float(score_gap.mean()),
        "verdicts_differing": sum(a.hallucinated != b.hallucinated for a, b in zip(native, fallback, strict=True)),
        "token_auc_native": float(roc_auc_score(labels, np.concatenate(probs))),
        "token_auc_float32": float(roc_auc_score(labels, np.concatenate(other))),
        "answer_auc_native": float(roc_auc_score(hallucinated, [r.score for r in native])),
        "answer_auc_float32": float(roc_auc_score(hallucinated, [r.score for r in fallback])),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--model", default="full")
    parser.add_argument("--answers", type=int, default=64)
    args = parser.parse_args()
    shared = ROOT.parent / "shared" / "data"
    sets = {"ragtruth_qa": per_source(by_source(load(shared / "ragtruth_partial")[0]), 1)[:args.answers],
            "psiloqa_gpt": [e for e in load(shared / "psiloqa_eval" / "gpt.csv")[0] if e.n_words]}
    native_precision = "bfloat16" if encoders.native_bfloat16() else "float32"
    native = {name: scored(args.model, examples) for name, examples in sets.items()}
    encoders.native_bfloat16 = lambda: False  # as on a CPU without bfloat16 instructions
    fallback = {name: scored(args.model, examples) for name, examples in sets.items()}
    results = {
        "command": f"python benchmarks/precision_fallback.py --model {args.model} --answers {args.answers}",
        "machine": {"platform": platform.platform(), "cpus": os.cpu_count()},
        "model": args.model, "native_precision": native_precision,
        "by_set": {name: compare(sets[name], native[name], fallback[name]) for name in sets},
    }
    out = ROOT / "benchmarks" / "results" / f"precision_fallback_{Path(args.model).name}.json"
    out.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(results, indent=1))
    print(f"wrote {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
