"""Formulas of chat answers that claim nothing ("In short,", "Good luck!", "Have a great day!", "if I remember
correctly", "As an AI language model, I cannot give medical advice.", "Please consult a doctor ...", a reference
alone: "- Passage 1") around right answers, beside answers with the same formulas and a wrong claim, on contexts of
our own (a landmark, a medicine leaflet).

    .venv/bin/python benchmarks/chat_formulas.py [--model default] [--label NAME]

Written as a user trying the detector on production chat answers (session 53), before the formulas of `discourse`
version 5: the default flagged "As an AI language model, I cannot give medical advice." (0.834), "Have a great day!"
(0.566) and "- Passage 1" under "Sources:" (0.548) in right answers. Per answer the score, the verdict at the
detector's threshold and the flagged spans; a readable check, not an evaluation. Writes
``benchmarks/results/chat_formulas_<label>.json``.
"""

from __future__ import annotations

from hand_claims import cases_main

EIFFEL = "The Eiffel Tower is 330 metres tall and was completed in 1889 in Paris."
LEAFLET = "Ibuprofen can be taken by adults and children over 12. Do not take it if you have a stomach ulcer."
# (context, answer, hallucinated)
CASES = [
    (EIFFEL, "In short, the tower is 330 metres tall. To sum up, it was finished in 1889.", False),
    (EIFFEL, "The Eiffel Tower is 330 metres tall. Good luck!", False),
    (EIFFEL, "I hope this helps! The tower was completed in 1889. Have a great day!", False),
    (EIFFEL, "The tower is 330 metres tall. Enjoy your visit!", False),
    (EIFFEL, "The tower was completed in 1889, if I remember correctly.", False),
    (EIFFEL, "Sources:\n- Passage 1\n\nThe tower was completed in 1889.", False),
    (LEAFLET, "As an AI language model, I cannot give medical advice. The leaflet says adults and children over 12 "
              "can take ibuprofen.", False),
    (LEAFLET, "Ibuprofen is for adults and children over 12. Please consult a doctor or pharmacist if you are unsure.",
     False),
    (EIFFEL, "In short, the tower is 300 metres tall.", True),
    (EIFFEL, "The tower was completed in 1925, if I remember correctly.", True),
    (EIFFEL, "Sources:\n- Passage 1\n\nThe tower was completed in 1925.", True),
    (LEAFLET, "As an AI language model, I cannot give medical advice. The leaflet says children of 8 can take it.",
     True),
    (LEAFLET, "Ibuprofen is for adults and children over 6. Please consult a doctor or pharmacist if you are unsure.",
     True),
]

if __name__ == "__main__":
    cases_main("chat_formulas", __doc__, CASES)
