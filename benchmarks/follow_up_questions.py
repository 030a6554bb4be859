"""Chat answers that end or open with a question to the reader ("Would you like to know more about its history?",
"Did you already send the item back?"), beside the same answers with a wrong claim, on contexts of our own (a
landmark, a refund policy, a museum's hours).

    .venv/bin/python benchmarks/follow_up_questions.py [--model default] [--label NAME]

Written as a user trying the detector on production chat answers (session 53), before `discourse` version 5: the
default flagged a faithful answer on its follow-up question ("Would you like to know more about its history?"
0.855). Per answer the score, the verdict at the detector's threshold and the flagged spans; a readable check, not
an evaluation. Writes ``benchmarks/results/follow_up_questions_<label>.json``.
"""

from __future__ import annotations

from hand_claims import cases_main

EIFFEL = "The Eiffel Tower is 330 metres tall and was completed in 1889 in Paris."
REFUNDS = "Refunds are issued to the original payment method within 5-7 business days after we receive the return."
MUSEUM = "The museum is open Tuesday to Sunday from 10 am to 6 pm."
# (context, answer, hallucinated)
CASES = [
    (EIFFEL, "The Eiffel Tower is 330 metres tall. Would you like to know more about its history?", False),
    (EIFFEL, "It was completed in 1889. Is there anything else I can help you with?", False),
    (EIFFEL, "Do you mean the Eiffel Tower in Paris? It is 330 metres tall.", False),
    (REFUNDS, "Refunds take 5-7 business days. Did you already send the item back?", False),
    (MUSEUM, "Which day would you like to visit? The museum is open Tuesday to Sunday, 10 am to 6 pm.", False),
    (EIFFEL, "The Eiffel Tower is 330 metres tall. Did you know it was completed in 1925?", True),
    (EIFFEL, "It was completed in 1925. Would you like to know more about its history?", True),
    (REFUNDS, "Refunds take 10 business days. Would you like me to start a return?", True),
    (MUSEUM, "Which day would you like to visit? The museum is open every day from 10 am to 8 pm.", True),
]

if __name__ == "__main__":
    cases_main("follow_up_questions", __doc__, CASES)
