"""Wall time of one seed x all folds of the protocol per model (default: 5-fold grouped CV on RAGTruth partial).

    .venv/bin/python benchmarks/train_time.py [--models bigru,bigru_crf,mlp,logreg] [--out FILE.json]

Writes JSON (wall seconds per model, overall metrics, machine facts) and keeps each model's run folder,
so `halluseq evaluate RUNS_DIR/<model>` prints the full metric table afterwards.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
from pathlib import Path

import torch

from halluseq.evaluate import run_table
from halluseq.train import load_config, quiet_lightning, train

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--models", default="bigru,bigru_crf,mlp,logreg")
    parser.add_argument("--data", help="dataset path (default: each config's)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--runs-dir", type=Path, default=ROOT / "runs" / "bench")
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "train_time.json")
    args = parser.parse_args()
    quiet_lightning()
    results = {"machine": {"platform": platform.platform(), "cpus": os.cpu_count(),
                           "torch_threads": torch.get_num_threads(), "torch": torch.__version__},
               "seed": args.seed, "models": {}}
    for name in args.models.split(","):
        config = load_config(ROOT / "configs" / f"{name}.yaml", data=args.data, seed=args.seed)
        run = train(config, args.runs_dir / name, progress=False)
        results["models"][name] = {
            "wall_seconds": run["wall_seconds"], "protocol": run["protocol"], "folds": run["folds"],
            "features": config["features"]["families"],
            "overall": {variant: scores["overall"] for variant, scores in run["scores"].items()},
        }
        print(run_table(args.runs_dir / name).split("\n  ")[0])
        print(f"{name}: {run['wall_seconds']:.1f} s for {run['folds']} folds\n", flush=True)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=2), encoding="utf-8")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
