"""Short answers that leave their question's words out ("When was it completed?" - "1887."), right and wrong, on
contexts of our own (a tower, a company, a vacuum cleaner, a scientist, a lease).

    .venv/bin/python benchmarks/fragment_answers.py [--model default] [--label NAME]

Written as a user trying the detector on short QA answers (session 54), before fragments were read with their
question: an answer that names a value of the context, but not the one asked for ("1887." for the year the tower was
completed, where the context says construction began in 1887 and ended in 1889), held no word the context lacks and
passed. Half the wrong answers take another value of the same context (the hard half), half one it lacks. Per
answer the score, the verdict at the detector's threshold and the flagged spans; a readable check, not an
evaluation. Writes ``benchmarks/results/fragment_answers_<label>.json``.
"""

from __future__ import annotations

from hand_claims import cases_main

TOWER = ("The Eiffel Tower was designed by the engineering firm of Gustave Eiffel. Construction began in 1887 and was "
         "completed in 1889. It is 330 metres tall; the first platform is 57 metres above the ground. The tower is "
         "painted every seven years.")
COMPANY = ("Northwind Traders was founded in 1998 by Dana Whitfield in Leeds. It employs 4,200 people and opened "
           "its first store in Manchester in 2003. Its chief financial officer is Omar Haddad.")
VACUUM = ("The X200 vacuum weighs 2.8 kg and runs for 45 minutes on one charge. Charging takes 4 hours. It comes with "
          "a two-year warranty and costs $349.")
SCIENTIST = ("Marie Curie was born in Warsaw in 1867 and moved to Paris in 1891. She won the Nobel Prize in Physics "
             "in 1903 and the Nobel Prize in Chemistry in 1911.")
LEASE = ("The tenant must give 60 days' written notice. The security deposit is $2,400 and is returned within 30 days "
         "of moving out. Rent is due on the first day of each month.")
# (context, answer, hallucinated, question)
CASES = [
    (TOWER, "1889.", False, "When was the Eiffel Tower completed?"),
    (TOWER, "330 metres.", False, "How tall is the tower?"),
    (TOWER, "Every seven years.", False, "How often is the tower painted?"),
    (TOWER, "Gustave Eiffel's engineering firm.", False, "Who designed the tower?"),
    (COMPANY, "In 1998.", False, "When was Northwind Traders founded?"),
    (COMPANY, "Omar Haddad.", False, "Who is the chief financial officer of Northwind?"),
    (COMPANY, "4,200.", False, "How many people does Northwind employ?"),
    (VACUUM, "45 minutes.", False, "How long does the X200 run on one charge?"),
    (VACUUM, "4 hours.", False, "How long does charging take?"),
    (SCIENTIST, "Warsaw.", False, "Where was Marie Curie born?"),
    (SCIENTIST, "In 1911.", False, "When did Marie Curie win the Nobel Prize in Chemistry?"),
    (LEASE, "Within 30 days of moving out.", False, "When is the deposit returned?"),
    (TOWER, "1887.", True, "When was the Eiffel Tower completed?"),
    (TOWER, "57 metres.", True, "How tall is the tower?"),
    (TOWER, "1925.", True, "When was the Eiffel Tower completed?"),
    (COMPANY, "In 2003.", True, "When was Northwind Traders founded?"),
    (COMPANY, "Dana Whitfield.", True, "Who is the chief financial officer of Northwind?"),
    (COMPANY, "Manchester.", True, "Where was Northwind Traders founded?"),
    (VACUUM, "4 hours.", True, "How long does the X200 run on one charge?"),
    (VACUUM, "45 minutes.", True, "How long does charging take?"),
    (VACUUM, "$299.", True, "How much does the X200 cost?"),
    (SCIENTIST, "Paris.", True, "Where was Marie Curie born?"),
    (SCIENTIST, "In 1903.", True, "When did Marie Curie win the Nobel Prize in Chemistry?"),
    (LEASE, "Within 60 days of moving out.", True, "When is the deposit returned?"),
]

if __name__ == "__main__":
    cases_main("fragment_answers", __doc__, CASES)
