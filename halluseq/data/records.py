"""Reading raw records with errors that name the file, the line and the problem."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from halluseq.data.example import LoadReport
from halluseq.data.words import Span


class DataFormatError(ValueError):
    """A record that cannot be read; the message names ``file:line`` and the problem."""

    def __init__(self, path: Path | str, line: int | str, problem: str):
        super().__init__(f"{path}:{line}: {problem}")
        self.path, self.line, self.problem = str(path), line, problem


def read_jsonl(path: Path, report: LoadReport, skip_bad: bool) -> Iterator[tuple[int, dict[str, Any]]]:
    """Yield ``(line_number, object)`` for each non-blank line; a bad line raises or is skipped."""
    with path.open(encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
                if not isinstance(record, dict):
                    raise DataFormatError(path, number, f"expected a JSON object, got {type(record).__name__}")
            except json.JSONDecodeError as error:
                bad = DataFormatError(path, number, f"invalid JSON: {error.msg} (column {error.colno})")
                handle_bad(bad, report, skip_bad)
                continue
            except DataFormatError as bad:
                handle_bad(bad, report, skip_bad)
                continue
            yield number, record


def handle_bad(error: DataFormatError, report: LoadReport, skip_bad: bool) -> None:
    """Raise ``error``, or record it as a skipped record when ``skip_bad``."""
    if not skip_bad:
        raise error
    report.skip(f"{error.path}:{error.line}", error.problem, bad=True)


def require(record: dict[str, Any], key: str, kind: type | tuple[type, ...], path: Path, line: int) -> Any:
    """``record[key]``, checked to exist and to be of ``kind``."""
    if key not in record:
        raise DataFormatError(path, line, f"missing field '{key}'")
    value = record[key]
    if not isinstance(value, kind):
        names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise DataFormatError(path, line, f"field '{key}' must be {names}, got {type(value).__name__}")
    return value


def check_span(start: Any, end: Any, text: str, path: Path, line: int, label: str = "") -> Span:
    """A validated character span of ``text``."""
    if any(not isinstance(v, int) or isinstance(v, bool) for v in (start, end)):
        raise DataFormatError(path, line, f"span offsets must be integers, got {start!r}, {end!r}")
    if not 0 <= start <= end <= len(text):
        raise DataFormatError(path, line, f"span [{start}, {end}) outside the answer (length {len(text)})")
    return Span(start, end, label)
