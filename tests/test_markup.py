"""Formatting tokens: which words of an answer are list numbers, bullets, headings or citation markers."""

from __future__ import annotations

import pytest

from halluseq.data import split_words
from halluseq.markup import markup_mask


def masked(text: str) -> list[str]:
    words = split_words(text)
    return [w.text for w, m in zip(words, markup_mask(text, words), strict=True) if m]


@pytest.mark.parametrize(("text", "expected"), [
    ("1. It is 330 metres tall.\n2. It opened in 1889.", ["1.", "2."]),
    ("Steps:\n  3) Heat the pan\n  (4) Stir\n  a) one\n  iv. two", ["3)", "(4)", "a)", "iv."]),
    ("- Height: 330 metres\n* Visitors: 7 million\n• Paris", ["-", "*", "•"]),
    ("## Summary\n> quoted **bold** here", ["##", ">"]),
    ("It is 330 metres tall [1] and opened in 1889 [1][2]. Source [3-4], see [2,5].", ["[1]", "[1][2].", "[3-4],",
                                                                                        "[2,5]."]),
])
def test_formatting_tokens_are_found(text, expected):
    assert masked(text) == expected


@pytest.mark.parametrize("text", [
    "18.",  # a number that is the answer, alone on its line
    "The answer is\n18.",
    "It opened in 1889. It is 330 metres tall.",  # a number inside a sentence, even at its end
    "Version 2. of the plan",  # not at the start of a line
    "The [Eiffel] Tower is tall.",  # brackets around a word
    "1989. That was the year.",  # four digits: a year, not a list number
])
def test_numbers_and_words_that_say_something_are_not_formatting(text):
    assert masked(text) == []


def test_a_formatting_token_shows_the_word_it_stands_for():
    from halluseq.markup import lenders

    text = "1. It is tall [1] here.\n- It opened in 1889 [2]\n[3]"
    words = split_words(text)
    shown = lenders(text, words, markup_mask(text, words))
    # "1." and "-" show the next word of their line; "[1]", "[2]" and "[3]" (alone on its line) the word before
    assert [words[j].text for j in shown] == ["It", "It", "is", "tall", "tall", "here.", "It", "It", "opened", "in",
                                              "1889", "1889", "1889"]
    assert lenders("[4] Paris.", split_words("[4] Paris."), markup_mask("[4] Paris.", split_words("[4] Paris."))
                   ).tolist() == [1, 1]  # nothing before: the word after
