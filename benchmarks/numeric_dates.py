"""Dates written in digits, year first ("2023-05-01", as records, tables and APIs write them), against the same date
in words: a record's date restated in a sentence, a sentence's date restated in digits, each right answer beside one
whose month, day or year changed, on contexts of our own (an event record, a JSON record, a meeting, a product
release).

    .venv/bin/python benchmarks/numeric_dates.py [--model default] [--label NAME]

Written as a user trying the detector on data-to-text answers (session 56): "The Spring Gala takes place on May 1,
2023 at City Hall." was flagged on `May` (0.420) where the record reads "date: 2023-05-01", and "The meeting was held
on 2023-06-01." passed (0.091) where the context says "May 1, 2023": a date in digits was no date, so the month
written out was a new word and a wrong date in digits a number like any other. Per answer the score, the verdict at
the detector's threshold and the flagged spans; a readable check, not an evaluation. Writes
``benchmarks/results/numeric_dates_<label>.json``.
"""

from __future__ import annotations

from hand_claims import cases_main

RECORD = "Event record: name: Spring Gala; date: 2023-05-01; venue: City Hall."
JSON_RECORD = '{"product": "Nova X2", "released": "2021-11-09", "price_usd": 499}'
MEETING = "The meeting took place on May 1, 2023 in Berlin."
RELEASE = "Version 4.2 was released on 14 February 2022 and fixed the login bug."
DATETIME = '{"event": "Spring Gala", "start": "2023-05-01T10:00", "city": "Denver"}'
# (context, answer, hallucinated)
CASES = [
    (RECORD, "The Spring Gala takes place on May 1, 2023 at City Hall.", False),
    (RECORD, "The Spring Gala takes place on June 1, 2023 at City Hall.", True),
    (RECORD, "The Spring Gala takes place on May 1, 2024 at City Hall.", True),
    (RECORD, "The Spring Gala is held in May 2023.", False),
    (JSON_RECORD, "The Nova X2 was released on 9 November 2021 for $499.", False),
    (JSON_RECORD, "The Nova X2 was released on 19 November 2021 for $499.", True),
    (MEETING, "The meeting was held on 2023-05-01.", False),
    (MEETING, "The meeting was held on 2023-06-01.", True),
    (MEETING, "The meeting was held on 2023-05-11.", True),
    (RELEASE, "Version 4.2 came out on 2022-02-14.", False),
    (RELEASE, "Version 4.2 came out on 2022-12-14.", True),
    # a review helper's: a date and time as an API writes it
    (DATETIME, "The Spring Gala starts on May 1, 2023 at 10:00 in Denver.", False),
    (DATETIME, "The Spring Gala starts on May 1, 2023 at 11:00 in Denver.", True),
    (DATETIME, "The Spring Gala starts on May 3, 2023 in Denver.", True),
]

if __name__ == "__main__":
    cases_main("numeric_dates", __doc__, CASES)
