"""Claims about four short texts of our own (a software release note, a recipe, a company's annual results, a
match report): which does a detector flag?

    .venv/bin/python benchmarks/report_claims.py [--model default] [--label NAME]

Thirty-two one-line answers written in session 43 before any change of that session, to try the detector as a new
user would: each restates one claim of its text, rightly or with one thing wrong (a date, a number, a name of the
text in another role, a negation left out or an auxiliary put in for a negated one, a direction reversed against
"up 6%", an ingredient the text lacks). None of these texts is in any training or evaluation file. Per answer the
score, the verdict at the detector's threshold and the flagged spans; a readable check, not an evaluation. Writes
``benchmarks/results/report_claims_<label>.json``.
"""

from __future__ import annotations

from hand_claims import cases_main

RELEASE = ("Version 4.2 of the Larkspur database was released on 3 March 2026. It adds support for JSON columns and "
           "drops support for Python 3.8. The new query planner is not enabled by default; users must turn it on "
           "with the --planner flag. Backups made with version 3.x can't be restored directly and must first be "
           "converted with the larkspur-migrate tool. The release was led by Priya Natarajan, who took over from "
           "Tom Becker as project lead in 2024.")
RECIPE = ("Preheat the oven to 200 C. Peel four large potatoes and cut them into wedges. Toss the wedges with two "
          "tablespoons of olive oil and a teaspoon of smoked paprika. Do not add salt until the wedges come out of "
          "the oven, or they will turn soggy. Bake for 35 minutes, turning once halfway through. The wedges won't "
          "crisp if the tray is crowded, so use two trays for more than four potatoes.")
RESULTS = ("Harlow Foods reported revenue of 412 million pounds for 2025, up 6% from the year before. Operating profit "
           "fell to 38 million pounds because of higher energy costs. The company said it would not pay a final "
           "dividend this year. Chief executive Maria Lund said the board expects margins to recover in 2026. "
           "Harlow Foods employs about 5,200 people, most of them in Leeds and Hull.")
MATCH = ("Galway beat Kerry by two points in the league final at Croke Park on Sunday. Kerry led 0-9 to 0-6 at "
         "half-time, but Galway scored five unanswered points after the break. Galway's captain Sean Kelly did not "
         "play because of a hamstring injury. The attendance was 41,000, the largest for a league final since 2019.")
# (context, answer, hallucinated)
CASES = [
    (RELEASE, "Larkspur 4.2 was released on 3 March 2026.", False),
    (RELEASE, "Larkspur 4.2 was released on 3 May 2026.", True),
    (RELEASE, "The new query planner is enabled by default.", True),
    (RELEASE, "Version 4.2 adds support for JSON columns and drops Python 3.8.", False),
    (RELEASE, "Backups made with version 3.x can be restored directly.", True),
    (RELEASE, "Backups from 3.x must first be converted with larkspur-migrate.", False),
    (RELEASE, "The release was led by Tom Becker.", True),
    (RELEASE, "Priya Natarajan became project lead in 2024.", False),
    (RELEASE, "Version 4.2 adds support for Python 3.8.", True),
    (RECIPE, "Bake the wedges for 35 minutes at 200 C, turning them once.", False),
    (RECIPE, "Bake the wedges for 53 minutes.", True),
    (RECIPE, "Add salt before the wedges go into the oven.", True),
    (RECIPE, "Toss the wedges with two tablespoons of olive oil and a teaspoon of smoked paprika.", False),
    (RECIPE, "Toss the wedges with two tablespoons of olive oil and a teaspoon of cumin.", True),
    (RECIPE, "The wedges will crisp if the tray is crowded.", True),
    (RECIPE, "Use two trays for more than four potatoes.", False),
    (RESULTS, "Harlow Foods' revenue rose 6% to 412 million pounds in 2025.", False),
    (RESULTS, "Harlow Foods' revenue fell 6% to 412 million pounds in 2025.", True),
    (RESULTS, "Operating profit rose to 38 million pounds.", True),
    (RESULTS, "The company will pay a final dividend this year.", True),
    (RESULTS, "The company said it would pay a final dividend this year.", True),
    (RESULTS, "Harlow Foods will not pay a final dividend this year.", False),
    (RESULTS, "Chief executive Maria Lund expects margins to recover in 2026.", False),
    (RESULTS, "Harlow Foods employs about 5,200 people, most of them in Leeds and York.", True),
    (MATCH, "Galway beat Kerry by two points in the league final.", False),
    (MATCH, "Kerry beat Galway by two points in the league final.", True),
    (MATCH, "Galway led at half-time.", True),
    (MATCH, "Sean Kelly played despite a hamstring injury.", True),
    (MATCH, "Galway's captain Sean Kelly missed the final with a hamstring injury.", False),
    (MATCH, "The attendance of 41,000 was the largest for a league final since 2019.", False),
    (MATCH, "The attendance was 14,000.", True),
    (MATCH, "Galway scored five unanswered points after the break to win at Croke Park.", False),
]


def main() -> None:
    cases_main("report_claims", __doc__, CASES)


if __name__ == "__main__":
    main()
