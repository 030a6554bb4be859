"""Hand-written summary sentences that merge or reorder what the context says, and tokenised claims: which does a
detector flag?

    .venv/bin/python benchmarks/merged_summaries.py [--model full] [--label NAME]

Fourteen answers of the kinds that session 33 found the default detector misreading (README "Commas that stand apart,
a number's place, two phrases moved whole"): a faithful summary sentence that joins two sentences of the context
("the 330-metre tower, completed in Paris in 1889"), two phrases of one head word in the other order ("completed in
Paris in 1889" for "completed in 1889 in Paris"), and claims in tokenised text ("Tupelo , Tennessee ."), each beside
the same sentence with one name, year or place wrong. Writes ``benchmarks/results/merged_summaries_<label>.json``
(``hand_claims.cases_main``). Fourteen answers rank nothing: a readable check, not an evaluation.
"""

from __future__ import annotations

from hand_claims import cases_main

EIFFEL = ("The Eiffel Tower is 330 metres tall and was completed in 1889 in Paris. It was designed by the company of "
          "Gustave Eiffel, whose engineers Maurice Koechlin and Emile Nouguier drew the first plans.")
PRESLEY = ("Presley was born in Tupelo, Mississippi, and relocated to Memphis, Tennessee, with his family when he was "
           "13 years old. He began his music career there in 1954, recording at Sun Records with producer Sam "
           "Phillips.")
COUNCIL = ("The council approved the budget on Tuesday. The new library will open in Leeds in May, and the pool will "
           "close in Hull in June.")
# (context, answer, hallucinated)
CASES = [
    (EIFFEL, "Koechlin and Nouguier drew the first plans of the 330-metre tower, completed in Paris in 1889.", False),
    (EIFFEL, "Koechlin and Nouguier drew the first plans of the 330-metre tower, completed in Paris in 1925.", True),
    (EIFFEL, "Koechlin and Nouguier drew the first plans of the 330-metre tower, completed in Lyon in 1889.", True),
    (EIFFEL, "The tower was completed in Paris in 1889.", False),
    (EIFFEL, "The tower was completed in Lyon in 1889.", True),
    (PRESLEY, "He was born in Tupelo , Mississippi .", False),
    (PRESLEY, "He was born in Tupelo , Tennessee .", True),
    (PRESLEY, "He was born in Tupelo, Tennessee.", True),
    (PRESLEY, "In 1954 he began his career in Memphis , recording at Sun Records .", False),
    (PRESLEY, "In 1954 he began his career in Tupelo , recording at Sun Records .", True),
    (COUNCIL, "The library will open in May in Leeds, and the pool will close in June in Hull.", False),
    (COUNCIL, "The library will open in June in Leeds, and the pool will close in May in Hull.", True),
    (COUNCIL, "The library will open in Hull in May.", True),
    (COUNCIL, "After Tuesday's budget vote, the library opens in Leeds in May.", False),
]


def main() -> None:
    cases_main("merged_summaries", __doc__, CASES)


if __name__ == "__main__":
    main()
