"""Units of measure after amounts and calendar dates, as the quantities family reads them."""

from __future__ import annotations

import pytest

from halluseq.features.measures import Date, dates, unit_of, wrong_date_words
from halluseq.features.quantities import amounts
from halluseq.features.text import word_key


def _keys(text: str) -> tuple[list[str], list[str]]:
    words = text.split()
    return words, [word_key(w) for w in words]


@pytest.mark.parametrize(("text", "unit"), [
    ("a 2.4-mile bridge", ("length", "mi", 1)),
    ("is 2.4 kilometres long", ("length", "km", 2)),
    ("it is 2.4 km long", ("length", "km", 3)),
    ("a four-month build", ("time", "month", 1)),
    ("a 13-year-old boy", ("time", "year", 1)),
    ("120 rooms", None),  # what the number counts, but no unit of measure
    ("a 3-2 win", None),
    ("5 pounds", None),  # weight or money: left out
    ("take 500 mg daily", ("mass", "mg", 2)),
])
def test_unit_of_reads_the_unit_after_an_amount_or_joined_to_it(text, unit):
    words, keys = _keys(text)
    [(first, end, _, _)] = amounts(keys, words)
    assert unit_of(keys, first, end) == unit


@pytest.mark.parametrize(("text", "found"), [
    ("It opened on 3 March 2021 after", [Date("march", 3, 2021, 4, 3, 5)]),
    ("It opened on March 3, 2021, and", [Date("march", 3, 2021, 3, 4, 5)]),
    ("It opened in May 2021.", [Date("may", None, 2021, 3, None, 4)]),
    ("due on Sept. 5, 2020 at", [Date("september", 5, 2020, 2, 3, 4)]),
    ("on the 3rd May", [Date("may", 3, None, 3, 2)]),
    ("In March, 15 people died", []),  # no day after a comma, and a month alone is no date
    ("It may 2021 be", []),  # a month is capitalised
    ("It opened in March.", []),
    ("date: 2023-05-01; venue", [Date("may", 1, 2023, 1, 1, 1)]),  # in digits, year first: one word
    ("on 2023/5/9.", [Date("may", 9, 2023, 1, 1, 1)]),
    ("start: 2023-05-01T10:00; city", [Date("may", 1, 2023, 1, 1, 1)]),  # with a time of day
    ("at 2023-05-01T10:00:00Z.", [Date("may", 1, 2023, 1, 1, 1)]),
    ("on 2023-13-01 or 2023-05-01-02", []),  # no month 13; a longer run of digits
])
def test_dates_read_day_month_and_year_where_given(text, found):
    assert dates(*_keys(text)) == found


CONTEXT_DATES = dates(*_keys("The bridge opened on 3 March 2021 after four years."))


@pytest.mark.parametrize(("answer", "wrong"), [
    ("opened in May 2021.", ["May"]),  # the context's 2021 date is in March
    ("opened on March 5, 2021.", ["5,"]),  # its March 2021 date is on the 3rd
    ("opened on May 3.", ["May"]),  # its 3rd is in March
    ("opened on March 5.", ["5."]),
    ("opened on 3 March 2021.", []),
    ("opened in March 2021.", []),  # agrees: the answer gives no day
    ("opened on 3 March.", []),
    ("opened in March 2022.", []),  # nothing dated in 2022 to compare (the year is the numbers' to judge)
    ("opened on 2021-03-05.", ["2021-03-05."]),  # in digits: the one word
    ("opened on 2021-03-03.", []),
])
def test_wrong_date_words_are_the_parts_the_context_dates_otherwise(answer, wrong):
    words, keys = _keys(answer)
    [date] = dates(words, keys)
    assert [words[i] for i in wrong_date_words(date, CONTEXT_DATES)] == wrong
