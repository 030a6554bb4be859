"""The 20 text-statistics features (SPEC 2.1): lexical support of each answer word in the context.

Word keys strip more than SPEC 2.1's ``. , ! ? ; : ' " ( )``: curly quotes, guillemets and markdown emphasis
(``**Tower**``, ```code```, ``_word_``) as well, and a possessive ``'s`` (``Eiffel's`` is ``eiffel``), so that an
answer formatted in markdown or naming the owner of something in the context is not read as using new words. A word
is in the context also as another spelling of its unit (``330 m`` for ``330 metres``, ``7.8 bn`` for ``billion``) or,
hyphenated, through its parts (``330-metre``, ``wrought-iron``): :func:`spelled_in`. With the ``compounds`` option the
other way round too: a word of letters joined by hyphens in the context holds each part (``best-selling`` holds
``selling``, ``third-largest`` holds ``largest``; :func:`split_compounds`), so "the best selling artist" uses no new
word where the context writes "the best-selling artist". With the ``respellings`` option a name and its acronym are one
where the answer shortens it (:mod:`halluseq.features.initials`: "the EU" where the context writes "the European Union";
not the other way round: the name an acronym stands for is knowledge the context does not state), and a number with a
newsroom scale or a unit run on (``£10.25m``, ``$3bn``, ``5km``) is a number, its digits a number of the context, its
scale and currency words of it (``£10.25m`` holds ``10.25``, ``million`` and ``pounds``); an abbreviation is a
spelling of its word ("Sept." for "September", "St." for "Saint") and a clock time is in the context where the context
gives that time on either clock ("3 p.m." for "15:00": :mod:`halluseq.features.abbreviations`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import cache, cached_property
from typing import NamedTuple

import numpy as np
from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS

from halluseq.data.example import Example
from halluseq.data.scripts import PUNCTUATION
from halluseq.data.sentences import sentence_index, split_sentences
from halluseq.data.words import HTML_TAG
from halluseq.features.abbreviations import ABBREVIATION_SPELLINGS, clock_times, time_words
from halluseq.features.base import PerContextFeatures
from halluseq.features.initials import acronym, acronyms, initialisms, title_initialisms
from halluseq.features.numbers import ORDINAL, ORDINAL_NAMES, QUARTER_CODE, is_ordinal, ordinal_suffix, part_rank
from halluseq.lexicon import AUXILIARIES, is_denial, is_negation, load_relations

COLUMNS = [
    "in_context", "is_number", "is_capitalized", "word_length", "position",
    "running_ctx_ratio", "running_novel_ratio", "is_novel", "num_in_context", "novel_number",
    "bigram_in_context", "trigram_in_context", "is_entity", "consecutive_novel", "sentence_position",
    "window_5_novelty", "window_10_novelty", "window_20_novelty", "delta_novel_ratio", "delta2_novel_ratio",
]
WINDOWS = (5, 10, 20)
# a word after "not" that scopes it over an amount, a time or a focus, not over its clause's claim ("not all", "not
# always", "not only"), and words that make a denial one of time ("did not sign until March", "has not yet")
SCOPED = frozenset({"all", "every", "everyone", "everything", "always", "only", "just", "until", "till", "yet",
                    "necessarily", "quite", "entirely", "completely", "fully", "exactly", "merely", "simply", "even",
                    "much", "many", "most", "enough"})
UNTIL = frozenset({"until", "till", "yet"})
CONTRASTS = frozenset({"but", "while", "whereas", "although", "though"})  # each opens a clause of its own
VERB_OPENERS = AUXILIARIES | {"be", "been", "being"}  # after "and" or "or": a clause of its own ("and is open")
CLAUSE_MARKS = (",", ";", ":", ".", "!", "?")  # a word that ends with one ends its clause
# the verbs and nouns of scikit-learn's English stop list, which a negation denies as it does any content word
CONTENT_STOP_WORDS = frozenset({"take", "give", "get", "made", "find", "found", "show", "see", "keep", "move", "put",
                                "call", "fill", "go", "done", "become", "became", "describe", "fire", "bill", "system",
                                "interest", "part", "name", "amount", "detail", "empty", "full", "serious"})
# punctuation, curly quotes and markdown emphasis (``**Tower**``), and that of Chinese and Japanese
_STRIP = ".,!?;:'\"()*_`“”‘’«»" + PUNCTUATION
POSSESSIVE = re.compile(r"['’]s$")
_EDGE_TAG = re.compile(rf"^{HTML_TAG}|{HTML_TAG}$")  # "<b>", "</p>", "<br/>" at a word's ends
_NUMBER_WORD = re.compile(r"^[\d,./%$€£]+$")
NUMBER = re.compile(r"\b\d+\.?\d*\b")
# "10,000" is one number, not 10 and 000; word boundaries as NUMBER's ("Q2", "4x4", "70th" hold none)
GROUPED_NUMBER = re.compile(r"\b(?:\d{1,3}(?:,\d{3})+(?!\d)(?:\.\d+)?|\d+(?:\.\d+)?)\b")
# respellings: digits with a scale or unit run on ("£10.25m", "$3bn", "5km", "20C"), their currency and scale words
RUN_ON = re.compile(r"(?<![\w.,])([$€£]?)(\d+(?:\.\d+)?)"
                    r"(m|mn|bn|k|tn|km|kg|cm|mm|ml|ft|lb|lbs|mph|mw|gw|kw|kwh|gb|mb|tb|c)\b", re.IGNORECASE)
RUN_ON_WORDS = {"$": ("dollars",), "€": ("euros",), "£": ("pounds",), "m": ("million",), "mn": ("million",),
                "bn": ("billion",), "k": ("thousand",), "tn": ("trillion",)}
# Spellings of one unit ("330 m" for "330 metres"); a word found as any of them is found
UNIT_SPELLINGS = (
    ("m", "metre", "metres", "meter", "meters"), ("km", "kilometre", "kilometres", "kilometer", "kilometers"),
    ("cm", "centimetre", "centimetres", "centimeter", "centimeters"),
    ("mm", "millimetre", "millimetres", "millimeter", "millimeters"), ("kg", "kilogram", "kilograms", "kilo", "kilos"),
    ("lb", "lbs", "pound", "pounds"), ("ft", "foot", "feet"), ("mi", "mile", "miles"), ("mph", "miles-per-hour"),
    ("hr", "hrs", "hour", "hours"), ("min", "mins", "minute", "minutes"), ("sec", "secs", "second", "seconds"),
    ("yr", "yrs", "year", "years"), ("m", "mn", "million", "millions"), ("bn", "billion", "billions"),
    ("percent", "per-cent", "%"),
)
# with the ``currencies`` option (text and align) an ISO code is a spelling of its currency's name ("EUR 2.4 billion"
# for "2.4 billion euros")
CURRENCY_SPELLINGS = (
    ("eur", "euro", "euros"), ("usd", "us$", "dollar", "dollars"), ("gbp", "pound", "pounds", "sterling"),
    ("jpy", "yen"), ("chf", "franc", "francs"), ("cny", "rmb", "yuan", "renminbi"), ("inr", "rupee", "rupees"),
)
# a currency's code for a symbol before an amount ("$1.5", "€20"; "us$" before "$"): with ``currencies`` a context's
# "$5 million" also holds "USD" (version 4), and the quantities family reads the currency of an amount by it
CURRENCY_SYMBOLS = {"us$": "usd", "$": "usd", "€": "eur", "£": "gbp", "¥": "jpy"}
CURRENCY_SYMBOL = re.compile("|".join(map(re.escape, CURRENCY_SYMBOLS)))


def currency_codes(keys: Iterable[str]) -> set[str]:
    """The codes of the currency symbols that open ``keys`` ("$5" gives "usd"; "¥" gives "jpy" and "cny")."""
    codes = {CURRENCY_SYMBOLS[m.group()] for key in keys if (m := CURRENCY_SYMBOL.match(key))}
    return codes | ({"cny"} if "jpy" in codes else set())


def spelling_table(groups: Sequence[Sequence[str]]) -> dict[str, frozenset[str]]:
    """Per spelling, every spelling of a group that holds it (``pounds``: of weight and of money)."""
    return {spelling: frozenset().union(*(group for group in groups if spelling in group))
            for spelling in {s for group in groups for s in group}}


SPELLINGS = spelling_table(UNIT_SPELLINGS)
CURRENCY_AWARE_SPELLINGS = spelling_table(UNIT_SPELLINGS + CURRENCY_SPELLINGS)


@cache
def spellings_for(currencies: bool = False, respellings: bool = False) -> dict[str, frozenset[str]]:
    """The table of spellings the options read: units, currency codes (``currencies``), abbreviations
    (``respellings``: :data:`halluseq.features.abbreviations.ABBREVIATION_SPELLINGS`)."""
    if not respellings:
        return CURRENCY_AWARE_SPELLINGS if currencies else SPELLINGS
    return spelling_table(UNIT_SPELLINGS + (CURRENCY_SPELLINGS if currencies else ()) + ABBREVIATION_SPELLINGS)


def ordinals_in(text: str) -> list[re.Match]:
    """The ordinals in digits of ``text`` (:data:`ORDINAL` matches that are :func:`is_ordinal`)."""
    return [m for m in ORDINAL.finditer(text) if is_ordinal(m)]


def ordinal_key(word: str) -> str | None:
    """The ordinal a word (its :func:`word_key`) writes in digits, as ``16th`` (``16TH,`` too), else None."""
    match = ORDINAL.fullmatch(word_key(word))
    return match.group().lower() if match and is_ordinal(match) else None


def stated_ordinals(text: str) -> set[str]:
    """The ordinals in digits that ``text`` states, as :func:`ordinal_key` writes them (``{"17th", "19th"}``)."""
    return {m.group().lower() for m in ordinals_in(text)}


def bare_word(word: str) -> str:
    """The word without punctuation, quotes, markdown emphasis and HTML tags at its ends (case kept): ``**Tower**,``
    and ``<b>Tower</b>.</p>`` -> ``Tower``."""
    word = word.strip(_STRIP)
    while "<" in word or ">" in word:  # an answer written in HTML ("<p>Revenue was <b>$4.2 billion</b>.</p>")
        bare = _EDGE_TAG.sub("", word).strip(_STRIP)
        if bare == word:
            break
        word = bare
    return word


def word_key(word: str) -> str:
    """The lowercased :func:`bare_word` without a possessive ``'s``: ``**Eiffel's**``, ``“Eiffel”`` and
    ``<i>Eiffel</i>`` are all ``eiffel``."""
    return POSSESSIVE.sub("", bare_word(word).lower())


def spelled_in(key: str, keys: set[str], spellings: dict[str, frozenset[str]] = SPELLINGS) -> bool:
    """Whether ``keys`` hold ``key``, another spelling of its unit (``m`` for ``metres``; ``spellings``: which), or,
    for a hyphenated word (``330-metre``, ``wrought-iron``), each of its parts, a part also as its unit's spelling or
    with or without a plural ``s``."""
    if key in keys or not spellings.get(key, frozenset()).isdisjoint(keys):
        return True
    parts = [part for part in key.split("-") if part]
    return len(parts) > 1 and all(
        part in keys or f"{part}s" in keys or part.removesuffix("s") in keys
        or not spellings.get(part, frozenset()).isdisjoint(keys) for part in parts)


def compound_parts(key: str) -> list[str]:
    """The parts of a key of letters joined by hyphens (``best-selling`` -> ``best``, ``selling``); [] for any other
    key (``330-metre``, ``6-8``, ``-``: numbers and ranges are read by value elsewhere)."""
    parts = key.split("-")
    return parts if len(parts) > 1 and all(part.isalpha() for part in parts) else []


def unit_compound_parts(keys: Sequence[str]) -> set[str]:
    """The unit of each key that joins a number and a unit by a hyphen (``2.4-metre`` -> ``metre``; a unit of
    :data:`UNIT_SPELLINGS`): "a 2.4-metre mirror" writes the word of "2.4 metres" (option ``respellings``; the number
    is in the context's numbers already, not a word of it: "10" of "a 10-year lease" is no "10 people")."""
    units = set()
    for key in keys:
        number, _, unit = key.partition("-")
        if unit in SPELLINGS and NUMBER.fullmatch(number):
            units.add(unit)
    return units


def quarter_spellings(keys: Sequence[str]) -> set[str]:
    """The other spellings of the quarters a context names: ``q3`` where it writes "third quarter", "third-quarter" or
    "3rd quarter", and ``third``, ``3rd`` and ``quarter`` where it writes "Q3" (option ``respellings``)."""
    found = set()
    for i, key in enumerate(keys):
        if code := QUARTER_CODE.fullmatch(key):
            rank = int(code.group(1))
            found |= {ORDINAL_NAMES[rank], f"{rank}{ordinal_suffix(rank)}", "quarter"}
            continue
        first, _, rest = key.partition("-")
        if (rest == "quarter" or not rest and i + 1 < len(keys) and keys[i + 1] in ("quarter", "quarters")) \
                and (rank := part_rank(first)) is not None and rank <= 4:
            found.add(f"q{rank}")
    return found


def split_compounds(keys: Sequence[str]) -> list[str]:
    """``keys`` with each compound of letters (:func:`compound_parts`) replaced by its parts, in order."""
    return [part for key in keys for part in (compound_parts(key) or [key])]


def numbers_in(text: str, respellings: bool = False) -> list[str]:
    """The numbers in digits of ``text`` as :data:`NUMBER` finds them; with ``respellings`` a number with thousands
    separators as one, without them (``$10,000``: ``10000``, where :data:`NUMBER` finds ``10`` and ``000``, which any
    "50,000" of the context holds), and also the digits of a number with a scale or unit run on (``£10.25m``:
    ``10.25``)."""
    if not respellings:
        return NUMBER.findall(text)
    return [number.replace(",", "") for number in GROUPED_NUMBER.findall(text)] + \
        [match.group(2) for match in RUN_ON.finditer(text)]


def run_on_words(text: str) -> set[str]:
    """The currency and scale words the numbers with a run-on scale of ``text`` hold (``£10.25m``: ``pounds``,
    ``million``)."""
    return {word for match in RUN_ON.finditer(text) for part in (match.group(1), match.group(3).lower())
            for word in RUN_ON_WORDS.get(part, ())}


def without_clock_times(text: str, clocks: Sequence[tuple[int, int, frozenset[str]]]) -> str:
    """``text`` with each of its clock times (``clocks``, :func:`clock_times`: ``18:00``, ``6 pm``) blanked out, its
    length kept."""
    pieces, done = [], 0
    for start, end, _ in clocks:
        pieces += [text[done:start], " " * (end - start)]
        done = end
    return "".join(pieces) + text[done:]


class ContextIndex:
    """Context keys, key bigrams and trigrams, and the numbers of one context; with ``compounds``, also the parts of
    its hyphenated words and their n-grams (:func:`split_compounds`); with ``respellings``, the acronyms its names
    spell (:mod:`halluseq.features.initials`), the digits and words of its run-on amounts, the units joined to its
    numbers (:func:`unit_compound_parts`), the other spellings of its quarters (:func:`quarter_spellings`), its clock
    times by value (``times``) and no number from inside a clock time ("$18" is no number of "10:00-18:00")."""

    def __init__(self, context: str, compounds: bool = False, respellings: bool = False):
        words = context.split()
        keys = [word_key(w) for w in words]
        sequences = [keys, split_compounds(keys)] if compounds else [keys]
        self.keys = {key for sequence in sequences for key in sequence}
        self.bigrams = {gram for sequence in sequences for gram in zip(sequence, sequence[1:], strict=False)}
        self.trigrams = {gram for sequence in sequences
                         for gram in zip(sequence, sequence[1:], sequence[2:], strict=False)}
        clocks = clock_times(context) if respellings else []  # read once: its times, and no numbers inside them
        self.numbers = set(numbers_in(without_clock_times(context, clocks), respellings))
        # "U.S." holds "US", "its chief executive" holds "CEO" (version 3)
        self.initialisms = initialisms(words) | acronyms(words) | title_initialisms(words) if respellings else set()
        self.times = {value for _, _, values in clocks for value in values}
        if respellings:
            self.keys |= run_on_words(context) | unit_compound_parts(keys) | quarter_spellings(keys)
        self._context, self._words, self._sequence = context, words, keys

    @cached_property
    def coded_keys(self) -> set[str]:
        """The keys with the codes of the currency symbols on them (``usd`` for ``$5``; option ``currencies``), read
        once per context."""
        return self.keys | currency_codes(self.keys)

    @cached_property
    def denials(self) -> list[Denial]:
        """What each plain denial of the context says (:func:`denials`; option ``negation_forms``)."""
        return list(denials(self._words, self._sequence).values())

    @cached_property
    def ordinals(self) -> set[str]:
        """The context's ordinals in digits (``{"17th", ...}``), read only by the ``ordinals`` option."""
        return stated_ordinals(self._context)


class Denial(NamedTuple):
    """What a plain denial's clause says (:func:`denials`)."""

    said: list[frozenset[str]]  # the lemmas (and the word) of each content word of its clause, the negation left out
    negations: int  # the negations of its clause, itself included
    denied: frozenset[str]  # the lemmas (and the word) of the first content word after it in its clause
    forms: frozenset[str]  # every form of ``said``, and of the subject it shares where "and" or "or" opens its clause


def denials(words: Sequence[str], keys: Sequence[str]) -> dict[int, Denial]:
    """Per plain denial among a text's words (its index; ``words`` as written, ``keys`` their keys), what its clause
    says. The clause runs between the commas, semicolons, colons, sentence ends and contrast openers ("but", "while",
    ...) around it, or from an "and" or "or" before an auxiliary, which shares the subject (the words before its
    auxiliary) of the clause before ("The bridge was completed in 1931 and does not carry trucks"). A plain denial is
    a negation of :func:`halluseq.lexicon.is_denial` that no word of :data:`SCOPED` follows ("not all", "not always",
    "not only" deny no clause), no "or" precedes ("whether or not") and is no "none other than", in a clause without
    "until" or "yet" ("did not sign until March" signed). "without" before a verb's "-ing" form denies that verb and
    the rest of its clause, not the clause before it ("wait two minutes without unplugging it" denies "unplugging
    it", as "Do not unplug it" does)."""
    out = {}
    subject: frozenset[str] = frozenset()  # the forms of the clause before up to its auxiliary (its subject)
    for first, end in clauses(words, keys):
        clause = keys[first:end]
        said = [word_forms(key) for key in clause if is_denied_word(key) and not is_denial(key)]
        shared = subject if clause[0] in ("and", "or") else frozenset()  # a coordinated clause shares that subject
        verb = next((j for j, key in enumerate(clause) if key in VERB_OPENERS), 0)
        subject = frozenset().union(*(word_forms(key) for key in clause[:verb] if is_denied_word(key)))
        if not UNTIL.isdisjoint(clause):
            continue
        negations, forms = sum(map(is_negation, clause)), frozenset().union(*said) | shared
        for i in range(first, end):
            following = keys[i + 1] if i + 1 < len(keys) else None
            if is_denial(keys[i]) and following not in SCOPED and not (
                    i > 0 and keys[i - 1] == "or" or keys[i] == "none" and following == "other"):
                after = next((key for key in keys[i + 1:end] if is_denied_word(key) and not is_denial(key)), None)
                denied = word_forms(after) if after else frozenset()
                out[i] = Denial(said, negations, denied, forms)
            elif keys[i] == "without" and i + 1 < end and is_gerund(keys[i + 1]):
                scope = [word_forms(key) for key in keys[i + 1:end] if is_denied_word(key)]
                out[i] = Denial(scope, negations, scope[0], frozenset().union(*scope))
    return out


def is_gerund(key: str) -> bool:
    """A verb's "-ing" form a negation can deny: a word of over five letters ending in "ing" that WordNet reads as a
    verb or does not know ("unplugging", "taking", "overbeating"; not "bring", "morning", "ceiling", "nothing")."""
    relations = load_relations()
    return len(key) > 5 and key.endswith("ing") and is_denied_word(key) and (
        relations.is_verb(key) or not relations.lemmas(key))


def clauses(words: Sequence[str], keys: Sequence[str]) -> list[tuple[int, int]]:
    """``[first, end)`` word ranges of a text's clauses: between the commas, semicolons, colons, sentence ends,
    contrast openers ("but", "while", ...) and an "and" or "or" before an auxiliary ("is not open on Mondays and is
    open on Sundays": two clauses)."""
    starts = [0] + [i + 1 for i, word in enumerate(words[:-1]) if word.endswith(CLAUSE_MARKS)] + \
        [i for i, key in enumerate(keys) if key in CONTRASTS] + \
        [i for i, key in enumerate(keys[:-1]) if key in ("and", "or") and keys[i + 1] in VERB_OPENERS] + [len(keys)]
    bounds = sorted(set(starts))
    return list(zip(bounds, bounds[1:], strict=False))


def restated_denials(words: Sequence[str], keys: Sequence[str], theirs: Iterable[Denial]) -> list[int]:
    """Indices of the words of a text's clauses that hold no negation but say, in some form, everything a clause of
    ``theirs`` (denials of the context) says, at least two content words: the words that restate what the denial
    denies ("Children under 12 can take the drug." for "The drug should not be taken by children under 12": "take")."""
    theirs = [other for other in theirs if other.said and other.denied]
    out: list[int] = []
    for first, end in clauses(words, keys) if theirs else ():
        forms = {i: word_forms(keys[i]) for i in range(first, end) if is_denied_word(keys[i])}
        if len(forms) < 2 or any(map(is_negation, keys[first:end])):
            continue
        for other in theirs:
            if all(not said.isdisjoint(other.forms) for said in forms.values()):
                out += [i for i, said in forms.items() if not said.isdisjoint(other.denied)]
    return sorted(set(out))


def grounded(denial: Denial, theirs: Iterable[Denial]) -> bool:
    """Whether a ``denial`` denies what one of ``theirs`` (denials of the context) denies: as many negations in each
    clause, and each content word of its clause in that clause, in some form ("The store never accepts cash." for
    "The store does not accept cash."; not "The team never won the league." for "did not win the cup, but it won the
    league", nor "who never complete training can access" for "who do not complete training cannot access")."""
    return bool(denial.said) and any(
        other.negations == denial.negations
        and all(not forms.isdisjoint(other.forms) for forms in denial.said)
        for other in theirs if other.said)


def word_forms(key: str) -> frozenset[str]:
    """A word key and its WordNet lemmas ("taken": taken, take): the forms a denial is compared in."""
    return frozenset({key, *load_relations().lemmas(key)})


def is_denied_word(key: str) -> bool:
    """A word a negation can deny: of letters, no stop word, or one of the verbs and nouns of the stop list
    (:data:`CONTENT_STOP_WORDS`: "never take" denies "take")."""
    return key.isalpha() and (key not in ENGLISH_STOP_WORDS or key in CONTENT_STOP_WORDS)


def trailing_mean(values: np.ndarray, window: int) -> np.ndarray:
    """Mean of ``values[max(0, i - window + 1) : i + 1]`` for every i."""
    cumulative = np.concatenate([[0.0], np.cumsum(values)])  # (T + 1,)
    ends = np.arange(1, len(values) + 1)
    starts = np.maximum(ends - window, 0)
    return (cumulative[ends] - cumulative[starts]) / (ends - starts)


def novel_run_length(novel: np.ndarray) -> np.ndarray:
    """Length of the run of novel words ending at each i (0 where word i is not novel)."""
    index = np.arange(len(novel))
    last_known = np.maximum.accumulate(np.where(novel > 0, -1, index))  # last non-novel index up to i
    return np.where(novel > 0, index - last_known, 0).astype(np.float64)


def opens_with_name(key: str) -> bool:
    """Whether a capitalised word that opens a sentence, lowercased as ``key``, reads as a name: a word of letters,
    no stop word, that WordNet knows in lower case under none of its forms (``London``, ``Fernandes``; not
    ``Overall``, ``Based``, nor ``Arsenal``, which is also a common noun)."""
    return key.isalpha() and key not in ENGLISH_STOP_WORDS and not load_relations().is_common(key)


def text_features(example: Example, context: ContextIndex | None = None, ordinals: bool = False,
                  opening_names: bool = False, currencies: bool = False, respellings: bool = False,
                  negation_forms: bool = False) -> np.ndarray:
    """The ``(n_words, 20)`` text-feature matrix of one example. With ``ordinals``, an ordinal in digits (``16th``)
    is a number too, in the context when the context has that ordinal (``17th`` is not ``16th``). With
    ``opening_names``, ``is_entity`` also marks a capitalised word that opens a sentence where it reads as a name
    (:func:`opens_with_name`); without it, never. With ``currencies``, a currency's ISO code is in the context where
    its name is (``EUR`` for ``euros``: :data:`CURRENCY_SPELLINGS`). With ``respellings`` (``context`` built with
    it), an acronym is in the context where the context's names spell it, and a number with a run-on scale
    (``£10.25m``) is a number (module docstring). With ``negation_forms``, a negation word is in the context where a
    negation of the context denies what it denies (:func:`grounded`: ``never accepts`` for ``does not accept``)."""
    context = context or ContextIndex(example.context, respellings=respellings)
    words = [w.text for w in example.words]
    n = len(words)
    out = np.zeros((n, len(COLUMNS)), dtype=np.float64)  # (T, 20)
    if n == 0:
        return out.astype(np.float32)
    keys = [word_key(w) for w in words]
    spellings = spellings_for(currencies, respellings)
    context_keys = context.coded_keys if currencies else context.keys  # "USD" where the context writes "$5"
    in_context = np.array([spelled_in(k, context_keys, spellings) for k in keys], dtype=np.float64)
    if negation_forms:  # "never accepts cash" where the context says "does not accept cash": one denial, other words
        in_context[[i for i, denial in denials(words, keys).items() if grounded(denial, context.denials)]] = 1.0
    is_number = np.array([bool(_NUMBER_WORD.match(w)) and any(c.isdigit() for c in w) for w in words], float)
    if respellings:
        in_context[[i for i, w in enumerate(words) if acronym(w) in context.initialisms]] = 1.0
        is_number = np.maximum(is_number, [bool(RUN_ON.fullmatch(bare_word(w))) for w in words])
    capitalized = np.array([w[0].isupper() for w in words], dtype=np.float64)
    num_in_context = is_number * np.array(
        [any(m in context.numbers for m in numbers_in(w, respellings)) for w in words], dtype=np.float64)
    if respellings:  # "3 p.m." where the context has "15:00": the same time, in another spelling
        timed = time_words(example, context.times)
        in_context = np.maximum(in_context, timed)
        num_in_context = np.maximum(num_in_context, is_number * timed)
    if ordinals:
        ordinal = [ordinal_key(w) for w in words]
        is_ordinal = np.array([key is not None for key in ordinal], dtype=np.float64)
        is_number = np.maximum(is_number, is_ordinal)
        num_in_context = np.where(is_ordinal > 0, [key in context.ordinals for key in ordinal],
                                  num_in_context).astype(np.float64)
    bigram = np.array([i > 0 and (keys[i - 1], keys[i]) in context.bigrams for i in range(n)], float)
    trigram = np.array([i > 1 and (keys[i - 2], keys[i - 1], keys[i]) in context.trigrams for i in range(n)],
                       float)

    sentences = split_sentences(example.answer)
    offsets = np.array([(w.start, w.end) for w in example.words], dtype=np.int64)  # (T, 2)
    sentence = sentence_index(offsets, sentences)  # (T,)
    first_in_sentence = np.r_[True, sentence[1:] != sentence[:-1]]
    lengths = np.array([len(w) for w in words], dtype=np.float64)

    index = np.arange(n, dtype=np.float64)
    novel = 1.0 - in_context
    running_ctx = np.cumsum(in_context) / (index + 1)
    running_novel = 1.0 - running_ctx
    delta = np.r_[0.0, np.diff(running_novel)]
    delta2 = np.r_[0.0, 0.0, np.diff(delta)[1:]] if n > 2 else np.zeros(n)

    out[:, 0] = in_context
    out[:, 1] = is_number
    out[:, 2] = capitalized
    out[:, 3] = lengths / 20
    out[:, 4] = index / max(n - 1, 1)
    out[:, 5] = running_ctx
    out[:, 6] = running_novel
    out[:, 7] = novel
    out[:, 8] = num_in_context
    out[:, 9] = is_number * (1 - num_in_context)
    out[:, 10] = bigram
    out[:, 11] = trigram
    named = ~first_in_sentence
    if opening_names:  # only the sentence openers are looked up
        named[first_in_sentence] = [opens_with_name(keys[i]) for i in np.flatnonzero(first_in_sentence)]
    out[:, 12] = capitalized * named * (lengths > 1)
    out[:, 13] = np.minimum(novel_run_length(novel) / 10, 1.0)
    out[:, 14] = np.maximum(sentence, 0) / max(len(sentences) - 1, 1)
    for column, window in zip((15, 16, 17), WINDOWS, strict=True):
        out[:, column] = trailing_mean(novel, window)
    out[:, 18] = delta
    out[:, 19] = delta2
    return out.astype(np.float32)


class TextFeatures(PerContextFeatures):
    """SPEC 2.1. Options (default off, as SPEC 2.1 and the detectors trained before them): ``ordinals``, an ordinal in
    digits (``16th``) is a number, found only as the same ordinal in the context; ``opening_names``, ``is_entity``
    marks a name that opens a sentence too ("London is home to ...": :func:`opens_with_name`); ``compounds``, the
    context holds the parts of its hyphenated words (:class:`ContextIndex`); ``currencies``, a currency's ISO code is
    a spelling of its name (``EUR`` for ``euros``), and of its symbol on a context amount (``USD`` for ``$5``;
    version 4); ``respellings``, acronyms and run-on amounts (module docstring);
    ``negation_forms``, a negation word is in the context where a negation of the context denies what it denies, in
    other words of one clause ("never accepts cash" where it says "does not accept cash": :func:`grounded`)."""

    name = "text"
    version = "4"
    source_files = ("features/text.py", "features/numbers.py", "features/initials.py", "features/abbreviations.py",
                    "data/sentences.py", "lexicon/__init__.py")

    def __init__(self, ordinals: bool = False, opening_names: bool = False, compounds: bool = False,
                 currencies: bool = False, respellings: bool = False, negation_forms: bool = False):
        # off: the cache key of the detectors before them
        super().__init__(**({"ordinals": True} if ordinals else {}), **({"opening_names": True} if opening_names
                                                                          else {}),
                         **({"compounds": True} if compounds else {}), **({"currencies": True} if currencies else {}),
                         **({"respellings": True} if respellings else {}),
                         **({"negation_forms": True} if negation_forms else {}))
        self.ordinals, self.opening_names, self.compounds = ordinals, opening_names, bool(compounds)
        self.currencies, self.respellings = bool(currencies), bool(respellings)
        self.negation_forms = bool(negation_forms)

    @property
    def columns(self) -> list[str]:
        return list(COLUMNS)

    def index(self, context: str) -> ContextIndex:
        return ContextIndex(context, self.compounds, self.respellings)

    def example_features(self, example: Example, index: ContextIndex) -> np.ndarray:
        return text_features(example, index, self.ordinals, self.opening_names, self.currencies, self.respellings,
                             self.negation_forms)
