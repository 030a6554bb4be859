"""Answers that merge and reword sentences of a context (what LLM answers and summaries mostly do), on contexts of
our own (a battery study, a flood, a drug label, a company's quarter, a bridge, a council vote, a quarter's results),
each right answer beside a wrong twin that changes one fact.

    .venv/bin/python benchmarks/merged_paraphrases.py [--model default] [--label NAME]

Written as a user trying the detector on short summaries (session 55), before any change: "The new battery keeps 90%
of its capacity ..., but is roughly twice as expensive to make." was flagged on `twice` (0.433) where the context
says "However, it costs about twice as much to produce." (the amount read as stated about something else: the
sentence opens with "However," before its pronoun). Per answer the score, the verdict at the detector's threshold and
the flagged spans; a readable check, not an evaluation. Writes ``benchmarks/results/merged_paraphrases_<label>.json``.
"""

from __future__ import annotations

from hand_claims import cases_main

BATTERY = ("Researchers found that the new battery retains 90% of its capacity after 1,000 charge cycles, compared "
           "with 70% for conventional lithium-ion cells. However, it costs about twice as much to produce.")
FLOOD = ("The river flooded after three days of heavy rain, forcing 400 residents to leave their homes. No injuries "
         "were reported.")
LABEL = ("The most common side effects of the drug are nausea and fatigue. Rarely, patients report headaches. The "
         "drug should not be taken with alcohol.")
QUARTER = ("Acme reported revenue of $4.2 billion for the quarter, up 12% from a year earlier. In the same period, "
           "its net income fell 3% to $610 million because of higher interest costs.")
COUNCIL = "The city council voted 7-2 on Monday to approve a new bike lane on Main Street."
RESULTS = ("Acme reported revenue of $4.2 billion for the quarter, up 12% from a year earlier. In the same period, its "
           "net income fell 3% to $610 million because of higher interest costs. Chief executive Dana Whitfield, who "
           "joined in 2019, said the company would open 40 new stores next year.")
BRIDGE = ("The Halvorsen Bridge opened to traffic in 1931. At the time, it was the longest suspension bridge in "
          "Norway, with a main span of 420 metres.")
# (context, answer, hallucinated)
CASES = [
    (BATTERY, "The new battery keeps 90% of its capacity after 1,000 cycles, beating conventional cells, but is "
              "roughly twice as expensive to make.", False),
    (BATTERY, "The new battery keeps 90% of its capacity after 1,000 cycles, but is roughly three times as expensive "
              "to make.", True),
    (FLOOD, "Heavy rain flooded the river and 400 residents had to leave home; nobody was hurt.", False),
    (FLOOD, "Heavy rain flooded the river and 400 residents had to leave home; several were hurt.", True),
    (LABEL, "Nausea and fatigue are the most common side effects; headaches are rare.", False),
    (LABEL, "Nausea and headaches are the most common side effects; fatigue is rare.", True),
    (QUARTER, "Acme's quarterly revenue rose 12% to $4.2 billion, while its net income slipped 3% to $610 million.",
     False),
    (QUARTER, "Acme's quarterly revenue rose 12% to $4.2 billion, while its net income slipped 12% to $610 million.",
     True),
    (BRIDGE, "When it opened in 1931, the Halvorsen Bridge had a 420-metre main span, the longest of any suspension "
             "bridge in Norway.", False),
    (BRIDGE, "When it opened in 1931, the Halvorsen Bridge had a 520-metre main span, the longest of any suspension "
             "bridge in Norway.", True),
    (COUNCIL, "The council backed the bike lane.", False),
    (COUNCIL, "The council rejected the bike lane.", True),
    (RESULTS, "Acme's revenue rose 12% to $4.2 billion, while net income slipped 3% to $610 million; CEO Dana "
              "Whitfield plans 40 new stores.", False),
    (RESULTS, "Acme's revenue rose 12% to $4.2 billion, while net income slipped 3% to $610 million; CEO Dana "
              "Whitfield plans 60 new stores.", True),
]

if __name__ == "__main__":
    cases_main("merged_paraphrases", __doc__, CASES)
