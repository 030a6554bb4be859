"""What reading tokenised text whole does to one detector: the records of the shared evaluation sets that hold a word a
tokeniser split or escaped ("10, 000", "did n't", "surrey\\'s"), scored as read now and as split.

    .venv/bin/python benchmarks/tokenised_text.py [--model default] [--label NAME] [--sets qags,frank,...]

Per set (QAGS-C, QAGS-X, FRANK-cnndm, FRANK-bbc, XSumFaith, BEGIN: every zero-shot set that labels whole responses), the
records whose context or response :func:`halluseq.data.tokenised.rejoin` changes, and on them, with the same
weights, each way of reading: the flagged share of the faithful and of the hallucinated responses at the detector's
threshold and the response AUC. "As split" reads every text as written (``rejoin`` is set to return its text for
that run). Writes ``benchmarks/results/tokenised_text_<label>.json``.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from hand_claims import load_detector
from sklearn.metrics import roc_auc_score

import halluseq.data.example
import halluseq.data.sentences
import halluseq.data.words
from halluseq.data.tokenised import rejoin

ROOT = Path(__file__).resolve().parent.parent
SETS = ("../shared/data/spans/qags.jsonl", "../shared/data/spans/frank.jsonl", "../shared/data/spans/xsumfaith.jsonl",
        "../shared/data/spans/begin.jsonl")
READERS = (halluseq.data.example, halluseq.data.sentences, halluseq.data.words)  # the modules that call rejoin


@contextmanager
def read_as_written() -> Iterator[None]:
    """Every text read as written while the block runs: ``rejoin`` returns its text."""
    for module in READERS:
        module.rejoin = lambda text: text
    try:
        yield
    finally:
        for module in READERS:
            module.rejoin = rejoin


def touched(path: Path) -> dict[str, list[dict]]:
    """The records of a generic JSONL file whose context or response reads otherwise whole, by their ``dataset``."""
    out: dict[str, list[dict]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        if rejoin(record["context"]) != record["context"] or rejoin(record["response"]) != record["response"]:
            out.setdefault(record["dataset"], []).append(record)
    return out


def verdicts(detector, records: list[dict]) -> dict:
    """Flagged shares of faithful and hallucinated responses and the response AUC."""
    results = detector.predict_batch([{"context": r["context"], "answer": r["response"]} for r in records])
    labels = [bool(r["response_label"]) for r in records]
    scores = [result.score for result in results]
    flags = [result.hallucinated for result in results]
    faithful = [f for f, y in zip(flags, labels, strict=True) if not y]
    hallucinated = [f for f, y in zip(flags, labels, strict=True) if y]
    return {"faithful_flagged": sum(faithful) / max(len(faithful), 1),
            "hallucinated_flagged": sum(hallucinated) / max(len(hallucinated), 1),
            "response_auc": roc_auc_score(labels, scores) if 0 < sum(labels) < len(labels) else None}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--model", default="default")
    parser.add_argument("--label", help="name of the result file (default: the model's name)")
    parser.add_argument("--sets", help="comma-separated file names to read (qags,frank,xsumfaith,begin; default: all)")
    args = parser.parse_args()
    chosen = [p for p in SETS if not args.sets or Path(p).stem in args.sets.split(",")]
    label = args.label or Path(args.model.rpartition(":")[2]).name
    detector = load_detector(args.model)
    parts = {}
    for path in chosen:
        for part, records in touched(ROOT / path).items():
            with read_as_written():
                split = verdicts(detector, records)
            parts[part] = {"records": len(records), "hallucinated": sum(bool(r["response_label"]) for r in records),
                           "read_whole": verdicts(detector, records), "read_as_split": split}
            print(part, json.dumps(parts[part]))
    sets = f" --sets {args.sets}" if args.sets else ""
    report = {"command": f"python benchmarks/tokenised_text.py --model {args.model} --label {label}{sets}",
              "model": label, "threshold": detector.threshold, "sets": parts}
    out = ROOT / "benchmarks" / "results" / f"tokenised_text_{label}.json"
    out.write_text(json.dumps(report, indent=2) + "\n")
    print(f"wrote {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
