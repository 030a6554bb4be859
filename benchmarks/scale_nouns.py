"""Opposites that WordNet does not pair, written as nouns or ratings: a net loss for a net profit, a deficit for a
surplus, a contraction for growth, a downturn for an upturn, a bearish call for a bullish one, beside the right
answers, on reports of our own (a quarter's results, a budget, an economy, an analyst's note).

    .venv/bin/python benchmarks/scale_nouns.py [--model default] [--label NAME]

Written as a user trying the detector (session 53), before the noun and balance scales of
``halluseq.lexicon.POLES``: the session-53 default passed "Acme reported a net loss of $5 million for the quarter."
(0.126) where the report has a net profit. Per answer the score, the verdict at the detector's threshold and the
flagged spans; a readable check, not an evaluation. Writes ``benchmarks/results/scale_nouns_<label>.json``.
"""

from __future__ import annotations

from hand_claims import cases_main

RESULTS = "Acme reported a net profit of $5 million for the quarter, on revenue of $80 million."
BUDGET = "The city ended the fiscal year with a budget surplus of 12 million euros."
ECONOMY = "The government expects growth of 0.2% this year, after an upturn in exports in the spring."
NOTE = "Analysts at Nordbank remain bullish on the shares and rate them overweight."
# (context, answer, hallucinated)
CASES = [
    (RESULTS, "Acme made a net profit of $5 million in the quarter.", False),
    (RESULTS, "Acme's quarterly profit was $5 million on $80 million of revenue.", False),
    (BUDGET, "The city closed the fiscal year with a 12 million euro surplus.", False),
    (ECONOMY, "The government forecasts growth of 0.2% this year.", False),
    (NOTE, "Nordbank's analysts are bullish and rate the shares overweight.", False),
    (RESULTS, "Acme reported a net loss of $5 million for the quarter.", True),
    (BUDGET, "The city ended the fiscal year with a budget deficit of 12 million euros.", True),
    (ECONOMY, "The government expects a contraction of 0.2% this year.", True),
    (ECONOMY, "The government expects growth of 0.2% this year, after a downturn in exports in the spring.", True),
    (NOTE, "Analysts at Nordbank remain bearish on the shares.", True),
    (NOTE, "Nordbank's analysts rate the shares underweight.", True),
]

if __name__ == "__main__":
    cases_main("scale_nouns", __doc__, CASES)
