"""One-line answers that restate a context's amount or name in another spelling, each beside a wrong twin: which does
a detector flag?

    .venv/bin/python benchmarks/spelling_claims.py [--model default] [--label NAME]

Written in session 45 before any change of that session, as a user who pastes news and report text would: money
in the newsroom's short form and spelled out ("£10.25m" / "10.25 million pounds"), amounts in words ("two thousand
five hundred"), a share as a fraction or a percentage ("half" / "50%"), a year as its decade ("the 1930s"), and an
organisation by its initials ("the EU" for "the European Union"); twelve more (abbreviations, clock times, dotted
acronyms) were added after the session's first retrain. A faithful respelling is no claim of its own; its
twin changes the value or the name and is wrong. None of these texts is in any training or evaluation file. Per
answer the score, the verdict at the detector's threshold and the flagged spans; a readable check, not an
evaluation. Writes ``benchmarks/results/spelling_claims_<label>.json``.
"""

from __future__ import annotations

from hand_claims import cases_main

# (context, answer, hallucinated)
CASES = [
    ("The council approved a £10.25m loan for the stadium.",
     "The council approved a loan of 10.25 million pounds for the stadium.", False),
    ("The council approved a £10.25m loan for the stadium.",
     "The council approved a loan of 12.25 million pounds for the stadium.", True),
    ("The council approved a £10.25m loan for the stadium.", "The council approved a £10.25 million loan.", False),
    ("The council approved a £10.25m loan for the stadium.", "The council approved a £10.25 billion loan.", True),
    ("The firm paid $3bn for its rival in 2019.", "The firm paid 3 billion dollars for its rival.", False),
    ("The firm paid $3bn for its rival in 2019.", "The firm paid 3 million dollars for its rival.", True),
    ("The scheme will cost 4.2 million euros, paid by the city.", "The scheme will cost €4.2m.", False),
    ("The scheme will cost 4.2 million euros, paid by the city.", "The scheme will cost €5.2m.", True),
    ("The firm employs 2,500 people at its plant in Leeds.",
     "The firm employs two thousand five hundred people in Leeds.", False),
    ("The firm employs 2,500 people at its plant in Leeds.",
     "The firm employs two thousand three hundred people in Leeds.", True),
    ("The firm employs two thousand five hundred people at its plant in Leeds.",
     "The firm employs 2,500 people in Leeds.", False),
    ("The firm employs two thousand five hundred people at its plant in Leeds.",
     "The firm employs 2,000 people in Leeds.", True),
    ("Exactly 50% of the respondents said they would vote again.",
     "Half of the respondents said they would vote again.", False),
    ("Exactly 30% of the respondents said they would vote again.",
     "Half of the respondents said they would vote again.", True),
    ("Half of the respondents said they would vote again.",
     "50% of the respondents said they would vote again.", False),
    ("Half of the respondents said they would vote again.",
     "40% of the respondents said they would vote again.", True),
    ("About 25% of the land in the valley is forest.", "A quarter of the valley is forest.", False),
    ("About 25% of the land in the valley is forest.", "A third of the valley is forest.", True),
    ("The bridge over the river opened in 1937.", "The bridge opened in the 1930s.", False),
    ("The bridge over the river opened in 1937.", "The bridge opened in the 1940s.", True),
    ("The European Union fined the company 2 million euros.", "The EU fined the company 2 million euros.", False),
    ("The European Union fined the company 2 million euros.", "The UN fined the company 2 million euros.", True),
    ("The World Health Organization declared the outbreak over on Friday.",
     "The WHO declared the outbreak over on Friday.", False),
    ("The World Health Organization declared the outbreak over on Friday.",
     "The IMF declared the outbreak over on Friday.", True),
    ("Patients were treated by the National Health Service in Wales.",
     "Patients were treated by the NHS in Wales.", False),
    ("Patients were treated by the National Health Service in Wales.",
     "Patients were treated by the NHS in Scotland.", True),
    # added after the first retrain of session 45, found by trying more spellings: abbreviations, clock times,
    # dotted acronyms
    ("The report was published in September 2023.", "The report was published in Sept. 2023.", False),
    ("The report was published in September 2023.", "The report was published in Oct. 2023.", True),
    ("The church of Saint Mary stands on Mount Hood.", "St. Mary's church stands on Mt. Hood.", False),
    ("The church of Saint Mary stands on Mount Hood.", "St. Mary's church stands on Mt. Adams.", True),
    ("The meeting starts at 15:00 on Friday.", "The meeting starts at 3 p.m. on Friday.", False),
    ("The meeting starts at 15:00 on Friday.", "The meeting starts at 5 p.m. on Friday.", True),
    ("The meeting starts at 15:00 on Friday.", "The meeting starts at 3pm on Friday.", False),
    ("The meeting starts at 15:00 on Friday.", "The meeting starts at 3pm on Monday.", True),
    ("Trade between the United States and Canada grew by 4%.", "Trade between the U.S. and Canada grew by 4%.", False),
    ("Trade between the United States and Canada grew by 4%.", "Trade between the U.K. and Canada grew by 4%.", True),
    ("Professor Anna Berg of the University of Oslo led the trial.",
     "Prof. Berg of the University of Oslo led the trial.", False),
    ("Professor Anna Berg of the University of Oslo led the trial.",
     "Prof. Berg of the University of Bergen led the trial.", True),
]


def main() -> None:
    cases_main("spelling_claims", __doc__, CASES)


if __name__ == "__main__":
    main()
