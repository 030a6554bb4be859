"""Scripts written without spaces between words (Chinese, Japanese): one word per character.

Whitespace tokenization reads a Chinese or Japanese answer as one word per phrase ("埃菲尔铁塔于1889年建成。"),
which no word of the context matches, so every such answer was flagged as a whole, the right ones too. Here each
Han, Hiragana or Katakana character is a word of its own, the punctuation written around it attached as an English
word keeps its comma ("成。"), and a run of other characters among them (digits, Latin letters) is one word ("1889",
"iPhone"): :func:`unspaced_pieces`. The features read the context and question with a space between those words
(:func:`spaced`), so every family matches characters and their n-grams as it matches English words and their
n-grams. Hangul is written with spaces and stays as it is; Thai, Lao, Khmer and Myanmar, also written without
spaces, are not split (their characters are letters, not words).
"""

from __future__ import annotations

import re

# Hiragana, Katakana (with the prolonged sound mark), the iteration and closing marks 々 〆 〇, CJK ideographs
UNSPACED = "\u3005-\u3007\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_UNSPACED = re.compile(f"[{UNSPACED}]")
# one character of such a script with the punctuation before and after it, or a run of other non-space characters
_PIECE = re.compile(rf"[^\s\w{UNSPACED}]*[{UNSPACED}][^\s\w{UNSPACED}]*|(?:(?![{UNSPACED}])\S)+")


def has_unspaced(text: str | None) -> bool:
    """Whether ``text`` holds a character of a script written without spaces (Chinese, Japanese)."""
    return bool(text) and _UNSPACED.search(text) is not None


def unspaced_pieces(word: str) -> list[tuple[int, int]]:
    """``[start, end)`` offsets within ``word`` (one whitespace-delimited word) of the words it holds: one per Han,
    Hiragana or Katakana character, one per run of other characters ("1889年建成。" -> "1889", "年", "建", "成。");
    the whole word where it holds none of those characters."""
    if not has_unspaced(word):
        return [(0, len(word))]
    return [m.span() for m in _PIECE.finditer(word)]


def spaced(text: str | None) -> str | None:
    """``text`` with a space between the words of every Chinese or Japanese run (:func:`unspaced_pieces`); ``text``
    itself where it holds none."""
    if not has_unspaced(text):
        return text
    return re.sub(r"\S+", lambda m: " ".join(m.group()[s:e] for s, e in unspaced_pieces(m.group())), text)
