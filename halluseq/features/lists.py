"""List items (1 column): is a word the context lacks an added item of a list the context holds?

An answer that copies a list and adds an item ("Common side effects include nausea, diarrhoea and vomiting." where
the context lists nausea and diarrhoea) has one novel word in a sentence that is otherwise right, and a novel word
alone is mostly a paraphrase: the other families read the added item as supported. ``novel_list_item`` marks a noun
that the context holds in no form (as written or by a WordNet lemma) and that stands next to a list item the context
does hold, joined to it by a comma or by ``and`` / ``or`` ("diarrhoea and vomiting", "vomiting, nausea"), where WordNet
files the two as sibling concepts (:meth:`~halluseq.lexicon.WordRelations.siblings`: ``vomiting`` / ``nausea``,
``Utah`` / ``Idaho``; not ``heated`` / ``cooled``, which are no nouns). Synthetic ``list_item`` edits
(:func:`halluseq.augment.edits.add_list_item`) teach what it means.

No model, no options; linear in context plus answer length.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from halluseq.data.example import Example
from halluseq.features.align import is_content
from halluseq.features.base import PerContextFeatures
from halluseq.features.text import word_key
from halluseq.lexicon import load_relations

COLUMNS = ["novel_list_item"]
LINKS = frozenset({"and", "or"})
LEVELS = 3  # WordNet levels up to a concept two items share ("headaches" and "diarrhoea": symptoms, three up)


class ListIndex:
    """The keys of one context and the WordNet lemmas of its content words."""

    def __init__(self, context: str):
        self.keys = {word_key(w) for w in context.split()}
        self.lemmas = load_relations().lemma_set(k for k in self.keys if k.isalpha() and is_content(k))

    def holds(self, key: str) -> bool:
        """Whether the context has ``key`` as written or in another form (a shared lemma)."""
        return key in self.keys or not load_relations().lemmas(key).isdisjoint(self.lemmas)


def is_noun(key: str) -> bool:
    """A content word of letters written as a noun: a WordNet lemma whose most frequent meaning is a noun, as
    written or in the plural ("nutrients"; not "according", "used", whose own lemmas are adjectives)."""
    relations = load_relations()
    if not key.isalpha() or not is_content(key):
        return False
    if key in relations.lemmas(key):
        return relations.noun_first(key)
    return key.endswith("s") and any(relations.noun_first(lemma) for lemma in relations.lemmas(key))


def list_partners(words: Sequence[str], keys: Sequence[str], i: int) -> list[int]:
    """The positions of the words joined to word ``i`` as items of one list: across a comma after either, or across
    an ``and`` / ``or`` between them."""
    partners = []
    if i >= 2 and keys[i - 1] in LINKS:
        partners.append(i - 2)
    if i >= 1 and words[i - 1].endswith(","):
        partners.append(i - 1)
    if i + 1 < len(words) and words[i].endswith(","):
        partners.append(i + 1)
    if i + 2 < len(words) and keys[i + 1] in LINKS:
        partners.append(i + 2)
    return partners


def list_features(example: Example, index: ListIndex | None = None) -> np.ndarray:
    """The ``(n_words, 1)`` list-item matrix of one example."""
    index = index or ListIndex(example.context)
    relations = load_relations()
    words = [w.text for w in example.words]
    keys = [word_key(w) for w in words]
    out = np.zeros((len(words), len(COLUMNS)), dtype=np.float32)
    for i, key in enumerate(keys):
        if not is_noun(key) or index.holds(key):
            continue
        out[i, 0] = any(is_noun(keys[j]) and index.holds(keys[j]) and relations.siblings(key, keys[j], LEVELS)
                        for j in list_partners(words, keys, i))
    return out


class ListFeatures(PerContextFeatures):
    """Added items of the context's lists; no options."""

    name = "lists"
    version = "1"
    source_files = ("features/lists.py", "features/align.py", "features/text.py", "lexicon/__init__.py",
                    "lexicon/wordnet_relations.json.gz")

    @property
    def columns(self) -> list[str]:
        return list(COLUMNS)

    def index(self, context: str) -> ListIndex:
        return ListIndex(context)

    def example_features(self, example: Example, index: ListIndex) -> np.ndarray:
        return list_features(example, index)
