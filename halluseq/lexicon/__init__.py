"""Word relations from WordNet 3.0: is one word the antonym, a synonym or a sibling concept of another?

A grounded answer that copies a context sentence but swaps one word is a paraphrase when the two words share a
meaning (``movie`` for ``film``), and a changed fact when they are opposites (``fell`` for ``rose``) or
siblings under one concept (``feet`` for ``metres``, ``Tuesday`` for ``Monday``). The relations are read from
``wordnet_relations.json.gz`` (with a few closed-class opposites WordNet lacks, ``before`` / ``after``; built from
the Princeton WordNet 3.0 database by ``halluseq.lexicon.build``; the WordNet 3.0 licence is in
``WORDNET_LICENSE``). Inflected words are reduced to their lemmas with WordNet's own exception lists and suffix
rules (its ``morphy``). Optionally (``poles=True``) every word of one pole of a scale of change or stance
(:data:`POLES`: ``increased``, ``grew``, ``rose``, ...) is the opposite of every word of the other (``fell``,
``dropped``, ``declined``, ...), which WordNet relates only in a few fixed pairs (``rise`` / ``fall``).
"""

from __future__ import annotations

import gzip
import json
from collections import defaultdict
from collections.abc import Iterable
from functools import cached_property, lru_cache
from pathlib import Path

RELATIONS_FILE = Path(__file__).with_name("wordnet_relations.json.gz")
SENSES = 3  # meanings per lemma that count, most frequent first
# opposites among closed-class words (prepositions, quantifiers, frequency adverbs) that WordNet, a dictionary of
# open-class words, does not relate; the whole of that small class, not a sample of open-class pairs
CLOSED_CLASS_ANTONYMS = (("before", "after"), ("always", "never"), ("all", "none"), ("everything", "nothing"),
                         ("everybody", "nobody"), ("everyone", "nobody"), ("everywhere", "nowhere"),
                         ("with", "without"), ("for", "against"), ("over", "under"))
# counting words: one for another is always another number, never a paraphrase (WordNet files "trillion" first
# under "a very large indefinite number", with million and billion)
MAGNITUDES = frozenset({"hundred", "thousand", "million", "billion", "trillion"})
NEGATIONS = frozenset({"not", "no", "never", "cannot", "none", "nobody", "nothing", "neither", "nor", "without"})
# what a dropped negation leaves ("do not contain"); the augment generator adds "not" after them or removes it
AUXILIARIES = frozenset({"do", "does", "did", "is", "was", "are", "were", "has", "have", "had", "can", "could", "will",
                         "would", "should", "must", "may", "might"})
# The two poles of scales along which reports move things: a word of one put in for a word of the other reverses
# the claim ("net income increased" for "fell"; "added the module" for "removed"), whichever of the pole's words the
# two texts chose. WordNet pairs only some of them as antonyms (rise / fall, increase / decrease, hire / fire); it
# has no "dropped" for "grew" nor "removed" for "added". Lemmas, verbs first; a scale, not a synonym set: the words
# of one pole need not mean the same ("halve" and "dip"), only move the same way.
POLES = (
    ({"increase", "rise", "grow", "climb", "jump", "soar", "surge", "gain", "expand", "boost", "raise", "double",
      "triple", "rebound", "growth", "upturn", "upswing", "outperform"},
     {"decrease", "fall", "drop", "decline", "shrink", "plunge", "slump", "tumble", "dip", "reduce", "cut", "lower",
      "halve", "diminish", "lessen", "plummet", "lose", "slide", "contraction", "downturn", "underperform"}),
    ({"profit", "surplus"}, {"loss", "deficit", "shortfall"}),  # a balance: "a net loss of $5 million" for profit
    ({"bullish", "overweight"}, {"bearish", "underweight"}),  # an outlook, a rating
    ({"add", "introduce", "insert", "include", "install", "restore"},
     {"remove", "delete", "eliminate", "drop", "exclude", "withdraw", "abolish", "scrap", "discontinue"}),
    ({"allow", "permit", "authorize", "authorise", "legalize", "legalise", "approve", "accept", "endorse", "support",
      "favour", "favor", "welcome", "praise"},
     {"ban", "forbid", "prohibit", "outlaw", "reject", "veto", "refuse", "deny", "oppose", "criticise", "criticize",
      "condemn"}),
    ({"confirm", "admit", "acknowledge"}, {"deny", "dispute", "refute"}),
    ({"begin", "start", "launch", "commence", "resume"}, {"end", "stop", "finish", "terminate", "cease", "halt",
                                                          "suspend"}),
    ({"hire", "recruit", "appoint"}, {"fire", "dismiss", "sack"}),
    ({"strengthen", "improve"}, {"weaken", "worsen", "deteriorate"}),
    ({"accelerate"}, {"slow", "decelerate"}),
    ({"win", "beat", "defeat"}, {"lose"}),
    ({"buy", "purchase", "acquire"}, {"sell"}),
    # how often, how bad: "commonly causes" for "Rarely, it can cause"; "mild" for "severe" (WordNet pairs neither)
    ({"common", "commonly", "often", "frequent", "frequently", "usual", "usually"},
     {"rare", "rarely", "seldom", "uncommon", "infrequent", "infrequently", "unusual"}),
    ({"mild", "slight", "minor"}, {"severe", "serious", "major", "grave"}),
)
ANCESTOR_LEVELS = 2  # metre -> metric linear unit -> linear unit <- linear unit (English) <- foot
# two words of letters come from one stem (same_stem): one is the other with up to SUFFIX_MAX letters added to a whole
# word of at least PREFIX_KEY letters ("asia" + "n", "rare" + "ly"), or they share their first STEM_MIN letters or
# more, more than STEM_SHARE of the longer one ("canad" of "canada" and "canadian")
SUFFIX_MAX = 3
STEM_MIN = 5
STEM_SHARE = 0.6
PREFIX_KEY = 4
# WordNet's detachment rules (morphy): an inflected ending and what replaces it, tried on every part of speech
SUFFIX_RULES = (
    ("s", ""), ("ses", "s"), ("ves", "f"), ("xes", "x"), ("zes", "z"), ("ches", "ch"), ("shes", "sh"),
    ("men", "man"), ("ies", "y"), ("es", "e"), ("es", ""), ("ed", "e"), ("ed", ""), ("ing", "e"), ("ing", ""),
    ("er", ""), ("est", ""), ("er", "e"), ("est", "e"),
)


