"""Per-sentence verdicts with a reason that names the evidence: the context sentence an NLI model finds
contradicting or supporting the claim when there is one (:mod:`halluseq.evidence`), else the words the text
features found missing from the context."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence

import numpy as np
from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS

from halluseq.data.example import Example
from halluseq.data.scripts import unspaced
from halluseq.data.sentences import sentence_index, split_sentences
from halluseq.data.words import has_word_character, word_offsets
from halluseq.evidence import points_back
from halluseq.features.align import COLUMNS as ALIGN_COLUMNS
from halluseq.features.align import ContextSentences, is_capitalised, is_content, item_starts
from halluseq.features.discourse import COLUMNS as DISCOURSE_COLUMNS
from halluseq.features.discourse import DiscourseFeatures
from halluseq.features.quantities import COLUMNS as QUANTITY_COLUMNS
from halluseq.features.quantities import pointer_mask, quantity_features
from halluseq.features.ranks import key_rank
from halluseq.features.text import COLUMNS, opens_with_name, text_features, word_key
from halluseq.lexicon import is_negation, load_relations
from halluseq.result import Claim, Evidence

_PUNCTUATION = ".,!?;:'\"()[]"
# HTML tags and Markdown emphasis or code marks around a word ("<b>1936</b>.</p>", "**1936**"): not what it says
_MARKUP = re.compile(r"</?[A-Za-z][^<>]*>|\*{1,3}|_{2,3}|`+")
_MAX_LISTED = 5
_QUOTED = 120  # characters of a quoted context sentence in a reason
DECISIVE = 0.5  # an NLI probability from which a context sentence is named as support or contradiction
FRAMING_REASON = "no claim: it frames the answer (a courtesy, a question to the reader or a label)"


def _listed(words: list[str]) -> str:
    bare = (_MARKUP.sub("", w).strip(_PUNCTUATION) for w in words)
    unique = list(dict.fromkeys(w for w in bare if w))
    more = f" (+{len(unique) - _MAX_LISTED} more)" if len(unique) > _MAX_LISTED else ""
    return ", ".join(unique[:_MAX_LISTED]) + more


class ClosestSentence:
    """The context sentence a claim copies from (:mod:`halluseq.features.align`); the context is indexed on first
    use only."""

    def __init__(self, context: str):
        self.context = context
        self._index: ContextSentences | None = None
        self._forms: set[str] | None = None

    @property
    def index(self) -> ContextSentences:
        self._index = self._index or ContextSentences(self.context)
        return self._index

    def has_form_of(self, word: str) -> bool:
        """Whether the context has ``word`` in another form: an inflection of the same lemma (``approved`` for
        ``approve``) or the parts of a hyphenated word (``rail`` in ``light-rail``, ``light-rail`` for ``light
        rail``)."""
        key = word_key(word)
        parts = [part for part in key.split("-") if part]
        if len(parts) > 1:
            return all(part in self._context_forms() or self._lemma_in_context(part) for part in parts)
        return self._lemma_in_context(key)

    def _context_forms(self) -> set[str]:
        """The context's word keys, the parts of its hyphenated ones, and the lemmas of both (built on first use)."""
        if self._forms is None:
            keys = {word_key(w) for w in self.context.split()}
            keys |= {part for key in keys for part in key.split("-") if part}
            self._forms = keys | {lemma for key in keys if key.isalpha() for lemma in load_relations().lemmas(key)}
        return self._forms

    def _lemma_in_context(self, key: str) -> bool:
        return key.isalpha() and not load_relations().lemmas(key).isdisjoint(self._context_forms())

    def __call__(self, words: Sequence[str]) -> tuple[str, set[str]] | None:
        """The best-matching context sentence of a claim's words (None: it shares no content word) and the keys it
        holds, with those of the sentence before it when it points back ("It was built by ..." after "The Eiffel
        Tower is ...": ``tower`` is not missing)."""
        best = self._aligned(words)[0]
        if best is None:
            return None
        sentence = self.index.texts[best]
        found = set(self.index.keys[best])
        if best > 0 and points_back(sentence):
            found |= set(self.index.keys[best - 1])
        return sentence, found

    def denying(self, words: Sequence[str]) -> str | None:
        """The context sentence whose negation a claim left out: the one it copies from, or the second one it merges
        in where only that one holds a negation ("..., and the board said how" for "The board did not say how")."""
        negated = [i for i in self._aligned(words) if i is not None and self.index.sentence(i).negated]
        return self.index.texts[negated[0]] if negated else None

    def _aligned(self, words: Sequence[str]) -> tuple[int | None, int | None]:
        """The context sentence a claim's words copy from and the second one they merge in
        (:meth:`~halluseq.features.align.ContextSentences.align`, capitalised words as names)."""
        keys = [word_key(w) for w in words]
        names = frozenset(k for k, w in zip(keys, words, strict=True) if is_capitalised(w))
        best, second, _ = self.index.align(keys, names)
        return best, second


