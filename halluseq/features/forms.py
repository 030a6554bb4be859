"""Word forms (2 columns): is a word the context lacks there in another form?

The text statistics ask whether the context holds a word as written, so a faithful answer that inflects or derives
the context's words ("prices rose" for "a rise in prices", "Asian markets" for "markets in Asia") reads as novel
words, the signal of an unsupported claim. On most shared sets a content word the context lacks is hallucinated
about half as often when the context holds it in another form (``benchmarks/word_forms.py``). For each content word
of letters that the context does not hold as written:

- ``form_in_context``: it shares a WordNet lemma with a context word (:mod:`halluseq.lexicon`: ``rose`` / ``rise``,
  ``reported`` / ``reports``);
- ``derived_in_context``: a context word derives from the same stem (:func:`halluseq.lexicon.same_stem`): one is
  the other with up to ``SUFFIX_MAX`` letters added (``Asia`` / ``Asian``, ``severe`` / ``severely``), or the two
  share their first ``STEM_MIN`` letters or more, more than ``STEM_SHARE`` of the longer one (``Canada`` /
  ``Canadian``, ``geography`` / ``geographical``). Number words and their ordinals (``four`` / ``fourth``) are different
  numbers, not forms.

No model, no options; linear in context plus answer length.
"""

from __future__ import annotations

from collections import defaultdict

import numpy as np

from halluseq.data.example import Example
from halluseq.features.align import NUMBER_WORDS, is_content
from halluseq.features.base import PerContextFeatures
from halluseq.features.text import word_key
from halluseq.lexicon import PREFIX_KEY, load_relations, same_stem

COLUMNS = ["form_in_context", "derived_in_context"]
ORDINALS = frozenset({"first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"})


def derived(a: str, b: str) -> bool:
    """Whether two different words of letters come from one stem (:func:`halluseq.lexicon.same_stem`), neither a
    number word nor an ordinal."""
    if a in NUMBER_WORDS or b in NUMBER_WORDS or a in ORDINALS or b in ORDINALS:
        return False
    return same_stem(a, b)


def candidate(key: str) -> bool:
    """A word these columns judge: a content word of letters."""
    return key.isalpha() and is_content(key)


class FormIndex:
    """The keys of one context, the WordNet lemmas of its words, and its words by their first letters."""

    def __init__(self, context: str):
        self.keys = {word_key(w) for w in context.split()}
        words = sorted(k for k in self.keys if candidate(k))
        self.lemmas = load_relations().lemma_set(words)
        self.by_prefix: dict[str, list[str]] = defaultdict(list)
        for word in words:
            if len(word) >= PREFIX_KEY:
                self.by_prefix[word[:PREFIX_KEY]].append(word)

    def forms(self, key: str) -> tuple[bool, bool]:
        """``(form_in_context, derived_in_context)`` of one answer word's key."""
        if key in self.keys or not candidate(key):
            return False, False
        form = not load_relations().lemmas(key).isdisjoint(self.lemmas)
        stem = len(key) >= PREFIX_KEY and any(derived(key, w) for w in self.by_prefix.get(key[:PREFIX_KEY], ()))
        return form, stem


def form_features(example: Example, index: FormIndex | None = None) -> np.ndarray:
    """The ``(n_words, 2)`` word-form matrix of one example."""
    index = index or FormIndex(example.context)
    return np.array([index.forms(word_key(w.text)) for w in example.words], dtype=np.float32).reshape(-1, 2)


class FormFeatures(PerContextFeatures):
    """Answer words the context holds in another form; no options."""

    name = "forms"
    version = "1"
    source_files = ("features/forms.py", "features/align.py", "features/text.py", "lexicon/__init__.py",
                    "lexicon/wordnet_relations.json.gz")

    @property
    def columns(self) -> list[str]:
        return list(COLUMNS)

    def index(self, context: str) -> FormIndex:
        return FormIndex(context)

    def example_features(self, example: Example, index: FormIndex) -> np.ndarray:
        return form_features(example, index)
