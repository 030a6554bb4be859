"""How often and how bad: answers that keep or flip "common" / "rare", "often" / "seldom", "mild" / "severe" on short
contexts of our own (a drug label, a town's winters, a bug report, a survey).

    .venv/bin/python benchmarks/frequency_and_severity.py [--model default] [--label NAME]

Written as a user trying the detector (session 57), before any change: "Metformin commonly causes lactic acidosis in
patients with mild kidney impairment." passed (0.161) where the label says "Rarely, it can cause lactic acidosis,
particularly in patients with severe kidney impairment": WordNet pairs neither "common" with "rare" nor "mild" with
"severe", so a word of one end put in for the other was a plain substitution. Right answers keep the end, in the
context's word or another ("often" for "frequently"), or restate a context that names both ends ("mild to severe");
wrong ones flip it. Per answer the score, the verdict at the detector's threshold and the flagged spans; a readable
check, not an evaluation. Writes ``benchmarks/results/frequency_and_severity_<label>.json``.
"""

from __future__ import annotations

from hand_claims import cases_main

LABEL = ("Metformin carries a low risk of hypoglycemia. Rarely, it can cause lactic acidosis, particularly in patients "
         "with severe kidney impairment. Nausea is common in the first weeks.")
WINTERS = "Winters in the town are usually mild, and heavy snow is rare. Summers are often hot and dry."
BUG = "The crash occurs frequently on older phones and causes a severe loss of data. It is seldom seen on tablets."
SURVEY = "Symptoms ranged from mild to severe among the 300 patients surveyed."
VACCINE = "Rarely, the vaccine can cause severe allergic reactions."
# (context, answer, hallucinated)
CASES = [
    (LABEL, "Lactic acidosis is a rare side effect, mostly in patients with severe kidney impairment.", False),
    (LABEL, "Nausea often occurs in the first weeks.", False),
    (LABEL, "Metformin commonly causes lactic acidosis in patients with mild kidney impairment.", True),
    (LABEL, "Lactic acidosis is a common side effect in patients with severe kidney impairment.", True),
    (LABEL, "Nausea is rare in the first weeks.", True),
    (WINTERS, "The town's winters are mild and heavy snow seldom falls.", False),
    (WINTERS, "The town's winters are usually severe.", True),
    (WINTERS, "Heavy snow is common in the town's winters.", True),
    (BUG, "The crash often happens on older phones and can cause serious data loss.", False),
    (BUG, "The crash rarely happens on older phones.", True),
    (BUG, "The crash causes a minor loss of data.", True),
    (BUG, "The crash is often seen on tablets.", True),
    (SURVEY, "Symptoms were severe for some of the 300 patients and mild for others.", False),
    (SURVEY, "The 300 patients surveyed reported symptoms from mild to severe.", False),
    # a review helper's: the word of one end opens the context's sentence before a comma
    (VACCINE, "The vaccine commonly causes severe allergic reactions.", True),
    (VACCINE, "In rare cases the vaccine can cause severe allergic reactions.", False),
]

if __name__ == "__main__":
    cases_main("frequency_and_severity", __doc__, CASES)
