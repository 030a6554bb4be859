"""Batch scoring into JSONL: the real RAGTruth subset through the CLI, bad records, resuming, the HTML page."""

from __future__ import annotations

import html
import json
import re
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from halluseq.batch import detect_file
from halluseq.cli import main
from halluseq.detector import Detector

CONTEXT = ("Marie Curie was a physicist and chemist who conducted pioneering research on radioactivity. She was "
           "the first woman to win a Nobel Prize, receiving the physics prize in 1903 and the chemistry prize in "
           "1911. She was born in Warsaw in 1867 and died in 1934.")
ANSWERS = [
    "Marie Curie was a physicist and chemist who researched radioactivity.",
    "She won the Nobel Prize in physics in 1903 and in chemistry in 1911.",
    "Marie Curie was born in Vienna in 1871 and later moved to Berlin where she taught music.",
    "She was the first woman to win a Nobel Prize.",
    "Curie died in 1934 after founding the Oxford Institute of Applied Astronomy in 1921.",
    "She was born in Warsaw in 1867.",
]


@pytest.fixture(scope="module")
def detector() -> Detector:
    return Detector.from_pretrained()


def write_generic(path: Path, answers: list[str], context: str = CONTEXT) -> Path:
    records = [{"id": f"r{i}", "context": context, "question": "Who was Marie Curie?", "response": answer,
                "spans": []} for i, answer in enumerate(answers)]
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


def read_lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.mark.slow
def test_cli_scores_the_real_ragtruth_subset(shared_data, tmp_path, capsys):
    folder = shared_data / "ragtruth_partial"
    out = tmp_path / "results.jsonl"
    assert main(["detect-batch", str(folder), str(out), "--quiet"]) == 0  # speed: benchmarks/detect_batch.py

    summary = json.loads(capsys.readouterr().out)
    assert summary["records"] == 1134
    assert summary["scored"] == 832 and summary["skipped"] == 302 and summary["error"] == 0
    assert summary["resumed_from"] == 0

    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 1134
    results = [json.loads(line) for line in lines]
    assert Counter(r["status"] for r in results) == {"ok": 832, "skipped": 302}
    for result in results:
        if result["status"] == "skipped":
            assert "no source record" in result["reason"]
        else:
            assert result["words"] and 0.0 <= result["score"] <= 1.0
            assert result["hallucinated"] == (result["score"] >= result["threshold"])
    input_ids = [str(json.loads(line)["id"])
                 for line in (folder / "response.jsonl").read_text(encoding="utf-8").splitlines() if line.strip()]
    assert len(input_ids) == 1134
    assert Counter(str(r["id"]) for r in results) == Counter(input_ids)
    assert all(n == 1 for n in Counter(str(r["id"]) for r in results).values())


def test_a_broken_line_is_reported_and_the_rest_is_scored(detector, tmp_path, capsys):
    source = write_generic(tmp_path / "in.jsonl", ANSWERS[:4])
    lines = source.read_text(encoding="utf-8").splitlines()
    lines.insert(2, '{"id": "broken", "context": "unterminated')  # line 3 of the file
    source.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = tmp_path / "out.jsonl"

    summary = detect_file(detector, source, out, progress=False)
    err = capsys.readouterr().err
    assert f"{source}:3" in err and "bad record" in err

    results = read_lines(out)
    assert len(results) == 5
    by_id = {r["id"]: r for r in results}
    assert len(by_id) == 5
    assert by_id[f"{source}:3"]["status"] == "error"
    assert "JSON" in by_id[f"{source}:3"]["reason"]
    for i in range(4):
        assert by_id[f"r{i}"]["status"] == "ok"
        assert len(by_id[f"r{i}"]["words"]) == len(ANSWERS[i].split())
    assert summary["records"] == 5
    assert summary["scored"] == 4 and summary["error"] == 1 and summary["skipped"] == 0
    assert summary["resumed_from"] == 0 and summary["output"] == str(out)


