"""Name slots (2 columns): does a name or number of the answer stand where the context puts it, or where the
context puts another?

An intrinsic hallucination reuses a name of the context in a claim the context does not make ("Cobain was born in
Aaron Burckhard." where the context says "Born in Aberdeen, Washington, Cobain formed the band with ... Aaron
Burckhard"): every word of it occurs in the context, so the text statistics and the NLI model of a short claim see
little wrong. Here the words next to each name or number (up to ``SLOT_WINDOW`` on each side, one of them a content
word, the longest run the context also has) are looked up in the context, and the names and numbers the context
has next to them there are compared with the answer's:

- ``slot_other_name``: next to these words the context has another name, or another number for a number (one the
  answer sentence does not hold), and never this one;
- ``slot_same_name``: next to these words the context has this name or number (grounded where it stands).

What fills a slot is read as a group: names joined by commas and ``and`` / ``or`` ("Aberdeen, Washington";
"Queen, KISS and Aerosmith"; up to ``SLOT_GROUP_MAX`` words), so a place named by city and state or one member
of a list is no other name. The words looked up never cross a comma, semicolon or colon. A capitalised word that
opens a sentence or a list item (after ``Notes:``, a bullet, ``7.``, ``(1)``) is a name only where the context
capitalises it elsewhere mid-sentence ("1. Season the ribs" is no name); a list number ("7." opening an item,
"(1)") and a number that points into the sources ("Passage 2", "page 14") fill no slot. A count is compared by
value (:func:`halluseq.features.numbers.count_key`; version 2): "for fifteen minutes" stands where the context has
"for 15 minutes" (version 1 read it as another number there). A window's rarest word is looked up (at most
``SLOT_OCCURRENCES`` of its occurrences), so a 50-page context costs little. Version 3: a comma, semicolon or colon
that stands apart as a word of its own (tokenised text, "Tupelo , Tennessee") ends a name as an attached one does
(version 2 read "Tupelo , Tennessee" as one name, grounded where the context has "Tupelo, Mississippi"); and only a
number takes a number's place, a name a name's ("the 330-metre tower" where the context has "the Eiffel Tower",
"born in 1962" where it has "born in Aberdeen": no other name there). Version 4: a number is compared by the values it
states (:func:`slot_forms`: "350°F" stands where the context has "350", "eight" where it has "8-10"; "519-1185" does
not stand where it has "794-1185"), a name by its letters and digits ("E-ZPass" for "E-ZPass®"), and a number alone
("4", the list number of "4. Serve it") is no window. Version 5: a relative clause or an apposition between a name
and its verb is read past, in the context ("Tom Reyes, who voted against the budget, said the project": Tom Reyes
stands before "said the project") and in the answer (the windows after "Tom Reyes, who opposed it," start at
"said"), where it opens after a comma with "who", "which", "the", "his" ... (:data:`INSERTION_OPENERS`) and ends
with a comma within ``INSERTION_MAX`` words; and a name written in lower case up to its capitals ("iOS", "iPhone",
"eBay") is a name (:func:`name_cased`).

Another name or number the answer sentence holds too is no other one (a list read in another order); with option
``crossed`` two numbers of one sentence that each stand where the context has the other are ("give 30 days' notice,
and the deposit is returned within 60 days" where the context has 60 days' notice and 30 days for the deposit); with
option ``crossed_names`` two names are ("The court ruled that Google must pay Oracle" where it has "Oracle must pay
Google"), and a name beside a number is a unit of its own ("Germany 7-1": the number grounds no name). With option
``opening_names`` a capitalised word that opens a sentence is a name also where WordNet knows it in no lower-case
form ("Germany defeated Brazil."; not "Based", "Amazon"): without it, a name that opens the context's sentence fills
no slot there.

The ``align`` family's ``slot_of_other_name`` column is this rule's first version (no groups, list items or
references), kept for the bundled ``full`` detector that was trained on it. No model; options ``longest_evidence``,
``respellings``, ``crossed``, ``crossed_names`` and ``opening_names`` (:class:`SlotFeatures`); linear in context plus
answer length.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from functools import cached_property, lru_cache

import numpy as np

from halluseq.data.example import Example
from halluseq.data.sentences import sentence_index, split_sentences
from halluseq.features.abbreviations import context_times, time_words
from halluseq.features.align import (
    LIST_MARKER,
    ends_item,
    ends_with_comma,
    is_anchor,
    is_capitalised,
    is_content,
    is_number,
    item_starts,
    name_units,
)
from halluseq.features.base import PerContextFeatures
from halluseq.features.initials import acronym, spells
from halluseq.features.numbers import count_key
from halluseq.features.text import bare_word, opens_with_name, word_key

COLUMNS = ["slot_other_name", "slot_same_name"]
_VALUE = re.compile(r"\d+(?:\.\d+)?")
_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}(?!\d))")  # "2,500" is one value, "1,2,3" three
SLOT_WINDOW = 3  # words next to a name looked up in the context ("born in" + "Aberdeen")
SLOT_OCCURRENCES = 200  # occurrences of a window's rarest word looked at
SLOT_GROUP_MAX = 8  # words of the names read as one slot ("Queen, KISS and Aerosmith")
# a number after these words points into the sources ("Passage 2", "page 14"): no claim, no slot
REFERENCE_WORDS = frozenset({"passage", "passages", "document", "documents", "source", "sources", "section",
                             "paragraph", "chapter", "page", "pages", "step", "table", "figure", "item", "reference"})
# words of a relation that reads both ways: two names on either side of one have traded no places ("Brazil drew
# Germany", "Spain will co-host it with Morocco", "Oracle and Google settled")
SYMMETRIC = frozenset({"with", "drew", "draw", "draws", "tied", "married", "marry", "met", "meet", "meets", "border",
                       "borders", "bordered", "versus", "vs", "v"})
LINK_WORDS = frozenset({"and", "or", "nor", "&"})  # join the names of one slot ("Novoselic and Aaron Burckhard")
# a relative clause or an apposition between a name and its verb opens with one of these after a comma ("Tom Reyes,
# who voted against the budget, said"; "Dana Whitfield, the chief executive, announced"; version 5)
INSERTION_OPENERS = frozenset({"who", "whom", "whose", "which", "the", "a", "an", "his", "her", "its", "their"})
INSERTION_MAX = 10  # words of such an insertion, its commas included
_PARENTHESISED = re.compile(r"\(?\d{1,2}\)")  # "(1)" or "1)": a list number wherever it stands


def points_into_sources(word: str, key: str, start: bool, previous: str) -> bool:
    """Whether a word is a list number ("7." opening an item, ``start``; "(1)" anywhere) or a number that points
    into the sources ("Passage 2": ``previous`` is the key of the word before)."""
    return (bool(_PARENTHESISED.fullmatch(word)) or start and bool(LIST_MARKER.fullmatch(word))
            or previous in REFERENCE_WORDS and is_number(key))


class SlotIndex:
    """The words of one context in one sequence (punctuation-only words left out), with which of them fill a slot,
    which end a list item, the sentence of each, and where each key occurs. With ``opening_names`` a capitalised word
    that opens a sentence or list item is a name where it reads as one (:meth:`named`)."""

    def __init__(self, context: str, opening_names: bool = False):
        self._context = context
        self.opening_names = opening_names
        sentences = [context[start:end].split() for start, end in split_sentences(context)]
        keys = [[word_key(w) for w in words] for words in sentences]
        starts = [item_starts(words) for words in sentences]
        self.names = {key for words, sentence_keys, opens in zip(sentences, keys, starts, strict=True)
                      for word, key, start in zip(words, sentence_keys, opens, strict=True)
                      if not start and name_cased(word)}
        self.keys: list[str] = []
        self.fills: list[bool] = []
        self.item_end: list[bool] = []
        self.comma: list[bool] = []
        self.sentence: list[int] = []
        for index, (words, sentence_keys, opens) in enumerate(zip(sentences, keys, starts, strict=True)):
            for key, fills, end, comma in zip(sentence_keys, slot_fillers(words, sentence_keys, opens, self),
                                              clause_ends(words, sentence_keys), comma_ends(words, sentence_keys),
                                              strict=True):
                if key:
                    self.keys.append(key)
                    self.fills.append(fills)
                    self.item_end.append(end)
                    self.comma.append(comma)
                    self.sentence.append(index)
        self.positions: dict[str, list[int]] = defaultdict(list)
        for position, key in enumerate(self.keys):
            self.positions[key].append(position)

    @cached_property
    def times(self) -> set[str]:
        """The clock times the context gives (``respellings``: :func:`halluseq.features.abbreviations.context_times`),
        read once per context."""
        return context_times(self._context)

    def named(self, key: str, capitalised: bool, start: bool) -> bool:
        """Whether a word is a name: capitalised, and not opening a sentence or list item, or capitalised in the
        context where it does not (mid-sentence), or (``opening_names``) a word of letters that WordNet knows in no
        lower-case form (:func:`halluseq.features.text.opens_with_name`: "Germany defeated Brazil", not "Based")."""
        return capitalised and is_content(key) and (not start or key in self.names
                                                    or self.opening_names and opens_with_name(key))

    def neighbours(self, window: Sequence[str], after: bool) -> list[frozenset[str]]:
        """Per occurrence of the words ``window`` in one context sentence, no comma, semicolon or colon inside
        them, the keys of the names and numbers right after them (``after``) or right before them (empty if none
        is there)."""
        size = len(window)
        rarest = min(range(size), key=lambda i: (len(self.positions.get(window[i], ())), i))
        out = []
        for position in self.positions.get(window[rarest], ())[:SLOT_OCCURRENCES]:
            first = position - rarest
            last = first + size - 1
            if first < 0 or last >= len(self.keys) or self.keys[first:last + 1] != list(window) \
                    or self.sentence[first] != self.sentence[last]:
                continue
            if any(self.item_end[first:last + after]):  # the last word may end a clause before the names
                continue
            if after:
                out.append(self._group(last + 1, 1))
            elif first == 0 or self.sentence[first - 1] != self.sentence[first]:
                out.append(frozenset())
            elif self.item_end[first - 1]:  # the names before a relative clause or apposition ending here, if any
                opening = insertion_start(self.keys, self.item_end, self.comma, first - 1, self.sentence)
                out.append(frozenset() if opening is None else self._group(opening, -1))
            else:
                out.append(self._group(first - 1, -1))
        return out

    def _group(self, at: int, step: int) -> frozenset[str]:
        """The keys of the names and numbers from ``at`` on (``step`` 1: forward, -1: backward) in its sentence, read
        as one group across commas and links, up to ``SLOT_GROUP_MAX`` words."""
        if not 0 <= at < len(self.keys):
            return frozenset()
        sentence = self.sentence[at - step] if 0 <= at - step < len(self.keys) else self.sentence[at]
        found: set[str] = set()

        def filler(position: int) -> bool:
            return 0 <= position < len(self.keys) and self.sentence[position] == sentence and self.fills[position]

        walked = 0
        while filler(at) and walked < SLOT_GROUP_MAX:
            found.add(count_key(self.keys[at]))
            walked += 1
            at += step
            if 0 <= at < len(self.keys) and self.keys[at] in LINK_WORDS and filler(at + step):
                at += step
        return frozenset(found)


def clause_ends(words: Sequence[str], keys: Sequence[str], ends: Callable[[str], bool] = ends_item) -> list[bool]:
    """Per word, whether it ends a list item or clause (``ends``: :func:`ends_item`), also where the comma, semicolon
    or colon stands apart as a word of its own (tokenised text: "Tupelo , Mississippi" is two names, as "Tupelo,
    Mississippi" is); words whose key is empty (punctuation only) are dropped by the callers."""
    out = [ends(word) for word in words]
    for position in range(len(words) - 2, -1, -1):
        following = position + 1
        out[position] = out[position] or not keys[following] and out[following]
    return out


_MIXED_CASE = re.compile(r"[a-z]{1,3}(?:[A-Z]{2,}|[A-Z][a-z]{2,})(?:['’]s)?")  # "iOS", "macOS", "iPhone's", "eBay"


def name_cased(word: str) -> bool:
    """Whether a word is written as a name: capitalised, or in lower case up to a capital that starts a run of
    capitals or a capitalised word ("iOS", "iPhone", "eBay"; not "kWh", "pH"; version 5)."""
    return is_capitalised(word) or bool(_MIXED_CASE.fullmatch(bare_word(word)))


def comma_ends(words: Sequence[str], keys: Sequence[str]) -> list[bool]:
    """Per word, whether a comma ends it, also where the comma stands apart as a word of its own (tokenised text:
    "Reyes , who")."""
    return clause_ends(words, keys, ends_with_comma)


def insertion_start(keys: Sequence[str], item_ends: Sequence[bool], commas: Sequence[bool], end: int,
                    sentence: Sequence[int] | None = None) -> int | None:
    """Where a relative clause or an apposition that ends at ``end`` opens, by the comma-ended word before it: "Tom
    Reyes, who voted against the budget, said" (``end``: "budget,") -> "Reyes,"; the insertion opens with a word of
    :data:`INSERTION_OPENERS`, holds no other clause end and ends at most ``INSERTION_MAX`` words after the comma
    before it, in one sentence (``sentence``: per word its sentence, if the words span several). None where no such
    insertion ends at ``end`` (version 5)."""
    if not commas[end]:
        return None
    for position in range(end - 1, max(end - INSERTION_MAX, -1), -1):
        if sentence is not None and sentence[position] != sentence[end]:
            return None
        if item_ends[position]:
            return position if commas[position] and keys[position + 1] in INSERTION_OPENERS else None
    return None


def insertion_end(keys: Sequence[str], item_ends: Sequence[bool], commas: Sequence[bool], start: int) -> int | None:
    """Where a relative clause or an apposition that opens after the comma-ended word ``start`` ends (its last word,
    comma-ended: "Tom Reyes, who opposed it, said" from "Reyes," -> "it,"), as :func:`insertion_start` reads it the
    other way; None where none opens there."""
    if not commas[start] or start + 1 >= len(keys) or keys[start + 1] not in INSERTION_OPENERS:
        return None
    for position in range(start + 1, min(start + INSERTION_MAX, len(keys))):
        if item_ends[position]:
            return position if commas[position] else None
    return None


def slot_fillers(words: Sequence[str], keys: Sequence[str], starts: Sequence[bool], index: SlotIndex) -> list[bool]:
    """Per word of one sentence, whether it can fill a slot: a name (:meth:`SlotIndex.named`) or a number, not a
    list number ("7." opening an item, "(1)") nor one that points into the sources ("Passage 2")."""
    out = []
    previous = ""
    for word, key, start in zip(words, keys, starts, strict=True):
        out.append(is_anchor(key, index.named(key, name_cased(word), start))
                   and not points_into_sources(word, key, start, previous))
        previous = key or previous
    return out


def slot_groups(anchors: Sequence[bool], keys: Sequence[str], item_ends: Sequence[bool]
                ) -> list[tuple[int, int, list[tuple[int, int]]]]:
    """The names and numbers of one answer sentence (``name_units``) joined into the groups that fill one slot,
    as ``(first, end, units)``: adjacent units (a comma between them) or units with a link word between them, up
    to ``SLOT_GROUP_MAX`` words."""
    groups: list[tuple[int, int, list[tuple[int, int]]]] = []
    for first, end, _ in name_units(keys, anchors, item_ends):
        if groups:
            group_first, group_end, units = groups[-1]
            joined = first == group_end or first == group_end + 1 and keys[group_end] in LINK_WORDS
            if joined and end - group_first <= SLOT_GROUP_MAX:
                groups[-1] = (group_first, end, [*units, (first, end)])
                continue
        groups.append((first, end, [(first, end)]))
    return groups


def is_numeric(key: str) -> bool:
    """Whether a slot key is a number (a count's value ``#15``, ``1889``, ``330-metre``, ``5%``), not a name."""
    return key.startswith("#") or is_number(key) or any(c.isdigit() for c in key)


@lru_cache(maxsize=65536)  # the same context keys come back for every window and answer of a context
def slot_forms(key: str) -> frozenset[str]:
    """What a slot key is compared by (version 4): a number by the values it states (``350°f``, ``#350`` ->
    ``#350``; ``20-25`` -> ``#20``, ``#25``; ``4-inch``, ``4″`` -> ``#4``), a name or a number word without a
    value (``thousands``) by its letters and digits (``e-zpass®`` -> ``ezpass``)."""
    if key.startswith("#"):
        return frozenset({key})
    values = _VALUE.findall(_THOUSANDS.sub("", key)) if is_numeric(key) else []
    if values:
        return frozenset(f"#{float(value):g}" for value in values)
    return frozenset({"".join(c for c in key if c.isalnum())})


def _forms(keys: Iterable[str]) -> set[str]:
    return {form for key in keys for form in slot_forms(key)}


def is_window(words: Sequence[str]) -> bool:
    """Whether words can be looked up as a slot's window: one of them a content word, and not one number alone (a
    list number "4" is none, version 4)."""
    return any(map(is_content, words)) and not (len(words) == 1 and is_numeric(count_key(words[0])))


def slot_verdict(index: SlotIndex, keys: Sequence[str], item_ends: Sequence[bool], group: tuple[int, int],
                 unit: tuple[int, int], longest_evidence: bool = False, letters: str | None = None,
                 unheld: frozenset[str] = frozenset(), commas: Sequence[bool] | None = None
                 ) -> tuple[bool, bool, frozenset[str]]:
    """``(other, same, held)`` for the name ``keys[unit[0]:unit[1]]`` of the group spanning ``group``: whether the
    context has another name (a number for a number; version 3) next to the longest window on either side that it holds,
    and this one next to no window of either side (a context of several passages may give "oven to 400°F" in one and
    "oven to 350°F" in another); whether it has this one next to some window (compared by :func:`slot_forms`).
    With ``longest_evidence``, this one next to a window grounds it only where no longer window (either side) has
    another there: "opened in 1953 by Mayor Edith" where one passage says "opened to traffic in 1931 by Mayor Edith"
    and another "the Nordby Bridge, opened in 1953" stands where the context puts 1931 (three words against two).
    ``letters``: the name is this acronym, and the name that spells it is this one too ("the EU fined" where the
    context has "the European Union fined": option ``respellings``). Another name the answer sentence holds too is
    no other one (a list read in another order), unless it is in ``unheld``; ``held``: the names or numbers (of its
    kind) the context has next to this one's longest window on either side, where it has not this one, that the
    answer sentence holds (:func:`crossed_places`; for a name, a window without a number: "Germany won 2-0" and
    "Spain won 7-1" for the context's "Germany won 7-1" and "Spain won 2-0" trade numbers, not names)."""
    own_keys = [count_key(k) for k in keys[unit[0]:unit[1]]]
    own, held = [slot_forms(k) for k in own_keys], _forms(count_key(k) for k in keys)
    numeric = any(map(is_numeric, own_keys))
    same_size = other_size = 0  # the longest window next to this name, and next to another one
    sides_found: set[bool] = set()
    held_others: set[str] = set()
    for after, size, window in _windows(keys, item_ends, group, commas):
        neighbours = [[(k, slot_forms(k)) for k in n] for n in index.neighbours(window, after)]
        grounds = any(mine and mine <= forms for n in neighbours for _, forms in n for mine in own) \
            or letters and any(spells(letters, [k for k, _ in n]) for n in neighbours)
        if grounds:
            if not longest_evidence:
                return False, True, frozenset()  # a range holds each value it states ("eight" in "8-10")
            same_size = max(same_size, size)
        if neighbours and after not in sides_found:  # the longest window of this side the context holds
            sides_found.add(after)
            kind = [forms for n in neighbours for k, forms in n if is_numeric(k) == numeric]
            if any(not forms <= held or forms & unheld for forms in kind):
                other_size = max(other_size, size)
            if not grounds and (numeric or not any(map(is_numeric, window))):  # a name's held: windows of words
                held_others.update(form for forms in kind if forms <= held for form in forms)
    if same_size and same_size >= other_size:  # ties to this name
        return False, True, frozenset(held_others)
    return bool(other_size), False, frozenset(held_others)


def kind_runs(keys: Sequence[str], unit: tuple[int, int]) -> list[tuple[int, int]]:
    """A name unit split where names give way to numbers ("Germany 7-1": "Germany", "7-1"), so that a number beside
    a name does not ground it."""
    cuts = [at for at in range(unit[0] + 1, unit[1]) if _numeric(keys[at - 1:at]) != _numeric(keys[at:at + 1])]
    bounds = [unit[0], *cuts, unit[1]]
    return list(zip(bounds, bounds[1:], strict=False))


def _numeric(keys: Sequence[str]) -> bool:
    """Whether a name unit's keys are a number (one of them is: :func:`is_numeric`), not a name."""
    return any(is_numeric(count_key(key)) for key in keys)


def crossed_places(own: Sequence[frozenset[str]], held: Sequence[frozenset[str]],
                   both_ways: Sequence[bool] | None = None) -> list[frozenset[str]]:
    """Per name or number of one answer sentence (its forms ``own``, none for one in a group of several: "$8.2m or
    $0.19" shares its group's windows, nor for a kind not compared; ``held``: the names or numbers
    :func:`slot_verdict` found next to its windows that the sentence holds), the forms of the sentence's other names
    or numbers it trades places with: each stands where the context has the other ("give 30 days' notice ... returned
    within 60 days" where the context has "60 days' notice ... within 30 days"; "Brazil defeated Germany" where it
    has "Germany defeated Brazil"). Names ``both_ways`` (per name, whether a word of :data:`SYMMETRIC` stands between
    it and the next one) trade no places where such a word stands between them: "Brazil drew Germany", "Morocco will
    co-host the tournament with Spain" say what "Germany drew Brazil" and "Spain ... with Morocco" say."""
    def apart(i: int, j: int) -> bool:
        return both_ways is not None and any(both_ways[min(i, j):max(i, j)])

    return [frozenset(form for j, theirs in enumerate(own) if j != i and mine & held[j] and theirs & held[i]
                      and not apart(i, j) for form in theirs) for i, mine in enumerate(own)]


def _windows(keys: Sequence[str], item_ends: Sequence[bool], group: tuple[int, int],
             commas: Sequence[bool] | None = None) -> list[tuple[bool, int, list[str]]]:
    """``(after, size, words)`` of every window next to a group (before it: ``after``; longest first per side) that
    crosses no clause end and can be looked up (:func:`is_window`). With ``commas`` (per word, whether a comma ends
    it) the windows after a group that a relative clause or apposition follows start past it ("Tom Reyes, who opposed
    it, said the": "said the"; :func:`insertion_end`)."""
    skipped = insertion_end(keys, item_ends, commas, group[1] - 1) if commas is not None else None
    out = []
    for after in (True, False):
        for size in range(SLOT_WINDOW, 0, -1):
            if after:
                start, stop = group[0] - size, group[0]
                crossing = start >= 0 and any(item_ends[start:stop])
            elif skipped is not None:
                start, stop = skipped + 1, skipped + 1 + size
                crossing = any(item_ends[start:stop - 1])
            else:
                start, stop = group[1], group[1] + size
                crossing = item_ends[group[1] - 1] or any(item_ends[start:stop - 1])
            if start >= 0 and stop <= len(keys) and not crossing and is_window(keys[start:stop]):
                out.append((after, size, list(keys[start:stop])))
    return out


def slot_features(example: Example, index: SlotIndex | None = None, longest_evidence: bool = False,
                  respellings: bool = False, crossed: bool = False, crossed_names: bool = False) -> np.ndarray:
    """The ``(n_words, 2)`` slot-feature matrix of one example; with ``respellings`` an acronym stands where the
    context has the name that spells it (:func:`slot_verdict`), and a clock time the context gives on either clock
    stands where it stands ("at 3pm" for "at 15:00"); with ``crossed`` two numbers of one sentence that trade places
    (:func:`crossed_places`) each stand where the context has another, with ``crossed_names`` two names."""
    index = index or SlotIndex(example.context)
    words = example.words
    out = np.zeros((len(words), len(COLUMNS)), dtype=np.float32)
    if not words:
        return out
    offsets = np.array([(w.start, w.end) for w in words], dtype=np.int64)  # (T, 2)
    sentence = sentence_index(offsets, split_sentences(example.answer))  # (T,)
    timed = time_words(example, index.times) if respellings else np.zeros(len(words), dtype=bool)
    for value in np.unique(sentence):
        members = np.flatnonzero(sentence == value)
        texts = [words[i].text for i in members]
        keys = [word_key(t) for t in texts]
        fills = slot_fillers(texts, keys, item_starts(texts), index)
        kept = [p for p, key in enumerate(keys) if key]
        kept_keys = [keys[p] for p in kept]
        ends, commas = clause_ends(texts, keys), comma_ends(texts, keys)
        kept_ends, kept_commas = [ends[p] for p in kept], [commas[p] for p in kept]
        groups = slot_groups([fills[p] for p in kept], kept_keys, kept_ends)
        units = [((first, end), part) for first, end, group_units in groups for unit in group_units
                 for part in (kind_runs(kept_keys, unit) if crossed_names else [unit])]
        letters = [acronym(texts[kept[unit[0]]]) if respellings and unit[1] == unit[0] + 1 else None
                   for _, unit in units]
        verdicts = [slot_verdict(index, kept_keys, kept_ends, group, unit, longest_evidence, spelled,
                                 commas=kept_commas) for (group, unit), spelled in zip(units, letters, strict=True)]
        if crossed or crossed_names:
            numeric = [_numeric(kept_keys[unit[0]:unit[1]]) for _, unit in units]
            # a number of a group ("$8.2m or $0.19") shares its group's windows; a name beside a number ("Germany 7-1")
            # or in a list trades places all the same
            own = [frozenset(_forms(count_key(k) for k in kept_keys[unit[0]:unit[1]]))
                   if (crossed_names, crossed)[number] and (group == unit or not number) else frozenset()
                   for (group, unit), number in zip(units, numeric, strict=True)]
            # a relation that reads both ways between two names ("drew", "with"): no trade of places (crossed_names)
            both_ways = [not numeric[i] and i + 1 < len(units) and not numeric[i + 1] and bool(SYMMETRIC.intersection(
                kept_keys[units[i][1][1]:units[i + 1][1][0]])) for i in range(len(units))]
            for i, trades in enumerate(crossed_places(own, [held for *_, held in verdicts], both_ways)):
                if trades:
                    group, unit = units[i]
                    verdicts[i] = slot_verdict(index, kept_keys, kept_ends, group, unit, longest_evidence,
                                               letters[i], trades, kept_commas)
        for (_, unit), (other, same, _) in zip(units, verdicts, strict=True):
            rows = [members[kept[q]] for q in range(*unit)]
            out[rows, 0], out[rows, 1] = (False, True) if timed[rows].all() else (other, same)  # "3pm" for "15:00"
    return out


class SlotFeatures(PerContextFeatures):
    """Names and numbers against what the context has next to the same words. ``longest_evidence`` (off by default):
    the longest window decides between this name and another (:func:`slot_verdict`); ``respellings`` (off by
    default): an acronym stands where the context has the name that spells it (:mod:`halluseq.features.initials`),
    a clock time the context gives (:mod:`halluseq.features.abbreviations`) where it stands; ``crossed`` (off by
    default): two numbers of one sentence that trade places are each another number (:func:`crossed_places`);
    ``crossed_names`` (off by default) the same for two names; ``opening_names`` (off by default): a word that opens
    a sentence is a name where WordNet knows it in no lower-case form (:meth:`SlotIndex.named`)."""

    name = "slots"
    version = "5"
    source_files = ("features/slots.py", "features/numbers.py", "features/align.py", "features/text.py",
                    "features/initials.py", "features/abbreviations.py", "data/sentences.py")

    @property
    def columns(self) -> list[str]:
        return list(COLUMNS)

    def __init__(self, longest_evidence: bool = False, respellings: bool = False, crossed: bool = False,
                 crossed_names: bool = False, opening_names: bool = False):
        flags = {"longest_evidence": longest_evidence, "respellings": respellings, "crossed": crossed,
                 "crossed_names": crossed_names, "opening_names": opening_names}
        super().__init__(**{name: True for name, on in flags.items() if on})
        self.longest_evidence, self.respellings, self.crossed = bool(longest_evidence), bool(respellings), bool(crossed)
        self.crossed_names, self.opening_names = bool(crossed_names), bool(opening_names)

    def index(self, context: str) -> SlotIndex:
        return SlotIndex(context, self.opening_names)

    def example_features(self, example: Example, index: SlotIndex) -> np.ndarray:
        return slot_features(example, index, self.longest_evidence, self.respellings, self.crossed,
                             self.crossed_names)
