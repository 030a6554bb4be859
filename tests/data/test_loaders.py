"""Loaders: real shared data, tiny hand-built files of every format, errors and auto-detection (SPEC 1)."""

from __future__ import annotations

import csv
import json
import re
from collections import Counter
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from halluseq.cli import main
from halluseq.data import DataFormatError, detect_format, load


def write_jsonl(path: Path, records: list) -> Path:
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
    return path


# ---- real data ------------------------------------------------------------------------------------------

def test_real_ragtruth_partial(shared_data):
    folder = shared_data / "ragtruth_partial"
    examples, report = load(folder)
    assert report.format == "ragtruth"
    assert len(examples) == 832 == report.examples
    assert report.groups == 148
    assert len({e.group for e in examples}) == 148
    assert len(report.skipped) == 302
    assert {s.reason for s in report.skipped} == {"no source record"}
    assert {e.task for e in examples} == {"QA"}
    assert Counter(e.generator for e in examples) == {
        "llama-2-7b-chat": 148, "llama-2-13b-chat": 146, "gpt-4-0613": 143,
        "llama-2-70b-chat": 138, "gpt-3.5-turbo-0613": 131, "mistral-7B-instruct": 126,
    }
    assert sum(bool(e.spans) for e in examples) == 160
    assert 0.03 < report.positive_rate < 0.08
    assert all(e.question and e.context for e in examples)

    raw = {}
    with (folder / "response.jsonl").open(encoding="utf-8") as handle:
        for line in handle:
            record = json.loads(line)
            raw[str(record["id"])] = record
    checked = 0
    for example in examples:
        labels = raw[example.id]["labels"]
        assert len(example.spans) == len(labels)
        for span, label in zip(example.spans, labels, strict=True):
            assert (span.start, span.end) == (label["start"], label["end"])
            assert example.answer[span.start:span.end] == label["text"]
            checked += 1
    assert checked > 0
    # skipped records name the response id and its missing source
    skipped_ids = {s.record for s in report.skipped}
    assert len(skipped_ids) == 302
    assert skipped_ids.isdisjoint(e.id for e in examples)
    assert all(s.detail.startswith("source_id ") and not s.bad for s in report.skipped)


SPAN_FILES = {"xsumfaith": 2500, "entfa": 700, "qags": 474, "summedits": 4681,
              "cliff_goyal21": 750, "frank": 2246, "begin": 4836}


def test_every_spans_file_loads(shared_data):
    files = sorted((shared_data / "spans").glob("*.jsonl"))
    assert {f.stem for f in files} == set(SPAN_FILES)
    for file in files:
        examples, report = load(file)
        assert report.format == "generic", file
        assert len(examples) == SPAN_FILES[file.stem], file
        assert not report.skipped, file
        if file.stem in ("frank", "begin"):
            flagged = [e for e in examples if e.meta["response_label"] is True]
            assert flagged, file
            assert all(not e.word_labels for e in flagged), file
            assert all(e.word_labels for e in examples if e.meta["response_label"] is not True), file
            assert report.without_word_labels == len(flagged)
    _, frank = load(shared_data / "spans" / "frank.jsonl")
    _, begin = load(shared_data / "spans" / "begin.jsonl")
    assert (frank.without_word_labels, begin.without_word_labels) == (1436, 3044)


@pytest.mark.parametrize("name", ["gpt.csv", "1_annotator.csv", "2_annotator.csv", "3_annotator.csv"])
def test_psiloqa_eval_csv(shared_data, name):
    path = shared_data / "psiloqa_eval" / name
    examples, report = load(path)
    assert report.format == "psiloqa"
    assert len(examples) == 50
    with path.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert any(e.spans for e in examples)
    for example, row in zip(examples, rows, strict=True):
        tagged = row["annotated_span"]
        assert example.answer == re.sub(r"\[/?HAL\]", "", tagged)
        assert "[HAL]" not in example.answer
        assert [example.answer[s.start:s.end] for s in example.spans] == re.findall(r"\[HAL\](.*?)\[/HAL\]",
                                                                                    tagged, flags=re.S)
        assert example.context == row["wiki_passage"]
        assert example.task == "QA"


