"""Lexical alignment features: each answer word against the context sentences its own sentence copies from.

The text statistics ask whether a word occurs *anywhere* in the context; a claim that reuses the context's words in
a wrong combination (a name from another paragraph, "not" inserted, "decreased" for "increased" when both occur
somewhere) passes that test. Here every answer sentence is aligned to the context sentence it best matches (content
words weighted by inverse sentence frequency; ties: earlier first), and each word is compared with that sentence:
present or not, inserted between two aligned neighbours, substituted word for word for the words between them (a run
of new words, e.g. a two-word name, between two words that are as many words apart in the sentence), or followed by
a word that the sentence had one word later (something dropped, e.g. a negation). A word missing there but found in
a second sentence that the answer sentence merges in (several of its remaining content words, not only names) is
marked ``in_merged``. The answer sentence is also aligned word by word with that sentence (difflib's matching
blocks, in order): a word in a short run that replaced a run of the sentence is compared with the words it replaced
through WordNet (:mod:`halluseq.lexicon`): their antonym (``fell`` for ``rose``), a synonym (a paraphrase), a
sibling concept (``feet`` for ``metres``, ``billion`` for ``million``), or a capitalised name for another
(``Canada`` for ``National Football League``); a content word of the sentence matched nowhere in order, or a name
matched only past another name, is ``moved`` (two names swapped), and two names or numbers that traded places around
the same words (``B beat A`` for ``A beat B``, not a passive) are ``role_swapped``, while names of a list or a
conjunction read in another order (``C, B and A``) are neither moved nor replaced; a word missing from the sentence
whose antonym is there is marked too. Antonyms are looked up for stop words as well (``few`` for ``many``, ``last``
for ``first``), and a replaced word right after a number that the sentence has is ``replaced_after_number`` (``three
hours`` for ``three minutes``: what the number counts changed). A name or number that stands next to words (up to
three, one of them a content word) which the context has next to another name or number, one the answer sentence does
not hold, and never next to this one, is ``slot_of_other_name`` ("born in Aaron Burckhard" where the context says
"Born in Aberdeen, ..., with ... Aaron Burckhard": the name exists, the claim does not; the ``slots`` family is its
second version, kept apart for the detectors trained on this one). A capitalised word that
starts a sentence is a name only where the context capitalises it mid-sentence or never writes it in lower case
(``Reduce the heat`` is no name where the context writes "reduce" somewhere; a sentence-initial word the context
lacks is read as a name). Two per-answer shape columns (answer and context length) let
a labeler trained on several sources tell a one-line claim from a long RAG answer. No model; one option,
``name_starts`` (:class:`AlignFeatures`); linear in
context plus answer length (the word alignment and the swap check are quadratic in one sentence's length,
and skipped past ``ALIGN_MAX`` words).
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from difflib import SequenceMatcher
from functools import cached_property, lru_cache

import numpy as np
from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS

from halluseq.data.example import Example
from halluseq.data.sentences import sentence_index, split_sentences
from halluseq.features.abbreviations import context_times, time_words
from halluseq.features.base import PerContextFeatures
from halluseq.features.initials import acronym, spelled_from, spells
from halluseq.features.text import (
    NUMBER,
    Denial,
    bare_word,
    compound_parts,
    denials,
    grounded,
    numbers_in,
    ordinal_key,
    quarter_spellings,
    restated_denials,
    spelled_in,
    spellings_for,
    stated_ordinals,
    word_key,
)
from halluseq.lexicon import AUXILIARIES, PREFIX_KEY, WordRelations, is_negation, load_relations, same_stem

QUARTER_CODES = frozenset({"q1", "q2", "q3", "q4"})  # "third-quarter" replaced "Q3" (respellings)
COLUMNS = [
    "in_aligned", "in_context_not_aligned", "inserted", "substituted", "dropped_after", "dropped_negation_after",
    "is_negation", "negation_mismatch", "number_not_aligned", "sentence_alignment", "is_content",
    "answer_length", "context_length", "in_merged",
    "replaced_antonym", "replaced_synonym", "replaced_sibling", "replaced_name", "antonym_in_aligned", "moved",
    "replaced_after_number", "role_swapped", "slot_of_other_name",
]
# what an antonym of a negated word ("closed" for "not open") is not, with replaced_negation
OPPOSITE_COLUMNS = [COLUMNS.index(c) for c in ("replaced_antonym", "replaced_sibling", "antonym_in_aligned")]
MERGE_MIN = 2  # content words a second aligned sentence must add
MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December")
WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
# names wherever they stand, an opening capital too ("August was the wettest month"); not "May" ("May cause ...")
CALENDAR_NAMES = frozenset(word.lower() for word in (*MONTHS, *WEEKDAYS) if word != "May")
REPLACED_MAX = 4  # words a side of a replacement whose words are compared ("Canada" for "National Football League")
# Words that relate two names or numbers both ways ("Anna and Maria", "between 5 and 7"), or only list them ("a
# Smith, a Jones and a Brown"): what lies between two names must hold another word for a swap to change the claim
SYMMETRIC_LINKS = frozenset({"and", "or", "nor", "&", "plus", "with", "vs", "vs.", "versus", "v", "v.", "as", "well",
                             "both", "either", "neither", "between", "the", "a", "an"})
ANCHORS_MAX = 40  # names and numbers of one answer sentence compared pairwise for swaps
SELECTION_STRIP = ".,!?;:'\"()"
LIST_MARKER = re.compile(r"\(?\d{1,2}[.)]")  # "7." or "(1)" numbering a list item or a passage: no slot of a number
SLOT_WINDOW = 3  # words next to a name that must stand next to another name in the context ("born in" + "Aberdeen")
SLOT_OCCURRENCES = 200  # occurrences of a window looked at (a window of common words in a 50-page context)
ALIGN_MAX = 400  # longer sentences (a context without punctuation) get no word alignment: quadratic cost
NUMBER_WORDS = frozenset({"one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                          "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
                          "nineteen", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
                          "hundred", "dozen", "dozens", "hundreds", "thousands", "millions"})
NEGATING_VERBS = frozenset({"avoid", "prevent", "refrain", "fail", "lack", "cease", "refuse", "deny", "decline"})
DIRECTIONS = {"up": "increase", "down": "decrease"}  # before an amount (direction): a word of a pole of change
# words after a comma that open a clause of their own, about its own subject ("revenue rose 12%, while net income fell")
CLAUSE_OPENERS = frozenset({"while", "whereas", "but", "although", "though", "yet"})
# words that hold a claim back: a modal, a verb of report or plan, an adverb of likelihood (option hedges: "causes"
# for "may cause", "opened" for "plans to open" states as fact what the context only expects or allows)
HEDGES = frozenset({"may", "might", "could", "suggest", "suggests", "suggested", "plan", "plans", "planned",
                    "planning", "expect", "expects", "expected", "aim", "aims", "intend", "intends", "intended",
                    "propose", "proposes", "proposed", "likely", "possibly", "probably", "potentially", "reportedly",
                    "allegedly", "perhaps"})
# an answer sentence with one of these still holds the claim back ("can cause" for "may cause", "a chance of")
HEDGE_KEEPERS = HEDGES | {"can", "can't", "would", "should", "chance", "chances", "possible", "possibility",
                          "unlikely", "sometimes", "occasionally"}


def with_parts(keys: Iterable[str]) -> set[str]:
    """``keys`` and the parts of each compound of letters among them (``best-selling`` adds ``best``, ``selling``:
    :func:`~halluseq.features.text.compound_parts`)."""
    return {out for key in keys for out in (key, *compound_parts(key))}


BULLETS = frozenset({"-", "*", "•", "·", "–", "—", "+"})
NAME_STARTS = ("lowered", "items")  # how a capital that opens a sentence is told from a name (AlignFeatures)
COORDINATORS = frozenset({"and", "but", "or", "yet", "then"})  # "... Engine and published": a second verb phrase


def opens_item(previous: str) -> bool:
    """Whether the word after ``previous`` opens a list item the way a sentence start does (after ``Notes:``, a
    bullet, ``7.`` or ``(1)``): its capital letter says nothing about being a name."""
    return previous in BULLETS or previous.endswith((":", ".")) or bool(LIST_MARKER.fullmatch(previous))


def item_starts(words: Sequence[str]) -> list[bool]:
    """Per word of one sentence, whether it opens the sentence or a list item in it (:func:`opens_item`)."""
    return [position == 0 or opens_item(words[position - 1]) for position in range(len(words))]


def ends_item(word: str) -> bool:
    """Whether a word ends a list item or clause (``Queen,``): names on both sides of it are two names."""
    return word.rstrip("\"'”’)]").endswith((",", ";", ":"))


def ends_with_comma(word: str) -> bool:
    """Whether a comma ends a word (``Reyes,``, ``"no,"``)."""
    return word.rstrip("\"'”’)]").endswith(",")


def contrast_after(words: Sequence[str], keys: Sequence[str], at: int) -> bool:
    """Whether word ``at`` ends in a comma that a word of :data:`CLAUSE_OPENERS` follows ("..., while profit fell")."""
    return ends_with_comma(words[at]) and at + 1 < len(keys) and keys[at + 1] in CLAUSE_OPENERS


def clause_of(words: Sequence[str], keys: Sequence[str], position: int) -> range:
    """The positions of the clause that holds ``position`` in one sentence's words: cut after a semicolon, and after
    a comma that a word of :data:`CLAUSE_OPENERS` follows ("...; headaches are rare", "..., while profit fell")."""
    def cut(at: int) -> bool:
        return words[at].rstrip("\"'”’)]").endswith(";") or contrast_after(words, keys, at)

    start = next((at + 1 for at in range(position - 1, -1, -1) if cut(at)), 0)
    end = next((at + 1 for at in range(position, len(words)) if cut(at)), len(words))
    return range(start, end)


def is_capitalised(word: str) -> bool:
    return bare_word(word)[:1].isupper()


def is_number(key: str) -> bool:
    """A numeral (``6.6``, ``1,810,863``) or a spelled-out count (``three``)."""
    return bool(NUMBER.fullmatch(key.replace(",", ""))) or key in NUMBER_WORDS


def direction(keys: Sequence[str], position: int) -> str | None:
    """The :data:`~halluseq.lexicon.POLES` lemma that "up" or "down" before an amount stands for ("up 6%", "down by
    3 million": ``increase``, ``decrease``), None for any other word."""
    moved = DIRECTIONS.get(keys[position])
    following = [key for key in keys[position + 1:position + 4] if key]
    if following[:1] == ["by"]:
        following = following[1:]
    return moved if moved and following and any(c.isdigit() for c in following[0]) else None


def amount_moves(keys: Sequence[str], relations: WordRelations) -> dict[str, tuple[int, str]]:
    """Per amount of a sentence (a word with a digit), the word of a :data:`~halluseq.lexicon.POLES` scale right
    before it ("fell 6%", "rose by 6%", "fell to 38"; "up 6%" and "down by 3%" as ``increase`` and ``decrease``, not
    "up to 6%"): its position and that word. The first of an amount's occurrences."""
    out: dict[str, tuple[int, str]] = {}
    for position, key in enumerate(keys):
        if not any(c.isdigit() for c in key) or key in out:
            continue
        before = [p for p in range(position - 1, max(position - 4, -1), -1) if keys[p]]
        if before and keys[before[0]] in ("by", "to"):
            before = before[1:]  # "rose by 6%", "fell to 38"
        if not before:
            continue
        word = keys[before[0]]
        moved = direction(keys, before[0]) or (word if relations.on_a_pole(word) else None)
        if moved:
            out[key] = (before[0], moved)
    return out


def is_content(key: str) -> bool:
    """A word that carries content: not an English stop word, not punctuation only."""
    return bool(key) and key not in ENGLISH_STOP_WORDS and any(c.isalnum() for c in key)


def selection_key(word: str) -> str:
    """SPEC 2.1's word key (lowercased, ``. , ! ? ; : ' " ( )`` stripped), which :func:`relevance` keeps: it picks the
    sentences the ``lm`` and ``nli`` families read from a long context, and their cached features were made with it
    (:func:`word_key` also strips markdown, curly quotes and possessives)."""
    return word.lower().strip(SELECTION_STRIP)


def text_keys(text: str) -> set[str]:
    """The :func:`selection_key` of each word of ``text`` (what :func:`relevance` compares)."""
    return {selection_key(w) for w in text.split()}


def relevance(keys: Sequence[set[str]], query: str) -> list[float]:
    """Per text (given by its :func:`text_keys`), the inverse-text-frequency weight (``log(1 + n / df)``) of the
    query's content words it holds: how much of ``query`` a passage is about (the proxy LM's context selection, the
    NLI premise selection)."""
    wanted = {k for k in map(selection_key, query.split()) if is_content(k)}
    frequency = Counter(k for held in keys for k in held & wanted)
    weight = {k: math.log(1 + len(keys) / n) for k, n in frequency.items()}
    return [sum(weight.get(k, 0.0) for k in sorted(held & wanted)) for held in keys]


class AlignedSentence:
    """The keys (in order, with their positions and which are capitalised), adjacent pairs, one-apart pairs (with
    the word between), numbers, and names and numbers (:func:`name_units`, with where they stand) of one context
    sentence; ``item_ends``: which words end a list item (``Queen,``); ``run_on_numbers``: the numbers with those of
    run-on amounts (``£10.25m``: :func:`halluseq.features.text.numbers_in`; option ``respellings``)."""

    def __init__(self, keys: Sequence[str], numbers: set[str], capitalised: Sequence[bool],
                 item_ends: Sequence[bool], run_on_numbers: set[str] | None = None):
        self.sequence = list(keys)
        self.capitalised = list(capitalised)
        self.item_ends = list(item_ends)
        self.units: dict[tuple[str, ...], list[tuple[int, int]]] = defaultdict(list)
        for first, end, unit in name_units(keys, [is_anchor(k, c) for k, c in zip(keys, capitalised, strict=True)],
                                            item_ends):
            self.units[unit].append((first, end))
        self.words_before = np.cumsum([0] + [bool(k) for k in keys])  # words (not punctuation) before each position
        self.keys = set(keys)
        self.positions: dict[str, list[int]] = defaultdict(list)
        for position, key in enumerate(keys):
            self.positions[key].append(position)
        self.bigrams = set(zip(keys, keys[1:], strict=False))
        self.skips: dict[tuple[str, str], set[str]] = defaultdict(set)
        for a, middle, b in zip(keys, keys[1:], keys[2:], strict=False):
            self.skips[(a, b)].add(middle)
        self.numbers = numbers
        self.run_on_numbers = numbers if run_on_numbers is None else run_on_numbers
        self.negated = any(is_negation(k) for k in keys)

    @cached_property
    def directions(self) -> frozenset[str]:
        """The pole lemmas its "up" and "down" before an amount stand for (:func:`direction`)."""
        return frozenset(filter(None, (direction(self.sequence, j) for j in range(len(self.sequence)))))

    @cached_property
    def keys_with_parts(self) -> set[str]:
        """:attr:`keys` and the parts of its compounds of letters (:func:`with_parts`; the ``compounds`` option)."""
        return with_parts(self.keys)

    def listed(self, start: int, end: int) -> bool:
        """Whether the words from ``start`` to ``end`` hold nothing but names, numbers and links (two names of one
        list or conjunction)."""
        return all(not key or key in SYMMETRIC_LINKS or is_anchor(key, capitalised)
                   for key, capitalised in zip(self.sequence[start:end], self.capitalised[start:end], strict=True))

    def gap(self, left: str, right: str | None, length: int, any_length: bool = False) -> tuple[int, int] | None:
        """Whether a run of ``length`` words between ``left`` and ``right`` (None: the end of the sentence) replaced as
        many words of the sentence (an occurrence of ``left`` followed ``length`` words later by ``right``: ``(length,
        its position)``), else was inserted there (``left`` right before ``right``: ``(0, its position)``); None if
        neither. With ``any_length``, a run that replaced a different number of words after ``left`` (the first
        occurrence) where it was inserted nowhere."""
        after = set(self.positions.get(right, ())) if right is not None else {len(self.sequence)}
        inserted = None
        for position in self.positions.get(left, ()):
            if position + length + 1 in after:
                return length, position
            if inserted is None and position + 1 in after:
                inserted = (0, position)
        if inserted is None and any_length and (positions := self.positions.get(left)):
            return length, positions[0]
        return inserted


class ContextSentences:
    """One context split into sentences with an inverted index of content words for alignment."""

    def __init__(self, context: str):
        spans = split_sentences(context) or [(0, len(context))]
        self.texts = [context[start:end] for start, end in spans]
        self._context = context
        self.words = [text.split() for text in self.texts]  # split once: every index below reads them
        self.keys = [[word_key(w) for w in words] for words in self.words]
        self.postings: dict[str, list[int]] = defaultdict(list)
        for index, keys in enumerate(self.keys):
            for key in {k for k in keys if is_content(k)}:
                self.postings[key].append(index)
        self.all_keys = {k for keys in self.keys for k in keys}
        self.n_words = sum(len(keys) for keys in self.keys)
        self.names = {key for words, keys in zip(self.words, self.keys, strict=True)
                      for word, key in zip(words[1:], keys[1:], strict=True) if is_capitalised(word)}
        self._aligned: dict[tuple[int, bool], AlignedSentence] = {}  # sentence(): built on first use
        self._denials: dict[int, dict[int, Denial]] = {}  # denials(): read on first use
        self.lowered = {key for words, keys in zip(self.words, self.keys, strict=True)
                        for word, key in zip(words, keys, strict=True) if bare_word(word)[:1].islower()}

        # the words of every sentence (punctuation-only ones left out) in one sequence, for the name slots
        self.flat: list[str] = []
        self.flat_anchor: list[bool] = []
        self.flat_item_end: list[bool] = []
        self.flat_sentence: list[int] = []
        for index, (words, keys) in enumerate(zip(self.words, self.keys, strict=True)):
            for position, (word, key) in enumerate(zip(words, keys, strict=True)):
                if key:
                    self.flat.append(key)
                    self.flat_anchor.append(is_anchor(key, self.named(key, is_capitalised(word), position == 0))
                                            and not LIST_MARKER.fullmatch(word))
                    self.flat_item_end.append(ends_item(word))
                    self.flat_sentence.append(index)
        self.flat_positions: dict[str, list[int]] = defaultdict(list)
        for position, key in enumerate(self.flat):
            self.flat_positions[key].append(position)

    @cached_property
    def times(self) -> set[str]:
        """The clock times the context gives (``respellings``: :func:`halluseq.features.abbreviations.context_times`),
        read once per context."""
        return context_times(self._context)

    def slot_names(self, window: Sequence[str], after: bool) -> list[frozenset[str]]:
        """Per occurrence of the words ``window`` in one context sentence, the keys of the name or number right
        after them (``after``) or right before them (empty if the word there is none)."""
        out = []
        for end in self.flat_positions.get(window[-1], ())[:SLOT_OCCURRENCES]:
            start = end - len(window) + 1
            if start < 0 or self.flat[start:end + 1] != list(window) or self.flat_sentence[start] != \
                    self.flat_sentence[end]:
                continue
            step, at = (1, end + 1) if after else (-1, start - 1)
            unit: set[str] = set()
            while 0 <= at < len(self.flat) and self.flat_sentence[at] == self.flat_sentence[end] and \
                    self.flat_anchor[at] and not (unit and not after and self.flat_item_end[at]):
                unit.add(self.flat[at])
                if after and self.flat_item_end[at]:
                    break  # "Queen, KISS": two names
                at += step
            out.append(frozenset(unit))
        return out

    def named(self, key: str, capitalised: bool, first: bool) -> bool:
        """Whether a word is a name: capitalised, and past the start of its sentence, or capitalised there in the
        context, or never written in lower case there (``Reduce the heat`` starts a sentence; ``Paris`` and ``Anna``
        are names anywhere)."""
        return capitalised and is_content(key) and (not first or key in self.names or key not in self.lowered)

    @cached_property
    def all_parts(self) -> set[str]:
        """:attr:`all_keys` and the parts of its compounds of letters (:func:`with_parts`); built on first use (only
        the ``compounds`` option reads it)."""
        return with_parts(self.all_keys)

    @cached_property
    def item_names(self) -> set[str]:
        """Keys capitalised where no sentence or list item opens ("3. Cook the fish" capitalises no name); built on
        first use (only the ``items`` rule reads it)."""
        return {key for words, keys in zip(self.words, self.keys, strict=True)
                for word, key, start in zip(words, keys, item_starts(words), strict=True)
                if not start and is_capitalised(word)}

    def named_strictly(self, key: str, capitalised: bool, start: bool) -> bool:
        """Whether a word is a name by the ``items`` rule: capitalised, and not opening a sentence or list item
        (``start``), or capitalised in the context where it opens none, or in the context and never in lower case
        there (``Based on ...``, ``3. Cook ...`` and ``Finally, ...`` name nothing where the context lacks the word
        or writes it in lower case)."""
        return capitalised and is_content(key) and (
            not start or key in self.item_names or key in self.all_keys and key not in self.lowered)

    @cached_property
    def _form_postings(self) -> dict[str, set[int]]:
        """The sentences of each word key (``=key``), of each first ``PREFIX_KEY`` letters (``<pref``) and of each
        WordNet lemma (``~lemma``) of the context's words of letters, built on first use (:meth:`stated_beside`)."""
        relations = load_relations()
        postings: dict[str, set[int]] = defaultdict(set)
        for index, keys in enumerate(self.keys):
            for key in {k for k in keys if k.isalpha()}:
                postings["=" + key].add(index)
                postings["<" + key[:PREFIX_KEY]].add(index)
                for lemma in relations.lemmas(key):
                    postings["~" + lemma].add(index)
        return postings

    def stated_beside(self, key: str, best: int | None, clause: Iterable[str], aligned: Iterable[str]) -> bool:
        """Whether a context sentence other than ``best`` states ``key`` in some form (as written, by a WordNet lemma,
        or by its stem: "rare" / "Rarely"), not right after a negation, beside at least as many content words of
        ``clause`` (the answer clause that holds it, ``key`` aside) as the aligned sentence (its keys ``aligned``) has,
        one at least: "Nausea and fatigue are the most common side effects; headaches are rare." where the context has
        "Rarely, patients report headaches." states "rare" there, no antonym of the aligned sentence's "common"; "Nausea
        is rare among patients" where the aligned sentence has "Nausea is common" and another "Serious reactions are
        rare among patients" does not."""
        relations = load_relations()
        postings = self._form_postings
        rest = {k for k in clause if is_content(k) and k != key}
        needed = max(1, len(rest & set(aligned)))
        lemmas = relations.lemmas(key)
        forms = postings.get("=" + key, set()) | postings.get("<" + key[:PREFIX_KEY], set()) \
            | set().union(*(postings.get("~" + lemma, set()) for lemma in lemmas))
        for index in sorted(forms - {best}):
            keys = self.keys[index]
            if len(rest.intersection(keys)) < needed:
                continue
            for position, other in enumerate(keys):
                if other.isalpha() and (other == key or same_stem(key, other)
                                        or not lemmas.isdisjoint(relations.lemmas(other))) \
                        and not any(map(is_negation, keys[max(0, position - 2):position])):
                    return True
        return False

    def align(self, keys: Sequence[str], names: frozenset[str] = frozenset()) -> tuple[int | None, int | None,
                                                                                       float]:
        """The context sentence an answer sentence copies from (None: no content word shared), a second one when
        the sentence merges two (else None), and the weighted share of the answer sentence's content words the two
        hold. A second sentence merges in when it holds at least ``MERGE_MIN`` of the remaining content words and
        not only ``names`` (the keys of capitalised words): a name swapped in from another sentence is no merge."""
        wanted = {k for k in keys if is_content(k)}
        n = len(self.texts)
        weights = {}
        scores: dict[int, float] = defaultdict(float)
        for key in sorted(wanted):  # a fixed order: float sums (and their near-ties) must not follow set hashing
            postings = self.postings.get(key, ())
            weights[key] = math.log(1 + n / len(postings)) if postings else math.log(1 + n)
            for index in postings:
                scores[index] += weights[key]
        if not scores:
            return None, None, 0.0
        best = min(scores, key=lambda i: (-scores[i], i))
        found = set(self.keys[best])
        rest = wanted - found
        gains = {i: rest.intersection(self.keys[i]) for i in {p for k in rest for p in self.postings.get(k, ())}}
        second = min(gains, key=lambda i: (-len(gains[i]), i)) if gains else None
        if second is not None and len(gains[second]) >= MERGE_MIN and gains[second] - names:
            found |= set(self.keys[second])
        else:
            second = None
        share = sum(w for k, w in weights.items() if k in found) / sum(weights.values())
        return best, second, share

    def denials(self, index: int) -> dict[int, Denial]:
        """The plain denials of sentence ``index`` by word position (:func:`~halluseq.features.text.denials`), read
        once per sentence (option ``negation_forms``)."""
        if index not in self._denials:
            self._denials[index] = denials(self.words[index], self.keys[index])
        return self._denials[index]

    def sentence(self, index: int | None, strict_anchors: bool = False,
                 names: frozenset[str] = frozenset()) -> AlignedSentence:
        """Sentence ``index`` as an :class:`AlignedSentence` (None: an empty one); with ``strict_anchors``, a capital
        that opens the sentence or a list item counts as capitalised only for a word in :attr:`item_names` or in
        ``names`` (keys the answer capitalises where no item opens: "Samsung sued Apple" names the "Apple" that opens
        "Apple sued Samsung"). Built once per sentence and reading, and only read
        after: a long answer aligns most of its sentences to a few."""
        if index is None:
            return AlignedSentence([], set(), [], [])
        if strict_anchors and names:
            opening = {key for key, word, start in zip(self.keys[index], self.words[index],
                                                         item_starts(self.words[index]), strict=True)
                       if start and is_capitalised(word) and key not in self.item_names}
            names = frozenset(names & opening)
            if names:  # the answer names an opening word: this reading is built for it alone
                return self._build_sentence(index, strict_anchors, names)
        if (index, strict_anchors) not in self._aligned:
            self._aligned[index, strict_anchors] = self._build_sentence(index, strict_anchors)
        return self._aligned[index, strict_anchors]

    def _build_sentence(self, index: int, strict_anchors: bool, names: frozenset[str] = frozenset()
                        ) -> AlignedSentence:
        words, keys = self.words[index], self.keys[index]
        capitalised = [is_capitalised(w) for w in words]
        if strict_anchors:
            capitalised = self.anchor_capitals(keys, capitalised, item_starts(words), names)
        return AlignedSentence(keys, set(NUMBER.findall(self.texts[index])), capitalised,
                               [ends_item(w) for w in words], set(numbers_in(self.texts[index], respellings=True)))

    def anchor_capitals(self, keys: Sequence[str], capitalised: Sequence[bool], starts: Sequence[bool],
                        names: frozenset[str] = frozenset()) -> list[bool]:
        """Which capitalised words may be names in a role swap: past a sentence or list-item opener, or capitalised
        in the context where no item opens ("Mix two cups" opens with a verb, not a name), or among ``names``."""
        return [c and (not start or key in self.item_names or key in names)
                for key, c, start in zip(keys, capitalised, starts, strict=True)]


def _run_gaps(keys: Sequence[str], sentence: AlignedSentence, sentence_ends: bool = False,
              any_tail: bool = False) -> list[int | None]:
    """Per word of an answer sentence: for a run of words missing from the aligned sentence between two words found
    there, how many words the aligned sentence has between those two when that is none (the run was inserted) or
    as many as the run has (it replaced them word for word); None elsewhere (a paraphrase of other length, no
    anchors). With ``sentence_ends``, a run that ends the answer sentence after a word found there has the end of
    the aligned sentence as its right neighbour ("switched to oral azithromycin." for "switched to oral
    amoxicillin.": replaced; "... amoxicillin for ten days." after "... amoxicillin.": inserted); with ``any_tail``
    also a run of another length than the sentence's end ("funded by a coffee company." for "funded by the French
    National Research Agency.": replaced)."""
    out: list[int | None] = [None] * len(keys)
    found = [key in sentence.keys for key in keys]
    start = 0
    while start < len(keys):
        if found[start]:
            start += 1
            continue
        end = start
        while end < len(keys) and not found[end]:
            end += 1
        if start > 0 and (end < len(keys) or sentence_ends):
            right = keys[end] if end < len(keys) else None  # None: the run ends the answer sentence
            found_gap = sentence.gap(keys[start - 1], right, end - start, any_tail and right is None)
            if found_gap is not None:
                out[start:end] = [found_gap[0]] * (end - start)
        start = end
    return out


@lru_cache(maxsize=256)  # one answer sentence is aligned with the same context sentence by several rules
def _word_opcodes(words: tuple[str, ...], sequence: tuple[str, ...]) -> tuple[tuple[str, int, int, int, int], ...]:
    """difflib's opcodes (longest matching blocks, in order) of an answer sentence's keys against a context
    sentence's, punctuation left out of both."""
    return tuple(SequenceMatcher(None, words, sequence, autojunk=False).get_opcodes())


def _replacements(keys: Sequence[str], capitalised: Sequence[bool], sentence: AlignedSentence,
                  coordinated_subject: bool = False, part: bool = False
                  ) -> tuple[list[list[int] | None], list[bool]]:
    """Per word of an answer sentence, from a word alignment with the aligned sentence (difflib's longest matching
    blocks, in order, punctuation left out): the positions of the sentence words it replaced when the two differ by a
    short run (``REPLACED_MAX`` words or fewer a side; a run that starts or ends the answer sentence is set against as
    many words next to the match), else None; and whether it is a content word of the sentence used out of its
    place: matched nowhere in order ("B beat A" for "A beat B"), or a name matched only after skipping another name
    ("Tupelo, Tennessee" for "Tupelo, Mississippi, and ... Memphis, Tennessee"). With ``coordinated_subject``, a run
    that starts the answer sentence right before a match that follows a coordinator in the sentence ("Ada Lovelace
    published" for "She worked with ... Analytical Engine and published") is set against the sentence's first words,
    the subject the coordinated verb shares, not the object of the verb before it. With ``part`` the sentence
    states only part of the answer sentence (a second sentence it merges in): a run of the answer before the
    sentence's first match is set against as many words that open the sentence ("added" for the "removed" of "It
    removed the module" in "Python 3.12, released in 2023, added the module")."""
    replaced: list[list[int] | None] = [None] * len(keys)
    moved = [False] * len(keys)
    kept = [i for i, key in enumerate(keys) if key]
    kept_sentence = [j for j, key in enumerate(sentence.sequence) if key]
    if not kept or not kept_sentence or max(len(kept), len(kept_sentence)) > ALIGN_MAX:
        return replaced, moved
    words = [keys[i] for i in kept]
    skipped_name = False
    for tag, i1, i2, j1, j2 in _word_opcodes(tuple(words), tuple(sentence.sequence[j] for j in kept_sentence)):
        if tag == "equal":
            first = kept[i1]
            moved[first] = skipped_name and capitalised[first] and is_content(keys[first])
            skipped_name = False
            continue
        skipped_name = tag == "insert" and any(sentence.capitalised[kept_sentence[j]]
                                               and is_content(sentence.sequence[kept_sentence[j]])
                                               for j in range(j1, j2))
        for i in range(i1, i2):
            moved[kept[i]] = words[i] in sentence.keys and is_content(words[i])
        if tag != "replace":
            continue
        if i2 == len(words) and i1 > 0:
            j2 = min(j2, j1 + i2 - i1)  # the answer stops here: what it replaced is what came next
        if i1 == 0 and i2 < len(words):
            if coordinated_subject and sentence.sequence[kept_sentence[j2 - 1]] in COORDINATORS:
                j1, j2 = 0, min(j2 - 1, i2 - i1)  # the answer starts at a second verb phrase: its subject
            else:
                j1 = max(j1, j2 - (i2 - i1))  # the answer starts here: what it replaced is what came before
        if part and j1 == 0 and j2 < len(kept_sentence):
            i1 = max(i1, i2 - (j2 - j1))  # the sentence starts here: its words were replaced by those just before
        if i2 - i1 <= REPLACED_MAX and j2 - j1 <= REPLACED_MAX:
            for i in range(i1, i2):
                replaced[kept[i]] = [kept_sentence[j] for j in range(j1, j2)]
    return replaced, moved


def name_units(keys: Sequence[str], anchors: Sequence[bool], item_ends: Sequence[bool]
                ) -> list[tuple[int, int, tuple[str, ...]]]:
    """Runs of adjacent names and numbers as ``(first, end, keys)``: "Maria Lopez" is one unit, "Queen, KISS" two
    (a word that ends a list item ends its unit), a possessive ``'s`` left out of the keys."""
    units = []
    start = 0
    while start < len(keys):
        if not anchors[start]:
            start += 1
            continue
        end = start + 1
        while end < len(keys) and anchors[end] and not item_ends[end - 1]:
            end += 1
        units.append((start, end, tuple(keys[start:end])))
        start = end
    return units


def _word_before(keys: Sequence[str], at: int) -> str:
    """The key of the last word (not punctuation) before position ``at`` ("" at the start)."""
    return next((k for k in reversed(keys[:at]) if k), "")


def _name_orders(keys: Sequence[str], anchors: Sequence[bool], item_ends: Sequence[bool],
                 sentence: AlignedSentence, phrase_reorders: bool = False) -> tuple[list[bool], list[bool]]:
    """Per word of an answer sentence: whether it is in a name or number (a run of adjacent ones, a possessive
    ``'s`` aside) that the aligned sentence has only in the other order against another one of the answer
    sentence, and then (1) swapped: around the same words ("Anna Weber defeated Maria Lopez" for "Maria Lopez
    defeated Anna Weber", "from 7% to 5%" for "from 5% to 7%"), the words between them the same on both sides
    (other names and numbers included, so parallel clauses "7% in 2020 and 5% in 2019" are not swaps) and holding a
    word that is not a name, a number or a link (a passive, "was defeated by", differs there: no swap); or (2)
    reordered: nothing but links, names and numbers between them in the answer and in the sentence, a list or a
    conjunction read in another order ("Aerosmith, KISS and Queen" for "Queen, KISS and Aerosmith"; the same
    claim). With ``phrase_reorders``, a swap whose only word between is also the word before each of them, on both
    sides, is reordered: two phrases of one head word moved whole ("completed in Paris in 1889" for "completed in
    1889 in Paris"; "from 7% to 5%" and "the Celtics beat the Lakers" stay swapped). Sentences past ``ALIGN_MAX``
    words are skipped, like the word alignment."""
    swapped, reordered = [False] * len(keys), [False] * len(keys)
    if len(sentence.sequence) > ALIGN_MAX:
        return swapped, reordered
    found, counted = sentence.units, sentence.words_before
    units = [u for u in name_units(keys, anchors, item_ends) if u[2] in found][:ANCHORS_MAX]
    for n, (first_a, end_a, a) in enumerate(units):
        for first_b, end_b, b in units[n + 1:]:
            if a == b or max(s for s, _ in found[b]) > min(s for s, _ in found[a]):
                continue  # the same name, or the sentence has them in this order too
            between = [k for k in keys[end_a:first_b] if k]
            linking = [k for k, anchor in zip(keys[end_a:first_b], anchors[end_a:first_b], strict=True)
                       if k and not anchor and k not in SYMMETRIC_LINKS]
            if not linking:
                if not any(end <= start and sentence.listed(end, start)
                           for _, end in found[b] for start, _ in found[a]):
                    continue  # a list in the answer, not in the sentence ("Tennessee, Mississippi" for two places)
                marks = reordered
            else:
                b_starts = [first_b_sentence for first_b_sentence, end in found[b] for start, _ in found[a]
                            if end <= start and counted[start] - counted[end] == len(between)
                            and [k for k in sentence.sequence[end:start] if k] == between]  # where b stands before a
                if not b_starts:
                    continue
                marks = swapped
                if phrase_reorders and len(between) == 1 and _word_before(keys, first_a) == between[0] and any(
                        _word_before(sentence.sequence, first) == between[0] for first in b_starts):
                    marks = reordered  # "in A in B" for "in B in A": one word heads both, each keeps it
            marks[first_a:end_a] = [True] * (end_a - first_a)
            marks[first_b:end_b] = [True] * (end_b - first_b)
    return swapped, reordered


def _other_name_in_slot(context: ContextSentences, keys: Sequence[str], first: int, end: int,
                        letters: str | None = None) -> bool:
    """Whether the name or number ``keys[first:end]`` stands where the context has another: next to words (up to
    ``SLOT_WINDOW``, one a content word; the longest the context has) that the context has next to a name or number
    the answer sentence does not hold ("born in Aaron Burckhard" for "Born in Aberdeen"), and never next to this
    one (nor, when it is the acronym ``letters``, next to the name that spells it)."""
    own, held = set(keys[first:end]), set(keys)
    other = False
    for after in (True, False):
        for size in range(SLOT_WINDOW, 0, -1):
            window = keys[first - size:first] if after else keys[end:end + size]
            if len(window) < size or (after and first - size < 0) or not any(map(is_content, window)):
                continue
            neighbours = context.slot_names(window, after)
            if neighbours:
                if any(n & own or letters and spells(letters, n) for n in neighbours):
                    return False
                other = other or any(n and not n <= held for n in neighbours)
                break
    return other


NEGATING_PREFIXES = ("un", "in", "im", "il", "ir", "dis", "non", "non-")  # "unapproved" says "not approved"


def _negated_form(word: str, old: str) -> bool:
    """Whether ``word`` is ``old`` with a negating prefix ("unapproved" for "approved")."""
    return any(word == prefix + old for prefix in NEGATING_PREFIXES)


def _auxiliary_left_out(keys: Sequence[str], negating: Sequence[bool], sentence: AlignedSentence,
                        relations: WordRelations) -> list[int]:
    """Positions of the words of an answer sentence that follow their word before where ``sentence`` has two words
    between them, a negation and an auxiliary, and then the word itself in any form ("The tablets contain" or
    "contained" for "The tablets do not contain"; one word between is ``dropped_negation_after`` already), none of
    the three words before denying, not before "until"."""
    words = sentence.sequence
    if sum(negating) >= sum(map(is_negation, words)):
        return []  # the answer sentence left no negation out
    out = []
    for position in range(1, len(keys)):
        before = _word_before(keys, position)
        if keys[position] and before and not any(negating[max(position - 3, 0):position]) and any(
                _same_word(keys[position], words[at + 3:at + 4], relations)
                and any(map(is_negation, words[at + 1:at + 3]))
                and all(is_negation(w) or w in AUXILIARIES for w in words[at + 1:at + 3])
                and "until" not in words[at + 4:at + 8] for at in sentence.positions.get(before, ())):
            out.append(position)
    return out


def _same_word(key: str, found: Sequence[str], relations: WordRelations) -> bool:
    """Whether ``found`` (none or one key) is ``key`` in some form ("played" for "play")."""
    return bool(found) and (found[0] == key or bool(relations.lemmas(key) & relations.lemmas(found[0])))


def _crossed_poles(keys: Sequence[str], sentence: AlignedSentence, relations: WordRelations) -> list[int]:
    """Positions of the pole words (:data:`~halluseq.lexicon.POLES`) of an answer sentence whose words go on past a
    run of ``sentence`` left out that holds a word of the other pole: the claim joins what follows to the wrong verb
    ("Version 4.2 adds support for Python 3.8." for "adds support for JSON columns and drops support for Python
    3.8"). Word alignment as :func:`_replacements`; the pole words matched since the last change count."""
    kept = [i for i, key in enumerate(keys) if key]
    poles = [i for i in kept if relations.on_a_pole(keys[i])]
    sequence = [key for key in sentence.sequence if key]
    if not poles or not sequence or max(len(kept), len(sequence)) > ALIGN_MAX:
        return []
    words = [keys[i] for i in kept]
    opcodes = _word_opcodes(tuple(words), tuple(sequence))
    matched: list[int] = []  # positions in ``kept`` of the pole words matched since the last change
    out = []
    for n, (tag, i1, i2, j1, j2) in enumerate(opcodes):
        if tag == "equal":
            matched += [i for i in range(i1, i2) if kept[i] in poles]
            continue
        if tag == "insert" and n + 1 < len(opcodes) and opcodes[n + 1][0] == "equal":
            out += [kept[i] for i in matched
                    if any(relations.on_opposite_poles(words[i], sequence[j]) for j in range(j1, j2))]
        if tag != "insert":
            matched = []
    return out


def _verb_after_auxiliary(keys: Sequence[str], run: Sequence[int], sentence: AlignedSentence,
                          olds: Sequence[int]) -> int | None:
    """The position of the word after a run of ``keys`` that ends in an auxiliary and replaced words of ``sentence``
    ending in an auxiliary and a negation (or a negated contraction, "won't"), where that word follows them in the
    sentence too ("will close" for "would not close"); None elsewhere, or before "until"."""
    old_keys = [sentence.sequence[j] for j in olds]
    negated_auxiliary = old_keys[-1].endswith(("n't", "n’t")) or (
        is_negation(old_keys[-1]) and len(old_keys) > 1 and old_keys[-2] in AUXILIARIES)
    if keys[run[-1]] not in AUXILIARIES or not negated_auxiliary:
        return None
    after = next((p for p in range(run[-1] + 1, len(keys)) if keys[p]), None)
    following = [key for key in sentence.sequence[olds[-1] + 1:] if key]
    if after is None or following[:1] != [keys[after]] or "until" in following[1:5]:
        return None
    return after


def _negation_dropped(keys: Sequence[str], replaced: Sequence[list[int] | None], sentence: AlignedSentence,
                      relations: WordRelations, poles: bool, hedges: bool = False) -> tuple[list[int], list[int]]:
    """Where an answer sentence left out a negation of ``sentence``: the positions of the words that now state the
    denied claim, and of the antonyms that keep it (:class:`AlignFeatures` ``replaced_negation``). A run of words
    that replaced words holding a negation, itself denying nothing ("did not open until 1932" aside), states it where
    it restates one of them (the same lemma or a synonym: "works" for "does not work") with neither an antonym of one
    ("is closed" for "is not open": those antonyms are the second list) nor one with a negating prefix
    ("unapproved"); so does a word after an auxiliary and a negation left out (:func:`_auxiliary_left_out`). With
    ``hedges`` a hedge of :data:`HEDGES` counts as a negation where the answer sentence holds none ("causes" for "may
    cause", "reduces" for "could reduce", "opened" for "plans to open"; not "can cause": :data:`HEDGE_KEEPERS`)."""
    hedged = hedges and any(key in HEDGES for key in sentence.sequence) and not HEDGE_KEEPERS.intersection(keys)
    if not sentence.negated and not hedged:
        return [], []  # nothing to leave out

    def holding(key: str) -> bool:  # a word that holds the claim back
        return is_negation(key) or hedged and key in HEDGES

    # a negation of the answer: a cue, or a verb that denies ("avoid using" for "do not use")
    negating = [is_negation(key) or bool(relations.lemmas(key) & NEGATING_VERBS) for key in keys]
    dropped = _auxiliary_left_out(keys, negating, sentence, relations) if sentence.negated else []
    cancelled: list[int] = []
    runs: dict[tuple[int, ...], list[int]] = defaultdict(list)
    for position, olds in enumerate(replaced):
        if olds is not None:
            runs[tuple(olds)].append(position)
    for olds, run in runs.items():
        old_keys = [sentence.sequence[j] for j in olds]
        if not any(map(holding, old_keys)) or "until" in old_keys or any(negating[p] for p in run):
            continue
        verb = _verb_after_auxiliary(keys, run, sentence, olds)
        if verb is not None:  # "will close" for "would not close", "is accessible" for "isn't accessible"
            dropped.append(verb)
            continue
        # the antonym of a negated word ("closed" for "not open"), not of the negation ("several" for "no")
        opposed = [p for p in run if any(relations.antonyms(keys[p], old, poles) for old in old_keys
                                         if not holding(old))]
        cancelled += opposed
        restated = any(relations.lemmas(keys[p]) & relations.lemmas(old) or relations.synonyms(keys[p], old)
                       for p in run for old in old_keys if is_content(old) and not holding(old))
        if restated and not opposed and not any(_negated_form(keys[p], old) for p in run for old in old_keys):
            dropped += run
    return dropped, cancelled


def is_anchor(key: str, capitalised: bool) -> bool:
    """A name word (capitalised, content) or a number (``5%`` too): what a role swap exchanges."""
    return bool(key) and (is_number(key) or any(c.isdigit() for c in key) or capitalised and is_content(key))


def _names(context: ContextSentences, best: int | None, aligned_sentence: AlignedSentence, texts: Sequence[str],
           keys: Sequence[str], capitalised: Sequence[bool], name_starts: str) -> tuple[list[bool], list[bool]]:
    """Which words of an answer sentence and of its aligned context sentence ``best`` are names, by the
    ``name_starts`` rule (:class:`AlignFeatures`)."""
    context_keys, context_capitalised = aligned_sentence.sequence, aligned_sentence.capitalised
    if name_starts == "items":
        answer = zip(keys, capitalised, item_starts(texts), strict=True)
        aligned = zip(context_keys, context_capitalised, item_starts(context.words[best] if best is not None else []),
                      strict=True)
        return [context.named_strictly(*word) for word in answer], [context.named_strictly(*word) for word in aligned]
    return ([context.named(k, c, p == 0) for p, (k, c) in enumerate(zip(keys, capitalised, strict=True))],
            [context.named(k, c, j == 0) for j, (k, c) in enumerate(zip(context_keys, context_capitalised,
                                                                          strict=True))])


def read_denials(keys: list[str], members: Sequence[int], texts: Sequence[str], context: ContextSentences,
                 aligned: int | None) -> set[int]:
    """Option ``negation_forms``: each plain denial of an answer sentence (its word indices ``members`` into ``keys``,
    its words as written ``texts``; :func:`~halluseq.features.text.denials`, read once) that denies what a denial of
    the context denies (:func:`~halluseq.features.text.grounded`) is read as that denial's negation word (``keys``
    rewritten in place). First the aligned sentence ``aligned``'s denials, where the two sentences hold as many
    negations and the aligned one lacks the answer's word ("Residents were not told" where it says "were never told");
    then, for a denial the aligned sentence neither makes nor holds the word of, another context sentence's, looked
    up by the word it denies (the first content word after its negation): "wait two minutes without unplugging it"
    merges "Do not unplug the router" into a sentence about the wait. Returns the indices (into ``keys``) of the words
    read as another sentence's."""
    sentence = [keys[i] for i in members]
    found = denials(texts, sentence)
    if aligned is None:
        return set()
    said_there, own = context.keys[aligned], context.denials(aligned)
    if own and sum(map(is_negation, sentence)) == sum(map(is_negation, said_there)):  # none left out or put in besides
        for position, denial in found.items():
            if sentence[position] not in said_there:
                match = next((j for j, other in own.items() if grounded(denial, [other])), None)
                if match is not None:
                    keys[members[position]] = said_there[match]
    out: set[int] = set()
    for position, denial in found.items():
        if not denial.said or keys[members[position]] in said_there or grounded(denial, own.values()):
            continue  # no denial, or one the aligned sentence makes
        looked_up = denial.denied or denial.said[0]
        candidates = sorted({index for form in looked_up for index in context.postings.get(form, ())} - {aligned})
        match = next(((index, j) for index in candidates for j, other in context.denials(index).items()
                      if grounded(denial, [other])), None)
        if match is not None:
            keys[members[position]] = context.keys[match[0]][match[1]]
            out.add(members[position])
    return out


def other_denials(context: ContextSentences, sentence_keys: Sequence[str], aligned: int | None) -> list[Denial]:
    """The plain denials of the context sentences but ``aligned`` that share at least ``MERGE_MIN`` content words with
    an answer sentence (its keys ``sentence_keys``): what a sentence merged from several may restate without its
    negation ("... then unplug the router" where another sentence says "Do not unplug the router")."""
    shared = Counter(index for key in set(sentence_keys) if is_content(key) for index in context.postings.get(key, ()))
    return [denial for index, count in sorted(shared.items()) if count >= MERGE_MIN and index != aligned
            for denial in context.denials(index).values()]


def align_features(example: Example, context: ContextSentences | None = None, name_starts: str = "lowered",
                   coordinated_subject: bool = False, strict_anchors: bool = False,
                   ordinals: bool = False, phrase_reorders: bool = False, compounds: bool = False,
                   poles: bool = False, currencies: bool = False, answer_names: bool = False,
                   replaced_negation: bool = False, merged_names: bool = False, respellings: bool = False,
                   sentence_ends: bool = False, any_tail: bool = False, hedges: bool = False,
                   stated_poles: bool = False, negation_forms: bool = False) -> np.ndarray:
    """The ``(n_words, 23)`` alignment-feature matrix of one example; ``name_starts`` (:data:`NAME_STARTS`): how
    ``replaced_name`` tells a capital that opens a sentence from a name, ``coordinated_subject``: what a run that
    opens an answer sentence replaced before a coordinated verb, ``strict_anchors``: which opening capitals a role
    swap reads as names, ``ordinals``: whether an ordinal in digits is a number, ``phrase_reorders``: whether two
    phrases of one head word moved whole are a reorder, not a role swap, ``compounds``: whether the parts of
    hyphenated words count as words, ``poles``: whether a word replaced by one of the opposite pole of a scale is
    an antonym, ``currencies``: whether a currency's ISO code is a spelling of its name, ``answer_names``: whether a
    capital that opens the aligned sentence is a name for role swaps where the answer capitalises it past an opening,
    ``hedges``: whether a hedge left out counts as a negation left out (with ``replaced_negation``),
    ``replaced_negation``: whether a run that replaced a negation is ``dropped_negation_after`` and its antonyms no
    antonym or sibling, ``merged_names``: whether a name that replaced one of a merged second sentence is a replaced
    name, ``respellings``: whether run-on amounts (``£10.25m``) hold their digits, an acronym is the name that
    spells it, an abbreviation its word and a clock time the same time on the other clock (:class:`AlignFeatures`)."""
    context = context or ContextSentences(example.context)
    relations = load_relations()
    spellings = spellings_for(currencies, respellings)
    words = example.words
    n = len(words)
    out = np.zeros((n, len(COLUMNS)), dtype=np.float32)
    if n == 0:
        return out
    keys = [word_key(w.text) for w in words]
    offsets = np.array([(w.start, w.end) for w in words], dtype=np.int64)  # (T, 2)
    sentence = sentence_index(offsets, split_sentences(example.answer))  # (T,)
    times = context.times if respellings else set()
    timed = time_words(example, times) if times else np.zeros(n, dtype=bool)  # "3 p.m." where the context has "15:00"
    out[:, 11] = math.log1p(n) / 10
    out[:, 12] = math.log1p(context.n_words) / 10
    for value in np.unique(sentence):
        members = np.flatnonzero(sentence == value)
        texts = [words[i].text for i in members]
        names = frozenset(keys[i] for i in members if is_capitalised(words[i].text))
        best, second, share = context.align([keys[i] for i in members], names)
        aligned_sentence = context.sentence(best)
        aligned_ordinals = stated_ordinals(context.texts[best]) if ordinals and best is not None else set()
        merged = set(context.keys[second]) if second is not None else set()
        aligned_keys, context_keys = aligned_sentence.keys, context.all_keys
        if compounds:  # "selling" is in "best-selling"; "smallest" replaced the "largest" of "third-largest"
            aligned_keys, context_keys = aligned_sentence.keys_with_parts, context.all_parts
            merged = context.sentence(second).keys_with_parts if second is not None else merged
        # "never" for the aligned sentence's "not", or a denial another context sentence makes: its word
        elsewhere = read_denials(keys, members, texts, context, best) if negation_forms else set()
        negated = any(is_negation(keys[i]) for i in members if i not in elsewhere)
        out[members, 7] = best is not None and negated != aligned_sentence.negated
        out[members, 9] = share
        sentence_keys = [keys[i] for i in members]
        run_gap = _run_gaps(sentence_keys, aligned_sentence, sentence_ends, any_tail)
        capitalised = [is_capitalised(words[i].text) for i in members]
        anchor_capitals, anchor_sentence = capitalised, aligned_sentence
        if strict_anchors:
            starts = item_starts(texts)
            anchor_capitals = context.anchor_capitals(sentence_keys, capitalised, starts)
            shown = frozenset(k for k, c, start in zip(sentence_keys, capitalised, starts, strict=True)
                              if c and not start) if answer_names else frozenset()
            anchor_sentence = context.sentence(best, strict_anchors=True, names=shown)
        replaced, moved = _replacements(sentence_keys, anchor_capitals, anchor_sentence, coordinated_subject)
        # with poles, a word of a pole that replaced one of the other in a second sentence merged in is an antonym;
        # with merged_names, a name that replaced a name there is a replaced name
        merged_sentence = context.sentence(second) if (poles or merged_names) and second is not None else None
        replaced_merged: list[list[int] | None] | None = None  # word alignment with it, once a word needs it
        merged_named: list[bool] | None = None  # which of its words are names, once a name needs it
        item_ends = [ends_item(words[i].text) for i in members]
        anchors = [is_anchor(k, c) for k, c in zip(sentence_keys, anchor_capitals, strict=True)]
        swapped, reordered = _name_orders(sentence_keys, anchors, item_ends, anchor_sentence, phrase_reorders)
        kept = [p for p, k in enumerate(sentence_keys) if k]
        kept_keys = [sentence_keys[p] for p in kept]
        slot_anchors = [is_anchor(sentence_keys[p], context.named(sentence_keys[p], capitalised[p], p == 0))
                        and not LIST_MARKER.fullmatch(words[members[p]].text) for p in kept]
        for first, end, _ in name_units(kept_keys, slot_anchors, [item_ends[p] for p in kept]):
            letters = acronym(words[members[kept[first]]].text) if respellings and end == first + 1 else None
            rows = [members[kept[q]] for q in range(first, end)]
            if not timed[rows].all() and _other_name_in_slot(context, kept_keys, first, end, letters):
                out[rows, 22] = 1
        aligned_lemmas: frozenset[str] | None = None  # of the aligned sentence's words, once it is needed
        lowered_lemmas: frozenset[str] | None = None  # of its words not capitalised (stated_poles), once needed
        answer_named, context_named = _names(context, best, aligned_sentence, texts,
                                             sentence_keys, capitalised, name_starts)
        for position, i in enumerate(members):
            key = keys[i]
            following = keys[members[position + 1]] if position + 1 < len(members) else None
            aligned = spelled_in(key, aligned_keys, spellings)
            out[i, 0] = aligned
            out[i, 1] = not aligned and spelled_in(key, context_keys, spellings)
            if run_gap[position] is not None:
                out[i, 2] = run_gap[position] == 0
                out[i, 3] = run_gap[position] > 0
            if following is not None and (key, following) not in aligned_sentence.bigrams:
                dropped = aligned_sentence.skips.get((key, following), set())
                out[i, 4] = bool(dropped)
                out[i, 5] = any(is_negation(d) for d in dropped)
            out[i, 6] = is_negation(key)
            ordinal = ordinal_key(words[i].text) if ordinals else None
            if ordinal:  # "16th" where the aligned sentence states "17th"
                out[i, 8] = ordinal not in aligned_ordinals
            else:
                numbers = numbers_in(words[i].text, respellings)
                stated = aligned_sentence.run_on_numbers if respellings else aligned_sentence.numbers
                out[i, 8] = bool(numbers) and not any(m in stated for m in numbers) and not timed[i]
            out[i, 10] = is_content(key)
            out[i, 13] = not aligned and key in merged
            # the words compared through WordNet: a word of letters, with ``compounds`` also each part of a compound
            lexical = [key] if key.isalpha() else compound_parts(key) if compounds else []
            named_here = answer_named[position] or capitalised[position] and key in CALENDAR_NAMES
            if replaced[position] is not None:
                olds = [aligned_sentence.sequence[j] for j in replaced[position]]
                if compounds:
                    olds = [*olds, *(part for old in olds for part in compound_parts(old))]
                # "m" for "metres": the same word; "Q3" for "third-quarter" (respellings)
                respelled = spelled_in(key, set(olds), spellings) or respellings and (
                    key in quarter_spellings(olds) or not (quarter_spellings([key]) & QUARTER_CODES).isdisjoint(olds))
                # antonyms among stop words too ("few" for "many", "last" for "first")
                out[i, 14] = any(relations.antonyms(word, old, poles) for word in lexical for old in olds)
                # what a number counts changed ("three hours" for "three minutes", "6.6 thousand" for "million")
                out[i, 20] = position > 0 and is_number(keys[members[position - 1]]) and key.isalpha() and (
                    keys[members[position - 1]] in aligned_sentence.keys) and not respelled
                if is_content(key):  # not "The" for "A"
                    out[i, 15] = respelled or any(relations.synonyms(key, old) for old in olds)
                    out[i, 16] = not respelled and any(relations.siblings(key, old) for old in olds)
                    out[i, 17] = not reordered[position] and answer_named[position] \
                        and any(context_named[j] for j in replaced[position]) \
                        and not (respellings and (respelled or (letters := acronym(words[i].text)) and (
                            spells(letters, olds)
                            or spelled_from(letters, aligned_sentence.sequence, min(replaced[position])))))
            elif merged_sentence is not None and not aligned and (
                    poles and any(map(relations.on_a_pole, lexical)) or merged_names and named_here):
                if replaced_merged is None:
                    replaced_merged = _replacements(sentence_keys, capitalised, merged_sentence, part=True)[0]
                olds = [merged_sentence.sequence[j] for j in replaced_merged[position] or ()]
                out[i, 14] = poles and any(relations.on_opposite_poles(word, old) for word in lexical for old in olds)
                if merged_names and named_here and olds and not out[i, 13]:  # "August was" for "and October was"
                    if merged_named is None:
                        merged_named = _names(context, second, merged_sentence, texts,
                                              sentence_keys, capitalised, name_starts)[1]
                    out[i, 17] = any(merged_named[j] for j in replaced_merged[position])
            out[i, 19] = moved[position] and not reordered[position]
            out[i, 21] = swapped[position]
            opposites = frozenset().union(*map(relations.opposites, lexical)) if not aligned else frozenset()
            if opposites:
                if aligned_lemmas is None:
                    aligned_lemmas = relations.lemma_set(aligned_keys)
                out[i, 18] = not opposites.isdisjoint(aligned_lemmas)
            if poles and not aligned:  # "fell" for "up 6%", "down 6%" for "rose 6%"
                moved_to = direction(sentence_keys, position)
                pole_words = [moved_to] if moved_to else [word for word in lexical if relations.on_a_pole(word)]
                if pole_words:
                    if aligned_lemmas is None:
                        aligned_lemmas = relations.lemma_set(aligned_keys)
                    across = frozenset().union(*(relations.opposites(word, poles) for word in pole_words))
                    out[i, 18] = out[i, 18] or not across.isdisjoint(
                        aligned_sentence.directions | (aligned_lemmas if moved_to else frozenset()))
                    if stated_poles and not moved_to:  # "rejected" where the sentence has "to approve", no "ban"
                        if lowered_lemmas is None:  # "On Slide 36" is a name, no word of a pole; "Rarely," that
                            # opens the sentence before a comma (semicolon, colon) is a word of one
                            lowered_lemmas = relations.lemma_set(
                                key for at, (key, capital) in enumerate(zip(aligned_sentence.sequence,
                                                                            aligned_sentence.capitalised, strict=True))
                                if not capital or at == 0 and aligned_sentence.item_ends[0])
                        own = frozenset().union(*map(relations.own_poles, pole_words))
                        out[i, 18] = out[i, 18] or not across.isdisjoint(lowered_lemmas) \
                            and own.isdisjoint(aligned_lemmas)
            if stated_poles and out[i, 18]:  # "...; headaches are rare" where the context has "Rarely, ... headaches"
                clause = {sentence_keys[p] for p in clause_of(texts, sentence_keys, position)}
                out[i, 18] = not context.stated_beside(key, best, clause, aligned_keys)
        if poles:  # "adds support for Python 3.8" where the sentence "... drops support for Python 3.8"
            out[[members[p] for p in _crossed_poles(sentence_keys, aligned_sentence, relations)], 14] = 1
            # "revenue fell 6%" where the sentence has "revenue ... up 6%": a direction reversed before an amount
            moves = amount_moves(sentence_keys, relations)
            stated = amount_moves(aligned_sentence.sequence, relations) if moves else {}
            for amount, (position, word) in moves.items():
                if amount in stated and relations.on_opposite_poles(word, stated[amount][1]):
                    out[members[position], 14] = 1
        if negation_forms and best is not None:  # "can take" for "should not be taken", here or in another sentence
            # (another one's only where the aligned sentence does not hold every content word the answer says)
            said_here = all(key in aligned_sentence.keys for key in sentence_keys if is_content(key))
            theirs = [*context.denials(best).values(),
                      *(() if said_here else other_denials(context, sentence_keys, best))]
            out[[members[p] for p in restated_denials(texts, sentence_keys, theirs)], 5] = 1
        if replaced_negation:  # "works" for "does not work": the run that replaced a negation holds none
            dropped, cancelled = _negation_dropped(sentence_keys, replaced, aligned_sentence, relations, poles, hedges)
            out[[members[p] for p in dropped], 5] = 1
            out[np.ix_([members[p] for p in cancelled], OPPOSITE_COLUMNS)] = 0  # "closed" for "not open": one claim
            merged_negated = context.sentence(second) if second is not None else None
            if merged_negated is not None and merged_negated.negated:  # "..., and the board said how" for "did not say"
                in_merged = _replacements(sentence_keys, capitalised, merged_negated, part=True)[0]
                dropped = _negation_dropped(sentence_keys, in_merged, merged_negated, relations, poles, hedges)[0]
                out[[members[p] for p in dropped if not out[members[p], 0]], 5] = 1
    return out


class AlignFeatures(PerContextFeatures):
    """Lexical alignment of each answer sentence to its best context sentences.

    ``name_starts`` (for ``replaced_name``): ``lowered`` (the default, what the bundled ``full`` detector was trained
    on) reads a capital that opens a sentence as a name where the context capitalises it mid-sentence or never writes
    it in lower case, the words after a list number as names, so "Based on the passages" (a context without
    "based"), "Finally," and "3. Cook the fish" replace names; ``items`` reads a capital that opens a sentence or a
    list item (after a list number, bullet or colon, as the ``slots`` family does) as a name only where the context
    capitalises it where no item opens, or holds it and never in lower case (:meth:`ContextSentences.named_strictly`):
    a name the context lacks at the start of a one-line claim ("Anna closed the lid.") is then left to the text
    statistics' new capitalised word. ``coordinated_subject`` (off by default): an answer sentence that opens with words
    the aligned sentence lacks, right before a verb phrase that sentence coordinates ("Ada Lovelace published" for
    "She worked with ... Analytical Engine and published"), replaced the sentence's first words (its subject), not the
    object before the ``and``. ``strict_anchors`` (off by default): role swaps and moved names read a capital that
    opens a sentence or list item as a name only where the context capitalises the word where no item opens, so
    "Mix three cups of flour with two eggs" swaps the numbers of "Mix two cups of flour with three eggs" ("Mix two"
    is no name-and-number unit). ``ordinals`` (off by default): an ordinal in digits (``16th``) is a number, in the
    aligned sentence only as the same ordinal (``number_not_aligned``). ``phrase_reorders`` (off by default): "completed
    in Paris in 1889" for "completed in 1889 in Paris" (one head word before each of two names or numbers, and only
    it between them) is a reorder, neither a role swap nor a moved name (:func:`_name_orders`). ``compounds`` (off by
    default): the parts of a hyphenated word of letters count as words of its sentence and of the context ("the best
    selling artist" is aligned where the sentence has "the best-selling artist"), and are compared through WordNet on
    either side ("worst" replaced the "best" of "best-selling", "second smallest" the "largest" of
    "second-largest": ``replaced_antonym``). ``poles`` (off by default): a word of one pole of a scale of change or
    stance is the antonym of every word of the other where it replaced one (:data:`halluseq.lexicon.POLES`: "net
    income increased" for "fell", "added" for "removed": ``replaced_antonym``), not only of its WordNet antonyms,
    and also where it replaced one in a second sentence the answer sentence merges in ("Acme's revenue rose 12%,
    while net income increased" for "Revenue ... up 12%. Net income fell ..."; there only pole words, WordNet's
    looser antonyms such as "maximum" / "minimum" mark nothing); ``antonym_in_aligned`` keeps WordNet's (a word of a
    pole and one of the other in one sentence are often both right: "sales fell while costs rose") but for "up" and
    "down" before an amount (:func:`direction`): "revenue fell 6%" where the sentence has "revenue ... up 6%", "was
    down 5%" where it has "rose 5%"; and a pole word right before an amount of the sentence that stands there after a
    word of the other pole replaced it (:func:`amount_moves`: ``replaced_antonym`` on "fell" in "revenue fell 6%" for
    "revenue of ..., up 6%"), as is a pole word whose answer sentence goes on past a left-out run holding a word of
    the other pole (:func:`_crossed_poles`: "adds" in "adds support for Python 3.8" for "adds support for JSON columns
    and drops support for Python 3.8"). ``currencies``
    (off by default): a currency's ISO code is a spelling of its name, as ``m`` is of ``metres``
    (:data:`halluseq.features.text.CURRENCY_SPELLINGS`: ``EUR`` for ``euros``). ``answer_names`` (off by default;
    with ``strict_anchors``): a capital that opens the aligned sentence is a name where the answer sentence
    capitalises that word past its own opening, so "Samsung sued Apple" swaps the two names of "Apple sued Samsung"
    (``role_swapped``). ``merged_names`` (off by default; measured, not shipped: README "Derived durations, names of
    a merged sentence"): a name of the answer sentence (a month or weekday name at its opening too:
    :data:`CALENDAR_NAMES`) that replaced a name of the second sentence it merges in is ``replaced_name`` ("August
    was the wettest month" where that sentence has "October was the wettest month"). ``replaced_negation`` (off by
    default): the words of a run that replaced words of the aligned sentence holding a negation, the run holding
    none, are ``dropped_negation_after`` ("Amoxicillin works against" for "Amoxicillin does not work against"), not
    only a word right before a negation left out, and an antonym of a word of such a run is no ``replaced_antonym``,
    ``replaced_sibling`` or ``antonym_in_aligned`` ("is closed" for "is not open": the same claim); so is the verb
    after an auxiliary that replaced an auxiliary and a negation ("will close" for "would not close", "is accessible"
    for "isn't accessible"), the verb in any form after an auxiliary and a negation left out ("Kelly played" for
    "Kelly did not play"), and such a run in a second sentence the answer sentence merges in ("..., and the board
    said how" for "The board did not say how"). ``hedges`` (off by default; with ``replaced_negation``): a hedge of
    :data:`HEDGES` left out is read as a negation left out, where the answer sentence holds none ("The drug causes
    dizziness" for "may cause", "the company opened 12 stores" for "plans to open": ``dropped_negation_after``).
    ``respellings`` (off by default): a number with a scale or unit run on
    holds its digits, in the answer and in the aligned sentence (``10.25`` of "10.25 million pounds" is in a
    sentence that writes ``£10.25m``: :func:`halluseq.features.text.numbers_in`), and an acronym that replaced the
    name that spells it ("the EU" for "the European Union": :mod:`halluseq.features.initials`), or an abbreviation
    that replaced its word ("St. Mary" for "Saint Mary": :mod:`halluseq.features.abbreviations`), or a quarter code
    that replaced a run naming that quarter ("Acme's Q3 revenue" for "Acme Corp reported third-quarter revenue", and
    the other way round: :func:`halluseq.features.text.quarter_spellings`; version 17), is no ``replaced_name`` but
    ``replaced_synonym``, an acronym no ``slot_of_other_name`` where the context has that name next to the same words,
    and a clock time the context gives on either clock no ``number_not_aligned`` ("3 p.m." for "15:00").
    ``sentence_ends`` (off by default): a run that ends an answer sentence after a word of the aligned sentence is
    ``substituted`` where as many words end that sentence after that word, ``inserted`` where the sentence ends at it
    ("switched to oral azithromycin." for "switched to oral amoxicillin.": :meth:`AlignedSentence.gap` with the
    sentence's end as the right neighbour).
    ``any_tail`` (off by default; with ``sentence_ends``): such a run is ``substituted`` whatever the number of words
    that end the aligned sentence after that word, where none of its occurrences ends the sentence ("funded by a
    coffee company." for "funded by the French National Research Agency.").
    ``stated_poles`` (off by default; with ``poles``): a pole word the aligned sentence lacks is ``antonym_in_aligned``
    also where that sentence holds a word of the other pole of its scale (not capitalised: "On Slide 36") and none of
    its own ("The council rejected the bike lane." for "voted ... to approve a new bike lane": no word replaced the
    other within ``REPLACED_MAX`` words; a word on two scales is read on both: "introduced" where the sentence has
    "Sales dropped"); and no word is ``antonym_in_aligned`` where another context sentence states it, in any form and
    not right after a negation, beside as many content words of its answer clause as the aligned sentence holds
    (:meth:`ContextSentences.stated_beside`: "...; headaches are rare." where the context has "Rarely, patients report
    headaches.", not the antonym of the aligned sentence's "common").
    ``negation_forms`` (off by default): a plain denial of the answer (:func:`~halluseq.features.text.denials`: not
    "without", "not all", "not until") that the aligned sentence lacks is read as that sentence's denial that denies
    what it denies, in every column (:func:`read_denials`: "Residents were not told" where it says "were never told":
    ``in_aligned``, nothing replaced; "never accepts cash" for "does not accept cash"; not "never won the league" for
    "did not win the cup, but it won the league"); elsewhere it reads as before. And a clause of the answer that
    restates a denied clause without its negation marks what was denied ``dropped_negation_after``
    (:func:`~halluseq.features.text.restated_denials`: "can take the drug" for "should not be taken")."""

    name = "align"
    version = "17"

    def __init__(self, name_starts: str = "lowered", coordinated_subject: bool = False, strict_anchors: bool = False,
                 ordinals: bool = False, phrase_reorders: bool = False, compounds: bool = False,
                 poles: bool = False, currencies: bool = False, answer_names: bool = False,
                 replaced_negation: bool = False, merged_names: bool = False, respellings: bool = False,
                 sentence_ends: bool = False, any_tail: bool = False, hedges: bool = False,
                 stated_poles: bool = False, negation_forms: bool = False):
        if name_starts not in NAME_STARTS:
            raise ValueError(f"align: name_starts must be one of {', '.join(NAME_STARTS)}, not {name_starts!r}")
        super().__init__(**({} if name_starts == "lowered" else {"name_starts": name_starts}),
                         **({"coordinated_subject": True} if coordinated_subject else {}),
                         **({"strict_anchors": True} if strict_anchors else {}),
                         **({"ordinals": True} if ordinals else {}),
                         **({"phrase_reorders": True} if phrase_reorders else {}),
                         **({"compounds": True} if compounds else {}),
                         **({"poles": True} if poles else {}), **({"currencies": True} if currencies else {}),
                         **({"answer_names": True} if answer_names else {}),
                         **({"replaced_negation": True} if replaced_negation else {}),
                         **({"merged_names": True} if merged_names else {}),
                         **({"respellings": True} if respellings else {}),
                         **({"sentence_ends": True} if sentence_ends else {}),
                         **({"any_tail": True} if any_tail else {}), **({"hedges": True} if hedges else {}),
                         **({"stated_poles": True} if stated_poles else {}),
                         **({"negation_forms": True} if negation_forms else {}))
        self.name_starts = name_starts
        self.coordinated_subject, self.strict_anchors = bool(coordinated_subject), bool(strict_anchors)
        self.ordinals, self.phrase_reorders, self.compounds = bool(ordinals), bool(phrase_reorders), bool(compounds)
        self.poles, self.currencies = bool(poles), bool(currencies)
        self.answer_names, self.replaced_negation = bool(answer_names), bool(replaced_negation)
        self.merged_names, self.respellings = bool(merged_names), bool(respellings)
        self.sentence_ends, self.any_tail, self.hedges = bool(sentence_ends), bool(any_tail), bool(hedges)
        self.stated_poles, self.negation_forms = bool(stated_poles), bool(negation_forms)
    source_files = ("features/align.py", "features/text.py", "features/initials.py", "features/abbreviations.py",
                    "data/sentences.py", "lexicon/__init__.py", "lexicon/wordnet_relations.json.gz")

    @property
    def columns(self) -> list[str]:
        return list(COLUMNS)

    def index(self, context: str) -> ContextSentences:
        return ContextSentences(context)

    def example_features(self, example: Example, index: ContextSentences) -> np.ndarray:
        return align_features(example, index, self.name_starts, self.coordinated_subject, self.strict_anchors,
                               self.ordinals, self.phrase_reorders, self.compounds, self.poles, self.currencies,
                               self.answer_names, self.replaced_negation, self.merged_names, self.respellings,
                               self.sentence_ends, self.any_tail, self.hedges, self.stated_poles,
                               self.negation_forms)
