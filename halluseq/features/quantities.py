"""Quantities by value (3 columns): is the amount an answer states there in the context, in any spelling?

The text statistics compare numbers as written and only numbers in digits, so a faithful answer that spells out
what the context writes in digits ("3 of the twelve members" for "Three of the 12") reads as two new numbers, and a
spelled-out amount that changed ("fallen by half" for "by a third", "three hundred thousand" for "two hundred
thousand") reads as ordinary words. Here every amount is read as a value: digits (``1,200``, ``3.5``, ``25%``,
``$5``), spelled-out counts with their scales (``twenty-five``, ``two hundred thousand``, ``3 million``, ``a
dozen``), fractions (``half``, ``a third``, ``two-thirds``) and multipliers (``twice``, ``doubled``, ``three
times``). Per answer word of such an amount:

- ``quantity_spelled``: the amount is spelled out in words, at least in part (what ``is_number`` misses);
- ``quantity_absent``: the context states its value nowhere, in digits or in words;
- ``quantity_respelled``: the context states its value, but not as this word is written (``3`` for ``Three``): a
  new word that is no new claim;
- ``quantity_far``: the context states its value, but only in sentences about something else: none of them shares
  ``NEAR_WORDS`` content words (half of them, when it has fewer than four) with the answer clause around the amount
  (its sentence up to a semicolon; with option ``clauses``, version 9, also up to a comma before "while", "whereas",
  "but", "although", "though" or "yet", so "revenue rose 12%, while net income slipped 12%" reads the second 12% by
  "net income", which the context's 12% is not about; also without the comma's verb phrase: ", but is twice as
  expensive"). A 50-page context states most small numbers somewhere; "save NOK 50 million" is no claim the context
  makes because another of its documents counts "50 million" visitors.
- ``quantity_direction`` (option ``direction``, off by default): on a word saying which way an amount moved
  (``rose``, ``fell``, ``up``, ``a decline of``) within ``DIRECTION_REACH`` words of an amount, where the context's
  sentences that state that amount about the same thing (``NEAR_WORDS``, as above, compared by WordNet lemma: "home
  building" is about "homes built") move it only the other way: "revenue fell 8%" for "revenue ... up 8%". Years
  are no amounts here ("in 2025 sales rose"), nor is "up to" a rise (a bound).

With option ``durations`` (off by default), a count of years that two years of one context sentence are apart is
stated there ("opened in 1937, five years after construction began" for "began in 1932 and ... opened in 1937"):
``quantity_respelled``, not ``quantity_absent``; version 11: also a count of days that two dates with a day, of one
sentence or two in a row, are apart ("Four days." to "How many days after launch did Eagle land?" where the context
says "launched on July 16, 1969" and, in the next sentence, "landed ... on July 20"), where the context counts no
days itself (where it says "results are posted within 10 days", "30 days" is no span of its dates); version 12:
also a year that a sentence gives by a count of years from a year it states ("A fire destroyed it in 1996." where
the context says "moved in 1998, two years after the fire": :func:`derived_years`).

With option ``clocks`` (off by default) a clock time of the answer is read by value against the context's (``15:00``,
``3 pm``, ``noon``): ``quantity_absent`` on its words where the context gives none of the times it may be ("opens at
10 am" where the hours say noon), ``quantity_respelled`` where the context gives it in another spelling.

With option ``respellings`` (off by default) more spellings of one value are read as one: digits with a degree sign
(``180°C``: 180; version 4: version 3 read them as no amount, so "Bake at 200°C" stated no new one where the context
has 180°C), digits with a newsroom scale (``£10.25m``, ``$3bn``, ``5k``: 10,250,000, 3,000,000,000, 5,000; an
answer's is stated where the context states that value or the digits alone, as "330m" may be metres), counts after a
scale (``two thousand five hundred``, ``one hundred and twenty``), a share as a percentage or a fraction (``50%``,
``50 per cent`` and ``half`` state the share 50; ``a third`` and ``33%`` the share 33, not ``33.3%``) and a year its
decade (1937 states "the 1930s"). Version 6: a count with a half more is one amount ("two and a half", "2 and a half",
"two-and-a-half": 2.5; "one and a half million" 1.5 million; before, 2 and a half, each absent where the context has
2.5); version 7: also after a scale word ("a million and a half", "a dozen and a half"); version 8: a multiplier
("doubled", "twice", "three times", "halved") is stated where two amounts of one context sentence, or of two
sentences in a row, stand in that ratio within 5%, the later over the earlier ("Sales nearly doubled" where sales
"rose from 48,000 units in 2022 to 95,000", not "halved"; years are no amounts here).

With option ``ranks`` (off by default) the rank an ordinal claims ("finished third", "fourth-quarter revenue", "Q3";
:mod:`halluseq.features.ranks`) is ``quantity_absent`` where the context states that rank nowhere, in any spelling,
and ``quantity_respelled`` where it states it in another spelling ("3rd" for "third"); a century is also stated by
a year of it ("the mid-20th century" for 1947).

With options ``respellings`` and ``units`` both on (version 5), a duration one word names (``a week``, ``half an
hour``, ``a decade``; :func:`named_durations`, not a rate as in "three times a day") is ``quantity_respelled`` where
the context gives it as a count of a smaller unit ("for a week" where it says "for 7 days"), and such a count of the
answer is stated where the context names that duration ("for 10 years" where it says "for a decade"); a named
duration the context does not give is read as before (no amount). Version 6: one with a half more is one and a half
of its unit ("a year and a half" states 18 months and is stated by them), ``quantity_absent`` where the context gives
it nowhere; version 7: after "past", "last", "next", "first" or "one" too ("over the past year and a half");
version 11: the one "the past" or "the last" spans ("visits fell over the past decade": "in ten years" states it).

With option ``ranges`` (off by default) a range written as one word ("1939-1946", "4-9%", "$4.3-4.5 billion") is
stated only where the context states both its ends (without it, by its first end alone: "The war lasted 1939-1946."
was stated where the context has "from 1939 to 1945"), and a context's range states its second end as its amount
is scaled ("$4.3-4.5 billion" states 4.5 billion; "2019-20" states 2020); version 6: a range written as two amounts
states its first end as the second is scaled ("between 70 and 85 million" states 70 million).

With options ``units`` and ``currencies`` both on, an amount of money is compared by its currency too (a symbol on the
amount, or a code or name beside it: :func:`currency_of`), as ``units`` compares a unit of measure: "$4.2 billion" is
stated where the context gives 4.2 billion in dollars, or in no other currency, not where it gives "EUR 4.2 billion"
(``quantity_absent``, also on the currency's word), even beside a 4.2 billion in no currency; "5 million dollars" is
stated by "$5 million".

A lone ``one`` (a pronoun as often as a count), ordinals (``the third album``, ``a third party``) and vague plurals
(``hundreds of``) are not amounts, nor are list numbers, citation markers and numbers that point into the sources
("1." opening an item, "(2)", "[3]", "Passage 2"). No model; linear in context plus answer length.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from math import isclose

import numpy as np
from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS

from halluseq.data.example import Example
from halluseq.data.sentences import sentence_index, split_sentences
from halluseq.features.abbreviations import clock_times, context_times, time_words
from halluseq.features.align import (
    AUXILIARIES,
    contrast_after,
    ends_with_comma,
    is_capitalised,
    is_content,
    item_starts,
)
from halluseq.features.base import PerContextFeatures
from halluseq.features.measures import MONTHS, Date, dates, states, unit_of, wrong_date_words
from halluseq.features.numbers import (
    COUNTS,
    DASHES,
    FRACTIONS,
    SUFFIX_SCALES,
    TENS,
    digits_suffix,
    digits_value,
    half_more,
    number_token,
    range_ends,
    without_degrees,
)
from halluseq.features.ranks import claimed_ranks, names_century, stated_ranks, year_centuries
from halluseq.features.slots import points_into_sources
from halluseq.features.text import CURRENCY_SPELLINGS, CURRENCY_SYMBOL, CURRENCY_SYMBOLS, word_key
from halluseq.lexicon import load_relations
from halluseq.markup import markup_mask

COLUMNS = ["quantity_spelled", "quantity_absent", "quantity_respelled", "quantity_far"]
DIRECTION_COLUMN = "quantity_direction"
# words that say which way an amount moved: verbs, nouns and adverbs of change, all their inflections; a closed
# class of its own, not WordNet's (which relates "rise" and "fall" but not "up 8%" and "fell 8%")
RISES = frozenset({
    "rise", "rises", "rose", "risen", "rising", "increase", "increased", "increases", "increasing", "grow", "grows",
    "grew", "grown", "growing", "growth", "gain", "gained", "gains", "climb", "climbed", "climbs", "climbing", "jump",
    "jumped", "jumps", "surge", "surged", "surges", "soar", "soared", "soars", "up", "higher", "boost", "boosted",
    "expand", "expanded", "expands"})
FALLS = frozenset({
    "fall", "falls", "fell", "fallen", "falling", "decrease", "decreased", "decreases", "decreasing", "decline",
    "declined", "declines", "declining", "drop", "dropped", "drops", "dropping", "shrink", "shrank", "shrunk",
    "shrinks", "down", "lower", "slump", "slumped", "plunge", "plunged", "plunges", "dip", "dipped", "cut", "cuts",
    "reduce", "reduced", "reduces", "lose", "lost", "loses", "loss"})
DIRECTION_REACH = 3  # at most this many words between a direction word and the amount it moves
BOUNDS = frozenset({"to"})  # "up to 8%", "down to 5": a bound, not a move
YEAR = re.compile(r"1[5-9]\d\d|20\d\d")
YEAR_UNITS = frozenset({"year", "years"})  # what a count of years between two stated years counts
DAY_UNITS = frozenset({"day", "days"})  # what a count of days between two dated days counts (version 11)
# after "N years": which way the year it names lies from the sentence's year (version 12)
YEAR_DIRECTIONS = {"after": -1, "earlier": -1, "before": 1, "later": 1}
COMMON_YEAR = 2001  # a year of 365 days, for two dates that give no year
SPAN_DATES = 8  # dates of a sentence paired into day spans (version 11)
YEAR_LEADS = frozenset({"in", "since", "by", "until", "from"})  # before a year a count of years is counted from
RATIO_AMOUNTS = 8  # amounts of a sentence paired into multipliers (respellings, version 8)
RATIO_TOLERANCE = 0.05  # how far from a multiple of one half a ratio of two amounts still states it
# a currency's code for each of its spellings ("dollars": "usd"), and for a symbol before an amount ("$1.5", "€20"):
# one topic word per currency, however it is written
CURRENCY_CODES = {spelling: group[0] for group in CURRENCY_SPELLINGS for spelling in group}
# the currency an amount is given in (option ``currencies``): a symbol on its first word, or a code or name right before
# or after it; "pound(s)" weighs as often as it pays and "¥" is yen or yuan, so neither names one here
AMOUNT_CURRENCIES = {spelling: code for spelling, code in CURRENCY_CODES.items() if spelling not in {"pound", "pounds"}}
AMOUNT_SYMBOLS = {symbol: code for symbol, code in CURRENCY_SYMBOLS.items() if symbol != "¥"}
NEAR_WORDS = 2  # content words a context sentence stating an amount shares with the answer clause around it
LONE_FRACTIONS = frozenset({"half"})  # a fraction without a count before it ("by half"; "the third" is an ordinal)
ARTICLES = frozenset({"a", "an"})
# before a unit of time with a half more ("over the past year and a half", "one year and a half"; version 7)
HALF_LEADS = ARTICLES | {"past", "last", "next", "first", "one"}
SPANNED = frozenset({"past", "last"})  # "the past decade", "the last year": a duration up to now (version 11)
# after "a third" these words keep it a fraction ("a third more"), as a stop word does ("by a third since 2019"); any
# other content word makes it an ordinal ("a third party", "a third time")
FRACTION_FOLLOWERS = frozenset({"more", "less", "fewer", "higher", "lower", "larger", "smaller", "compared"})
PERCENT_WORDS = frozenset({"percent", "per-cent", "pc"})  # after a count: "50 percent" ("per cent": two keys)
DECADE = re.compile(r"(1[5-9]\d|20\d)0s")  # "1930s" (respellings: what a year states)
TIME_WORDS = {"noon": "12:00", "midday": "12:00", "midnight": "00:00"}  # clock times a context writes in words
FREQUENCIES = frozenset({"twice", "thrice"})  # counts of times ("scored twice"), not changes ("doubled")
# a duration one word names, as counts of smaller units of time (measures.UNIT_KINDS' first spellings): "a week" is 7
# days; read with ``respellings`` and ``units`` (version 5)
NAMED_DURATIONS: dict[str, tuple[tuple[float, str], ...]] = {
    "minute": ((60.0, "seconds"),), "hour": ((60.0, "minute"),), "day": ((24.0, "hour"),),
    "week": ((7.0, "day"),), "fortnight": ((14.0, "day"), (2.0, "week")), "month": ((30.0, "day"),),
    "year": ((12.0, "month"), (52.0, "week"), (365.0, "day")), "decade": ((10.0, "year"),),
    "century": ((100.0, "year"),)}
# within two words before "a week", these or a number make it a rate ("three times a day", "once a week", "50,000
# dollars a year"), not a duration
RATE_WORDS = frozenset({"times", "once"})
RATE_REACH = 2
# a context sentence opening with one of these is about what the sentence before it is about ("It cost $1.2 billion")
REFERRING = frozenset({"it", "its", "they", "their", "he", "his", "she", "her", "this", "these", "those", "such"})
OPENING_COORDINATORS = frozenset({"and", "but", "yet", "so"})  # "But it cost ...": still about the sentence before
OPENER_WORDS = 4  # words of an opening phrase before its comma ("However,", "In the same period,"; version 9)

Value = tuple[str, float]  # ("count" | "fraction" | "times", value)


@dataclass(frozen=True)
class QuantityOptions:
    """How amounts are read (module docstring; all off by default): ``direction`` adds ``quantity_direction``;
    ``durations`` states the years between two years of one context sentence; ``respellings`` reads more spellings
    of one value; ``clocks`` reads clock times by value; ``referents`` makes a context sentence that opens with a
    pronoun (:data:`REFERRING`; also after "However," or "But": :func:`opens_with_referent`) also about the sentence
    before it; ``units`` compares an amount's unit of measure;
    ``calendar`` compares dates; ``ranks`` compares the ranks of ordinals; ``ranges`` reads both ends of a range
    written as one word (:func:`range_second`); ``clauses`` ends an answer clause also before a contrast after a
    comma (:func:`_clauses`); ``currencies`` (with ``units``) compares the currency of an amount of money
    (:func:`currency_of`) as ``units`` compares a unit of measure."""

    direction: bool = False
    durations: bool = False
    respellings: bool = False
    clocks: bool = False
    referents: bool = False
    units: bool = False
    calendar: bool = False
    ranks: bool = False
    ranges: bool = False
    clauses: bool = False
    currencies: bool = False


def currency_of(keys: Sequence[str], first: int, end: int) -> tuple[str, str, int] | None:
    """``("currency", code, at)`` of the amount ``keys[first:end]``: a symbol opening its first word ("$4.2", "€5m";
    ``at`` that word), else a currency's code or name right before it ("EUR 4.2 billion") or right after it ("5 million
    dollars"; ``at`` that word); None for none (:data:`AMOUNT_CURRENCIES`, :data:`AMOUNT_SYMBOLS`)."""
    if (symbol := CURRENCY_SYMBOL.match(keys[first])) and symbol.group() in AMOUNT_SYMBOLS:
        return "currency", AMOUNT_SYMBOLS[symbol.group()], first
    for at in (first - 1, end):
        if 0 <= at < len(keys) and keys[at] in AMOUNT_CURRENCIES:
            return "currency", AMOUNT_CURRENCIES[keys[at]], at
    return None


