"""Where a sweep's training time goes: one epoch of a sequence model's training steps at several batch sizes.

    .venv/bin/python benchmarks/train_step.py [--data PATH] [--models bigru,bigru_crf] [--batch-sizes 32,64,128]

Reads the answer lengths of the data (capped at the training configs' 512 words), fills random features of the
sweep's width (the values do not change the time), and times one epoch of forward + backward + Adam steps in
length-sorted batches, single-threaded as each sweep worker runs, through the shipped GRU encoder (padded
batches) and through the packed ``nn.GRU`` it replaced (``halluseq.models.gru.packed_reference``, same values).
Splits each step into forward + loss (the model's own training loss) and backward + step. Writes
``benchmarks/results/train_step.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import time
from pathlib import Path

import numpy as np
import torch

from halluseq.data import load
from halluseq.models import build_model
from halluseq.models.gru import packed_reference

ROOT = Path(__file__).resolve().parents[1]
MAX_WORDS = 512


def epoch(model_name: str, lengths: np.ndarray, n_features: int, batch_size: int, seed: int,
          packed: bool = False) -> dict[str, float]:
    """Seconds of one epoch of steps, split into forward + loss and backward + optimizer step."""
    torch.manual_seed(seed)
    model = build_model(model_name, n_features)
    if packed:
        encoder = model.encoder
        encoder.forward = lambda x, lengths: packed_reference(encoder, x, lengths)
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    order = np.argsort(lengths, kind="stable")
    parts = {"forward_and_loss": 0.0, "backward_and_step": 0.0}
    for start in range(0, len(order), batch_size):
        batch = torch.as_tensor(lengths[order[start:start + batch_size]])
        x = torch.randn(len(batch), int(batch.max()), n_features)
        labels = (torch.rand(len(batch), int(batch.max())) < 0.06).float()
        began = time.perf_counter()
        loss = model.loss(x, batch, labels)  # the training loss: BCE over real words, or the CRF's NLL
        scored = time.perf_counter()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        done = time.perf_counter()
        parts["forward_and_loss"] += scored - began
        parts["backward_and_step"] += done - scored
    return {**parts, "epoch": sum(parts.values()), "steps": -(-len(lengths) // batch_size)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", default=str(ROOT.parent / "shared" / "data" / "ragtruth_partial"))
    parser.add_argument("--models", default="bigru,bigru_crf")
    parser.add_argument("--batch-sizes", default="32,64,128")
    parser.add_argument("--features", type=int, default=34, help="feature width (text + align: 34)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "train_step.json")
    args = parser.parse_args()
    torch.set_num_threads(1)
    examples, _ = load(args.data)
    lengths = np.array([min(e.n_words, MAX_WORDS) for e in examples if e.n_words > 0], dtype=np.int64)
    train_part = lengths[: int(len(lengths) * 0.68)]  # one CV fold's training part: 4/5 x 0.85
    results: dict[str, object] = {
        "machine": {"platform": platform.platform(), "cpus": os.cpu_count(), "torch": torch.__version__,
                    "torch_threads": 1},
        "data": os.path.relpath(args.data, ROOT), "answers": len(train_part), "words": int(train_part.sum()),
        "features": args.features, "models": {}}
    for name in args.models.split(","):
        rows: dict[str, dict[str, dict[str, float]]] = {}
        for batch_size in map(int, args.batch_sizes.split(",")):
            for path in ("padded", "packed"):
                timing = epoch(name, train_part, args.features, batch_size, args.seed, packed=path == "packed")
                timing["microseconds_per_word"] = 1e6 * timing["epoch"] / int(train_part.sum())
                rows.setdefault(str(batch_size), {})[path] = timing
                print(name, batch_size, path, {k: round(v, 3) for k, v in timing.items()}, flush=True)
            rows[str(batch_size)]["packed_to_padded"] = rows[str(batch_size)]["packed"]["epoch"] / \
                rows[str(batch_size)]["padded"]["epoch"]
        results["models"][name] = rows
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=2), encoding="utf-8")


if __name__ == "__main__":
    main()
