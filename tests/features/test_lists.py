"""List items: a noun the context lacks, joined as an item to a list item the context holds."""

from __future__ import annotations

import numpy as np
import pytest

from halluseq.features.base import build
from halluseq.features.lists import COLUMNS, ListFeatures, is_noun

CONTEXT = ("Yellowstone covers parts of Wyoming, Montana and Idaho. It is home to grizzly bears, wolves and bison. "
           "Common side effects include nausea and diarrhoea. The water is heated before use.")


def _marked(make_example, answer: str, context: str = CONTEXT) -> list[str]:
    """The answer words marked ``novel_list_item``."""
    example = make_example(answer, context)
    [matrix] = ListFeatures().extract([example])
    assert matrix.shape == (len(example.words), len(COLUMNS)) and matrix.dtype == np.float32
    return [w.text for w, row in zip(example.words, matrix, strict=True) if row[0]]


def test_registered_with_one_column(make_example):
    assert isinstance(build("lists"), ListFeatures) and build("lists").columns == COLUMNS
    assert _marked(make_example, "") == []


@pytest.mark.parametrize(("answer", "added"), [
    ("Yellowstone covers parts of Wyoming, Montana, Idaho and Utah.", "Utah."),  # after "and"
    ("It is home to grizzly bears, wolves, elk and bison.", "elk"),  # across commas and before "and"
    ("It is home to grizzly bears, wolves, bison and moose.", "moose."),
    ("Side effects include nausea, diarrhoea or headaches.", "headaches."),  # "or"; three WordNet levels up
    ("Yellowstone covers parts of Wyoming and Utah, where bison live.", "Utah,"),  # one held item is enough
])
def test_an_added_item_of_a_held_list_is_marked(make_example, answer: str, added: str):
    assert _marked(make_example, answer) == [added]


@pytest.mark.parametrize("answer", [
    "Yellowstone covers parts of Wyoming, Montana and Idaho.",  # the context's own list
    "It is home to bears, wolves and bison.",  # "bears" in another form
    "The water is heated and cooled before use.",  # verbs: no list of things
    "It is home to grizzly bears and a museum.",  # not siblings
    "It is home to wolves and hikers, according to rangers.",  # not siblings; "according" no noun
])
def test_other_words_are_not_marked(make_example, answer: str):
    assert _marked(make_example, answer) == []


@pytest.mark.parametrize(("word", "expected"), [
    ("nutrients", True), ("wolves", True), ("moose", True), ("according", False), ("used", False),
    ("heated", False), ("quickly", False), ("the", False), ("3", False),
])
def test_nouns_as_written(word: str, expected: bool):
    assert is_noun(word) is expected
