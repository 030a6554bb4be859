"""Polar answers: a "Yes" or "No" that answers a yes-no question claims the question's proposition, or its negation.

"Yes." after "Is Kilimanjaro in Kenya?" says that Kilimanjaro is in Kenya. Scored as an answer of its own, the one
word holds nothing the features can check, so every bare "Yes." or "No." scored alike whatever it answered (and a
new word, flagged). :func:`polar_answer` finds such an answer and the claim it stands for; the detector scores that
claim against the context like any answer and gives its score to the polar word:

- the question is a yes-no question when its last sentence opens with an auxiliary (``is``, ``does``, ``can``,
  :data:`AUXILIARIES`; not a negative one, "Isn't it ...?" asks for agreement), offers no alternative (no ``or``: "Is
  it red or blue?") and leaves at least two words after the auxiliary; a question about the one who answers ("Do you
  bowl?", "Can you tell me more?": a second-person word the context does not use) asks nothing of the context;
- the claim is that sentence without its auxiliary and question mark ("Kilimanjaro in Kenya", "the tenant have to
  give 60 days' notice"): the features read which words, numbers and names the context grounds, not word order;
- "Yes" (:data:`POLAR`: yes, yeah, yep) takes the claim's score, its highest word probability; "No" (no, nope) one
  minus it: a claim the context grounds word for word makes a "No" a contradiction of it, a claim it does not
  ground (a name or number it lacks) leaves the "No" unflagged;
- an elliptical restatement right after the polar word ("Yes, it is.", "No, they didn't.", "No, it is not.") takes
  the same score;
- only an answer of the polar word (and a restatement) alone is read so: one that goes on makes its claim in the
  words after it ("Yes, it is a dormant volcano."), and in dialogue a "Yes, ..." is as often a way into a sentence
  as an answer (BEGIN: of 88 polar answers to yes-no questions, 25 attributable, most of them a "Yes" the knowledge
  does not back followed by a sentence it does).

An answer without a question, or to another kind of question, is scored as it is.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from halluseq.data.example import Example
from halluseq.data.sentences import split_sentences
from halluseq.features.discourse import SECOND_PERSON
from halluseq.features.text import word_key

AUXILIARIES = frozenset({"is", "are", "was", "were", "am", "do", "does", "did", "can", "could", "will", "would",
                         "shall", "should", "may", "might", "must", "has", "have", "had"})
POLAR = {"yes": True, "yeah": True, "yep": True, "no": False, "nope": False}
# who an elliptical restatement is about: "Yes, it is.", "No, they didn't."
PRONOUNS = frozenset({"it", "he", "she", "they", "we", "i", "you", "there", "that", "this"})
_SENTENCE_END = re.compile(r"[.!?][\"'”’)]*$")


@dataclass(frozen=True)
class PolarAnswer:
    """The answer words that stand for ``claim`` (the polar word and an elliptical restatement after it), and
    whether they affirm it ("Yes") or deny it ("No")."""

    words: tuple[int, ...]
    claim: str
    affirms: bool


def yes_no_claim(question: str | None, context: str) -> str | None:
    """The proposition a yes-no ``question`` asks of ``context``: its last sentence without the opening auxiliary
    and the question mark ("Is Kilimanjaro in Kenya?" -> "Kilimanjaro in Kenya"); None for another kind of question
    or one about the one who answers ("Do you bowl?")."""
    if not question or not question.strip():
        return None
    start, end = split_sentences(question)[-1]
    words = question[start:end].rstrip("?!. \n").split()
    keys = [word_key(w) for w in words]
    if len(words) < 3 or keys[0] not in AUXILIARIES or "or" in keys or any(
            key == "and" and following in AUXILIARIES for key, following in zip(keys, keys[1:], strict=False)):
        return None  # "Is it red or blue?", "Is it tall and was it built in 1889?": no one claim
    if asks_the_answerer(keys, context):
        return None
    return " ".join(words[1:])


def asks_the_answerer(keys: list[str], context: str) -> bool:
    """Whether a question (its word keys) is about the one who answers: it holds a second-person word the context
    does not use ("Do you bowl?"; not "Can you take ibuprofen if you are pregnant?" of a leaflet that speaks to
    "you")."""
    addressed = SECOND_PERSON.intersection(keys)
    return bool(addressed) and addressed.isdisjoint(word_key(w) for w in context.split())


def _negative_auxiliary(key: str) -> bool:
    """``isn't``, ``didn't``, ``can't``, ``won't``: an auxiliary with a negation attached."""
    return key.endswith(("n't", "n’t")) or key in {"cannot", "won’t"}


def _restatement(keys: list[str], texts: list[str]) -> int:
    """How many words after the polar word restate it ("it is", "they didn't", "it is not") and end its sentence
    (0: none)."""
    if len(keys) < 3 or keys[1] not in PRONOUNS or not (keys[2] in AUXILIARIES or _negative_auxiliary(keys[2])):
        return 0
    length = 3 if len(keys) > 3 and keys[3] == "not" else 2
    return length if _SENTENCE_END.search(texts[length]) else 0


def polar_answer(example: Example) -> PolarAnswer | None:
    """The polar answer ``example`` gives to its yes-no question, or None (no question, another kind of question,
    or an answer that opens with no polar word)."""
    words = example.words
    if not words or word_key(words[0].text) not in POLAR:
        return None
    claim = yes_no_claim(example.question, example.context)
    if claim is None:
        return None
    texts = [w.text for w in words[:4]]
    keys = [word_key(t) for t in texts]
    restated = 0 if _SENTENCE_END.search(texts[0]) else _restatement(keys, texts)
    if len(words) > 1 + restated:  # "Yes, it is a dormant volcano.": the words after it make the claim
        return None
    return PolarAnswer(tuple(range(1 + restated)), claim, POLAR[keys[0]])
