"""Bare "Yes" / "No" answers to yes-no questions ("Is Kilimanjaro in Kenya?" - "No."), right and wrong, on contexts
of our own (a mountain, a lease, a drug leaflet, a match report, a product page).

    .venv/bin/python benchmarks/polar_answers.py [--model default] [--label NAME]

Written as a user trying the detector on short QA answers (session 54), before polar answers were read as the
question's claim: the default flagged every bare "Yes." (0.697) and "No." (0.757) whatever the question and the
context said. Per answer the score, the verdict at the detector's threshold and the flagged spans; a readable
check, not an evaluation. Writes ``benchmarks/results/polar_answers_<label>.json``.
"""

from __future__ import annotations

from hand_claims import cases_main

MOUNTAIN = ("Mount Kilimanjaro, in Tanzania, is the highest mountain in Africa at 5,895 metres. It is a dormant "
            "volcano with three cones: Kibo, Mawenzi and Shira.")
LEASE = ("The tenant must give at least 60 days' written notice before ending the lease. The security deposit of "
         "$2,400 is returned within 30 days of moving out. Pets are not permitted.")
LEAFLET = "Take one tablet twice a day with food. Ibuprofen can cause stomach pain. Do not take it if you are pregnant."
MATCH = "Liverpool beat Arsenal 3-1 at Anfield on Sunday. Mohamed Salah scored twice before half-time."
PRODUCT = "The X200 vacuum weighs 2.8 kg, runs for 45 minutes on one charge and comes with a two-year warranty."
# (context, answer, hallucinated, question)
CASES = [
    (MOUNTAIN, "Yes.", False, "Is Kilimanjaro a volcano?"),
    (MOUNTAIN, "Yes, it is.", False, "Is Kilimanjaro in Tanzania?"),
    (MOUNTAIN, "No.", False, "Is Kilimanjaro in Kenya?"),
    (MOUNTAIN, "No, it is not.", False, "Is Kilimanjaro in Kenya?"),
    (LEASE, "Yes.", False, "Does the tenant have to give 60 days' notice?"),
    (LEASE, "No.", False, "Is the deposit $3,000?"),
    (LEAFLET, "Yes.", False, "Can ibuprofen cause stomach pain?"),
    (MATCH, "Yes.", False, "Did Liverpool beat Arsenal?"),
    (MATCH, "No.", False, "Did Arsenal win the match?"),
    (PRODUCT, "Yes.", False, "Does the X200 come with a two-year warranty?"),
    (PRODUCT, "No.", False, "Does the X200 run for 60 minutes on one charge?"),
    (MOUNTAIN, "Yes.", True, "Is Kilimanjaro in Kenya?"),
    (MOUNTAIN, "Yes, it is.", True, "Is Kilimanjaro the highest mountain in Europe?"),
    (MOUNTAIN, "No.", True, "Is Kilimanjaro a volcano?"),
    (LEASE, "Yes.", True, "Is the deposit $3,000?"),
    (LEASE, "No.", True, "Does the tenant have to give 60 days' notice?"),
    (LEAFLET, "Yes.", True, "Can I take three tablets a day?"),
    (MATCH, "Yes.", True, "Did Salah score a hat-trick?"),
    (MATCH, "No.", True, "Did Liverpool beat Arsenal?"),
    (PRODUCT, "Yes.", True, "Does the X200 run for 60 minutes on one charge?"),
    (PRODUCT, "No.", True, "Does the X200 come with a two-year warranty?"),
]

if __name__ == "__main__":
    cases_main("polar_answers", __doc__, CASES)