def measure_of(keys: Sequence[str], first: int, end: int, currencies: bool) -> tuple[str, str, int] | None:
    """What the amount ``keys[first:end]`` is given in: its unit of measure (:func:`halluseq.features.measures.unit_of`)
    or, with ``currencies``, its currency (:func:`currency_of`); None for neither."""
    return unit_of(keys, first, end) or (currency_of(keys, first, end) if currencies else None)


def range_second(key: str, value: Value) -> Value | None:
    """The value of a range's second end, where an amount of ``value`` opens with the range word ``key``
    (:func:`halluseq.features.numbers.range_ends`) and is scaled as its first end is: "$4.3-4.5 billion" (``value``
    4.3 billion) ends at 4.5 billion, "2019-20" at 2020, "30-35°c" at 35. None where ``key`` is no range."""
    ends = range_ends(without_degrees(key))
    if ends is None or value[0] != "count":
        return None
    first, last = ends
    scale = round(value[1] / first) if first and value[1] > first else 1  # "billion" after "$4.3-4.5"
    return "count", round(last * scale, 6)  # 4.1 billion, not 4099999999.9999995


def amounts(keys: Sequence[str], words: Sequence[str] | None = None, respellings: bool = False
            ) -> list[tuple[int, int, Value, bool]]:
    """The amounts of a word-key sequence as ``(first, end, value, spelled)``: runs such as "two hundred thousand",
    "3 million", "a third", "twenty-five", "3 times"; ``spelled`` when a number word (not digits) is in the run.
    ``words`` (the words as written, if known) tell "by a third. Prices" (a fraction) from "a third party". With
    ``respellings``, digits with a scale suffix are scaled ("£10.25m": 10,250,000), a count after a scale word
    goes on the amount ("two thousand five hundred", "one hundred and twenty") and digits with a degree sign are
    read as digits ("180°C": 180; version 4); a count with a half more is one amount ("two and a half", "2 and a
    half", "two-and-a-half": 2.5; "one and a half million": 1.5 million; version 6: two amounts, 2 and a half), and
    the half of "a year and a half" none (:func:`named_durations` reads it)."""
    tokens = [number_token(without_degrees(k) if respellings else k) for k in keys]
    if respellings:
        tokens = [("count", half) if (half := half_more(k)) is not None else token
                  for k, token in zip(keys, tokens, strict=True)]
    found = []
    i = 0
    while i < len(keys):
        token = tokens[i]
        article = keys[i] in ARTICLES and i + 1 < len(keys) and tokens[i + 1] is not None \
            and tokens[i + 1][0] in ("scale", "fraction")
        if token is None and not article:
            i += 1
            continue
        if respellings and article and _half_of_duration(keys, i):
            i += 2  # "a half" of "a year and a half"
            continue
        ordinal = article and keys[i + 1] in ("third", "thirds") and i + 2 < len(keys) \
            and is_content(keys[i + 2]) and keys[i + 2].isalpha() and keys[i + 2] not in FRACTION_FOLLOWERS
        if ordinal and (words is None or words[i + 1][-1:].isalpha()):
            i += 2  # "a third party": an ordinal
            continue
        first = i
        kind, value = ("count", 1.0) if article else token
        if article or kind in ("count", "digits"):
            total, current, end = 0.0, value, i + 1
            if respellings and kind == "digits" and (scale := SUFFIX_SCALES.get(digits_suffix(keys[i]) or "")):
                current *= scale  # "£10.25m"
            while end < len(keys):
                half = respellings and _half_more(keys, tokens, end)
                if tokens[end] is None and not half and not (respellings and _joins_counts(keys, tokens, end)):
                    break
                if half:  # "two and a half", "a million and a half"
                    previous = tokens[end - 1]
                    if previous is not None and previous[0] == "scale":
                        total += previous[1] / 2
                    else:
                        current += 0.5
                    end += 3
                    continue
                if tokens[end] is None:  # "and" of "one hundred and twenty"
                    end += 1
                    continue
                next_kind, next_value = tokens[end]
                if next_kind == "scale":
                    if next_value == 100:
                        current *= 100
                    else:
                        total, current = total + current * next_value, 0.0
                elif next_kind == "count" and keys[end - 1] in TENS and next_value < 10:
                    current += next_value
                elif respellings and next_kind == "count" and _after_scale(tokens, end) and _pure_count(keys[end]):
                    current += next_value  # "two thousand five", "two hundred fifty"
                elif next_kind == "fraction" and end == first + 1:
                    current *= next_value
                    kind = "fraction"
                else:
                    break
                end += 1
            if kind != "fraction":
                kind = "count"
                if end < len(keys) and keys[end] == "times":  # "three times": a multiplier
                    kind, end = "times", end + 1
            if end == first + 1 and keys[first] == "one":
                i = end  # a lone "one" is no amount
                continue
            value = total + current
        elif kind == "fraction":
            end = i + 1
            if keys[i] in FRACTIONS and keys[i] not in LONE_FRACTIONS:
                i = end  # "the third", "first quarter": an ordinal, a period
                continue
        elif kind == "times":
            end = i + 1
        else:  # a scale without a count before it ("hundred")
            i += 1
            continue
        spelled = any(tokens[j] is not None and tokens[j][0] != "digits" for j in range(first, end))
        found.append((first, end, (kind, round(value, 6)), spelled))
        i = end
    return found