def test_an_unscorable_record_gets_a_skipped_line(detector, tmp_path):
    source = write_generic(tmp_path / "in.jsonl", ANSWERS[:2])
    with source.open("a", encoding="utf-8") as handle:
        handle.write(json.dumps({"id": "empty", "context": "", "response": "No context here.", "spans": []}) + "\n")
    summary = detect_file(detector, source, tmp_path / "out.jsonl", progress=False)
    results = {r["id"]: r for r in read_lines(tmp_path / "out.jsonl")}
    assert results["empty"]["status"] == "skipped" and "context" in results["empty"]["reason"]
    assert summary["scored"] == 2 and summary["skipped"] == 1 and summary["error"] == 0


def test_resume_after_a_torn_write(detector, tmp_path):
    source = write_generic(tmp_path / "in.jsonl", ANSWERS)
    out = tmp_path / "out.jsonl"
    first = detect_file(detector, source, out, progress=False)
    assert first["scored"] == 6 and first["resumed_from"] == 0
    full = out.read_bytes()
    lines = full.splitlines(keepends=True)
    assert len(lines) == 6

    out.write_bytes(b"".join(lines[:3]) + lines[3][: len(lines[3]) // 2])  # killed while writing line 4
    second = detect_file(detector, source, out, progress=False)
    assert second["resumed_from"] == 3
    assert second["scored"] == 6 and second["skipped"] == 0 and second["error"] == 0

    again = out.read_bytes()
    assert again.startswith(b"".join(lines[:3]))
    results = read_lines(out)
    assert len(results) == 6
    assert sorted(r["id"] for r in results) == [f"r{i}" for i in range(6)]
    assert all(r["status"] == "ok" for r in results)
    # the re-scored records are the same as in the first run (up to float noise from the batch composition)
    before = {r["id"]: r for r in (json.loads(line) for line in lines)}
    for result in results:
        old = before[result["id"]]
        assert [(w["text"], w["start"], w["end"]) for w in result["words"]] == \
            [(w["text"], w["start"], w["end"]) for w in old["words"]]
        np.testing.assert_allclose([w["prob"] for w in result["words"]], [w["prob"] for w in old["words"]],
                                   rtol=0, atol=1e-6)

    # a third run over a complete file adds nothing
    third = detect_file(detector, source, out, progress=False)
    assert third["resumed_from"] == 6 and out.read_bytes() == again


def test_resumed_summary_counts_match_a_fresh_run(detector, tmp_path):
    """Records skipped in the first run must still count as skipped (not scored) after a resume."""
    source = write_generic(tmp_path / "in.jsonl", ANSWERS[:3])
    with source.open("a", encoding="utf-8") as handle:
        handle.write(json.dumps({"id": "empty", "context": CONTEXT, "response": "   ", "spans": []}) + "\n")
    out = tmp_path / "out.jsonl"
    fresh = detect_file(detector, source, out, progress=False)
    assert fresh["scored"] == 3 and fresh["skipped"] == 1
    resumed = detect_file(detector, source, out, progress=False)
    assert resumed["resumed_from"] == 4
    assert (resumed["scored"], resumed["skipped"], resumed["error"]) == (3, 1, 0)


def test_cli_html_page_shows_every_flagged_span(tmp_path, capsys):
    source = write_generic(tmp_path / "in.jsonl", ANSWERS + ["A <b>bold</b> & \"quoted\" claim about 1871 < 1903."])
    out, page = tmp_path / "out.jsonl", tmp_path / "page.html"
    assert main(["detect-batch", str(source), str(out), "--quiet", "--html", str(page)]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["scored"] == 7

    text = page.read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>")
    assert "<b>bold</b>" not in text and "&lt;b&gt;bold&lt;/b&gt;" in text
    results = read_lines(out)
    spans = [s for r in results for s in r["spans"]]
    assert spans, "the bundled detector flags nothing in these answers"
    marked = [html.unescape(re.sub(r"<[^>]+>", "", inner))
              for inner in re.findall(r'<mark class="span"[^>]*>(.*?)</mark>', text, flags=re.S)]
    assert marked == [s["text"] for s in spans]
    for result in results:
        assert f"<h2>{html.escape(result['id'])}</h2>" in text
