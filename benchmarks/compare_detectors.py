"""Two or more detectors side by side: the metrics their ``config.json`` recorded when they were trained.

    .venv/bin/python benchmarks/compare_detectors.py NAME=SOURCE [NAME=SOURCE ...] [--out FILE.json]

A SOURCE is a detector folder (``runs/x/model``, ``halluseq/pretrained/default``) or ``REV:FOLDER`` for the folder as
committed at a git revision (``4d49029:halluseq/pretrained/default``). Prints a markdown table (threshold, flagged
share per synthetic kind, zero-shot and validation metrics) and writes it as JSON with ``--out``. Reads nothing but
the config files: no model runs.
"""

from __future__ import annotations

import argparse
import json
import subprocess
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SYNTHETIC = "synthetic_unseen (BEGIN + PsiloQA contexts)"
ABSTENTIONS = "synthetic_unseen_abstentions (BEGIN + PsiloQA contexts)"
ADDITIONS = "synthetic_unseen_additions (BEGIN + PsiloQA contexts)"
SPANS = {"psiloqa_eval_gpt (zero-shot, GPT-4o annotations)": "PsiloQA (GPT-4o)",
         "psiloqa_eval_annotator1 (zero-shot, human annotations)": "PsiloQA (annotator 1)",
         "psiloqa_eval_annotator2 (zero-shot, human annotations)": "PsiloQA (annotator 2)",
         "psiloqa_eval_annotator3 (zero-shot, human annotations)": "PsiloQA (annotator 3)",
         "xsumfaith (zero-shot)": "XSumFaith", "qags (zero-shot)": "QAGS"}
RESPONSES = {"frank (zero-shot, response labels)": "FRANK", "begin (zero-shot, response labels)": "BEGIN"}


def committed_file(source: str, name: str) -> bytes | None:
    """File ``name`` of a detector source ``REV:FOLDER`` as committed at the revision; None for a folder."""
    if ":" not in source or Path(source).exists():
        return None
    revision, folder = source.split(":", 1)
    return subprocess.run(["git", "show", f"{revision}:{folder.rstrip('/')}/{name}"], cwd=ROOT, capture_output=True,
                          check=True).stdout


def read_config(source: str) -> dict[str, Any]:
    """A detector's config.json from a folder, or from ``REV:FOLDER`` as committed."""
    committed = committed_file(source, "config.json")
    return json.loads(committed if committed is not None else (Path(source) / "config.json").read_bytes())


def rows(config: dict[str, Any]) -> dict[str, float | None]:
    """The compared numbers of one detector, by row label."""
    metrics = config["metrics"]
    out: dict[str, float | None] = {"threshold": config["threshold"]}
    for kind, entry in sorted(metrics.get(SYNTHETIC, {}).get("by_kind", {}).items()):
        out[f"synthetic unseen, {kind}: flagged"] = entry["flagged"]
    for kind, entry in sorted(metrics.get(ABSTENTIONS, {}).get("by_kind", {}).items()):
        out[f"unseen abstentions, {kind}: flagged"] = entry["flagged"]
    for kind, entry in sorted(metrics.get(ADDITIONS, {}).get("by_kind", {}).items()):
        out[f"unseen additions, {kind}: flagged"] = entry["flagged"]
    for key, name in SPANS.items():
        for metric in ("token_auc", "token_ap", "example_auc", "span_f1"):
            if key in metrics:
                out[f"{name} {metric}"] = metrics[key][metric]
        for part, entry in metrics.get(key, {}).get("by_dataset", {}).items():  # QAGS-C (CNN/DM), QAGS-X (XSum)
            for metric in ("token_auc", "example_auc"):
                out[f"{name}, {part} {metric}"] = entry[metric]
    for key, name in RESPONSES.items():
        if key in metrics:
            response = metrics[key]["response_level"]
            out[f"{name} response AUC"] = response["response_auc"]
            out[f"{name} faithful flagged"] = response["flagged_faithful"]
            out[f"{name} hallucinated flagged"] = response["flagged_hallucinated"]
            for part, entry in response.get("by_dataset", {}).items():
                out[f"{name}, {part} response AUC"] = entry["response_auc"]
    by_dataset = metrics["validation"].get("by_dataset", {})
    for dataset, entry in by_dataset.items():
        out[f"validation {dataset} token_auc"] = entry["token_auc"]
    if by_dataset:
        out["validation, mean token AUC over sources"] = sum(e["token_auc"] for e in by_dataset.values()) / len(
            by_dataset)
    return out


def table(named: dict[str, dict[str, float | None]]) -> str:
    """A markdown table, one column per detector, rows in the first one's order (then any others')."""
    labels = list(dict.fromkeys(label for values in named.values() for label in values))
    lines = ["| | " + " | ".join(named) + " |", "|---|" + "---|" * len(named)]
    for label in labels:
        cells = [values.get(label) for values in named.values()]
        lines.append(f"| {label} | " + " | ".join("—" if v is None else f"{v:.3f}" for v in cells) + " |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("detectors", nargs="+", metavar="NAME=SOURCE")
    parser.add_argument("--out", type=Path, help="write the compared numbers as JSON here")
    args = parser.parse_args()
    named = {}
    for item in args.detectors:
        name, _, source = item.partition("=")
        if not source:
            parser.error(f"{item!r}: expected NAME=SOURCE")
        named[name] = rows(read_config(source))
    print(table(named))
    if args.out:
        report = {"command": "python benchmarks/compare_detectors.py " + " ".join(args.detectors), "detectors": named}
        args.out.write_text(json.dumps(report, indent=2) + "\n")


if __name__ == "__main__":
    main()
