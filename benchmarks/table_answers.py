"""Answers laid out as markdown tables, as chat models write comparisons, on two contexts of our own (car
specifications, two bridges).

    .venv/bin/python benchmarks/table_answers.py [--model default] [--label NAME]

Written as a user trying the detector (session 51), before any change for tables: right tables (with and without
outer pipes, aligned separator rows, a sentence before the table) and the same tables with one figure changed. Per
answer the score, the verdict at the detector's threshold and the flagged spans; a readable check, not an evaluation.
Writes ``benchmarks/results/table_answers_<label>.json``.
"""

from __future__ import annotations

from formatted_answers import CARS
from hand_claims import cases_main

BRIDGES = ("The Sydney Harbour Bridge opened in 1932 and is 503 metres long. It was designed by John Bradfield. The "
           "Golden Gate Bridge opened in 1937; its main span is 1,280 metres, and it was the longest suspension span "
           "in the world until 1964.")
PRICES = ("| Model | Range | Price |\n|---|---|---|\n| Model Y Long Range | {range} miles | ${price} |\n"
          "| Model 3 Standard | 272 miles | $38,990 |")
RANGES = ("Here is how the two Model 3 versions compare:\n\n| Version | Range (miles) |\n|:--|--:|\n"
          "| Standard | 272 |\n| Long Range | {long} |")
BARE = "Model | Range\n--- | ---\nModel Y Long Range | {range} miles\nModel 3 Standard | 272 miles"
OPENED = ("| Bridge | Opened | Length |\n|---|---|---|\n| Sydney Harbour Bridge | 1932 | 503 m |\n"
          "| Golden Gate Bridge | {year} | 1,280 m main span |")
# (context, answer, hallucinated)
CASES = [
    (CARS, PRICES.format(range=310, price="47,990"), False),
    (CARS, RANGES.format(long=341), False),
    (CARS, BARE.format(range=310), False),
    (BRIDGES, OPENED.format(year=1937), False),
    (CARS, PRICES.format(range=330, price="47,990"), True),
    (CARS, PRICES.format(range=310, price="49,990"), True),
    (CARS, RANGES.format(long=314), True),
    (CARS, BARE.format(range=301), True),
    (BRIDGES, OPENED.format(year=1935), True),
]

if __name__ == "__main__":
    cases_main("table_answers", __doc__, CASES)
