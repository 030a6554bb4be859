"""Hostile strings through Detector.predict (hypothesis): whatever comes in, the result keeps its invariants."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from halluseq.detector import Detector

HOSTILE_PIECES = [
    "\x00", "\x07", "\u200b", "\u200d", "\u202e", "\u202d", "\ufeff", "\r\n", "\t", " ", "\u00a0", "\u3000",
    "e\u0301\u0302\u0303", "\U0001F469\u200d\U0001F469\u200d\U0001F467", "\U0001F1FA\U0001F1F8", "שלום", "مرحبا",
    "x" * 5000, "1889,", "$3.5%", "(", ")", ".", "...", "?!", "\ud7ff", "Mr.", "A.", '{"a": [1, 2]}', "null",
]
pieces = st.one_of(st.sampled_from(HOSTILE_PIECES), st.text(max_size=30))
hostile = st.lists(pieces, max_size=12).map(" ".join)


@pytest.fixture(scope="module")
def detector() -> Detector:
    return Detector.from_pretrained("default")


def check_invariants(result, answer: str) -> None:
    if result.status != "ok":
        assert result.status == "skipped" and result.reason
        return
    assert result.words, "a scored answer has words"
    for word in result.words:
        assert answer[word.start:word.end] == word.text and word.text.strip()
        assert math.isfinite(word.prob) and 0.0 <= word.prob <= 1.0
    for span in result.spans:
        assert 0 <= span.start < span.end <= len(answer) and answer[span.start:span.end] == span.text
    assert result.score == max(w.prob for w in result.words)
    assert result.hallucinated == (result.score >= result.threshold)
    for claim in result.claims:
        assert answer[claim.start:claim.end] == claim.text
    json.loads(result.to_json())  # serializable whatever the text


@settings(max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(context=hostile, answer=hostile, question=st.one_of(st.none(), hostile))
def test_predict_keeps_its_invariants_on_hostile_strings(detector, context, answer, question):
    result = detector.predict(context, answer, question)
    check_invariants(result, answer)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(items=st.lists(st.tuples(hostile, hostile), min_size=1, max_size=6))
def test_batch_equals_single_on_hostile_strings(detector, items):
    batch = detector.predict_batch([{"context": c, "answer": a} for c, a in items])
    for (context, answer), together in zip(items, batch, strict=True):
        alone = detector.predict(context, answer)
        check_invariants(together, answer)
        assert together.status == alone.status
        assert [(w.start, w.end) for w in together.words] == [(w.start, w.end) for w in alone.words]
        assert [w.prob for w in together.words] == pytest.approx([w.prob for w in alone.words], abs=1e-9)


def test_json_as_context_and_whitespace_only_fields(detector):
    context = json.dumps({"tower": "Eiffel", "height_m": 330, "completed": 1889})
    check_invariants(detector.predict(context, "The tower is 330 m tall, completed in 1925."),
                     "The tower is 330 m tall, completed in 1925.")
    for blank in ("", " ", "\n\t ", "\u3000"):
        assert detector.predict(context, blank).status == "skipped"
        assert detector.predict(blank, "An answer.").status == "skipped"
