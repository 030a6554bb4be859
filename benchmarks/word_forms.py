"""How often is a word hallucinated when a rule-based column fires on it, per shared span-labelled set?

    .venv/bin/python benchmarks/word_forms.py

For the ``forms`` family (a content word the context lacks as written, held there in another form) and the
``slots`` family (a name where the context has another / this one next to the same words), beside the ``align``
family's first slot column, and the ``align`` columns ``role_swapped`` and ``moved`` as the default detector reads
them, with and without the option ``phrase_reorders`` that it reads since session 33: per set, the words each column
fires on and the share of them inside a gold span, against the base rate (every word; for ``forms``, every content
word of letters the context lacks). Writes ``benchmarks/results/word_forms.json``.
"""

from __future__ import annotations

import json
import os
import platform
from pathlib import Path

import numpy as np

from halluseq.data import load
from halluseq.features.align import COLUMNS as ALIGN_COLUMNS
from halluseq.features.align import AlignFeatures
from halluseq.features.forms import COLUMNS as FORM_COLUMNS
from halluseq.features.forms import FormFeatures, FormIndex, candidate
from halluseq.features.slots import COLUMNS as SLOT_COLUMNS
from halluseq.features.slots import SlotFeatures
from halluseq.features.text import word_key

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "data"
SETS = {"ragtruth": DATA / "ragtruth_partial", "entfa": DATA / "spans" / "entfa.jsonl",
        "cliff": DATA / "spans" / "cliff_goyal21.jsonl", "xsumfaith": DATA / "spans" / "xsumfaith.jsonl",
        "qags": DATA / "spans" / "qags.jsonl", "summedits": DATA / "spans" / "summedits.jsonl",
        "psiloqa_gpt": DATA / "psiloqa_eval" / "gpt.csv"}
MAX_EXAMPLES = 1500  # the first ones of each set
DEFAULT_ALIGN = {"name_starts": "items", "coordinated_subject": True, "strict_anchors": True}  # configs/detector.yaml
ORDER_COLUMNS = ("role_swapped", "moved")


def share(labels: np.ndarray, fired: np.ndarray) -> dict:
    """Words fired on and their hallucinated share."""
    return {"words": int(fired.sum()), "hallucinated": float(labels[fired].mean()) if fired.any() else None}


def main() -> None:
    report: dict = {"command": "python benchmarks/word_forms.py", "max_examples": MAX_EXAMPLES, "sets": {}}
    families = {"align": AlignFeatures(), "slots": SlotFeatures(), "forms": FormFeatures(),
                "align_default": AlignFeatures(**DEFAULT_ALIGN),
                "align_default_reorders": AlignFeatures(**DEFAULT_ALIGN, phrase_reorders=True)}
    for name, path in SETS.items():
        examples = [e for e in load(path)[0] if e.word_labels][:MAX_EXAMPLES]
        labels = np.concatenate([e.labels for e in examples]).astype(bool)
        matrices = {family: np.concatenate(extractor.extract(examples)) for family, extractor in families.items()}
        novel = np.array([candidate(key) and key not in index.keys for e in examples
                          for index in [FormIndex(e.context)] for key in (word_key(w.text) for w in e.words)],
                         dtype=bool)
        entry = {"examples": len(examples), "words": share(labels, np.ones_like(labels)),
                 "novel_content_words": share(labels, novel),
                 "align.slot_of_other_name": share(labels, matrices["align"][:, ALIGN_COLUMNS.index(
                     "slot_of_other_name")] > 0)}
        entry.update({f"slots.{c}": share(labels, matrices["slots"][:, j] > 0) for j, c in enumerate(SLOT_COLUMNS)})
        entry.update({f"forms.{c}": share(labels, matrices["forms"][:, j] > 0) for j, c in enumerate(FORM_COLUMNS)})
        entry["novel_without_form"] = share(labels, novel & ~(matrices["forms"] > 0).any(axis=1))
        for family in ("align_default", "align_default_reorders"):
            entry.update({f"{family}.{c}": share(labels, matrices[family][:, ALIGN_COLUMNS.index(c)] > 0)
                          for c in ORDER_COLUMNS})
        report["sets"][name] = entry
        print(name, json.dumps({k: v for k, v in entry.items() if isinstance(v, dict)}))
    report["machine"] = {"python": platform.python_version(), "cpu_count": os.cpu_count()}
    out = ROOT / "benchmarks" / "results" / "word_forms.json"
    out.write_text(json.dumps(report, indent=2) + "\n")
    print(f"wrote {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
