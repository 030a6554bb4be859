"""Command line: parses arguments and calls the library (``halluseq --help``)."""

from __future__ import annotations

import argparse
import json
import logging
import sys
from importlib import resources
from pathlib import Path

import numpy as np

from halluseq.console import LOGGER
from halluseq.data import DataFormatError, load
from halluseq.features import FeaturePipeline, FeatureStore, load_feature_config
from halluseq.files import atomic_write
from halluseq.paths import cache_dir

MODEL_HELP = ("a bundled detector (default: text statistics and lexical alignment, fast; full: every feature family) "
              "or a saved detector folder (./full for a folder named like a bundled detector)")


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


def cmd_augment(args: argparse.Namespace) -> int:
    from halluseq.augment import KINDS, write_augmented

    examples, report = load(args.data, format=args.format, skip_bad=args.skip_bad)
    if report.skipped:
        print(f"{len(report.skipped)} records skipped (see `halluseq data stats {args.data}`)", file=sys.stderr)
    kinds = args.kinds.split(",") if args.kinds else list(KINDS)
    made = write_augmented(examples, args.out, kinds=kinds, per_example=args.per_example, seed=args.seed,
                           sentences_per_context=args.context_sentences, from_answers=not args.no_answers,
                           fragments_per_context=args.context_fragments,
                           paraphrase_words=args.paraphrase_words, framing=args.framing,
                           abstentions=args.abstentions, respell_amounts=args.respell_amounts,
                           strict_names=args.strict_names,
                           extra_kinds=args.extra_kinds.split(",") if args.extra_kinds else ())
    print(made)
    print(f"wrote {args.out}")
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
    # per column, also its mean over the hallucinated and over the faithful words of word-labelled examples
    labelled = np.concatenate([np.full(e.n_words, e.word_labels) for e in examples]) if examples else np.zeros(0, bool)
    labels = np.concatenate([e.labels for e in examples]).astype(bool) if examples else np.zeros(0, bool)
    groups = {"halluc": labelled & labels, "faithful": labelled & ~labels}
    print(f"{'column':<28}{'mean':>10}{'std':>10}{'min':>10}{'max':>10}{'halluc':>10}{'faithful':>10}")
    for name, column in zip(pipeline.columns, stacked.T, strict=True):
        if len(column):
            means = "".join(f"{column[rows].mean() if rows.any() else np.nan:>10.4f}" for rows in groups.values())
            print(f"{name:<28}{column.mean():>10.4f}{column.std():>10.4f}{column.min():>10.4f}{column.max():>10.4f}"
                  f"{means}")
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


def cmd_sweep(args: argparse.Namespace) -> int:
    from halluseq.sweep import load_sweep_config, run_sweep
    from halluseq.train import quiet_lightning

    quiet_lightning()
    sweep = load_sweep_config(args.config, workers=args.workers)
    out = args.out or Path(sweep["out"])
    summary = run_sweep(sweep, out, progress=not args.quiet)
    print(f"{summary['trained']} runs trained, {summary['skipped']} already done, of {summary['runs']} "
          f"({summary['wall_seconds']:.1f} s); next: halluseq report {out}")
    return 0


def cmd_report(args: argparse.Namespace) -> int:
    from halluseq.report import write_report

    for path in write_report(args.dir, progress=not args.quiet, baseline=args.baseline).values():
        print(f"wrote {path}")
    return 0


def _read_text(value: str, what: str) -> str:
    if value == "-":
        return sys.stdin.read()
    path = Path(value)
    if not path.exists():
        raise FileNotFoundError(f"{path}: no such {what} file (use - for standard input)")
    return path.read_text(encoding="utf-8")


def _detector(args: argparse.Namespace):
    from halluseq.detector import Detector

    return Detector.from_pretrained(args.model)


def cmd_detect(args: argparse.Namespace) -> int:
    from halluseq.render import html_page, text_report

    if args.context == "-" and args.answer == "-":
        raise ValueError("only one of --context and --answer can come from standard input")
    result = _detector(args).predict(_read_text(args.context, "context"), _read_text(args.answer, "answer"),
                                     args.question)
    if args.format == "json":
        print(result.to_json(indent=2))
    elif args.format == "html":
        print(html_page([result]))
    else:
        print(text_report(result, color=sys.stdout.isatty()))
    if args.html:
        args.html.write_text(html_page([result]), encoding="utf-8")
    return 0 if result.status == "ok" else 3


