"""The value of one number word: counts in digits and in words compare by value."""

from __future__ import annotations

import pytest

from halluseq.features.numbers import count_key, number_token


@pytest.mark.parametrize(("key", "expected"), [
    ("15", "#15"), ("fifteen", "#15"), ("1,500", "#1500"), ("twenty-five", "#25"), ("3.5", "#3.5"), ("one", "#1"),
    # not a count alone: kept as written
    ("15%", "15%"), ("1990s", "1990s"), ("three-day", "three-day"), ("1,2,3", "1,2,3"), ("smith", "smith"), ("", ""),
])
def test_count_key(key, expected):
    assert count_key(key) == expected


def test_number_token_reads_one_word():
    assert number_token("twenty-five") == ("count", 25)
    assert number_token("two-thirds") == ("fraction", 2 * (1 / 3))
    assert number_token("$1,200") == ("digits", 1200.0)
    assert number_token("third-party") is None and number_token("fish") is None
