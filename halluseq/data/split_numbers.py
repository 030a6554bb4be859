"""Numbers that a tokeniser's round trip split in two ("10, 000", "98. 7"), read as the one number they are.

Summarisation data built from tokenised news text (CNN/DailyMail as QAGS, CLIFF and FRANK ship it, summaries of
systems trained on it) writes "10,000" as "10, 000" and "98.7" as "98. 7": the context then states no "10,000", and
a faithful summary that writes it is read as a new number. Here such a number is read whole:

- thousands: one to three digits, then groups of ``, `` and exactly three digits ("10, 000", "1, 250, 000");
- decimals: one to three digits, a period, one space and one or two digits ("98. 7", "1. 7 million"), except where
  the first number opens a line (a numbered list item: "2. 50-50 draw").

:func:`rejoin_numbers` writes each such number without its inner spaces and moves those spaces to the end of the word
the number is part of, so the text keeps its length and every offset outside that word; :func:`split_words` and
:func:`halluseq.data.sentences.split_sentences` read through it, and :class:`halluseq.data.example.Example` keeps its
context rejoined.
"""

from __future__ import annotations

import re

# a number split at its thousands separators or at its decimal point, not inside a longer number or word
SPLIT_NUMBER = re.compile(r"(?<![\w.,])(?:\d{1,3}(?:, \d{3})+|(?P<decimal>\d{1,3}\. \d{1,2}))(?!\w)")
_WORD_END = re.compile(r"\s|$")


def opens_line(text: str, at: int) -> bool:
    """Whether only spaces stand between the start of ``text``'s line and ``at``."""
    return not text[text.rfind("\n", 0, at) + 1:at].strip()


def rejoin_numbers(text: str) -> str:
    """``text`` with every split number (:data:`SPLIT_NUMBER`) written whole and its inner spaces moved after the word
    it is part of ("over $ 36, 000-a-week." -> "over $ 36,000-a-week.  "): same length, same offsets outside it."""
    if ", " not in text and ". " not in text:
        return text
    pieces: list[str] = []
    done = 0
    for match in SPLIT_NUMBER.finditer(text):
        if match.start() < done or match.group("decimal") and opens_line(text, match.start()):
            continue  # inside the word of the last one; a list number ("2. 50-50 draw")
        word_end = _WORD_END.search(text, match.end()).start()
        joined = match.group().replace(" ", "")
        moved = len(match.group()) - len(joined)
        pieces += [text[done:match.start()], joined, text[match.end():word_end], " " * moved]
        done = word_end
    if not pieces:
        return text
    pieces.append(text[done:])
    return "".join(pieces)
