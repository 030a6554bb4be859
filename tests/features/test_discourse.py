"""Discourse features: courtesies, references to the sources and list labels, on hand-made answers."""

from __future__ import annotations

import numpy as np
import pytest

from halluseq.features.base import build
from halluseq.features.discourse import COLUMNS, DiscourseFeatures, label_ranges

CONTEXT = "The Eiffel Tower is 330 metres tall and was completed in 1889 in Paris."


def _flags(make_example, answer: str, column: str, context: str = CONTEXT) -> list[str]:
    """The answer words whose ``column`` is set."""
    example = make_example(answer, context)
    [matrix] = DiscourseFeatures().extract([example])
    assert matrix.shape == (len(example.words), len(COLUMNS)) and matrix.dtype == np.float32
    j = COLUMNS.index(column)
    return [w.text for w, row in zip(example.words, matrix, strict=True) if row[j]]


def test_registered_and_columns():
    extractor = build("discourse")
    assert isinstance(extractor, DiscourseFeatures) and extractor.columns == COLUMNS


def test_a_plain_claim_sets_nothing(make_example):
    example = make_example("The Eiffel Tower, finished in 1925, is 330 metres tall.", CONTEXT)
    [matrix] = DiscourseFeatures().extract([example])
    assert not matrix.any()


def test_courtesies_speak_to_the_reader(make_example):
    answer = "The tower is 330 metres tall. I hope this helps! Let me know if you have other questions."
    assert _flags(make_example, answer, "courtesy") == [
        "I", "hope", "this", "helps!", "Let", "me", "know", "if", "you", "have", "other", "questions."]


def test_a_short_sentence_can_be_a_courtesy_alone(make_example):
    assert _flags(make_example, "Great question! It is in Paris.", "courtesy") == ["Great", "question!"]
    assert _flags(make_example, "Sure! Thanks for asking, it is in Paris.", "courtesy") == [
        "Sure!", "Thanks", "for", "asking,"]
    # the answer to a yes-no question is a claim
    assert _flags(make_example, "Yes. It is in Paris.", "courtesy") == []
    # a courtesy word in a longer claim that does not speak to the reader is a word like any other
    assert _flags(make_example, "Entry to the great tower is free for children.", "courtesy") == []


def test_first_person_claims_are_not_courtesies(make_example):
    assert _flags(make_example, "I know they are a hard rock band from Paris.", "courtesy") == []
    assert _flags(make_example, "I really enjoy Elvis, I feel happy.", "courtesy") == []
    assert _flags(make_example, "You can see it from 50 km away.", "courtesy") == []


def test_second_person_in_the_context_is_not_a_reader_cue(make_example):
    context = "To reach the top, you climb 674 steps. We hope you enjoy the view."
    assert _flags(make_example, "You will enjoy the view.", "courtesy", context) == []
    assert _flags(make_example, "I hope you enjoy the view.", "courtesy", context) == [
        "I", "hope", "you", "enjoy", "the", "view."]


def test_a_question_to_the_reader_is_a_courtesy(make_example):
    answer = "The tower is 330 metres tall. Would you like to know more about its history?"
    assert _flags(make_example, answer, "courtesy") == ["Would", "you", "like", "to", "know", "more", "about", "its",
                                                        "history?"]
    assert _flags(make_example, "Did you already send the item back? Refunds take a week.", "courtesy") == [
        "Did", "you", "already", "send", "the", "item", "back?"]
    # a claim put as a question, a question without the reader, a second-person word the context uses: no courtesy
    for answer in ("Did you know it was completed in 1925?", "Was it completed in 1889?",
                   "Would you like to know more about its history.",
                   # a name, a number or a claim put as a question inside it, a question mark of a quoted title
                   "Would you like to know more about its designer, Gustave Flaubert?",
                   "Shall I tell you how it was built for the Olympics?", "So, did you know it was finished in 1899?",
                   "Would you like to know why it has three floors?", 'The film is titled "Where Are You Going?"'):
        assert _flags(make_example, answer, "courtesy") == [], answer
    assert _flags(make_example, "Can you visit it at night?", "courtesy", "You can visit it at night.") == []


