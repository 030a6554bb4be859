"""Answers wrapped in the framing chat models add: are the framing words flagged, and are the errors still caught?

    .venv/bin/python benchmarks/framing.py [--model full] [--label NAME]

Takes the faithful twins and the edits (``halluseq augment``, seed 2) of one context sentence per distinct context of
BEGIN (dialogue knowledge passages) and the PsiloQA sample (Wikipedia passages), contexts no bundled detector trained
on, and wraps each answer in one framing (drawn by the seed): a courtesy after it ("I hope this helps!"), a reference
to the sources before it ("Based on the provided context, ..."), a heading or a list label, or an abstention
sentence after it. No framing below is in any training file: the detectors learned framing only from the real
answers of their training sources. Scores every answer plain and framed with ``Detector.predict_batch`` and writes
``benchmarks/results/framing_<label>.json``: per framing the faithful answers flagged plain and framed, the edits
flagged plain and framed, the framing words' mean probability and the share of framed answers with a flagged
framing word; per edit kind the flagged shares, and a few flagged framings to read.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
from collections import defaultdict
from pathlib import Path

import numpy as np

from halluseq.augment import augment
from halluseq.augment.framing import frame
from halluseq.data import load
from halluseq.detector import Detector

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "data"
SOURCES = (DATA / "spans" / "begin.jsonl", DATA / "psiloqa_eval" / "gpt.csv")
# (name, text before the answer, text after it); after a lead-in clause a first stop word is lowercased
FRAMINGS = (
    ("courtesy", "", " I hope this helps!"),
    ("courtesy", "Sure! ", " Let me know if you have any other questions."),
    ("courtesy", "Great question! ", " Feel free to ask if you need more details."),
    ("courtesy", "", " Thanks for asking, and I'm happy to help with anything else."),
    ("sources", "Based on the provided context, ", ""),
    ("sources", "According to the passage, ", ""),
    ("sources", "From the information given, ", ""),
    ("heading", "**Answer:** ", ""),
    ("heading", "Here is what the text says:\n- ", ""),
    ("heading", "Key point:\n", ""),
    ("abstention", "", " The passages do not say anything more about this."),
    ("abstention", "", " The document provided does not mention other details."),
)


def framed(answer: str, before: str, after: str) -> tuple[str, int, int]:
    """The framed answer (:func:`halluseq.augment.framing.frame`) and where the original answer now starts and
    ends."""
    text, start = frame(answer, ("", before, after))
    return text, start, start + len(answer)


def records(seed: int) -> list[dict]:
    """Faithful twins and edits of one context sentence per distinct context of the sources."""
    out = []
    for path in SOURCES:
        examples, _ = load(path)
        out += augment(examples, per_example=1, seed=seed, sentences_per_context=1, from_answers=False)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--model", default="default")
    parser.add_argument("--label", help="name of the result file (default: the model's name)")
    parser.add_argument("--seed", type=int, default=2)
    parser.add_argument("--max-records", type=int, default=1200, help="answers scored (plain and framed)")
    args = parser.parse_args()
    label = args.label or Path(args.model).name
    rng = random.Random(args.seed)
    chosen = records(args.seed)
    rng.shuffle(chosen)
    chosen = chosen[:args.max_records]
    framings = [rng.randrange(len(FRAMINGS)) for _ in chosen]
    wrapped = [framed(r["response"], *FRAMINGS[f][1:]) for r, f in zip(chosen, framings, strict=True)]
    detector = Detector.from_pretrained(args.model)
    plain = detector.predict_batch([{"context": r["context"], "answer": r["response"]} for r in chosen])
    framed_results = detector.predict_batch([{"context": r["context"], "answer": text}
                                             for r, (text, _, _) in zip(chosen, wrapped, strict=True)])
    by_framing: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    by_kind: dict[str, dict[str, list[bool]]] = defaultdict(lambda: defaultdict(list))
    flagged_framings = []
    for record, index, (text, start, end), before, after in zip(chosen, framings, wrapped, plain, framed_results,
                                                                strict=True):
        name = FRAMINGS[index][0]
        faithful = record["meta"]["kind"] == "faithful"
        row = by_framing[name]
        row["faithful_plain" if faithful else "edit_plain"].append(before.hallucinated)
        row["faithful_framed" if faithful else "edit_framed"].append(after.hallucinated)
        framing_words = [w for w in after.words if w.end <= start or w.start >= end]
        row["framing_prob"].append(float(np.mean([w.prob for w in framing_words])))
        framing_flagged = any(w.prob >= detector.threshold for w in framing_words)
        row["framing_flagged"].append(framing_flagged)
        by_kind[record["meta"]["kind"]]["plain"].append(before.hallucinated)
        by_kind[record["meta"]["kind"]]["framed"].append(after.hallucinated)
        if framing_flagged and len(flagged_framings) < 8:
            flagged_framings.append({"answer": text, "flagged": [s.text for s in after.spans]})
    result = {
        "benchmark": "framing", "model": args.model, "threshold": detector.threshold, "seed": args.seed,
        "answers": len(chosen), "machine": {"cpus": os.cpu_count(), "platform": platform.platform()},
        "by_framing": {name: {"answers": len(row["framing_prob"]),
                              **{key: float(np.mean(values)) for key, values in sorted(row.items())}}
                       for name, row in sorted(by_framing.items())},
        "by_kind": {kind: {"answers": len(row["plain"]), "flagged_plain": float(np.mean(row["plain"])),
                           "flagged_framed": float(np.mean(row["framed"]))} for kind, row in sorted(by_kind.items())},
        "flagged_framings": flagged_framings,
    }
    out = ROOT / "benchmarks" / "results" / f"framing_{label}.json"
    out.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(json.dumps({k: result[k] for k in ("threshold", "by_framing", "by_kind")}, indent=1))
    print(f"wrote {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