def cmd_detect_batch(args: argparse.Namespace) -> int:
    from halluseq.batch import detect_file

    summary = detect_file(_detector(args), args.input, args.output, args.input_format, progress=not args.quiet,
                          html=args.html)
    print(json.dumps(summary, indent=2))
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    import uvicorn

    from halluseq.server import create_app

    app = create_app(_detector(args), max_body_bytes=args.max_body_bytes, max_queue=args.max_queue,
                     batch_window_s=args.batch_window_ms / 1000, time_budget_s=args.time_budget)
    # SIGTERM / Ctrl-C: stop accepting, give in-flight requests a short grace period, then exit
    uvicorn.run(app, host=args.host, port=args.port, timeout_graceful_shutdown=args.grace)
    return 0


def cmd_train_detector(args: argparse.Namespace) -> int:
    from halluseq.detector import bundled_model_path, fit_detector
    from halluseq.train import load_config, quiet_lightning

    quiet_lightning()
    config = load_config(args.config, data=args.data, seed=args.seed)
    if args.seed is not None:
        config.pop("seeds", None)  # that seed alone, no selection among the config's seeds and no ensemble
        config.pop("ensemble", None)
    out = args.out or bundled_model_path(config.get("bundled", "default"))
    detector = fit_detector(config, out, args.run_dir, progress=not args.quiet)
    print(json.dumps(detector.meta["metrics"], indent=2))
    print(f"saved {out}")
    return 0


def cmd_train_nli(args: argparse.Namespace) -> int:
    from halluseq.nli.model import bundled_nli_path
    from halluseq.nli.training import load_nli_config, report_markdown, train_nli
    from halluseq.train import quiet_lightning

    quiet_lightning()
    config = load_nli_config(args.config)
    if args.data:
        config["data"] = str(args.data)
    out = args.out or (Path(config["out"]) if config["out"] else bundled_nli_path(config["name"]))
    summary = train_nli(config, out, progress=not args.quiet, log_dir=args.run_dir, stop_at_step=args.stop_at_step)
    if "stopped_at" in summary:
        print(f"stopped at step {summary['stopped_at']} of {summary['steps']}; the same command continues from "
              f"{summary['checkpoint']}")
        return 0
    print(report_markdown(summary["evaluation"]))
    print(f"{summary['pairs']} pairs, {summary['train_seconds']:.0f} s; saved {out}")
    return 0


def cmd_evaluate_nli(args: argparse.Namespace) -> int:
    from halluseq.nli.data import EVALUATION_FILES
    from halluseq.nli.model import load_nli_model
    from halluseq.nli.training import evaluate_files, evaluate_minimal_edits, report_markdown

    model, tokenizer = load_nli_model(args.model)
    files = args.files.split(",") if args.files else list(EVALUATION_FILES)
    report = evaluate_files(model, tokenizer, args.data, files, args.max_length, progress=not args.quiet)
    if args.minimal_edits:
        report |= evaluate_minimal_edits(model, tokenizer, args.data, files, args.max_length, progress=not args.quiet)
    print(json.dumps(report, indent=2) if args.json else report_markdown(report))
    return 0


def _number(value: float | None) -> str:
    """A metric for the console: three decimals, or ``n/a`` where one class alone leaves it undefined."""
    return "n/a" if value is None else f"{value:.3f}"


