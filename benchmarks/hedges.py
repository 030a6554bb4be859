"""Claims the context holds back with a hedge ("may cause", "suggest it could reduce", "plans to open") restated as
fact ("causes", "prove it reduces", "opened"), beside right answers that keep the hedge or say it another way, on
contexts of our own (a drug leaflet, a study, a company's plans, a forecast).

    .venv/bin/python benchmarks/hedges.py [--model default] [--label NAME]

Written as a user trying the detector (session 53), before the `align` option `hedges`: the session-53 default
passed "The drug causes dizziness." (0.012) where the leaflet says it may, and "The company opened 12 new stores."
(0.010) where it plans to. Per answer the score, the verdict at the detector's threshold and the flagged spans; a
readable check, not an evaluation. Writes ``benchmarks/results/hedges_<label>.json``.
"""

from __future__ import annotations

from hand_claims import cases_main

LEAFLET = "The drug may cause dizziness in some patients. Studies suggest it could reduce the risk of stroke."
STORES = "The company plans to open 12 new stores next year."
FORECAST = "Economists expect the central bank to cut rates in June. Inflation is likely to ease to 2.1% by autumn."
# (context, answer, hallucinated)
CASES = [
    (LEAFLET, "The drug may cause dizziness in some patients.", False),
    (LEAFLET, "The drug can cause dizziness in some patients.", False),
    (LEAFLET, "Studies suggest it might lower the risk of stroke.", False),
    (STORES, "The company will open 12 new stores next year.", False),
    (STORES, "The company intends to open 12 new stores next year.", False),
    (FORECAST, "Economists expect a rate cut in June, and inflation will likely ease to 2.1% by autumn.", False),
    (LEAFLET, "The drug causes dizziness.", True),
    (LEAFLET, "Studies prove it reduces the risk of stroke.", True),
    (STORES, "The company opened 12 new stores.", True),
    (FORECAST, "The central bank cut rates in June.", True),
    (FORECAST, "Inflation eased to 2.1% by autumn.", True),
]

if __name__ == "__main__":
    cases_main("hedges", __doc__, CASES)
