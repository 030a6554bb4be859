"""Negations reworded: an answer that says "never" where the context says "not", "no" where it says "does not",
"not" where it says "never", beside answers that add or drop a negation, on short contexts of our own (a drug
leaflet, a leak, a shop, a fire, a museum, lab samples).

    .venv/bin/python benchmarks/negation_forms.py [--model default] [--label NAME]

Written as a user trying the detector on reworded answers (session 56), before any change: "Residents were not told
about the leak." was flagged on `not` (0.640) where the context says "Residents were never told about the leak.", and
"Children under 12 must never take the drug." on `never` where it says "should not be taken by children under 12":
a negation word the aligned sentence lacks read as a negation put in, though that sentence denies the same thing in
another word. Session 57 added denials another context sentence makes, merged into an answer sentence about
something else ("... then wait about two minutes without unplugging it" for "Do not unplug the router during the
restart"). Per answer the score, the verdict at the detector's threshold and the flagged spans; a readable check,
not an evaluation. Writes ``benchmarks/results/negation_forms_<label>.json``.
"""

from __future__ import annotations

from hand_claims import cases_main

DRUG = "The drug should not be taken by children under 12."
LEAK = "Residents were never told about the leak."
TOLD = "Residents were told about the leak in March."
SHOP = "The store does not accept cash."
CASH = "The store accepts cash and cards."
FIRE = "No injuries were reported after the fire at the warehouse."
SEVERAL = "Several injuries were reported after the fire at the warehouse."
MUSEUM = "The museum has no parking for visitors."
PARKING = "The museum has parking for visitors."
NONE = "None of the samples were contaminated."
SOME = "Some of the samples were contaminated."
ROUTER = ("To reset the router, hold the reset button on the back for 10 seconds until the power light blinks amber. "
          "The router will restart and restore factory settings, including the default Wi-Fi password printed on the "
          "label underneath. Do not unplug the router during the restart, which takes about two minutes.")
GALLERY = ("The museum opens at 9 am and closes at 6 pm. Visitors may not bring food inside the galleries. Photography "
           "is allowed everywhere except the east wing.")
CREAM = ("Apply the cream twice a day to clean, dry skin. Do not apply it to broken skin. Wash your hands after each "
         "use.")
# (context, answer, hallucinated)
CASES = [
    (DRUG, "Children under 12 must never take the drug.", False),
    (DRUG, "Children under 12 can take the drug.", True),
    (LEAK, "Residents were not told about the leak.", False),
    (TOLD, "Residents were never told about the leak.", True),
    (SHOP, "The store never accepts cash.", False),
    (SHOP, "The store accepts no cash.", False),
    (CASH, "The store does not accept cash.", True),
    (CASH, "The store never accepts cards.", True),
    (FIRE, "No one was injured in the warehouse fire.", False),
    (SEVERAL, "No injuries were reported after the warehouse fire.", True),
    (MUSEUM, "The museum does not have parking for visitors.", False),
    (PARKING, "The museum has no parking for visitors.", True),
    (NONE, "The samples were not contaminated.", False),
    (SOME, "None of the samples were contaminated.", True),
    # a review helper's wrong answers that a first build let pass (a negation read wherever the context denies
    # anything): another scope, another clause, a time, another subject, a negation left out beside
    ("Not all of the samples were contaminated.", "None of the samples were contaminated.", True),
    ("The library is not always open on weekends.", "The library is never open on weekends.", True),
    ("The team did not win the cup, but it won the league.", "The team never won the league.", True),
    ("The report was not published in 2019; it appeared in 2021.", "The report never appeared.", True),
    ("He did not sign the contract until March.", "He never signed the contract.", True),
    ("Jones did not attend the meeting; Smith attended.", "Smith never attended the meeting.", True),
    ("Employees who do not complete training cannot access the system.",
     "Employees who never complete training can access the system.", True),
    # a second review's answers against the clause rules: "and" before an auxiliary opens a clause of its own, and
    # "whether or not" and "none other than" deny nothing
    ("The museum is not open on Mondays and is open on Sundays.", "The museum is open on Sundays.", False),
    ("The patient was not given antibiotics and was given fluids.", "The patient was given fluids.", False),
    ("Residents were never told about the leak and were warned about the fire.",
     "Residents were not warned about the fire.", True),
    ("The festival goes ahead whether or not it rains.", "The festival goes ahead if it rains.", False),
    ("The award went to none other than Maria Silva, the team's coach.", "The award went to Maria Silva.", False),
    ("The Harbor Bridge was completed in 1931 and does not carry trucks.", "The Harbor Bridge carries trucks.", True),
    # a denial another sentence of the context makes, merged into a sentence about something else ("... then wait
    # about two minutes without unplugging it" was flagged on `without`, 0.613; session 57)
    (ROUTER, "Hold the reset button for 10 seconds until the light blinks amber, then wait about two minutes without "
             "unplugging the router.", False),
    (ROUTER, "Hold the reset button for 10 seconds until the light blinks amber, then unplug the router for about two "
             "minutes.", True),
    (ROUTER, "Hold the reset button for 10 seconds until the light blinks amber, then wait about two minutes without "
             "touching the label.", True),
    (GALLERY, "The museum opens at 9 am, and visitors cannot bring food inside the galleries.", False),
    (GALLERY, "The museum opens at 9 am, and visitors can bring food inside the galleries.", True),
    (GALLERY, "The museum opens at 9 am, and visitors cannot take photographs anywhere.", True),
    (CREAM, "Apply the cream twice a day to clean, dry skin, without applying it to broken skin.", False),
    (CREAM, "Apply the cream twice a day, without washing your hands after use.", True),
    (CREAM, "Apply the cream twice a day, including on broken skin.", True),
]

if __name__ == "__main__":
    cases_main("negation_forms", __doc__, CASES)
