"""Answers whose context is set among unrelated passages: does a detector still find their hallucinations?

    .venv/bin/python benchmarks/distractors.py [MODEL ...] [--passages 0 3 10] [--max-answers 600]

A retrieval context is rarely one passage. Each evaluation set here (data no bundled detector trains on: the PsiloQA
sample with its human annotations, and the unseen synthetic set of ``configs/detector.yaml`` made from BEGIN's and
PsiloQA's contexts, up to ``--max-answers`` answers) is scored as it is and with each context set among ``k`` other
contexts of the same set (``halluseq.augment.distractors.distract``, every answer the same ``k``). A sample of
``--ragtruth`` RAGTruth-QA answers is scored too: every bundled detector trains on them, so that row shows how a
detector's verdicts on answers of its own training source move with ``k``, not how it generalises. Per model, set and
``k``: token AUC, example AUC, and the shares of hallucinated and of faithful answers flagged at the model's threshold.
Writes ``benchmarks/results/distractors.json`` (``--out``).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import sys
from pathlib import Path
from typing import Any

import numpy as np
from changed_verdicts import unseen_synthetic
from sklearn.metrics import roc_auc_score

from halluseq.augment.distractors import distract
from halluseq.data import load
from halluseq.data.example import Example
from halluseq.detector import Detector

ROOT = Path(__file__).resolve().parent.parent
PSILOQA = ROOT.parent / "shared" / "data" / "psiloqa_eval"
RAGTRUTH = ROOT.parent / "shared" / "data" / "ragtruth_partial"


def evaluation_sets(max_answers: int, ragtruth: int) -> dict[str, list[Example]]:
    """The sets scored: each PsiloQA annotation file, a seeded sample of whole bases of the unseen synthetic set, and a
    seeded sample of ``ragtruth`` RAGTruth-QA answers (trained on)."""
    sets = {f"psiloqa {path.stem}": [e for e in load(path)[0] if e.n_words and e.context.strip()]
            for path in sorted(PSILOQA.glob("*.csv"))}
    synthetic = unseen_synthetic()
    bases = sorted({e.group for e in synthetic})
    random.Random(0).shuffle(bases)
    kept, count = set(), 0
    sizes = {g: sum(e.group == g for e in synthetic) for g in bases}
    for group in bases:
        if count >= max_answers:
            break
        kept.add(group)
        count += sizes[group]
    sets["synthetic unseen"] = [e for e in synthetic if e.group in kept]
    answers = [e for e in load(RAGTRUTH)[0] if e.n_words and e.context.strip()]
    sets["ragtruth (trained on)"] = random.Random(0).sample(answers, min(ragtruth, len(answers)))
    return sets


def scores(detector: Detector, examples: list[Example]) -> dict[str, Any]:
    """Token and example AUC, flagged shares of hallucinated and faithful answers."""
    results = detector.predict_batch([{"context": e.context, "answer": e.answer, "question": e.question}
                                      for e in examples])
    labels = np.concatenate([e.labels for e in examples])
    probs = np.concatenate([[w.prob for w in r.words] for r in results])
    hallucinated = np.array([e.hallucinated for e in examples])
    response = np.array([r.score for r in results])
    flagged = response >= detector.threshold
    return {"answers": len(examples), "token_auc": float(roc_auc_score(labels, probs)),
            "example_auc": float(roc_auc_score(hallucinated, response)),
            "hallucinated_flagged": float(flagged[hallucinated].mean()),
            "faithful_flagged": float(flagged[~hallucinated].mean())}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("models", nargs="*", default=["default"])
    parser.add_argument("--passages", type=int, nargs="+", default=[0, 3, 10])
    parser.add_argument("--max-answers", type=int, default=600)
    parser.add_argument("--ragtruth", type=int, default=200)
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "distractors.json")
    args = parser.parse_args()
    sets = evaluation_sets(args.max_answers, args.ragtruth)
    table: dict[str, Any] = {}
    for model in args.models:
        detector = Detector.from_pretrained(model)
        for name, examples in sets.items():
            for k in args.passages:
                shown = examples if k == 0 else distract(examples, (k, k), seed=0)
                row = scores(detector, shown)
                table.setdefault(model, {}).setdefault(name, {})[str(k)] = row
                print(json.dumps({"model": model, "set": name, "passages": k, **row}), flush=True)
    results = {"machine": {"platform": platform.platform(), "cpus": os.cpu_count()},
               "command": "python benchmarks/distractors.py " + " ".join(sys.argv[1:]),
               "thresholds": {m: Detector.from_pretrained(m).threshold for m in args.models}, "results": table}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=2), encoding="utf-8")


if __name__ == "__main__":
    main()