def _pure_count(key: str) -> bool:
    """Whether a key is a count word and nothing else ("five", "twenty-five"; not "five-year")."""
    return all(part in COUNTS for part in DASHES.split(key))


def _after_scale(tokens: Sequence[tuple[str, float] | None], end: int) -> bool:
    """Whether the token before ``end`` (or before an "and" there) is a scale word ("thousand", "hundred")."""
    before = tokens[end - 1] if tokens[end - 1] is not None else tokens[end - 2] if end >= 2 else None
    return before is not None and before[0] == "scale"


def _joins_counts(keys: Sequence[str], tokens: Sequence[tuple[str, float] | None], end: int) -> bool:
    """Whether ``keys[end]`` is the "and" of "one hundred and twenty": after a scale word, before a count."""
    return keys[end] == "and" and tokens[end - 1] is not None and tokens[end - 1][0] == "scale" \
        and end + 1 < len(keys) and _pure_count(keys[end + 1])


def _half_more(keys: Sequence[str], tokens: Sequence[tuple[str, float] | None], end: int) -> bool:
    """Whether ``keys[end:end + 3]`` is the "and a half" of "two and a half": after a count in words or digits, or a
    scale word other than "hundred" ("a dozen and a half", "a million and a half"; version 7)."""
    return keys[end:end + 3] == ["and", "a", "half"] and tokens[end - 1] is not None \
        and (tokens[end - 1][0] in ("count", "digits") or tokens[end - 1][0] == "scale" and tokens[end - 1][1] != 100)


