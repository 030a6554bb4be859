"""Abstention features: sentences that say the sources lack something, and whether the context holds it."""

from __future__ import annotations

import numpy as np

from halluseq.features.abstention import COLUMNS, AbstentionFeatures
from halluseq.features.base import build

CONTEXT = "The Eiffel Tower is 330 metres tall and was completed in 1889 in Paris."


def _flags(make_example, answer: str, column: str, context: str = CONTEXT) -> list[str]:
    """The answer words whose ``column`` is set."""
    example = make_example(answer, context)
    [matrix] = AbstentionFeatures().extract([example])
    assert matrix.shape == (len(example.words), len(COLUMNS)) and matrix.dtype == np.float32
    j = COLUMNS.index(column)
    return [w.text for w, row in zip(example.words, matrix, strict=True) if row[j]]


def test_registered_and_columns():
    extractor = build("abstention")
    assert isinstance(extractor, AbstentionFeatures) and extractor.columns == COLUMNS


BUILT = CONTEXT + " It was built by Gustave Eiffel's company for the World's Fair."


def test_an_abstention_names_the_sources_and_negates(make_example):
    answer = "It was completed in 1889. However, the passages do not provide information about its cost."
    assert _flags(make_example, answer, "abstention", BUILT) == [
        "However,", "the", "passages", "do", "not", "provide", "information", "about", "its", "cost."]
    assert _flags(make_example, "Based on the passages, it was completed in 1889.", "abstention", BUILT) == []
    assert _flags(make_example, "It was not completed in 1925.", "abstention", BUILT) == []


def test_an_abstention_about_what_the_context_holds_is_found(make_example):
    wrong = "It was completed in 1889. The passages do not mention who built it."
    assert _flags(make_example, wrong, "abstention_found", BUILT) == [
        "The", "passages", "do", "not", "mention", "who", "built", "it."]
    assert _flags(make_example, "The passages do not mention Gustave Eiffel's company.", "abstention_found",
                  BUILT) == ["The", "passages", "do", "not", "mention", "Gustave", "Eiffel's", "company."]


def test_a_true_abstention_names_what_the_context_lacks(make_example):
    for answer in ("The passages do not mention the Eiffel Tower's cost.",
                   "No other information is provided in the passages.",  # no topic at all
                   "It was completed in 1889. The context does not say who designed its lifts."):
        assert _flags(make_example, answer, "abstention", BUILT)
        assert _flags(make_example, answer, "abstention_found", BUILT) == []


BRIDGE = ("The city council voted 7-2 to approve a $4.2 million plan to repair the Main Street bridge. Work would "
          "begin in March, the mayor's office said.")


def test_a_topic_word_is_held_as_one_of_its_lemmas(make_example):
    for answer in ("The article does not mention when work begins.", "The passages do not say who voted."):
        assert _flags(make_example, answer, "abstention_found", BRIDGE)
    assert _flags(make_example, "The passages do not mention the bridge's length.", "abstention_found", BRIDGE) == []


def test_an_impersonal_passive_of_saying_is_an_abstention(make_example):
    for answer in ("It is not stated how long the bridge is.", "However, it is not clear when the work ends."):
        assert _flags(make_example, answer, "abstention", BRIDGE) == answer.split()
        assert _flags(make_example, answer, "abstention_found", BRIDGE) == []
    assert _flags(make_example, "It is not stated when the work would begin.", "abstention_found", BRIDGE)
    for claim in ("It was not approved in March.", "The plan was not stated by the mayor."):
        assert _flags(make_example, claim, "abstention", BRIDGE) == []


def test_clauses_end_an_abstention_before_a_contrasting_claim(make_example):
    answer = ("It is 330 metres tall. The passages do not mention who designed it, but it was Pierre Curie. However, "
              "the passages do not mention its cost.")
    example = make_example(answer, CONTEXT)
    [by_sentence] = AbstentionFeatures().extract([example])
    [by_clause] = AbstentionFeatures(clauses=True).extract([example])
    flagged = [w.text for w, row in zip(example.words, by_clause, strict=True) if row[0]]
    assert flagged == ["The", "passages", "do", "not", "mention", "who", "designed", "it,", "However,", "the",
                       "passages", "do", "not", "mention", "its", "cost."]  # "but it was Pierre Curie." is a claim
    assert [w.text for w, row in zip(example.words, by_sentence, strict=True) if row[0]][8:13] == [
        "but", "it", "was", "Pierre", "Curie."]  # by default the whole sentence is the abstention
    # "who designed it" is no topic the context holds: a true abstention, clause or sentence
    assert not by_clause[:, 1].any()
    assert build("abstention", clauses=True).config == {"clauses": True}
    assert AbstentionFeatures(clauses=True).fingerprint != AbstentionFeatures().fingerprint