def _novel(words: list[str], text: np.ndarray, closest: ClosestSentence) -> np.ndarray:
    """Per word of a sentence: a word that is not a stop word and occurs nowhere in the context, in no other form
    either ("However", "I", "approved" where the context says "approve" are no missing evidence); ``text`` is the
    sentence's ``(n_words, 20)`` text-feature block."""
    novel = text[:, COLUMNS.index("is_novel")] > 0
    return np.array([n and has_word_character(w) and word_key(w) not in ENGLISH_STOP_WORDS
                     and not closest.has_form_of(w) for w, n in zip(words, novel, strict=True)], dtype=bool)



def _phrases(words: list[str], mask: np.ndarray) -> list[str]:
    """The runs of adjacent words under ``mask``, each joined into one phrase ("three hundred thousand")."""
    runs: list[list[str]] = []
    previous = False
    for word, marked in zip(words, mask, strict=True):
        if marked and previous:
            runs[-1].append(word)
        elif marked:
            runs.append([word])
        previous = marked
    return [" ".join(run) for run in runs]


def _reason(words: list[str], text: np.ndarray, unstated: np.ndarray, far: np.ndarray, novel: np.ndarray,
            hallucinated: bool, closest: ClosestSentence, opposed: np.ndarray, denied: np.ndarray) -> str:
    """Evidence for one sentence; ``text`` is its ``(n_words, 20)`` text-feature block, ``unstated`` its mask of
    numbers the context does not state, ``far`` of those it states only about something else, ``novel`` its
    :func:`_novel` mask, ``opposed`` its mask of words put in for their antonym (``replaced_antonym``), ``denied``
    of words where a negation of the aligned context sentence was left out (``dropped_negation_after``)."""
    col = {name: i for i, name in enumerate(COLUMNS)}
    ranked = np.array([key_rank(word_key(w)) is not None for w in words], dtype=bool)  # "third", "Q4", "19th"
    numbers, ranks = _phrases(words, unstated & ~ranked), _phrases(words, unstated & ranked)
    capitalized = text[:, col["is_capitalized"]] > 0
    # a capital that opens the sentence or a list item in it ("Step 2: Marinate", "However") makes no name, unless
    # the word reads as one there ("London is ...": :func:`~halluseq.features.text.opens_with_name`)
    names = [w for w, n, cap, start in zip(words, novel, capitalized, item_starts(words), strict=True)
             if n and cap and (not start or opens_with_name(word_key(w)))]
    others = [w for w, n, u, o in zip(words, novel, unstated, opposed, strict=True)
              if n and not u and not o and w not in names]
    if not hallucinated:
        missing = [w for w, n in zip(words, novel, strict=True) if n]
        tail = f" (not found: {_listed(missing)})" if missing else ""
        counted = sum(map(has_word_character, words))
        return f"supported: {counted - len(missing)} of {counted} words found in the context{tail}"
    parts = []
    if numbers:
        parts.append(f"numbers {_listed(numbers)} not found")
    if ranks:
        parts.append(f"ranks {_listed(ranks)} not found")
    if far.any():
        parts.append(f"numbers {_listed(_phrases(words, far))} stated only about something else")
    if names:
        parts.append(f"names {_listed(names)} not found")
    if opposed.any():
        parts.append(f"words {_listed(_phrases(words, opposed))} say the opposite of the context")
    if others and not parts:
        parts.append(f"words {_listed(others)} not found")
    if not parts:
        sentence, found = closest(words) or ("", set())
        if sentence and denied.any():  # "Amoxicillin works against" for "does not work against"
            denying = closest.denying(words) or sentence
            return f"leaves out a negation of the context ({_listed(_phrases(words, denied))}): {_quote(denying)}"
        moved = [w for w in words if (is_content(word_key(w)) or is_negation(word_key(w)))
                 and word_key(w) not in found]
        if sentence and moved:
            return f"words missing from the closest context sentence ({_listed(moved)}): {_quote(sentence)}"
        return "flagged by the sequence model although its words occur in the context (wording or order differs)"
    return "no support in context: " + "; ".join(parts)


