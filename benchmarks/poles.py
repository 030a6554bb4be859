"""Where the antonym columns fire with ``align`` option ``poles``, and how often the words they mark are wrong.

    .venv/bin/python benchmarks/poles.py

Per shared span-labelled set (every answer with word labels, the first 1,500): the words ``replaced_antonym`` and
``antonym_in_aligned`` mark under the default detector's ``align`` options without and with ``poles`` (a word of one
pole of a scale of change or stance put in for a word of the other: "increased" for "fell"), the share of them
inside a gold span and the share of all words there, and up to five of the words only ``poles`` marks, in their
answer. No model. Writes ``benchmarks/results/poles.json``.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
from word_forms import DEFAULT_ALIGN as ALIGN_BEFORE_REORDERS
from word_forms import MAX_EXAMPLES, SETS, share

from halluseq.data import load
from halluseq.features.align import COLUMNS, AlignFeatures

ROOT = Path(__file__).resolve().parent.parent
SHOWN = 5
# configs/detector.yaml's align options before poles
DEFAULT_ALIGN = {**ALIGN_BEFORE_REORDERS, "phrase_reorders": True, "compounds": True}
ANTONYM_COLUMNS = [COLUMNS.index("replaced_antonym"), COLUMNS.index("antonym_in_aligned")]


def main() -> None:
    report: dict = {"command": "python benchmarks/poles.py", "max_examples": MAX_EXAMPLES, "align": DEFAULT_ALIGN,
                    "sets": {}}
    without, with_poles = AlignFeatures(**DEFAULT_ALIGN), AlignFeatures(**DEFAULT_ALIGN, poles=True)
    for name, path in SETS.items():
        examples = [e for e in load(path)[0] if e.word_labels][:MAX_EXAMPLES]
        labels = np.concatenate([e.labels for e in examples]).astype(bool)
        before = [m[:, ANTONYM_COLUMNS].any(axis=1) for m in without.extract(examples)]
        after = [m[:, ANTONYM_COLUMNS].any(axis=1) for m in with_poles.extract(examples)]
        only = [a & ~b for a, b in zip(after, before, strict=True)]
        shown = [{"id": e.id, "word": e.words[i].text, "hallucinated": bool(e.labels[i]),
                  "around": e.answer[max(e.words[i].start - 60, 0):e.words[i].end + 40]}
                 for e, marks in zip(examples, only, strict=True) for i in np.flatnonzero(marks)][:SHOWN]
        report["sets"][name] = {"answers": len(examples), "words": int(len(labels)),
                                "hallucinated": float(labels.mean()),
                                "antonym_without_poles": share(labels, np.concatenate(before)),
                                "antonym_with_poles": share(labels, np.concatenate(after)),
                                "only_with_poles": share(labels, np.concatenate(only)), "examples": shown}
        print(name, json.dumps({k: report["sets"][name][k] for k in
                                ("antonym_without_poles", "antonym_with_poles", "only_with_poles")}))
    out = ROOT / "benchmarks" / "results" / "poles.json"
    out.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n")
    print(f"wrote {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
