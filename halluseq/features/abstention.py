"""Abstention features: sentences that say the sources lack something, and whether the context holds it after all.

Chat models end answers with an abstention ("The passages do not mention its cost."). It is true when the context
does not hold its topic, and a hallucination about the sources when it does ("The passages do not mention who
built it." against a context that says who built it). Without these columns a labeler reads both as a sentence of
words the context lacks, like a spliced unsupported one:

- ``abstention``: the words of a sentence that holds a negation and either names the sources (``passage``,
  ``context``, ``document`` ...; or "information" with "provided" / "given", as the ``discourse`` family's
  ``source_clause``: "The passages do not mention its cost.", "No other information is provided in the
  passages.") or says so impersonally: it starts with ``it`` and holds a word of saying in the passive ("It is not
  stated how long the bridge is.", "It is not clear when work begins.");
- ``abstention_found``: the words of an abstention whose topic (its content words other than the sources, the
  negation and the words of saying: ``mention``, ``provide``, ``information``, ``details`` ...) the context holds,
  each word as written or as one of its WordNet lemmas (``begins`` for "begin", a possessive ``'s`` aside). A true
  abstention names something the context lacks ("the bridge's length": ``length`` is missing), or nothing at all
  ("No other information is provided.").

No model, no options; linear in answer plus context length.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from halluseq.data.example import Example
from halluseq.data.sentences import sentence_index, split_sentences
from halluseq.features.align import is_content
from halluseq.features.base import PerContextFeatures
from halluseq.features.discourse import READER_WORDS, SOURCE_QUALIFIERS, SOURCE_WORDS, names_sources
from halluseq.features.text import POSSESSIVE, word_key
from halluseq.lexicon import is_negation, load_relations

COLUMNS = ["abstention", "abstention_found"]
# what an abstention says besides its topic: "the passages do not [mention | provide specific information on] ..."
SAYING_WORDS = frozenset({
    "mention", "mentions", "mentioned", "provide", "provides", "provided", "providing", "give", "gives", "given",
    "state", "states", "stated", "specify", "specifies", "specified", "contain", "contains", "contained", "include",
    "includes", "included", "say", "says", "said", "discuss", "discusses", "discussed", "address", "addresses",
    "addressed", "cover", "covers", "covered", "offer", "offers", "indicate", "indicates", "indicated", "describe",
    "describes", "described", "explain", "explains", "explained", "reference", "references", "refer", "refers",
    "information", "info", "details", "detail", "detailed", "data", "specific", "specifically", "further",
    "additional", "explicit", "explicitly", "clear", "clearly", "direct", "directly", "exact", "precise", "enough",
    "sufficient", "answer", "question", "possible", "unable", "able", "determine", "determined", "however",
    "unfortunately", "based", "note", "available", "above", "found", "find", "regarding", "anything", "relevant",
})
# the passive of an impersonal abstention: "It is not [stated | clear | known] ..."
IMPERSONAL_SAYING = frozenset({
    "stated", "mentioned", "specified", "indicated", "described", "explained", "given", "provided", "disclosed",
    "reported", "said", "clear", "known", "listed", "included", "detailed", "addressed",
})
LEAD_WORDS = frozenset({"however", "but", "unfortunately", "though", "yet", "also"})  # before the "it"
# words that open a second clause after a comma or semicolon: "..., but it was Eiffel." is a claim, no abstention
CONTRASTS = frozenset({"but", "however", "although", "though", "yet", "while", "whereas", "instead", "still"})
AUXILIARIES = frozenset({"does", "did", "doing", "has", "have", "had", "is", "are", "was", "were"})  # "does not"
NOT_TOPIC = SOURCE_WORDS | SOURCE_QUALIFIERS | SAYING_WORDS | IMPERSONAL_SAYING | READER_WORDS | AUXILIARIES


def _key(word: str) -> str:
    return POSSESSIVE.sub("", word_key(word).replace("’", "'"))


def abstention_topic(keys: Sequence[str]) -> set[str]:
    """The topic of an abstention given its word keys (possessives stripped): its content words other than the
    sources, negations, words of saying, auxiliaries and first- or second-person words."""
    return {key for key in keys if is_content(key) and not is_negation(key) and key not in NOT_TOPIC}


def is_abstention(keys: Sequence[str]) -> bool:
    """Whether a sentence of these word keys (possessives stripped) is an abstention: a negation, and the sources
    named or an impersonal passive of saying ("It is not stated ...")."""
    held = set(keys)
    if not any(is_negation(key) for key in keys):
        return False
    if names_sources(held):
        return True
    first = next((i for i, key in enumerate(keys) if key and key not in LEAD_WORDS), None)
    return first is not None and keys[first] == "it" and bool(held & IMPERSONAL_SAYING)


class ContextWords:
    """A context's word keys (possessives stripped) and their WordNet lemmas."""

    def __init__(self, context: str):
        self.keys = frozenset(_key(w) for w in context.split())
        self.lemmas = load_relations().lemma_set(self.keys)

    def holds(self, key: str) -> bool:
        """Whether the context has ``key`` as written or as one of its lemmas."""
        return key in self.keys or not load_relations().lemmas(key).isdisjoint(self.lemmas)


def clauses_of(texts: Sequence[str]) -> list[list[int]]:
    """Positions of one sentence's words cut into clauses before a contrast word that follows a comma or semicolon
    ("The passages do not mention who built it," | "but it was Eiffel.")."""
    out: list[list[int]] = [[]]
    for position, text in enumerate(texts):
        if position and texts[position - 1].endswith((",", ";")) and word_key(text) in CONTRASTS:
            out.append([])
        out[-1].append(position)
    return out


def abstention_features(example: Example, context: ContextWords, clauses: bool = False) -> np.ndarray:
    """The ``(n_words, 2)`` abstention-feature matrix of one example, given its context's words; with ``clauses``,
    of each clause (:func:`clauses_of`) rather than each sentence."""
    words = example.words
    out = np.zeros((len(words), len(COLUMNS)), dtype=np.float32)
    if not words:
        return out
    keys = [_key(w.text) for w in words]
    offsets = np.array([(w.start, w.end) for w in words], dtype=np.int64)  # (T, 2)
    sentence = sentence_index(offsets, split_sentences(example.answer))  # (T,)
    for value in np.unique(sentence):
        members = np.flatnonzero(sentence == value)
        parts = clauses_of([words[i].text for i in members]) if clauses else [list(range(len(members)))]
        for part in parts:
            held = [keys[members[p]] for p in part]
            if is_abstention(held):
                topic = abstention_topic(held)
                out[members[part], 0] = 1.0
                out[members[part], 1] = bool(topic) and all(context.holds(key) for key in topic)
    return out


class AbstentionFeatures(PerContextFeatures):
    """Abstentions of an answer and whether the context holds their topic. ``clauses`` (off by default, as the bundled
    ``full`` detector was trained): an abstention is read per clause, so "The passages do not mention who built it,
    but it was Eiffel." marks its first clause only."""

    name = "abstention"
    version = "2"
    source_files = ("features/abstention.py", "features/discourse.py", "features/align.py", "features/text.py",
                    "data/sentences.py", "lexicon/__init__.py", "lexicon/wordnet_relations.json.gz")

    def __init__(self, clauses: bool = False):
        super().__init__(**({"clauses": True} if clauses else {}))
        self.clauses = bool(clauses)

    @property
    def columns(self) -> list[str]:
        return list(COLUMNS)

    def index(self, context: str) -> ContextWords:
        return ContextWords(context)

    def example_features(self, example: Example, index: ContextWords) -> np.ndarray:
        return abstention_features(example, index, self.clauses)
