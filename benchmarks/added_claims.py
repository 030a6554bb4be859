"""Hand-written answers that add to what a short context says, or change it (no dataset holds them).

    .venv/bin/python benchmarks/added_claims.py [--model full] [--label NAME]

Answers a new user might try on a council summary, a drug leaflet, a park description and a quarterly report: an
item the context lacks added to one of its lists ("nausea, diarrhoea and headaches"), a clause of common words
added to a right sentence ("the money comes from a new fuel tax"), a changed vote, a changed cause, and the same
facts stated right. Writes ``benchmarks/results/added_claims_<label>.json`` (the format of
``benchmarks/hand_claims.py``): per answer the score, the verdict at the detector's threshold and the flagged
spans; the counts right and wrong. A readable check of what a change does to such answers, not an evaluation.
"""

from __future__ import annotations

from hand_claims import cases_main

COUNCIL = ("The city council voted 7-2 on Tuesday to approve a $4.5 million budget for road repairs. Mayor Ana Ruiz "
           "said the work will begin in March and last eight months. Council member Tom Reyes, who voted against, "
           "argued the money should go to public transit instead. The repairs will cover 40 streets in the northern "
           "districts.")
LEAFLET = ("Metformin is a first-line medication for type 2 diabetes. The usual starting dose is 500 mg twice daily "
           "with meals. Common side effects include nausea and diarrhoea. It should not be used in patients with "
           "severe kidney disease.")
PARK = ("Yellowstone National Park was established in 1872 and covers parts of Wyoming, Montana and Idaho. It is home "
        "to grizzly bears, wolves and bison. Old Faithful, its best-known geyser, erupts about every 90 minutes.")
REPORT = ("Acme Corp reported revenue of $2.3 billion for the third quarter, up 12% from a year earlier. Net income "
          "fell 5% to $310 million because of higher raw material costs. The company kept its full-year forecast "
          "unchanged.")
# (context, answer, hallucinated)
CASES = [
    (COUNCIL, "The council approved a $4.5 million road-repair budget by a 7-2 vote; work on 40 northern streets "
              "starts in March and lasts eight months.", False),
    (COUNCIL, "The council approved a $4.5 million road-repair budget by a 9-0 vote; work starts in March.", True),
    (COUNCIL, "The council approved the $4.5 million budget; the money comes from a new fuel tax.", True),
    (LEAFLET, "Common side effects include nausea and diarrhoea.", False),
    (LEAFLET, "Common side effects include nausea, diarrhoea and headaches.", True),
    (LEAFLET, "Metformin is a first-line medication for type 2 diabetes and also helps with weight loss.", True),
    (PARK, "Yellowstone covers parts of Wyoming, Montana and Idaho and is home to bears, wolves and bison.", False),
    (PARK, "Yellowstone National Park covers parts of Wyoming, Montana, Idaho and Utah.", True),
    (PARK, "Yellowstone is home to grizzly bears, wolves, bison and moose.", True),
    (REPORT, "Net income fell 5% to $310 million because of higher raw material costs.", False),
    (REPORT, "Net income fell 5% to $310 million because of weaker demand in Europe.", True),
    (REPORT, "The company raised its full-year forecast.", True),
]


def main() -> None:
    cases_main("added_claims", __doc__, CASES)


if __name__ == "__main__":
    main()
