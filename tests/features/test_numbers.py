"""The value of one number word: counts in digits and in words compare by value."""

from __future__ import annotations

import pytest

from halluseq.features.numbers import count_key, number_token, range_ends


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


@pytest.mark.parametrize(("key", "expected"), [
    ("1939-1946", (1939.0, 1946.0)), ("4–9%", (4.0, 9.0)), ("$4.3-4.5", (4.3, 4.5)), ("4%-9%", (4.0, 9.0)),
    ("2019-20", (2019.0, 2020.0)), ("1998-99", (1998.0, 1999.0)), ("3-1", (3.0, 1.0)),
    ("2019-18", (2019.0, 18.0)),  # no year after 2019 in its century's two digits: read as written
    ("30-year", None), ("covid-19", None), ("2021-03-15", None), ("-5", None), ("5-", None), ("1939", None),
])
def test_range_ends_reads_a_range_written_as_one_word(key, expected):
    assert range_ends(key) == expected
