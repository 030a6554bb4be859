"""Formatting tokens of an answer that state nothing: list numbers, bullets, headings, citation markers.

Answers from chat models come in Markdown: ``1.`` before a list item, ``-`` or ``*`` bullets, ``##`` headings,
``[1]`` citation markers. None of them is a claim about the context, yet a labeler that reads ``1.`` as a number
the context lacks flags it. :func:`markup_mask` finds them. A number that is the answer (``18.``) is not a list
number: an enumerator counts only when it starts a line and more words follow it on that line.

The detector shows on each such token the probability of the word it stands for (:func:`lenders`): a list number
or bullet is flagged only with the first word of its item, as annotators mark a wrong list item with its number,
and a citation marker only with the word it follows; claim reasons never name them as missing words. The features
still read them (the labeler was trained on answers with them): blanking them out of the answer before scoring was
tried and lost RAGTruth average precision (README, "Formatting tokens").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np

from halluseq.data.words import Word

# "[1]", "[2][3]", "[1,2]", "[1-3]", optionally followed by sentence punctuation: "tall [1]."
CITATION = re.compile(r"(?:\[\d{1,3}(?:[,–-]\d{1,3})*\])+(?P<end>[.,;:!?]?)")
# "1." "12)" "(3)" "a)" "iv." before a list item
ENUMERATOR = re.compile(r"\d{1,3}[.)]|\(\d{1,3}\)|[a-zA-Z]\)|[ivx]{1,4}[.)]")
# bullets, dashes, block quotes, Markdown headings and bold/italic markers standing alone
BULLET = re.compile(r"[-*•·‣◦▪–—>]|#{1,6}|\*{2,3}|_{2,3}")


def markup_mask(text: str, words: Sequence[Word]) -> np.ndarray:
    """``(n_words,)`` True where a word of ``text`` is a formatting token (see the module docstring)."""
    mask = np.zeros(len(words), dtype=bool)
    for i, word in enumerate(words):
        token = word.text
        if CITATION.fullmatch(token) or BULLET.fullmatch(token):
            mask[i] = True
        elif ENUMERATOR.fullmatch(token):
            line_start = text.rfind("\n", 0, word.start) + 1
            line_end = text.find("\n", word.end)
            rest = text[word.end:len(text) if line_end < 0 else line_end]
            mask[i] = not text[line_start:word.start].strip() and bool(rest.strip())
    return mask


def lenders(text: str, words: Sequence[Word], mask: np.ndarray) -> np.ndarray:
    """Per word, the word whose probability it shows: itself; for a citation marker the word before it (what it
    cites); for another formatting token the next other word on its line (a list number or bullet speaks for its
    item), else the one before it; the nearest other word when those are missing, itself when there is none (an
    answer of formatting tokens only)."""
    kept = np.flatnonzero(~mask)
    out = np.arange(len(words))
    for i in np.flatnonzero(mask) if len(kept) else ():
        split = np.searchsorted(kept, i)
        before, after = kept[split - 1] if split else -1, kept[split] if split < len(kept) else -1
        if CITATION.fullmatch(words[i].text):
            out[i] = before if before >= 0 else after
        else:
            same_line = after >= 0 and "\n" not in text[words[i].end:words[after].start]
            out[i] = after if same_line or before < 0 else before
    return out
