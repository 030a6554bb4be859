"""One function per kind of synthetic hallucination: ``text -> Edit | None``, the changed characters as the span.

Every edit function takes the base text, a seeded ``random.Random`` and the :class:`EditResources` of the base
(its context, names from other documents, sentences from other documents) and returns ``None`` when the kind
does not apply to the text. The returned span ``[start, end)`` points into the edited text, exactly at the
characters that were changed or inserted (for a removed negation: the auxiliary left behind); an edit that changes
two places (two names that trade places) carries the second in ``more_spans``.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS

from halluseq.data.sentences import split_sentences
from halluseq.features.align import MONTHS, SYMMETRIC_LINKS
from halluseq.features.numbers import TENS, UNIT_WORDS
from halluseq.features.quantities import QuantityIndex, amounts
from halluseq.features.slots import REFERENCE_WORDS
from halluseq.features.text import POSSESSIVE, opens_with_name, ordinal_suffix, ordinals_in, word_key
from halluseq.lexicon import AUXILIARIES, load_relations


@dataclass(frozen=True)
class Edit:
    """An edited text and the character span ``[start, end)`` of the change in it."""

    text: str
    start: int
    end: int
    kind: str
    detail: str  # "old -> new", for reading the generated data
    more_spans: tuple[tuple[int, int], ...] = ()  # further changed spans, after the first

    @property
    def changed(self) -> str:
        """The text of the first changed span."""
        return self.text[self.start:self.end]

    @property
    def spans(self) -> tuple[tuple[int, int], ...]:
        """Every changed span ``[start, end)``, in text order."""
        return ((self.start, self.end), *self.more_spans)


@dataclass(frozen=True)
class EditResources:
    """What an edit may draw on besides the base text."""

    context: str
    foreign_names: Sequence[str] = ()  # names from other documents (extrinsic swaps)
    foreign_sentences: Sequence[str] = ()  # sentences from other documents (splices)
    strict_names: bool = False  # name swaps under the stricter rules of :func:`_swap_name`


def substitute(text: str, start: int, end: int, new: str, kind: str) -> Edit:
    """``text`` with ``[start, end)`` replaced by ``new``; the span covers ``new``."""
    return Edit(text[:start] + new + text[end:], start, start + len(new), kind, f"{text[start:end]} -> {new}")


def _pick(rng: random.Random, items: Sequence):
    return items[rng.randrange(len(items))] if items else None


# --- numbers, dates, units -------------------------------------------------------------------------------------

NUMBER = re.compile(r"(?<![\w.,])\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\w])|(?<![\w.,])\d+(?:\.\d+)?(?![\w])")
_YEAR = re.compile(r"^(1[5-9]\d\d|20\d\d)$")
_MONTH = re.compile(r"\b(" + "|".join(MONTHS) + r")\b")
_MAY_VERB = re.compile(r"\bMay\s+(?:be|have|not|also|well|include|help|need|want|take|cause)\b")


def _context_numbers(context: str) -> set[str]:
    return {m.group().replace(",", "") for m in NUMBER.finditer(context)}


def _new_number(value: str, rng: random.Random, taken: set[str]) -> str | None:
    """A different number of the same form (thousands separators and decimals kept), absent from ``taken``."""
    plain = value.replace(",", "")
    decimals = len(plain.split(".")[1]) if "." in plain else 0
    number = float(plain)
    for _ in range(20):
        candidate = number * rng.choice((rng.uniform(1.3, 3.0), rng.uniform(0.3, 0.75)))
        if not decimals:
            candidate = round(candidate) + (round(candidate) == number)
        text = f"{candidate:,.{decimals}f}" if "," in value else f"{candidate:.{decimals}f}"
        if text.replace(",", "") != plain and text.replace(",", "") not in taken:
            return text
    return None


def change_number(text: str, rng: random.Random, resources: EditResources) -> Edit | None:
    """A number that is not a year gets another value (e.g. ``330`` -> ``990``)."""
    numbers = [m for m in NUMBER.finditer(text) if not _YEAR.match(m.group())]
    match = _pick(rng, numbers)
    if match is None:
        return None
    new = _new_number(match.group(), rng, _context_numbers(resources.context) | _context_numbers(text))
    return substitute(text, match.start(), match.end(), new, "number") if new else None


def change_date(text: str, rng: random.Random, resources: EditResources) -> Edit | None:
    """A year moves by 1-30 years, or a month becomes another month."""
    years = [m for m in NUMBER.finditer(text) if _YEAR.match(m.group())]
    months = [m for m in _MONTH.finditer(text) if not _MAY_VERB.match(text, m.start())]
    candidates = [("year", m) for m in years] + [("month", m) for m in months]
    if not candidates:
        return None
    what, match = _pick(rng, candidates)
    if what == "year":
        taken = _context_numbers(resources.context) | _context_numbers(text)
        shifts = [s for s in range(-30, 31) if s and str(int(match.group()) + s) not in taken]
        if not shifts:
            return None
        new = str(int(match.group()) + _pick(rng, shifts))
    else:
        named = set(_MONTH.findall(resources.context)) | set(_MONTH.findall(text))
        others = [m for m in MONTHS if m not in named]
        new = _pick(rng, others)
        if new is None:
            return None
    return substitute(text, match.start(), match.end(), new, "date")


_WORD_BEFORE = re.compile(r"(\w+)\s*$")


def _stated_numbers(text: str) -> list[re.Match]:
    """The numbers ``text`` states: not a list number that opens a line ("2." / "2)"), not one after a word that
    points into the sources (``REFERENCE_WORDS`` of the slots family: "Passage 2", "page 14")."""
    out = []
    for match in NUMBER.finditer(text):
        start = match.start()
        opens_line = not text[text.rfind("\n", 0, start) + 1:start].strip(" \t")
        list_number = opens_line and text[match.end():match.end() + 1] in (".", ")")
        before = _WORD_BEFORE.search(text[max(0, start - 30):start])  # a bounded look back
        if list_number or before is not None and before.group(1).lower() in REFERENCE_WORDS:
            continue
        out.append(match)
    return out


def _is_percent(match: re.Match) -> bool:
    return match.string.startswith("%", match.end())


def swap_number_intrinsic(text: str, rng: random.Random, resources: EditResources) -> Edit | None:
    """A number becomes another number the context states, a year for a year, a percentage for a percentage and
    another for another (the number exists there, the claim does not: "the Nobel Prize in Chemistry in 1903" where
    the context gives 1903 to Physics): half the time one from the context sentence the text shares most words with,
    else any."""
    matches = _stated_numbers(text)
    if not matches:
        return None
    rng.shuffle(matches)
    held = _context_numbers(text)
    near = closest_sentence(text, resources.context) if rng.random() < NEAR_SHARE else ""
    pools = [[m for m in _stated_numbers(source) if m.group().replace(",", "") not in held]
             for source in (near, resources.context)]  # read once, not once per number of the text
    for match in matches:  # the first, in a random order, that the context has another number for
        for pool in pools:
            new = _pick(rng, _numbers_like(match, pool))
            if new is not None:
                return substitute(text, match.start(), match.end(), new, "number_intrinsic")
    return None


def _numbers_like(match: re.Match, pool: Sequence[re.Match]) -> list[str]:
    """The distinct numbers of ``pool`` that can stand for ``match``: a year for a year, a percentage for a
    percentage, another for another (sorted: the draw does not depend on their order)."""
    percent = _is_percent(match)
    return sorted({m.group() for m in pool if _same_role(match.group(), m.group()) and _is_percent(m) == percent})


def swap_number_near(text: str, rng: random.Random, resources: EditResources) -> Edit | None:
    """A number becomes another number of the context sentence that the number's own sentence shares most words
    with, a year for a year and a percentage for a percentage ("Revenue rose 8%" where the sentence reads "Revenue
    rose 5% and profit 8%"): ``number_intrinsic``'s near half for each sentence of a long answer."""
    matches = _stated_numbers(text)
    rng.shuffle(matches)
    held = _context_numbers(text)
    near = _NearSentences(text, resources.context)
    pools: dict[str, list[re.Match]] = {}  # near sentence -> its numbers the text does not hold, read once
    for match in matches:
        sentence = near.at(match.start())
        if sentence not in pools:
            pools[sentence] = [m for m in _stated_numbers(sentence) if m.group().replace(",", "") not in held]
        new = _pick(rng, _numbers_like(match, pools[sentence]))
        if new is not None:
            return substitute(text, match.start(), match.end(), new, "number_near")
    return None


ORDINAL_SHIFTS = (-3, -2, -1, 1, 2, 3)  # centuries, places, editions: a near rank, not a far one


def change_ordinal(text: str, rng: random.Random, resources: EditResources) -> Edit | None:
    """An ordinal in digits moves by one to three ranks (``17th century`` -> ``16th century``, ``3rd`` -> ``2nd``),
    to one that neither the text nor the context states, its suffix written for the new number."""
    match = _pick(rng, ordinals_in(text))
    if match is None:
        return None
    taken = {int(m.group(1)) for source in (text, resources.context) for m in ordinals_in(source)}
    value = int(match.group(1))
    values = [value + shift for shift in ORDINAL_SHIFTS if value + shift > 0 and value + shift not in taken]
    new = _pick(rng, values)
    if new is None:
        return None
    suffix = ordinal_suffix(new)
    written = f"{new}{suffix.upper() if match.group(2).isupper() else suffix}"
    return substitute(text, match.start(), match.end(), written, "ordinal")


# "degrees" is left out: as often a diploma ("master's degrees") as a temperature, where the scale is what changes
UNIT_SWAPS: dict[str, tuple[str, ...]] = {
    "metres": ("feet", "kilometres"), "meters": ("feet", "kilometers"), "feet": ("metres", "miles"),
    "kilometres": ("miles", "metres"), "kilometers": ("miles", "meters"), "miles": ("kilometres", "feet"),
    "kilograms": ("pounds", "tonnes"), "kg": ("lb", "tonnes"), "pounds": ("kilograms", "ounces"),
    "tonnes": ("kilograms", "pounds"), "tons": ("kilograms", "pounds"), "grams": ("kilograms", "ounces"),
    "litres": ("gallons", "millilitres"), "liters": ("gallons", "milliliters"), "gallons": ("litres", "barrels"),
    "seconds": ("minutes", "hours"), "minutes": ("hours", "seconds"), "hours": ("minutes", "days"),
    "days": ("weeks", "months"), "weeks": ("months", "days"), "months": ("years", "weeks"),
    "years": ("months", "decades"), "decades": ("years", "centuries"), "centuries": ("decades", "years"),
    "percent": ("percentage points", "times"), "%": (" percentage points", " times"),
    "million": ("billion", "thousand"), "billion": ("million", "trillion"), "thousand": ("million", "hundred"),
    "trillion": ("billion", "million"), "dollars": ("euros", "pounds"), "euros": ("dollars", "pounds"),
    "celsius": ("fahrenheit",), "fahrenheit": ("celsius",), "acres": ("hectares", "square miles"),
    "hectares": ("acres", "square miles"),
}
_UNIT = re.compile(r"(?<=\d)%|\b(" + "|".join(re.escape(u) for u in UNIT_SWAPS if u != "%") + r")\b",
                   re.IGNORECASE)


def change_unit(text: str, rng: random.Random, resources: EditResources) -> Edit | None:
    """A unit or magnitude word becomes another (``metres`` -> ``feet``, ``million`` -> ``billion``)."""
    context = resources.context.lower()
    options = []
    for match in _UNIT.finditer(text):
        for new in UNIT_SWAPS[match.group().lower()]:
            if new.strip().lower() not in context:
                options.append((match, new))
    if not options:
        return None
    match, new = _pick(rng, options)
    if match.group() == "%":
        # '25%' -> '25 percentage points': the span is the new unit without its separating space
        edit = substitute(text, match.start(), match.end(), new, "unit")
        return Edit(edit.text, edit.start + 1, edit.end, "unit", edit.detail)
    return substitute(text, match.start(), match.end(), _same_case(match.group(), new), "unit")


# --- amounts in words -----------------------------------------------------------------------------------------

SPELLED_COUNTS = UNIT_WORDS[2:13]  # "two" ... "twelve"
SPELLED_TENS = tuple(TENS)  # "twenty" ... "ninety"
# fractions and multipliers, each with what it may become
AMOUNT_SWAPS: dict[str, tuple[str, ...]] = {
    "half": ("a third", "a quarter"), "a third": ("half", "a quarter"), "a quarter": ("half", "a third"),
    "two-thirds": ("three-quarters", "half"), "three-quarters": ("two-thirds", "half"),
    "twice": ("three times",), "doubled": ("tripled", "halved"), "tripled": ("doubled",), "halved": ("doubled",),
}
_FRACTIONS = "(?:half|a third|a quarter|two-thirds|three-quarters)"
_FRACTION_END = r"(?=\s+of\b|[.,;:!?]|$)"  # "half of", "a third." ("a third party" is no fraction)
_AMOUNT = re.compile(r"(?<![\w-])(?:" + "|".join(SPELLED_COUNTS + SPELLED_TENS)
                     + f"|(?:(?<=\\bby ){_FRACTIONS}|{_FRACTIONS}{_FRACTION_END})"
                     + r"|twice|doubled|tripled|halved)(?![\w-])", re.IGNORECASE)
# what each amount a change may write means (quantities' reading of it)
_AMOUNT_VALUES = {new: amounts([word_key(w) for w in new.split()])[0][2]
                  for new in (*SPELLED_COUNTS, *SPELLED_TENS, *(w for swaps in AMOUNT_SWAPS.values() for w in swaps))}


def change_amount(text: str, rng: random.Random, resources: EditResources) -> Edit | None:
    """An amount written in words gets another one the context does not state: a count (``three`` -> ``five``,
    ``twenty`` -> ``forty``), a fraction (``half`` -> ``a third``) or a multiplier (``doubled`` -> ``tripled``)."""
    stated = QuantityIndex(resources.context).topics.keys() | QuantityIndex(text).topics.keys()
    options = []
    for match in _AMOUNT.finditer(text):
        old = match.group().lower()
        group = SPELLED_COUNTS if old in SPELLED_COUNTS else SPELLED_TENS if old in SPELLED_TENS else AMOUNT_SWAPS[old]
        options += [(match, new) for new in group if new != old and _AMOUNT_VALUES[new] not in stated]
    if not options:
        return None
    match, new = _pick(rng, options)
    return substitute(text, match.start(), match.end(), _same_case(match.group(), new), "amount")


# --- names ----------------------------------------------------------------------------------------------------

# Latin letters with their accented forms (Latin-1 and Latin Extended-A): "Club América", "Zürich", "Şahinbey"
_UPPER, _LOWER, _LETTER = "A-ZÀ-ÖØ-Þ", "a-zß-öø-ÿ", "A-Za-zÀ-ÖØ-öø-ÿĀ-ſ"
_NAME_WORD = (rf"[{_UPPER}Ā-ſ](?:[{_LETTER}]|['\-](?=[{_LETTER}]))*[{_LOWER}Ā-ſ]"
              rf"(?:[{_LETTER}]|['\-](?=[{_LETTER}]))*")
_NAME = re.compile(rf"\b{_NAME_WORD}(?:\s+(?:of\s+|de\s+|van\s+|von\s+|al\s+)?{_NAME_WORD})*")
_NOT_NAME_WORDS = """
a an the he she it they we i you his her its their our my your this that these those there here however but and or
so yet then thus also after before when while as if in on at for from with by of to into during since until
according although because though despite instead meanwhile furthermore moreover therefore overall finally
first second third last next today yesterday tomorrow many most some several few all both each every no not
what who whom whose which where why how mr mrs ms dr sir prof st
one two three four five six seven eight nine ten
monday tuesday wednesday thursday friday saturday sunday
"""
_MONTH_NAMES = frozenset(m.lower() for m in MONTHS)
NOT_NAMES = frozenset(_NOT_NAME_WORDS.split()) | _MONTH_NAMES


def starts_sentence(text: str, position: int) -> bool:
    """Whether ``position`` starts the text, a line, or follows ``. ! ? :`` or an opening quote or bracket."""
    before = text[:position].rstrip(" \t")
    return not before or before[-1] in ".!?:\n\"“("


def names_in(text: str, known: str | None = None) -> list[tuple[int, int]]:
    """Character ranges of capitalised name-like phrases: leading sentence starters, trailing function words and
    lone month names dropped; a single capitalised word that starts a sentence is not taken for a name, unless
    ``known`` (the text and its context) writes it capitalised where no sentence starts and never in lower case
    ("Chelsea beat United" where the context has "replied for Chelsea")."""
    names_mid = mid_sentence_names(known) if known is not None else frozenset()
    found = []
    for match in _NAME.finditer(text):
        start = match.start()
        words = list(re.finditer(r"\S+", match.group()))
        while words and words[0].group().lower().strip("'") in NOT_NAMES:
            words.pop(0)
        while words and words[-1].group().lower() in NOT_NAMES - _MONTH_NAMES:
            words.pop()
        if not words or (len(words) == 1 and words[0].group().lower() in _MONTH_NAMES):
            continue
        first = start + words[0].start()
        if len(words) == 1 and starts_sentence(text, first) and words[0].group() not in names_mid:
            continue
        found.append((first, start + words[-1].end()))
    return found


@lru_cache(maxsize=64)
def mid_sentence_names(text: str) -> frozenset[str]:
    """The capitalised words of ``text`` (as written, without edge punctuation) that it writes where no sentence
    starts and never in lower case: names, not sentence openers."""
    capitalised, lowered = set(), set()
    for match in re.finditer(r"\S+", text):
        word = match.group().strip(".,;:!?\"'()“”‘’")
        if not word or not word[0].isalpha():
            continue
        if word[0].islower():
            lowered.add(word.lower())
        elif not starts_sentence(text, match.start()) and word.lower() not in NOT_NAMES:
            capitalised.add(word)
    return frozenset(w for w in capitalised if w.lower() not in lowered)


def _name_words(name: str) -> set[str]:
    """The lowercased words of a name, a possessive ending and surrounding punctuation left out."""
    return {re.sub(r"['’]s?$", "", word.strip(".,;:!?\"()")) for word in name.lower().split()}


STEM = 5  # letters two name words may share at their start and still name different things


def _distinct(a: str, b: str, stem: int | None = None) -> bool:
    """Names that share no word (so neither is a part of the other: "Presley's" is "Presley"), nor, with ``stem``,
    the first ``stem`` letters of a word (nor another form of it: "Canadian" is "Canada", "Mongols" the "Mongol
    Empire")."""
    return not {word[:stem] for word in _name_words(a)} & {word[:stem] for word in _name_words(b)}


def swappable(name: str) -> bool:
    """Whether a name can stand for another in a swap: not a single word with an adjective sense (``American``,
    ``New`` of "New york"): "a Canada rock band" is no claim, only broken English."""
    words = name.split()
    return len(words) > 1 or not load_relations().is_adjective(word_key(words[0]))


# What may join two names of one group in a context: punctuation, brackets and "and", "or", "nor", "of", "the", "in"
# ("Atlanta, Georgia", "Novoselic and Aaron Burckhard", "Kingdom of Great Britain", "Aberdeen in Washington")
_GROUP_LINK = r"[\s,;:/&()\"'“”-]*(?:(?:and|or|nor|of|the|in)[\s,;:/&()\"'“”-]+)*"


@lru_cache(maxsize=64)
def name_lists(context: str) -> tuple[frozenset[str], ...]:
    """The runs of names of ``context`` joined only by punctuation or the link words of ``_GROUP_LINK``, as sets of
    names: "New York City; East Hampton, New York; Los Angeles, Chicago and Miami Beach" is one list."""
    found, current, end = [], set(), None
    for start, stop in names_in(context):
        if end is not None and not re.fullmatch(_GROUP_LINK, context[end:start]):
            found.append(frozenset(current))
            current = set()
        current.add(context[start:stop])
        end = stop
    found.append(frozenset(current))
    return tuple(names for names in found if len(names) > 1)


def grouped(context: str, a: str, b: str, lists: bool = False) -> bool:
    """Whether the names ``a`` and ``b`` stand side by side in ``context``, joined by punctuation or the link words of
    ``_GROUP_LINK`` (with ``lists``, or in one list of names: :func:`name_lists`): one place in another ("Tupelo,
    Mississippi"), two members of one list ("with Krist Novoselic and Aaron Burckhard"). Swapping one for the other
    mostly keeps the claim true ("born in Mississippi", "formed the band with Aaron Burckhard"), so such a swap is no
    hallucination."""
    return any(re.search(re.escape(x) + _GROUP_LINK + re.escape(y), context) for x, y in ((a, b), (b, a))) or (
        lists and any(a in names and b in names for names in name_lists(context)))


SLOT_WORDS = 2  # words on one side of a swapped-in name that, with it, the context must not hold


def stated(context_words: str, text: str, start: int, end: int, new: str) -> bool:
    """Whether the context (its lowercased ``\\w+`` words, each between spaces: :func:`spaced_words`) holds ``new``
    with the ``SLOT_WORDS`` words that stand before ``[start, end)`` in ``text``, or after it: then ``new`` there says
    what the context says ("backing vocalist Ryan Peake" where the answer had another name after "backing
    vocalist")."""
    name = re.findall(r"\w+", new.lower())
    before = re.findall(r"\w+", text[:start].lower())[-SLOT_WORDS:]
    after = re.findall(r"\w+", text[end:].lower())[:SLOT_WORDS]
    runs = [run for run in (before + name, name + after) if len(run) == len(name) + SLOT_WORDS]
    return any(spaced_words(" ".join(run)) in context_words for run in runs)


def spaced_words(text: str) -> str:
    """The lowercased ``\\w+`` words of ``text``, each between spaces (" born in aberdeen ")."""
    return " " + " ".join(re.findall(r"\w+", text.lower())) + " "


def _swap_name(text: str, rng: random.Random, pool: Sequence[str], kind: str, context: str = "",
               strict: bool = False, at: tuple[int, int] | None = None) -> Edit | None:
    """A name of ``text`` (the one at ``at`` if given) replaced by one of ``pool`` (of as many words if any) that
    shares no word with it, never one it stands beside in ``context`` (:func:`grouped`). With ``strict``
    (``EditResources.strict_names``), both names are :func:`swappable`, share no word's first ``STEM`` letters either,
    the new one is in no list of names with the old one in ``context``, and the context does not have it next to
    the same words (:func:`stated`)."""
    names = [(start, end) for start, end in ([at] if at else names_in(text))
             if not strict or swappable(text[start:end])]
    rng.shuffle(names)
    context_words = spaced_words(context) if strict else ""
    for start, end in names:
        old = text[start:end]
        options = sorted({p for p in set(pool) if _distinct(p, old, STEM if strict else None)
                          and p.lower() not in text.lower() and not (context and grouped(context, old, p, strict))
                          and not (strict and (not swappable(p) or stated(context_words, text, start, end, p)))
                          })  # each distinct name searched once
        same_length = [p for p in options if len(p.split()) == len(old.split())]
        new = _pick(rng, same_length or options)
        if new:
            return substitute(text, start, end, new, kind)
    return None


NEAR_SHARE = 0.5  # intrinsic swaps that take a name from the sentence the text copies from


def _word_set(text: str) -> set[str]:
    return set(re.findall(r"\w+", text.lower()))


def closest_sentence(text: str, context: str) -> str:
    """The context sentence sharing the most words with ``text`` (the first of ties)."""
    words = _word_set(text)
    sentences = [context[s:e] for s, e in split_sentences(context)] or [context]
    return max(sentences, key=lambda sentence: len(words & _word_set(sentence)))


class _NearSentences:
    """Per sentence of ``text``, the context sentence sharing the most words with it (:func:`closest_sentence`),
    the context split and read once and each sentence of ``text`` looked up once."""

    def __init__(self, text: str, context: str):
        self.text = text
        self.own = split_sentences(text)
        self.sentences = [context[s:e] for s, e in split_sentences(context)] or [context]
        self.words = [_word_set(sentence) for sentence in self.sentences]
        self.found: dict[tuple[int, int], str] = {}

    def at(self, position: int) -> str:
        """The context sentence closest to the sentence of the text that holds ``position``."""
        own = next(((start, end) for start, end in self.own if start <= position < end), (0, len(self.text)))
        if own not in self.found:
            words = _word_set(self.text[own[0]:own[1]])
            best = max(range(len(self.sentences)), key=lambda i: len(words & self.words[i]))  # the first of ties
            self.found[own] = self.sentences[best]
        return self.found[own]


def swap_entity_intrinsic(text: str, rng: random.Random, resources: EditResources) -> Edit | None:
    """A name becomes another name from the same context (the words exist there; the claim does not): half the time
    one from the context sentence the text shares most words with, the closest confusion ("born in Aaron Burckhard"
    for "Born in Aberdeen, ..., Cobain formed Nirvana with ... Aaron Burckhard"), else any."""
    if rng.random() < NEAR_SHARE:
        near = closest_sentence(text, resources.context)
        edit = _swap_name(text, rng, [near[s:e] for s, e in names_in(near)], "entity_intrinsic", resources.context,
                          resources.strict_names)
        if edit is not None:
            return edit
    pool = [resources.context[s:e] for s, e in names_in(resources.context)]
    return _swap_name(text, rng, pool, "entity_intrinsic", resources.context, resources.strict_names)


def swap_entity_near(text: str, rng: random.Random, resources: EditResources) -> Edit | None:
    """A name becomes another name of the context sentence that the name's own sentence shares most words with: the
    context has both names in that sentence, in other places ("He was born in Krist Novoselic." where it reads
    "Born in Aberdeen, Washington, Cobain formed Nirvana with Krist Novoselic ..."). ``entity_intrinsic`` looks
    for the sentence closest to the whole text, whose names a long answer mostly holds already, so it rarely makes
    this closest confusion."""
    names = names_in(text)
    rng.shuffle(names)
    near_sentences = _NearSentences(text, resources.context)
    for start, end in names:
        near = near_sentences.at(start)
        edit = _swap_name(text, rng, [near[s:e] for s, e in names_in(near)], "entity_near", resources.context,
                          resources.strict_names, at=(start, end))
        if edit is not None:
            return edit
    return None


def names_absent(names: Sequence[str], context: str) -> list[str]:
    """The names (of other documents) that share no word with ``context``."""
    context_words = set(re.findall(r"\w+", context.lower()))
    return [n for n in names if not set(re.findall(r"\w+", n.lower())) & context_words]


def swap_entity_extrinsic(text: str, rng: random.Random, resources: EditResources) -> Edit | None:
    """A name becomes a name from another document that shares no word with the context."""
    return _swap_name(text, rng, names_absent(resources.foreign_names, resources.context), "entity_extrinsic",
                      strict=resources.strict_names)


def swap_entity_opening(text: str, rng: random.Random, resources: EditResources) -> Edit | None:
    """A one-word name that opens a sentence becomes another name: one of the context or, as often, one of another
    document that shares no word with the context ("Arsenal lost to United." for "Chelsea lost to United.", where
    the context writes "Chelsea" mid-sentence: :func:`names_in` with ``known``); both read as names where they open a
    sentence (:func:`~halluseq.features.text.opens_with_name`: not "Bake" or "Step" of a recipe's list). The other
    name swaps never replace such a word (a capital that opens a sentence is mostly no name), so without this kind
    no synthetic answer has a wrong name opening a sentence."""
    inside = set(names_in(text))
    openers = [(s, e) for s, e in names_in(text, f"{text}\n{resources.context}")
               if (s, e) not in inside and opens_with_name(word_key(text[s:e]))]
    rng.shuffle(openers)
    pools = [[name for name in pool if opens_with_name(word_key(name.split()[0]))]
             for pool in ([resources.context[s:e] for s, e in names_in(resources.context)],
                          names_absent(resources.foreign_names, resources.context))]
    rng.shuffle(pools)
    for at in openers:
        for pool in pools:
            edit = _swap_name(text, rng, pool, "entity_opening", resources.context, resources.strict_names, at=at)
            if edit is not None:
                return edit
    return None


# --- two names or numbers of one sentence trade places ------------------------------------------------------------

def _swappable(between: str) -> bool:
    """Whether the text between two names or numbers relates them one way: a word that is not a conjunction, a
    name or a number (not a list: "AC/DC, Queen, KISS and Van Halen")."""
    words = re.findall(r"[\w&.]+", between)
    return any(w.lower() not in SYMMETRIC_LINKS and not w[:1].isupper() and not w[:1].isdigit() for w in words)


def _same_role(a: str, b: str) -> bool:
    """Two names of as many words sharing none, or two different numbers that are both years or both not."""
    if NUMBER.fullmatch(a):
        return a.replace(",", "") != b.replace(",", "") and bool(_YEAR.match(a)) == bool(_YEAR.match(b))
    return len(a.split()) == len(b.split()) and _distinct(a, b)


def _swap_candidates(text: str) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Pairs of names (a possessive ``'s`` stays where it is), or of whole numbers (not parts of ``17:40`` or
    ``43.5``), of the same role (:func:`_same_role`) within one sentence and joined by more than a conjunction."""
    names = [(s, e - len(m.group()) if (m := POSSESSIVE.search(text[s:e])) else e) for s, e in names_in(text)]
    numbers = [(m.start(), m.end()) for m in NUMBER.finditer(text)
               if not re.match(r"[.:]\d", text[m.end():m.end() + 2]) and text[m.start() - 1:m.start()] != ":"]
    pairs = []
    for start, end in split_sentences(text):
        for group in (names, numbers):
            inside = [(s, e) for s, e in group if start <= s and e <= end]
            for i, (s1, e1) in enumerate(inside):
                for s2, e2 in inside[i + 1:]:
                    if _same_role(text[s1:e1], text[s2:e2]) and _swappable(text[e1:s2]):
                        pairs.append(((s1, e1), (s2, e2)))
    return pairs


def swap_roles(text: str, rng: random.Random, resources: EditResources) -> Edit | None:
    """Two names (or two numbers) of one sentence trade places: ``Anna Weber defeated Maria Lopez`` -> ``Maria
    Lopez defeated Anna Weber``. Every word is still in the context; the claim reverses. Only a relation the
    context states in these words (``Anna Weber defeated Maria Lopez`` is in it): where an answer words it
    otherwise, nothing in the text tells the reversed claim from the answer's own rewording. Spans: both places."""
    pairs = [((s1, e1), (s2, e2)) for (s1, e1), (s2, e2) in _swap_candidates(text)
             if re.search(rf"(?<!\w){re.escape(text[s1:e2])}(?!\w)", resources.context)]
    pair = _pick(rng, pairs)
    if pair is None:
        return None
    (s1, e1), (s2, e2) = pair
    first, second = text[s1:e1], text[s2:e2]
    edited = text[:s1] + second + text[e1:s2] + first + text[e2:]
    moved_to = s2 + len(second) - len(first)
    return Edit(edited, s1, s1 + len(second), "swap", f"{first} <-> {second}",
                more_spans=((moved_to, moved_to + len(first)),))


# --- negation, antonyms, quantifiers ----------------------------------------------------------------------------

_AUXILIARY = "|".join(sorted(AUXILIARIES))
_AUX_THEN_WORD = re.compile(r"\b(" + _AUXILIARY + r")\b(?=\s+(?!not\b|n't|never\b)[a-z])")
_NEGATED = re.compile(r"\b(" + _AUXILIARY + r")(\s+not\b|n't\b)")
_CONTRACTED = {"can't": "can", "won't": "will", "cannot": "can", "shan't": "shall"}
_CONTRACTED_RE = re.compile(r"\b(can't|won't|cannot|shan't)\b")


def flip_negation(text: str, rng: random.Random, resources: EditResources) -> Edit | None:
    """Add ``not`` after an auxiliary (span: ``not``), or remove a negation (span: the auxiliary left)."""
    removals = [("remove", m) for m in _NEGATED.finditer(text)] + [("contracted", m) for m in
                                                                   _CONTRACTED_RE.finditer(text)]
    additions = [("add", m) for m in _AUX_THEN_WORD.finditer(text)]
    choice = _pick(rng, removals if removals and (not additions or rng.random() < 0.5) else additions)
    if choice is None:
        return None
    how, match = choice
    if how == "add":
        edited = text[:match.end()] + " not" + text[match.end():]
        return Edit(edited, match.end() + 1, match.end() + 4, "negation", f"{match.group()} -> {match.group()} not")
    if how == "contracted":
        new = _same_case(match.group(), _CONTRACTED[match.group().lower()])
        return substitute(text, match.start(), match.end(), new, "negation")
    return substitute(text, match.start(), match.end(), match.group(1), "negation")


_DO_NEGATED = re.compile(r"\b(does|do|did)(?:\s+not|n't)\s+([a-z]+)\b", re.IGNORECASE)
_NEVER = re.compile(r"\bnever\s+([a-z]+)\b")
_THIRD_PERSON = {"have": "has", "do": "does", "go": "goes"}


def third_person(verb: str) -> str:
    """``verb`` for he / she / it (``work`` -> ``works``, ``carry`` -> ``carries``, ``have`` -> ``has``)."""
    if verb in _THIRD_PERSON:
        return _THIRD_PERSON[verb]
    if re.search(r"(s|sh|ch|x|z|o)$", verb):
        return verb + "es"
    return verb[:-1] + "ies" if re.search(r"[^aeiou]y$", verb) else verb + "s"


def regular_past(verb: str) -> str | None:
    """The past tense of a verb whose forms WordNet lists no exception for (``open`` -> ``opened``, ``agree`` ->
    ``agreed``, ``carry`` -> ``carried``); None for an irregular one or one that may double its last consonant
    (``stop``)."""
    if verb in load_relations().irregular or re.search(r"[^aeiou][aeiou][^aeiouwxy]$", verb):
        return None
    if verb.endswith("e"):
        return verb + "d"
    return verb[:-1] + "ied" if re.search(r"[^aeiou]y$", verb) else verb + "ed"


def drop_negation(text: str, rng: random.Random, resources: EditResources) -> Edit | None:
    """A negation left out the way a writer would restate the claim (span: the verb that now states it): ``does not
    work`` -> ``works``, ``do not apply`` -> ``apply``, ``did not open`` -> ``opened`` (regular verbs), ``has never
    won`` -> ``has won``."""
    options: list[tuple[int, int, str]] = []
    for match in _DO_NEGATED.finditer(text):
        auxiliary, verb = match.group(1).lower(), match.group(2)
        if not load_relations().is_verb(verb) or re.match(r"(\s+\w+){0,3}\s+until\b", text[match.end():]):
            continue  # "did not appear until the 8th century": it appeared then
        new = {"does": third_person, "do": str, "did": regular_past}[auxiliary](verb)
        if new:
            options.append((match.start(), match.end(), _same_case(match.group(1), new)))
    options += [(match.start(), match.end(), match.group(1)) for match in _NEVER.finditer(text)]
    choice = _pick(rng, options)
    if choice is None:
        return None
    start, end, new = choice
    return substitute(text, start, end, new, "negation_dropped")


ANTONYM_PAIRS = (
    ("more", "less"), ("fewer", "more"), ("most", "least"), ("many", "few"), ("always", "never"),
    ("all", "none of the"), ("increase", "decrease"), ("increased", "decreased"), ("increases", "decreases"),
    ("increasing", "decreasing"), ("rise", "fall"), ("rose", "fell"), ("rising", "falling"), ("higher", "lower"),
    ("highest", "lowest"), ("larger", "smaller"), ("largest", "smallest"), ("bigger", "smaller"),
    ("biggest", "smallest"), ("longer", "shorter"), ("longest", "shortest"), ("before", "after"),
    ("first", "last"), ("earlier", "later"), ("earliest", "latest"), ("older", "younger"), ("oldest", "youngest"),
    ("won", "lost"), ("win", "lose"), ("wins", "loses"), ("gained", "lost"), ("above", "below"),
    ("maximum", "minimum"), ("north", "south"), ("northern", "southern"), ("east", "west"),
    ("eastern", "western"), ("positive", "negative"), ("success", "failure"), ("successful", "unsuccessful"),
    ("approved", "rejected"), ("accepted", "rejected"), ("opened", "closed"), ("best", "worst"),
    ("better", "worse"), ("strong", "weak"), ("stronger", "weaker"), ("cheap", "expensive"),
    ("cheaper", "more expensive"), ("easy", "difficult"), ("early", "late"), ("legal", "illegal"),
    ("possible", "impossible"), ("include", "exclude"), ("included", "excluded"), ("majority", "minority"),
    ("supported", "opposed"), ("supports", "opposes"), ("allowed", "banned"), ("public", "private"),
    ("male", "female"), ("men", "women"), ("young", "old"), ("new", "old"), ("high", "low"), ("large", "small"),
    ("long", "short"), ("rich", "poor"), ("same", "different"), ("similar", "different"), ("agreed", "refused"),
    ("arrived", "left"), ("bought", "sold"), ("buy", "sell"), ("entered", "left"),
    ("start", "end"), ("started", "ended"), ("beginning", "end"), ("inside", "outside"), ("internal", "external"),
    ("upper", "lower"), ("domestic", "foreign"), ("rarely", "often"), ("minor", "major"), ("full", "empty"),
    ("true", "false"), ("correct", "incorrect"), ("safe", "dangerous"), ("guilty", "innocent"),
)
# words put in for their opposite but never replaced: "left" is as often a side or what remains ("he was left
# behind" -> "he was arrived behind" is no sentence). "born" / "died" are no pair for the same reason ("was born")
NOT_REPLACED = frozenset({"left"})
ANTONYMS: dict[str, str] = {}
for _a, _b in ANTONYM_PAIRS:
    ANTONYMS.setdefault(_a, _b)
    ANTONYMS.setdefault(_b, _a)
_ANTONYM = re.compile(r"(?<![\w'’-])(" + "|".join(sorted((re.escape(w) for w in ANTONYMS if w not in NOT_REPLACED),
                                                         key=len, reverse=True))
                      + r")(?![\w'’-])", re.IGNORECASE)


def _same_case(old: str, new: str) -> str:
    if old.isupper() and len(old) > 1:
        return new.upper()
    return new[0].upper() + new[1:] if old[:1].isupper() else new


def flip_antonym(text: str, rng: random.Random, resources: EditResources) -> Edit | None:
    """A quantifier, comparative or polar word becomes its opposite (``higher`` -> ``lower``)."""
    match = _pick(rng, list(_ANTONYM.finditer(text)))
    if match is None:
        return None
    return substitute(text, match.start(), match.end(), _same_case(match.group(), ANTONYMS[match.group().lower()]),
                      "antonym")


# --- unsupported sentences --------------------------------------------------------------------------------------

_SENTENCE_END = re.compile(r"[.!?][\"'”’)\]]*$")


def ended(text: str) -> str:
    """``text`` without trailing space, a full stop added when it does not end a sentence (``. ! ?``, a closing
    quote or bracket after one): a sentence appended to "yes it was" would else run on from it, one sentence to a
    splitter and a reader ("yes it was The passages do not mention ..."), as no answer reads."""
    text = text.rstrip()
    return text if not text or _SENTENCE_END.search(text) else text + "."


def splice_sentence(text: str, rng: random.Random, resources: EditResources) -> Edit | None:
    """A sentence from another document is inserted between two sentences (or at the end; a full stop ends the one
    before where it has none, :func:`ended`); span: that sentence."""
    context = resources.context.lower()
    options = [s for s in resources.foreign_sentences if s.lower() not in context]
    sentence = _pick(rng, options)
    if sentence is None:
        return None
    sentences = split_sentences(text)
    cut = _pick(rng, [end for _, end in sentences]) if sentences else len(text.rstrip())
    head = ended(text[:cut])
    edited = head + " " + sentence + text[cut:]
    return Edit(edited, len(head) + 1, len(head) + 1 + len(sentence), "splice", f"+ {sentence}")


# --- additions: an item or a clause the context lacks, inside a sentence that is otherwise right -------------------

# a list's last link: the item before "and" / "or" (an optional comma after it) and the item after
_LIST_LINK = re.compile(r"\b(?P<before>[A-Za-z][a-z-]{2,}),? (?:and|or) (?P<after>[A-Za-z][a-z-]{2,})\b")
# a lowercase plural noun (one an item can join: "bears" -> "bears and wolves") and the determiners it may follow
_PLURAL = re.compile(r"\b[a-z][a-z-]{2,}s\b")
_LINKED = re.compile(r"\s*(?:,|(?:and|or)\b)")  # what follows an item of a list ("the ribs and cook them")
DETERMINERS = frozenset({"the", "these", "those", "their", "its", "his", "her", "our", "your", "my", "some", "other",
                         "such", "various", "certain"})
# what joins an added clause to the sentence it ends, as written before the clause
CONNECTORS = (", and", ", while", " because", ", so", ", although")
MAX_CLAUSE_WORDS = 20


@lru_cache(maxsize=1)
def common_words() -> frozenset[str]:
    """The whole words of all-MiniLM-L6-v2's uncased WordPiece vocabulary (BERT's, from frequent words of books and
    Wikipedia): the words an added list item is drawn from, for WordNet alone files "acetonuria" beside "nausea"."""
    from halluseq.nli.model import minilm_path  # the installed MiniLM package; loads no model

    vocabulary = (minilm_path() / "vocab.txt").read_text(encoding="utf-8").split()
    return frozenset(word for word in vocabulary if word.isalpha() and len(word) > 2)  # not "va", "de"


def _plural(word: str) -> str:
    """A regular English plural (``fox`` -> ``foxes``, ``pony`` -> ``ponies``, ``elk`` -> ``elks``)."""
    if re.search(r"[^aeiou]y$", word):
        return word[:-1] + "ies"
    return word + ("es" if re.search(r"(s|x|z|ch|sh)$", word) else "s")


def _is_plural(word: str) -> bool:
    """Whether ``word`` ends in "s" and has a lemma without it ("days", "wolves"; not "series", "nausea")."""
    return word.endswith("s") and any(lemma != word.lower() for lemma in load_relations().lemmas(word))


def _like(word: str, item: str) -> str | None:
    """``word`` written like the list item ``item``: plural where ``item`` is an inflected plural (None where that
    plural is no common word: "sheeps"), capitalised where ``item`` is a name WordNet writes with a capital."""
    relations = load_relations()
    if _is_plural(item):
        word = _plural(word)
        if word not in common_words():
            return None
    return word.capitalize() if relations.is_proper(item) else word


def _list_items(items: Sequence[str], taken: frozenset[str]) -> list[str]:
    """Common words (:func:`common_words`) WordNet files beside one of ``items`` (:meth:`coordinates`), written like
    the first (:func:`_like`), names beside a name and common nouns beside a common noun, in none of their forms
    among the lemmas ``taken``, nor the start of an item ("Mon" of "Monday"); none where every item is an adjective
    too ("black and white"), nor where a capitalised item is a common word to WordNet ("Smith and Jones")."""
    relations = load_relations()
    if all(map(relations.is_adjective, items)) or any(i[0].isupper() and not relations.is_proper(i) for i in items):
        return []
    proper = relations.is_proper(items[0])
    words = {word for item in items for word in relations.coordinates(item)
             if word in common_words() and relations.is_proper(word) == proper
             and relations.lemmas(word).isdisjoint(taken) and not any(i.lower().startswith(word) for i in items)}
    return sorted(written for word in words if (written := _like(word, items[0])) is not None)


def _noun_as_written(item: str) -> bool:
    """Whether ``item`` is written as a noun lemma or as a plural (not "bitten")."""
    return item.lower() in load_relations().lemmas(item) or item.endswith("s")


def _ends_phrase(text: str, end: int) -> bool:
    """Whether no noun follows ``text[:end]`` (punctuation, a stop word or a word that is no noun to WordNet comes
    next): "health and life insurance" lists kinds of insurance, and no other kind of life joins it."""
    following = re.match(r"\s+([A-Za-z]+)", text[end:])
    return not following or following.group(1).lower() in ENGLISH_STOP_WORDS or not load_relations().coordinates(
        following.group(1))


def _opens_noun(word: str) -> bool:
    """Whether ``word`` can stand right before a plural noun that ends a noun phrase: a determiner
    (:data:`DETERMINERS`) or a word WordNet knows only as an adjective ("grizzly bears", "serious injuries"; not a
    number, nor "He faces", "many")."""
    relations = load_relations()
    return word.lower() in DETERMINERS or (relations.is_adjective(word) and not relations.coordinates(word)
                                           and word.lower() not in ENGLISH_STOP_WORDS)


def _list_insertions(text: str, taken: frozenset[str]) -> list[tuple[int, str, list[str]]]:
    """Where an item can join the text: ``(position, joiner, words)``. After the item before a list's last ``and`` /
    ``or`` (``", "``), where the dominant meanings of the two items are filed under one concept (the second is a
    coordinate of the first: "nausea and diarrhoea", not "brush the ribs and cook"), and after a plural noun that
    ends its phrase, follows a determiner or an adjective and is followed by no link of a list (``" and "``:
    "grizzly bears and wolves"; not "he faces a fine", "5 minutes", "the ribs and cook them"). The words:
    :func:`_list_items`."""
    relations = load_relations()
    found = []
    for match in _LIST_LINK.finditer(text):
        before, after = match.group("before"), match.group("after")
        if (_noun_as_written(before) and _noun_as_written(after) and _ends_phrase(text, match.end())
                and not relations.lemmas(after).isdisjoint(relations.coordinates(before))
                and (items := _list_items((before, after), taken))):
            found.append((match.end("before"), ", ", items))
    for match in _PLURAL.finditer(text):
        plural = match.group()
        before = re.search(r"([A-Za-z-]+)\s+$", text[:match.start()])
        if (_is_plural(plural) and before is not None and _opens_noun(before.group(1))
                and not _LINKED.match(text, match.end()) and _ends_phrase(text, match.end())
                and (items := _list_items((plural,), taken))):
            found.append((match.end(), " and ", items))
    return found


def add_list_item(text: str, rng: random.Random, resources: EditResources) -> Edit | None:
    """An item that neither the context nor the text holds in any form joins a list of the text, or makes one of a
    plural noun (:func:`_list_insertions`): a common word that WordNet files beside the items ("nausea, vomiting and
    diarrhoea" for "nausea and diarrhoea"; "Wyoming, Montana, Utah and Idaho"; "grizzly bears and wolves"); span:
    that word."""
    relations = load_relations()
    taken = relations.lemma_set(re.findall(r"\w+", f"{resources.context} {text}".lower()))
    chosen = _pick(rng, _list_insertions(text, taken))
    if chosen is None:
        return None
    at, joiner, items = chosen
    word = _pick(rng, items)
    start = at + len(joiner)
    return Edit(text[:at] + joiner + word + text[at:], start, start + len(word), "list_item", f"+ {word}")


def _as_clause(sentence: str) -> str:
    """A sentence as a clause inside another: its closing punctuation dropped, its first word lowercased where it is
    a stop word other than "I" ("The", "It", "In"; a name keeps its capital: "Berlin", which WordNet also knows as
    a carriage)."""
    clause = sentence.strip().rstrip(".!?;:").rstrip()
    first = clause.split(maxsplit=1)[0] if clause else ""
    if first and first != "I" and word_key(first) in ENGLISH_STOP_WORDS:
        clause = clause[0].lower() + clause[1:]
    return clause


def add_clause(text: str, rng: random.Random, resources: EditResources) -> Edit | None:
    """A clause joins the end of a sentence of the text, before its closing punctuation: a sentence of another
    document (of at most ``MAX_CLAUSE_WORDS`` words) after a connector (:data:`CONNECTORS`: "..., and the festival
    draws thousands of visitors.", "... because the bridge was built in 1932."); span: the connector's word and the
    clause."""
    context = resources.context.lower()
    options = [s for s in resources.foreign_sentences if s.lower() not in context and ":" not in s
               and 3 <= len(s.split()) <= MAX_CLAUSE_WORDS and s.strip()[-1:] in ".!?"]  # no "Luke: Okay ..."
    ends = [end for start, end in split_sentences(text) if _SENTENCE_END.search(text[start:end].rstrip())]
    sentence, end = _pick(rng, options), _pick(rng, ends)
    if sentence is None or end is None:
        return None
    stop = re.search(r"[.!?][\"'”’)\]]*\s*$", text[:end]).start()  # before the closing punctuation
    connector = _pick(rng, CONNECTORS)
    joined = f"{connector} {_as_clause(sentence)}"
    start = stop + len(connector) - len(connector.lstrip(", "))
    return Edit(text[:stop] + joined + text[stop:], start, stop + len(joined), "clause", f"+ {joined.strip(', ')}")


# --- abstentions ------------------------------------------------------------------------------------------------

# sentences that say the sources lack a topic (other wordings than benchmarks/framing.py's)
ABSTENTIONS = (
    "The passages do not mention {}.",
    "However, the context does not say anything about {}.",
    "The provided text gives no information on {}.",
    "Note that the document does not discuss {}.",
    "The article does not specify {}.",
    "It is not stated what {} is.",
)
# what a true abstention may say the sources lack about a name they hold ("the cost of the bridge")
ATTRIBUTES = (
    "cost", "price", "budget", "length", "height", "size", "weight", "age", "population", "founder", "owner",
    "author", "address", "duration", "schedule", "reason", "salary", "revenue", "funding", "capacity",
    "nationality", "birthplace", "opening hours", "exact date", "current status", "market share",
)


def abstention_sentence(topic: str, rng: random.Random) -> str:
    """One of :data:`ABSTENTIONS` about ``topic``."""
    return _pick(rng, ABSTENTIONS).format(topic)


def attribute_topic(context: str, rng: random.Random) -> str | None:
    """A topic a context lacks though it holds its name: an attribute (:data:`ATTRIBUTES`) none of whose words the
    context uses, of one of its names ("the cost of Main Street", "Ana Ruiz's age"); None without a name."""
    name = _pick(rng, sorted({context[s:e] for s, e in names_in(context)}))
    relations = load_relations()
    context_lemmas = relations.lemma_set(re.findall(r"\w+", context.lower()))
    attributes = [a for a in names_absent(ATTRIBUTES, context)
                  if all(relations.lemmas(w).isdisjoint(context_lemmas) for w in a.split())]  # not "costs" either
    if name is None or not attributes:
        return None
    attribute = _pick(rng, attributes)
    return f"the {attribute} of {name}" if rng.random() < 0.5 else f"{name}'s {attribute}"


def false_abstention(text: str, rng: random.Random, resources: EditResources) -> Edit | None:
    """A sentence saying the sources do not mention a name they hold (one the text does not use) is appended (after
    a full stop where the text has none, :func:`ended`); span: that sentence. Not one of :data:`EDITS`:
    ``augment(abstentions=...)`` makes it beside a true abstention."""
    names = sorted({resources.context[s:e] for s, e in names_in(resources.context)
                    if resources.context[s:e].lower() not in text.lower()})
    name = _pick(rng, names)
    if name is None:
        return None
    sentence = abstention_sentence(name, rng)
    cut = len(text.rstrip())
    head = ended(text[:cut])
    return Edit(head + " " + sentence + text[cut:], len(head) + 1, len(head) + 1 + len(sentence), "abstention",
                f"+ {sentence}")


EditFunction = Callable[[str, random.Random, EditResources], Edit | None]
EDITS: dict[str, EditFunction] = {
    "number": change_number,
    "amount": change_amount,
    "date": change_date,
    "unit": change_unit,
    "entity_intrinsic": swap_entity_intrinsic,
    "entity_extrinsic": swap_entity_extrinsic,
    "negation": flip_negation,
    "antonym": flip_antonym,
    "splice": splice_sentence,
    "swap": swap_roles,
    "number_intrinsic": swap_number_intrinsic,
    "entity_near": swap_entity_near,
    "entity_opening": swap_entity_opening,
    "number_near": swap_number_near,
    "ordinal": change_ordinal,
    "list_item": add_list_item,
    "clause": add_clause,
    "negation_dropped": drop_negation,
}
# kinds made only where a config or --kinds names them: the bundled recipes' draws (all of KINDS) stay as they were
NAMED_ONLY = frozenset({"number_intrinsic", "entity_near", "number_near", "ordinal", "entity_opening", "list_item",
                        "clause", "negation_dropped"})
