"""Words a tokeniser's round trip split in two ("10, 000", "98. 7", "did n't") or escaped ("surrey\\'s"), read as the
one word they are.

Summarisation data built from tokenised news text (CNN/DailyMail as QAGS, CLIFF and FRANK ship it, summaries of
systems trained on it) writes "10,000" as "10, 000", "98.7" as "98. 7" and "didn't" as "did n't": the context then
states no "10,000", and a faithful summary that writes it is read as a new number; "n't" reads as a negation the
context does not have. XSum summaries as XSumFaith and FRANK ship them escape their apostrophes ("surrey\\'s"), so
every possessive reads as a word the context lacks. Here such a word is read whole:

- thousands: one to three digits, then groups of ``, `` and exactly three digits ("10, 000", "1, 250, 000");
- decimals: one to three digits, a period, one space and one or two digits ("98. 7", "1. 7 million"), except where
  the first number opens a line (a numbered list item: "2. 50-50 draw");
- clitics split from their word: ``n't``, ``'s``, ``'re``, ``'ll``, ``'ve``, ``'d``, ``'m`` after a word and a space
  ("did n't", "sydney 's");
- a backslash before a quote ("surrey\\'s", "\\"yes\\"").

:func:`rejoin` writes each such word without its inner spaces or backslashes and puts as many spaces after the word,
so the text keeps its length and every offset outside that word; :func:`halluseq.data.words.split_words` and
:func:`halluseq.data.sentences.split_sentences` read through it, and :class:`halluseq.data.example.Example` keeps its
context rejoined.
"""

from __future__ import annotations

import re
from functools import lru_cache

# a number split at its thousands separators or at its decimal point, not inside a longer number or word; a clitic
# split from the word before it; a backslash escaping a quote
SPLIT = re.compile(r"(?<![\w.,])(?:\d{1,3}(?:, \d{3})+|(?P<decimal>\d{1,3}\. \d{1,2}))(?!\w)"
                   r"|(?<=\w) (?=(?:n['’]t|['’](?:s|re|ll|ve|d|m))(?!\w))"
                   r"|(?<!\\)\\(?=['\"])", re.IGNORECASE)
_LEFT_OUT = re.compile(r"[ \\]")  # what a split word loses when it is read whole
_WORD_END = re.compile(r"\s|$")


def written_end(text: str, at: int) -> int:
    """Where the word of ``text`` read up to ``at`` ends as written: at the first space from ``at`` on (a rejoined
    word's lost spaces follow it in the text read, its tail in the text as written)."""
    return _WORD_END.search(text, at).start()


def opens_line(text: str, at: int) -> bool:
    """Whether only spaces stand between the start of ``text``'s line and ``at``."""
    return not text[text.rfind("\n", 0, at) + 1:at].strip()


@lru_cache(maxsize=64)  # every family splits the same context into sentences: it is read once per predict
def rejoin(text: str) -> str:
    """``text`` with every split word (:data:`SPLIT`) written whole and as many spaces after it as it lost ("over $ 36,
    000-a-week." -> "over $ 36,000-a-week.  ", "did n't" -> "didn't ", "surrey\\'s" -> "surrey's "): same length, same
    offsets outside it."""
    if " " not in text and "\\" not in text:
        return text
    pieces: list[str] = []
    done = word_end = lost = 0  # written up to ``done``; the word being read ends at ``word_end``, lost ``lost``
    for match in SPLIT.finditer(text):
        if match.group("decimal") and opens_line(text, match.start()):
            continue  # a list number ("2. 50-50 draw")
        if lost and match.start() > word_end:  # the last word is done (a clitic right after it joins it too)
            pieces += [text[done:word_end], " " * lost]
            done, lost = word_end, 0
        joined = _LEFT_OUT.sub("", match.group())
        pieces += [text[done:match.start()], joined]
        done, lost = match.end(), lost + len(match.group()) - len(joined)
        word_end = written_end(text, done)
    if not pieces:
        return text
    pieces += [text[done:word_end], " " * lost, text[word_end:]]
    return "".join(pieces)
