"""The rule-based sentence splitter (SPEC 2.2) and word -> sentence mapping."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from halluseq.data.sentences import sentence_index, split_sentences


def _texts(text):
    return [text[s:e] for s, e in split_sentences(text)]


def test_no_break_after_xx_abbreviation():
    text = "Mr. Smith went to Washington. He arrived at 5 p.m. on Monday! Really?"
    sentences = _texts(text)
    assert sentences[0] == "Mr. Smith went to Washington."
    assert sentences[1].startswith("He arrived at 5 p.m.")
    assert sentences[-2].endswith("on Monday!")
    assert sentences[-1] == "Really?"
    assert not any(s == "Mr." for s in sentences)


def test_no_break_after_dr_and_single_capitals():
    assert _texts("Dr. Who met J. K. Rowling. She smiled.") == ["Dr. Who met J. K. Rowling.", "She smiled."]
    assert _texts("It was (A. Lincoln) again. Yes.") == ["It was (A. Lincoln) again.", "Yes."]


def test_no_break_after_single_digit():
    assert _texts("1. First item. 2. Second item.") == ["1. First item.", "2. Second item."]
    # more than one digit: a break
    assert _texts("In 1999. Then more.") == ["In 1999.", "Then more."]


def test_breaks_at_runs_of_end_punctuation_and_not_inside_numbers():
    assert _texts("Wait... what?! Fine.") == ["Wait...", "what?!", "Fine."]
    assert _texts("Version 3.5 is out. Get it") == ["Version 3.5 is out.", "Get it"]


def test_breaks_at_newline_runs():
    assert _texts("Title\n\n\nBody text here.\nNext line") == ["Title", "Body text here.", "Next line"]
    assert _texts("a\nb") == ["a", "b"]


def test_breaks_at_html_block_tags_only():
    assert _texts("<ul><li>Revenue: $4.2 billion</li><li>Net income: $610 million</li></ul>") == [
        "<ul>", "<li>", "Revenue: $4.2 billion", "</li>", "<li>", "Net income: $610 million", "</li>", "</ul>"]
    assert _texts("<p>It rose <b>8%</b> to $4.2 billion.<br>It fell in 2019.</p>") == [
        "<p>", "It rose <b>8%</b> to $4.2 billion.", "<br>", "It fell in 2019.", "</p>"]
    assert _texts("a < b and b > c") == ["a < b and b > c"]
    assert _texts('<p class="lead">One</p><div id=main>Two <span class="x">three</span></div>') == [
        '<p class="lead">', "One", "</p>", "<div id=main>", 'Two <span class="x">three</span>', "</div>"]


def test_offsets_are_stripped_ranges():
    text = "  One two.   Three four!  "
    assert split_sentences(text) == [(2, 10), (13, 24)]


def test_empty_and_blank_text():
    assert split_sentences("") == []
    assert split_sentences("  \n\n ") == []
    assert split_sentences("no end") == [(0, 6)]


@given(st.text(alphabet=".!?\n \tAa1(", max_size=60))
def test_every_non_whitespace_character_is_in_exactly_one_sentence(text):
    sentences = split_sentences(text)
    counts = [0] * len(text)
    previous_end = 0
    for start, end in sentences:
        assert previous_end <= start < end <= len(text)
        assert not text[start].isspace() and not text[end - 1].isspace()
        previous_end = end
        for i in range(start, end):
            counts[i] += 1
    for i, char in enumerate(text):
        if not char.isspace():
            assert counts[i] == 1, (text, i, sentences)


def test_sentence_index_by_midpoint():
    text = "Ab cd. Ef gh."
    sentences = split_sentences(text)
    assert sentences == [(0, 6), (7, 13)]
    offsets = np.array([(0, 2), (3, 6), (7, 9), (10, 13), (6, 7)])
    # the last "word" is the space between sentences (midpoint 6.5): outside every sentence
    assert sentence_index(offsets, sentences).tolist() == [0, 0, 1, 1, -1]
    assert sentence_index(offsets, []).tolist() == [-1] * 5


def _reference_split(text):
    """The splitter's rule with the abbreviation check over the whole prefix (the quadratic original)."""
    import re

    from halluseq.data import sentences as module

    cuts = {0, len(text)}
    for match in module._END.finditer(text):
        if match.group() == "." and module._NO_BREAK_BEFORE_PERIOD.search(text[:match.start()]):
            continue
        cuts.add(match.end())
    cuts.update(m.end() for m in re.finditer(r"\n+", text))
    bounds = sorted(cuts)
    return [(s + len(text[s:e]) - len(text[s:e].lstrip()), s + len(text[s:e].rstrip()))
            for s, e in zip(bounds, bounds[1:], strict=False) if text[s:e].strip()]


@given(st.text(alphabet=".!?\n (Aa1Bb", max_size=40))
def test_the_windowed_abbreviation_check_equals_the_whole_prefix_check(text):
    assert split_sentences(text) == _reference_split(text)


@given(st.text(alphabet=". Ab\n", max_size=50), st.lists(st.tuples(st.integers(0, 50), st.integers(0, 4)), max_size=30))
def test_sentence_index_equals_the_pairwise_rule(text, spans):
    sentences = split_sentences(text)
    offsets = np.array([(s, s + n) for s, n in spans], dtype=np.int64).reshape(-1, 2)
    expected = []
    for start, end in offsets:
        mid = (start + end) / 2
        inside = [i for i, (a, b) in enumerate(sentences) if a <= mid < b]
        expected.append(inside[0] if inside else -1)
    assert sentence_index(offsets, sentences).tolist() == expected
