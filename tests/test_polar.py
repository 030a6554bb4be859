"""Polar answers: a bare "Yes" / "No" read as the claim of the yes-no question it answers."""

import pytest

from halluseq.data.example import Example
from halluseq.polar import polar_answer, yes_no_claim

MOUNTAIN = ("Mount Kilimanjaro, in Tanzania, is the highest mountain in Africa. It is a dormant volcano. It lies south "
            "of Kenya.")


@pytest.mark.parametrize("question, claim", [
    ("Is Kilimanjaro in Kenya?", "Kilimanjaro in Kenya"),
    ("Is it in Kenya?", "it is in Kenya"),  # a pronoun subject: a statement with its auxiliary
    ("Can I take it if I am pregnant?", "I can take it if I am pregnant"),
    ("Did it erupt in 1890?", "it erupt in 1890"),  # "did" says nothing a claim needs
    ("Does Kilimanjaro lie in Africa?", "Kilimanjaro lies in Africa"),  # the verb as the context inflects it
    ("That is very cool. Does the tenant have to give 60 days' notice?", "the tenant have to give 60 days notice"),
    ("“Is Kilimanjaro in Kenya?”", "Kilimanjaro in Kenya"),  # quotes and markup cut
    ("**Is Kilimanjaro in Kenya?**", "Kilimanjaro in Kenya"),
    ("<p>Is Kilimanjaro in Kenya?</p>", "Kilimanjaro in Kenya"),
    ("1. Is Kilimanjaro in Kenya?", "Kilimanjaro in Kenya"),  # a list number or label left out
    ("Q: Is Kilimanjaro in Kenya?", "Kilimanjaro in Kenya"),
    ("Is Kilimanjaro in Kenya? Thanks!", "Kilimanjaro in Kenya"),
    ("Is it in Kenya? Is it tall?", None),  # two questions
    ("Is it not in Kenya?", None),  # asks for agreement
    ("did liverpool beat arsenal", "liverpool beat arsenal"),  # no question mark, lower case (RAGTruth, dialogue)
    ("Which country is Kilimanjaro in?", None),  # not a yes-no question
    ("Is it red or blue?", None),  # an alternative
    ("Is it tall and was it built in 1889?", None),  # two questions
    ("Isn't it a volcano?", None),  # asks for agreement
    ("Is it?", None),  # nothing to check
    ("Do you bowl?", None),  # about the one who answers
    ("", None),
    (None, None),
])
def test_yes_no_claim_is_the_question_without_its_auxiliary(question, claim):
    assert yes_no_claim(question, MOUNTAIN) == claim


def test_a_question_to_you_asks_of_a_context_that_speaks_to_you():
    leaflet = "Do not take ibuprofen if you are pregnant."
    claim = yes_no_claim("Can you take ibuprofen if you are pregnant?", leaflet)
    assert claim == "you can take ibuprofen if you are pregnant"


@pytest.mark.parametrize("answer, words, affirms", [
    ("Yes.", (0,), True),
    ("no", (0,), False),
    ("Yes, it is.", (0, 1, 2), True),
    ("Yes, it is", (0, 1, 2), True),
    ("No, it isn't.", (0, 1, 2), False),
    ("Nope, they did not.", (0, 1, 2, 3), False),
    ("**Yes**", (0,), True),
    ("Yes .", (0, 1), True),  # tokenised: the full stop is a word of its own
    ("Yup.", (0,), True),
])
def test_polar_answer_covers_the_polar_word_and_its_restatement(answer, words, affirms):
    found = polar_answer(Example(id="a", context=MOUNTAIN, answer=answer, question="Is Kilimanjaro in Kenya?"))
    assert found is not None and found.words == words and found.affirms is affirms
    assert found.claim == "Kilimanjaro in Kenya"


@pytest.mark.parametrize("answer, question", [
    ("Yes, it is a dormant volcano.", "Is Kilimanjaro a volcano?"),  # the words after "Yes" make the claim
    ("Yes. It is in Tanzania.", "Is Kilimanjaro in Tanzania?"),
    ("Yes.", None),  # no question
    ("Yes.", "Which country is it in?"),
    ("Tanzania.", "Is Kilimanjaro in Tanzania?"),
    ("Yesterday it was.", "Is Kilimanjaro in Tanzania?"),
    ("Yes, it isn't.", "Is Kilimanjaro in Tanzania?"),  # says yes and no
    ("No, it is.", "Is Kilimanjaro in Tanzania?"),
    ("No?", "Is Kilimanjaro in Tanzania?"),  # a question back
])
def test_other_answers_are_no_polar_answers(answer, question):
    assert polar_answer(Example(id="a", context=MOUNTAIN, answer=answer, question=question)) is None
