"""What a change of ``align`` options changes on the shared sets.

    .venv/bin/python benchmarks/align_options.py [--before JSON --now JSON --out NAME]

Per shared span-labelled set (every answer with word labels), the alignment columns under two sets of options
(by default the detector's before session 25, ``name_starts: items``, and with ``coordinated_subject`` and
``strict_anchors`` added): per column that differs, the words it newly marks and the words it no longer marks, each
with the share inside a gold span (and the share of all words there), and up to five newly marked words in their
answer. No model. Writes ``benchmarks/results/<NAME>.json`` (``align_options`` by default).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np
from word_forms import SETS, share

from halluseq.data import load
from halluseq.features.align import COLUMNS, AlignFeatures

ROOT = Path(__file__).resolve().parent.parent
BEFORE = {"name_starts": "items"}
NOW = {"name_starts": "items", "coordinated_subject": True, "strict_anchors": True}
SHOWN = 5


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", type=json.loads, default=BEFORE, help="align options, a JSON object")
    parser.add_argument("--now", type=json.loads, default=NOW, help="align options, a JSON object")
    parser.add_argument("--out", default="align_options", help="result name under benchmarks/results")
    args = parser.parse_args()
    command = "python benchmarks/align_options.py" + (
        f" --before '{json.dumps(args.before)}' --now '{json.dumps(args.now)}' --out {args.out}"
        if (args.before, args.now, args.out) != (BEFORE, NOW, "align_options") else "")
    report: dict = {"command": command, "before": args.before, "now": args.now, "sets": {}}
    for name, path in SETS.items():
        examples = [e for e in load(path)[0] if e.word_labels]
        labels = np.concatenate([e.labels for e in examples]).astype(bool)
        before_each = AlignFeatures(**args.before).extract(examples)
        now_each = AlignFeatures(**args.now).extract(examples)
        before, now = np.concatenate(before_each) > 0, np.concatenate(now_each) > 0
        changed = {}
        for j in np.flatnonzero((before != now).any(axis=0)):
            marked = [(e, i) for e, b, a in zip(examples, before_each, now_each, strict=True)
                      for i in np.flatnonzero((a[:, j] > 0) & ~(b[:, j] > 0))]
            changed[COLUMNS[j]] = {
                "marked_now": share(labels, now[:, j] & ~before[:, j]),
                "no_longer": share(labels, before[:, j] & ~now[:, j]),
                "examples": [{"id": e.id, "word": e.words[i].text, "hallucinated": bool(e.labels[i]),
                              "around": e.answer[max(e.words[i].start - 60, 0):e.words[i].end + 40]}
                             for e, i in marked[:SHOWN]]}
        report["sets"][name] = {"answers": len(examples), "words": int(len(labels)),
                                "hallucinated": float(labels.mean()), "columns_changed": changed}
        print(name, json.dumps({column: {k: v for k, v in c.items() if k != "examples"}
                                for column, c in changed.items()}))
    out = ROOT / "benchmarks" / "results" / f"{args.out}.json"
    out.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n")
    print(f"wrote {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
