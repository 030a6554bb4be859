"""halluseq: black-box word-level hallucination detection for context-grounded LLM answers."""

from typing import TYPE_CHECKING, Any

from halluseq.data import Example, LoadReport, load

if TYPE_CHECKING:
    from halluseq.detector import Detector
    from halluseq.result import Claim, DetectionResult, Evidence, SpanScore, WordScore

__all__ = ["Claim", "DetectionResult", "Detector", "Evidence", "Example", "LoadReport", "SpanScore", "WordScore",
           "load"]
__version__ = "0.1.0"

_LAZY = {"Detector": "halluseq.detector", "Claim": "halluseq.result", "DetectionResult": "halluseq.result",
         "Evidence": "halluseq.result", "SpanScore": "halluseq.result", "WordScore": "halluseq.result"}


def __getattr__(name: str) -> Any:
    """``from halluseq import Detector`` without importing torch on a bare ``import halluseq``."""
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'halluseq' has no attribute {name!r}")
