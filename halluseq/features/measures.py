"""What an amount counts and which day a date names: the unit of measure after an amount ("2.4 kilometres",
"2.4-mile", "a four-month build") and the calendar dates of a text ("3 March 2021", "March 3, 2021", "May 2021").

The ``quantities`` family compares amounts by value; these two readers let it also compare what the value is of:
"a 2.4-mile bridge" states 2.4 as the context does, but in miles where the context's 2.4 counts kilometres, and "opened
in May 2021" states the context's year with another month than the context's "3 March 2021". No model.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from halluseq.features.align import MONTHS as CALENDAR_MONTHS
from halluseq.features.numbers import DASHES, DEGREES

# Spellings of one unit of measure, by the kind of thing it measures: two units of one kind that differ are another
# amount ("2.4 miles" is not "2.4 km"). Left out as ambiguous: "m" (metres or million), "pound(s)" (weight or money),
# "in" (inches or the preposition), "g", "l", "degrees" (a temperature or a diploma), "second" (also an ordinal).
UNIT_KINDS: dict[str, tuple[tuple[str, ...], ...]] = {
    "length": (("km", "kilometre", "kilometres", "kilometer", "kilometers"), ("metre", "metres", "meter", "meters"),
               ("cm", "centimetre", "centimetres", "centimeter", "centimeters"),
               ("mm", "millimetre", "millimetres", "millimeter", "millimeters"), ("mi", "mile", "miles"),
               ("ft", "foot", "feet"), ("inch", "inches"), ("yard", "yards")),
    "mass": (("kg", "kilogram", "kilograms", "kilo", "kilos"), ("gram", "grams"), ("tonne", "tonnes", "ton", "tons"),
             ("mg", "milligram", "milligrams"), ("mcg", "microgram", "micrograms"), ("ounce", "ounces", "oz"),
             ("lb", "lbs")),
    "time": (("seconds", "sec", "secs"), ("minute", "minutes", "min", "mins"), ("hour", "hours", "hr", "hrs"),
             ("day", "days"), ("week", "weeks"), ("month", "months"), ("year", "years", "yr", "yrs"),
             ("decade", "decades"), ("century", "centuries")),
    "volume": (("litre", "litres", "liter", "liters"), ("ml", "millilitre", "millilitres", "milliliter", "milliliters"),
               ("gallon", "gallons")),
    "area": (("acre", "acres"), ("hectare", "hectares")),
    "temperature": (("celsius",), ("fahrenheit",)),
    "data": (("kb", "kilobyte", "kilobytes"), ("mb", "megabyte", "megabytes"), ("gb", "gigabyte", "gigabytes"),
             ("tb", "terabyte", "terabytes")),
}
# spelling -> (kind, the unit's first spelling): the units of measure read
MEASURES: dict[str, tuple[str, str]] = {spelling: (kind, group[0]) for kind, groups in UNIT_KINDS.items()
                                     for group in groups for spelling in group}

MONTHS = tuple(month.lower() for month in CALENDAR_MONTHS)
MONTH_SPELLINGS = {**{month: month for month in MONTHS},
                   **{month[:3]: month for month in MONTHS if month != "may"}, "sept": "september"}
DAY = re.compile(r"(\d{1,2})(?:st|nd|rd|th)?")
YEAR = re.compile(r"1[5-9]\d\d|20\d\d")
# a date written in digits, year first (ISO 8601, as records and tables write it): "2023-05-01", "2023/5/1", also with
# a time of day joined by "T" ("2023-05-01T10:00", "2023-05-01t10:00:00z" as a word key)
NUMERIC_DATE = re.compile(r"(1[5-9]\d\d|20\d\d)([-/])(0?[1-9]|1[0-2])\2(0?[1-9]|[12]\d|3[01])"
                          r"(?:[tT]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:[zZ]|[+-]\d{2}:?\d{2})?)?")
DEGREE_SCALES = {"c": "celsius", "f": "fahrenheit"}  # the scale letter after a temperature's degree sign


def unit_of(keys: Sequence[str], first: int, end: int) -> tuple[str, str, int] | None:
    """``(kind, unit, at)`` of the amount ``keys[first:end]``: a temperature's scale after a degree sign on its last
    word ("180°c"), a unit joined to that word by a dash ("2.4-mile", "four-month", "13-year-old"; ``at`` that word)
    or the word after it ("2.4 kilometres"; ``at`` that word), else None."""
    if (degrees := DEGREES.search(keys[end - 1])) and degrees.group(1):
        return "temperature", DEGREE_SCALES[degrees.group(1)], end - 1
    parts = [part for part in DASHES.split(keys[end - 1]) if part]
    if len(parts) > 1:
        return next((MEASURES[part] + (end - 1,) for part in parts[1:] if part in MEASURES), None)
    return MEASURES[keys[end]] + (end,) if end < len(keys) and keys[end] in MEASURES else None


class Date(NamedTuple):
    """A calendar date as a text writes it: the month always, the day and the year where given."""

    month: str
    day: int | None
    year: int | None
    month_at: int  # word index of the month
    day_at: int | None  # word index of the day
    year_at: int | None = None  # word index of the year


def _day(key: str) -> int | None:
    """The day of the month a key writes ("3", "3rd"), or None."""
    match = DAY.fullmatch(key)
    return int(match.group(1)) if match and 1 <= int(match.group(1)) <= 31 else None


def dates(words: Sequence[str], keys: Sequence[str]) -> list[Date]:
    """The dates of a text's words (``keys`` their keys): a capitalised month name with a day before or after it
    and/or a year after it ("3 March 2021", "March 3, 2021", "May 2021", "March 3"), and a date in digits, year first
    ("2023-05-01": one word that is its year, month and day); a month alone is no date (nothing to compare), and "May"
    is a month only with a day or a year beside it."""
    found = []
    for i, key in enumerate(keys):
        numeric = NUMERIC_DATE.fullmatch(key)
        if numeric:
            year, _, month_number, day = numeric.groups()
            found.append(Date(MONTHS[int(month_number) - 1], int(day), int(year), i, i, i))
            continue
        month = MONTH_SPELLINGS.get(key)
        if month is None or not words[i][:1].isupper():
            continue
        # "In March, 15 people": no day after a comma; "Sept. 5": an abbreviation's period joins
        joined = words[i][-1:].isalnum() or words[i].endswith(".") and key != month
        before = _day(keys[i - 1]) if i > 0 and words[i - 1][-1:].isalnum() else None
        after = _day(keys[i + 1]) if joined and i + 1 < len(keys) and not YEAR.fullmatch(keys[i + 1]) else None
        day, day_at = (before, i - 1) if before is not None else (after, i + 1) if after is not None else (None, None)
        if day_at == i + 1:  # "March 3, 2021", "March 3 2021"
            year_at = i + 2 if words[i + 1][-1:] == "," or words[i + 1][-1:].isalnum() else None
        else:
            year_at = i + 1 if joined else None
        if year_at is not None and not (year_at < len(keys) and YEAR.fullmatch(keys[year_at])):
            year_at = None
        year = int(keys[year_at]) if year_at is not None else None
        if day is None and year is None:
            continue
        found.append(Date(month, day, year, i, day_at, year_at))
    return found


def states(stated: Date, date: Date) -> bool:
    """Whether the ``stated`` date gives ``date``: the same month, and the same day and year where ``date`` gives
    them ("2023-05-01" gives "May 1, 2023" and "May 2023"; "May 2023" does not give "May 1, 2023")."""
    return stated.month == date.month and date.day in (None, stated.day) and date.year in (None, stated.year)


def wrong_date_words(date: Date, stated: Sequence[Date]) -> list[int]:
    """Word indices of an answer ``date`` that the context's ``stated`` dates contradict: none where one of them
    agrees with it (same month; day and year equal where both give them); else the day where the context dates that
    month in that year (or, without a year, that month) only on other days, and the month where the context dates
    that year (or, without a year, that day) only in other months. No word where the context dates nothing
    comparable."""
    def agrees(other: Date) -> bool:
        return other.month == date.month and (date.day is None or other.day is None or date.day == other.day) \
            and (date.year is None or other.year is None or date.year == other.year)

    if any(agrees(other) for other in stated):
        return []
    if date.year is not None:
        same_period = [other for other in stated if other.year == date.year]
    else:
        same_period = [other for other in stated if other.month == date.month or other.day == date.day]
    if any(other.month == date.month for other in same_period):
        return [date.day_at] if date.day_at is not None else []
    return [date.month_at] if same_period else []

