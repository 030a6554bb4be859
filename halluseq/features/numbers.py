"""Numbers in words and digits: the count words, scales, fractions and multipliers an amount is read from, the value
of one word (``quantities`` reads amounts from runs of them; ``slots`` compares counts by value), and the rank an
ordinal names (``third``, ``3rd``, a quarter code ``Q3``; ``text`` and ``ranks`` read them)."""

from __future__ import annotations

import re

UNIT_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
              "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen")
UNITS = {word: value for value, word in enumerate(UNIT_WORDS)}
TENS = {word: 10 * value for value, word in enumerate(
    ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"), start=2)}
COUNTS = UNITS | TENS
SCALES = {"hundred": 100, "thousand": 1_000, "million": 1_000_000, "billion": 1_000_000_000,
          "trillion": 1_000_000_000_000, "dozen": 12}
FRACTIONS = {"half": 1 / 2, "halves": 1 / 2, "third": 1 / 3, "thirds": 1 / 3, "quarter": 1 / 4, "quarters": 1 / 4}
MULTIPLIERS = {"twice": 2, "double": 2, "doubled": 2, "doubles": 2, "doubling": 2, "triple": 3, "tripled": 3,
               "triples": 3, "tripling": 3, "treble": 3, "trebled": 3, "thrice": 3, "quadruple": 4, "quadrupled": 4,
               "halved": 0.5, "halving": 0.5}
DIGITS = re.compile(r"(?:[a-z]{0,3}[$€£])?(\d[\d,]*(?:\.\d+)?)(%|s|k|m|bn)?")  # "us$76.3" too
SUFFIX_SCALES = {"k": 1_000, "m": 1_000_000, "bn": 1_000_000_000}  # "£10.25m", "$3bn": the newsroom's short scales
DASHES = re.compile(r"[-–—]")
DEGREES = re.compile(r"(?<=\d)°([cf])?$")  # "180°c", "350°f", "20°": a temperature (and its scale) or an angle
YEAR_DIGITS = re.compile(r"1[5-9]\d\d|20\d\d")  # a year of a range ("2019" of "2019-20")
PLAIN_DIGITS = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?")  # "1,500", "3.5"


def digits_value(part: str) -> float | None:
    """The value of a number written in digits (``1,200``, ``$5``, ``25%``, ``1990s``), or None."""
    match = DIGITS.fullmatch(part)
    if not match:
        return None
    try:
        return float(match.group(1).replace(",", ""))
    except ValueError:  # "1,2,3." style runs of separators
        return None


def digits_suffix(part: str) -> str | None:
    """The suffix of a number written in digits (``%`` of ``25%``, ``m`` of ``£10.25m``, ``s`` of ``1990s``), or
    None."""
    match = DIGITS.fullmatch(part)
    return match.group(2) if match else None


def without_degrees(key: str) -> str:
    """``key`` without the degree sign (and scale letter) after its digits: "180°c" -> "180", "30-35°f" -> "30-35"."""
    return DEGREES.sub("", key)


def range_ends(key: str) -> tuple[float, float] | None:
    """The two values of a range written as one word of digits ("1939-1946", "4–9%", "$4.3-4.5"; a year's later
    two-digit end is read in its century: "2019-20" is 2019 and 2020, "1999-00" 1999 and 2000; "2019-18" is read as
    written), or None for any other word ("30-year", "covid-19", "2021-03-15")."""
    parts = DASHES.split(key)
    if len(parts) != 2:
        return None
    first, last = map(digits_value, parts)
    if first is None or last is None:
        return None
    if YEAR_DIGITS.fullmatch(parts[0]) and re.fullmatch(r"\d\d", parts[1]):
        if last > first % 100:
            last += first - first % 100  # "2019-20", "1998-99"
        elif first % 100 == 99 and last == 0:
            last = first + 1  # "1999-00"
    return first, last


def number_token(key: str) -> tuple[str, float] | None:
    """What one word key is: ``("digits" | "count" | "scale" | "fraction" | "times", value)``, or None. A hyphenated
    key reads as one token when every part is a count ("twenty-five") or a count and a fraction ("two-thirds");
    otherwise by its first part when that is digits or a count ("30-year", "three-day"; not "third-party")."""
    parts = [p for p in DASHES.split(key) if p]
    if not parts:
        return None
    if len(parts) == 2 and parts[0] in TENS and parts[1] in UNITS:
        return "count", TENS[parts[0]] + UNITS[parts[1]]
    if len(parts) == 2 and parts[0] in COUNTS and parts[1] in FRACTIONS:
        return "fraction", COUNTS[parts[0]] * FRACTIONS[parts[1]]
    first = parts[0]
    value = digits_value(first)
    if value is not None:
        return "digits", value
    if len(parts) > 1:
        return ("count", COUNTS[first]) if first in COUNTS else None  # "third-party", "double-decker": no amount
    for kind, table in (("count", COUNTS), ("scale", SCALES), ("fraction", FRACTIONS), ("times", MULTIPLIERS)):
        if first in table:
            return kind, table[first]
    return None


HYPHENED_HALF = re.compile(r"((?:[a-z]+-)?[a-z]+|\d+)-and-a-half(?:-.*)?")  # "two-and-a-half", "2-and-a-half-year"


def half_more(key: str) -> float | None:
    """The value of a count with a half more written as one word ("two-and-a-half" 2.5, "one-and-a-half-year" 1.5,
    "twenty-five-and-a-half" 25.5), or None."""
    match = HYPHENED_HALF.fullmatch(key)
    if not match:
        return None
    count = match.group(1)
    if count.isdigit():
        return float(count) + 0.5
    token = number_token(count)
    return token[1] + 0.5 if token is not None and token[0] == "count" else None


def count_key(key: str) -> str:
    """The key a count is compared by: its value for a count alone in digits or in words (``15``, ``fifteen``,
    ``1,500``, ``twenty-five`` -> ``#15``, ``#15``, ``#1500``, ``#25``); any other key unchanged (``15%``, ``1990s``,
    ``three-day``, ``Smith``)."""
    parts = [p for p in DASHES.split(key) if p]
    if len(parts) == 1 and parts[0] in COUNTS:
        value: float = COUNTS[parts[0]]
    elif len(parts) == 2 and parts[0] in TENS and parts[1] in UNITS:
        value = TENS[parts[0]] + UNITS[parts[1]]
    elif PLAIN_DIGITS.fullmatch(key):
        value = float(key.replace(",", ""))
    else:
        return key
    return f"#{value:g}"


# "16th", "2nd" standing alone (not "2.5th", not "plans2nd"; "34st" too: see is_ordinal)
ORDINAL = re.compile(r"(?<![\w.,])(\d+)(st|nd|rd|th)\b", re.IGNORECASE)
ORDINAL_WORDS = {word: rank for rank, word in enumerate(
    ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "eleventh",
     "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth", "eighteenth", "nineteenth"),
    start=1)} | {f"{tens[:-1]}ieth": value for tens, value in TENS.items()}  # "twentieth", "ninetieth"
ORDINAL_NAMES = {rank: word for word, rank in ORDINAL_WORDS.items()}
QUARTER_CODE = re.compile(r"q([1-4])")  # "Q3": the third quarter of a (fiscal) year


def ordinal_suffix(number: int) -> str:
    """``st`` / ``nd`` / ``rd`` / ``th`` for ``number`` (``11th``, ``12th``, ``13th``, ``21st``, ``102nd``)."""
    if number % 100 in (11, 12, 13):
        return "th"
    return {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")


def is_ordinal(match: re.Match) -> bool:
    """Whether an :data:`ORDINAL` match has its number's suffix (``16th``); ``34st`` is 34 stone, not an ordinal."""
    return match.group(2).lower() == ordinal_suffix(int(match.group(1)))


def part_rank(part: str) -> int | None:
    """The rank one dash-free part of a word key names: an ordinal word (``third``), one in digits (``3rd``; ``34st``,
    34 stone, is none) or a quarter code (``q3``), else None."""
    if part in ORDINAL_WORDS:
        return ORDINAL_WORDS[part]
    match = ORDINAL.fullmatch(part)
    if match and is_ordinal(match):
        return int(match.group(1))
    code = QUARTER_CODE.fullmatch(part)
    return int(code.group(1)) if code else None
