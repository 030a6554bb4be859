"""Claims with evidence: the context sentences quoted for a verdict, and reasons that name real evidence."""

from __future__ import annotations

import json

import numpy as np
import pytest

from halluseq.claims import DECISIVE, claims
from halluseq.data.example import Example
from halluseq.data.sentences import split_sentences
from halluseq.evidence import EvidenceFinder, closest_sentences, content_keys, points_back
from halluseq.features.nli import NLIFeatures
from halluseq.render import html_page, text_report
from halluseq.result import DetectionResult, Evidence

CONTEXT = ("The Eiffel Tower is a wrought-iron lattice tower in Paris. It is 330 metres tall. "
           "The tower was completed in 1889 for the World's Fair. Gustave Eiffel's company built it.")


def example(answer: str, context: str = CONTEXT) -> Example:
    return Example(id="x", context=context, answer=answer)


def context_sentence(text: str) -> Evidence:
    start = CONTEXT.index(text)
    return Evidence(text, start, start + len(text), 0.0)


def with_prob(evidence: Evidence, prob: float) -> Evidence:
    return Evidence(evidence.text, evidence.start, evidence.end, prob)


def test_closest_sentences_rank_by_shared_content_words():
    texts = [CONTEXT[s:e] for s, e in split_sentences(CONTEXT)]
    keys = [content_keys(t) for t in texts]
    assert content_keys("It is the tower, in Paris!") == {"tower", "paris"}  # stop words and punctuation gone
    assert closest_sentences("The tower was completed in 1925.", texts, keys, 2) == [2, 0]  # ties: earlier first
    assert closest_sentences("Nothing here matches at all.", texts, keys, 3) == []


def test_a_decisive_contradiction_is_quoted_as_the_reason_of_a_flagged_claim():
    item = example("The Eiffel Tower was completed in 1925. It is 330 metres tall.")
    completed = context_sentence("The tower was completed in 1889 for the World's Fair.")
    tall = context_sentence("It is 330 metres tall.")
    evidence = [(with_prob(completed, 0.02), with_prob(completed, 0.91)),
                (with_prob(tall, 0.97), with_prob(tall, 0.01))]
    first_end = split_sentences(item.answer)[0][1]
    probs = np.array([0.9 if w.end <= first_end else 0.1 for w in item.words])
    bad, good = claims(item, probs, 0.5, evidence=evidence)
    assert bad.hallucinated and bad.reason == 'contradicted by context: "The tower was completed in 1889 for the ' \
                                              "World's Fair.\""
    assert CONTEXT[bad.contradiction.start:bad.contradiction.end] == bad.contradiction.text
    assert not good.hallucinated and good.reason == 'supported by context: "It is 330 metres tall."'
    assert good.support.prob == pytest.approx(0.97)


def test_support_that_another_sentence_contradicts_is_not_quoted():
    item = example("The tower was completed for the World's Fair.")
    completed = context_sentence("The tower was completed in 1889 for the World's Fair.")
    built = context_sentence("Gustave Eiffel's company built it.")
    probs = np.full(len(item.words), 0.1)
    (vouched,) = claims(item, probs, 0.5, evidence=[(with_prob(completed, 0.9), with_prob(built, 0.05))])
    assert vouched.reason == f'supported by context: "{completed.text}"'
    (conflicted,) = claims(item, probs, 0.5, evidence=[(with_prob(completed, 0.61), with_prob(built, 0.46))])
    assert "supported by context" not in conflicted.reason and conflicted.reason.startswith("supported: ")
    assert conflicted.support.prob == pytest.approx(0.61) and conflicted.contradiction.prob == pytest.approx(0.46)


def test_undecided_evidence_falls_back_on_the_missing_words_but_is_still_attached():
    item = example("The Eiffel Tower was completed in 1925.")
    completed = context_sentence("The tower was completed in 1889 for the World's Fair.")
    evidence = [(with_prob(completed, 0.2), with_prob(completed, DECISIVE - 0.01))]
    (claim,) = claims(item, np.full(len(item.words), 0.9), 0.5, evidence=evidence)
    assert claim.reason == "no support in context: numbers 1925 not found"
    assert claim.contradiction.prob == pytest.approx(DECISIVE - 0.01)
    result = DetectionResult("ok", item.answer, score=0.9, hallucinated=True, claims=[claim])
    assert json.loads(result.to_json())["claims"][0]["contradiction"]["text"] == completed.text
    report = text_report(result)
    assert f'most contradicting {DECISIVE - 0.01:.2f}: "{completed.text}"' in report
    assert "best support 0.20" in report and "most contradicting" in html_page([result])


def test_function_words_are_never_named_as_missing_evidence():
    item = example("However, I think Therefore the Tower opened in Lyon.")
    (claim,) = claims(item, np.full(len(item.words), 0.9), 0.5)
    assert "Lyon" in claim.reason
    for word in ("However", "Therefore", " I,", " I "):
        assert word not in claim.reason


