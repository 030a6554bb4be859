"""Answers formatted as chat models write them (markdown headings, bold lines, bullet lists) on a context of three
passages of our own (car specifications).

    .venv/bin/python benchmarks/formatted_answers.py [--model default] [--label NAME]

Written as a user trying the detector (session 48): right answers laid out with a heading, bold titles and lists, and
the same layouts with one to three facts changed (a range, a seat count, a unit, a price). Per answer the score, the
verdict at the detector's threshold and the flagged spans; a readable check, not an evaluation. Writes
``benchmarks/results/formatted_answers_<label>.json``.
"""

from __future__ import annotations

from hand_claims import cases_main

CARS = ("Passage 1: The Model Y Long Range has an EPA-estimated range of 310 miles and accelerates from 0 to 60 mph in "
        "4.8 seconds. It seats five, with an optional third row for seven. Prices start at $47,990 before incentives.\n"
        "Passage 2: The Model 3 Standard starts at $38,990 and has a range of 272 miles. The Model 3 Long Range offers "
        "341 miles. Both models come with Autopilot as standard; Full Self-Driving costs an extra $8,000.\n"
        "Passage 3: Tesla's Supercharger network has more than 50,000 stations worldwide as of 2024. A 15-minute "
        "charge adds up to 200 miles of range on supported vehicles.")
COMPARISON = ("## Comparison\n\n**Model Y Long Range**\n- Range: {range} miles (EPA)\n- 0-60 mph: 4.8 seconds\n"
              "- Seats: 5 ({seats} with the optional third row)\n- Price: from $47,990\n\n**Model 3**\n"
              "- Standard: $38,990, 272 miles\n- Long Range: 341 {unit}\n\nAutopilot is standard on both; Full "
              "Self-Driving costs {fsd} extra.")
# (context, answer, hallucinated)
CASES = [
    (CARS, COMPARISON.format(range=310, seats=7, unit="miles", fsd="$8,000"), False),
    (CARS, "### Charging\n\nA 15-minute Supercharger stop adds up to 200 miles, and there are over 50,000 stations "
           "worldwide.", False),
    (CARS, "**Key facts**\n1. The Model 3 Standard costs $38,990.\n2. Full Self-Driving is an $8,000 option.", False),
    (CARS, COMPARISON.format(range=330, seats=7, unit="miles", fsd="$8,000"), True),
    (CARS, COMPARISON.format(range=310, seats=7, unit="miles", fsd="$10,000"), True),
    (CARS, COMPARISON.format(range=310, seats=7, unit="kilometres", fsd="$8,000"), True),
    (CARS, "**Key facts**\n1. The Model 3 Standard costs $38,990.\n2. Full Self-Driving is a $12,000 option.", True),
]

if __name__ == "__main__":
    cases_main("formatted_answers", __doc__, CASES)
