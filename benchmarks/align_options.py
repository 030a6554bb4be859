"""What ``align``'s ``coordinated_subject`` and ``strict_anchors`` change on the shared sets.

    .venv/bin/python benchmarks/align_options.py

Per shared span-labelled set (every answer with word labels), the alignment columns under the default detector's
options before session 25 (``name_starts: items``) and now (``coordinated_subject`` and ``strict_anchors`` added):
per column that differs, the words it newly marks and the words it no longer marks, each with the share inside a
gold span (and the share of all words there). No model. Writes ``benchmarks/results/align_options.json``.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
from word_forms import SETS, share

from halluseq.data import load
from halluseq.features.align import COLUMNS, AlignFeatures

ROOT = Path(__file__).resolve().parent.parent
BEFORE = {"name_starts": "items"}
NOW = {"name_starts": "items", "coordinated_subject": True, "strict_anchors": True}


def main() -> None:
    report: dict = {"command": "python benchmarks/align_options.py", "before": BEFORE, "now": NOW, "sets": {}}
    for name, path in SETS.items():
        examples = [e for e in load(path)[0] if e.word_labels]
        labels = np.concatenate([e.labels for e in examples]).astype(bool)
        before = np.concatenate(AlignFeatures(**BEFORE).extract(examples)) > 0
        now = np.concatenate(AlignFeatures(**NOW).extract(examples)) > 0
        changed = {COLUMNS[j]: {"marked_now": share(labels, now[:, j] & ~before[:, j]),
                                "no_longer": share(labels, before[:, j] & ~now[:, j])}
                   for j in np.flatnonzero((before != now).any(axis=0))}
        report["sets"][name] = {"answers": len(examples), "words": int(len(labels)),
                                "hallucinated": float(labels.mean()), "columns_changed": changed}
        print(name, json.dumps(report["sets"][name]))
    out = ROOT / "benchmarks" / "results" / "align_options.json"
    out.write_text(json.dumps(report, indent=2) + "\n")
    print(f"wrote {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
