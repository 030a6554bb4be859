"""Datasets -> :class:`Example` (SPEC 1)."""

from halluseq.data.example import Example, LoadReport, Skipped
from halluseq.data.loader import FORMATS, detect_format, load
from halluseq.data.records import DataFormatError
from halluseq.data.words import Span, Word, labels_from_spans, spans_from_labels, split_words

__all__ = [
    "FORMATS", "DataFormatError", "Example", "LoadReport", "Skipped", "Span", "Word",
    "detect_format", "labels_from_spans", "load", "spans_from_labels", "split_words",
]