def _half_of_duration(keys: Sequence[str], i: int) -> bool:
    """Whether ``keys[i:i + 2]`` is the "a half" of a duration one word names with a half more ("a year and a
    half")."""
    return keys[i + 1] == "half" and i >= 3 and keys[i - 1] == "and" and keys[i - 2] in NAMED_DURATIONS \
        and keys[i - 3] in HALF_LEADS


def alternatives(keys: Sequence[str], first: int, end: int, value: Value) -> set[Value]:
    """The other values an amount ``keys[first:end]`` of ``value`` states (option ``respellings``): a percentage its
    share, a fraction of at most one its share in whole percent ("50%", "50 per cent", "half": ("share", 50); "a
    third": 33, so "33%" states it and "33.3%" or "1.61%" for "2%" do not), a decade its
    decade ("1930s": ("decade", 1930)), digits with a scale suffix ("£10.25m") their digits alone, ``twice`` and
    ``thrice`` their count (not ``doubled``, nor "three times", which the unit edits write for "3%")."""
    kind, amount = value
    last = keys[end - 1]
    following = keys[end:end + 2]
    percent = digits_suffix(last) == "%" or following[:1] and following[0] in PERCENT_WORDS \
        or following == ["per", "cent"]
    out: set[Value] = set()
    if kind == "count" and percent:
        out.add(("share", amount))
    elif kind == "fraction" and amount <= 1:
        out.add(("share", float(round(100 * amount))))
    if kind == "times" and last in FREQUENCIES:
        out.add(("count", amount))  # "scored twice": two goals
    if end == first + 1 and DECADE.fullmatch(last):
        out.add(("decade", amount))
    if end == first + 1 and digits_suffix(last) in SUFFIX_SCALES:
        out.add(("count", round(digits_value(last) or 0.0, 6)))
    return out


def led_year(keys: Sequence[str], at: int) -> bool:
    """Whether ``keys[at]`` is a year after one of :data:`YEAR_LEADS` ("in 1998"; not "2000 workers" nor "the 1990
    flood")."""
    return at > 0 and keys[at - 1] in YEAR_LEADS and YEAR.fullmatch(keys[at]) is not None


def derived_years(keys: Sequence[str], found: Sequence[tuple[int, int, Value, bool]]) -> set[float]:
    """The years a sentence gives by a count of years from a year it states (version 12): "moved in 1998, two years
    after the fire" gives 1996 (after, earlier: the year minus the count), "closed in 1998, a year before the
    merger" 1999 (before, later: plus); only counts (or "a") followed by "year(s)" and one of those words, and from
    years after "in", "since", "by", "until" or "from" (:data:`YEAR_LEADS`)."""
    years = [value[1] for first, _, value, _ in found if value[0] == "count" and led_year(keys, first)]
    out = set()
    for first, stop, value, _ in found:
        if value[0] != "count" or YEAR.fullmatch(keys[first]) or stop + 1 >= len(keys) \
                or keys[stop] not in YEAR_UNITS or keys[stop + 1] not in YEAR_DIRECTIONS:
            continue
        sign = YEAR_DIRECTIONS[keys[stop + 1]]
        out.update(year + sign * value[1] for year in years)
    for i in range(len(keys) - 2):  # "a year before the merger": one year
        if keys[i] in ARTICLES and keys[i + 1] == "year" and keys[i + 2] in YEAR_DIRECTIONS:
            out.update(year + YEAR_DIRECTIONS[keys[i + 2]] for year in years)
    return out


def days_apart(days: Sequence[Date], first_new: int = 0) -> set[float]:
    """The numbers of days that two dates with a day are apart, the later in ``days`` (text order) counted from the
    earlier, the later of each pair from ``first_new`` on, so that pairs of an earlier sentence are not read again
    (version 11: "launched on July 16, 1969" and "landed on July 20": four days). A date without a year is taken in
    the year of the other, or in a common year when neither gives one, and one the text gives later but that falls
    earlier in that year in the year after ("left on December 28 ... reached New York on January 3": six days)."""
    out = set()
    for j in range(max(first_new, 1), len(days)):
        second = days[j]
        for first in days[:j]:
            year = first.year or second.year or COMMON_YEAR
            try:
                one = datetime.date(year, MONTHS.index(first.month) + 1, first.day)
                two = datetime.date(second.year or year, MONTHS.index(second.month) + 1, second.day)
                if two < one and (first.year is None or second.year is None):
                    two = two.replace(year=two.year + 1)
            except ValueError:  # "February 30", or February 29 rolled into a common year
                continue
            if one != two:
                out.add(float(abs((two - one).days)))
    return out


