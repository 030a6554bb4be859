"""Text-statistics features (SPEC 2.1): every column pinned on hand-built examples.

Expected values are worked out by hand from the SPEC 2.1 table and written out literally.
Column order: 0 in_context, 1 is_number, 2 is_capitalized, 3 word_length, 4 position, 5 running_ctx_ratio,
6 running_novel_ratio, 7 is_novel, 8 num_in_context, 9 novel_number, 10 bigram_in_context,
11 trigram_in_context, 12 is_entity, 13 consecutive_novel, 14 sentence_position, 15-17 window_{5,10,20},
18 delta_novel_ratio, 19 delta2_novel_ratio.
"""

from __future__ import annotations

import numpy as np
import pytest
from numpy.testing import assert_allclose

from halluseq.features.text import (
    COLUMNS,
    TextFeatures,
    currency_codes,
    denials,
    grounded,
    is_gerund,
    restated_denials,
    word_key,
)

SPEC_COLUMNS = [
    "in_context", "is_number", "is_capitalized", "word_length", "position",
    "running_ctx_ratio", "running_novel_ratio", "is_novel", "num_in_context", "novel_number",
    "bigram_in_context", "trigram_in_context", "is_entity", "consecutive_novel", "sentence_position",
    "window_5_novelty", "window_10_novelty", "window_20_novelty", "delta_novel_ratio", "delta2_novel_ratio",
]


def _check(matrix: np.ndarray, expected: dict[str, list[float]]) -> None:
    assert set(expected) == set(SPEC_COLUMNS)
    for j, name in enumerate(SPEC_COLUMNS):
        assert_allclose(matrix[:, j], np.array(expected[name], dtype=np.float64), atol=1e-6, rtol=0,
                        err_msg=f"column {j} {name}")


def test_columns():
    extractor = TextFeatures()
    assert extractor.columns == SPEC_COLUMNS == COLUMNS
    assert len(extractor.columns) == 20
    assert extractor.name == "text"


def test_numbers_bigrams_trigrams_entities(make_example):
    # context keys: acme was founded in 1999 by jane doe revenue reached $5,000 in 2001
    # context numbers (regex over raw text): 1999, 5, 000, 2001
    context = "Acme was founded in 1999 by Jane Doe. Revenue reached $5,000 in 2001."
    answer = "Acme was founded in 1999. Jane Doe paid $5,000 and $7 in Paris."
    #         0    1   2       3  4     5    6   7    8      9   10 11 12
    # two sentences: words 0-4 and 5-12
    example = make_example(answer, context)
    [matrix] = TextFeatures().extract([example])
    assert matrix.shape == (13, 20) and matrix.dtype == np.float32

    novel = [0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 1, 0, 1]
    running_novel = [0, 0, 0, 0, 0, 0, 0, 1 / 8, 1 / 9, 2 / 10, 3 / 11, 3 / 12, 4 / 13]
    delta = [0, 0, 0, 0, 0, 0, 0, 1 / 8, 1 / 9 - 1 / 8, 2 / 10 - 1 / 9, 3 / 11 - 2 / 10, 3 / 12 - 3 / 11,
             4 / 13 - 3 / 12]
    expected = {
        "in_context": [1, 1, 1, 1, 1, 1, 1, 0, 1, 0, 0, 1, 0],
        # "1999." and "$5,000" and "$7" are numbers
        "is_number": [0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 0, 0],
        "is_capitalized": [1, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 1],
        "word_length": [4 / 20, 3 / 20, 7 / 20, 2 / 20, 5 / 20, 4 / 20, 3 / 20, 4 / 20, 6 / 20, 3 / 20,
                        2 / 20, 2 / 20, 6 / 20],
        "position": [i / 12 for i in range(13)],
        "running_ctx_ratio": [1, 1, 1, 1, 1, 1, 1, 7 / 8, 8 / 9, 8 / 10, 8 / 11, 9 / 12, 9 / 13],
        "running_novel_ratio": running_novel,
        "is_novel": novel,
        # "1999." contains 1999 (a context number), "$5,000" contains 5 and 000; "$7" does not
        "num_in_context": [0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0],
        "novel_number": [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0],
        # (acme was) (was founded) (founded in) (in 1999) (jane doe)
        "bigram_in_context": [0, 1, 1, 1, 1, 0, 1, 0, 0, 0, 0, 0, 0],
        # (acme was founded) (was founded in) (founded in 1999)
        "trigram_in_context": [0, 0, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0],
        # "Jane" opens sentence 2: not an entity; "Doe" and "Paris." are
        "is_entity": [0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1],
        "consecutive_novel": [0, 0, 0, 0, 0, 0, 0, 0.1, 0, 0.1, 0.2, 0, 0.1],
        "sentence_position": [0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1],
        "window_5_novelty": [0, 0, 0, 0, 0, 0, 0, 1 / 5, 1 / 5, 2 / 5, 3 / 5, 3 / 5, 3 / 5],
        "window_10_novelty": [0, 0, 0, 0, 0, 0, 0, 1 / 8, 1 / 9, 2 / 10, 3 / 10, 3 / 10, 4 / 10],
        "window_20_novelty": running_novel,
        "delta_novel_ratio": delta,
        "delta2_novel_ratio": [0, 0, 0, 0, 0, 0, 0, 1 / 8, (1 / 9 - 1 / 8) - 1 / 8,
                               (2 / 10 - 1 / 9) - (1 / 9 - 1 / 8), (3 / 11 - 2 / 10) - (2 / 10 - 1 / 9),
                               (3 / 12 - 3 / 11) - (3 / 11 - 2 / 10), (4 / 13 - 3 / 12) - (3 / 12 - 3 / 11)],
    }
    _check(matrix, expected)


