"""Word forms: a word the context lacks as written but holds inflected or derived."""

from __future__ import annotations

import numpy as np
import pytest

from halluseq.features.base import build
from halluseq.features.forms import COLUMNS, FormFeatures, derived

CONTEXT = ("Markets in Asia fell sharply as prices rose. The chief executive of Canada's largest bank resigned. "
           "Europe reported four cases.")


def _forms(make_example, answer: str, context: str = CONTEXT) -> dict[str, list[float]]:
    """The answer words with a column set, and their two values."""
    example = make_example(answer, context)
    [matrix] = FormFeatures().extract([example])
    assert matrix.shape == (len(example.words), len(COLUMNS)) and matrix.dtype == np.float32
    return {w.text: row.tolist() for w, row in zip(example.words, matrix, strict=True) if row.any()}


def test_registered_with_two_columns(make_example):
    assert isinstance(build("forms"), FormFeatures) and build("forms").columns == COLUMNS
    assert _forms(make_example, "") == {}


def test_inflected_and_derived_words_are_found(make_example):
    found = _forms(make_example, "Asian markets fell as the price rise hit Canadian banks.")
    assert found == {"Asian": [0.0, 1.0], "price": [1.0, 1.0], "rise": [1.0, 0.0], "Canadian": [0.0, 1.0],
                     "banks.": [1.0, 1.0]}


def test_words_as_written_new_words_numbers_and_stop_words_are_not_marked(make_example):
    # "Markets", "fell" as written; "Japanese" and "banana" new; "4" a number; "the" a stop word
    assert _forms(make_example, "Markets fell in the Japanese banana market by 4.") == {"market": [1.0, 1.0]}


@pytest.mark.parametrize(("a", "b", "expected"), [
    ("asia", "asian", True), ("europe", "european", True), ("severe", "severely", True),
    ("canada", "canadian", True), ("geography", "geographical", True),
    ("four", "fourth", False), ("seven", "seventh", False),  # another number
    ("threat", "three", False), ("change", "chance", False), ("brink", "bring", False),  # four letters shared only
    ("increase", "decrease", False), ("general", "generation", False),
])
def test_derived_words(a, b, expected):
    assert derived(a, b) is expected and derived(b, a) is expected