def cmd_evaluate_detector(args: argparse.Namespace) -> int:
    from halluseq.data.sources import cap_by_group
    from halluseq.detector import Detector, evaluate_detector
    from halluseq.evaluate import metric_table

    examples, _ = load(args.data, format=args.format, skip_bad=args.skip_bad)
    if args.max_examples:
        examples = cap_by_group(examples, args.max_examples, args.seed)
    detector = Detector.from_pretrained(args.model)
    report = {"model": args.model, "data": str(args.data), "threshold": detector.threshold,
              **evaluate_detector(detector, examples, progress=not args.quiet)}
    if args.json:
        atomic_write(args.json, lambda tmp: Path(tmp).write_text(json.dumps(report, indent=2), encoding="utf-8"))
    print(f"{args.model} on {args.data}: {report['examples']} answers with word labels, "
          f"threshold {detector.threshold:.3f}")
    if "token_auc" in report:
        print(metric_table({"all": report}))
    else:
        print("no hallucinated word among the word-labelled answers: word-level metrics skipped")
    if "response_level" in report:
        row = report["response_level"]
        print(f"response level: {row['answers']} answers ({row['hallucinated']} hallucinated, "
              f"{row['without_word_labels']} labelled per response only): AUC {_number(row['response_auc'])}, "
              f"AP {_number(row['response_ap'])}, flagged {_number(row['flagged_hallucinated'])} of the hallucinated "
              f"and {_number(row['flagged_faithful'])} of the faithful")
        for name, part in row.get("by_dataset", {}).items():
            print(f"  {name:<18} {part['answers']:>6} answers  AUC {_number(part['response_auc'])}  flagged "
                  f"{_number(part['flagged_hallucinated'])} / {_number(part['flagged_faithful'])}")
    for kind, row in report.get("by_kind", {}).items():
        extra = "".join(f"  {key} {row[key]:.3f}" for key in ("span_hit", "auc_vs_faithful") if key in row)
        print(f"  {kind:<18} {row['answers']:>6} answers  flagged {row['flagged']:.3f}{extra}")
    return 0


# the demo's shipped answers: file in halluseq/examples, heading
DEMO_FILES = (("ragtruth_qa.jsonl", "RAGTruth QA answers from the validation part of the bundled detector's corpus"),
              ("claims.jsonl", "One-line claims written by hand against a two-sentence context"))


