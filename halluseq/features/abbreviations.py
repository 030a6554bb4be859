"""Abbreviations and clock times: short spellings of one word or one time ("Jan." / "January", "St." / "Saint",
"3 p.m." / "15:00").

An answer that abbreviates what its context writes in full ("published in Sept. 2023" for "in September 2023", "St.
Mary" for "Saint Mary") or gives a time on the other clock ("at 3pm" for "at 15:00") states nothing new; read word
by word it uses new words, and "3pm" reads as a new number. Used by the ``respellings`` option of the text
statistics (:mod:`halluseq.features.text`): :data:`ABBREVIATION_SPELLINGS` join its table of spellings (a word is in
the context as any spelling of its group), :func:`clock_times` reads times by value (``align``, ``slots`` and
``quantities`` read them too: :func:`time_words`).
"""

from __future__ import annotations

import re

import numpy as np

from halluseq.data.example import Example

# groups of spellings of one word: months, weekdays (a plural too: "open on Mondays" where hours list "Monday"),
# titles and street words, company and office words
ABBREVIATION_SPELLINGS = (
    ("jan", "january"), ("feb", "february"), ("apr", "april"), ("jun", "june"), ("jul", "july"), ("aug", "august"),
    ("sep", "sept", "september"), ("oct", "october"), ("nov", "november"), ("dec", "december"),
    ("mon", "monday", "mondays"), ("tue", "tues", "tuesday", "tuesdays"), ("wed", "wednesday", "wednesdays"),
    ("thu", "thur", "thurs", "thursday", "thursdays"), ("fri", "friday", "fridays"), ("sat", "saturday", "saturdays"),
    ("sun", "sunday", "sundays"),
    ("st", "saint", "street"), ("mt", "mount"), ("dr", "doctor", "drive"), ("prof", "professor"),
    ("gov", "governor"), ("sen", "senator"), ("rep", "representative"), ("gen", "general"), ("capt", "captain"),
    ("lt", "lieutenant"), ("col", "colonel"), ("sgt", "sergeant"), ("jr", "junior"), ("sr", "senior"),
    ("ave", "avenue"), ("rd", "road"), ("blvd", "boulevard"), ("corp", "corporation"), ("inc", "incorporated"),
    ("ltd", "limited"), ("co", "company"), ("dept", "department"), ("univ", "university"), ("govt", "government"),
    ("intl", "international"), ("approx", "approximately"),
)
# "3pm", "3 p.m.", "3:30pm", "11.30 am" (12-hour clock); "15:00", "9:30" (a colon; without am/pm either half-day)
# a 12-hour time ("3pm", "3:30 p.m."), a time without am/pm ("15:00", "9:30"), or the time of an ISO date and time
# ("2023-05-01T10:00", with or without seconds: on the 24-hour clock)
_CLOCK = re.compile(r"(?<![\w:.])(\d{1,2})(?:[:.](\d{2}))?\s?([ap])\.?m\b\.?|(?<![\w:.])(\d{1,2}):(\d{2})(?![\d:])"
                    r"|(?<=\d[tT])(\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?", re.IGNORECASE)


def clock_times(text: str) -> list[tuple[int, int, frozenset[str]]]:
    """``(start, end, values)`` of each clock time of ``text``: its character span and the times it may be as
    ``HH:MM`` on the 24-hour clock (``3pm``: ``15:00``; ``3:30`` without am/pm: ``03:30`` and ``15:30``)."""
    found = []
    for match in _CLOCK.finditer(text):
        if match.group(3):  # 12-hour clock
            hour, minute = int(match.group(1)), int(match.group(2) or 0)
            if not 1 <= hour <= 12 or minute > 59:
                continue
            hours = {hour % 12 + (12 if match.group(3).lower() == "p" else 0)}
        else:
            iso = match.group(6) is not None  # "T10:00" of an ISO date and time: that hour, not also 22:00
            hour, minute = int(match.group(6 if iso else 4)), int(match.group(7 if iso else 5))
            if hour > 23 or minute > 59:
                continue
            hours = {hour, hour + 12} if 1 <= hour <= 11 and not iso else {hour}
        found.append((match.start(), match.end(), frozenset(f"{h:02d}:{minute:02d}" for h in hours)))
    return found


def context_times(context: str) -> set[str]:
    """The clock times a context gives, as ``HH:MM`` (:func:`clock_times`)."""
    return {value for _, _, values in clock_times(context) for value in values}


def time_words(example: Example, times: set[str] | None = None) -> np.ndarray:
    """Per answer word, whether it is part of a clock time of the answer (with ``times``, a context's: one that may
    be one of them)."""
    out = np.zeros(len(example.words), dtype=bool)
    for start, end, values in clock_times(example.answer):
        if times is None or values & times:
            out[[i for i, w in enumerate(example.words) if w.start < end and w.end > start]] = True
    return out
