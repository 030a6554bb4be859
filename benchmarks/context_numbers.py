"""Numbers (or names) of the context in the wrong place: a detector on answers whose number was swapped for another
number the same context states (``halluseq augment``'s ``number_intrinsic`` kind; ``--kind entity_intrinsic``: a name
for another name of the context; ``--kind ordinal``: an ordinal in digits moved by one to three ranks, "the 16th
century" for "the 17th century"; ``--kind negation_dropped``: a negation left out and its verb restated, "works" for
"does not work"), beside their faithful twins.

    .venv/bin/python benchmarks/context_numbers.py [--model default|full|FOLDER] [--label NAME]
                                                   [--kind number_intrinsic|entity_intrinsic|ordinal|negation_dropped]

The bases are the answers and three context sentences per distinct context of BEGIN (dialogue knowledge passages) and
the PsiloQA sample (Wikipedia passages), contexts no bundled detector trained on; no question given. Only the bases
that got such an edit are kept, each with its twin. Writes ``benchmarks/results/context_numbers_<label>.json``
(``context_names_<label>.json`` for names, ``context_ordinals_<label>.json`` for ordinals,
``context_negations_<label>.json`` for negations): the
share flagged at the detector's threshold (edited and twins), the share whose flagged words hit the changed number,
the response-score ROC AUC of edited vs twins, for numbers and names the flagged share split by where the new one
stands in the context
(``same_sentence``: in the context sentence the edited answer shares most words with, as in "the Nobel Prize in
Chemistry in 1903" for a sentence that gives 1903 to Physics, or "He was born in Krist Novoselic." for "Born in
Aberdeen, ..., Cobain formed Nirvana with Krist Novoselic"; ``other_sentence``: elsewhere), and a few missed edits.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
from pathlib import Path

import numpy as np

from halluseq.augment import augment
from halluseq.augment.edits import closest_sentence
from halluseq.data import load
from halluseq.data.example import Example
from halluseq.data.generic import example_from_record
from halluseq.detector import Detector
from halluseq.evaluate import flag_rates_by_kind

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "data"
SOURCES = (DATA / "spans" / "begin.jsonl", DATA / "psiloqa_eval" / "gpt.csv")
KINDS = {"number_intrinsic": "numbers", "entity_intrinsic": "names", "ordinal": "ordinals",
         "negation_dropped": "negations"}  # -> result file name part
PLACED = ("number_intrinsic", "entity_intrinsic")  # kinds whose new value comes from the context


def base_key(record: dict) -> str:
    """The base a record was made from: its id without the kind (``syn-<source>-<origin><number>-<kind><index>``)."""
    return record["id"].rsplit("-", 1)[0]


def swapped(kind: str, seed: int) -> list[dict]:
    """The ``kind`` records of the sources and the faithful twins of their bases."""
    records = []
    for path in SOURCES:
        examples, _ = load(path)
        records += augment(examples, kinds=(kind, "faithful"), per_example=1, seed=seed, sentences_per_context=3)
    edited = {base_key(r) for r in records if r["meta"]["kind"] == kind}
    return [r for r in records if base_key(r) in edited]


def where_it_stands(record: dict) -> str:
    """``same_sentence`` when the swapped-in number or name is in the context sentence closest to the edited answer,
    else ``other_sentence``."""
    new = record["meta"]["detail"].split(" -> ")[1]
    closest = closest_sentence(record["response"], record["context"])
    return "same_sentence" if re.search(rf"(?<![\d.,]){re.escape(new)}(?!\d)", closest) else "other_sentence"


def scored(model: str, records: list[dict]) -> tuple[Detector, list[Example], list[np.ndarray]]:
    """The detector ``model``, the records as examples, and its word probabilities of each."""
    examples = [example_from_record(r, "augmented", line) for line, r in enumerate(records, 1)]
    detector = Detector.from_pretrained(model)
    return detector, examples, detector.probabilities(examples)


def missed(records: list[dict], probs: list[np.ndarray], threshold: float, kind: str, limit: int = 10) -> list[dict]:
    """Up to ``limit`` records of ``kind`` scored below ``threshold``: answer, edit and score."""
    return [{"answer": r["response"], "detail": r["meta"]["detail"], "score": round(float(p.max()), 3)}
            for r, p in zip(records, probs, strict=True) if r["meta"]["kind"] == kind and p.max() < threshold][:limit]


def write_report(file_name: str, report: dict, shown: tuple[str, ...]) -> None:
    """``report`` with the machine it ran on, written to ``benchmarks/results/<file_name>``; its ``shown`` keys
    printed."""
    report = {**report, "machine": {"python": platform.python_version(), "cpu_count": os.cpu_count()}}
    out = ROOT / "benchmarks" / "results" / file_name
    out.write_text(json.dumps(report, indent=2) + "\n")
    print(json.dumps({k: report[k] for k in shown}, indent=1))
    print(f"wrote {out.relative_to(ROOT)}")


def model_argument(model: str) -> str:
    """``--model`` as a result file may record it: as given (a bundled name, a path relative to the repository), the
    folder's name for an absolute path."""
    return Path(model).name if Path(model).is_absolute() else model


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--model", default="default")
    parser.add_argument("--label", help="name of the result file (default: the model's name)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--kind", choices=sorted(KINDS), default="number_intrinsic")
    args = parser.parse_args()
    label = args.label or Path(args.model).name
    records = swapped(args.kind, args.seed)
    detector, examples, probs = scored(args.model, records)
    by_place = {}
    for record, p in zip(records, probs, strict=True):
        if record["meta"]["kind"] == args.kind and args.kind in PLACED:
            by_place.setdefault(where_it_stands(record), []).append(float(p.max()) >= detector.threshold)
    report = {
        # a model folder given by an absolute path is named, not located: no machine's paths in a result file
        "command": f"python benchmarks/context_numbers.py --model {model_argument(args.model)} --label {label}"
                   + (f" --kind {args.kind}" if args.kind != "number_intrinsic" else ""),
        "model": label, "threshold": detector.threshold, "seed": args.seed,
        "sources": [str(p.relative_to(ROOT.parent)) for p in SOURCES],
        "by_kind": flag_rates_by_kind(examples, probs, detector.threshold),
        "flagged_by_place": {k: {"answers": len(v), "flagged": sum(v) / len(v)} for k, v in sorted(by_place.items())},
        "missed_examples": missed(records, probs, detector.threshold, args.kind),
    }
    write_report(f"context_{KINDS[args.kind]}_{label}.json", report,
                 ("model", "threshold", "by_kind", "flagged_by_place"))


if __name__ == "__main__":
    main()
