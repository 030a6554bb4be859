"""halluseq: black-box word-level hallucination detection for context-grounded LLM answers."""

from halluseq.data import Example, LoadReport, load

__all__ = ["Example", "LoadReport", "load"]
__version__ = "0.1.0"
