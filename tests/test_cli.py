"""The command line: demo (bundled detector), features (through the cache), error exit codes."""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np

import halluseq
from halluseq.cli import main
from halluseq.data import load

SHIPPED = Path(halluseq.__file__).resolve().parent / "examples" / "ragtruth_qa.jsonl"


def test_demo_scores_the_shipped_answers_with_the_bundled_detector(capsys):
    assert main(["demo"]) == 0
    out = capsys.readouterr().out
    examples, _ = load(SHIPPED)
    claims, _ = load(SHIPPED.parent / "claims.jsonl")
    examples += claims
    for example in examples:
        assert f"=== {example.id}" in out
        assert f"gold hallucinated spans: {[example.answer[s.start:s.end] for s in example.spans]}" in out
        assert example.answer.split()[-1] in out  # the answer itself is printed
    assert out.count("response score") == len(examples)
    assert re.search(r"\[\[[^\]]+\]\]\(\d\.\d\d\)", out)  # at least one highlighted span with its score


def test_features_command_writes_npz(tmp_path, capsys):
    out_path = tmp_path / "f.npz"
    cache = tmp_path / "cache"
    args = ["features", "--data", str(SHIPPED), "--cache-dir", str(cache), "--out", str(out_path), "--quiet"]
    assert main(args) == 0
    printed = capsys.readouterr().out
    assert "3 examples" in printed and "x 20 features" in printed
    # novel words are more often hallucinated: the column's mean over hallucinated words is the larger one
    row = next(line.split() for line in printed.splitlines() if line.startswith("is_novel "))
    assert printed.splitlines()[1].split()[-2:] == ["halluc", "faithful"] and float(row[-2]) > float(row[-1])

    examples, _ = load(SHIPPED)
    n_words = sum(e.n_words for e in examples)
    with np.load(out_path) as stored:
        assert stored["values"].shape == (n_words, 20)
        assert stored["values"].dtype == np.float32
        assert len(stored["columns"]) == 20 and stored["columns"][0] == "in_context"
        assert stored["ids"].tolist() == [e.id for e in examples]
        np.testing.assert_array_equal(stored["labels"], np.concatenate([e.labels for e in examples]))
        assert stored["labels"].sum() > 0
        assert stored["lengths"].tolist() == [e.n_words for e in examples]
    assert list((cache / "features" / "text").rglob("*.npz"))

    # a second run reads the cache and writes the same numbers
    second = tmp_path / "g.npz"
    assert main(args[:-3] + ["--out", str(second), "--quiet"]) == 0
    with np.load(out_path) as a, np.load(second) as b:
        np.testing.assert_array_equal(a["values"], b["values"])


def test_features_limit_and_no_cache(tmp_path, capsys):
    out_path = tmp_path / "f.npz"
    cache = tmp_path / "cache"
    assert main(["features", "--data", str(SHIPPED), "--cache-dir", str(cache), "--no-cache", "--limit", "1",
                 "--out", str(out_path), "--quiet"]) == 0
    assert "1 examples" in capsys.readouterr().out
    assert not cache.exists()
    with np.load(out_path) as stored:
        assert stored["ids"].tolist() == [load(SHIPPED)[0][0].id]


def test_features_unknown_family_exits_2(tmp_path, capsys):
    assert main(["features", "--data", str(SHIPPED), "--cache-dir", str(tmp_path), "--families", "text,nope",
                 "--quiet"]) == 2
    err = capsys.readouterr().err
    assert "nope" in err and "text" in err


def test_data_stats_missing_path_exits_2(tmp_path, capsys):
    assert main(["data", "stats", str(tmp_path / "missing.jsonl")]) == 2
    assert "missing.jsonl" in capsys.readouterr().err


def test_evaluate_detector_prints_metrics_and_rates_per_kind(tmp_path, capsys):
    out = tmp_path / "report.json"
    claims = SHIPPED.parent / "claims.jsonl"
    assert main(["evaluate-detector", "--data", str(claims), "--json", str(out), "--quiet"]) == 0
    printed = capsys.readouterr().out
    assert "default on" in printed and "3 answers" in printed and "tok_auc" in printed
    report = json.loads(out.read_text(encoding="utf-8"))
    assert report["examples"] == 3 and 0 <= report["token_auc"] <= 1
    assert main(["evaluate-detector", "--data", str(tmp_path / "missing.jsonl")]) == 2


def test_evaluate_detector_scores_answers_labelled_per_response(tmp_path, capsys):
    """FRANK / BEGIN style records (a response label, no spans) are scored at the response level."""
    context = "The Eiffel Tower is 330 metres tall and was completed in 1889 in Paris."
    answers = [("The Eiffel Tower was completed in 1889.", False), ("The tower is 330 metres tall.", False),
               ("The Eiffel Tower was completed in 1925 in Rome.", True), ("It was built by Nikola Tesla.", True)]
    data = tmp_path / "responses.jsonl"
    data.write_text("".join(json.dumps({"id": f"r{i}", "dataset": f"set{i % 2}", "context": context, "response": answer,
                                        "response_label": label, "spans": []}) + "\n"
                            for i, (answer, label) in enumerate(answers)), encoding="utf-8")
    out = tmp_path / "report.json"
    assert main(["evaluate-detector", "--data", str(data), "--json", str(out), "--quiet"]) == 0
    printed = capsys.readouterr().out
    assert "2 answers with word labels" in printed
    assert "response level: 4 answers (2 hallucinated, 2 labelled per response only)" in printed
    row = json.loads(out.read_text(encoding="utf-8"))["response_level"]
    assert row["answers"] == 4 and 0 <= row["response_auc"] <= 1
    assert {name: part["answers"] for name, part in row["by_dataset"].items()} == {"set0": 2, "set1": 2}
    assert row["flagged_faithful"] in (0.0, 0.5, 1.0) and row["flagged_hallucinated"] in (0.0, 0.5, 1.0)
    # one class alone: AUC undefined, written as JSON null (never NaN) and printed as n/a
    data.write_text("".join(line for line in data.read_text(encoding="utf-8").splitlines(keepends=True)
                            if '"response_label": true' in line), encoding="utf-8")
    assert main(["evaluate-detector", "--data", str(data), "--json", str(out), "--quiet"]) == 0
    printed = capsys.readouterr().out
    assert "word-level metrics skipped" in printed and "AUC n/a" in printed
    assert "NaN" not in out.read_text(encoding="utf-8")
    row = json.loads(out.read_text(encoding="utf-8"))["response_level"]
    assert row["response_auc"] is None and row["flagged_faithful"] is None and row["answers"] == 2
