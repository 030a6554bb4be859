"""Which synthetic answers two detectors judge differently: the answers behind a change in the flagged shares.

    .venv/bin/python benchmarks/changed_verdicts.py BEFORE AFTER [--out FILE.json]

BEFORE and AFTER are detectors (a bundled name or a saved folder). Both score the unseen synthetic set of
``configs/detector.yaml`` (its evaluation ``synthetic_unseen``: edits and faithful twins made from BEGIN's and the
PsiloQA sample's contexts, which no training source has). Per kind (``meta.kind``) the result holds the flagged share
under each detector and every answer whose verdict differs: its score under both, its gold span words and its text, so
a change in a flagged share can be read as a mechanism (the answers a new rule was written for) or as a retrain's draw
(answers near the threshold on both sides). Writes ``benchmarks/results/changed_verdicts_<after>.json`` by default.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

import yaml

from halluseq.detector import Detector
from halluseq.train import read_data

ROOT = Path(__file__).resolve().parent.parent
SET_NAME = "synthetic_unseen (BEGIN + PsiloQA contexts)"


def unseen_synthetic() -> list[Any]:
    """The examples of the unseen synthetic evaluation set of ``configs/detector.yaml``."""
    config = yaml.safe_load((ROOT / "configs" / "detector.yaml").read_text(encoding="utf-8"))
    [target] = [t for t in config["evaluate"] if t["name"] == SET_NAME]
    return [e for e in read_data(target["data"]) if e.n_words > 0]


def scores(model: str, examples: list[Any]) -> tuple[list[float], float]:
    """Each example's response score under ``model``, and the model's threshold."""
    detector = Detector.from_pretrained(model)
    results = detector.predict_batch([{"context": e.context, "answer": e.answer, "question": e.question, "id": e.id}
                                      for e in examples])
    return [r.score for r in results], detector.threshold


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    out = args.out or ROOT / "benchmarks" / "results" / f"changed_verdicts_{Path(args.after).name}.json"
    examples = unseen_synthetic()
    (before, threshold_before), (after, threshold_after) = scores(args.before, examples), scores(args.after, examples)
    kinds: dict[str, dict[str, Any]] = defaultdict(lambda: {"answers": 0, "flagged_before": 0, "flagged_after": 0,
                                                            "changed": []})
    for example, old, new in zip(examples, before, after, strict=True):
        kind = kinds[example.meta.get("kind", "?")]
        flagged = (old >= threshold_before, new >= threshold_after)
        kind["answers"] += 1
        kind["flagged_before"] += flagged[0]
        kind["flagged_after"] += flagged[1]
        if flagged[0] != flagged[1]:
            kind["changed"].append({"id": example.id, "origin": example.meta.get("origin"),
                                    "now": "flagged" if flagged[1] else "not flagged",
                                    "score_before": round(old, 4), "score_after": round(new, 4),
                                    "gold": [w.text for w, label in zip(example.words, example.labels, strict=True)
                                             if label],
                                    "answer": example.answer})
    result = {"command": "python benchmarks/changed_verdicts.py " + " ".join(sys.argv[1:]),
              "set": SET_NAME, "thresholds": {"before": threshold_before, "after": threshold_after},
              "kinds": {name: {**kind, "flagged_before": kind["flagged_before"] / kind["answers"],
                               "flagged_after": kind["flagged_after"] / kind["answers"]}
                        for name, kind in sorted(kinds.items())}}
    for name, kind in result["kinds"].items():
        print(f"{name}: {kind['flagged_before']:.3f} -> {kind['flagged_after']:.3f}, {len(kind['changed'])} changed")
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=2, ensure_ascii=False), encoding="utf-8")


if __name__ == "__main__":
    main()