class WordRelations:
    """Lemma lookup and the antonym / synonym / sibling tests over the bundled WordNet relations."""

    def __init__(self, relations: dict):
        self._lemmas: dict[str, list[int]] = relations["lemmas"]
        self._pos: str = relations["pos"]  # one letter per synset id: n, v, a, r
        self._hypernyms: dict[str, list[int]] = relations["hypernyms"]
        self._antonyms: dict[str, list[str]] = {w: list(a) for w, a in relations["antonyms"].items()}
        for a, b in CLOSED_CLASS_ANTONYMS:
            self._antonyms.setdefault(a, []).append(b)
            self._antonyms.setdefault(b, []).append(a)
        self._exceptions: dict[str, list[str]] = relations["exceptions"]
        self._proper = frozenset(relations["proper"])  # lemmas WordNet writes only with a capital
        self._across_poles: dict[str, set[str]] = defaultdict(set)  # a pole word -> the other pole's words
        for one, other in POLES:
            for word in one:
                self._across_poles[word] |= other
            for word in other:
                self._across_poles[word] |= one

    @lru_cache(maxsize=65536)  # noqa: B019 - one instance per process (load_relations), bounded
    def lemmas(self, word: str) -> frozenset[str]:
        """The WordNet lemmas an (inflected, any-case) word can be: ``fell`` -> {fell, fall}; empty if none."""
        word = word.lower()
        found = {word} if word in self._lemmas or word in self._antonyms else set()  # closed-class words too
        found.update(self._exceptions.get(word, ()))
        for ending, replacement in SUFFIX_RULES:
            if word.endswith(ending) and len(word) > len(ending) + 1:
                base = word[: len(word) - len(ending)] + replacement
                if base in self._lemmas:
                    found.add(base)
        return frozenset(found)

    def lemma_set(self, words: Iterable[str]) -> frozenset[str]:
        """Every WordNet lemma of these words (for "does a text hold this word in any form")."""
        return frozenset().union(*map(self.lemmas, words))

    def is_common(self, word: str) -> bool:
        """Whether some lemma of ``word`` is one WordNet writes in lower case (``Based``, ``Overall``, ``Arsenal``),
        not only as a name (``London``, ``Einstein``) nor unknown to it (``Fernandes``, ``Chelsea``)."""
        return not self.lemmas(word) <= self._proper

    def is_adjective(self, word: str) -> bool:
        """Whether any lemma of ``word`` has an adjective sense (``American``, ``new``, ``Brown``)."""
        return any(self._pos[synset] == "a" for lemma in self.lemmas(word) for synset in self._lemmas.get(lemma, ()))

    def is_verb(self, word: str) -> bool:
        """Whether any lemma of ``word`` has a verb sense (``work``, ``open``; not ``always``)."""
        return any(self._pos[synset] == "v" for lemma in self.lemmas(word) for synset in self._lemmas.get(lemma, ()))

    @cached_property
    def irregular(self) -> frozenset[str]:
        """Lemmas with an irregular inflected form (``leave``: ``left``; ``go``: ``went``, ``gone``)."""
        return frozenset(lemma for lemmas in self._exceptions.values() for lemma in lemmas)

    def paraphrases(self, word: str) -> list[str]:
        """Words that say what ``word`` says in its dominant meaning: for a word that is its own and only lemma,
        with every meaning of one part of speech, the other one-word lemmas of its most frequent synset whose
        most frequent synset it is too (``film`` -> ``movie``; ``picture``, mostly an image, is left out)."""
        word = word.lower()
        synsets = self._lemmas.get(word)
        if not synsets or self.lemmas(word) != {word} or len({self._pos[s] for s in synsets}) != 1:
            return []
        return sorted(w for w in self._named_by(synsets[0]) if w != word)

    @lru_cache(maxsize=4096)  # noqa: B019 - one instance per process (load_relations), bounded
    def coordinates(self, word: str) -> tuple[str, ...]:
        """Other concepts filed under the concept above the dominant meaning of ``word``, where that meaning is a
        noun: the one-word lemmas whose own dominant meaning they are (``wolves`` -> dog, fox, hyena, jackal;
        ``Idaho`` -> alabama, alaska, ...), sorted; none of ``word``'s own lemmas."""
        own = self.lemmas(word)
        found: set[str] = set()
        for lemma in own:
            synset = self._lemmas.get(lemma, [None])[0]
            if synset is None or self._pos[synset] != "n":
                continue
            for parent in self._hypernyms.get(str(synset), ()):
                for sibling in self._hyponyms().get(parent, ()):
                    if sibling != synset:  # not the word's own synonyms ("mathematics" for "math")
                        found.update(self._named_by(sibling))
        return tuple(sorted(found - own))

    def noun_first(self, lemma: str) -> bool:
        """Whether the most frequent meaning of the lemma ``lemma`` (as written, lower case) is a noun."""
        synsets = self._lemmas.get(lemma)
        return bool(synsets) and self._pos[synsets[0]] == "n"

    def is_proper(self, word: str) -> bool:
        """Whether WordNet writes every lemma of ``word`` only with a capital (``Idaho``; not ``Arsenal``)."""
        lemmas = self.lemmas(word)
        return bool(lemmas) and lemmas <= self._proper

    @lru_cache(maxsize=1)  # noqa: B019 - one instance per process (load_relations)
    def _hyponyms(self) -> dict[int, list[int]]:
        children: dict[int, list[int]] = defaultdict(list)
        for synset, parents in self._hypernyms.items():
            for parent in parents:
                children[parent].append(int(synset))
        return children

    def _named_by(self, synset: int) -> list[str]:
        """The lemmas of ``synset`` whose most frequent meaning it is."""
        return [w for w in self._members().get(synset, ()) if self._lemmas[w][0] == synset]

    @lru_cache(maxsize=1)  # noqa: B019 - one instance per process (load_relations)
    def _members(self) -> dict[int, list[str]]:
        members: dict[int, list[str]] = {}
        for lemma, synsets in self._lemmas.items():
            for synset in synsets:
                members.setdefault(synset, []).append(lemma)
        return members

    def _senses(self, word: str, per_pos: int) -> set[int]:
        """The first ``per_pos`` synsets (most frequent first) of each part of speech of each lemma of ``word``."""
        found = set()
        for lemma in self.lemmas(word):
            taken: dict[str, int] = defaultdict(int)
            for synset in self._lemmas.get(lemma, ()):
                if taken[self._pos[synset]] < per_pos:
                    taken[self._pos[synset]] += 1
                    found.add(synset)
        return found

    def _synsets(self, word: str) -> set[int]:
        """The word's common meanings: the first ``SENSES`` synsets of each part of speech of each of its lemmas."""
        return self._senses(word, SENSES)

    def _dominant(self, word: str) -> set[int]:
        """The word's dominant meanings: the most frequent synset of each part of speech of each of its lemmas."""
        return self._senses(word, 1)

    def _ancestors(self, synsets: set[int], levels: int = ANCESTOR_LEVELS) -> set[int]:
        """The hypernyms of ``synsets`` and theirs (``levels`` levels up)."""
        found, frontier = set(), synsets
        for _ in range(levels):
            frontier = {h for s in frontier for h in self._hypernyms.get(str(s), ())}
            found |= frontier
        return found

    @lru_cache(maxsize=65536)  # noqa: B019 - one instance per process (load_relations), bounded
    def opposites(self, word: str, poles: bool = False) -> frozenset[str]:
        """The antonym lemmas of every lemma of ``word`` (``fell`` -> {rise, ...}); with ``poles`` also the words of
        the other pole of each :data:`POLES` scale a lemma of it is on (``fell`` -> {grow, increase, ...})."""
        lemmas = self.lemmas(word)
        found = frozenset(other for lemma in lemmas for other in self._antonyms.get(lemma, ()))
        return found | self._other_poles(lemmas) if poles else found

    def antonyms(self, a: str, b: str, poles: bool = False) -> bool:
        """Whether a lemma of ``a`` is a WordNet antonym of a lemma of ``b`` (``fell``, ``rose``: True); with
        ``poles`` also whether the two are on opposite poles of a :data:`POLES` scale (``dropped``, ``grew``)."""
        return not self.opposites(a, poles).isdisjoint(self.lemmas(b))

    def on_opposite_poles(self, a: str, b: str) -> bool:
        """Whether ``a`` and ``b`` are on opposite poles of a :data:`POLES` scale (``dropped``, ``grew``: True)."""
        return not self._other_poles(self.lemmas(a)).isdisjoint(self.lemmas(b))

    def own_poles(self, word: str) -> frozenset[str]:
        """The words of every :data:`POLES` pole a lemma of ``word`` is on (``rejected`` -> {reject, ban, ...})."""
        return self._other_poles(self._other_poles(self.lemmas(word)))

    def on_a_pole(self, word: str) -> bool:
        """Whether a lemma of ``word`` is on a pole of a :data:`POLES` scale (``grew``: True)."""
        return not self.lemmas(word).isdisjoint(self._across_poles)

    def _other_poles(self, lemmas: frozenset[str]) -> frozenset[str]:
        """The words of the other pole of every :data:`POLES` scale one of ``lemmas`` is on."""
        return frozenset(other for lemma in lemmas for other in self._across_poles.get(lemma, ()))

    @lru_cache(maxsize=65536)  # noqa: B019 - one instance per process (load_relations), bounded
    def synonyms(self, a: str, b: str) -> bool:
        """Whether the dominant meaning of one of ``a`` and ``b`` is a common meaning of the other (``nation``,
        ``country``: True). Two words that only share a rarer meaning are not (``million`` and ``billion`` meet
        only in "a very large indefinite number", ``second`` and ``minute`` in "a moment")."""
        lemmas_a, lemmas_b = self.lemmas(a), self.lemmas(b)
        if lemmas_a != lemmas_b and lemmas_a <= MAGNITUDES and lemmas_b <= MAGNITUDES:
            return False
        return bool(self._dominant(a) & self._synsets(b) or self._dominant(b) & self._synsets(a))

    def siblings(self, a: str, b: str, levels: int = ANCESTOR_LEVELS) -> bool:
        """Whether common meanings of ``a`` and ``b`` are distinct concepts under one concept at most ``levels`` levels
        up (``feet`` and ``metres``: units of length), neither generalising the other, and the two are not
        synonyms."""
        synsets_a, synsets_b = self._synsets(a), self._synsets(b)
        if not synsets_a or not synsets_b or self.synonyms(a, b):
            return False
        ancestors_a, ancestors_b = self._ancestors(synsets_a, levels), self._ancestors(synsets_b, levels)
        if synsets_a & ancestors_b or synsets_b & ancestors_a:  # one generalises the other: man, person
            return False
        return bool(ancestors_a & ancestors_b)


