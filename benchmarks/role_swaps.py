"""Two names or numbers of one sentence that trade places ("Google must pay Oracle" where the context has "Oracle
must pay Google"; "Brazil defeated Germany 7-1" where it has "Germany defeated Brazil 7-1"), beside the same facts
told the right way round, on contexts of our own (a takeover, football, a court ruling, a phone call, two cities,
shares).

    .venv/bin/python benchmarks/role_swaps.py [--model default] [--label NAME]

Written as a user trying the detector (session 53), before the `slots` options `crossed_names` and `opening_names`:
the default of session 52 caught a swap of two names inside a sentence, but not one whose first name opens the
sentence, in the answer or in the context ("Brazil defeated Germany 7-1 in the 2014 semi-final." 0.026). Per answer
the score, the verdict at the detector's threshold and the flagged spans; a readable check, not an evaluation.
Writes ``benchmarks/results/role_swaps_<label>.json``.
"""

from __future__ import annotations

from hand_claims import cases_main

TAKEOVER = "Microsoft completed its acquisition of Activision Blizzard in October 2023 for $69 billion."
SEMI = "Germany defeated Brazil 7-1 in the 2014 World Cup semi-final in Belo Horizonte."
FINAL = "Real Madrid beat Borussia Dortmund 2-0 in the Champions League final at Wembley on 1 June 2024."
RULING = "The court ruled that Oracle must pay Google $8.8 billion in damages."
CALL = "In 1876 Alexander Graham Bell made the first telephone call to his assistant Thomas Watson."
CITIES = "Paris has a population of about 2.1 million, while Marseille has about 870,000 residents."
SHARES = "Shares of Nvidia rose 4% while AMD fell 2% on Tuesday."
HOSTS = "Spain and Portugal will co-host the 2030 tournament with Morocco."
# (context, answer, hallucinated)
CASES = [
    (TAKEOVER, "Microsoft bought Activision Blizzard for $69 billion in October 2023.", False),
    (SEMI, "In the 2014 semi-final, Germany beat Brazil 7-1.", False),
    (SEMI, "Germany defeated Brazil 7-1 in the 2014 semi-final.", False),
    (FINAL, "Real Madrid won the 2024 Champions League final 2-0 against Dortmund at Wembley.", False),
    (CALL, "Bell placed the first phone call to Watson, his assistant, in 1876.", False),
    (CITIES, "Paris has about 2.1 million people; Marseille has roughly 870,000.", False),
    (SHARES, "On Tuesday Nvidia gained 4% and AMD lost 2%.", False),
    (HOSTS, "Morocco will co-host the 2030 tournament with Spain and Portugal.", False),
    (TAKEOVER, "Activision Blizzard completed its acquisition of Microsoft in October 2023.", True),
    (SEMI, "Brazil defeated Germany 7-1 in the 2014 semi-final.", True),
    (FINAL, "Borussia Dortmund beat Real Madrid 2-0 in the final.", True),
    (RULING, "The court ruled that Google must pay Oracle $8.8 billion.", True),
    (CALL, "Thomas Watson made the first telephone call to his assistant Alexander Graham Bell.", True),
    (CITIES, "Marseille has about 2.1 million residents and Paris about 870,000.", True),
    (SHARES, "Shares of AMD rose 4% while Nvidia fell 2% on Tuesday.", True),
]

if __name__ == "__main__":
    cases_main("role_swaps", __doc__, CASES)
