"""Load and soak test of `halluseq serve` over real HTTP: concurrent clients, bursts, hostile inputs.

    .venv/bin/python benchmarks/serve_load.py [--model default] [--clients 64] [--bursts 10] [--answers N]
    .venv/bin/python benchmarks/serve_load.py --model full --clients 40 --bursts 10

Takes ``--answers`` RAGTruth answers (default: clients x bursts, so no answer is sent twice: a server remembers
the proxy-LM passes of answers it has scored, and a repeated answer would cost it nothing), in file order (about
six answers per source, as a service answering questions about shared documents sees). A first server (a
subprocess on a free loopback port) scores each answer alone, one request at a time: the reference, and the cost
of an answer alone. A second, fresh server then gets ``--bursts`` bursts of ``--clients`` concurrent requests, each
burst new answers (cycled only past ``--answers``), and every reply is compared with the reference. Then it sends
hostile inputs (malformed JSON, wrong types, NUL bytes,
a context over the body limit, a 20,000-word answer, a batch over 1,000 items, an empty batch) and records the
status of each (0: the server closed the connection, as it does for a body over the limit, refused from its
Content-Length before the body is read). Writes ``benchmarks/results/serve_load_<model>.json``: errors (5xx
other than 503/504, broken connections), mismatches, p50/p99 latency, throughput under load and alone, and the
server's resident memory after each burst.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import socket
import statistics
import subprocess
import sys
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import psutil

from halluseq.data import load

ROOT = Path(__file__).resolve().parents[1]
MAX_BODY = 10_000_000


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def post(base: str, path: str, body: bytes, timeout: float = 600) -> tuple[int, Any, float]:
    """``(status, decoded reply or None, seconds)``; status 0 for a broken connection."""
    request = urllib.request.Request(base + path, data=body, headers={"Content-Type": "application/json"})
    started = time.perf_counter()
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, json.loads(response.read()), time.perf_counter() - started
    except urllib.error.HTTPError as error:
        return error.code, None, time.perf_counter() - started
    except (urllib.error.URLError, ConnectionError, TimeoutError, OSError):
        return 0, None, time.perf_counter() - started


def wait_for_health(base: str, process: subprocess.Popen, timeout: float = 300) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError("the server exited before answering /health")
        try:
            with urllib.request.urlopen(base + "/health", timeout=2):
                return
        except (urllib.error.URLError, ConnectionError, OSError):
            time.sleep(0.5)
    raise RuntimeError("the server did not answer /health in time")


def probabilities(reply: dict[str, Any]) -> list[float]:
    return [w["prob"] for w in reply.get("words", [])]


def hostile_inputs(context: str) -> dict[str, bytes]:
    reef = {"context": context, "answer": "It is off the coast."}
    return {
        "malformed_json": b'{"context": "a", "answer": ',
        "wrong_type": json.dumps({"context": context, "answer": ["a", "list"]}).encode(),
        "missing_field": json.dumps({"context": context}).encode(),
        "nul_bytes": json.dumps({"context": context + "\x00", "answer": "It is\x00 off the coast."}).encode(),
        "huge_context": json.dumps({"context": "word " * (MAX_BODY // 5 + 10), "answer": "word"}).encode(),
        "huge_answer": json.dumps({"context": context, "answer": "The reef is off the coast. " * 3300}).encode(),
        "oversized_batch": json.dumps({"items": [reef] * 1001}).encode(),
        "empty_batch": json.dumps({"items": []}).encode(),
    }


def start_server(model: str, clients: int) -> tuple[subprocess.Popen, str]:
    """A ``halluseq serve`` subprocess on a free loopback port, answering /health, and its base URL."""
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "halluseq.cli", "serve", "--model", model, "--port", str(port),
                               "--max-queue", str(max(64, clients)), "--time-budget", "600"],
                              cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_for_health(base, server)
    except RuntimeError:
        server.terminate()
        raise
    return server, base


def stop(server: subprocess.Popen) -> None:
    server.terminate()
    server.wait(timeout=30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", default=str(ROOT.parent / "shared" / "data" / "ragtruth_partial"))
    parser.add_argument("--model", default="default")
    parser.add_argument("--clients", type=int, default=64)
    parser.add_argument("--bursts", type=int, default=10)
    parser.add_argument("--answers", type=int, help="distinct answers (default: clients x bursts)")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    out = args.out or ROOT / "benchmarks" / "results" / f"serve_load_{Path(args.model).name}.json"
    wanted = args.answers or args.clients * args.bursts
    examples = [e for e in load(args.data)[0] if e.context.strip() and e.n_words][:wanted]
    bodies = [json.dumps({"id": e.id, "context": e.context, "answer": e.answer, "question": e.question}).encode()
              for e in examples]

    server, base = start_server(args.model, args.clients)
    try:
        started = time.perf_counter()
        reference = [probabilities(post(base, "/detect", body)[1]) for body in bodies]
        alone_seconds = (time.perf_counter() - started) / len(bodies)
    finally:
        stop(server)

    server, base = start_server(args.model, args.clients)
    try:
        memory = psutil.Process(server.pid)
        rss_mb, latencies, errors, mismatches, started = [], [], 0, 0, time.perf_counter()
        for burst in range(args.bursts):
            picks = [(burst * args.clients + i) % len(bodies) for i in range(args.clients)]
            with ThreadPoolExecutor(max_workers=args.clients) as pool:
                replies = list(pool.map(lambda i: (i, post(base, "/detect", bodies[i])), picks))
            for i, (status, reply, seconds) in replies:
                latencies.append(seconds)
                if status != 200:
                    errors += 1
                elif max((abs(a - b) for a, b in zip(probabilities(reply), reference[i], strict=True)),
                         default=0.0) > 1e-6:
                    mismatches += 1
            rss_mb.append(memory.memory_info().rss / 2**20)
        elapsed = time.perf_counter() - started
        hostile = {name: post(base, path, body)[0] for name, body in hostile_inputs(examples[0].context).items()
                   for path in (["/detect/batch"] if "batch" in name else ["/detect"])}
        alive = server.poll() is None and post(base, "/detect", bodies[0])[0] == 200
    finally:
        stop(server)
    latencies.sort()
    results = {
        "machine": {"platform": platform.platform(), "cpus": os.cpu_count()},
        "model": args.model, "data": os.path.relpath(args.data, ROOT), "distinct_answers": len(bodies),
        "clients": args.clients, "bursts": args.bursts, "requests": len(latencies),
        "errors": errors, "mismatches_vs_alone": mismatches,
        "latency_seconds": {"p50": statistics.median(latencies), "p99": latencies[int(0.99 * (len(latencies) - 1))]},
        "throughput_requests_per_second": len(latencies) / elapsed,
        "alone_requests_per_second": 1 / alone_seconds,
        "rss_mb_after_each_burst": rss_mb,
        "rss_growth_after_first_burst": rss_mb[-1] / rss_mb[0] - 1,
        "hostile_inputs_status": hostile, "alive_after_hostile_inputs": alive,
    }
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(results, indent=2), encoding="utf-8")
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
