"""Answers whose context is set among unrelated passages: does a detector still find their hallucinations?

    .venv/bin/python benchmarks/distractors.py [MODEL ...] [--passages 0 3 10] [--max-answers 600]

A retrieval context is rarely one passage. Each evaluation set here (data no bundled detector trains on: the PsiloQA
sample with its human annotations, and the unseen synthetic set of ``configs/detector.yaml`` made from BEGIN's and
PsiloQA's contexts, up to ``--max-answers`` answers) is scored as it is and with each context set among ``k`` other
contexts of the same set (``halluseq.augment.distractors.distract``, every answer the same ``k``). A sample of
``--ragtruth`` RAGTruth-QA answers is scored too: every bundled detector trains on them, so that row shows how a
detector's verdicts on answers of its own training source move with ``k``, not how it generalises. Per model, set and
``k``: token AUC, example AUC, and the shares of hallucinated and of faithful answers flagged at the model's threshold.
``--shifts`` also says where the first model's view moves: on the RAGTruth sample with the largest ``k``, per feature
column the mean absolute change of its standardized value on hallucinated words, and the share of those words flagged
with that one column put back to its value without distractors (the 8 largest shifts).
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
from halluseq.data.sources import cap_by_group
from halluseq.detector import Detector
from halluseq.features.lm_scoring import torch_threads

ROOT = Path(__file__).resolve().parent.parent
PSILOQA = ROOT.parent / "shared" / "data" / "psiloqa_eval"
RAGTRUTH = ROOT.parent / "shared" / "data" / "ragtruth_partial"


def evaluation_sets(max_answers: int, ragtruth: int) -> dict[str, list[Example]]:
    """The sets scored: each PsiloQA annotation file, a seeded sample of whole bases of the unseen synthetic set, and a
    seeded sample of ``ragtruth`` RAGTruth-QA answers (trained on)."""
    sets = {f"psiloqa {path.stem}": [e for e in load(path)[0] if e.n_words and e.context.strip()]
            for path in sorted(PSILOQA.glob("*.csv"))}
    sets["synthetic unseen"] = cap_by_group(unseen_synthetic(), max_answers, seed=0)
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


def column_shifts(detector: Detector, examples: list[Example], k: int, top: int = 8) -> dict[str, Any]:
    """Where the features of hallucinated words move when each context is set among ``k`` others, and what putting
    one column back does to the share of those words flagged."""
    plain = detector.pipeline.transform(examples, progress=False)
    distracted = detector.pipeline.transform(distract(examples, (k, k), seed=0), progress=False)
    hallucinated = np.concatenate([e.labels for e in examples]).astype(bool)

    def flagged(matrices: list[np.ndarray]) -> float:
        with torch_threads(1):
            probs = np.concatenate(detector._predict_sequences(detector.standardizer.transform_all(matrices)))
        return float((probs[hallucinated] >= detector.threshold).mean())

    before, after = (detector.standardizer.transform(np.concatenate(m)) for m in (plain, distracted))
    shift = np.abs(after - before)[hallucinated].mean(axis=0)  # (d,)
    columns = []
    for j in np.argsort(-shift)[:top]:
        restored = [m.copy() for m in distracted]
        for matrix, original in zip(restored, plain, strict=True):
            matrix[:, j] = original[:, j]
        columns.append({"column": detector.pipeline.columns[j], "mean_abs_shift_sd": float(shift[j]),
                        "mean_sd_without": float(before[hallucinated, j].mean()),
                        "mean_sd_with": float(after[hallucinated, j].mean()),
                        "hallucinated_words_flagged_with_it_put_back": flagged(restored)})
    return {"passages": k, "hallucinated_words_flagged_without_distractors": flagged(plain),
            "hallucinated_words_flagged_with_distractors": flagged(distracted), "columns": columns}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("models", nargs="*", default=["default"])
    parser.add_argument("--passages", type=int, nargs="+", default=[0, 3, 10])
    parser.add_argument("--max-answers", type=int, default=600)
    parser.add_argument("--ragtruth", type=int, default=200)
    parser.add_argument("--shifts", action="store_true", help="where the first model's features move (see above)")
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
    if args.shifts:
        results["shifts"] = {"model": args.models[0], **column_shifts(
            Detector.from_pretrained(args.models[0]), sets["ragtruth (trained on)"], max(args.passages))}
        print(json.dumps(results["shifts"], indent=1))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=2), encoding="utf-8")


if __name__ == "__main__":
    main()