# ---- [HAL]-tagged CSV -----------------------------------------------------------------------------------

CSV_FIELDS = ["id", "wiki_title", "wiki_url", "wiki_passage", "llm_checkpoint", "question", "golden_answer",
              "annotated_span"]


def write_tagged_csv(path: Path, tagged_answers: list[str]) -> Path:
    with path.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, CSV_FIELDS)
        writer.writeheader()
        for i, tagged in enumerate(tagged_answers):
            writer.writerow({"id": f"r{i}", "wiki_title": "Paris", "wiki_url": "https://x/Paris",
                             "wiki_passage": "Paris is the capital of France.", "llm_checkpoint": "m",
                             "question": "What is Paris?", "golden_answer": "capital",
                             "annotated_span": tagged})
    return path


def test_tagged_csv_spans(tmp_path):
    path = write_tagged_csv(tmp_path / "tiny.csv", [
        "Paris is the [HAL]capital of Spain[/HAL] and [HAL]big[/HAL].",
        "No hallucination here.",
        "[HAL]Everything[/HAL]",
    ])
    examples, _ = load(path)
    first, second, third = examples
    assert first.answer == "Paris is the capital of Spain and big."
    assert [(s.start, s.end) for s in first.spans] == [(13, 29), (34, 37)]
    assert [first.answer[s.start:s.end] for s in first.spans] == ["capital of Spain", "big"]
    assert first.labels.tolist() == [0, 0, 0, 1, 1, 1, 0, 1]
    assert first.question == "What is Paris?" and first.generator == "m" and first.group == "https://x/Paris"
    assert second.spans == () and not second.hallucinated
    assert third.answer == "Everything" and third.labels.tolist() == [1]


@pytest.mark.parametrize("bad", ["an [HAL]unclosed tag", "a stray [/HAL] close",
                                 "[HAL]nested [HAL]x[/HAL][/HAL]"])
def test_tagged_csv_unbalanced_tags(tmp_path, bad):
    path = write_tagged_csv(tmp_path / "bad.csv", ["fine [HAL]one[/HAL]", bad])
    with pytest.raises(DataFormatError) as caught:
        load(path)
    assert "bad.csv:3" in str(caught.value)
    assert caught.value.line == 3
    examples, report = load(path, skip_bad=True)
    assert len(examples) == 1
    assert [s.record for s in report.skipped] == [f"{path}:3"]


def test_tagged_csv_error_names_first_line_of_multiline_record(tmp_path):
    # a record whose passage spans lines 3-5 of the file; the error should point at the line it starts on
    path = tmp_path / "multi.csv"
    with path.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, CSV_FIELDS)
        writer.writeheader()
        writer.writerow(dict.fromkeys(CSV_FIELDS, "ok") | {"annotated_span": "fine"})
        writer.writerow(dict.fromkeys(CSV_FIELDS, "x") | {"wiki_passage": "one\ntwo\nthree",
                                                          "annotated_span": "[HAL]open"})
    assert path.read_text(encoding="utf-8").splitlines()[2].startswith('x,x,x,"one')
    with pytest.raises(DataFormatError) as caught:
        load(path)
    assert caught.value.line == 3


# ---- RAGTruth format ------------------------------------------------------------------------------------

