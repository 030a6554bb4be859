"""The bundled detectors' cost per answer against one ModernBERT-base forward (LettuceDetect-base's architecture).

    .venv/bin/python benchmarks/modernbert_ratio.py [--answers 16] [--rounds 3] [--max-length 4096]
        [--models default,full] [--answers-per-context K]

On RAGTruth-QA answers with a context, in one process and in alternating rounds (so drift of the machine hits every
contender alike), it times per answer on ``--answers`` answers per round and batch size. No answer is scored twice:
each (round, batch size) has its own answers, which every contender scores once (a detector remembers the passes
of answers it has seen, which would make a second look free). By default each answer has a context of its own
(one answer per RAGTruth source: a user scoring unrelated answers); ``--answers-per-context K`` takes K answers of
each source instead (RAGTruth has six per source: batch scoring and reranking, where a detector reads a shared
context once). It times:

- ``modernbert``: one forward of a randomly initialised ``transformers.ModernBertForTokenClassification``
  (``ModernBertConfig()``: the base size) over (question + context, answer), the context truncated so the pair
  fits ``--max-length`` tokens (the answer is never cut), at batch 1 and batch 8. The input ids come from the
  installed MiniLM WordPiece tokenizer (no ModernBERT tokenizer installs offline; lengths are comparable);
- ``Detector.predict`` (batch 1) and ``Detector.predict_batch`` (batch 8) of each bundled detector.

Writes ``benchmarks/results/modernbert_ratio.json`` (``--out``): seconds per answer (median over rounds) and each
detector's ratio to the ModernBERT forward at the same batch size.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import torch
from answers import by_source, per_source

from halluseq.data import load
from halluseq.data.example import Example
from halluseq.detector import Detector

ROOT = Path(__file__).resolve().parents[1]
BATCH = 8


def modernbert_forward(max_length: int) -> Callable[[Sequence[Example]], None]:
    """A function running one ModernBERT-base token-classification forward over a batch of answers."""
    from transformers import AutoTokenizer, ModernBertConfig, ModernBertForTokenClassification

    from halluseq.nli.model import minilm_path

    torch.manual_seed(0)
    model = ModernBertForTokenClassification(ModernBertConfig(num_labels=2)).eval()
    tokenizer = AutoTokenizer.from_pretrained(minilm_path())
    tokenizer.model_max_length = max_length

    @torch.inference_mode()
    def forward(examples: Sequence[Example]) -> None:
        firsts = [f"{e.question or ''} {e.context}".strip() for e in examples]
        inputs = tokenizer(firsts, [e.answer for e in examples], truncation="only_first", max_length=max_length,
                           padding=True, return_tensors="pt", return_token_type_ids=False)
        model(**inputs)
    return forward


def timed(run: Callable[[Sequence[Example]], object], examples: Sequence[Example]) -> float:
    started = time.perf_counter()
    run(examples)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", default=str(ROOT.parent / "shared" / "data" / "ragtruth_partial"))
    parser.add_argument("--answers", type=int, default=16)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--max-length", type=int, default=4096)
    parser.add_argument("--models", default="default,full")
    parser.add_argument("--answers-per-context", type=int, default=1)
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "modernbert_ratio.json")
    args = parser.parse_args()
    grouped = by_source(load(args.data)[0])
    pool = per_source(grouped, args.answers_per_context)
    slices = {(r, b): pool[(2 * r + i) * args.answers:(2 * r + i + 1) * args.answers]
              for r in range(args.rounds) for i, b in enumerate((1, BATCH))}
    if any(len(chosen) < args.answers for chosen in slices.values()):
        raise SystemExit(f"{len(pool)} answers: fewer than {args.answers} x {2 * args.rounds} (rounds x batch sizes)")
    forward = modernbert_forward(args.max_length)
    detectors = {name: Detector.from_pretrained(name) for name in args.models.split(",")}

    def items(examples: Sequence[Example]) -> list[dict[str, str | None]]:
        return [{"context": e.context, "answer": e.answer, "question": e.question} for e in examples]

    def batches(examples: Sequence[Example], size: int) -> list[Sequence[Example]]:
        return [examples[i:i + size] for i in range(0, len(examples), size)]

    def contender(name: str, size: int) -> Callable[[Sequence[Example]], object]:
        if name == "modernbert":
            return lambda examples: [forward(b) for b in batches(examples, size)]
        detector = detectors[name]
        if size == 1:
            return lambda examples: [detector.predict(**i) for i in items(examples)]
        return lambda examples: [detector.predict_batch(items(b)) for b in batches(examples, size)]

    timed_ids = {e.id for chosen in slices.values() for e in chosen}
    warm = [e for group in grouped.values() for e in group if e.id not in timed_ids][:2]
    for detector in detectors.values():
        detector.predict_batch(items(warm))  # load the models before timing (answers no round scores)
    forward(warm[:1])
    names = [f"{model}/batch{size}" for model in ["modernbert", *detectors] for size in (1, BATCH)]
    seconds: dict[str, list[float]] = {name: [] for name in names}
    for round_number in range(args.rounds):
        order = names if round_number % 2 == 0 else names[::-1]
        for name in order:
            model, size = name.split("/batch")
            chosen = slices[(round_number, int(size))]
            seconds[name].append(timed(contender(model, int(size)), chosen) / len(chosen))
            print(f"round {round_number + 1}: {name} {seconds[name][-1]:.4f} s/answer", flush=True)
    per_answer = {name: statistics.median(values) for name, values in seconds.items()}
    ratios = {f"{name}/batch{b}": per_answer[f"{name}/batch{b}"] / per_answer[f"modernbert/batch{b}"]
              for name in detectors for b in (1, BATCH)}
    results = {
        "machine": {"platform": platform.platform(), "cpus": os.cpu_count(), "torch_threads": torch.get_num_threads()},
        "data": os.path.relpath(args.data, ROOT), "answers_per_round_and_batch_size": args.answers,
        "answers_per_context": args.answers_per_context, "rounds": args.rounds, "max_length": args.max_length,
        "words_per_answer": statistics.mean(e.n_words for chosen in slices.values() for e in chosen),
        "seconds_per_answer": per_answer, "seconds_per_answer_by_round": seconds,
        "ratio_to_modernbert": ratios,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=2), encoding="utf-8")
    print(json.dumps({"seconds_per_answer": per_answer, "ratio_to_modernbert": ratios}, indent=2))


if __name__ == "__main__":
    main()
