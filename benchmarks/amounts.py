"""Amounts in digits and in words: what the ``quantities`` columns mark on real sets, and what a detector flags.

    .venv/bin/python benchmarks/amounts.py [--model default] [--label NAME]

1. Per shared span-labelled set (first 1,500 answers): the words each amount column fires on and the share of them
   inside a gold span, beside the ``text`` family's ``novel_number`` (digits the context lacks as written) and
   every word. No model.
2. Hand-written answers on four short contexts of their own (no dataset holds them) that state amounts in digits
   where the context spells them out or the other way round, right and changed ("3 of the twelve members" for "Three
   of the 12", "fallen by half" for "by a third"), or take an amount another passage states about something else
   ("save NOK 50 million" where the museum counted 50 million visitors): per answer the score, the verdict at the
   detector's threshold and the flagged spans. A readable check of what a change does to such answers, not an
   evaluation.

Writes ``benchmarks/results/amounts_<label>.json``.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np
from hand_claims import score_cases
from word_forms import MAX_EXAMPLES, SETS, share

from halluseq.data import load
from halluseq.features.quantities import COLUMNS, QuantityFeatures
from halluseq.features.text import COLUMNS as TEXT_COLUMNS
from halluseq.features.text import TextFeatures

ROOT = Path(__file__).resolve().parent.parent
COUNCIL = ("The city council of Lyon voted on Tuesday to ban cars from the old town. Three of the 12 council members "
           "voted against it, and 2 abstained. Traffic in the centre has fallen by a third since 2019. The ban will "
           "cost two hundred thousand euros.")
RECIPE = ("Preheat the oven to 180 degrees. Mix two cups of flour with one cup of sugar and three eggs. Bake for 25 "
          "minutes, then let the cake cool for ten minutes.")
FIRM = "Quarterly revenue doubled to $3 million, and the company now employs 45 people in two offices."
PASSAGES = ("Passage 1: The Oslo city museum counted 50 million visitors over its first decade, and ticket prices "
            "tripled in that time. Passage 2: The Norwegian transport ministry plans to save NOK 20 million on road "
            "maintenance by 2030. It will also hire 45 new engineers. Passage 3: The local football club won 12 of its "
            "30 matches this season and doubled its youth squad.")
# (context, answer, hallucinated)
CASES = [
    (COUNCIL, "3 of the twelve council members voted against the ban.", False),
    (COUNCIL, "Three of the 12 members voted against the ban.", False),
    (COUNCIL, "Two members abstained.", False),
    (COUNCIL, "The ban will cost 200,000 euros.", False),
    (COUNCIL, "Traffic in the centre has fallen by a third since 2019.", False),
    (COUNCIL, "Five of the 12 council members voted against the ban.", True),
    (COUNCIL, "Three of the 15 council members voted against the ban.", True),
    (COUNCIL, "The ban will cost 300,000 euros.", True),
    (COUNCIL, "The ban will cost three hundred thousand euros.", True),
    (COUNCIL, "Traffic in the centre has fallen by half since 2019.", True),
    (COUNCIL, "Four members abstained.", True),
    (RECIPE, "Mix 2 cups of flour, 1 cup of sugar and 3 eggs.", False),
    (RECIPE, "Let the cake cool for 10 minutes.", False),
    (RECIPE, "Bake for twenty-five minutes.", False),
    (RECIPE, "Mix two cups of flour with one cup of sugar and four eggs.", True),
    (RECIPE, "Let the cake cool for fifteen minutes.", True),
    (RECIPE, "Bake for thirty-five minutes.", True),
    (FIRM, "Quarterly revenue doubled to three million dollars.", False),
    (FIRM, "The company employs forty-five people in 2 offices.", False),
    (FIRM, "Quarterly revenue tripled to $3 million.", True),
    (FIRM, "The company employs fifty-four people in two offices.", True),
    # amounts another passage states, about something else
    (PASSAGES, "The ministry plans to save NOK 20 million on road maintenance by 2030.", False),
    (PASSAGES, "The ministry will also hire forty-five new engineers.", False),
    (PASSAGES, "The club won twelve of its 30 matches and doubled its youth squad.", False),
    (PASSAGES, "Museum ticket prices tripled over its first decade.", False),
    (PASSAGES, "The ministry plans to save NOK 50 million on road maintenance by 2030.", True),
    (PASSAGES, "The ministry will also hire 12 new engineers.", True),
    (PASSAGES, "The football club tripled its youth squad this season.", True),
    (PASSAGES, "The museum counted 20 million visitors over its first decade.", True),
]


def columns_on_real_sets() -> dict:
    """Per set, the share of hallucinated words among those each amount column (and ``novel_number``) marks."""
    sets = {}
    novel_number = TEXT_COLUMNS.index("novel_number")
    for name, path in SETS.items():
        examples = [e for e in load(path)[0] if e.word_labels][:MAX_EXAMPLES]
        labels = np.concatenate([e.labels for e in examples]).astype(bool)
        text = np.concatenate(TextFeatures().extract(examples))
        amounts = np.concatenate(QuantityFeatures().extract(examples)) > 0
        spelled, absent, respelled, far = (amounts[:, COLUMNS.index(c)] for c in COLUMNS)
        sets[name] = {
            "examples": len(examples), "words": share(labels, np.ones_like(labels)),
            "text.novel_number": share(labels, text[:, novel_number] > 0),
            "novel_number_respelled": share(labels, (text[:, novel_number] > 0) & respelled),
            "quantity_absent": share(labels, absent), "quantity_absent_spelled": share(labels, absent & spelled),
            "quantity_respelled": share(labels, respelled),
            "quantity_spelled_stated": share(labels, spelled & ~absent),
            "quantity_far": share(labels, far),
            "quantity_stated_near": share(labels, amounts.any(axis=1) & ~absent & ~far),
        }
        print(name, json.dumps(sets[name]))
    return sets


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--model", default="default")
    parser.add_argument("--label", help="name of the result file (default: the model's name)")
    args = parser.parse_args()
    label = args.label or Path(args.model).name
    report = {"command": f"python benchmarks/amounts.py --model {Path(args.model).name} --label {label}",
              "max_examples": MAX_EXAMPLES, "sets": columns_on_real_sets(), "model": label}
    report |= score_cases(args.model, CASES)
    out = ROOT / "benchmarks" / "results" / f"amounts_{label}.json"
    out.write_text(json.dumps(report, indent=2) + "\n")
    print(f"wrote {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
