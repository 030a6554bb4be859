"""One very long answer sent to `halluseq serve`: time to an answer and the server's peak resident memory.

    .venv/bin/python benchmarks/long_answer.py [--model full] [--words 200000]

Starts the server as a subprocess on a free loopback port, sends one short RAGTruth answer (warm-up, so model
loading is not timed), then one answer of ``--words`` words made of that RAGTruth answer repeated, against the
same context. Writes ``benchmarks/results/long_answer_<model>.json``: status, seconds, the result's notes
(which say how a long answer was scored), and the server's peak resident memory (``VmHWM``) after start-up and
after the long request.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

from serve_load import ROOT, free_port, post, wait_for_health

from halluseq.data import load


def peak_rss_mb(pid: int) -> float:
    """The process's peak resident set size so far (``VmHWM`` of ``/proc/<pid>/status``), in MiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmHWM for process {pid}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", default=str(ROOT.parent / "shared" / "data" / "ragtruth_partial"))
    parser.add_argument("--model", default="full")
    parser.add_argument("--words", type=int, default=200_000)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    out = args.out or ROOT / "benchmarks" / "results" / f"long_answer_{Path(args.model).name}.json"
    example = next(e for e in load(args.data)[0] if e.context.strip() and 50 <= e.n_words <= 200)
    repeats = -(-args.words // example.n_words)
    answer = " ".join([example.answer] * repeats)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = subprocess.Popen([sys.executable, "-m", "halluseq.cli", "serve", "--model", args.model, "--port",
                               str(port), "--time-budget", "600"],
                              cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_for_health(base, server)
        short = json.dumps({"context": example.context, "answer": example.answer, "question": example.question})
        warm_status = post(base, "/detect", short.encode())[0]
        rss_before = peak_rss_mb(server.pid)
        body = json.dumps({"context": example.context, "answer": answer, "question": example.question}).encode()
        status, reply, seconds = post(base, "/detect", body, timeout=900)
        rss_after = peak_rss_mb(server.pid)
        started = time.perf_counter()
        server.terminate()
        server.wait(timeout=60)
        stop_seconds = time.perf_counter() - started
    finally:
        if server.poll() is None:
            server.kill()
    reply = reply or {}
    results = {
        "machine": {"platform": platform.platform(), "cpus": os.cpu_count()},
        "model": args.model, "data": os.path.relpath(args.data, ROOT), "example": example.id,
        "answer_words": len(reply.get("words", [])) or None, "answer_characters": len(answer),
        "warm_up_status": warm_status, "status": status, "seconds": seconds,
        "score": reply.get("score"), "hallucinated": reply.get("hallucinated"), "notes": reply.get("notes"),
        "peak_rss_mb_after_warm_up": rss_before, "peak_rss_mb_after_long_answer": rss_after,
        "sigterm_stop_seconds": stop_seconds,
    }
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(results, indent=2), encoding="utf-8")
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
