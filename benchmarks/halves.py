"""Amounts with a half more ("two and a half hours", "a year and a half", "one and a half million") and ranges
written as two amounts ("between 70 and 85 million") against contexts that give the same value another way ("2.5
hours", "18 months", "1.5 million", "at least 70 million"), on contexts of our own (a library's build, a flight, a
festival, a war, a subscriber forecast).

    .venv/bin/python benchmarks/halves.py [--model default] [--label NAME]

Written as a user trying the detector (session 53), before `quantities` version 6, which the bundled default of
session 52 flagged on every right answer with a half in it (0.82-0.94). Per answer the score, the verdict at the
detector's threshold and the flagged spans; a readable check, not an evaluation. Writes
``benchmarks/results/halves_<label>.json``.
"""

from __future__ import annotations

from hand_claims import cases_main

LIBRARY = "The council said construction of the new library will take about 18 months and cost 12 million euros."
FLIGHT = "The flight from Lisbon to Madrid takes 90 minutes."
TRAIN = "The train from Lisbon to Porto takes 2.5 hours."
FESTIVAL = "The festival drew 1.5 million visitors last summer."
WAR = "The war killed between 70 and 85 million people."
FORECAST = "Analysts expect 40 to 45 million subscribers by June."
# (context, answer, hallucinated)
CASES = [
    (LIBRARY, "Building the library will take a year and a half.", False),
    (LIBRARY, "Building the library will take one and a half years.", False),
    (FLIGHT, "The flight takes an hour and a half.", False),
    (FLIGHT, "The flight takes one and a half hours.", False),
    (TRAIN, "The train takes two and a half hours.", False),
    (FESTIVAL, "About one and a half million people visited the festival.", False),
    (WAR, "The war killed 70-85 million people.", False),
    (WAR, "The war killed at least 70 million people.", False),
    (FORECAST, "Analysts expect at least 40 million subscribers by June.", False),
    (LIBRARY, "Building the library will take two and a half years.", True),
    (FLIGHT, "The flight takes two and a half hours.", True),
    (TRAIN, "The train takes three and a half hours.", True),
    (FESTIVAL, "About two and a half million people visited the festival.", True),
    (WAR, "The war killed at least 60 million people.", True),
    (FORECAST, "Analysts expect 30 million subscribers by June.", True),
]

if __name__ == "__main__":
    cases_main("halves", __doc__, CASES)
