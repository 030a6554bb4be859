"""Scripts written without spaces between words (Chinese, Japanese): one word per character.

Whitespace tokenization reads a Chinese or Japanese answer as one word per phrase ("埃菲尔铁塔于1889年建成。"),
which no word of the context matches, so every such answer was flagged as a whole, the right ones too. Here each
Han, Hiragana or Katakana character is a word of its own (a combining sound mark stays with its kana), a run of
their punctuation is a word ("。", "「"), and a run of other characters among them (digits, Latin letters, a sign) is
one word ("1889", "iPhone", "-5"): :func:`unspaced_pieces`. The features that match words read the context and
question with a space between those words (:func:`halluseq.data.words.spaced`), so every such family matches
characters and their n-grams as it matches English words and their n-grams. Hangul is written with spaces and stays
as it is; Thai, Lao, Khmer and Myanmar, also written without spaces, are not split (their characters are letters,
not words).
"""

from __future__ import annotations

import re

# Hiragana and Katakana (not the middle dot ・), half-width Katakana, the iteration and closing marks 々 〆 and the
# ideographic zero 〇, CJK ideographs (the basic block, extension A, the compatibility block, extensions B and later)
UNSPACED = "\u3005-\u3007\u3040-\u3098\u309b-\u30fa\u30fc-\u30ff\uff66-\uff9d\u3400-\u4dbf\u4e00-\u9fff" \
           "\uf900-\ufaff\U00020000-\U0003134f"
SOUND_MARKS = "\u3099\u309a\uff9e\uff9f"  # combining (han)dakuten: part of the kana before them
# the punctuation of these scripts (full-width forms and CJK symbols), a word of its own beside their characters
PUNCTUATION = "、。，．：；！？「」『』（）《》【】〈〉〔〕［］｛｝〝〞〟〜～…‥・｡｢｣､･"
FULL_STOPS = "。！？｡"  # each ends a sentence where it stands (no space follows it)
CLOSERS = "」』）〕］｝〟”’｣"  # a closing quote or bracket after a full stop belongs to its sentence
_UNSPACED = re.compile(f"[{UNSPACED}]")
_MARK = f"[{UNSPACED}{re.escape(PUNCTUATION)}]"  # a character or punctuation mark of these scripts
_SPACE_BESIDE = re.compile(rf"(?<={_MARK}) (?=\S)|(?<=\S) (?={_MARK})")
_PIECE = re.compile(rf"[{UNSPACED}][{SOUND_MARKS}]*|[{re.escape(PUNCTUATION)}]+|(?:(?!{_MARK})\S)+")


def has_unspaced(text: str | None) -> bool:
    """Whether ``text`` holds a character of a script written without spaces (Chinese, Japanese)."""
    return bool(text) and _UNSPACED.search(text) is not None


def unspaced_pieces(word: str) -> list[tuple[int, int]]:
    """``[start, end)`` offsets within ``word`` (one whitespace-delimited word) of the words it holds: one per Han,
    Hiragana or Katakana character, one per run of their punctuation, one per run of other characters
    ("1889年建成。" -> "1889", "年", "建", "成", "。"); the whole word where it holds none of those characters."""
    if not has_unspaced(word):
        return [(0, len(word))]
    return [m.span() for m in _PIECE.finditer(word)]


def unspaced(text: str) -> str:
    """``text`` without the single spaces beside a Chinese or Japanese character or punctuation mark: a sentence of a
    spaced context (:func:`halluseq.data.words.spaced`) as it is written, for quoting."""
    return _SPACE_BESIDE.sub("", text) if has_unspaced(text) else text
