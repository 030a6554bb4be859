"""Amounts with units and dates, and answers that join two context sentences, on three short contexts of our own.

    .venv/bin/python benchmarks/units_and_dates.py [--model default] [--label NAME]

Written as a user trying the detector (session 48) on a bridge, a drug label and a laptop: right answers that fuse
two sentences of the context where the second one opens with "It" ("The bridge opened on March 3, 2021, and cost
$1.2 billion."), that write a unit joined to its amount ("The 2.4-kilometre bridge", "an 18-hour battery") or a date
in another order ("March 3, 2021" for "3 March 2021"); and wrong ones that change only a unit ("2.4-mile", "a
four-month build", "10 weeks", "1.2 pounds") or a date part ("May 2021", "March 5, 2021"); session 57 added counts
of the days between two dates ("Four days." to "How many days after launch did Eagle land?") and years given by a
count of years from another ("in 1996" for "in 1998, two years after the fire"). Per answer the score,
the verdict at the detector's threshold and the flagged spans; a readable check, not an evaluation. Writes
``benchmarks/results/units_and_dates_<label>.json``.
"""

from __future__ import annotations

from hand_claims import cases_main

BRIDGE = ("The new bridge opened on 3 March 2021 after four years of construction. It cost $1.2 billion and is 2.4 "
          "kilometres long.")
DRUG = ("Patients should take 500 mg of the drug twice daily for 10 days. Do not exceed 2,000 mg in 24 hours. Common "
        "side effects include headache and dizziness.")
LAPTOP = ("The Model X weighs 1.2 kg and has a 14-inch display. Battery life is rated at 18 hours. It starts at "
          "$1,299.")
APOLLO = ("The Apollo 11 mission launched on July 16, 1969, from Kennedy Space Center. Neil Armstrong and Buzz Aldrin "
          "landed the lunar module Eagle on July 20, while Michael Collins remained in lunar orbit.")
DAYS = "How many days after launch did Eagle land?"
SHIP = "The ship left Southampton on December 28. It reached New York on January 3."
CROSSING = "How long did the crossing take?"
RESULTS = "Applications open on May 1 and close on May 31. Results are posted within 10 days of the deadline."
MUSEUM = ("The museum moved to its current building in 1998, two years after the fire that destroyed its original "
          "home on Elm Street.")
# (context, answer, hallucinated[, question])
CASES = [
    (BRIDGE, "The bridge opened on March 3, 2021, and cost $1.2 billion.", False),
    (BRIDGE, "Opened in 2021 after four years of work, the bridge cost $1.2 billion.", False),
    (BRIDGE, "The 2.4-kilometre bridge opened in 2021.", False),
    (BRIDGE, "The bridge opened on 3 March 2021 and is 2.4 km long.", False),
    (BRIDGE, "The bridge opened in March 2021.", False),
    (BRIDGE, "The bridge opened in May 2021.", True),
    (BRIDGE, "The bridge opened on March 5, 2021.", True),
    (BRIDGE, "The 2.4-mile bridge opened in 2021.", True),
    (BRIDGE, "The bridge is 2.4 miles long.", True),
    (BRIDGE, "After a four-month build, the bridge opened in 2021.", True),
    (BRIDGE, "It cost $1.2 million.", True),
    (DRUG, "Take 500 mg twice a day for 10 days.", False),
    (DRUG, "Do not take more than 2,000 mg in 24 hours.", False),
    (DRUG, "Take 500 mg twice daily for 10 weeks.", True),
    (DRUG, "Do not exceed 2,000 mg in 12 hours.", True),
    (DRUG, "Take 500 grams twice daily for 10 days.", True),
    (LAPTOP, "The 14-inch Model X weighs 1.2 kg.", False),
    (LAPTOP, "It offers an 18-hour battery and costs $1,299.", False),
    (LAPTOP, "It offers 18 hours of battery life and starts at $1,299.", False),
    (LAPTOP, "The Model X weighs 1.2 pounds.", True),
    (LAPTOP, "It offers an 18-day battery and costs $1,299.", True),
    (LAPTOP, "Battery life is rated at 18 minutes.", True),
    # the days between two dates of the context, counted by the answer (session 57: "Four days." was flagged 0.922)
    (APOLLO, "Four days.", False, DAYS),
    (APOLLO, "Six days.", True, DAYS),
    (APOLLO, "Eagle landed four days after the launch.", False),
    (APOLLO, "Eagle landed 5 days after the launch.", True),
    # a review helper's: a crossing over the new year, and a context that counts days itself
    (SHIP, "Six days.", False, CROSSING),
    (SHIP, "359 days.", True, CROSSING),
    (RESULTS, "30 days.", True, "How many days after the deadline are results posted?"),
    # a year the context gives by a count of years from another (quantities version 12)
    (MUSEUM, "A fire destroyed the museum's Elm Street home in 1996.", False),
    (MUSEUM, "A fire destroyed the museum's Elm Street home in 1994.", True),
    (MUSEUM, "A fire destroyed the museum's Elm Street home in 2000.", True),
]

if __name__ == "__main__":
    cases_main("units_and_dates", __doc__, CASES)
