"""Rule-based sentence splitter shared by the text and NLI features (SPEC 2.2)."""

from __future__ import annotations

import re

import numpy as np

from halluseq.data.scripts import CLOSERS, FULL_STOPS, UNSPACED
from halluseq.data.tokenised import rejoin, written_end
from halluseq.data.words import HTML_TAG

# A sentence ends at a run of . ! ? followed by whitespace or the end of the text ...
_END = re.compile(r"[.!?]+(?=\s|$)")
# ... unless the token before a period is a single capital, a single digit or an ``Xx`` abbreviation (Mr, Dr).
_NO_BREAK_BEFORE_PERIOD = re.compile(r"(?:^|\s|\()(?:[A-Z]|\d|[A-Z][a-z])$")
# ... or at a run of the full stops of Chinese and Japanese (with the closing quotes or brackets after them), or of
# ! ? right before one of their characters: no space follows either
_UNSPACED_END = re.compile(rf"[{FULL_STOPS}]+[{re.escape(CLOSERS)}]*|[!?]+(?=[{UNSPACED}])")
_NEWLINES = re.compile(r"\n+")
# an HTML tag that opens or closes a block ("<p>", "</li>", "<br/>"): a sentence ends at it, as at a new line
_BLOCK_TAG = re.compile(rf"(?=</?(?:p|div|li|ul|ol|dl|dt|dd|tr|td|th|table|thead|tbody|h[1-6]|br|hr|blockquote)\b)"
                        rf"{HTML_TAG}", re.IGNORECASE)


def split_sentences(text: str) -> list[tuple[int, int]]:
    """Character ranges ``[start, end)`` of the sentences, stripped of surrounding whitespace.

    Every non-whitespace character of ``text`` lies in exactly one sentence. A number a tokeniser split ("98. 7")
    ends none (:mod:`halluseq.data.tokenised`); a new line and an HTML block tag ("</li>", "<br>") end one.
    """
    cuts = {0, len(text)}
    read = rejoin(text)  # the same length as ``text``
    for match in _END.finditer(read):
        # the pattern matches at most 4 characters before the period: "(Xx" and a newline, which ``$`` may end
        # before (``^`` only at the real start of ``text``)
        if match.group() == "." and _NO_BREAK_BEFORE_PERIOD.search(read, max(0, match.start() - 4), match.start()):
            continue
        cuts.add(written_end(text, match.end()))
    # a full stop of Chinese or Japanese, or ! ? before their characters, ends its sentence where it stands
    cuts.update(m.end() for m in _UNSPACED_END.finditer(text))
    cuts.update(m.end() for m in _NEWLINES.finditer(text))
    for match in _BLOCK_TAG.finditer(text):
        cuts.update(match.span())
    bounds = sorted(cuts)
    sentences = []
    for start, end in zip(bounds, bounds[1:], strict=False):
        piece = text[start:end]
        stripped = piece.strip()
        if stripped:
            lead = len(piece) - len(piece.lstrip())
            sentences.append((start + lead, start + lead + len(stripped)))
    return sentences


def sentence_index(offsets: np.ndarray, sentences: list[tuple[int, int]]) -> np.ndarray:
    """Sentence index of each word by its character midpoint; -1 for a word outside every sentence.

    ``offsets`` is ``(n_words, 2)``; returns ``(n_words,)`` int64.
    """
    index = np.full(len(offsets), -1, dtype=np.int64)
    if not sentences or len(offsets) == 0:
        return index
    mids = (offsets[:, 0] + offsets[:, 1]) / 2  # (W,)
    bounds = np.array(sentences, dtype=np.float64)  # (S, 2), sorted and disjoint
    candidate = np.searchsorted(bounds[:, 0], mids, side="right") - 1  # last sentence starting at or before
    inside = (candidate >= 0) & (mids < bounds[np.maximum(candidate, 0), 1])
    index[inside] = candidate[inside]
    return index