def _quote(text: str) -> str:
    text = unspaced(" ".join(text.split()))  # a sentence of a Chinese or Japanese context as written
    return f'"{text[:_QUOTED]}..."' if len(text) > _QUOTED else f'"{text}"'


def _specifics(words: Sequence[str]) -> set[str]:
    """Keys of the words a supporting sentence must contain: numbers, and capitalised words after the first that
    are not stop words (names)."""
    return {word_key(w) for i, w in enumerate(words) if word_key(w) not in ENGLISH_STOP_WORDS and
            (any(c.isdigit() for c in w) or (i > 0 and is_capitalised(w)))} - {""}


def _premise_keys(context: str, sentence_starts: Sequence[int], evidence: Evidence) -> set[str]:
    """Keys of the premise the NLI model read for ``evidence``: its sentence and the one before it."""
    index = bisect_right(sentence_starts, evidence.start) - 1
    start = sentence_starts[index - 1] if index > 0 else evidence.start
    return {word_key(w) for w in context[start:evidence.end].split()}


def _evidence_reason(support: Evidence | None, contradiction: Evidence | None, hallucinated: bool,
                     unsupported: bool) -> str | None:
    """The reason naming a decisive context sentence, or None to fall back on the lexical reason. ``unsupported``:
    the supporting premise lacks a number or name of the claim (an NLI model can entail "born in Krakow" from
    "born in Warsaw"), or the claim holds a word the whole context lacks (it can entail "the museum was open" from
    "the museum was closed"), so it is not quoted as support. Nor is support that another context sentence
    contradicts more strongly than the support leaves room for (contradiction above ``1 - support``): the reader
    then gets the lexical reason and both sentences attached, not a vouching quote."""
    contradicts = contradiction is not None and contradiction.prob >= DECISIVE and \
        (support is None or contradiction.prob > support.prob)
    conflicting = support is not None and contradiction is not None and contradiction.prob > 1.0 - support.prob
    supports = support is not None and support.prob >= DECISIVE and not (contradicts or unsupported or conflicting)
    if contradicts and hallucinated:
        return f"contradicted by context: {_quote(contradiction.text)}"
    if supports and not hallucinated:
        return f"supported by context: {_quote(support.text)}"
    return None


