"""Chinese and Japanese, written without spaces: one word per character (halluseq.data.scripts)."""

from __future__ import annotations

import hashlib
import json

import numpy as np

from halluseq.data import Example, split_words
from halluseq.data.scripts import has_unspaced, unspaced, unspaced_pieces
from halluseq.data.sentences import split_sentences
from halluseq.data.words import spaced
from halluseq.features.nli import NLIFeatures
from halluseq.features.pipeline import reading_copy
from halluseq.features.text import TextFeatures


def texts(text: str) -> list[str]:
    return [w.text for w in split_words(text)]


def test_each_character_and_each_run_of_punctuation_is_a_word_and_runs_of_other_characters_are_one():
    assert texts("埃菲尔铁塔于1889年建成。") == ["埃", "菲", "尔", "铁", "塔", "于", "1889", "年", "建", "成", "。"]
    assert texts("「富士山」は3776メートル。") == \
        ["「", "富", "士", "山", "」", "は", "3776", "メ", "ー", "ト", "ル", "。"]
    assert texts("华为发布了iPhone的对手") == ["华", "为", "发", "布", "了", "iPhone", "的", "对", "手"]
    assert texts("人々は温度为-5度") == ["人", "々", "は", "温", "度", "为", "-5", "度"]
    # half-width Katakana with its sound mark, an ideograph of extension B, the middle dot
    assert texts("ﾊﾟｿｺﾝ𠮷野家・です") == ["ﾊﾟ", "ｿ", "ｺ", "ﾝ", "𠮷", "野", "家", "・", "で", "す"]


def test_offsets_point_at_the_text_as_written():
    for text in ("The tower 埃菲尔铁塔 was built in 1889年。 Then, done.", "It was 98. 7%。然后回家了。",
                 "<p>埃菲尔铁塔于<b>1889年</b>建成。</p>"):
        words = split_words(text)
        assert words and all(text[w.start:w.end] == w.text for w in words)
    assert texts("The tower 埃菲尔 was built in 1889年。 Then, done.") == [
        "The", "tower", "埃", "菲", "尔", "was", "built", "in", "1889", "年", "。", "Then,", "done."]
    assert texts("<b>1889年</b>建成") == ["1889", "年", "建", "成"]  # tags are no part of any word


def test_other_scripts_keep_their_whitespace_words():
    for text in ("The Eiffel Tower is 330 metres tall.", "에펠탑은 1889년에 완공되었다.", "Эйфелева башня, 1889.",
                 "หอไอเฟลสร้างเสร็จ 1889"):
        assert not has_unspaced(text)
        assert texts(text) == text.split()
        assert spaced(text) is text
    assert unspaced_pieces("metres") == [(0, 6)]


def test_spaced_puts_a_space_after_every_word_no_space_follows_and_keeps_tags_whole():
    assert spaced("高330米，于1889年建成。 Paris, France") == "高 330 米 ， 于 1889 年 建 成 。 Paris, France"
    assert spaced("于<b>1889年</b>在") == "于 <b>1889 年 </b>在"
    assert spaced(None) is None


def test_full_stops_of_chinese_and_japanese_end_sentences():
    text = "埃菲尔铁塔于1925年建成。它高330米！「是吗？」对。真的吗?对。"
    assert [text[s:e] for s, e in split_sentences(text)] == \
        ["埃菲尔铁塔于1925年建成。", "它高330米！", "「是吗？」", "对。", "真的吗?", "对。"]
    assert split_sentences("It is tall. It was built in 1889.") == [(0, 11), (12, 33)]
    rejoined = "It was 98. 7%。然后回家了。"  # a number a tokeniser split: the stops where they are written
    assert [rejoined[s:e] for s, e in split_sentences(rejoined)] == ["It was 98. 7%。", "然后回家了。"]


def test_labels_follow_the_character_words():
    answer = "铁塔于1925年建成。"
    example = Example(id="x", context="铁塔于1889年建成。", answer=answer, spans=((3, 7),))
    assert [w.text for w in example.words] == ["铁", "塔", "于", "1925", "年", "建", "成", "。"]
    assert np.array_equal(example.labels, [0, 0, 0, 1, 0, 0, 0, 0])
    # a span of one character before punctuation marks that character
    assert Example(id="y", context="c", answer="他姓王。", spans=((2, 3),)).labels.tolist() == [0, 0, 1, 0]


def test_word_families_read_the_context_spaced_and_model_families_as_written():
    example = Example(id="x", context="铁塔于1889年建成。", answer="铁塔于1925年建成。", question="铁塔何时建成？")
    read = reading_copy(example)
    assert (read.context, read.question) == ("铁 塔 于 1889 年 建 成 。", "铁 塔 何 时 建 成 ？")
    assert example.context == "铁塔于1889年建成。" and read.words == example.words
    english = Example(id="y", context="The tower was built in 1889.", answer="It was built in 1925.")
    assert reading_copy(english) is english
    assert TextFeatures.reads_spaced and not NLIFeatures.reads_spaced


def test_an_answer_in_chinese_hashes_with_its_word_split_version():
    chinese = Example(id="x", context="c", answer="铁塔建成。")
    english = Example(id="y", context="c", answer="The tower.")
    plain = hashlib.sha256(json.dumps(["c", None, "铁塔建成。", "QA"], ensure_ascii=False).encode()).hexdigest()
    assert chinese.content_hash != plain
    assert english.content_hash == hashlib.sha256(
        json.dumps(["c", None, "The tower.", "QA"], ensure_ascii=False).encode()).hexdigest()


def test_unspaced_gives_a_spaced_sentence_as_written():
    sentence = "华为公司成立于1987年，总部位于深圳。"
    assert unspaced(spaced(sentence)) == sentence
    assert unspaced("The tower is tall.") == "The tower is tall."
