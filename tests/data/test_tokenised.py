"""Words a tokeniser split ("10, 000", "98. 7", "did n't") or escaped ("surrey\\'s") are read whole, offsets kept."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from halluseq.data import Example
from halluseq.data.sentences import split_sentences
from halluseq.data.tokenised import rejoin
from halluseq.data.words import labels_from_spans, split_words

SPLIT_ESCAPE = re.compile(r"(?<!\\)\\(?=['\"])")  # a backslash escaping a quote: read without it


@pytest.mark.parametrize(("text", "read"), [
    ("over $ 36, 000-a-week. Next", "over $ 36,000-a-week.  Next"),
    ("in 98. 7 per cent", "in 98.7  per cent"),
    ("of 1, 250, 000 people", "of 1,250,000   people"),
    ("a magnitude-7. 5 quake", "a magnitude-7.5  quake"),
    ("ends at 12. 5", "ends at 12.5 "),
    ("the ailment did n't keep him", "the ailment didn't  keep him"),
    ("ca n't and wo n't", "can't  and won't "),
    ("at sydney 's martin place , they 're", "at sydney's  martin place , they're "),
    ("yorkshire\\'s hopes, surrey\\'s bowlers", "yorkshire's  hopes, surrey's  bowlers"),
    ('he said \\"yes\\" then', 'he said "yes"   then'),
    ("a 36, 000\\'s gain", "a 36,000's   gain"),
    ("a 1, 000 's worth", "a 1,000's   worth"),  # a clitic after a rejoined number joins it too
])
def test_split_numbers_are_written_whole_and_keep_the_length(text, read):
    assert rejoin(text) == read
    assert len(rejoin(text)) == len(text)


@pytest.mark.parametrize("text", [
    "2. 50-50 Draw: buy a ticket",  # a numbered list item opening the text
    "Steps:\n  3. 4 cups of flour",  # ... or a line
    "It opened in 2015. 2016 was quieter.",  # a year ends a sentence
    "scores of 1, 2, 3 and 12, 34",  # a list of small numbers
    "He bought 10,000 shares.",  # written whole already
    "the word 'sorry', rock 'n' roll, the '90s",  # quotes, no clitics
])
def test_what_is_no_split_number_stays_as_it_is(text):
    assert rejoin(text) is text or rejoin(text) == text


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


@given(st.text(alphabet="0123456789,. \nab-'nts\\\"", max_size=60))
def test_rejoining_keeps_length_and_every_character_but_spaces_in_order(text):
    read = rejoin(text)
    assert len(read) == len(text)
    assert read.replace(" ", "") == SPLIT_ESCAPE.sub("", text).replace(" ", "")
    assert rejoin(read) == read
    words = split_words(text)
    assert all(a.end <= b.start for a, b in zip(words, words[1:], strict=False))
    assert "".join(w.text for w in words) == "".join(SPLIT_ESCAPE.sub("", text).split())
    assert all(w.text == "".join(SPLIT_ESCAPE.sub("", text[w.start:w.end]).split()) for w in words)
    covered = sorted(i for start, end in split_sentences(text) for i in range(start, end) if not text[i].isspace())
    assert covered == [i for i, c in enumerate(text) if not c.isspace()]  # every character in one sentence


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


def test_an_answer_with_a_split_contraction_scores_as_written_whole(default_detector):
    context = "King was hospitalized for dehydration, though the ailment didn't keep him out for long."
    split = default_detector.predict(context, "King was hospitalized, though the ailment did n't keep him out.")
    whole = default_detector.predict(context, "King was hospitalized, though the ailment didn't keep him out.")
    assert [w.prob for w in split.words] == pytest.approx([w.prob for w in whole.words], abs=1e-6)
    assert "did n't" in [w.text for w in split.words]