def claims(example: Example, probs: np.ndarray, threshold: float, text: np.ndarray | None = None,
           evidence: Sequence[tuple[Evidence | None, Evidence | None]] | None = None,
           amounts: np.ndarray | None = None, aligned: np.ndarray | None = None,
           discourse: np.ndarray | None = None) -> list[Claim]:
    """One :class:`Claim` per sentence of the answer that holds a letter or digit; its score is its highest word
    probability.

    ``text``: the example's ``(n_words, 20)`` text features if already computed. ``evidence``: per sentence of
    ``split_sentences(example.answer)``, its ``(support, contradiction)`` context sentences (NLI detectors).
    ``amounts``: its ``(n_words, 4)`` quantity features (:mod:`halluseq.features.quantities`) if already computed.
    ``aligned``: its ``(n_words, 23)`` alignment features when the detector reads them: a word put in for its
    antonym (``replaced_antonym``: "increased" for "fell") is named as such, and so is a negation left out
    (``dropped_negation_after``: "works" for "does not work"), quoting the context sentence. ``discourse``: its
    ``(n_words, 3)`` discourse features if already computed: a sentence of framing words only (courtesies, labels)
    that is not flagged makes no claim (:data:`FRAMING_REASON`).
    """
    sentences = split_sentences(example.answer)
    owner = sentence_index(word_offsets(example.words), sentences)  # (T,)
    text = text_features(example) if text is None else text  # (T, 20)
    context_starts = [start for start, _ in split_sentences(example.context)] if evidence is not None else []
    closest = ClosestSentence(example.context)
    amounts = quantity_features(example) if amounts is None else amounts  # (T, 4)
    respelled = amounts[:, QUANTITY_COLUMNS.index("quantity_respelled")] > 0
    # an amount the context states nowhere, in digits or words ("three hundred thousand"); digits the context lacks
    # as written unless it states their value in words ("3" for "Three") or they number a list ("1.", "[2]")
    pointers = pointer_mask(example)
    unstated = (amounts[:, QUANTITY_COLUMNS.index("quantity_absent")] > 0) | (
        (text[:, COLUMNS.index("novel_number")] > 0) & ~respelled & ~pointers)
    # a word with a digit in it is a number as written too ("43°F", "3-4pm"), when new
    numeric = np.array([any(c.isdigit() for c in w.text) for w in example.words], dtype=bool) & ~pointers
    far = (amounts[:, QUANTITY_COLUMNS.index("quantity_far")] > 0) & ~unstated  # stated about something else
    none = np.zeros(len(example.words), dtype=bool)
    discourse = DiscourseFeatures().extract([example])[0] if discourse is None else discourse  # (T, 3)
    framing = (discourse[:, [DISCOURSE_COLUMNS.index("courtesy"), DISCOURSE_COLUMNS.index("label")]] > 0).any(axis=1)
    opposed = aligned[:, ALIGN_COLUMNS.index("replaced_antonym")] > 0 if aligned is not None else none
    denied = aligned[:, ALIGN_COLUMNS.index("dropped_negation_after")] > 0 if aligned is not None else none
    out = []
    for number, (start, end) in enumerate(sentences):
        picked = np.flatnonzero(owner == number)
        words = [example.words[i].text for i in picked]
        if not any(map(has_word_character, words)):
            continue  # no words, or only layout and punctuation ("|---|---|"): no claim
        score = float(probs[picked].max())
        hallucinated = score >= threshold
        novel = _novel(words, text[picked], closest) & ~respelled[picked]  # "3" where the context says "Three"
        support, contradiction = evidence[number] if evidence is not None else (None, None)
        unsupported = support is not None and bool(
            _specifics(words) - _premise_keys(example.context, context_starts, support) or novel.any())
        bearing = np.array([has_word_character(w) for w in words], dtype=bool)
        if not hallucinated and framing[picked][bearing].all():
            reason = FRAMING_REASON  # "Would you like to know more?", "Have a great day!"
        else:
            reason = _evidence_reason(support, contradiction, hallucinated, unsupported) or _reason(
                words, text[picked], unstated[picked] | (novel & numeric[picked]), far[picked], novel, hallucinated,
                closest, opposed[picked], denied[picked])
        out.append(Claim(example.answer[start:end], start, end, hallucinated, score, reason, support, contradiction))
    return out
