"""Batch scoring of a dataset file into JSONL: one line per record, resumable, bad records reported."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

from tqdm.auto import tqdm

from halluseq.data import load
from halluseq.detector import Detector
from halluseq.heap import release_free_memory
from halluseq.render import html_page
from halluseq.result import DetectionResult


def completed_ids(out: Path) -> dict[str, str]:
    """Id -> status of the records already written to ``out``; a torn last line (a killed run) is cut first."""
    if not out.exists():
        return {}
    raw = out.read_bytes()
    keep = raw[: raw.rfind(b"\n") + 1]
    if len(keep) != len(raw):
        out.write_bytes(keep)
    done = {}
    for line in keep.decode("utf-8").splitlines():
        if line.strip():
            record = json.loads(line)
            done[str(record["id"])] = record.get("status", "ok")
    return done


def detect_file(detector: Detector, source: str | Path, out: str | Path, input_format: str = "auto",
                chunk_size: int = 128, progress: bool = True, html: str | Path | None = None) -> dict[str, Any]:
    """Score every record of ``source`` into ``out`` (JSONL, appended; records already there are kept).

    Records that cannot be scored get a line too: ``status`` ``skipped`` (e.g. no context) or ``error``
    (malformed, also reported on stderr), so nothing is lost. ``html``: also write a page of the results
    scored in this run. Returns a summary.
    """
    started = time.perf_counter()
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    examples, report = load(source, format=input_format, skip_bad=True)
    done = completed_ids(out)
    counts = {"scored": 0, "skipped": 0, "error": 0}
    scored: list[DetectionResult] = []
    with out.open("a", encoding="utf-8") as handle:
        for skipped in report.skipped:
            status = "error" if skipped.bad else "skipped"
            counts[status] += 1
            if skipped.bad:
                print(f"halluseq: bad record {skipped.record}: {skipped.reason}", file=sys.stderr)
            if skipped.record not in done:
                reason = f"{skipped.reason} ({skipped.detail})" if skipped.detail else skipped.reason
                handle.write(json.dumps({"id": skipped.record, "status": status, "reason": reason}) + "\n")
        handle.flush()
        pending = [e for e in examples if e.id not in done]
        items = [{"id": e.id, "context": e.context, "answer": e.answer, "question": e.question} for e in pending]
        step = min(chunk_size, detector.chunk_size)  # written (and resumable) every few seconds for any model
        with tqdm(total=len(items), disable=not progress, unit="answer", desc="scoring") as bar:
            for start in range(0, len(items), step):
                results = detector.predict_batch(items[start:start + step])
                release_free_memory()
                for result in results:
                    counts["scored" if result.status == "ok" else "skipped"] += 1
                    handle.write(_line(result) + "\n")
                handle.flush()
                bar.update(len(results))
                if html is not None:
                    scored.extend(results)
    if html is not None:
        Path(html).write_text(html_page(scored, str(source)), encoding="utf-8")
    for example in examples:
        if example.id in done:
            counts["scored" if done[example.id] == "ok" else "skipped"] += 1
    return {"input": str(source), "output": str(out), "records": len(examples) + len(report.skipped),
            **counts, "resumed_from": len(done), "seconds": time.perf_counter() - started}


def _line(result: DetectionResult) -> str:
    return json.dumps(result.to_dict(), ensure_ascii=False)