def write_ragtruth(folder: Path) -> Path:
    folder.mkdir()
    write_jsonl(folder / "source_info.jsonl", [
        {"source_id": "s-qa", "task_type": "QA", "source": None,
         "source_info": {"question": "Where is Paris?", "passages": "passage 1: Paris is in France."}},
        {"source_id": 7, "task_type": "Summary", "source": None, "source_info": "An article about cats."},
        {"source_id": "s-d2t", "task_type": "Data2txt", "source": None,
         "source_info": {"name": "Café Bleu", "rating": 4, "tags": ["cosy"]}},
    ])
    qa_answer = "Paris is in Germany."
    write_jsonl(folder / "response.jsonl", [
        {"id": "r1", "source_id": "s-qa", "model": "gen-a", "temperature": 0.7, "split": "train",
         "quality": "good", "response": qa_answer,
         "labels": [{"start": 12, "end": 20, "text": "Germany.", "label_type": "Evident Conflict",
                     "implicit_true": False}]},
        {"id": "r2", "source_id": "7", "model": "gen-b", "split": "test", "response": "Cats are dogs.",
         "labels": [{"start": 9, "end": 14, "text": "dogs.", "label_type": "Subtle Conflict",
                     "implicit_true": True}]},
        {"id": "r3", "source_id": "s-d2t", "model": "gen-a", "split": "test",
         "response": "Café Bleu is rated 4.", "labels": []},
        {"id": "r4", "source_id": "missing", "model": "gen-a", "split": "test",
         "response": "Orphan.", "labels": []},
    ])
    return folder


def test_ragtruth_tasks_contexts_and_questions(tmp_path):
    folder = write_ragtruth(tmp_path / "rt")
    examples, report = load(folder)
    assert report.format == "ragtruth"
    by_id = {e.id: e for e in examples}
    assert set(by_id) == {"r1", "r2", "r3"}

    qa, summary, d2t = by_id["r1"], by_id["r2"], by_id["r3"]
    assert (qa.task, qa.context, qa.question) == ("QA", "passage 1: Paris is in France.", "Where is Paris?")
    assert (qa.generator, qa.split, qa.group) == ("gen-a", "train", "s-qa")
    assert qa.labels.tolist() == [0, 0, 0, 1]
    assert (summary.task, summary.context, summary.question) == ("Summary", "An article about cats.", None)
    assert summary.group == "7"  # integer source_id in source_info joins the string one in response
    assert d2t.task == "Data2txt" and d2t.question is None
    assert d2t.context == "name: Café Bleu; rating: 4.\nCafé Bleu tags: cosy."  # the record as a detector reads it

    assert [(s.record, s.reason, s.detail) for s in report.skipped] == [("r4", "no source record", "source_id missing")]
    assert report.by_task == {"QA": 1, "Summary": 1, "Data2txt": 1}
    assert report.by_split == {"train": 1, "test": 2}


def test_ragtruth_prepend_question(tmp_path):
    folder = write_ragtruth(tmp_path / "rt")
    examples = {e.id: e for e in load(folder, prepend_question=True)[0]}
    assert examples["r1"].context == "Where is Paris?\n\npassage 1: Paris is in France."
    assert examples["r1"].question == "Where is Paris?"
    assert examples["r2"].context == "An article about cats."
    default = {e.id: e for e in load(folder)[0]}
    assert default["r1"].context == "passage 1: Paris is in France."


def test_ragtruth_implicit_true_switch(tmp_path):
    folder = write_ragtruth(tmp_path / "rt")
    with_implicit = {e.id: e for e in load(folder)[0]}
    without = {e.id: e for e in load(folder, include_implicit_true=False)[0]}
    assert [(s.start, s.end) for s in with_implicit["r2"].spans] == [(9, 14)]
    assert with_implicit["r2"].hallucinated
    assert without["r2"].spans == () and not without["r2"].hallucinated
    assert without["r1"].spans == with_implicit["r1"].spans  # non-implicit spans stay


def test_ragtruth_response_file_path_and_missing_sources(tmp_path):
    folder = write_ragtruth(tmp_path / "rt")
    examples, report = load(folder / "response.jsonl")
    assert report.format == "ragtruth" and len(examples) == 3
    (folder / "source_info.jsonl").unlink()
    with pytest.raises(FileNotFoundError, match="source_info.jsonl"):
        load(folder)


