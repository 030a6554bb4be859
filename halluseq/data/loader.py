"""``load(path)``: detect the format, read it into Examples, and count what was read."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from halluseq.data.example import Example, LoadReport
from halluseq.data.generic import load_generic
from halluseq.data.psiloqa import load_psiloqa
from halluseq.data.ragtruth import RESPONSES, SOURCES, load_ragtruth

FORMATS = ("ragtruth", "psiloqa", "generic")


def detect_format(path: Path) -> str:
    """Guess the format from the path and, for JSONL, the keys of the first record."""
    if path.is_dir():
        if (path / RESPONSES).exists():
            return "ragtruth"
        found = ", ".join(sorted(p.name for p in path.iterdir() if p.is_file())[:10])
        raise ValueError(f"{path}: a folder must hold RAGTruth's {RESPONSES} and {SOURCES}; "
                         f"for other formats name one file (found: {found or 'nothing'})")
    if path.suffix in (".csv", ".parquet"):
        return "psiloqa"
    with path.open(encoding="utf-8") as handle:
        first = next((line for line in handle if line.strip()), "")
    try:
        keys = set(json.loads(first))
    except (json.JSONDecodeError, TypeError):
        raise ValueError(f"{path}:1: cannot detect the format (first record is not a JSON object); "
                         f"pass format= one of {', '.join(FORMATS)}") from None
    if {"source_id", "response", "labels"} <= keys:
        return "ragtruth"
    if "llm_answer" in keys:
        return "psiloqa"
    if "context" in keys and keys & {"response", "answer"}:  # "answer", as the Python API and the server call it
        return "generic"
    raise ValueError(f"{path}:1: cannot detect the format from fields {sorted(keys)}; "
                     f"pass format= one of {', '.join(FORMATS)}")


def load(path: str | Path, format: str = "auto", skip_bad: bool = False,
         **options: Any) -> tuple[list[Example], LoadReport]:
    """Read a dataset into Examples.

    ``format``: ``auto``, ``ragtruth`` (folder or ``response.jsonl`` beside ``source_info.jsonl``),
    ``psiloqa`` (Hugging Face jsonl/parquet, or ``[HAL]``-tagged CSV) or ``generic`` (span schema JSONL).
    A malformed record raises :class:`DataFormatError` naming file and line; with ``skip_bad`` it is
    skipped and listed in the report. ``options`` go to the format's loader (e.g. ``prepend_question``,
    ``include_implicit_true`` for RAGTruth, ``language`` for PsiloQA).
    """
    path = Path(path)
    if not path.exists():
        raise FileNotFoundError(f"{path}: no such file or folder")
    fmt = detect_format(path) if format == "auto" else format
    loaders = {"ragtruth": load_ragtruth, "psiloqa": load_psiloqa, "generic": load_generic}
    if fmt not in loaders:
        raise ValueError(f"unknown format {fmt!r}; expected auto or one of {', '.join(FORMATS)}")
    report = LoadReport(path=str(path), format=fmt)
    examples = loaders[fmt](path, report, skip_bad=skip_bad, **options)
    report.count(examples)
    return examples, report
