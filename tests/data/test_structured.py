"""Structured contexts: a JSON record read as ``key: value.`` lines."""

from __future__ import annotations

import json

import pytest

from halluseq.data.structured import readable_context


def test_a_record_reads_as_its_short_fields_on_one_line_and_each_text_on_its_own():
    record = {"name": "The Golden Palace", "price_range": "cheap", "rating": 5.0, "open": True, "near": None,
              "hours": {"Monday": "7-22", "Tuesday": "closed"}, "tags": ["French", "coffee shop"],
              "reviews": [{"stars": 4, "text": "Great coffee!"}, {"stars": 2, "text": "Slow service"}]}
    assert readable_context(json.dumps(record)).split("\n") == [
        "name: The Golden Palace; price range: cheap; rating: 5.0; open: yes; near: none.",
        "hours Monday: 7-22; hours Tuesday: closed.", "tags: French, coffee shop.",
        "reviews stars: 4.", "reviews text: Great coffee!", "reviews stars: 2; reviews text: Slow service."]
    assert readable_context('  [{"a": 1}, {"a": 2}] ') == "a: 1.\na: 2."
    camel = {"eatType": "pub", "WheelchairAccessible": True, "BusinessParking": {"lot": False}, "customer rating": 3}
    assert readable_context(json.dumps(camel)).split("\n") == [
        "eat type: pub; wheelchair accessible: yes; customer rating: 3.", "business parking lot: no."]


@pytest.mark.parametrize("context", ["The Eiffel Tower is 330 metres tall.", '{"a": 1', "[1, 2", "42", '"text"',
                                     "{}", "[]", "{not json at all}", ""])
def test_any_other_context_is_left_as_it_is(context):
    assert readable_context(context) is None
