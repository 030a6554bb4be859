"""Amounts of money written with a currency symbol in one text and with the currency's name in the other ("$1.5
million" and "1,500,000 dollars", "€20" and "20 euros"), each right answer beside one with another amount, on
short contexts of our own (a company's revenue, a ticket price, a grant, a fine).

    .venv/bin/python benchmarks/currency_amounts.py [--model default] [--label NAME]

Written as a user trying the detector on summaries of financial news (session 56), before any change: "Revenue
reached 1,500,000 dollars in 2022." was flagged (0.612) where the context says "revenue of $1.5 million in 2022": the
amount was read as stated, but only "about something else" (`quantity_far`), since the answer's "dollars" was no word
of a context sentence that writes "$". Per answer the score, the verdict at the detector's threshold and the flagged
spans; a readable check, not an evaluation. Session 57 added the same amounts in another currency ("$4.2 billion" for
"EUR 4.2 billion" passed at 0.126): `quantities` option `currencies`. Writes
``benchmarks/results/currency_amounts_<label>.json``.
"""

from __future__ import annotations

from hand_claims import cases_main

REVENUE = "The company reported revenue of $1.5 million in 2022, up from $1.2 million in 2021."
TICKETS = "Tickets for the festival cost 20 euros per day."
GRANT = "The university received a grant of £3bn from the government last year."
FINE = "The regulator fined the bank 250 million dollars for the data breach."
QUARTER = ("Acme Corp reported third-quarter revenue of EUR 4.2 billion, up 8% from a year earlier. Operating margin "
           "narrowed to 11.5% from 12.3%.")
FUND = "The fund holds $2 billion in US shares and €3 billion in European bonds."
AWARD = "The foundation awarded a grant of $5 million to the university."
# (context, answer, hallucinated)
CASES = [
    (REVENUE, "Revenue reached 1,500,000 dollars in 2022.", False),
    (REVENUE, "Revenue reached 2,500,000 dollars in 2022.", True),
    (TICKETS, "A day at the festival costs €20.", False),
    (TICKETS, "A day at the festival costs €25.", True),
    (GRANT, "The government gave the university 3 billion pounds last year.", False),
    (GRANT, "The government gave the university 4 billion pounds last year.", True),
    (FINE, "The bank was fined $250 million over the data breach.", False),
    (FINE, "The bank was fined $350 million over the data breach.", True),
    # the same amount in another currency (session 57: "$4.2 billion" for "EUR 4.2 billion" passed at 0.126)
    (REVENUE, "Revenue reached €1.5 million in 2022.", True),
    (TICKETS, "A day at the festival costs $20.", True),
    (TICKETS, "A day at the festival costs 20 EUR.", False),
    (FINE, "The bank was fined €250 million over the data breach.", True),
    (QUARTER, "Acme's third-quarter revenue rose 8% to $4.2 billion.", True),
    (QUARTER, "Acme's third-quarter revenue rose 8% to 4.2 billion euros.", False),
    (FUND, "The fund holds €3 billion in European bonds.", False),
    (FUND, "The fund holds £3 billion in European bonds.", True),
    # a code for the context's symbol (a review helper's: "5 million USD" for "$5 million" was flagged 0.543)
    (AWARD, "The grant is worth 5 million USD.", False),
    (AWARD, "The grant is worth USD 5 million.", False),
    (AWARD, "The grant is worth 5 million EUR.", True),
]

if __name__ == "__main__":
    cases_main("currency_amounts", __doc__, CASES)