@pytest.mark.parametrize(("answer", "marked"), [
    ("In short, the tower is tall.", ["In", "short,"]),
    ("The tower is tall. Good luck!", ["Good", "luck!"]),
    ("The tower is tall. Have a great day!", ["Have", "a", "great", "day!"]),
    ("The tower is tall. Enjoy your stay in Paris!", ["Enjoy", "your", "stay", "in", "Paris!"]),
    ("It opened in 1889, if I remember correctly.", ["if", "I", "remember", "correctly."]),
    ("As an AI language model, I cannot give medical advice.", ["As", "an", "AI", "language", "model,", "I",
                                                                "cannot", "give", "medical", "advice."]),
    ("Please consult a doctor if you are unsure.", ["Please", "consult", "a", "doctor", "if", "you", "are",
                                                    "unsure."]),
    # a formula's words in a claim, a closing with a claim, a formula with a number: no courtesy
    ("The traps have a narrow slit as the only entrance.", []),
    ("Enjoy the free entry to the tower on Sundays in winter.", []),
    ("Please consult the 330 metre plan.", []),
    ("Have three tablets a day.", []),  # a number, and no closing wish
    ("I can't give refunds after ninety days.", []),
    ("Consult a doctor if it lasts over three weeks.", []),
])
def test_formulas_of_chat_answers_are_courtesies(make_example, answer, marked):
    assert _flags(make_example, answer, "courtesy") == marked


def test_a_reference_alone_is_a_label_and_a_list_marker_opens_its_clause(make_example):
    answer = "Sources:\n- Passage 1\n\nThe tower was completed in 1889."
    assert _flags(make_example, answer, "label") == ["Sources:", "-", "Passage", "1"]
    assert _flags(make_example, answer, "source_clause") == ["Sources:", "-", "Passage", "1"]
    # a short clause naming the sources without a number is no reference alone: "Documents were destroyed."
    assert _flags(make_example, "Documents were destroyed.", "label") == []
    # a dash inside a line still ends a clause: "Passage 2 - the tower ..." names the sources in its first clause only
    assert _flags(make_example, "Passage 2 - the tower was completed in 1889.", "source_clause") == [
        "Passage", "2", "-"]


def test_source_references_mark_their_clause_only(make_example):
    answer = "Based on the provided context, the Eiffel Tower is 330 metres tall."
    assert _flags(make_example, answer, "source_clause") == ["Based", "on", "the", "provided", "context,"]
    abstention = "The passages do not mention who paid for it."
    assert len(_flags(make_example, abstention, "source_clause")) == 9
    assert _flags(make_example, "From the information given, it is tall.", "source_clause") == [
        "From", "the", "information", "given,"]
    assert _flags(make_example, "The information was wrong.", "source_clause") == []


def test_labels_of_lists_and_headings(make_example):
    answer = "Here are the key facts:\n- Height: 330 metres\n- **Completed:** 1889\n2. City: Paris"
    assert _flags(make_example, answer, "label") == [
        "Here", "are", "the", "key", "facts:", "-", "Height:", "-", "**Completed:**", "2.", "City:"]


def test_heading_lines_are_labels(make_example):
    answer = ("## Comparison\n\n**Model 3**\n- Range: 272 miles\nThe **Model Y** is larger.\n"
              "# A heading of far more than six words")
    assert _flags(make_example, answer, "label") == ["##", "Comparison", "**Model", "3**", "-", "Range:"]


def test_the_layout_of_markdown_tables_is_a_label(make_example):
    """A table's header row, its delimiter row and the pipes between cells frame the cells, which are claims; a
    header cell of more than six words, a pipe in running text and rows after the table are left alone."""
    answer = ("| Height | Completed |\n|:--|--:|\n| 330 m | 1889 |\n\nIt is in Paris | France.\n\n"
              "Tower | Height\n--- | ---\nEiffel | 330 m\n\n"
              "| The height in metres of the whole tower | Year |\n|---|---|\n| 330 | 1889 |")
    assert _flags(make_example, answer, "label") == [
        "|", "Height", "|", "Completed", "|", "|:--|--:|", "|", "|", "|",
        "Tower", "|", "Height", "---", "|", "---", "|",
        "|---|---|", "|", "|", "|"]


def test_label_ranges_skip_long_lines_and_times():
    text = "Note: it opened at 10:30.\nThe tower that was finished in a hurry in 1889 is tall: 330 metres."
    assert [text[s:e] for s, e in label_ranges(text)] == ["Note:"]
