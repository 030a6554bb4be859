"""RAGTruth raw files: ``response.jsonl`` joined to ``source_info.jsonl`` on ``source_id`` (SPEC 1.1)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from halluseq.data.example import Example, LoadReport
from halluseq.data.records import DataFormatError, check_span, handle_bad, read_jsonl, require
from halluseq.data.structured import readable_context

RESPONSES = "response.jsonl"
SOURCES = "source_info.jsonl"


def context_of(task: str, source_info: Any, path: Path, line: int) -> tuple[str, str | None]:
    """``(context, question)`` for a source record of the given task type."""
    if task == "QA":
        if not isinstance(source_info, dict) or not isinstance(source_info.get("passages"), str):
            raise DataFormatError(path, line, "QA source_info must be an object with a string 'passages'")
        return source_info["passages"], source_info.get("question")
    if task == "Summary":
        if not isinstance(source_info, str):
            raise DataFormatError(path, line, "Summary source_info must be the article string")
        return source_info, None
    if task == "Data2txt":  # the business record as "key: value." lines (data/structured.py), as a detector reads it
        record = json.dumps(source_info, ensure_ascii=False)
        return readable_context(record) or record, None
    raise DataFormatError(path, line, f"unknown task_type {task!r} (expected QA, Summary or Data2txt)")


def load_ragtruth(
    path: Path,
    report: LoadReport,
    skip_bad: bool = False,
    prepend_question: bool = False,
    include_implicit_true: bool = True,
) -> list[Example]:
    """Load a RAGTruth folder (or its ``response.jsonl``); responses without a source are skipped."""
    folder = path if path.is_dir() else path.parent
    responses_path = path if path.is_file() else folder / RESPONSES
    sources_path = folder / SOURCES
    if not sources_path.exists():
        raise FileNotFoundError(f"{sources_path}: RAGTruth needs {SOURCES} beside {responses_path.name}")

    sources: dict[str, tuple[str, str, str | None]] = {}
    for line, record in read_jsonl(sources_path, report, skip_bad):
        try:
            source_id = str(require(record, "source_id", (str, int), sources_path, line))
            task = require(record, "task_type", str, sources_path, line)
            context, question = context_of(task, record.get("source_info"), sources_path, line)
        except DataFormatError as error:
            handle_bad(error, report, skip_bad)
            continue
        sources[source_id] = (task, context, question)

    examples = []
    for line, record in read_jsonl(responses_path, report, skip_bad):
        try:
            example = _response(record, sources, responses_path, line, prepend_question, include_implicit_true)
        except DataFormatError as error:
            handle_bad(error, report, skip_bad)
            continue
        if example is None:
            report.skip(str(record["id"]), "no source record", f"source_id {record['source_id']}")
        else:
            examples.append(example)
    return examples


def _response(
    record: dict[str, Any],
    sources: dict[str, tuple[str, str, str | None]],
    path: Path,
    line: int,
    prepend_question: bool,
    include_implicit_true: bool,
) -> Example | None:
    record_id = str(require(record, "id", (str, int), path, line))
    source_id = str(require(record, "source_id", (str, int), path, line))
    answer = require(record, "response", str, path, line)
    labels = require(record, "labels", list, path, line)
    spans = []
    for label in labels:
        if not isinstance(label, dict):
            raise DataFormatError(path, line, f"each label must be an object, got {type(label).__name__}")
        if label.get("implicit_true") and not include_implicit_true:
            continue
        spans.append(check_span(label.get("start"), label.get("end"), answer, path, line,
                                str(label.get("label_type", ""))))
    if source_id not in sources:
        return None
    task, context, question = sources[source_id]
    if prepend_question and question:
        context = f"{question}\n\n{context}"
    return Example(
        id=record_id,
        context=context,
        answer=answer,
        question=question,
        task=task,
        generator=str(record.get("model", "unknown")),
        split=str(record.get("split", "test")),
        group=source_id,
        dataset="ragtruth",
        spans=tuple(spans),
        meta={"quality": record.get("quality"), "temperature": record.get("temperature")},
    )
