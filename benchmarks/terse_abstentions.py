"""Terse abstentions ("Not stated.", "Unknown.", "N/A") to questions the context does or does not answer, on contexts
of our own (a vacuum cleaner, a lease, a scientist, a company).

    .venv/bin/python benchmarks/terse_abstentions.py [--model default] [--label NAME]

Written as a user trying the detector on extraction-style QA answers (session 54), before a terse abstention was read
as the abstention it makes of its question: alone, "Not stated." holds only words the context lacks, and the default
flagged it (0.866) whether the context answers the question or not. Right: the context does not answer; wrong: it
does. Per answer the score, the verdict at the detector's threshold and the flagged spans; a readable check, not an
evaluation. Writes ``benchmarks/results/terse_abstentions_<label>.json``.
"""

from __future__ import annotations

from fragment_answers import COMPANY, LEASE, SCIENTIST, VACUUM
from hand_claims import cases_main

# (context, answer, hallucinated, question)
CASES = [
    (VACUUM, "Not stated.", False, "Who makes the X200?"),
    (VACUUM, "Not mentioned in the context.", False, "Is the X200 waterproof?"),
    (VACUUM, "Unknown.", False, "When was the X200 released?"),
    (LEASE, "N/A", False, "Is smoking allowed in the flat?"),
    (LEASE, "Not specified.", False, "Who pays for repairs?"),
    (SCIENTIST, "Not stated.", False, "Who were Marie Curie's children?"),
    (COMPANY, "No information provided.", False, "What was Northwind's revenue last year?"),
    (VACUUM, "Not stated.", True, "How much does the X200 cost?"),
    (VACUUM, "Unknown.", True, "How long does charging take?"),
    (LEASE, "Not mentioned in the context.", True, "How much is the security deposit?"),
    (LEASE, "N/A", True, "When is rent due?"),
    (SCIENTIST, "Not stated.", True, "Where was Marie Curie born?"),
    (COMPANY, "Unknown.", True, "Who founded Northwind Traders?"),
    (COMPANY, "Not specified.", True, "How many people does Northwind employ?"),
]

if __name__ == "__main__":
    cases_main("terse_abstentions", __doc__, CASES)
