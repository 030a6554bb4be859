"""Answers written in HTML, as some chat front ends ask models to write them, on a company's quarterly results (a
context of our own).

    .venv/bin/python benchmarks/html_answers.py [--model default] [--label NAME]

Written as a user trying the detector (session 51), before any change for HTML: right answers in paragraphs, bold
figures and lists (on one line and over several), and the same answers with one figure changed. Per answer the
score, the verdict at the detector's threshold and the flagged spans; a readable check, not an evaluation. Writes
``benchmarks/results/html_answers_<label>.json``.
"""

from __future__ import annotations

from hand_claims import cases_main

RESULTS = ("Acme Corp reported third-quarter revenue of $4.2 billion, up 8% from a year earlier. Net income fell 3% to "
           "$610 million. The company expects fourth-quarter revenue between $4.3 billion and $4.5 billion. Chief "
           "executive Dana Reyes said demand for cloud services remained strong, while hardware sales declined 12%.")
PARAGRAPH = "<p>Third-quarter revenue was <b>${revenue} billion</b>, up 8% from a year earlier.</p>"
INLINE = "<ul><li>Revenue: $4.2 billion</li><li>Net income: ${income} million</li></ul>"
LINES = "<ul>\n<li>Revenue: $4.2 billion (up 8%)</li>\n<li>Hardware sales: down {hardware}%</li>\n</ul>"
EMPHASIS = "<p>Dana Reyes said demand for <em>{segment}</em> services remained strong.</p>"
# (context, answer, hallucinated)
CASES = [
    (RESULTS, PARAGRAPH.format(revenue="4.2"), False),
    (RESULTS, INLINE.format(income=610), False),
    (RESULTS, LINES.format(hardware=12), False),
    (RESULTS, EMPHASIS.format(segment="cloud"), False),
    (RESULTS, PARAGRAPH.format(revenue="4.8"), True),
    (RESULTS, INLINE.format(income=710), True),
    (RESULTS, LINES.format(hardware=21), True),
    (RESULTS, EMPHASIS.format(segment="storage"), True),
]

if __name__ == "__main__":
    cases_main("html_answers", __doc__, CASES)
