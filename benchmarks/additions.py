"""Unsupported additions inside a sentence that is otherwise right: an item the context lacks added to a list ("Common
side effects include nausea, vomiting and diarrhoea.") and another document's sentence joined to a sentence's end as
a clause ("..., and the festival draws thousands of visitors.").

    .venv/bin/python benchmarks/additions.py [--model default|full|FOLDER] [--label NAME] [--per-kind N] [--seed 1]

The bases are the answers and one context sentence per distinct context of BEGIN (dialogue knowledge passages) and
the PsiloQA sample (Wikipedia passages), contexts no bundled detector trained on; no question given. Each base gets a
``list_item`` and a ``clause`` edit where they apply (augment's ``extra_kinds``); ``--per-kind`` bases of each kind
are kept (a seeded sample; all where fewer), with the faithful twins of the bases kept. Writes
``benchmarks/results/additions_<label>.json``: per kind the share flagged at the detector's threshold, the share
whose flagged words hit the added words, the response-score ROC AUC against the twins, and a few missed items.
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

from context_numbers import SOURCES, base_key, missed, model_argument, scored, write_report

from halluseq.augment import augment
from halluseq.data import load
from halluseq.evaluate import flag_rates_by_kind

ROOT = Path(__file__).resolve().parent.parent
KINDS = ("list_item", "clause")


def additions(per_kind: int, seed: int) -> list[dict]:
    """Up to ``per_kind`` records of each kind (a seeded sample) and the faithful twins of their bases."""
    made = [record for path in SOURCES
            for record in augment(load(path)[0], kinds=("faithful",), extra_kinds=KINDS, seed=seed)]
    rng = random.Random(seed)
    records = []
    for kind in KINDS:
        edited = [r for r in made if r["meta"]["kind"] == kind]
        records += sorted(rng.sample(edited, min(per_kind, len(edited))), key=lambda r: r["id"])
    kept = {base_key(r) for r in records}
    return records + [r for r in made if r["meta"]["kind"] == "faithful" and base_key(r) in kept]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--model", default="default")
    parser.add_argument("--label", help="name of the result file (default: the model's name)")
    parser.add_argument("--per-kind", type=int, default=300, help="bases kept per kind (default 300)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    label = args.label or Path(args.model).name
    records = additions(args.per_kind, args.seed)
    detector, examples, probs = scored(args.model, records)
    report = {
        "command": f"python benchmarks/additions.py --model {model_argument(args.model)} --label {label}"
                   + (f" --per-kind {args.per_kind}" if args.per_kind != 300 else "")
                   + (f" --seed {args.seed}" if args.seed != 1 else ""),
        "model": label, "threshold": detector.threshold, "seed": args.seed, "per_kind": args.per_kind,
        "sources": [str(p.relative_to(ROOT.parent)) for p in SOURCES],
        "by_kind": flag_rates_by_kind(examples, probs, detector.threshold),
        "missed_list_items": missed(records, probs, detector.threshold, "list_item"),
    }
    write_report(f"additions_{label}.json", report, ("model", "threshold", "by_kind"))


if __name__ == "__main__":
    main()