def counts_days_at(keys: Sequence[str], first: int, stop: int) -> bool:
    """Whether the amount ``keys[first:stop]`` counts days: "10 days", "10 business days", "a 10-day review"."""
    unit = unit_of(keys, first, stop)
    return unit is not None and unit[:2] == ("time", "day") or any(key in DAY_UNITS for key in keys[stop:stop + 2])


def named_durations(keys: Sequence[str]) -> list[tuple[int, int, tuple[tuple[float, str], ...]]]:
    """The durations of a key sequence that one word names, as ``(first, end, equivalents)``: "a week" (7 days),
    "an hour" (60 minutes), "half an hour" (30 minutes), "a decade" (10 years); not a rate ("three times a day",
    "50,000 dollars a year": a number or one of :data:`RATE_WORDS` within ``RATE_REACH`` words before); version 11:
    also the one that "the past" or "the last" spans ("over the past decade": 10 years). One with a
    half more is one and a half of its unit and the equivalents of that ("a year and a half": 1.5 years, 18 months;
    version 6: none)."""
    found = []
    for i in range(1, len(keys)):
        more = keys[i + 1:i + 4] == ["and", "a", "half"]
        spanned = not more and i >= 2 and keys[i - 2] == "the" and keys[i - 1] in SPANNED \
            and keys[i + 1:i + 2] != ["of"]  # "over the past decade"; not "the last week of June" (the final one)
        if keys[i] not in NAMED_DURATIONS or keys[i - 1] not in (HALF_LEADS if more else ARTICLES) and not spanned:
            continue
        half = not more and i >= 2 and keys[i - 2] == "half"
        first = i - 2 if half or spanned else i - 1
        if not spanned and any(key in RATE_WORDS or number_token(key) is not None
                               for key in keys[max(first - RATE_REACH, 0):first]):
            continue
        factor = 1.5 if more else 0.5 if half else 1.0
        pairs = tuple((round(count * factor, 6), unit) for count, unit in NAMED_DURATIONS[keys[i]])
        found.append((first, i + 4, ((1.5, keys[i]), *pairs)) if more else (first, i + 1, pairs))
    return found


def time_equivalents(count: float, unit: str) -> set[tuple[float, str]]:
    """A count of a unit of time as counts of the smaller units :data:`NAMED_DURATIONS` gives that unit in, and
    theirs in turn: 2 years are 24 months, 104 weeks and 730 days (and other counts of days through the months and
    weeks); none for a unit of another kind. Counts are rounded to six decimals (2.3 years: 27.6 months)."""
    out = set()
    for factor, smaller in NAMED_DURATIONS.get(unit, ()):
        smaller_count = round(count * factor, 6)
        out |= {(smaller_count, smaller), *time_equivalents(smaller_count, smaller)}
    return out


