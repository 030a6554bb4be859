"""Durations named by one word ("a week", "half an hour", "a decade") where the context counts them in smaller units
("7 days", "30 minutes", "10 years"), and the other way round, on contexts of our own (a dose, an insurance claim, a
bread recipe, a company, a warranty).

    .venv/bin/python benchmarks/named_durations.py [--model default] [--label NAME]

Written as a user trying the detector (session 52), before `quantities` version 5: right answers that name the
context's duration in another way, wrong ones that name another duration. Per answer the score, the verdict at the
detector's threshold and the flagged spans (session 57 added the duration that "the past" or "the last" spans:
"over the past decade"); a readable check, not an evaluation. Writes
``benchmarks/results/named_durations_<label>.json``.
"""

from __future__ import annotations

from hand_claims import cases_main

DOSE = ("Adults should take 500 mg of amoxicillin three times a day for 7 days. Children under 40 kg receive 20 mg "
        "per kg per day, split into three doses.")
CLAIM = ("Your policy covers water damage from burst pipes up to £5,000 per claim. Claims must be made within 30 days "
         "of discovering the damage.")
DOUGH = "Knead the dough for 10 minutes, then let it rise for 60 minutes in a warm place until doubled."
KENYA = "The company has operated in Kenya for a decade and employs 300 people there."
WARRANTY = "The battery is covered by a warranty of 12 months from the date of purchase."
LIBRARY = "The branch has seen visits fall by nearly 40 percent over the past decade, according to the library service."
SALES = "Sales of the model have doubled in the last 10 years."
VISITORS = "Visitor numbers fell by 30% over the past decade."
# (context, answer, hallucinated)
CASES = [
    (DOSE, "Adults take 500 mg three times daily for a week.", False),
    (CLAIM, "You have a month to make a claim after you discover the damage.", False),
    (DOUGH, "Let the dough rise for an hour in a warm place.", False),
    (KENYA, "The company has operated in Kenya for 10 years.", False),
    (WARRANTY, "The battery has a one-year warranty from the date of purchase.", False),
    (WARRANTY, "The battery is covered for a year from the date of purchase.", False),
    (DOSE, "Adults take 500 mg three times daily for a fortnight.", True),
    (CLAIM, "You have two months to make a claim after you discover the damage.", True),
    (DOUGH, "Let the dough rise for half an hour in a warm place.", True),
    (KENYA, "The company has operated in Kenya for 12 years.", True),
    (WARRANTY, "The battery is covered for two years from the date of purchase.", True),
    # the duration "the past" or "the last" spans (session 57: "in ten years" for "over the past decade" was flagged
    # 0.69 in a summary; quantities version 11)
    (LIBRARY, "Visits to the branch fell by almost 40% in ten years.", False),
    (LIBRARY, "Visits to the branch fell by almost 40% in twenty years.", True),
    (SALES, "Sales of the model have doubled over the past decade.", False),
    (SALES, "Sales of the model have doubled over the past five years.", True),
    # a review helper's: a share right before "over the past decade"
    (VISITORS, "Visitor numbers fell by 30% in ten years.", False),
    (VISITORS, "Visitor numbers fell by 30% in twenty years.", True),
]

if __name__ == "__main__":
    cases_main("named_durations", __doc__, CASES)
