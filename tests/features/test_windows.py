"""Bounded cost for long answers: windows of the answer for the neural families, exact within each window."""

from __future__ import annotations

import numpy as np
import pytest

from halluseq.data.example import Example
from halluseq.detector import Detector
from halluseq.features import FeaturePipeline
from halluseq.features.windows import join_windows, split_long, window_bounds

CONTEXT = "The Eiffel Tower is 330 metres tall. It was completed in 1889 in Paris. Gustave Eiffel built it."


def answer_of(sentences: int, words_per_sentence: int = 6) -> str:
    return " ".join(" ".join(f"w{s}_{i}" for i in range(words_per_sentence)) + "." for s in range(sentences))


def example(answer: str) -> Example:
    return Example(id="a", context=CONTEXT, answer=answer)


def test_short_answers_are_one_window():
    assert window_bounds(example(answer_of(3)), budget=18) == [(0, 18)]


def test_long_answers_are_cut_at_sentence_ends_within_the_budget():
    bounds = window_bounds(example(answer_of(10)), budget=20)  # 60 words, sentences of 6
    assert bounds == [(0, 18), (18, 36), (36, 54), (54, 60)]
    one_sentence = example(" ".join(f"w{i}" for i in range(45)) + ".")
    assert window_bounds(one_sentence, budget=20) == [(0, 20), (20, 40), (40, 45)]  # no sentence end: hard cuts


def test_windows_keep_every_word_and_join_back_in_order():
    long, short = example(answer_of(10)), example("A short answer.")
    pieces, rows = split_long([short, long, short], budget=20)
    assert rows == [[0], [1, 2, 3, 4], [5]] and pieces[0] is short
    words = [w.text for i in rows[1] for w in pieces[i].words]
    assert words == [w.text for w in long.words]
    assert all(pieces[i].context == CONTEXT and pieces[i].n_words <= 20 for i in rows[1])
    matrices = [np.full((p.n_words, 1), i, dtype=np.float32) for i, p in enumerate(pieces)]
    joined = join_windows(matrices, rows)
    assert [len(m) for m in joined] == [short.n_words, long.n_words, short.n_words]
    assert joined[1][:, 0].tolist() == [1] * 18 + [2] * 18 + [3] * 18 + [4] * 6


@pytest.fixture(scope="module")
def support_pipeline():
    return lambda budget: FeaturePipeline.from_config(
        {"families": ["text", {"name": "support"}], "temporal": None, "answer_budget": budget})


def test_neural_families_score_each_window_as_an_answer_and_text_sees_the_whole(support_pipeline):
    long = example("The tower is 330 metres tall. " * 4 + "It was built in 1925 in Lyon by a bank. " * 3)
    windowed = support_pipeline(20).transform([long], progress=False)[0]
    whole = support_pipeline(10_000).transform([long], progress=False)[0]
    assert windowed.shape == whole.shape
    text_columns = slice(0, 20)
    np.testing.assert_array_equal(windowed[:, text_columns], whole[:, text_columns])  # text: never windowed
    pieces, rows = split_long([long], 20)
    alone = np.concatenate(support_pipeline(10_000).transform(pieces, progress=False), axis=0)
    np.testing.assert_allclose(windowed[:, 20:], alone[:, 20:], rtol=0, atol=1e-6)  # exact within each window
    assert not np.allclose(windowed[:, 20:], whole[:, 20:])  # and the windows did change what support saw
    assert support_pipeline(20).to_config()["answer_budget"] == 20
    with pytest.raises(ValueError, match="answer_budget"):
        support_pipeline(0)


def test_the_full_detector_notes_windowed_scoring_in_its_result():
    detector = Detector.from_pretrained("full")
    detector.pipeline.answer_budget = 12
    answer = "The tower is 330 metres tall. It was completed in 1925 in Lyon. Gustave Eiffel built it in Paris."
    result = detector.predict(CONTEXT, answer)
    assert len(result.words) == len(answer.split()) and result.status == "ok"
    assert result.notes == [f"answer of {len(answer.split())} words is over the 12-word budget: "
                            "nli, support scored it in 3 windows (exact within each)"]
    assert Detector.from_pretrained("default").predict(CONTEXT, answer * 3).notes == []  # no neural family
