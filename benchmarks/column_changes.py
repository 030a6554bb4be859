"""What a change of code changes in one feature family's columns on the shared sets.

    .venv/bin/python benchmarks/column_changes.py --before REV [--family align] [--model default]
                                                  [--before-options JSON] [--now-options JSON] [--out NAME]

The family (with the options the bundled ``--model`` detector reads it with) is computed on the first
``MAX_EXAMPLES`` word-labelled answers of each shared set twice: by the code of git revision ``REV`` (checked out in
a temporary worktree and run in a subprocess) and by the working tree's. Per set and column that differs, the words
newly marked and no longer marked, each with its hallucinated share, and up to five of them in their answer; per
column also the words the revision's code marked and their hallucinated share (what the change adds to).
``--before-options`` reads the family with other options at the revision (a new option: ``'{}'``),
``--now-options`` with other options now (an option the model does not read). No model runs.
Writes ``benchmarks/results/<NAME>.json`` (``column_changes_<family>`` by default).
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np
from word_forms import MAX_EXAMPLES, SETS, share

ROOT = Path(__file__).resolve().parent.parent
SHOWN = 5


def family_options(model: str, family: str) -> dict:
    """The options the bundled ``model`` reads ``family`` with."""
    from halluseq.detector import bundled_model_path

    config = json.loads((bundled_model_path(model) / "config.json").read_text())
    for spec in config["features"]["families"]:
        spec = {"name": spec} if isinstance(spec, str) else spec
        if spec["name"] == family:
            return {k: v for k, v in spec.items() if k != "name"}
    raise SystemExit(f"the {model} detector reads no {family} family")


def shared_examples() -> dict:
    """Per shared set, its first ``MAX_EXAMPLES`` word-labelled answers."""
    from halluseq.data import load

    return {name: [e for e in load(path)[0] if e.word_labels and e.n_words > 0][:MAX_EXAMPLES]
            for name, path in SETS.items()}


def family_columns(family: str, options: dict, examples: dict) -> tuple[list[str], dict]:
    """The family's column names and, per set, its matrices, by the code importable here."""
    from halluseq.features.base import build

    extractor = build(family, **options)
    return extractor.columns, {name: extractor.extract(answers) for name, answers in examples.items()}


def compare(family: str, options: dict, before: str, before_options: dict) -> dict:
    """Per set and changed column, the words marked anew and no longer, between ``before`` and now."""
    examples = shared_examples()
    with tempfile.TemporaryDirectory() as tmp:
        tree, old = Path(tmp) / "tree", Path(tmp) / "before.pkl"
        subprocess.run(["git", "worktree", "add", "--detach", str(tree), before], cwd=ROOT, check=True,
                       capture_output=True)
        try:  # the revision's code in a process of its own: its package shadows the working tree's
            subprocess.run([sys.executable, __file__, "--dump", str(old), "--family", family,
                            "--options", json.dumps(before_options)], check=True,
                           env={**os.environ, "PYTHONPATH": str(tree)})
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT, check=True)
        columns, then = pickle.loads(old.read_bytes())
    columns_now, now = family_columns(family, options, examples)
    if columns != columns_now:
        raise SystemExit(f"the {family} columns differ: {columns} then, {columns_now} now")
    report = {}
    for name, answers in examples.items():
        labels = np.concatenate([e.labels for e in answers]).astype(bool)
        old_all, new_all = np.concatenate(then[name]) > 0, np.concatenate(now[name]) > 0
        words = [(e, w) for e in answers for w in e.words]
        changed = {}
        for j, column in enumerate(columns):
            added, dropped = new_all[:, j] & ~old_all[:, j], old_all[:, j] & ~new_all[:, j]
            if added.any() or dropped.any():
                shown = [f"{w.text} ({int(labels[k])}): {e.answer[max(w.start - 60, 0):w.end + 40]}"
                         for k, (e, w) in enumerate(words) if added[k] or dropped[k]][:SHOWN]
                changed[column] = {"before": share(labels, old_all[:, j]), "added": share(labels, added),
                                   "dropped": share(labels, dropped), "shown": shown}
        report[name] = {"answers": len(answers), "words": int(labels.size), "changed": changed}
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", help="git revision whose code is compared with the working tree's")
    parser.add_argument("--family", default="align")
    parser.add_argument("--model", default="default", help="bundled detector whose options of the family are read")
    parser.add_argument("--before-options", type=json.loads,
                        help="the family's options at the revision, a JSON object (default: the model's)")
    parser.add_argument("--now-options", type=json.loads,
                        help="the family's options now, a JSON object (default: the model's)")
    parser.add_argument("--out", help="result name under benchmarks/results")
    parser.add_argument("--dump", help=argparse.SUPPRESS)
    parser.add_argument("--options", type=json.loads, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.dump:  # in the revision's process (compare): pickle (columns, per set [matrix, ...])
        Path(args.dump).write_bytes(pickle.dumps(family_columns(args.family, args.options, shared_examples())))
        return
    if not args.before:
        parser.error("--before REV is required")
    # the commit, not a name that moves ("HEAD", a branch): the result file says what it compared
    args.before = subprocess.run(["git", "rev-parse", "--short", args.before], cwd=ROOT, check=True,
                                 capture_output=True, text=True).stdout.strip()
    read = family_options(args.model, args.family)
    options = read if args.now_options is None else args.now_options
    before_options = read if args.before_options is None else args.before_options
    out = args.out or f"column_changes_{args.family}"
    command = (f"python benchmarks/column_changes.py --before {args.before} --family {args.family} --model {args.model}"
               + (f" --before-options '{json.dumps(before_options)}'" if args.before_options is not None else "")
               + (f" --now-options '{json.dumps(options)}'" if args.now_options is not None else "")
               + (f" --out {args.out}" if args.out else ""))
    report = {"command": command, "before": args.before, "family": args.family, "options": options,
              "before_options": before_options, "max_examples": MAX_EXAMPLES,
              "sets": compare(args.family, options, args.before, before_options)}
    path = ROOT / "benchmarks" / "results" / f"{out}.json"
    path.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n")
    for name, entry in report["sets"].items():
        for column, change in entry["changed"].items():
            print(f"{name:10} {column:24} added {change['added']} dropped {change['dropped']} "
                  f"before {change['before']}")
    print(f"wrote {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
