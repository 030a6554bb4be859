"""The generic span schema of ``shared/data/spans`` (also the format users bring)."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from halluseq.data.example import Example, LoadReport
from halluseq.data.records import DataFormatError, check_span, handle_bad, read_jsonl, require


def context_group(context: str) -> str:
    """A group id for records that share a context (same document never straddles train and test)."""
    return "ctx-" + hashlib.sha256(context.encode("utf-8")).hexdigest()[:16]


def load_generic(path: Path, report: LoadReport, skip_bad: bool = False) -> list[Example]:
    """One JSON object a line: ``{id, context, question, response, spans: [{start, end, ...}], ...}``."""
    examples = []
    for line, record in read_jsonl(path, report, skip_bad):
        try:
            examples.append(_record(record, path, line))
        except DataFormatError as error:
            handle_bad(error, report, skip_bad)
    return examples


def example_from_record(record: dict[str, Any], path: Path | str, line: int) -> Example:
    """One generic-schema record as an Example; a malformed record raises :class:`DataFormatError`."""
    return _record(record, Path(path), line)


def _record(record: dict[str, Any], path: Path, line: int) -> Example:
    context = require(record, "context", str, path, line)
    if "response" in record and "answer" in record and record["response"] != record["answer"]:
        raise DataFormatError(path, line, "fields 'response' and 'answer' differ: give the answer once")
    answer = require(record, "answer" if "answer" in record else "response", str, path, line)
    question = record.get("question")
    if question is not None and not isinstance(question, str):
        raise DataFormatError(path, line, f"field 'question' must be a string or null, got {type(question).__name__}")
    raw_spans = record.get("spans") or []
    if not isinstance(raw_spans, list):
        raise DataFormatError(path, line, "field 'spans' must be a list")
    spans = []
    for raw in raw_spans:
        if not isinstance(raw, dict):
            raise DataFormatError(path, line, "each span must be an object with 'start' and 'end'")
        span = check_span(raw.get("start"), raw.get("end"), answer, path, line, str(raw.get("type") or ""))
        if "text" in raw and raw["text"] != answer[span.start:span.end]:
            raise DataFormatError(path, line, f"span [{span.start}, {span.end}) text {raw['text']!r} does not "
                                              f"match the response there ({answer[span.start:span.end]!r})")
        spans.append(span)
    meta = record.get("meta") if isinstance(record.get("meta"), dict) else {}
    dataset = record.get("dataset")
    response_label = record.get("response_label")
    return Example(
        id=str(record.get("id", f"{path.name}:{line}")),
        context=context,
        answer=answer,
        question=question,
        task=str(record.get("task") or "unknown"),
        generator=str(record.get("generator") or meta.get("model_name") or "unknown"),
        split=str(record.get("split") or "test"),
        group=str(record.get("group") or context_group(context)),
        dataset=str(dataset or path.stem),
        spans=tuple(spans),
        # A hallucinated response with no spans is labelled per response only: its word labels are unknown.
        word_labels=not (response_label is True and not spans),
        meta={**meta, "dataset": dataset, "response_label": response_label,
              "granularity": record.get("granularity")},
    )