def _shared_prefix(a: str, b: str) -> int:
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


def is_negation(key: str) -> bool:
    """A negation cue: ``not``, ``never``, ``no`` ... or a contraction ending in ``n't``."""
    return key in NEGATIONS or key.endswith(("n't", "n’t"))


def is_denial(key: str) -> bool:
    """A negation that denies its clause (:func:`is_negation` but ``without``, which denies only its object: "the team
    without control of the ball" denies no control of the team)."""
    return key != "without" and is_negation(key)


def same_stem(a: str, b: str) -> bool:
    """Whether two different words of letters come from one stem by their spelling (``asia`` / ``asian``, ``rare`` /
    ``rarely``, ``canada`` / ``canadian``; the rule of :data:`SUFFIX_MAX` and :data:`STEM_MIN`), which WordNet's
    lemmas do not relate."""
    if a == b:
        return False
    shorter, longer = sorted((a, b), key=len)
    shared = _shared_prefix(a, b)
    if shared == len(shorter) >= PREFIX_KEY:
        return len(longer) - len(shorter) <= SUFFIX_MAX
    return shared >= STEM_MIN and shared > STEM_SHARE * len(longer)


@lru_cache(maxsize=1)
def load_relations() -> WordRelations:
    """The bundled WordNet relations (read once per process)."""
    with gzip.open(RELATIONS_FILE, "rt", encoding="utf-8") as handle:
        return WordRelations(json.load(handle))