def _stated(keys: Sequence[str], found: Sequence[tuple[int, int, Value, bool]], respellings: bool = False,
            ranges: bool = False) -> set[Value]:
    """The values a run of context keys states (``found``: its :func:`amounts`): each amount's, each count's of an
    amount alone (the context's "2 million" also states 2) and both ends of a range ("7–10" states 10); with
    ``respellings`` also each amount's :func:`alternatives` and each year's decade (1937: ("decade", 1930)); with
    ``ranges`` a range's second end as its amount is scaled ("$4.3-4.5 billion" states 4.5 billion, "2019-20" 2020)
    and the first end of a range written as two amounts as the second is scaled ("between 70 and 85 million" and "40
    to 45 million" state 70 million and 40 million: :func:`shared_scales`; version 6)."""
    values: set[Value] = set()
    if ranges:
        values |= shared_scales(keys, found)
    for key in keys:
        parts = DASHES.split(without_degrees(key) if respellings else key)
        values.update(("count", round(v, 6)) for v in map(digits_value, parts) if v is not None)
        if respellings and YEAR.fullmatch(key):
            values.add(("decade", float(int(key) // 10 * 10)))
    for first, end, value, _ in found:
        values.add(value)
        if ranges and (second := range_second(keys[first], value)) is not None:
            values.add(second)
        if respellings:
            values |= alternatives(keys, first, end, value)
        for key in keys[first:end]:
            token = number_token(key)
            if token is not None and token[0] in ("digits", "count"):
                values.add(("count", round(token[1], 6)))
    return values


RANGE_LINKS = frozenset({"and", "to", "or", "-", "–", "—"})  # between the two ends of a range: "70 to 85 million"


def shared_scales(keys: Sequence[str], found: Sequence[tuple[int, int, Value, bool]]) -> set[Value]:
    """The first ends of ranges written as two amounts, scaled as the second is: a count without a scale word, one of
    :data:`RANGE_LINKS`, then a count with one ("70 and 85 million": 70 million; "two to three billion": 2 billion)."""
    out: set[Value] = set()
    for (first, end, value, _), (later, _, scaled, _) in zip(found, found[1:], strict=False):
        if value[0] != "count" or scaled[0] != "count" or later != end + 1 or keys[end] not in RANGE_LINKS:
            continue
        tokens = [number_token(key) for key in keys[first:end]]
        opening = number_token(keys[later])
        if any(token is not None and token[0] == "scale" for token in tokens) \
                or any(digits_suffix(key) in SUFFIX_SCALES for key in keys[first:end]) or opening is None \
                or opening[0] not in ("count", "digits") or not opening[1]:
            continue  # "£70m and £85m": each scaled already
        scale = round(scaled[1] / opening[1])  # "2.7 million" after "1.2 and": 1,000,000 (2700000 / 2.7 rounds)
        if scale >= 100 and isclose(scale * opening[1], scaled[1], rel_tol=1e-9):
            out.add(("count", round(value[1] * scale, 6)))
    return out


def _topic(keys: Sequence[str]) -> set[str]:
    """The content keys of a sentence that are no amount words (what the sentence is about), a currency it names by
    word, code or symbol as its code (version 10: "1,500,000 dollars" is about what "$1.5 million" is)."""
    topic = {CURRENCY_CODES.get(key, key) for key in keys if is_content(key) and number_token(key) is None}
    return topic | {CURRENCY_SYMBOLS[m.group()] for key in keys if (m := CURRENCY_SYMBOL.match(key))}


def opens_with_referent(words: Sequence[str], keys: Sequence[str]) -> bool:
    """Whether a sentence (its words as written and their keys) opens with a pronoun or demonstrative of
    :data:`REFERRING`, also after a coordinator ("But it cost ...") or after an opening phrase of at most
    ``OPENER_WORDS`` words that ends in a comma, opens with a stop word and holds no capital past its first word
    ("However, it costs ...", "But in the same period, its net income ..."; not the apposition of "Beta Corp, its
    rival, cut ..."; version 9: before, only a sentence whose first word is one)."""
    if keys and keys[0] in OPENING_COORDINATORS:
        if len(keys) > 1 and keys[1] in REFERRING:
            return True
        words, keys = words[1:], keys[1:]
    if not keys:
        return False
    if keys[0] in REFERRING:
        return True
    comma = next((i for i, word in enumerate(words[:OPENER_WORDS]) if ends_with_comma(word)), None)
    return comma is not None and comma + 1 < len(keys) and keys[comma + 1] in REFERRING \
        and keys[0] in ENGLISH_STOP_WORDS and not any(map(is_capitalised, words[1:comma + 1]))


def _sign(keys: Sequence[str], i: int) -> int:
    """+1 where ``keys[i]`` says an amount rose, -1 where it says it fell, else 0 ("up to" is a bound)."""
    key = keys[i]
    if key in ("up", "down") and i + 1 < len(keys) and keys[i + 1] in BOUNDS:
        return 0
    return 1 if key in RISES else -1 if key in FALLS else 0


def move(keys: Sequence[str], first: int, end: int) -> tuple[int, int] | None:
    """``(sign, index)`` of the direction word nearest the amount ``keys[first:end]`` (at most ``DIRECTION_REACH``
    words between them; the earlier of two equally near), or None; None for a year ("in 2025")."""
    if end == first + 1 and YEAR.fullmatch(keys[first]):
        return None
    for distance in range(1, DIRECTION_REACH + 2):
        for i in (first - distance, end - 1 + distance):
            if 0 <= i < len(keys) and (sign := _sign(keys, i)):
                return sign, i
    return None


def _shares(topic: set[str], stated: set[str]) -> bool:
    """Whether a context sentence whose content keys are ``stated`` is about an answer clause whose content keys are
    ``topic``: ``NEAR_WORDS`` shared (half of ``topic``, rounded up, when it has fewer than four)."""
    return len(topic & stated) >= min(NEAR_WORDS, (len(topic) + 1) // 2)


def _lemmas(topic: set[str]) -> set[str]:
    """One key per content word of ``topic`` that is no direction word: its first WordNet lemma in sorted order
    (``homes`` -> ``home``, ``printed`` -> ``print``), else the key itself."""
    relations = load_relations()
    return {min(relations.lemmas(key) or {key}) for key in topic - RISES - FALLS}


def multipliers(counts: Sequence[float], first_new: int = 0) -> set[float]:
    """The multipliers two of ``counts`` stand in, the later over the earlier (the later of each pair from
    ``first_new`` on, so that pairs of an earlier sentence are not read again), where the ratio lies within
    ``RATIO_TOLERANCE`` of a multiple of one half (of one quarter below one): "from 48,000 to 95,000" gives 2
    ("doubled", not "halved"), "$80 million ... fell to $41 million" 0.5 ("halved"), "12 of 400 ... against 36 of 400"
    3; 48,000 and 60,000 none. A context tells a change from the earlier figure to the later and compares the second
    group with the first. At most ``RATIO_AMOUNTS`` amounts of a sentence are paired."""
    found = set()
    counts = counts[:first_new + RATIO_AMOUNTS]
    for j in range(max(first_new, 1), len(counts)):
        for i in range(j):
            ratio = counts[j] / counts[i]
            step = 2 if ratio >= 1 else 4
            nice = round(ratio * step) / step
            if nice > 0 and nice != 1 and abs(ratio - nice) <= RATIO_TOLERANCE * nice:
                found.add(nice)
    return found


class QuantityIndex:
    """The keys of one context, the values of its amounts (:func:`_stated`; a context's "one" states 1: "one cup"),
    per value the content keys of each sentence that states it, and by ``options``: with ``direction`` per amount
    the moves the context gives it (the lemmas of the sentence's content words, direction words left out, and the
    sign); with ``durations`` the numbers of years two years of one sentence are apart, the numbers of days two dates
    of a sentence or two in a row are apart (none where the context counts days itself) and the years a sentence
    gives by a count of years from its year (:func:`days_apart`, :func:`derived_years`); with ``respellings`` the
    values of :func:`_stated` with ``respellings``; with ``clocks`` the clock times it gives (``15:00``, ``3 pm``,
    ``noon``); with ``referents`` a sentence that opens with a pronoun (:func:`opens_with_referent`) is also about the
    one before it; with
    ``units`` per amount's value the units of measure it is given in (:func:`halluseq.features.measures.unit_of`;
    None for none), and with ``respellings`` too the durations one word names as counts of smaller units (``named``:
    "a week" gives 7 days; :func:`named_durations`); with ``calendar`` its dates; with ``ranks`` the ranks its
    ordinals state (:func:`halluseq.features.ranks.stated_ranks`)."""

    def __init__(self, context: str, options: QuantityOptions = QuantityOptions()):
        direction, durations, respellings = options.direction, options.durations, options.respellings
        self.keys: set[str] = set()
        self.times: set[str] = set()  # with ``clocks``: the clock times it gives, as HH:MM
        self.topics: dict[Value, list[set[str]]] = {}  # its keys: the values the context states
        self.moves: dict[Value, list[tuple[set[str], int]]] = {}
        self.durations: set[float] = set()
        self.day_spans: set[float] = set()  # with durations: the days two dated days of a sentence or two are apart
        self.derived_years: set[float] = set()  # with durations: "in 1998, two years after the fire" gives 1996
        previous_days: list[Date] = []
        counts_days = False  # whether the context counts days itself ("within 10 days"): then no day spans
        self.units: dict[Value, set[tuple[str, str] | None]] = {}
        self.named: set[tuple[float, str]] = set()  # with respellings and units: "a week" gives (7, "day")
        self.dates: list[Date] = []
        topic: set[str] = set()
        previous: list[float] = []  # the amounts of the sentence before (respellings: multipliers across two)
        previous_topic: set[str] = set()
        for start, end in split_sentences(context):
            words = context[start:end].split()
            keys = [word_key(w) for w in words]
            self.keys.update(keys)
            found = amounts(keys, words, respellings)
            if durations:  # "began in 1932 and ... opened in 1937": five years
                years = sorted({int(key) for key in keys if YEAR.fullmatch(key)})
                self.durations.update(float(later - earlier) for i, earlier in enumerate(years)
                                      for later in years[i + 1:])
                days = [date for date in dates(words, keys) if date.day is not None][:SPAN_DATES]  # version 11
                self.day_spans.update(days_apart([*previous_days, *days], len(previous_days)))
                previous_days = days
                counts_days = counts_days or any(counts_days_at(keys, first, stop) for first, stop, _, _ in found)
                self.derived_years.update(derived_years(keys, found))  # version 12
            topic = _topic(keys) | (topic if options.referents and opens_with_referent(words, keys) else set())
            for value in _stated(keys, found, respellings, options.ranges) | \
                    ({("count", 1.0)} if "one" in keys else set()):
                self.topics.setdefault(value, []).append(topic)
            if respellings:  # version 8: "rose from 48,000 to 95,000" states "doubled"
                counts = [value[1] for first, stop, value, _ in found
                          if value[0] == "count" and value[1] > 0 and not YEAR.fullmatch(keys[first])]
                for ratio in multipliers([*previous, *counts], len(previous)):
                    self.topics.setdefault(("times", ratio), []).append(topic | previous_topic)
                previous, previous_topic = counts[:RATIO_AMOUNTS], topic
            for first, stop, value, _ in found if options.units or direction else ():
                if options.units:
                    unit = measure_of(keys, first, stop, options.currencies)
                    self.units.setdefault(value, set()).add(unit[:2] if unit else None)
                    if respellings and unit and unit[0] == "time" and value[0] == "count":  # 2 years: 24 months
                        self.named.update(time_equivalents(value[1], unit[1]))
                if direction and (found := move(keys, first, stop)):
                    self.moves.setdefault(value, []).append((_lemmas(topic), found[0]))
            if options.units and respellings:
                self.named.update(equivalent for _, _, pairs in named_durations(keys) for count, unit in pairs
                                  for equivalent in {(count, unit), *time_equivalents(count, unit)})
            if options.calendar:
                self.dates.extend(dates(words, keys))
        if counts_days:  # "Results are posted within 10 days": a count of days is the context's, not a span's
            self.day_spans = set()
        if options.clocks:
            self.times = context_times(context) | {TIME_WORDS[key] for key in self.keys if key in TIME_WORDS}
        self.ranks = stated_ranks(self.keys) if options.ranks else set()
        self.centuries = year_centuries(self.keys) if options.ranks else set()

    def near(self, value: Value, topic: set[str]) -> bool:
        """Whether a context sentence stating ``value`` is about an answer clause whose content keys are ``topic``
        (:func:`_shares`)."""
        return any(_shares(topic, stated) for stated in self.topics.get(value, ()))

    def reversed(self, value: Value, sign: int, topic: set[str]) -> bool:
        """Whether the context moves ``value`` about this ``topic`` (an answer clause's content keys) only the other
        way; topics are compared by lemma, direction words left out ("home building" is about "homes built")."""
        lemmas = _lemmas(topic)
        signs = {stated_sign for stated, stated_sign in self.moves.get(value, ()) if _shares(lemmas, stated)}
        return signs == {-sign}


def _contrast_after(words: Sequence[str], keys: Sequence[str], i: int) -> bool:
    """Whether a clause of its own opens after word ``i``: a contrast follows its comma
    (:func:`~halluseq.features.align.contrast_after`), and after that neither an auxiliary nor a verb form in lower
    case ending in -ing or -ed (", but is twice as expensive", ", while costing $90,000", ", although priced at ..."
    go on about the sentence's subject)."""
    if not contrast_after(words, keys, i):
        return False
    if i + 2 >= len(keys):
        return True
    return keys[i + 2] not in AUXILIARIES and not (words[i + 2][:1].islower() and keys[i + 2].endswith(("ing", "ed")))


def _clauses(example: Example, words: Sequence[str], keys: Sequence[str], contrasts: bool = False
             ) -> np.ndarray:
    """Per answer word (``words`` as written, ``keys`` theirs), the number of its clause: its sentence, cut after each
    word that ends with a semicolon, and with ``contrasts`` (option ``clauses``) before a contrast that opens a clause
    of its own (:func:`_contrast_after`: "revenue rose 12%, while net income fell 3%": two clauses, each about its own
    subject)."""
    offsets = np.array([(w.start, w.end) for w in example.words], dtype=np.int64)  # (T, 2)
    sentence = sentence_index(offsets, split_sentences(example.answer))  # (T,)
    cuts = np.array([word.endswith(";") or contrasts and _contrast_after(words, keys, i)
                     for i, word in enumerate(words)], dtype=bool)
    opens = np.concatenate([[True], (sentence[1:] != sentence[:-1]) | cuts[:-1]])
    return np.cumsum(opens)


def pointer_mask(example: Example) -> np.ndarray:
    """Per answer word, whether it is markup, a list number, a citation marker or a number that points into the
    sources ("1." opening an item, "(2)", "[3]", "Passage 2"): no amount, no claim."""
    words = [w.text for w in example.words]
    pointers = markup_mask(example.answer, example.words)
    previous = ""
    for i, (word, start) in enumerate(zip(words, item_starts(words), strict=True)):
        key = word_key(word)
        pointers[i] |= points_into_sources(word, key, start, previous)
        previous = key or previous
    return pointers


def duration_stated(index: QuantityIndex, count: float, unit: str) -> bool:
    """Whether the context gives ``count`` of the unit of time ``unit`` in other units (with ``respellings`` and
    ``units``): as a duration one word names or a count of a larger unit ("7 days" for "a week", "24 months" for "2
    years"), or as a count of a smaller unit ("2 years" for "24 months")."""
    return (round(count, 6), unit) in index.named or any(("time", smaller) in index.units.get(("count", value), ())
                                                         for value, smaller in time_equivalents(count, unit))


def quantity_features(example: Example, index: QuantityIndex | None = None,
                      options: QuantityOptions = QuantityOptions()) -> np.ndarray:
    """The ``(n_words, 4)`` quantity matrix of one example (``(n_words, 5)`` with ``direction``); by ``options``:
    with ``durations`` a count of years that two years of one context sentence are apart is stated, as are a count
    of days two of its dates are apart and a year given by a count of years from another (version 11, 12); with
    ``respellings`` an amount is also stated by its :func:`alternatives`; with ``clocks`` a clock time is read by
    value (:func:`clock_features`); with ``units`` an amount given in a unit of measure is stated only where the
    context gives its value in that unit, or in no unit of that kind; with ``calendar`` the words of a date that the
    context's dates contradict are absent (:func:`halluseq.features.measures.wrong_date_words`) and those of a date
    the context gives in another spelling respelled ("May 1, 2023" for "2023-05-01": version 10, which also reads a
    date in digits, year first, and a currency's symbol, code and name as one topic: :func:`_topic`); with ``ranks`` a
    rank an answer claims (:func:`halluseq.features.ranks.claimed_ranks`) is absent where the context states it
    nowhere, respelled where it states it in another spelling; with ``ranges`` a range is stated where both its ends
    are; with ``respellings`` and ``units`` a duration one word names is respelled where the context gives it as a
    count of a smaller unit, and such a count stated where the context names it; ``index`` built with the same
    options."""
    index = index or QuantityIndex(example.context, options)
    direction, durations, respellings, units = options.direction, options.durations, options.respellings, options.units
    words = [w.text for w in example.words]
    keys = [word_key(w) for w in words]
    out = np.zeros((len(keys), len(COLUMNS) + direction), dtype=np.float32)
    if not words:
        return out
    pointers = pointer_mask(example)
    clause = _clauses(example, words, keys, options.clauses)
    timed = time_words(example) if respellings or options.clocks else np.zeros(len(words), dtype=bool)  # "3 p.m."
    for first, end, value, spelled in amounts(keys, words, respellings):
        if pointers[first:end].any() or timed[first:end].any():
            continue
        if respellings and value not in index.topics:  # "half" for the context's "50%": the share it states
            value = next((other for other in sorted(alternatives(keys, first, end, value)) if other in index.topics),
                         value)
        stated = value in index.topics
        if options.ranges and stated and (second := range_second(keys[first], value)) is not None:
            stated = second in index.topics  # "1939-1946" where the context has 1939 to 1945: absent
        unit = measure_of(keys, first, end, options.currencies) if units else None
        named = respellings and value[0] == "count" and unit is not None and unit[0] == "time" \
            and duration_stated(index, value[1], unit[1])  # "7 days" where the context says "a week"
        stated = stated or named
        if named:  # its unit word states the duration with it ("in ten years" for "over the past decade"; version 11)
            out[unit[2], 2] = float(keys[unit[2]] not in index.keys)
        members = np.flatnonzero(clause == clause[first])  # the clause's word indices, in order
        around = [keys[i] for i in members if not first <= i < end]
        far = stated and not named and not index.near(value, _topic(around))
        derived = not stated and durations and value[0] == "count" and led_year(keys, first) \
            and value[1] in index.derived_years  # "in 1996" for "in 1998, two years after the fire" (version 12)
        stated = stated or derived
        if not stated and durations and value[0] == "count" and (value[1] in index.durations
                                                                 or value[1] in index.day_spans):
            at = next((i for i in range(end, len(keys)) if keys[i]), None)  # "five years after", "four days later"
            unit_word = keys[at] if at is not None else None
            stated = unit_word in YEAR_UNITS and value[1] in index.durations or \
                unit_word in DAY_UNITS and value[1] in index.day_spans
            if stated:  # the unit word states the duration with it (version 11)
                out[at, 2] = float(keys[at] not in index.keys)
            derived = stated
        if stated and not named and not derived and unit:
            given = index.units.get(value, set())
            if unit[:2] not in given and any(other and other[0] == unit[0] for other in given):  # miles for km
                stated = far = False
                out[unit[2], 1] = 1.0  # the unit word of "2.4 miles" too
        for i in range(first, end):
            out[i, :len(COLUMNS)] = (spelled, not stated, stated and keys[i] not in index.keys, far)
        if direction and stated and (found := move([keys[i] for i in members], first - members[0], end - members[0])):
            sign, at = found
            if index.reversed(value, sign, _topic(around)):
                out[members[0] + at, len(COLUMNS)] = 1.0
    if options.clocks:
        out[:, :len(COLUMNS)] = np.maximum(out[:, :len(COLUMNS)], clock_features(example, index, keys))
    for first, end, pairs in named_durations(keys) if respellings and units else ():
        if pointers[first:end].any():
            continue
        if any(("time", unit) in index.units.get(("count", count), ()) or duration_stated(index, count, unit)
               for count, unit in pairs):
            for i in range(first, end):  # "for a week" where the context says 7 days
                out[i, :len(COLUMNS)] = (1.0, 0.0, keys[i] not in index.keys, 0.0)
        elif keys[end - 1] == "half":  # "a year and a half" the context gives nowhere: an amount, absent
            out[first:end, :len(COLUMNS)] = (1.0, 1.0, 0.0, 0.0)
    for date in dates(words, keys) if options.calendar else ():
        wrong = wrong_date_words(date, index.dates)
        for i in wrong:
            out[i, 1:4] = (1.0, 0.0, 0.0)  # "May 2021" where the context's 2021 date is in March
        if not wrong and any(states(other, date) for other in index.dates):  # "May 1, 2023" for "2023-05-01"
            for i in {date.month_at, date.day_at, date.year_at} - {None}:
                if keys[i] not in index.keys:
                    out[i, 1:4] = (0.0, 1.0, 0.0)
    for i, rank in claimed_ranks(words, keys) if options.ranks else ():
        if not pointers[i]:  # "finished third" where the context has fourth; "3rd" where it has "third"
            stated = rank in index.ranks or names_century(keys, i) and rank in index.centuries  # 1947: 20th
            out[i, 1:3] = (not stated, stated and keys[i] not in index.keys)
    return out


def clock_features(example: Example, index: QuantityIndex, keys: Sequence[str]) -> np.ndarray:
    """The quantity columns of the words of the answer's clock times (option ``clocks``): ``quantity_absent`` where
    the context gives none of the times one may be ("opens at 10 am" where it says noon), ``quantity_respelled``
    where it gives it in another spelling ("3 pm" for "15:00"); zero elsewhere. A clock time is no amount, so
    without the option a wrong one had only the text statistics' new number, which a labeler weighs little among
    new words ("On Sundays it opens at 10 am" on a record's hours)."""
    out = np.zeros((len(keys), len(COLUMNS)), dtype=np.float32)
    spans = np.array([(w.start, w.end) for w in example.words]).reshape(-1, 2)
    for start, end, values in clock_times(example.answer):
        inside = np.flatnonzero((spans[:, 0] < end) & (spans[:, 1] > start))
        stated = bool(values & index.times)
        for i in inside:
            out[i, 1:3] = (not stated, stated and keys[i] not in index.keys)
    return out


class QuantityFeatures(PerContextFeatures):
    """Answer amounts compared with the context's by value; options as :class:`QuantityOptions` (keyword arguments;
    module docstring)."""

    name = "quantities"
    version = "12"

    source_files = ("features/quantities.py", "features/numbers.py", "features/measures.py", "features/ranks.py",
                    "features/slots.py", "features/align.py", "features/text.py", "features/abbreviations.py",
                    "markup.py", "data/sentences.py",
                    "lexicon/__init__.py", "lexicon/wordnet_relations.json.gz")

    def __init__(self, **options: bool):
        self.options = QuantityOptions(**{name: bool(on) for name, on in options.items()})
        super().__init__(**{name: True for name, on in asdict(self.options).items() if on})

    @property
    def columns(self) -> list[str]:
        return [*COLUMNS, DIRECTION_COLUMN] if self.options.direction else list(COLUMNS)

    def index(self, context: str) -> QuantityIndex:
        return QuantityIndex(context, self.options)

    def example_features(self, example: Example, index: QuantityIndex) -> np.ndarray:
        return quantity_features(example, index, self.options)
