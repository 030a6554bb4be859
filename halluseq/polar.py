"""Polar answers: a "Yes" or "No" that answers a yes-no question claims the question's proposition, or its negation.

"Yes." after "Is Kilimanjaro in Kenya?" says that Kilimanjaro is in Kenya. Scored as an answer of its own, the one
word holds nothing the features can check, so every bare "Yes." or "No." scored alike whatever it answered (and a
new word, flagged). :func:`polar_answer` finds such an answer and the claim it stands for; the detector scores that
claim against the context like any answer and gives its score to the polar word:

- the question is a yes-no question when its one question (:func:`question_words`) opens with an auxiliary
  (``is``, ``does``, ``can``, :data:`AUXILIARIES`; not a negative one, "Isn't it ...?" or "Is it not ...?" asks for
  agreement), asks one thing (no ``or``: "Is it red or blue?") and leaves at least two words after the auxiliary; a
  question about the one who answers ("Do you bowl?", "Can you tell me more?": a second-person word the context does
  not use) asks nothing of the context;
- the claim is that question as a statement (:func:`declarative`: "it is in Kenya", "I can take it if I am
  pregnant"; without its auxiliary where the subject is no pronoun: "Kilimanjaro in Kenya", "the tenant have to give
  60 days' notice"): the features read which words, numbers and names the context grounds, not word order;
- "Yes" (:data:`POLAR`: yes, yeah, yep, yup) takes the claim's score, its highest word probability; "No" (no, nope)
  one minus it: a claim the context grounds word for word makes a "No" a contradiction of it, a claim it does not
  ground (a name or number it lacks) leaves the "No" unflagged. A "No" is only as right as the text features' reading
  of the claim: a claim they miss ("I take it if I am pregnant" of "Do not take it if you are pregnant") flags the
  right "No" and passes the wrong "Yes"; and a claim scored between the threshold and one minus it flags both, as
  neither is grounded;
- an elliptical restatement right after the polar word ("Yes, it is.", "No, they didn't.", "No, it is not."; negative
  exactly where the answer is "No") takes the same score;
- only an answer of the polar word (and a restatement) alone is read so: one that goes on makes its claim in the
  words after it ("Yes, it is a dormant volcano."), and in dialogue a "Yes, ..." is as often a way into a sentence
  as an answer (BEGIN: of 88 polar answers to yes-no questions, 25 attributable, most of them a "Yes" the knowledge
  does not back followed by a sentence it does).

An answer without a question, or to another kind of question, is scored as it is.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from itertools import islice

from halluseq.data.example import Example
from halluseq.data.sentences import split_sentences
from halluseq.features.discourse import SECOND_PERSON
from halluseq.features.text import bare_word, word_key
from halluseq.lexicon import AUXILIARIES as VERB_AUXILIARIES
from halluseq.lexicon import load_relations

AUXILIARIES = VERB_AUXILIARIES | {"am", "shall"}  # what opens a yes-no question
RESTATED_MAX = 3  # words of an elliptical restatement ("it is not")
POLAR = {"yes": True, "yeah": True, "yep": True, "yup": True, "no": False, "nope": False}
# who an elliptical restatement is about: "Yes, it is.", "No, they didn't."
PRONOUNS = frozenset({"it", "he", "she", "they", "we", "i", "you", "there", "that", "this"})
# a list number or label before a question ("1. Is it ...?", "Q: Is it ...?"): not part of it
QUESTION_LABEL = re.compile(r"\(?\d{1,2}[.):]|[-*•]|q\d*[:.]|question\s*\d*[:.]?", re.IGNORECASE)


@dataclass(frozen=True)
class PolarAnswer:
    """The answer words that stand for ``claim`` (the polar word, an elliptical restatement after it and
    punctuation), and whether they affirm it ("Yes") or deny it ("No")."""

    words: tuple[int, ...]
    claim: str
    affirms: bool


def question_words(question: str | None) -> list[str] | None:
    """The words of the one question ``question`` asks: its sentence that holds a question mark (else its last
    sentence), each word bare (quotes, markup and end punctuation cut: "“Kenya?”" -> "Kenya"), a leading list number
    or label ("1.", "Q:") left out; None where it asks none or several ("Who designed it? When was it completed?")."""
    if not question or not question.strip():
        return None
    sentences = [question[start:end] for start, end in split_sentences(question)]
    asked = [sentence for sentence in sentences if "?" in sentence]
    if len(asked) > 1:
        return None
    tokens = (asked or sentences[-1:])[0].split()
    while tokens and QUESTION_LABEL.fullmatch(tokens[0]):
        tokens = tokens[1:]
    words = [bare for token in tokens if (bare := bare_word(token))]
    return words or None


def yes_no_claim(question: str | None, context: str) -> str | None:
    """The proposition a yes-no ``question`` asks of ``context``: the question without its opening auxiliary
    (:func:`question_words`: "Is Kilimanjaro in Kenya?" -> "Kilimanjaro in Kenya"); None for another kind of
    question, a negative one ("Is it not ...?" asks for agreement), one that asks two things ("Is it red or blue?",
    "Is it tall and was it built in 1889?") or one about the one who answers ("Do you bowl?")."""
    words = question_words(question)
    if words is None or len(words) < 3:
        return None
    keys = [word_key(w) for w in words]
    if keys[0] not in AUXILIARIES or "not" in keys[1:3] or "or" in keys or any(
            key == "and" and following in AUXILIARIES for key, following in zip(keys, keys[1:], strict=False)):
        return None
    if asks_the_answerer(keys, context):
        return None
    return " ".join(declarative(words[0], words[1:], context))


def declarative(auxiliary: str, rest: list[str], context: str) -> list[str]:
    """The words of a question after its opening ``auxiliary`` as a statement: a pronoun subject before the auxiliary
    ("Can I take it ...?" -> "I can take it ...", "Is it in Kenya?" -> "it is in Kenya": a modal or ``be`` says what
    the claim says, "can" where the context says "do not"), else the auxiliary left out ("Does the X200 come with a
    warranty?" -> "the X200 come with a warranty"); "do", "does" and "did" always, their verb then written as the
    context inflects it (:func:`inflected_like`: "When did construction begin?" -> "construction began" where the
    context says "began")."""
    if word_key(auxiliary) in {"do", "does", "did"}:
        return inflected_like(rest, context)
    if rest and word_key(rest[0]) in PRONOUNS:
        return [rest[0], auxiliary.lower(), *rest[1:]]
    return list(rest)


def inflected_like(words: list[str], context: str) -> list[str]:
    """``words`` with the first that the context holds only inflected ("begin" where it says "began", "come" where it
    says "comes") written as the context writes it (its most frequent such form), so that the words around a name or
    number match the context's."""
    held = Counter(word_key(w) for w in context.split())  # each context key once, with how often it stands
    relations = load_relations()
    for i, word in enumerate(words):
        key = word_key(word)
        if not key.isalpha() or key in held:
            continue
        forms = [(count, form) for form, count in held.items() if form.isalpha() and key in relations.lemmas(form)]
        if forms:
            return [*words[:i], max(forms, key=lambda found: found[0])[1], *words[i + 1:]]
    return list(words)


def asks_the_answerer(keys: list[str], context: str) -> bool:
    """Whether a question (its word keys) is about the one who answers: it holds a second-person word the context
    does not use ("Do you bowl?"; not "Can you take ibuprofen if you are pregnant?" of a leaflet that speaks to
    "you")."""
    addressed = SECOND_PERSON.intersection(keys)
    return bool(addressed) and addressed.isdisjoint(word_key(w) for w in context.split())


def _negative_auxiliary(key: str) -> bool:
    """``isn't``, ``didn't``, ``can't``, ``won't``: an auxiliary with a negation attached."""
    return key.endswith(("n't", "n’t")) or key == "cannot"


def _restates(keys: list[str], affirms: bool) -> bool:
    """Whether the words after the polar word restate it: a pronoun and an auxiliary ("it is", "they didn't", "it
    is not"), negative exactly where the answer is "No" (not "Yes, it isn't.")."""
    if len(keys) not in (2, 3) or keys[0] not in PRONOUNS or len(keys) == 3 and keys[2] != "not":
        return False
    negative = _negative_auxiliary(keys[1]) or len(keys) == 3
    return (keys[1] in AUXILIARIES or _negative_auxiliary(keys[1])) and negative != affirms


def polar_answer(example: Example) -> PolarAnswer | None:
    """The polar answer ``example`` gives to its yes-no question, or None (no question, another kind of question,
    an answer that opens with no polar word, goes on after it or is a question itself: "No?")."""
    words = example.words
    # at most the polar word and a restatement of three ("Yes ." tokenised: the full stop holds no word); the keys of
    # a longer answer are not all read, as every answer scored passes here
    keys = list(islice((key for w in words if (key := word_key(w.text))), RESTATED_MAX + 2))
    if not keys or keys[0] not in POLAR or len(keys) > RESTATED_MAX + 1 or example.answer.rstrip().endswith("?"):
        return None
    affirms = POLAR[keys[0]]
    if len(keys) > 1 and not _restates(keys[1:], affirms):  # "Yes, it is a dormant volcano.": its own claim
        return None
    claim = yes_no_claim(example.question, example.context)
    return None if claim is None else PolarAnswer(tuple(range(len(words))), claim, affirms)
