"""Ranks of ordinals ("third", "3rd", "third-quarter", "Q3") as the quantities family reads them."""

from __future__ import annotations

import pytest

from halluseq.features.quantities import COLUMNS, QuantityFeatures
from halluseq.features.ranks import claimed_ranks, key_rank, stated_ranks, year_centuries
from halluseq.features.text import word_key


@pytest.mark.parametrize(("key", "rank"), [
    ("third", (3, True)), ("3rd", (3, True)), ("twenty-first", (21, True)), ("21st-century", (21, False)),
    ("third-quarter", (3, False)), ("second-longest", (2, False)), ("q3", (3, True)), ("ninetieth", (90, True)),
    ("34st", None),  # 34 stone, no ordinal
    ("thirds", None), ("q5", None), ("quarter", None),
])
def test_key_rank_reads_ordinals_in_words_digits_compounds_and_quarter_codes(key, rank):
    assert key_rank(key) == rank


@pytest.mark.parametrize(("answer", "claimed"), [
    ("She finished third in the final.", [("third", 3)]),
    ("Acme's fourth quarter revenue rose.", [("fourth", 4)]),  # after a possessive
    ("It was the third-largest city in Q3.", [("third-largest", 3), ("Q3.", 3)]),
    ("The 19th century saw growth.", [("19th", 19)]),
    ("First, preheat the oven to 200C.", []),  # an opener, no rank
    ("It fell by a third in 2020.", []),  # a fraction
    ("It was first described in 1901.", []),  # an adverb
    ("The second passage says so, and the first step is easy.", []),  # points into the sources
    ("It opened on March 21st and closed on the 3rd of May.", []),  # days of dates
])
def test_claimed_ranks_are_ordinals_that_state_a_place(answer, claimed):
    words = answer.split()
    assert [(words[i], rank) for i, rank in claimed_ranks(words, [word_key(w) for w in words])] == claimed


def test_stated_ranks_and_centuries_of_a_context():
    context = "The third-quarter results, a 2nd place and the first in 1947 and the 1830s"
    keys = [word_key(w) for w in context.split()]
    assert stated_ranks(keys) == {1, 2, 3}
    assert year_centuries(keys) == {19, 20}


ACME = "Acme reported third-quarter revenue of $4.2 billion."
RACE = "She finished fifth in the final in 1947."


@pytest.mark.parametrize(("answer", "context", "absent", "respelled"), [
    ("Acme's fourth quarter revenue was $4.2 billion.", ACME, ["fourth"], []),
    ("In the third quarter revenue was $4.2 billion.", ACME, [], ["third"]),
    ("Acme's Q3 revenue was $4.2 billion.", ACME, [], ["Q3"]),
    ("Acme's Q4 revenue was $4.2 billion.", ACME, ["Q4"], []),
    ("She finished third in the final.", RACE, ["third"], []),
    ("She finished 5th in the mid-20th century.", RACE, [], ["5th", "mid-20th"]),  # 1947 is in the 20th century
    ("She finished fifth in the 19th century.", RACE, ["19th"], []),
])
def test_ranks_option_marks_ranks_the_context_states_nowhere(make_example, answer, context, absent, respelled):
    example = make_example(answer, context)
    [matrix] = QuantityFeatures(respellings=True, ranks=True).extract([example])
    marked = {name: [w.text for w, row in zip(example.words, matrix, strict=True) if row[COLUMNS.index(name)]]
              for name in ("quantity_absent", "quantity_respelled")}
    assert marked["quantity_absent"] == absent
    assert marked["quantity_respelled"] == respelled
    [without] = QuantityFeatures(respellings=True).extract([example])
    assert not without[:, COLUMNS.index("quantity_absent")].any()
    assert QuantityFeatures(ranks=True).config == {"ranks": True}
