"""Words with offsets and the word <-> span label rules (SPEC 1.2)."""

from __future__ import annotations

import itertools

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from halluseq.data.words import Span, Word, labels_from_spans, spans_from_labels, split_words


def test_split_words_keeps_offsets_and_attached_punctuation():
    text = "  Hello,  world!\nfoo\t(bar)  "
    words = split_words(text)
    assert words == [Word("Hello,", 2, 8), Word("world!", 10, 16), Word("foo", 17, 20), Word("(bar)", 21, 26)]
    for word in words:
        assert text[word.start:word.end] == word.text


def test_html_tags_are_no_part_of_a_word():
    text = ("<ul><li>Revenue: <b>$4.2</b> billion</li><li>Net</li></ul> a < b, x<3 <br/> "
            "<a href=\"https://x.org/a b\" target='_blank'>report</a> if x<y and y>z")
    assert [(w.text, text[w.start:w.end]) for w in split_words(text)] == [
        ("Revenue:", "Revenue:"), ("$4.2", "$4.2"), ("billion", "billion"), ("Net", "Net"), ("a", "a"), ("<", "<"),
        ("b,", "b,"), ("x<3", "x<3"), ("report", "report"), ("if", "if"), ("x<y", "x<y"), ("and", "and"),
        ("y>z", "y>z")]


def test_split_words_of_empty_and_blank_text():
    assert split_words("") == []
    assert split_words(" \n\t ") == []


def _labels(text, spans):
    return labels_from_spans(split_words(text), spans).tolist()


def test_exactly_half_overlap_is_not_hallucinated():
    # "abcd" (4 chars): 2 covered is exactly half -> 0; 3 covered -> 1
    assert _labels("abcd", [(0, 2)]) == [0]
    assert _labels("abcd", [(2, 4)]) == [0]
    assert _labels("abcd", [(0, 3)]) == [1]
    assert _labels("abcd", [(1, 4)]) == [1]


def test_more_than_half_rule_on_odd_length_word():
    # "abcde" (5 chars): 2 covered -> 0, 3 covered -> 1
    assert _labels("x abcde", [(2, 4)]) == [0, 0]
    assert _labels("x abcde", [(2, 5)]) == [0, 1]
    assert _labels("x abcde", [(4, 7)]) == [0, 1]


def test_span_reaching_into_neighbouring_words_at_boundaries():
    # words: "The"(0,3) "cat"(4,7) "sat"(8,11); span "he ca" covers 2/3 of The, 2/3 of cat
    assert _labels("The cat sat", [(1, 6)]) == [1, 1, 0]
    # span "e c" covers 1/3 of each: nothing
    assert _labels("The cat sat", [(2, 5)]) == [0, 0, 0]
    # span covering the whitespace only labels nothing
    assert _labels("The cat sat", [(3, 4)]) == [0, 0, 0]


def test_rule_is_per_single_span_not_the_union():
    # "abcd" fully covered by two spans of 2 chars each: each is exactly half -> 0
    assert _labels("abcd", [(0, 2), (2, 4)]) == [0]
    # "abcdef" covered 2 + 2 by two spans (union 4/6 > half), each single span 2/6 -> 0
    assert _labels("abcdef", [(0, 2), (3, 5)]) == [0]


def test_empty_spans_and_no_spans():
    assert _labels("a b", []) == [0, 0]
    assert _labels("a b", [(1, 1)]) == [0, 0]
    labels = labels_from_spans([], [(0, 3)])
    assert labels.shape == (0,)


def test_labels_dtype_is_int8():
    labels = labels_from_spans(split_words("one two"), [Span(0, 3, "x")])
    assert labels.dtype == np.int8
    assert labels.tolist() == [1, 0]


def test_spans_from_labels_gives_maximal_runs():
    text = "a bb ccc dd e"
    words = split_words(text)
    assert spans_from_labels(words, [1, 1, 0, 1, 0]) == [Span(0, 4), Span(9, 11)]
    assert spans_from_labels(words, [0, 0, 0, 0, 1]) == [Span(12, 13)]
    assert spans_from_labels(words, [1, 1, 1, 1, 1]) == [Span(0, 13)]
    assert spans_from_labels(words, np.zeros(5, dtype=np.int8)) == []
    assert spans_from_labels([], []) == []


# ---- properties -----------------------------------------------------------------------------------------

_text = st.text(alphabet="ab. \n\t", max_size=40)


@st.composite
def _text_and_spans(draw):
    text = draw(_text)
    n = len(text)
    bounds = st.integers(0, n)
    pairs = draw(st.lists(st.tuples(bounds, bounds), max_size=5))
    return text, [(min(a, b), max(a, b)) for a, b in pairs]


@given(_text_and_spans())
def test_labels_cover_exactly_the_words(case):
    text, spans = case
    words = split_words(text)
    labels = labels_from_spans(words, spans)
    assert labels.shape == (len(words),)
    assert set(labels.tolist()) <= {0, 1}
    for word, label in zip(words, labels, strict=True):
        best = max((min(word.end, e) - max(word.start, s) for s, e in spans), default=0)
        assert label == int(2 * best > word.end - word.start)


@st.composite
def _words_and_labels(draw):
    words = draw(st.lists(st.text(alphabet="xyz.,!", min_size=1, max_size=6), min_size=1, max_size=12))
    gaps = draw(st.lists(st.sampled_from([" ", "  ", "\n", " \t"]), min_size=len(words) + 1,
                         max_size=len(words) + 1))
    text = gaps[0] + "".join(w + g for w, g in zip(words, gaps[1:], strict=True))
    labels = draw(st.lists(st.booleans(), min_size=len(words), max_size=len(words)))
    return text, labels


@given(_words_and_labels())
def test_word_aligned_spans_round_trip(case):
    text, flags = case
    words = split_words(text)
    assert len(words) == len(flags)
    # maximal runs of flagged words -> word-aligned spans separated by >= 1 unlabelled word
    spans, index = [], 0
    for flag, run in itertools.groupby(flags):
        length = len(list(run))
        if flag:
            spans.append(Span(words[index].start, words[index + length - 1].end))
        index += length
    labels = labels_from_spans(words, spans)
    assert labels.tolist() == [int(f) for f in flags]
    assert spans_from_labels(words, labels) == spans


@given(_words_and_labels(), st.data())
def test_span_covering_a_whole_word_labels_it(case, data):
    text, _ = case
    words = split_words(text)
    i = data.draw(st.integers(0, len(words) - 1))
    start = data.draw(st.integers(0, words[i].start))
    end = data.draw(st.integers(words[i].end, len(text)))
    assert labels_from_spans(words, [(start, end)])[i] == 1
