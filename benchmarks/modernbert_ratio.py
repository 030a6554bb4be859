"""The bundled detectors' cost per answer against one ModernBERT-base forward (LettuceDetect-base's architecture).

    .venv/bin/python benchmarks/modernbert_ratio.py [--answers 24] [--rounds 3] [--max-length 4096]
        [--models default,full]

On the first ``--answers`` RAGTruth-QA answers with a context, in one process and in alternating rounds (so drift
of the machine hits every contender alike), it times per answer:

- ``modernbert``: one forward of a randomly initialised ``transformers.ModernBertForTokenClassification``
  (``ModernBertConfig()``: the base size) over (question + context, answer), the context truncated so the pair
  fits ``--max-length`` tokens (the answer is never cut), at batch 1 and batch 8. The input ids come from the
  installed MiniLM WordPiece tokenizer (no ModernBERT tokenizer installs offline; lengths are comparable);
- ``Detector.predict`` (batch 1) and ``Detector.predict_batch`` (batch 8) of each bundled detector.

Writes ``benchmarks/results/modernbert_ratio.json``: seconds per answer (median over rounds) and each detector's
ratio to the ModernBERT forward at the same batch size.
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


def timed(run: Callable[[], object]) -> float:
    started = time.perf_counter()
    run()
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", default=str(ROOT.parent / "shared" / "data" / "ragtruth_partial"))
    parser.add_argument("--answers", type=int, default=24)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--max-length", type=int, default=4096)
    parser.add_argument("--models", default="default,full")
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "modernbert_ratio.json")
    args = parser.parse_args()
    examples = [e for e in load(args.data)[0] if e.context.strip() and e.n_words][: args.answers]
    items = [{"context": e.context, "answer": e.answer, "question": e.question} for e in examples]
    batches = [examples[i:i + BATCH] for i in range(0, len(examples), BATCH)]
    item_batches = [items[i:i + BATCH] for i in range(0, len(items), BATCH)]
    forward = modernbert_forward(args.max_length)
    detectors = {name: Detector.from_pretrained(name) for name in args.models.split(",")}
    contenders: dict[str, Callable[[], object]] = {
        "modernbert/batch1": lambda: [forward([e]) for e in examples],
        "modernbert/batch8": lambda: [forward(b) for b in batches],
    }
    for name, detector in detectors.items():
        detector.predict_batch(items[:2])  # load the models before timing
        contenders[f"{name}/batch1"] = lambda d=detector: [d.predict(**i) for i in items]
        contenders[f"{name}/batch8"] = lambda d=detector: [d.predict_batch(b) for b in item_batches]
    forward(examples[:1])
    seconds: dict[str, list[float]] = {name: [] for name in contenders}
    for round_number in range(args.rounds):
        order = list(contenders) if round_number % 2 == 0 else list(reversed(contenders))
        for name in order:
            seconds[name].append(timed(contenders[name]) / len(examples))
            print(f"round {round_number + 1}: {name} {seconds[name][-1]:.4f} s/answer", flush=True)
    per_answer = {name: statistics.median(values) for name, values in seconds.items()}
    ratios = {f"{name}/batch{b}": per_answer[f"{name}/batch{b}"] / per_answer[f"modernbert/batch{b}"]
              for name in detectors for b in (1, BATCH)}
    results = {
        "machine": {"platform": platform.platform(), "cpus": os.cpu_count(), "torch_threads": torch.get_num_threads()},
        "data": os.path.relpath(args.data, ROOT), "answers": len(examples), "rounds": args.rounds,
        "max_length": args.max_length,
        "words_per_answer": statistics.mean(e.n_words for e in examples),
        "seconds_per_answer": per_answer, "seconds_per_answer_by_round": seconds,
        "ratio_to_modernbert": ratios,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=2), encoding="utf-8")
    print(json.dumps({"seconds_per_answer": per_answer, "ratio_to_modernbert": ratios}, indent=2))


if __name__ == "__main__":
    main()