def test_long_novel_run_windows_and_three_sentences(make_example):
    # context keys: alpha met gamma the doctor
    context = "Alpha met Gamma, the doctor."
    answer = "Alpha met Dr. Who. One two three four five six seven eight nine ten eleven. Gamma!"
    #         0     1   2   3    4   5   6     7    8    9   10    11    12   13  14      15
    # sentences: 0-3 ("Dr." does not end one), 4-14, 15
    example = make_example(answer, context)
    [matrix] = TextFeatures().extract([example])
    assert matrix.shape == (16, 20)

    running_novel = [0, 0, 1 / 3, 2 / 4, 3 / 5, 4 / 6, 5 / 7, 6 / 8, 7 / 9, 8 / 10, 9 / 11, 10 / 12, 11 / 13,
                     12 / 14, 13 / 15, 13 / 16]
    delta = [0, 0, 1 / 3, 2 / 4 - 1 / 3, 3 / 5 - 2 / 4, 4 / 6 - 3 / 5, 5 / 7 - 4 / 6, 6 / 8 - 5 / 7,
             7 / 9 - 6 / 8, 8 / 10 - 7 / 9, 9 / 11 - 8 / 10, 10 / 12 - 9 / 11, 11 / 13 - 10 / 12,
             12 / 14 - 11 / 13, 13 / 15 - 12 / 14, 13 / 16 - 13 / 15]
    delta2 = [0, 0,
              1 / 3 - 0,
              (2 / 4 - 1 / 3) - 1 / 3,
              (3 / 5 - 2 / 4) - (2 / 4 - 1 / 3),
              (4 / 6 - 3 / 5) - (3 / 5 - 2 / 4),
              (5 / 7 - 4 / 6) - (4 / 6 - 3 / 5),
              (6 / 8 - 5 / 7) - (5 / 7 - 4 / 6),
              (7 / 9 - 6 / 8) - (6 / 8 - 5 / 7),
              (8 / 10 - 7 / 9) - (7 / 9 - 6 / 8),
              (9 / 11 - 8 / 10) - (8 / 10 - 7 / 9),
              (10 / 12 - 9 / 11) - (9 / 11 - 8 / 10),
              (11 / 13 - 10 / 12) - (10 / 12 - 9 / 11),
              (12 / 14 - 11 / 13) - (11 / 13 - 10 / 12),
              (13 / 15 - 12 / 14) - (12 / 14 - 11 / 13),
              (13 / 16 - 13 / 15) - (13 / 15 - 12 / 14)]
    expected = {
        "in_context": [1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1],
        "is_number": [0] * 16,
        "is_capitalized": [1, 0, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1],
        "word_length": [5 / 20, 3 / 20, 3 / 20, 4 / 20, 3 / 20, 3 / 20, 5 / 20, 4 / 20, 4 / 20, 3 / 20,
                        5 / 20, 5 / 20, 4 / 20, 3 / 20, 7 / 20, 6 / 20],
        "position": [i / 15 for i in range(16)],
        "running_ctx_ratio": [1, 1, 2 / 3, 2 / 4, 2 / 5, 2 / 6, 2 / 7, 2 / 8, 2 / 9, 2 / 10, 2 / 11, 2 / 12,
                              2 / 13, 2 / 14, 2 / 15, 3 / 16],
        "running_novel_ratio": running_novel,
        "is_novel": [0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0],
        "num_in_context": [0] * 16,
        "novel_number": [0] * 16,
        "bigram_in_context": [0, 1] + [0] * 14,
        "trigram_in_context": [0] * 16,
        # "Dr." and "Who." are mid-sentence capitals; "One" and "Gamma!" open sentences
        "is_entity": [0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        # run of 13 novel words (2..14), capped at 1
        "consecutive_novel": [0, 0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1, 1, 1, 1, 0],
        "sentence_position": [0, 0, 0, 0] + [0.5] * 11 + [1],
        "window_5_novelty": [0, 0, 1 / 3, 2 / 4, 3 / 5, 4 / 5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 4 / 5],
        "window_10_novelty": [0, 0, 1 / 3, 2 / 4, 3 / 5, 4 / 6, 5 / 7, 6 / 8, 7 / 9, 8 / 10, 9 / 10, 1, 1, 1,
                              1, 9 / 10],
        "window_20_novelty": running_novel,
        "delta_novel_ratio": delta,
        "delta2_novel_ratio": delta2,
    }
    _check(matrix, expected)


def test_number_forms(make_example):
    # context keys: in 2020 growth was 12.5 percent versus 3.0 before; numbers: 2020, 12.5, 3.0
    context = "In 2020 growth was 12.5 percent versus 3.0 before."
    answer = "Growth hit 12.5% versus 3, in 2020."
    #         0      1   2     3      4  5  6
    example = make_example(answer, context)
    [matrix] = TextFeatures().extract([example])
    assert matrix.shape == (7, 20)
    running_novel = [0, 1 / 2, 2 / 3, 2 / 4, 3 / 5, 3 / 6, 3 / 7]
    delta = [0, 1 / 2, 2 / 3 - 1 / 2, 2 / 4 - 2 / 3, 3 / 5 - 2 / 4, 3 / 6 - 3 / 5, 3 / 7 - 3 / 6]
    expected = {
        # key "12.5%" keeps its % (not stripped): novel although 12.5 is a context number
        "in_context": [1, 0, 0, 1, 0, 1, 1],
        "is_number": [0, 0, 1, 0, 1, 0, 1],
        "is_capitalized": [1, 0, 0, 0, 0, 0, 0],
        "word_length": [6 / 20, 3 / 20, 5 / 20, 6 / 20, 2 / 20, 2 / 20, 5 / 20],
        "position": [0, 1 / 6, 2 / 6, 3 / 6, 4 / 6, 5 / 6, 1],
        "running_ctx_ratio": [1, 1 / 2, 1 / 3, 2 / 4, 2 / 5, 3 / 6, 4 / 7],
        "running_novel_ratio": running_novel,
        "is_novel": [0, 1, 1, 0, 1, 0, 0],
        # "12.5%" -> 12.5 (context), "3," -> 3 (context has 3.0 only), "2020." -> 2020
        "num_in_context": [0, 0, 1, 0, 0, 0, 1],
        "novel_number": [0, 0, 0, 0, 1, 0, 0],
        "bigram_in_context": [0, 0, 0, 0, 0, 0, 1],
        "trigram_in_context": [0] * 7,
        "is_entity": [0] * 7,
        "consecutive_novel": [0, 0.1, 0.2, 0, 0.1, 0, 0],
        "sentence_position": [0] * 7,
        "window_5_novelty": [0, 1 / 2, 2 / 3, 2 / 4, 3 / 5, 3 / 5, 2 / 5],
        "window_10_novelty": running_novel,
        "window_20_novelty": running_novel,
        "delta_novel_ratio": delta,
        "delta2_novel_ratio": [0, 0, (2 / 3 - 1 / 2) - 1 / 2, (2 / 4 - 2 / 3) - (2 / 3 - 1 / 2),
                               (3 / 5 - 2 / 4) - (2 / 4 - 2 / 3), (3 / 6 - 3 / 5) - (3 / 5 - 2 / 4),
                               (3 / 7 - 3 / 6) - (3 / 6 - 3 / 5)],
    }
    _check(matrix, expected)


def test_single_word_answer_with_empty_context(make_example):
    [matrix] = TextFeatures().extract([make_example("Yes", "")])
    expected = {name: [0.0] for name in SPEC_COLUMNS}
    expected.update(is_capitalized=[1], word_length=[3 / 20], running_novel_ratio=[1], is_novel=[1],
                    consecutive_novel=[0.1], window_5_novelty=[1], window_10_novelty=[1],
                    window_20_novelty=[1])
    _check(matrix, expected)


@pytest.mark.parametrize(("word", "number"), [
    ("€5", 1), ("£3.50", 1), ("1/2", 1), ("50%", 1), ("1,000,000", 1), ("...", 0), ("$", 0), ("3)", 0),
    ("1a", 0), ("A1", 0),
])
def test_is_number_rule(make_example, word, number):
    [matrix] = TextFeatures().extract([make_example(f"x {word}", "")])
    assert matrix[1, 1] == number


def test_empty_answer(make_example):
    for answer in ("", "   \n "):
        [matrix] = TextFeatures().extract([make_example(answer, "some context")])
        assert matrix.shape == (0, 20)
        assert matrix.dtype == np.float32


def test_shared_context_gives_same_rows_as_alone(make_example):
    context = "Alpha met Gamma, the doctor."
    examples = [make_example("Alpha met Gamma.", context), make_example("Gamma met nobody.", context)]
    together = TextFeatures().extract(examples)
    alone = [TextFeatures().extract([e])[0] for e in examples]
    for a, b in zip(together, alone, strict=True):
        np.testing.assert_array_equal(a, b)


@pytest.mark.parametrize(("word", "key"), [
    ("Paris.", "paris"), ("**Tower**", "tower"), ("“Eiffel”,", "eiffel"), ("Eiffel's", "eiffel"),
    ("company’s", "company"), ("`predict`", "predict"), ("_word_", "word"), ("«Paris»", "paris"), ("its", "its"),
    ("<i>Eiffel</i>,", "eiffel"), ("billion</b>.</p>", "billion"), ("<br/>", ""), ("a<b", "a<b"), ("x>3", "x>3"),
])
def test_word_key_strips_quotes_markdown_and_possessives(word, key):
    assert word_key(word) == key


def test_markdown_and_possessives_are_not_new_words(make_example):
    context = "The tower was designed by the company of Gustave Eiffel and completed in 1889."
    plain, marked = (make_example(answer, context) for answer in (
        "The tower was designed by Gustave Eiffel and completed in 1889.",
        "The **tower** was designed by “Gustave Eiffel’s” company and completed in **1889**."))
    for matrix in TextFeatures().extract([plain, marked]):
        assert matrix[:, 0].all()  # every word in_context


@pytest.mark.parametrize(("word", "found"), [
    ("m", True), ("330-metre", True), ("wrought-iron", True), ("km", False), ("330-foot", False), ("-", False)])
def test_unit_spellings_and_hyphenated_parts_are_in_the_context(make_example, word, found):
    example = make_example(f"It is {word} tall.", "The tower is 330 metres tall, of wrought iron.")
    [matrix] = TextFeatures().extract([example])
    assert matrix[2, 0] == found  # in_context of the word


def test_ordinals_are_numbers_found_only_as_the_same_ordinal(make_example):
    example = make_example("From the 16th to the 19th century, 3rd. 34st",
                           context="From the 17th century to the 19th century.")
    words = [w.text for w in example.words]
    plain, ordinals = TextFeatures().extract([example])[0], TextFeatures(ordinals=True).extract([example])[0]
    is_number, num_in_context, novel_number = (COLUMNS.index(c)
                                               for c in ("is_number", "num_in_context", "novel_number"))
    at = {word: words.index(word) for word in ("16th", "19th", "3rd.", "century,", "34st")}
    assert plain[[at["16th"], at["19th"], at["3rd."]], is_number].tolist() == [0, 0, 0]  # SPEC 2.1 as before
    assert ordinals[[at["16th"], at["19th"], at["3rd."], at["century,"], at["34st"]], is_number].tolist() == [
        1, 1, 1, 0, 0]  # "34st": 34 stone (34's suffix is "th")
    assert ordinals[[at["16th"], at["19th"], at["3rd."]], num_in_context].tolist() == [0, 1, 0]
    assert ordinals[[at["16th"], at["19th"], at["3rd."]], novel_number].tolist() == [1, 0, 1]
    others = [j for j in range(len(COLUMNS)) if j not in (is_number, num_in_context, novel_number)]
    assert_allclose(plain[:, others], ordinals[:, others])


def test_the_ordinals_option_keys_its_own_cache():
    assert TextFeatures().config == {} and TextFeatures(ordinals=False).fingerprint == TextFeatures().fingerprint
    assert TextFeatures(ordinals=True).fingerprint != TextFeatures().fingerprint


def test_opening_names_mark_a_name_that_opens_a_sentence_as_an_entity(make_example):
    example = make_example("London is home to it. Overall, Chelsea lost. Chelsea lost. Arsenal won. Based on it, no.",
                           context="Manchester United beat Chelsea 2-1 on Sunday.")
    words = [w.text for w in example.words]
    plain, named = TextFeatures().extract([example])[0], TextFeatures(opening_names=True).extract([example])[0]
    entity = COLUMNS.index("is_entity")
    openers = [i for i, w in enumerate(words) if w in ("London", "Overall,", "Arsenal", "Based")]
    chelsea = [i for i, w in enumerate(words) if w == "Chelsea"]  # mid-sentence, then opening a sentence
    assert plain[openers + chelsea, entity].tolist() == [0, 0, 0, 0, 1, 0]  # SPEC 2.1: no opener is an entity
    # London and Chelsea read as names; Overall, Based and Arsenal (a common noun too) do not
    assert named[openers + chelsea, entity].tolist() == [1, 0, 0, 0, 1, 1]
    others = [j for j in range(len(COLUMNS)) if j != entity]
    assert_allclose(plain[:, others], named[:, others])
    assert TextFeatures(opening_names=False).fingerprint == TextFeatures().fingerprint
    assert TextFeatures(opening_names=True).fingerprint != TextFeatures().fingerprint



def test_compounds_put_the_parts_of_a_hyphenated_context_word_in_the_context(make_example):
    example = make_example("She is the best selling and third largest writer, of 6 books.",
                           context="She is the best-selling writer, the third-largest, of 6-8 books.")
    words = [w.text for w in example.words]
    plain, parts = TextFeatures().extract([example])[0], TextFeatures(compounds=True).extract([example])[0]
    in_context, bigram = COLUMNS.index("in_context"), COLUMNS.index("bigram_in_context")
    at = [words.index(w) for w in ("best", "selling", "largest", "6")]
    assert plain[at, in_context].tolist() == [0, 0, 0, 0]
    assert parts[at, in_context].tolist() == [1, 1, 1, 0]  # a range is no compound of words (num_in_context reads it)
    assert parts[words.index("selling"), bigram] == 1 and plain[words.index("selling"), bigram] == 0
    assert TextFeatures(compounds=False).fingerprint == TextFeatures().fingerprint
    assert TextFeatures(compounds=True).fingerprint != TextFeatures().fingerprint


@pytest.mark.parametrize(("word", "found"), [("EUR", True), ("euro", True), ("USD", False), ("GBP", False)])
def test_currencies_make_a_currency_code_a_spelling_of_its_name(make_example, word, found):
    example = make_example(f"Sales reached {word} 2.4 billion.", "Sales rose 6% to 2.4 billion euros in 2025.")
    [plain], [currencies] = TextFeatures().extract([example]), TextFeatures(currencies=True).extract([example])
    assert currencies[2, 0] == found  # in_context of the code
    assert not plain[2, 0]  # without the option neither the code nor "euro" for "euros"
    assert TextFeatures(currencies=True).fingerprint != TextFeatures().fingerprint


def test_respellings_read_an_acronym_of_context_names_and_run_on_amounts(make_example):
    context = "The European Union fined the firm. The council approved a £10.25m loan."
    column = {name: COLUMNS.index(name) for name in ("in_context", "is_number", "num_in_context", "novel_number")}

    def marked(answer: str, respellings: bool) -> dict[str, dict[str, float]]:
        example = make_example(answer, context)
        [matrix] = TextFeatures(respellings=respellings).extract([example])
        return {w.text: {c: float(row[j]) for c, j in column.items()} for w, row in zip(example.words, matrix,
                                                                                       strict=True)}

    assert marked("The EU fined the firm.", True)["EU"]["in_context"] == 1
    assert marked("The EU fined the firm.", False)["EU"]["in_context"] == 0
    assert marked("The UN fined the firm.", True)["UN"]["in_context"] == 0  # no context name spells it
    titled = "Its chief executive, Dana Whitfield, fined the firm."  # a title in lower case spells "CEO" (version 3)
    example = make_example("CEO Dana Whitfield fined the firm. CFO Dana Whitfield did.", titled)
    [matrix] = TextFeatures(respellings=True).extract([example])
    assert [row[column["in_context"]] for w, row in zip(example.words, matrix, strict=True)
            if w.text in ("CEO", "CFO")] == [1, 0]
    # the spelled-out name of an acronym is no respelling (knowledge the context does not state)
    assert marked("The firm was fined by the FU.", True)["FU."]["in_context"] == 0
    faithful = marked("It approved a loan of 10.25 million pounds.", True)
    assert faithful["10.25"] == {"in_context": 0, "is_number": 1, "num_in_context": 1, "novel_number": 0}
    assert faithful["million"]["in_context"] == 1 and faithful["pounds."]["in_context"] == 1
    assert marked("It approved a loan of 10.25 million pounds.", False)["10.25"]["novel_number"] == 1
    assert marked("It approved a £12m loan.", True)["£12m"] == {"in_context": 0, "is_number": 1, "num_in_context": 0,
                                                              "novel_number": 1}
    assert marked("It approved a £12m loan.", False)["£12m"]["is_number"] == 0
    assert TextFeatures(respellings=True).fingerprint != TextFeatures().fingerprint


@pytest.mark.parametrize(("answer", "novel", "novel_without"), [
    ("Full Self-Driving costs $10,000 extra.", True, False),  # without: 10 and 000, and "$8,000" holds 000
    ("Full Self-Driving costs $8,000 extra.", False, False),
    ("Full Self-Driving costs $8000 extra.", False, True),  # the context's number without its separator
    ("It has 50,000 stations.", False, False),
])
def test_respellings_read_a_number_with_thousands_separators_as_one(make_example, answer, novel, novel_without):
    context = "Full Self-Driving costs an extra $8,000. The network has 50,000 stations."
    example = make_example(answer, context)
    novel_number = COLUMNS.index("novel_number")
    for respellings, expected in ((True, novel), (False, novel_without)):
        [matrix] = TextFeatures(respellings=respellings).extract([example])
        [number] = [row for row in matrix if row[COLUMNS.index("is_number")]]
        assert number[novel_number] == expected


@pytest.mark.parametrize(("context", "answer", "word"), [
    ("Hubble's 2.4-metre mirror was flawed.", "The mirror is 2.4 metres wide.", "metres"),  # a joined unit
    ("Acme reported third-quarter revenue of $4.2 billion.", "Acme's Q3 revenue was $4.2 billion.", "Q3"),
    ("Sales rose in the 3rd quarter.", "Sales rose in Q3.", "Q3."),
    ("Acme's Q3 revenue was $4.2 billion.", "Revenue in the third quarter was $4.2 billion.", "third"),
])
def test_respellings_read_a_joined_unit_and_a_quarter_code_as_words_of_the_context(make_example, context, answer,
                                                                                   word):
    example = make_example(answer, context)
    [index] = [i for i, w in enumerate(example.words) if w.text == word]
    [plain], [respelled] = TextFeatures().extract([example]), TextFeatures(respellings=True).extract([example])
    assert not plain[index, COLUMNS.index("in_context")]
    assert respelled[index, COLUMNS.index("in_context")]


def test_respellings_keep_another_quarter_and_a_joined_number_new(make_example):
    example = make_example("Acme's Q4 revenue rose by 10 percent, the mirror 3.4 metres.",
                           "Acme reported third-quarter revenue. Its 10-year plan needs a 2.4-metre mirror.")
    [matrix] = TextFeatures(respellings=True).extract([example])
    novel = {w.text: bool(row[COLUMNS.index("is_novel")]) for w, row in zip(example.words, matrix, strict=True)}
    assert novel["Q4"] and novel["10"] and novel["3.4"]  # the numbers are compared as numbers, not as words
    assert not novel["metres."]


def test_negation_forms_find_a_negation_word_where_the_context_denies_in_another(make_example):
    column = COLUMNS.index("in_context")

    def found(answer: str, context: str, negation_forms: bool) -> dict[str, float]:
        example = make_example(answer, context)
        [matrix] = TextFeatures(negation_forms=negation_forms).extract([example])
        return {w.text: float(row[column]) for w, row in zip(example.words, matrix, strict=True)}

    assert found("The store never accepts cash.", "The store does not accept cash.", True)["never"] == 1
    assert found("The store never accepts cash.", "The store does not accept cash.", False)["never"] == 0
    assert found("The store won't accept cash.", "The store never accepts cash.", True)["won't"] == 1
    assert found("The store never accepts cash.", "The store accepts cash.", True)["never"] == 0  # denies nothing
    # a negation elsewhere in the context denies something else
    assert found("The store never accepts cash.", "The store accepts cash. It is not open on Sundays.", True)[
        "never"] == 0
    assert found("The samples were not contaminated.", "None of the samples were contaminated.", True)["not"] == 1
    assert TextFeatures(negation_forms=True).fingerprint != TextFeatures().fingerprint


@pytest.mark.parametrize(("context", "answer", "grounds"), [
    ("The store does not accept cash.", "The store never accepts cash.", True),
    ("None of the samples were contaminated.", "The samples were not contaminated.", True),
    ("The drug should not be taken by children under 12.", "Children under 12 must never take the drug.", True),
    ("Not all of the samples were contaminated.", "None of the samples were contaminated.", False),  # a scope
    ("The library is not always open on weekends.", "The library is never open on weekends.", False),
    ("The team did not win the cup, but it won the league.", "The team never won the league.", False),  # a clause
    ("The report was not published in 2019; it appeared in 2021.", "The report never appeared.", False),
    ("He did not sign the contract until March.", "He never signed the contract.", False),  # a time
    ("Jones did not attend the meeting; Smith attended.", "Smith never attended the meeting.", False),
    ("Employees who do not complete training cannot access the system.",  # a negation left out beside
     "Employees who never complete training can access the system.", False),
    ("Residents were never told about the leak and were warned about the fire.",  # "and" opens a clause of its own
     "Residents were not warned about the fire.", False),
    ("Residents were never told about the leak and were warned about the fire.",
     "Residents were not told about the leak.", True),
    # "without" before an "-ing" form denies that verb and the rest of its clause
    ("Do not unplug the router during the restart.", "Wait two minutes without unplugging the router.", True),
    ("Do not unplug the router during the restart.", "Wait two minutes without touching the router.", False),
])
def test_a_denial_is_grounded_by_one_that_denies_its_clause(context, answer, grounds):
    def read(text: str) -> dict:
        words = text.split()
        return denials(words, [word_key(w) for w in words])

    [denial] = read(answer).values()
    assert grounded(denial, read(context).values()) == grounds


def test_a_clause_without_negation_that_restates_a_denied_clause_marks_what_was_denied():
    def marked(context: str, answer: str) -> list[str]:
        words, context_words = answer.split(), context.split()
        theirs = denials(context_words, [word_key(w) for w in context_words]).values()
        return [words[i] for i in restated_denials(words, [word_key(w) for w in words], theirs)]

    drug = "The drug should not be taken by children under 12."
    assert marked(drug, "Children under 12 can take the drug.") == ["take"]
    assert marked(drug, "Children under 12 must never take the drug.") == []  # a negation of its own
    assert marked(drug, "Adults can take the drug.") == []  # "adults": not all its words in the denied clause
    bridge = "The Harbor Bridge was completed in 1931 and does not carry trucks."
    assert marked(bridge, "The Harbor Bridge carries trucks.") == ["carries"]  # the subject of the clause before
    # a clause of its own after "and" with an auxiliary: what it affirms is no restated denial
    assert marked("The museum is not open on Mondays and is open on Sundays.", "The museum is open on Sundays.") == []
    assert marked("The museum is open on Sundays and is not open on Mondays.", "The museum is open on Sundays.") == []
    assert marked("The museum is open on Sundays and is not open on Mondays.", "The museum is open on Mondays.") == \
        ["open"]
    # no plain denial: "whether or not", "none other than"
    assert marked("The festival goes ahead whether or not it rains.", "The festival goes ahead if it rains.") == []
    assert marked("The award went to none other than Maria Silva.", "The award went to Maria Silva.") == []
    assert marked("The team did not win the cup, but it won the league.", "The team won the league.") == []


def test_without_denies_only_a_verbs_ing_form_after_it():
    def read(text: str) -> dict:
        words = text.split()
        return denials(words, [word_key(w) for w in words])

    [(position, denial)] = read("Wait two minutes without unplugging the router.").items()
    assert position == 3 and "unplug" in denial.denied and denial.negations == 1
    assert read("The team played without its captain.") == {}  # no verb: it denies no clause
    assert is_gerund("unplugging") and not is_gerund("bring") and not is_gerund("during")
    assert not is_gerund("morning") and not is_gerund("ceiling") and is_gerund("overbeating")  # a review helper's


def test_currencies_read_a_code_where_the_context_writes_its_symbol(make_example):
    grant = "The foundation awarded a grant of $5 million to the university."

    def in_context(answer: str, currencies: bool) -> list[str]:
        example = make_example(answer, grant)
        [matrix] = TextFeatures(currencies=currencies).extract([example])
        return [w.text for w, row in zip(example.words, matrix, strict=True) if row[COLUMNS.index("in_context")]]

    assert "USD." in in_context("The grant is worth 5 million USD.", True)
    assert "USD." not in in_context("The grant is worth 5 million USD.", False)
    assert "EUR." not in in_context("The grant is worth 5 million EUR.", True)  # another currency
    assert currency_codes(["$5", "€2m", "us$3"]) == {"usd", "eur"} and currency_codes(["¥9"]) == {"jpy", "cny"}
