"""Which way an amount moved: one-line answers on three short reports of our own (a company, a city, a survey).

    .venv/bin/python benchmarks/directions.py [--model default] [--label NAME]

Each report gives amounts with the direction they moved ("up 8%", "fell to 310 million", "a decline of 4%"). The
answers restate one amount with its direction kept, in the report's word or another ("grew 8%" for "up 8%"), or
reversed ("fell 8%"), and a few state an amount the report moves without saying which way. The reversed ones are
the errors the ``quantities`` family's ``direction`` option marks (README "Which way an amount moved"); none of
these texts is in any training or evaluation file. Per answer the score, the verdict at the detector's threshold
and the flagged spans; a readable check, not an evaluation. Writes ``benchmarks/results/directions_<label>.json``.
"""

from __future__ import annotations

from hand_claims import cases_main

COMPANY = ("Northwind Foods said sales rose 6% to 2.4 billion euros in 2025. Operating profit fell 12% to 180 million "
           "euros, hit by higher cocoa prices. The company cut its workforce by 5% and expects margins to improve "
           "next year.")
CITY = ("The city's population grew by 3.1% last year to 412,000, the statistics office said. The number of new homes "
        "built dropped to 1,900, down from 2,600 a year earlier, while average rents increased 7%.")
SURVEY = ("In the survey of 2,000 adults, the share who read a printed newspaper every week declined to 18%, from 24% "
          "five years ago. Podcast listening climbed to 41%. Trust in local news was unchanged at 62%.")
# (context, answer, hallucinated)
CASES = [
    (COMPANY, "Northwind's sales rose 6% in 2025.", False),
    (COMPANY, "Northwind's sales increased 6% to 2.4 billion euros.", False),
    (COMPANY, "Operating profit dropped 12%.", False),
    (COMPANY, "Northwind reduced its workforce by 5%.", False),
    (COMPANY, "Operating profit was 180 million euros.", False),
    (COMPANY, "Northwind's sales fell 6% in 2025.", True),
    (COMPANY, "Operating profit rose 12% to 180 million euros.", True),
    (COMPANY, "The company grew its workforce by 5%.", True),
    (CITY, "The population rose 3.1% to 412,000.", False),
    (CITY, "Only 1,900 new homes were built, a fall from 2,600.", False),
    (CITY, "Average rents went up 7%.", False),
    (CITY, "Average rents changed by 7%.", False),
    (CITY, "The population fell by 3.1% last year.", True),
    (CITY, "New home building rose to 1,900.", True),
    (CITY, "Average rents decreased 7%.", True),
    (SURVEY, "Weekly print newspaper reading declined to 18%.", False),
    (SURVEY, "Podcast listening rose to 41%.", False),
    (SURVEY, "Weekly print newspaper reading increased to 18%.", True),
    (SURVEY, "Podcast listening fell to 41%.", True),
]


def main() -> None:
    cases_main("directions", __doc__, CASES)


if __name__ == "__main__":
    main()
