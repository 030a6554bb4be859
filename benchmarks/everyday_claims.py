"""One-line answers on four short contexts of our own (a council vote, a biography, a recipe, a company report).

    .venv/bin/python benchmarks/everyday_claims.py [--model default] [--label NAME]

Twenty-eight answers a new user might try, each stated right or with one thing changed: an amount, a date, a name,
a verb ("Fry" for "Bake"), a direction ("fell" for "rose"), two amounts swapped ("three cups of flour with two eggs"
for "two cups of flour with three eggs"), a subject ("Babbage published"), and right answers that name a subject the
context calls "She" ("Ada Lovelace published the first algorithm", for "She worked with ... and published ...").
Per answer the score, the verdict at the detector's threshold and the flagged spans; a readable check, not an
evaluation. Writes ``benchmarks/results/everyday_claims_<label>.json``.
"""

from __future__ import annotations

from hand_claims import cases_main

COUNCIL = ("The city council voted 7 to 2 on Tuesday to close Elm Street to cars from June 2027. Shop owners on the "
           "street opposed the plan, saying deliveries would suffer. The mayor, Dana Ruiz, said the closure would cut "
           "traffic noise by a third.")
LOVELACE = ("Ada Lovelace was the only legitimate child of the poet Lord Byron. She worked with Charles Babbage on his "
            "proposed Analytical Engine and published the first algorithm intended for such a machine in 1843.")
RECIPE = "Preheat the oven to 180C. Mix two cups of flour with three eggs and a cup of milk. Bake for 25 minutes."
REPORT = ("Acme Corp reported revenue of $4.2 billion for 2025, up 8% from the year before. Net income fell to $310 "
          "million because of higher interest costs. The company will open a new plant in Ohio next year.")
# (context, answer, hallucinated)
CASES = [
    (COUNCIL, "The council voted 7 to 2 to close Elm Street to cars.", False),
    (COUNCIL, "Shop owners opposed the plan because of deliveries.", False),
    (COUNCIL, "The closure starts in June 2027.", False),
    (COUNCIL, "Shop owners supported the plan.", True),
    (COUNCIL, "The council voted 9 to 2 to close Elm Street.", True),
    (COUNCIL, "The mayor, Dana Ruiz, said noise would fall by half.", True),
    (COUNCIL, "The closure starts in July 2027.", True),
    (COUNCIL, "Mayor Tom Ruiz backed the closure.", True),
    (COUNCIL, "The council rejected the plan to close Elm Street.", True),
    (LOVELACE, "Ada Lovelace published the first algorithm in 1843.", False),
    (LOVELACE, "Ada Lovelace was Lord Byron's only legitimate child.", False),
    (LOVELACE, "Ada Lovelace was the daughter of Charles Babbage.", True),
    (LOVELACE, "Lovelace published the first algorithm in 1853.", True),
    (LOVELACE, "Babbage published the first algorithm in 1843.", True),
    (LOVELACE, "Ada Lovelace built the Analytical Engine.", True),
    (RECIPE, "Mix two cups of flour with three eggs.", False),
    (RECIPE, "Preheat the oven to 180C and bake for 25 minutes.", False),
    (RECIPE, "Mix three cups of flour with two eggs.", True),
    (RECIPE, "Bake for 45 minutes.", True),
    (RECIPE, "Preheat the oven to 220C.", True),
    (RECIPE, "Fry for 25 minutes.", True),
    (REPORT, "Acme's revenue rose 8% to $4.2 billion in 2025.", False),
    (REPORT, "Net income fell because of higher interest costs.", False),
    (REPORT, "Acme Corp reported revenue of $4.2 billion for 2025 and plans a plant in Ohio.", False),
    (REPORT, "Acme's revenue fell 8% in 2025.", True),
    (REPORT, "Net income rose to $310 million.", True),
    (REPORT, "Acme will open a new plant in Texas next year.", True),
    (REPORT, "Net income fell because of lower sales.", True),
]


def main() -> None:
    cases_main("everyday_claims", __doc__, CASES)


if __name__ == "__main__":
    main()
