"""Ranks ("finished third", "fourth-quarter", "Q3") and two numbers that trade places, on short contexts of our own.

    .venv/bin/python benchmarks/ranks_and_numbers.py [--model default] [--label NAME]

Written as a user trying the detector (session 49) on a company's results, a race, a river, a lease and a carmaker:
right answers that respell a rank ("In the third quarter" for "third-quarter", "Q3", "4th" for "fourth", "the
mid-20th century" for 1947) and wrong ones that move it ("fourth quarter", "Q4", "finished third", "the third-longest
river", "the 19th century"); and answers whose two numbers each stand where the context has the other ("give 30
days' notice ... returned within 60 days"). Per answer the score, the verdict at the detector's threshold and the
flagged spans; a readable check, not an evaluation. Writes ``benchmarks/results/ranks_and_numbers_<label>.json``.
"""

from __future__ import annotations

from hand_claims import cases_main

RESULTS = "Acme Corp reported third-quarter revenue of $4.2 billion, up 8% from a year earlier."
RACE = "She finished fourth in the 200 metres final at the 2016 Olympics."
NILE = "The Nile is the longest river in Africa and the second-longest in the world, after the Amazon."
INDIA = "India became independent in 1947, after nearly two centuries of British rule."
LEASE = ("The tenant must give the landlord at least 60 days' written notice before ending the lease. The security "
         "deposit of $2,400 will be returned within 30 days of move-out.")
CARS = "In 2023 the company sold 1.2 million cars in China and 800,000 in Europe."
# (context, answer, hallucinated)
CASES = [
    (RESULTS, "In the third quarter, Acme's revenue was $4.2 billion.", False),
    (RESULTS, "Acme's Q3 revenue was $4.2 billion.", False),
    (RESULTS, "Acme's fourth-quarter revenue was $4.2 billion.", True),
    (RESULTS, "In the fourth quarter, Acme's revenue was $4.2 billion.", True),
    (RESULTS, "Acme's Q4 revenue was $4.2 billion.", True),
    (RACE, "She finished 4th in the 200 metres final at the 2016 Olympics.", False),
    (RACE, "She came fourth in the 200 metres at the 2016 Olympics.", False),
    (RACE, "She finished third in the 200 metres final at the 2016 Olympics.", True),
    (RACE, "She finished 3rd in the 200 metres final at the 2016 Olympics.", True),
    (NILE, "The Nile is the second-longest river in the world.", False),
    (NILE, "The Nile is the third-longest river in the world.", True),
    (INDIA, "India gained independence in the mid-20th century.", False),
    (INDIA, "India gained independence in the 19th century.", True),
    (LEASE, "The tenant must give 60 days' written notice, and the deposit is returned within 30 days.", False),
    (LEASE, "The tenant must give 30 days' written notice, and the deposit is returned within 60 days.", True),
    (CARS, "The company sold 1.2 million cars in China and 800,000 in Europe in 2023.", False),
    (CARS, "The company sold 800,000 cars in China and 1.2 million in Europe in 2023.", True),
]

if __name__ == "__main__":
    cases_main("ranks_and_numbers", __doc__, CASES)
