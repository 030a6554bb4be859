"""Command line: parses arguments and calls the library (``halluseq --help``)."""

from __future__ import annotations

import argparse
import json
import sys
from importlib import resources
from pathlib import Path

import numpy as np

from halluseq.data import DataFormatError, Example, load
from halluseq.features import FeaturePipeline, FeatureStore, load_feature_config
from halluseq.paths import cache_dir

DEMO_COLUMNS = ["in_context", "is_number", "novel_number", "bigram_in_context", "trigram_in_context",
                "is_entity", "consecutive_novel", "window_5_novelty"]


def _add_data_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--format", default="auto", help="auto, ragtruth, psiloqa or generic")
    parser.add_argument("--skip-bad", action="store_true", help="skip malformed records and report them")


def _pipeline(args: argparse.Namespace) -> FeaturePipeline:
    families = args.families.split(",") if args.families else None
    config = load_feature_config(args.config, families)
    store = None if args.no_cache else FeatureStore(cache_dir(args.cache_dir) / "features")
    return FeaturePipeline.from_config(config, store=store)


def cmd_data_stats(args: argparse.Namespace) -> int:
    _, report = load(args.path, format=args.format, skip_bad=args.skip_bad)
    print(json.dumps(report.to_dict(), indent=2) if args.json else report)
    return 0


def cmd_features(args: argparse.Namespace) -> int:
    examples, report = load(args.data, format=args.format, skip_bad=args.skip_bad)
    if report.skipped:
        print(f"{len(report.skipped)} records skipped (see `halluseq data stats {args.data}`)", file=sys.stderr)
    examples = examples[: args.limit] if args.limit else examples
    pipeline = _pipeline(args)
    matrices = pipeline.transform(examples, progress=not args.quiet)
    stacked = np.concatenate(matrices) if matrices else np.zeros((0, len(pipeline.columns)), np.float32)
    print(f"{len(examples)} examples, {stacked.shape[0]} words x {stacked.shape[1]} features "
          f"({', '.join(e.name for e in pipeline.extractors)})")
    print(f"{'column':<28}{'mean':>10}{'std':>10}{'min':>10}{'max':>10}")
    for name, column in zip(pipeline.columns, stacked.T, strict=True):
        if len(column):
            print(f"{name:<28}{column.mean():>10.4f}{column.std():>10.4f}{column.min():>10.4f}{column.max():>10.4f}")
    if args.out:
        np.savez_compressed(args.out, values=stacked, lengths=np.array([e.n_words for e in examples]),
                            columns=np.array(pipeline.columns), ids=np.array([e.id for e in examples]),
                            labels=np.concatenate([e.labels for e in examples]) if examples else np.zeros(0))
        print(f"wrote {args.out}")
    return 0


def cmd_train(args: argparse.Namespace) -> int:
    from halluseq.evaluate import run_table
    from halluseq.train import load_config, quiet_lightning, train

    quiet_lightning()
    config = load_config(args.config, data=args.data, seed=args.seed,
                         families=args.families.split(",") if args.families else None)
    run_dir = args.out or Path("runs") / f"{config['model']['name']}-seed{config['seed']}"
    results = train(config, run_dir, progress=not args.quiet)
    print(run_table(run_dir))
    print(f"\nrun folder: {run_dir} ({results['wall_seconds']:.1f} s)")
    return 0


def cmd_evaluate(args: argparse.Namespace) -> int:
    from halluseq.evaluate import run_table

    print(run_table(args.run_dir))
    return 0


def word_table(example: Example, matrix: np.ndarray, columns: list[str], shown: list[str]) -> str:
    """A per-word table: word, gold label and the chosen feature columns."""
    picks = [columns.index(name) for name in shown]
    header = f"{'#':>4} {'word':<18}{'gold':>5} " + " ".join(f"{name[:11]:>11}" for name in shown)
    rows = [header, "-" * len(header)]
    for i, (word, label) in enumerate(zip(example.words, example.labels, strict=True)):
        values = " ".join(f"{matrix[i, j]:>11.2f}" for j in picks)
        rows.append(f"{i:>4} {word.text[:18]:<18}{int(label):>5} {values}")
    return "\n".join(rows)


def cmd_demo(args: argparse.Namespace) -> int:
    path = resources.files("halluseq") / "examples" / "ragtruth_qa.jsonl"
    with resources.as_file(path) as file:
        examples, _ = load(file)
    example = examples[0]
    pipeline = FeaturePipeline.from_config(load_feature_config())
    matrix = pipeline.transform([example], progress=False)[0]
    print(f"Example {example.id} ({example.generator}); question: {example.question}")
    print(f"Answer: {example.answer}\n")
    print(f"Gold hallucinated spans: {[example.answer[s.start:s.end] for s in example.spans]}\n")
    print(word_table(example, matrix, pipeline.columns, DEMO_COLUMNS))
    print(f"\n{matrix.shape[0]} words x {matrix.shape[1]} features ({', '.join(pipeline.columns[:3])}, ...)")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="halluseq", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)

    data = commands.add_parser("data", help="dataset commands").add_subparsers(dest="data_command", required=True)
    stats = data.add_parser("stats", help="print the load report of a dataset")
    stats.add_argument("path", type=Path)
    stats.add_argument("--json", action="store_true", help="print the report as JSON")
    _add_data_arguments(stats)
    stats.set_defaults(func=cmd_data_stats)

    features = commands.add_parser("features", help="extract (through the cache) and summarise features")
    features.add_argument("--data", type=Path, required=True)
    features.add_argument("--families", help="comma-separated families in column order (default: config's)")
    features.add_argument("--config", type=Path, help="YAML with a 'features' section (configs/features.yaml)")
    features.add_argument("--limit", type=int, help="only the first N examples")
    features.add_argument("--out", type=Path, help="write values, lengths, columns, ids, labels to .npz")
    features.add_argument("--cache-dir", type=Path, help="cache root (default: $HALLUSEQ_CACHE or ~/.cache)")
    features.add_argument("--no-cache", action="store_true", help="compute without reading or writing the cache")
    features.add_argument("--quiet", action="store_true", help="no progress bar")
    _add_data_arguments(features)
    features.set_defaults(func=cmd_features)

    train = commands.add_parser("train", help="train a model under its protocol and write a run folder")
    train.add_argument("--config", type=Path, required=True, help="configs/<model>.yaml")
    train.add_argument("--data", type=Path, help="dataset path (overrides the config)")
    train.add_argument("--seed", type=int, help="model seed (overrides the config)")
    train.add_argument("--families", help="comma-separated feature families (overrides the config)")
    train.add_argument("--out", type=Path, help="run folder (default: runs/<model>-seed<N>)")
    train.add_argument("--quiet", action="store_true", help="no progress bars")
    train.set_defaults(func=cmd_train)

    evaluate = commands.add_parser("evaluate", help="print the metric table of a run folder")
    evaluate.add_argument("run_dir", type=Path)
    evaluate.set_defaults(func=cmd_evaluate)

    demo = commands.add_parser("demo", help="features of a shipped RAGTruth example as a per-word table")
    demo.set_defaults(func=cmd_demo)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except (DataFormatError, FileNotFoundError, ValueError) as error:
        print(f"halluseq: error: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
