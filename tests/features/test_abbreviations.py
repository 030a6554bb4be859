"""Abbreviations and clock times: what the ``respellings`` option reads as one word or one time."""

from __future__ import annotations

import pytest

from halluseq.features.abbreviations import clock_times
from halluseq.features.text import COLUMNS, TextFeatures


@pytest.mark.parametrize(("text", "times"), [
    ("at 3pm today", [("3pm", {"15:00"})]), ("at 3 p.m. on", [("3 p.m.", {"15:00"})]),
    ("at 15:00.", [("15:00", {"15:00"})]),
    ("at 3:30 PM", [("3:30 PM", {"15:30"})]), ("at 11.30 am", [("11.30 am", {"11:30"})]),
    ("at 12am", [("12am", {"00:00"})]), ("at 9:30", [("9:30", {"09:30", "21:30"})]),  # either half-day
    ("at 13pm", []), ("in 2:30:15", []), ("the 5 amps", []),
    ("start: 2023-05-01T10:00;", [("10:00", {"10:00"})]), ("2023-05-01t09:30:00z", [("09:30:00", {"09:30"})]),
])
def test_clock_times_are_read_on_the_24_hour_clock(text, times):
    assert [(text[start:end], set(values)) for start, end, values in clock_times(text)] == times


@pytest.mark.parametrize(("context", "answer", "word", "found"), [
    ("The report was published in September 2023.", "It was published in Sept. 2023.", "Sept.", True),
    ("The church of Saint Mary stands on Mount Hood.", "St. Mary stands on Mt. Hood.", "Mt.", True),
    ("The meeting starts at 15:00 on Friday.", "The meeting starts at 3 p.m. on Friday.", "p.m.", True),
    ("The meeting starts at 15:00 on Friday.", "The meeting starts at 3pm on Friday.", "3pm", True),
    ("The meeting starts at 15:00 on Friday.", "The meeting starts at 4pm on Friday.", "4pm", False),
    ("Trade between the United States and Canada grew.", "Trade between the U.S. and Canada grew.", "U.S.", True),
    ("Trade between the US and Canada grew.", "Trade between the U.S. and Canada grew.", "U.S.", True),
])
def test_respellings_find_abbreviations_clock_times_and_dotted_acronyms(make_example, context, answer, word, found):
    example = make_example(answer, context)
    [plain], [respelled] = TextFeatures().extract([example]), TextFeatures(respellings=True).extract([example])
    at = [w.text for w in example.words].index(word)
    assert respelled[at, COLUMNS.index("in_context")] == found
    assert not plain[at, COLUMNS.index("in_context")]


@pytest.mark.parametrize(("context", "answer", "word", "found"), [
    ("hours Monday: 7:00-15:00 (7 am to 3 pm).", "It opens at 7 am on Mondays.", "Mondays.", True),
    ("The shop is closed on Sundays.", "The shop is closed on Sunday.", "Sunday.", True),
    ("hours Monday: 7:00-15:00 (7 am to 3 pm).", "It opens at 7 am on Tuesdays.", "Tuesdays.", False),
])
def test_respellings_read_a_weekday_in_the_plural_as_the_weekday(make_example, context, answer, word, found):
    example = make_example(answer, context)
    [respelled] = TextFeatures(respellings=True).extract([example])
    at = [w.text for w in example.words].index(word)
    assert respelled[at, COLUMNS.index("in_context")] == found


def test_respellings_take_no_number_from_inside_a_clock_time(make_example):
    context = "hours Monday: 10:00-18:00 (10 am to 6 pm). The repair cost only $8."
    for answer, word, found in [("The repair cost only $18.", "$18.", False),
                                ("The repair cost only $8.", "$8.", True)]:
        example = make_example(answer, context)
        [plain], [respelled] = TextFeatures().extract([example]), TextFeatures(respellings=True).extract([example])
        at = [w.text for w in example.words].index(word)
        assert respelled[at, COLUMNS.index("num_in_context")] == found
        assert plain[at, COLUMNS.index("num_in_context")]  # as written, "18" is a number of "10:00-18:00"
    example = make_example("It closes at 18:00.", context)  # the time itself is in the context, by value
    [respelled] = TextFeatures(respellings=True).extract([example])
    assert respelled[-1, COLUMNS.index("in_context")]
