"""The typed, JSON-serializable result of scoring one answer."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass
class WordScore:
    text: str
    start: int
    end: int
    prob: float


@dataclass
class SpanScore:
    """A run of flagged words as a character range of the answer; ``score`` is its highest word probability."""

    start: int
    end: int
    text: str
    score: float


@dataclass
class Evidence:
    """A context sentence quoted as evidence: its text, character offsets into the context and the NLI
    probability (entailment for support, contradiction for a contradiction)."""

    text: str
    start: int
    end: int
    prob: float


@dataclass
class Claim:
    """One sentence of the answer with its verdict and the evidence behind it; ``support`` / ``contradiction``
    are filled when the detector reads NLI features."""

    text: str
    start: int
    end: int
    hallucinated: bool
    score: float
    reason: str
    support: Evidence | None = None
    contradiction: Evidence | None = None


@dataclass
class DetectionResult:
    """``status`` is ``ok``, or ``skipped`` with a ``reason`` (empty context or answer); ``score`` is the
    response score (highest word probability), ``hallucinated`` whether it reaches ``threshold``; ``notes``
    say how the answer was scored where it was not scored whole (e.g. in windows past the word budget)."""

    status: str
    answer: str
    reason: str | None = None
    id: str | None = None
    score: float = 0.0
    threshold: float = 0.5
    hallucinated: bool = False
    words: list[WordScore] = field(default_factory=list)
    spans: list[SpanScore] = field(default_factory=list)
    claims: list[Claim] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def to_dict(self, include_answer: bool = False) -> dict[str, Any]:
        out = asdict(self)
        if not include_answer:
            out.pop("answer")
        return out

    def to_json(self, **kwargs: Any) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, **kwargs)
