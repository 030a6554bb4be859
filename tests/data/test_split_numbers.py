"""Numbers a tokeniser split ("10, 000", "98. 7") are read whole, offsets kept."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from halluseq.data import Example
from halluseq.data.sentences import split_sentences
from halluseq.data.split_numbers import rejoin_numbers
from halluseq.data.words import labels_from_spans, split_words


@pytest.mark.parametrize(("text", "read"), [
    ("over $ 36, 000-a-week. Next", "over $ 36,000-a-week.  Next"),
    ("in 98. 7 per cent", "in 98.7  per cent"),
    ("of 1, 250, 000 people", "of 1,250,000   people"),
    ("a magnitude-7. 5 quake", "a magnitude-7.5  quake"),
    ("ends at 12. 5", "ends at 12.5 "),
])
def test_split_numbers_are_written_whole_and_keep_the_length(text, read):
    assert rejoin_numbers(text) == read
    assert len(rejoin_numbers(text)) == len(text)


@pytest.mark.parametrize("text", [
    "2. 50-50 Draw: buy a ticket",  # a numbered list item opening the text
    "Steps:\n  3. 4 cups of flour",  # ... or a line
    "It opened in 2015. 2016 was quieter.",  # a year ends a sentence
    "scores of 1, 2, 3 and 12, 34",  # a list of small numbers
    "He bought 10,000 shares.",  # written whole already
])
def test_what_is_no_split_number_stays_as_it_is(text):
    assert rejoin_numbers(text) is text or rejoin_numbers(text) == text


def test_a_split_number_is_one_word_with_the_offsets_of_the_text_as_written():
    text = "It cost $ 36, 000-a-week in 98. 7 per cent of cases."
    words = split_words(text)
    assert [w.text for w in words] == ["It", "cost", "$", "36,000-a-week", "in", "98.7", "per", "cent", "of", "cases."]
    assert [text[w.start:w.end] for w in words][3:6] == ["36, 000-a-week", "in", "98. 7"]
    number = text.index("36")
    labels = labels_from_spans(words, [(number, number + len("36, 000-a-"))])  # more than half of it
    assert labels.tolist() == [0, 0, 0, 1, 0, 0, 0, 0, 0, 0]


def test_a_split_decimal_ends_no_sentence_and_a_rejoined_word_ends_where_it_is_written():
    text = "It cost $ 36, 000-a-week. In 98. 7 per cent of cases. Done."
    assert [text[a:b] for a, b in split_sentences(text)] == [
        "It cost $ 36, 000-a-week.", "In 98. 7 per cent of cases.", "Done."]


def test_an_example_keeps_its_context_rejoined_at_the_same_length():
    context = "The victims were conned out of over £ 36, 000 in 98. 7 per cent of cases."
    example = Example(id="x", context=context, answer="They lost £36,000.")
    assert example.context == "The victims were conned out of over £ 36,000  in 98.7  per cent of cases."
    assert len(example.context) == len(context)
    assert Example(id="y", context=example.context, answer="a").context == example.context  # idempotent


@given(st.text(alphabet="0123456789,. \nab-", max_size=60))
def test_rejoining_keeps_length_and_every_character_but_spaces_in_order(text):
    read = rejoin_numbers(text)
    assert len(read) == len(text)
    assert read.replace(" ", "") == text.replace(" ", "")
    assert rejoin_numbers(read) == read
    words = split_words(text)
    assert all(a.end <= b.start for a, b in zip(words, words[1:], strict=False))
    assert "".join(w.text for w in words) == "".join(text.split())
    assert all(w.text == "".join(text[w.start:w.end].split()) for w in words)


@pytest.fixture(scope="module")
def default_detector():
    from halluseq.detector import Detector

    return Detector.from_pretrained("default")


def test_the_detector_reads_a_split_number_as_the_number_written_whole(default_detector):
    answer = "The victims were conned out of over £36,000 over the telephone."
    split = default_detector.predict("The victims were conned out of over £ 36, 000 over the telephone.", answer)
    whole = default_detector.predict("The victims were conned out of over £ 36,000 over the telephone.", answer)
    assert [w.prob for w in split.words] == pytest.approx([w.prob for w in whole.words], abs=1e-6)
    assert split.hallucinated == whole.hallucinated


def test_an_answer_with_a_split_number_scores_as_written_whole_and_shows_it_as_written(default_detector):
    context = "Dogs found the cancer in 98.7 per cent of cases, against 72.5 per cent for the blood test."
    split = default_detector.predict(context, "Dogs found the cancer in 98. 7 per cent of cases.")
    whole = default_detector.predict(context, "Dogs found the cancer in 98.7 per cent of cases.")
    assert [w.prob for w in split.words] == pytest.approx([w.prob for w in whole.words], abs=1e-6)
    number = next(w for w in split.words if w.text.startswith("98"))
    assert number.text == "98. 7" and split.answer[number.start:number.end] == "98. 7"
