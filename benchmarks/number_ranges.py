"""Ranges written as one word ("1939-1945", "4-6%", "$4.3-4.5 billion", "2019-20") on contexts of our own (a war,
a company's guidance, a recipe, a football season).

    .venv/bin/python benchmarks/number_ranges.py [--model default] [--label NAME]

Written as a user trying the detector (session 52), before the `quantities` option `ranges`: right answers that
give a range as the context does, or one end of a context's range, and wrong ones whose range changes one end (the
first end right, as a careless summary keeps it). Per answer the score, the verdict at the detector's threshold and
the flagged spans; a readable check, not an evaluation. Writes ``benchmarks/results/number_ranges_<label>.json``.
"""

from __future__ import annotations

from hand_claims import cases_main

WAR = ("World War II was a global conflict that lasted from 1939 to 1945. It involved most of the world's nations, "
       "and an estimated 70-85 million people died, about 3% of the world's population in 1940.")
GUIDANCE = ("Acme Corp reported third-quarter revenue of $4.2 billion, up 8% from a year earlier. For the fourth "
            "quarter the company expects revenue of $4.3-4.5 billion and an operating margin of 11-13%.")
RECIPE = ("Roast the chicken at 200°C for 60-75 minutes, until the juices run clear. Let it rest for 10 minutes "
          "before carving. Serves 4-6 people.")
SEASON = ("In the 2019-20 season the club finished fourth, winning 21 of its 38 league games. Its top scorer "
          "netted 17 goals, and the club won the cup final 3-1 against its local rivals.")
# (context, answer, hallucinated)
CASES = [
    (WAR, "The war lasted 1939-1945.", False),
    (WAR, "Between 70 and 85 million people died in the war, which ended in 1945.", False),
    (WAR, "An estimated 70-85 million people died.", False),
    (GUIDANCE, "Acme expects fourth-quarter revenue of $4.3-4.5 billion.", False),
    (GUIDANCE, "Acme expects fourth-quarter revenue of up to $4.5 billion.", False),
    (GUIDANCE, "Acme expects an operating margin of 11-13% in the fourth quarter.", False),
    (RECIPE, "Roast the chicken at 200°C for 60-75 minutes and let it rest for 10 minutes.", False),
    (RECIPE, "The recipe serves 4-6 people.", False),
    (SEASON, "The club finished fourth in the 2019-20 season.", False),
    (SEASON, "The club won the cup final 3-1.", False),
    (WAR, "The war lasted 1939-1946.", True),
    (WAR, "An estimated 70-95 million people died.", True),
    (GUIDANCE, "Acme expects fourth-quarter revenue of $4.3-4.8 billion.", True),
    (GUIDANCE, "Acme expects an operating margin of 11-15% in the fourth quarter.", True),
    (RECIPE, "Roast the chicken at 200°C for 60-90 minutes.", True),
    (RECIPE, "The recipe serves 4-8 people.", True),
    (SEASON, "The club finished fourth in the 2019-21 season.", True),
    (SEASON, "The club won the cup final 3-2.", True),
]

if __name__ == "__main__":
    cases_main("number_ranges", __doc__, CASES)
