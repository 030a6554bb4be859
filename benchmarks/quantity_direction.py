"""Where ``quantities``' ``direction`` column fires on the shared sets, and how often the words it marks are wrong.

    .venv/bin/python benchmarks/quantity_direction.py

Per shared span-labelled set (every answer with word labels): the words ``quantity_direction`` marks (a direction
word, "fell 8%", where the context moves that amount about the same thing only the other way), the share of them
inside a gold span and the share of all words there, and up to five of them in their answer. No model. Writes
``benchmarks/results/quantity_direction.json``.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
from word_forms import SETS, share

from halluseq.data import load
from halluseq.features.quantities import DIRECTION_COLUMN, QuantityFeatures

ROOT = Path(__file__).resolve().parent.parent
SHOWN = 5


def main() -> None:
    report: dict = {"command": "python benchmarks/quantity_direction.py", "sets": {}}
    features = QuantityFeatures(direction=True)
    column = features.columns.index(DIRECTION_COLUMN)
    for name, path in SETS.items():
        examples = [e for e in load(path)[0] if e.word_labels]
        matrices = features.extract(examples)
        labels = np.concatenate([e.labels for e in examples]).astype(bool)
        fired = np.concatenate([m[:, column] for m in matrices]) > 0
        shown = [{"id": e.id, "word": e.words[i].text, "hallucinated": bool(e.labels[i]),
                  "around": e.answer[max(e.words[i].start - 60, 0):e.words[i].end + 40]}
                 for e, m in zip(examples, matrices, strict=True) for i in np.flatnonzero(m[:, column])][:SHOWN]
        report["sets"][name] = {"answers": len(examples), "words": int(len(labels)),
                                "hallucinated": float(labels.mean()), "marked": share(labels, fired),
                                "examples": shown}
        print(name, json.dumps(report["sets"][name]["marked"]))
    out = ROOT / "benchmarks" / "results" / "quantity_direction.json"
    out.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n")
    print(f"wrote {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
