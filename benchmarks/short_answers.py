"""One-phrase answers (a name, a number, a year) on contexts no bundled detector trained on: how many correct ones
are flagged, how many changed ones are caught?

    .venv/bin/python benchmarks/short_answers.py [--model full] [--label NAME]

Cuts one name or number out of each distinct context of BEGIN (dialogue knowledge passages) and the PsiloQA sample
(Wikipedia passages) as a short answer (``halluseq augment``'s ``context_fragment`` bases: ``1889``, ``in 1889.``,
``Jane Doe``, ``330 metres``), and makes one edit of the phrase itself per fragment (another number or year, unit
or name). Scores every answer with ``Detector.predict_batch`` (no question given) and writes
``benchmarks/results/short_answers_<label>.json``: per kind the answers and the share flagged at the detector's
threshold, the correct answers' flagged share by length in words, and a few flagged correct answers to read.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
from collections import defaultdict
from pathlib import Path

from halluseq.augment import augment
from halluseq.augment.generate import FRAGMENT_KINDS
from halluseq.data import load
from halluseq.detector import Detector

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "data"
SOURCES = (DATA / "spans" / "begin.jsonl", DATA / "psiloqa_eval" / "gpt.csv")


def short_answers(seed: int) -> list[dict]:
    """The fragment records (faithful twins and edits) of every distinct context of the sources."""
    records = []
    for path in SOURCES:
        examples, _ = load(path)
        records += augment(examples, kinds=(*sorted(FRAGMENT_KINDS), "faithful"), per_example=1, seed=seed,
                           sentences_per_context=0, from_answers=False, fragments_per_context=1)
    return records


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--model", default="default")
    parser.add_argument("--label", help="name of the result file (default: the model's name)")
    parser.add_argument("--seed", type=int, default=2)
    args = parser.parse_args()
    label = args.label or Path(args.model).name
    records = short_answers(args.seed)
    detector = Detector.from_pretrained(args.model)
    results = detector.predict_batch([{"context": r["context"], "answer": r["response"]} for r in records])
    flagged: dict[str, list[bool]] = defaultdict(list)
    by_length: dict[str, list[bool]] = defaultdict(list)
    examples = []
    for record, result in zip(records, results, strict=True):
        kind = record["meta"]["kind"]
        flagged[kind].append(result.hallucinated)
        if kind == "faithful":
            words = len(record["response"].split())
            by_length[str(words) if words < 3 else "3+"].append(result.hallucinated)
            if result.hallucinated and len(examples) < 10:
                examples.append({"answer": record["response"], "score": round(result.score, 3)})
    report = {
        # a model folder outside the repository is named, not located: no machine's paths in a result file
        "command": f"python benchmarks/short_answers.py --model {Path(args.model).name} --label {label}",
        "model": label, "threshold": detector.threshold, "seed": args.seed,
        "sources": [str(p.relative_to(ROOT.parent)) for p in SOURCES],
        "flagged_by_kind": {k: {"answers": len(v), "flagged": sum(v) / len(v)} for k, v in sorted(flagged.items())},
        "faithful_flagged_by_words": {k: {"answers": len(v), "flagged": sum(v) / len(v)}
                                      for k, v in sorted(by_length.items())},
        "flagged_faithful_examples": examples,
        "machine": {"python": platform.python_version(), "cpu_count": os.cpu_count()},
    }
    out = ROOT / "benchmarks" / "results" / f"short_answers_{label}.json"
    out.write_text(json.dumps(report, indent=2) + "\n")
    print(json.dumps({k: report[k] for k in ("model", "threshold", "flagged_by_kind", "faithful_flagged_by_words")},
                     indent=1))
    print(f"wrote {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
