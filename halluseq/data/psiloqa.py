"""PsiloQA: the Hugging Face schema (jsonl or parquet) and the ``[HAL]``-tagged evaluation CSVs (SPEC 1.3)."""

from __future__ import annotations

import csv
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from halluseq.data.example import Example, LoadReport
from halluseq.data.generic import context_group
from halluseq.data.records import DataFormatError, check_span, handle_bad, read_jsonl, require
from halluseq.data.words import Span

_TAG = re.compile(r"\[/?HAL\]")
_SPLIT_NAMES = {"train": "train", "validation": "validation", "dev": "validation", "test": "test"}


def strip_hal_tags(tagged: str, path: Path, line: int) -> tuple[str, list[Span]]:
    """Remove ``[HAL]...[/HAL]`` tags; their positions in the untagged text are the spans."""
    pieces, spans = [], []
    cursor, length, open_at = 0, 0, None
    for match in _TAG.finditer(tagged):
        pieces.append(tagged[cursor:match.start()])
        length += match.start() - cursor
        cursor = match.end()
        if match.group() == "[HAL]":
            if open_at is not None:
                raise DataFormatError(path, line, f"nested [HAL] tag at character {match.start()}")
            open_at = length
        else:
            if open_at is None:
                raise DataFormatError(path, line, f"[/HAL] without [HAL] at character {match.start()}")
            spans.append(Span(open_at, length, "HAL"))
            open_at = None
    if open_at is not None:
        raise DataFormatError(path, line, "unclosed [HAL] tag")
    pieces.append(tagged[cursor:])
    return "".join(pieces), spans


def _split_from_name(path: Path) -> str:
    for token in re.split(r"[^a-z]+", path.stem.lower()):
        if token in _SPLIT_NAMES:
            return _SPLIT_NAMES[token]
    return "test"


def _example(record: dict[str, Any], answer: str, spans: list[Span], split: str, path: Path, line: int) -> Example:
    context = require(record, "wiki_passage", str, path, line)
    return Example(
        id=str(record.get("id") or f"{path.name}:{line}"),
        context=context,
        answer=answer,
        question=record.get("question") or None,
        task="QA",
        generator=str(record.get("llm_checkpoint") or "unknown"),
        split=split,
        group=str(record.get("wiki_url") or record.get("wiki_title") or context_group(context)),
        dataset="psiloqa",
        spans=tuple(spans),
        meta={"wiki_title": record.get("wiki_title"), "golden_answer": record.get("golden_answer")},
    )


def _hf_rows(path: Path, report: LoadReport, skip_bad: bool) -> Iterator[tuple[int, dict[str, Any]]]:
    if path.suffix == ".parquet":
        import pyarrow.parquet as pq

        yield from enumerate(pq.read_table(path).to_pylist(), start=1)
    else:
        yield from read_jsonl(path, report, skip_bad)


def load_psiloqa(path: Path, report: LoadReport, skip_bad: bool = False, language: str | None = "en") -> list[Example]:
    """Hugging Face rows (``llm_answer``, ``labels`` as ``[[start, end], ...]``) or a ``[HAL]``-tagged CSV."""
    if path.suffix == ".csv":
        return _load_tagged_csv(path, report, skip_bad)
    default_split = _split_from_name(path)
    examples = []
    for line, record in _hf_rows(path, report, skip_bad):
        try:
            if language and record.get("lang", language) != language:
                report.skip(str(record.get("id", f"{path.name}:{line}")), f"language other than {language!r}",
                            f"lang {record.get('lang')!r}")
                continue
            answer = require(record, "llm_answer", str, path, line)
            raw = record.get("labels") or []
            spans = []
            for pair in raw:
                if not isinstance(pair, list | tuple) or len(pair) != 2:
                    raise DataFormatError(path, line, f"each label must be [start, end], got {pair!r}")
                spans.append(check_span(pair[0], pair[1], answer, path, line, "HAL"))
            split = str(record.get("split") or default_split)
            examples.append(_example(record, answer, spans, split, path, line))
        except DataFormatError as error:
            handle_bad(error, report, skip_bad)
    return examples


def _load_tagged_csv(path: Path, report: LoadReport, skip_bad: bool) -> list[Example]:
    examples = []
    with path.open(encoding="utf-8", newline="") as handle:
        reader = csv.DictReader(handle)
        while True:
            line = reader.line_num + 1  # first physical line of the record (rows may span lines)
            row = next(reader, None)
            if row is None:
                break
            try:
                tagged = require(row, "annotated_span", str, path, line)
                answer, spans = strip_hal_tags(tagged, path, line)
                examples.append(_example(row, answer, spans, _split_from_name(path), path, line))
            except DataFormatError as error:
                handle_bad(error, report, skip_bad)
    return examples
