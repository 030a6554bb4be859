"""Temperatures written with a degree sign ("180°C", "350°F", "-5°C") on contexts of our own (a recipe, a forecast,
a vaccine's storage, a metal).

    .venv/bin/python benchmarks/temperatures.py [--model default] [--label NAME]

Written as a user trying the detector (session 52), before `quantities` version 4 read a temperature's digits as an
amount: right answers that give a temperature as the context does (or in degrees spelled out), wrong ones that change
it. Per answer the score, the verdict at the detector's threshold and the flagged spans; a readable check, not an
evaluation. Writes ``benchmarks/results/temperatures_<label>.json``.
"""

from __future__ import annotations

from hand_claims import cases_main

RECIPE = "Preheat the oven to 180°C (350°F). Bake the cake for 30-35 minutes, until a skewer comes out clean."
FORECAST = ("Tomorrow will be sunny in Madrid with a high of 31°C and a low of 18°C. On Thursday temperatures drop "
            "to 24°C as clouds move in.")
VACCINE = ("Unopened vials must be stored frozen between -25°C and -15°C. Once thawed, they can be kept in a fridge "
           "at 2-8°C for up to 30 days.")
METAL = "Aluminium melts at 660°C and boils at 2,470°C. Its density is 2.7 g/cm3."
# (context, answer, hallucinated)
CASES = [
    (RECIPE, "Bake the cake at 180°C for 30-35 minutes.", False),
    (RECIPE, "Bake it at 350°F until a skewer comes out clean.", False),
    (FORECAST, "Madrid will reach 31°C tomorrow.", False),
    (FORECAST, "On Thursday it cools to 24°C.", False),
    (VACCINE, "Thawed vials keep for up to 30 days in a fridge at 2-8°C.", False),
    (METAL, "Aluminium melts at 660°C.", False),
    (RECIPE, "Bake the cake at 200°C for 30-35 minutes.", True),
    (RECIPE, "Bake it at 375°F until a skewer comes out clean.", True),
    (FORECAST, "Madrid will reach 35°C tomorrow.", True),
    (FORECAST, "On Thursday it cools to 21°C.", True),
    (VACCINE, "Thawed vials keep for up to 30 days in a fridge at 2-12°C.", True),
    (METAL, "Aluminium melts at 760°C.", True),
]

if __name__ == "__main__":
    cases_main("temperatures", __doc__, CASES)
