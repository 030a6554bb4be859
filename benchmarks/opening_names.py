"""A wrong name that opens a sentence: "London is home to the Eiffel Tower." where the context says Paris. Such a
one-word name stands where a sentence opener ("Overall", "Based", "Yes") stands too, and no name swap but the
``entity_opening`` kind replaces it.

    .venv/bin/python benchmarks/opening_names.py [--model default|full|FOLDER] [--label NAME] [--seed 1]

The bases are the answers and three context sentences per distinct context of BEGIN (dialogue knowledge passages) and
the PsiloQA sample (Wikipedia passages), contexts no bundled detector trained on; no question given. Each base gets
one edit of each kind drawn apart: ``entity_opening`` (a one-word name that opens a sentence becomes another name of
the context or of another document), and for comparison ``entity_intrinsic`` and ``entity_extrinsic`` (names inside a
sentence); every base with an edit keeps its faithful twin (once). Writes
``benchmarks/results/opening_names_<label>.json``: per kind the share flagged at the detector's threshold, the share
whose flagged words hit the new name, the response-score ROC AUC against the twins, and a few missed openers.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from context_numbers import SOURCES, base_key, missed, model_argument, scored, write_report

from halluseq.augment import augment
from halluseq.data import load
from halluseq.evaluate import flag_rates_by_kind

ROOT = Path(__file__).resolve().parent.parent
KINDS = ("entity_opening", "entity_intrinsic", "entity_extrinsic")


def edits(seed: int) -> list[dict]:
    """Each kind's edits of the sources and, once each, the twins of the bases they were made from."""
    records, twins = [], {}
    for path in SOURCES:
        examples, _ = load(path)
        for kind in KINDS:
            made = list(augment(examples, kinds=(kind, "faithful"), per_example=1, seed=seed,
                                sentences_per_context=3))
            edited = {base_key(r) for r in made if r["meta"]["kind"] == kind}
            records += [r for r in made if r["meta"]["kind"] == kind]
            for record in made:
                if record["meta"]["kind"] == "faithful" and base_key(record) in edited:
                    twins.setdefault(base_key(record), record)
    return records + list(twins.values())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--model", default="default")
    parser.add_argument("--label", help="name of the result file (default: the model's name)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    label = args.label or Path(args.model).name
    records = edits(args.seed)
    detector, examples, probs = scored(args.model, records)
    report = {
        "command": f"python benchmarks/opening_names.py --model {model_argument(args.model)} --label {label}"
                   + (f" --seed {args.seed}" if args.seed != 1 else ""),
        "model": label, "threshold": detector.threshold, "seed": args.seed,
        "sources": [str(p.relative_to(ROOT.parent)) for p in SOURCES],
        "by_kind": flag_rates_by_kind(examples, probs, detector.threshold),
        "missed_examples": missed(records, probs, detector.threshold, "entity_opening"),
    }
    write_report(f"opening_names_{label}.json", report, ("model", "threshold", "by_kind"))


if __name__ == "__main__":
    main()