def test_ragtruth_malformed_line_names_file_and_line(tmp_path):
    folder = write_ragtruth(tmp_path / "rt")
    lines = (folder / "response.jsonl").read_text(encoding="utf-8").splitlines()
    lines[1] = lines[1][:-5]  # truncate the JSON of line 2
    (folder / "response.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(DataFormatError, match=r"response\.jsonl:2: invalid JSON"):
        load(folder)
    examples, report = load(folder, skip_bad=True)
    assert {e.id for e in examples} == {"r1", "r3"}
    assert {s.reason for s in report.skipped} >= {"no source record"}
    assert any(s.record.endswith("response.jsonl:2") for s in report.skipped)


def test_ragtruth_unknown_task_type(tmp_path):
    folder = tmp_path / "rt"
    folder.mkdir()
    write_jsonl(folder / "source_info.jsonl", [{"source_id": "a", "task_type": "Poetry", "source_info": "x"}])
    write_jsonl(folder / "response.jsonl", [{"id": "1", "source_id": "a", "response": "x", "labels": []}])
    with pytest.raises(DataFormatError, match=r"source_info\.jsonl:1: unknown task_type 'Poetry'"):
        load(folder)


# ---- generic JSONL: errors --------------------------------------------------------------------------------

def generic_record(i: int, **extra) -> dict:
    return {"id": f"g{i}", "context": "The sky is blue.", "question": None, "response": "The sky is green.",
            "spans": [{"start": 11, "end": 17, "text": "green."}], **extra}


def write_broken_generic(path: Path) -> Path:
    lines = [json.dumps(generic_record(i)) for i in range(5)]
    lines[2] = '{"id": "g2", "context": "x", "response": '  # line 3: broken JSON
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_generic_broken_line(tmp_path):
    path = write_broken_generic(tmp_path / "broken.jsonl")
    with pytest.raises(DataFormatError) as caught:
        load(path)
    assert "broken.jsonl:3" in str(caught.value)
    assert caught.value.line == 3

    examples, report = load(path, skip_bad=True)
    assert [e.id for e in examples] == ["g0", "g1", "g3", "g4"]
    assert len(report.skipped) == 1
    assert report.skipped[0].record == f"{path}:3"
    assert "invalid JSON" in report.skipped[0].reason
    assert all(e.labels.tolist() == [0, 0, 0, 1] for e in examples)


def test_cli_data_stats_broken_line(tmp_path, capsys):
    path = write_broken_generic(tmp_path / "broken.jsonl")
    assert main(["data", "stats", str(path)]) == 2
    captured = capsys.readouterr()
    assert "broken.jsonl:3" in captured.err
    assert captured.out == ""

    assert main(["data", "stats", str(path), "--skip-bad"]) == 0
    captured = capsys.readouterr()
    assert "examples: 4" in captured.out
    assert "skipped: 1" in captured.out
    assert "broken.jsonl:3" in captured.out

    assert main(["data", "stats", str(path), "--skip-bad", "--json"]) == 0
    stats = json.loads(capsys.readouterr().out)
    assert stats["examples"] == 4 and stats["format"] == "generic"
    assert stats["skipped"] == [{"record": f"{path}:3", "reason": stats["skipped"][0]["reason"], "detail": "",
                                 "bad": True}]


@pytest.mark.parametrize(("span", "message"), [
    ({"start": 11, "end": 99}, "outside the answer"),
    ({"start": -1, "end": 3}, "outside the answer"),
    ({"start": 9, "end": 4}, "outside the answer"),
    ({"start": 11, "end": 17, "text": "blue."}, "does not match"),
    ({"start": "11", "end": 17}, "integers"),
    ({"start": 11}, "integers"),
    ({"start": True, "end": 3}, "integers"),
    ({"start": 0, "end": True}, "integers"),
], ids=["end-past-answer", "negative-start", "start-after-end", "text-mismatch", "string-offset",
        "missing-end", "bool-start", "bool-end"])
def test_generic_bad_spans(tmp_path, span, message):
    path = write_jsonl(tmp_path / "spans.jsonl", [generic_record(0), generic_record(1, spans=[span])])
    with pytest.raises(DataFormatError, match=message) as caught:
        load(path)
    assert "spans.jsonl:2" in str(caught.value)


def test_generic_missing_and_mistyped_fields(tmp_path):
    record = generic_record(0)
    del record["context"]
    with pytest.raises(DataFormatError, match="missing field 'context'"):
        load(write_jsonl(tmp_path / "a.jsonl", [generic_record(1), record]), format="generic")
    with pytest.raises(DataFormatError, match="a.jsonl:1: field 'response' must be str"):
        load(write_jsonl(tmp_path / "a.jsonl", [generic_record(0, response=5)]), format="generic")
    with pytest.raises(DataFormatError, match="expected a JSON object"):
        load(write_jsonl(tmp_path / "b.jsonl", [generic_record(0), [1, 2]]))
    record = generic_record(0)
    del record["response"]
    with pytest.raises(DataFormatError, match="a.jsonl:1: missing field 'response'"):
        load(write_jsonl(tmp_path / "a.jsonl", [record]), format="generic")
    with pytest.raises(DataFormatError, match="a.jsonl:1: fields 'response' and 'answer' differ"):
        load(write_jsonl(tmp_path / "a.jsonl", [generic_record(0, answer="The sky is red.")]), format="generic")


def test_generic_reads_answer_as_the_response(tmp_path):
    record = generic_record(0, answer="The sky is green.")
    del record["response"]
    path = write_jsonl(tmp_path / "answers.jsonl", [record, {"context": "A cat sat.", "answer": "A dog sat."}])
    assert detect_format(path) == "generic"
    examples, _ = load(path)
    assert [e.answer for e in examples] == ["The sky is green.", "A dog sat."]
    assert examples[0].labels.tolist() == [0, 0, 0, 1]


def test_generic_fields_and_response_level_labels(tmp_path):
    path = write_jsonl(tmp_path / "g.jsonl", [
        generic_record(0, task="Summary", generator="sys-1", split="train", group="doc-1"),
        {"context": "c", "response": "r s", "response_label": True, "spans": []},
        {"context": "c", "response": "r s", "response_label": False},
    ])
    first, second, third = load(path)[0]
    assert (first.task, first.generator, first.split, first.group) == ("Summary", "sys-1", "train", "doc-1")
    assert first.word_labels
    assert second.id == "g.jsonl:2" and not second.word_labels
    assert third.word_labels and third.labels.tolist() == [0, 0]
    assert second.group == third.group  # same context -> same group


def test_report_lists_spans_that_label_no_word(tmp_path):
    # span "ab" covers exactly half of "abcd": no word is labelled, the report says so
    path = write_jsonl(tmp_path / "half.jsonl", [
        {"id": "half", "context": "c", "response": "abcd efgh", "spans": [{"start": 0, "end": 2}]},
        generic_record(1),
    ])
    examples, report = load(path)
    assert not examples[0].hallucinated
    assert report.spans_without_positive_word == ["half"]
    assert report.hallucinated_examples == 1
    assert (report.words, report.positive_words) == (6, 1)
    assert "spans that label no word" in str(report)


# ---- PsiloQA Hugging Face schema -----------------------------------------------------------------------

def psiloqa_rows() -> list[dict]:
    return [
        {"id": "p1", "lang": "en", "wiki_title": "Esri", "wiki_url": "https://w/Esri",
         "wiki_passage": "Esri makes ArcGIS.", "llm_checkpoint": "tiny-llm", "question": "Who makes ArcGIS?",
         "golden_answer": "Esri", "llm_answer": "Google makes ArcGIS since 1990.",
         "labels": [[0, 6], [20, 31]]},
        {"id": "p2", "lang": "de", "wiki_title": "X", "wiki_url": "https://w/X", "wiki_passage": "Kontext.",
         "llm_checkpoint": "tiny-llm", "question": "Was?", "golden_answer": "a", "llm_answer": "Antwort.",
         "labels": []},
        {"id": "p3", "lang": "en", "wiki_title": "Esri", "wiki_url": "https://w/Esri",
         "wiki_passage": "Esri makes ArcGIS.", "llm_checkpoint": "other-llm", "question": "Who?",
         "golden_answer": "Esri", "llm_answer": "Esri.", "labels": []},
    ]


def _check_psiloqa(examples, report):
    assert report.format == "psiloqa"
    assert [e.id for e in examples] == ["p1", "p3"]
    first = examples[0]
    assert [first.answer[s.start:s.end] for s in first.spans] == ["Google", "since 1990."]
    assert first.labels.tolist() == [1, 0, 0, 1, 1]
    assert (first.context, first.question, first.generator, first.task) == (
        "Esri makes ArcGIS.", "Who makes ArcGIS?", "tiny-llm", "QA")
    assert first.group == examples[1].group
    assert len(report.skipped) == 1
    assert report.skipped[0].record == "p2"
    assert "'de'" in report.skipped[0].detail and "'en'" in report.skipped[0].reason


def test_psiloqa_jsonl(tmp_path):
    path = write_jsonl(tmp_path / "psiloqa_validation.jsonl", psiloqa_rows())
    examples, report = load(path)
    _check_psiloqa(examples, report)
    assert {e.split for e in examples} == {"validation"}
    all_languages, report = load(path, language=None)
    assert len(all_languages) == 3 and not report.skipped


def test_psiloqa_parquet(tmp_path):
    path = tmp_path / "test-00000-of-00001.parquet"
    pq.write_table(pa.Table.from_pylist(psiloqa_rows()), path)
    examples, report = load(path)
    _check_psiloqa(examples, report)
    assert {e.split for e in examples} == {"test"}


def test_psiloqa_bad_label(tmp_path):
    rows = psiloqa_rows()
    rows[2]["labels"] = [[0, 2, 3]]
    path = write_jsonl(tmp_path / "p.jsonl", rows)
    with pytest.raises(DataFormatError, match=r"p\.jsonl:3: each label must be \[start, end\]"):
        load(path)
    rows[2]["labels"] = [[0, 50]]
    with pytest.raises(DataFormatError, match="outside the answer"):
        load(write_jsonl(tmp_path / "p.jsonl", rows))


# ---- format detection -------------------------------------------------------------------------------------

def test_detect_format(tmp_path):
    folder = write_ragtruth(tmp_path / "rt")
    assert detect_format(folder) == "ragtruth"
    assert detect_format(folder / "response.jsonl") == "ragtruth"
    assert detect_format(write_jsonl(tmp_path / "p.jsonl", psiloqa_rows())) == "psiloqa"
    assert detect_format(write_jsonl(tmp_path / "g.jsonl", [generic_record(0)])) == "generic"
    assert detect_format(write_tagged_csv(tmp_path / "t.csv", ["a"])) == "psiloqa"
    parquet = tmp_path / "p.parquet"
    pq.write_table(pa.Table.from_pylist(psiloqa_rows()), parquet)
    assert detect_format(parquet) == "psiloqa"
    blank_first = tmp_path / "blank.jsonl"
    blank_first.write_text("\n\n" + json.dumps(generic_record(0)) + "\n", encoding="utf-8")
    assert detect_format(blank_first) == "generic"
    assert len(load(blank_first)[0]) == 1


def test_detect_format_failures(tmp_path):
    empty_folder = tmp_path / "folder"
    empty_folder.mkdir()
    (empty_folder / "notes.txt").write_text("x")
    with pytest.raises(ValueError, match="response.jsonl"):
        detect_format(empty_folder)
    with pytest.raises(ValueError, match="response.jsonl"):
        load(empty_folder)
    with pytest.raises(ValueError, match="cannot detect"):
        load(write_jsonl(tmp_path / "u.jsonl", [{"foo": 1}]))
    not_json = tmp_path / "n.jsonl"
    not_json.write_text("hello\n")
    with pytest.raises(ValueError, match="n.jsonl:1"):
        load(not_json)
    with pytest.raises(ValueError, match="unknown format"):
        load(write_jsonl(tmp_path / "g.jsonl", [generic_record(0)]), format="xml")
    with pytest.raises(FileNotFoundError):
        load(tmp_path / "nothing-here.jsonl")


def test_explicit_format_overrides_detection(tmp_path):
    path = write_jsonl(tmp_path / "g.jsonl", [generic_record(0)])
    examples, report = load(path, format="generic")
    assert report.format == "generic" and len(examples) == 1
