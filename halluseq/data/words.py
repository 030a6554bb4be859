"""Answer words with character offsets, and the word <-> character-span label rules (SPEC 1.2)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import NamedTuple

import numpy as np

from halluseq.data.scripts import has_unspaced, unspaced_pieces
from halluseq.data.tokenised import rejoin, written_end

# "<p>", "</b>", "<br/>", '<a href="https://...">': the layout of an answer written in HTML (attributes as name=value,
# so "x<y and y>z" holds no tag)
HTML_TAG = r"""</?[A-Za-z][A-Za-z0-9]*(?:\s+[A-Za-z_:][-A-Za-z0-9_:.]*\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'<>=`]+))*\s*/?>"""
# a run of non-space characters (group 1) that HTML tags cut; a tag matches on its own, and is no word
_WORD = re.compile(rf"{HTML_TAG}|((?:(?!{HTML_TAG})\S)+)")
_PLAIN_WORD = re.compile(r"(\S+)")  # the same on a text without "<" (no tag), ten times faster


class Word(NamedTuple):
    """One whitespace-delimited word of the answer (HTML tags cut out); punctuation stays attached. ``text`` is the
    word as read: a word a tokeniser split ("10, 000", "did n't") is one word, read whole ("10,000"), its offsets
    those of the text as written."""

    text: str
    start: int
    end: int


class Span(NamedTuple):
    """A character range ``[start, end)`` of the answer; ``label`` names the annotation type if known."""

    start: int
    end: int
    label: str = ""


def split_words(text: str) -> list[Word]:
    """Whitespace tokenization keeping ``(word, char_start, char_end)``; a word a tokeniser split ("10, 000",
    "98. 7", "did n't") is one word (:mod:`halluseq.data.tokenised`); HTML tags are no part of any word
    ("<li>Revenue:</li>" holds the word "Revenue:"); in Chinese and Japanese every character is a word
    (:mod:`halluseq.data.scripts`: "1889年建成。" holds "1889", "年", "建", "成。")."""
    read = rejoin(text)
    pattern = _WORD if "<" in read else _PLAIN_WORD
    if read is text:
        words = [Word(m.group(1), m.start(), m.end()) for m in pattern.finditer(text) if m.group(1)]
    else:
        words = [Word(m.group(1), m.start(), written_end(text, m.end())) for m in pattern.finditer(read)
                 if m.group(1)]
    if not has_unspaced(text):
        return words
    # Chinese and Japanese: one word per character (halluseq.data.scripts), cut from the word as written (a number a
    # tokeniser split beside such characters is then read as written: two words)
    out = []
    for word in words:
        if not has_unspaced(text[word.start:word.end]):
            out.append(word)
            continue
        for m in _PLAIN_WORD.finditer(text, word.start, word.end):
            out.extend(Word(m.group()[s:e], m.start() + s, m.start() + e) for s, e in unspaced_pieces(m.group()))
    return out


def spaced(text: str | None) -> str | None:
    """``text`` with a space after every word :func:`split_words` reads in it that no space follows ("于1889年" -> "于
    1889 年", "于<b>1889年</b>在" -> "于 <b>1889 年 </b>在": tags are left whole); ``text`` itself where it holds no
    Chinese or Japanese."""
    if not has_unspaced(text):
        return text
    words = split_words(text)
    cuts = [word.end for word, after in zip(words, words[1:], strict=False)  # no space between: one word written
            if not any(c.isspace() for c in text[word.end:after.start])]
    return " ".join(text[start:end] for start, end in zip([0, *cuts], [*cuts, len(text)], strict=True))


def has_word_character(text: str) -> bool:
    """Whether ``text`` holds a letter or digit: punctuation and layout alone ("...!!!", "|---|") claim nothing."""
    return any(c.isalnum() for c in text)


def word_offsets(words: Sequence[Word]) -> np.ndarray:
    """``(n_words, 2)`` int64 array of ``[start, end)`` offsets."""
    return np.array([(w.start, w.end) for w in words], dtype=np.int64).reshape(-1, 2)


def labels_from_spans(words: Sequence[Word], spans: Iterable[tuple[int, int]]) -> np.ndarray:
    """Label a word 1 when its overlap with some single span is strictly more than half its length.

    Returns an ``(n_words,)`` int8 array.
    """
    offsets = word_offsets(words)  # (W, 2)
    bounds = np.array([(s[0], s[1]) for s in spans], dtype=np.int64).reshape(-1, 2)  # (S, 2)
    if len(offsets) == 0 or len(bounds) == 0:
        return np.zeros(len(offsets), dtype=np.int8)
    starts = np.maximum(offsets[:, None, 0], bounds[None, :, 0])  # (W, S)
    ends = np.minimum(offsets[:, None, 1], bounds[None, :, 1])  # (W, S)
    overlap = np.clip(ends - starts, 0, None)  # (W, S)
    lengths = offsets[:, 1] - offsets[:, 0]  # (W,)
    return (2 * overlap > lengths[:, None]).any(axis=1).astype(np.int8)


def word_runs(labels: Sequence[int] | np.ndarray) -> list[tuple[int, int]]:
    """Maximal runs of positive words as ``(first, last + 1)`` word indices."""
    padded = np.concatenate([[0], np.asarray(labels, dtype=int) != 0, [0]]).astype(int)
    edges = np.flatnonzero(np.diff(padded))
    return list(zip(edges[::2].tolist(), edges[1::2].tolist(), strict=True))


def spans_from_labels(words: Sequence[Word], labels: Sequence[int] | np.ndarray) -> list[Span]:
    """Maximal runs of positive words as character spans (first word's start to last word's end)."""
    if len(words) != len(labels):
        raise ValueError(f"{len(labels)} labels for {len(words)} words")
    return [Span(words[first].start, words[end - 1].end) for first, end in word_runs(labels)]
