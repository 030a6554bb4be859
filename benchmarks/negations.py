"""Negations left out: one-line answers on three short texts of our own (a drug leaflet, a council decision, a
museum notice).

    .venv/bin/python benchmarks/negations.py [--model default] [--label NAME]

Each text denies something ("does not work against viral infections", "did not agree", "is not open on Mondays").
The answers restate a denied claim without its negation the way a writer would ("Amoxicillin works against viral
infections."), keep the denial in other words ("is closed on Mondays", "never works against"), or restate what the
text affirms. The wrong ones are the errors ``align`` option ``replaced_negation`` and the ``negation_dropped``
training edits are for (README "Negations left out"); none of these texts is in any training or evaluation file.
Per answer the score, the verdict at the detector's threshold and the flagged spans; a readable check, not an
evaluation. Writes ``benchmarks/results/negations_<label>.json``.
"""

from __future__ import annotations

from hand_claims import cases_main

LEAFLET = ("Amoxicillin is a penicillin antibiotic used to treat bacterial infections such as pneumonia. Adults "
           "usually take 500 mg every 8 hours. Amoxicillin does not work against viral infections such as the common "
           "cold. The tablets do not contain lactose.")
COUNCIL = ("The city council voted on Tuesday to ban cars from the old town from March 2027. The transport committee "
           "did not agree to extend the ban to the harbour. Residents with a permit may still drive to their homes.")
MUSEUM = ("The Harbour Museum is not open on Mondays. Entry is free for children under 12. The museum does not "
          "allow photography in the map room, and its cafe never accepts cash.")
# (context, answer, hallucinated)
CASES = [
    (LEAFLET, "Amoxicillin is an antibiotic that treats bacterial infections like pneumonia.", False),
    (LEAFLET, "Amoxicillin never works against viral infections such as the common cold.", False),
    (LEAFLET, "Amoxicillin does not work against colds, which are viral infections.", False),
    (LEAFLET, "The tablets are lactose-free.", False),
    (LEAFLET, "Amoxicillin works against viral infections such as the common cold.", True),
    (LEAFLET, "The tablets contain lactose.", True),
    (COUNCIL, "The council voted to ban cars from the old town from March 2027.", False),
    (COUNCIL, "The transport committee refused to extend the ban to the harbour.", False),
    (COUNCIL, "Residents with a permit can still drive to their homes.", False),
    (COUNCIL, "The transport committee agreed to extend the ban to the harbour.", True),
    (MUSEUM, "The Harbour Museum is closed on Mondays.", False),
    (MUSEUM, "Children under 12 get in for free.", False),
    (MUSEUM, "Photography is not allowed in the map room.", False),
    (MUSEUM, "The museum allows photography in the map room.", True),
    (MUSEUM, "The museum's cafe accepts cash.", True),
    (MUSEUM, "The Harbour Museum is open on Mondays.", True),
]


def main() -> None:
    cases_main("negations", __doc__, CASES)


if __name__ == "__main__":
    main()
