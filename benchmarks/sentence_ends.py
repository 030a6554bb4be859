"""Words that end a sentence: a name, a drug, a place or a detail swapped or added in the last slot, on short contexts
of our own.

    .venv/bin/python benchmarks/sentence_ends.py [--model default] [--label NAME]

Written as a user trying the detector (session 50, before the change it measures) on a discharge note, a company
profile and a museum's visitor information: wrong answers whose error is the run of words that ends a sentence
("switched to oral azithromycin." for "amoxicillin.", "founded by Tom Becker." for "Priya Raman.", "headquartered in
Manchester.", "... under 12 and for students.") and right ones that end as the context does, paraphrase it, or add a
fact any reader knows ("in Leeds, England."). Per answer the score, the verdict at the detector's threshold and the
flagged spans; a readable check, not an evaluation. Writes ``benchmarks/results/sentence_ends_<label>.json``.
"""

from __future__ import annotations

from hand_claims import cases_main

DISCHARGE = ("The patient was admitted with community-acquired pneumonia and treated with intravenous ceftriaxone for "
             "three days. She was then switched to oral amoxicillin. She was discharged home on day five.")
COMPANY = ("Northwind Labs was founded in 2011 by Priya Raman. The company is headquartered in Leeds. Its main product "
           "is a battery for electric buses.")
MUSEUM = ("The museum opens at 10 am and closes at 6 pm. Entry is free for children under 12. The café is on the "
          "ground floor.")
# (context, answer, hallucinated)
CASES = [
    (DISCHARGE, "She was then switched to oral amoxicillin.", False),
    (DISCHARGE, "After three days of ceftriaxone she was switched to oral amoxicillin.", False),
    (DISCHARGE, "She was then switched to oral azithromycin.", True),
    (DISCHARGE, "She was discharged home on day five.", False),
    (DISCHARGE, "She was discharged to a rehabilitation centre.", True),
    (COMPANY, "Northwind Labs was founded by Priya Raman.", False),
    (COMPANY, "Northwind Labs was founded by Tom Becker.", True),
    (COMPANY, "The company is headquartered in Leeds.", False),
    (COMPANY, "The company is headquartered in Leeds, England.", False),
    (COMPANY, "The company is headquartered in Manchester.", True),
    (COMPANY, "Its main product is a battery for electric buses.", False),
    (COMPANY, "Its main product is a battery for electric trucks.", True),
    (MUSEUM, "The café is on the ground floor.", False),
    (MUSEUM, "The café is located on the building's ground floor.", False),
    (MUSEUM, "Entry is free for children under 12.", False),
    (MUSEUM, "Entry is free for children under 12 and for students.", True),
    (MUSEUM, "The museum closes at 6 pm, and the café is on the ground floor.", False),
    (MUSEUM, "The museum opens at 10 am and closes at 8 pm.", True),
]


def main() -> None:
    cases_main("sentence_ends", __doc__, CASES)


if __name__ == "__main__":
    main()
