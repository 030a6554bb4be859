"""Multipliers ("doubled", "halved", "twice", "three times") where the context gives the two amounts, not the
ratio, on contexts of our own (store sales, a company's profit, a city's population, a drug trial).

    .venv/bin/python benchmarks/multipliers.py [--model default] [--label NAME]

Written as a user trying the detector on summaries of figures (session 54), before ``quantities`` version 8: "Sales
nearly doubled in 2023." where sales "rose from 48,000 units in 2022 to 95,000 units in 2023" was flagged (0.590): the
context states no 2. Per answer the score, the verdict at the detector's threshold and the flagged spans; a
readable check, not an evaluation. Writes ``benchmarks/results/multipliers_<label>.json``.
"""

from __future__ import annotations

from hand_claims import cases_main

SALES = "The store's sales rose from 48,000 units in 2022 to 95,000 units in 2023."
PROFIT = "Acme's net profit was $80 million in 2022. It fell to $41 million in 2023 as costs rose."
CITY = "The city had 210,000 residents in 1990. By 2020 its population had reached 640,000."
TRIAL = "In the trial, 12 of 400 patients on the drug had a stroke, against 36 of 400 on placebo."
# (context, answer, hallucinated)
CASES = [
    (SALES, "Sales nearly doubled in 2023.", False),
    (SALES, "The store sold twice as many units in 2023 as in 2022.", False),
    (PROFIT, "Acme's profit roughly halved in 2023.", False),
    (CITY, "The city's population tripled between 1990 and 2020.", False),
    (TRIAL, "Strokes were three times as common on placebo.", False),
    (SALES, "Sales tripled in 2023.", True),
    (SALES, "Sales halved in 2023.", True),
    (PROFIT, "Acme's profit doubled in 2023.", True),
    (CITY, "The city's population doubled between 1990 and 2020.", True),
    (TRIAL, "Strokes were twice as common on placebo.", True),
]

if __name__ == "__main__":
    cases_main("multipliers", __doc__, CASES)
