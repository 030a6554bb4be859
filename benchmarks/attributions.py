"""Who said or did what: answers that give a statement, a role or a platform to the wrong name of the context, where
the context puts a relative clause or an apposition between the name and its verb ("Tom Reyes, who voted against
the budget, said ..."), or writes a name in lower case first ("iOS"), on contexts of our own (a council, a study, an
app release, a company, a match), each wrong answer beside a right one.

    .venv/bin/python benchmarks/attributions.py [--model default] [--label NAME]

Written as a user trying the detector on news summaries (session 55), before any change: "Linda Park said the project
was too expensive." passed (0.015) where the context reads "Council member Tom Reyes, who voted against the budget,
said the project was too expensive" (the name before "said" was not read across the clause), and "The update is
available for iOS now and will come to Android next month." passed (0.071) where the context has Android now and iOS
next month ("iOS" was no name); later in the session "CEO Dana Whitfield" was flagged on `CEO` where the context
writes "the chief executive". Per answer the score, the verdict at the detector's threshold and the flagged spans;
a readable check, not an evaluation. Writes ``benchmarks/results/attributions_<label>.json``.
"""

from __future__ import annotations

from hand_claims import cases_main

COUNCIL = ("Mayor Linda Park said the new library would open in June. Council member Tom Reyes, who voted against "
           "the budget, said the project was too expensive. The library will have 40,000 books.")
STUDY = ("Dr. Amira Haddad led the study at Lund University. Her co-author, Professor Jonas Berg of Uppsala "
         "University, designed the experiments.")
APP = ("The update adds a dark mode and fixes a crash on startup. It is available for Android now and will come to "
       "iOS next month.")
COMPANY = ("Dana Whitfield, the chief executive, announced the merger on Monday. Raj Patel, the company's finance "
           "chief, said the deal would close by June.")
MATCH = ("Arsenal beat Chelsea 2-1 on Saturday. Bukayo Saka, who scored the winner, was named man of the match, "
         "while Cole Palmer scored for Chelsea.")
# (context, answer, hallucinated)
CASES = [
    (COUNCIL, "Linda Park said the project was too expensive.", True),
    (COUNCIL, "Tom Reyes said the project was too expensive.", False),
    (STUDY, "Amira Haddad designed the experiments.", True),
    (STUDY, "Jonas Berg designed the experiments.", False),
    (APP, "The update is available for iOS now and will come to Android next month.", True),
    (APP, "The update is available for Android now and will come to iOS next month.", False),
    (COMPANY, "Raj Patel announced the merger on Monday.", True),
    (COMPANY, "Dana Whitfield announced the merger on Monday.", False),
    (COMPANY, "CEO Dana Whitfield announced the merger on Monday.", False),
    (COMPANY, "CFO Dana Whitfield announced the merger on Monday.", True),
    (MATCH, "Cole Palmer was named man of the match.", True),
    (MATCH, "Bukayo Saka was named man of the match.", False),
]

if __name__ == "__main__":
    cases_main("attributions", __doc__, CASES)