@pytest.fixture(scope="module")
def finder():
    return EvidenceFinder(NLIFeatures())


def test_the_bundled_nli_quotes_the_contradicting_and_the_supporting_sentence(finder):
    item = example("The Eiffel Tower was completed in 1925. The Eiffel Tower is 330 metres tall.")
    # "Gustave Eiffel's company built it." is a candidate too ("Eiffel's" is "eiffel"); with the 1889 sentence before
    # it as its premise it reads as contradicted, but the quote must be the sentence that contradicts
    texts = [CONTEXT[s:e] for s, e in split_sentences(CONTEXT)]
    assert 3 in closest_sentences(item.answer[:item.answer.index(".") + 1], texts,
                                  [content_keys(t) for t in texts], finder.candidates)
    (contradicted_support, contradicted), (supported, _) = finder.find([item])[0]
    assert contradicted.text == "The tower was completed in 1889 for the World's Fair."
    assert contradicted.prob >= DECISIVE
    assert supported.text == "It is 330 metres tall." and supported.prob >= DECISIVE
    bad, good = claims(item, np.full(len(item.words), 0.9), 0.5, evidence=finder.find([item])[0])
    assert bad.reason.startswith('contradicted by context: "The tower was completed in 1889')
    assert finder.find([example("Tall.")])[0] == [(None, None)]  # too short to score


def test_support_that_lacks_a_name_or_number_of_the_claim_is_not_quoted():
    # an NLI model may entail "completed in 1925" or "built in Lyon" from the 1889 sentence; the quote would lie
    completed = context_sentence("The tower was completed in 1889 for the World's Fair.")
    for answer in ("The tower was completed in 1925 for the fair.", "The tower was completed for the fair in Lyon."):
        item = example(answer)
        (claim,) = claims(item, np.full(len(item.words), 0.1), 0.5, evidence=[(with_prob(completed, 0.9), None)])
        assert not claim.hallucinated and claim.support.prob == pytest.approx(0.9)
        assert claim.reason.startswith("supported: ")
    # the sentence before the quoted one is part of the premise: "Eiffel" is found there
    tall = context_sentence("It is 330 metres tall.")
    item = example("The Eiffel tower is 330 metres tall.")
    (claim,) = claims(item, np.full(len(item.words), 0.1), 0.5, evidence=[(with_prob(tall, 0.9), None)])
    assert claim.reason == 'supported by context: "It is 330 metres tall."'


def test_support_for_a_claim_with_a_word_the_context_lacks_is_not_quoted_and_the_word_is_named():
    # a weak NLI model entails "open" from "closed" (word overlap); quoting that sentence as support would lie
    context = "The museum was closed to visitors in March because of flooding."
    closed = Evidence(context, 0, len(context), 0.95)
    item = example("The museum was open to visitors in March.", context)
    (claim,) = claims(item, np.full(len(item.words), 0.1), 0.5, evidence=[(closed, None)])
    assert not claim.hallucinated and claim.support.prob == pytest.approx(0.95)
    assert claim.reason == "supported: 7 of 8 words found in the context (not found: open)"


def test_without_nli_a_claim_made_of_context_words_quotes_the_sentence_it_departs_from():
    context = "The team finished third in the East Division with a 7-11 record. Steve Stapler coached the team."
    item = example("The team finished third in the Steve Stapler with a 7-11 record. Fine.", context)
    swapped, short = claims(item, np.full(len(item.words), 0.9), 0.5)
    assert swapped.reason == ('words missing from the closest context sentence (Steve, Stapler): "The team finished '
                              'third in the East Division with a 7-11 record."')
    negated_item = example("Steve Stapler never coached the team.", context)
    (negated,) = claims(negated_item, np.full(len(negated_item.words), 0.9), 0.5)
    assert negated.reason == ('words missing from the closest context sentence (never): '
                              '"Steve Stapler coached the team."')
    assert short.reason == "no support in context: words Fine not found"  # a sentence's first capital is no name
    # the sentence quoted points back ("It was built ..."): the words of the one before it are not missing
    context = "The Eiffel Tower is 330 metres tall. It was built by Gustave Eiffel's company."
    item = example("The tower was not built by Gustave Eiffel's company.", context)
    (built,) = claims(item, np.full(len(item.words), 0.9), 0.5)
    assert built.reason == ('words missing from the closest context sentence (not): "It was built by Gustave '
                            'Eiffel\'s company."')


def test_only_a_sentence_that_points_back_reads_the_one_before_it():
    assert points_back("It is 330 metres tall.") and points_back("“They” built it.") and points_back("This was new.")
    assert not points_back("The tower was completed in 1889.") and not points_back("Italy is far.")
    assert not points_back("")
