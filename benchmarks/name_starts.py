"""How ``align``'s ``replaced_name`` reads a capital that opens a sentence or list item: both ``name_starts`` rules.

    .venv/bin/python benchmarks/name_starts.py

Per shared span-labelled set (first 800 answers), the words ``replaced_name`` marks under the ``lowered`` rule (what
the bundled ``full`` detector was trained on) and the ``items`` rule (the default detector's), and the share of them
inside a gold span; plus up to ``SHOWN`` RAGTruth words each rule marks outside every span, with the words around
them. No model. Writes ``benchmarks/results/name_starts.json``.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
from word_forms import SETS, share

from halluseq.data import load
from halluseq.features.align import COLUMNS, NAME_STARTS, AlignFeatures

ROOT = Path(__file__).resolve().parent.parent
MAX_EXAMPLES = 800
SHOWN = 15
REPLACED_NAME = COLUMNS.index("replaced_name")


def main() -> None:
    report: dict = {"command": "python benchmarks/name_starts.py", "max_examples": MAX_EXAMPLES, "sets": {},
                    "ragtruth_words_outside_spans": {}}
    for name, path in SETS.items():
        examples = [e for e in load(path)[0] if e.word_labels][:MAX_EXAMPLES]
        labels = np.concatenate([e.labels for e in examples]).astype(bool)
        report["sets"][name] = {}
        for rule in NAME_STARTS:
            matrices = AlignFeatures(name_starts=rule).extract(examples)
            marked = np.concatenate(matrices)[:, REPLACED_NAME] > 0
            report["sets"][name][rule] = share(labels, marked)
            if name == "ragtruth":
                shown = []
                for example, matrix in zip(examples, matrices, strict=True):
                    for i in np.flatnonzero((matrix[:, REPLACED_NAME] > 0) & ~example.labels.astype(bool)):
                        around = " ".join(w.text for w in example.words[max(0, i - 5):i + 4])
                        shown.append(f"{example.words[i].text} | {around}")
                report["ragtruth_words_outside_spans"][rule] = shown[:SHOWN]
        print(name, json.dumps(report["sets"][name]))
    out = ROOT / "benchmarks" / "results" / "name_starts.json"
    out.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n")
    print(f"wrote {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