def cmd_demo(args: argparse.Namespace) -> int:
    from halluseq.detector import Detector
    from halluseq.render import text_report

    detector = Detector.from_pretrained()
    families = ", ".join(f["name"] for f in detector.pipeline.to_config()["families"])
    print(f"Bundled detector: {detector.model_name} over {len(detector.pipeline.columns)} features "
          f"({families}); none of the answers below was trained on.\n")
    for name, title in DEMO_FILES:
        with resources.as_file(resources.files("halluseq") / "examples" / name) as file:
            examples, _ = load(file)
        print(f"##### {title} (halluseq/examples/{name})\n")
        results = detector.predict_batch([{"id": e.id, "context": e.context, "answer": e.answer,
                                           "question": e.question} for e in examples])
        for example, result in zip(examples, results, strict=True):
            print(f"=== {example.id} ({example.generator}); question: {example.question}")
            print(f"gold hallucinated spans: {[example.answer[s.start:s.end] for s in example.spans]}")
            print(text_report(result, color=sys.stdout.isatty()), end="\n\n")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="halluseq", description=__doc__)
    parser.add_argument("--verbose", action="store_true",
                        help="debug logging, with third-party load reports and warnings (halluseq --verbose CMD)")
    commands = parser.add_subparsers(dest="command", required=True)

    data = commands.add_parser("data", help="dataset commands").add_subparsers(dest="data_command", required=True)
    stats = data.add_parser("stats", help="print the load report of a dataset")
    stats.add_argument("path", type=Path)
    stats.add_argument("--json", action="store_true", help="print the report as JSON")
    _add_data_arguments(stats)
    stats.set_defaults(func=cmd_data_stats)

    augment = commands.add_parser("augment", help="synthetic hallucinations with exact spans (generic JSONL out)")
    augment.add_argument("--data", type=Path, required=True, help="any loadable dataset")
    augment.add_argument("--out", type=Path, required=True, help="output JSONL (generic span schema)")
    augment.add_argument("--kinds", help="comma-separated kinds (default: all but the named-only ones): number, "
                         "amount, date, unit, entity_intrinsic, entity_extrinsic, negation, antonym, splice, swap, "
                         "faithful; named only: number_intrinsic (another number of the context), entity_near and "
                         "number_near (another name / number of the context sentence the base's sentence copies), "
                         "ordinal (an ordinal in digits moved by one to three ranks: 17th -> 16th), entity_opening "
                         "(a one-word name that opens a sentence swapped), list_item (an item the context lacks added "
                         "to a list: 'nausea, vomiting and diarrhoea'), clause (another document's sentence joined to "
                         "the end of a sentence as a clause)")
    augment.add_argument("--per-example", type=int, default=2, help="edited copies per base (default 2)")
    augment.add_argument("--context-sentences", type=int, default=1,
                         help="context sentences per distinct context used as short answers (default 1)")
    augment.add_argument("--context-fragments", type=int, default=0,
                         help="names or numbers per distinct context cut out as one-phrase answers (default 0)")
    augment.add_argument("--no-answers", action="store_true", help="do not edit the dataset's faithful answers")
    augment.add_argument("--paraphrase-words", type=int, default=0,
                         help="reword each base first by this many WordNet synonym swaps (default 0: verbatim)")
    augment.add_argument("--framing", type=float, default=0.0,
                         help="share of bases whose twin and edits get a courtesy, source reference, heading or "
                              "abstention around them, outside every span (default 0)")
    augment.add_argument("--abstentions", type=float, default=0.0,
                         help="share of the other bases whose twin and edits get a true abstention after them (the "
                              "sources do not mention a name from another document), outside every span, and which "
                              "give one more record with a false one (kind abstention: a name the context holds) "
                              "(default 0)")
    augment.add_argument("--respell-amounts", type=float, default=0.0,
                         help="share of bases (twin and edits alike) whose counts below 100 are written the other "
                              "way: digits as words, words as digits (default 0)")
    augment.add_argument("--strict-names", action="store_true",
                         help="name swaps put in no adjective (American), no other form of the name (Canada for "
                              "Canadian), no name of its list in the context and none the context has next to the "
                              "same words (default: off, the rules the bundled detectors were trained on)")
    augment.add_argument("--extra-kinds",
                         help="comma-separated kinds made besides each base's --per-example edits, once per base where "
                              "they apply, leaving the other records as they were (e.g. entity_opening)")
    augment.add_argument("--seed", type=int, default=0)
    _add_data_arguments(augment)
    augment.set_defaults(func=cmd_augment)

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

    sweep = commands.add_parser("sweep", help="models x seeds x feature sets, LOMO and transfer runs (resumable)")
    sweep.add_argument("--config", type=Path, required=True, help="configs/sweep.yaml")
    sweep.add_argument("--out", type=Path, help="sweep folder (default: the config's out)")
    sweep.add_argument("--workers", type=int, help="runs trained at once, one process each (default: the config's "
                       "workers); the numbers do not change")
    sweep.add_argument("--quiet", action="store_true", help="no progress bar")
    sweep.set_defaults(func=cmd_sweep)

    report = commands.add_parser("report", help="report.md, report.html and results.json of a sweep or run folder")
    report.add_argument("dir", type=Path, help="a sweep folder (halluseq sweep) or a run folder (halluseq train)")
    report.add_argument("--quiet", action="store_true", help="no progress bars")
    report.add_argument("--baseline", type=Path, help="an earlier report's results.json (or its folder): every mean "
                                                       "beside the baseline's, moves over one seed-std marked")
    report.set_defaults(func=cmd_report)

    detect = commands.add_parser("detect", help="score one answer against its context")
    detect.add_argument("--context", required=True, help="context file, or - for standard input")
    detect.add_argument("--answer", required=True, help="answer file, or - for standard input")
    detect.add_argument("--question", help="the question, if any")
    detect.add_argument("--format", choices=("text", "json", "html"), default="text")
    detect.add_argument("--html", type=Path, help="also write a highlighted HTML page here")
    detect.add_argument("--model", default="default", help=MODEL_HELP)
    detect.set_defaults(func=cmd_detect)

    batch = commands.add_parser("detect-batch", help="score a dataset file into JSONL (resumable)")
    batch.add_argument("input", type=Path, help="RAGTruth folder / response.jsonl, generic JSONL, PsiloQA file")
    batch.add_argument("output", type=Path, help="results JSONL (appended; records already there are kept)")
    batch.add_argument("--input-format", default="auto", help="auto, ragtruth, psiloqa or generic")
    batch.add_argument("--html", type=Path, help="also write a highlighted HTML page of the results of this run")
    batch.add_argument("--model", default="default", help=MODEL_HELP)
    batch.add_argument("--quiet", action="store_true", help="no progress bar")
    batch.set_defaults(func=cmd_detect_batch)

    evaluate_det = commands.add_parser("evaluate-detector", help="metrics of a detector at its threshold on a "
                                       "labelled dataset (per kind for synthetic data from halluseq augment)")
    evaluate_det.add_argument("--data", type=Path, required=True, help="any loadable dataset with word labels")
    evaluate_det.add_argument("--model", default="default", help=MODEL_HELP)
    evaluate_det.add_argument("--max-examples", type=int, help="whole groups in a seeded order up to this many")
    evaluate_det.add_argument("--seed", type=int, default=0)
    evaluate_det.add_argument("--json", type=Path, help="also write the full report here")
    evaluate_det.add_argument("--quiet", action="store_true", help="no progress bar")
    _add_data_arguments(evaluate_det)
    evaluate_det.set_defaults(func=cmd_evaluate_detector)

    serve = commands.add_parser("serve", help="REST service: POST /detect, POST /detect/batch, GET /health")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--model", default="default", help=MODEL_HELP)
    serve.add_argument("--max-body-bytes", type=int, default=10_000_000, help="larger requests get 413")
    serve.add_argument("--max-queue", type=int, default=64, help="requests waiting beyond this get 503")
    serve.add_argument("--batch-window-ms", type=float, default=10.0,
                       help="concurrent requests arriving within this window are scored as one batch")
    serve.add_argument("--time-budget", type=float, default=60.0, help="seconds per request before a 504")
    serve.add_argument("--grace", type=float, default=3.0, help="seconds in-flight requests get on SIGTERM")
    serve.set_defaults(func=cmd_serve)

    fit = commands.add_parser("train-detector", help="train and save a detector (default: the bundled one)")
    fit.add_argument("--config", type=Path, required=True, help="configs/detector.yaml")
    fit.add_argument("--data", type=Path, help="training data (overrides the config)")
    fit.add_argument("--seed", type=int, help="train this seed only (default: the config's seed, or its seeds, "
                                              "the best on the validation part kept)")
    fit.add_argument("--out", type=Path, help="output folder (default: the bundled model the config names)")
    fit.add_argument("--run-dir", type=Path, default=Path("runs") / "detector", help="checkpoints and logs")
    fit.add_argument("--quiet", action="store_true")
    fit.set_defaults(func=cmd_train_detector)

    nli = commands.add_parser("train-nli", help="fine-tune the NLI model (resumable), then write its evaluation")
    nli.add_argument("--config", type=Path, required=True, help="configs/nli.yaml")
    nli.add_argument("--data", type=Path, help="folder of NLI JSONL files (overrides the config)")
    nli.add_argument("--out", type=Path, help="model folder (default: the bundled model the config names)")
    nli.add_argument("--run-dir", type=Path, default=Path("runs") / "nli",
                     help="training log (CSV) and checkpoints; a run with the same folder resumes from its last one")
    nli.add_argument("--stop-at-step", type=int, help="checkpoint and stop at this global step (continue later)")
    nli.add_argument("--quiet", action="store_true")
    nli.set_defaults(func=cmd_train_nli)

    nli_eval = commands.add_parser("evaluate-nli", help="accuracy and confusion matrix of an NLI model per file")
    nli_eval.add_argument("--model", default="halluseq-nli", help="halluseq-nli, an adapters folder or a HF id")
    nli_eval.add_argument("--data", type=Path, default=Path("../shared/data/nli"))
    nli_eval.add_argument("--files", help="comma-separated file names (default: the evaluation files)")
    nli_eval.add_argument("--max-length", type=int, default=128)
    nli_eval.add_argument("--minimal-edits", action="store_true",
                          help="also the accuracy per edit kind on minimal edits of these files' premises")
    nli_eval.add_argument("--json", action="store_true")
    nli_eval.add_argument("--quiet", action="store_true")
    nli_eval.set_defaults(func=cmd_evaluate_nli)

    demo = commands.add_parser("demo", help="score a shipped RAGTruth answer with the bundled detector")
    demo.set_defaults(func=cmd_demo)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.verbose:
        logging.basicConfig(level=logging.DEBUG)
        logging.getLogger(LOGGER).setLevel(logging.DEBUG)
    try:
        return args.func(args)
    except (DataFormatError, FileNotFoundError, ValueError) as error:
        print(f"halluseq: error: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
