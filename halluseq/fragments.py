"""Fragment answers: a short answer that leaves its question's words out ("When was the tower completed?" - "1887.")
claims what the question asks, with the answer put in.

Scored alone, "1887." is a number the context holds, and passes, though the context says the tower was completed in
1889 (construction began in 1887). :func:`fragment_answer` finds such an answer and writes the claim it stands for;
the detector scores the claim against the context like any answer and gives each answer word the probability of
the same word in the claim, where the features see what stands beside it ("completed 1887" where the context has
"completed in 1889": another number in that slot).

- The question is a wh-question when its last sentence opens with :data:`WH` (``what``, ``which``, ``who``,
  ``when``, ``where``, ``how`` ...; not ``why``: its answer is a reason, a claim of its own). Its wh-phrase is that
  word, with the word after ``how`` when it asks for a measure (:data:`HOW_MEASURES`: "how tall", "how many") and
  with the noun after ``which`` / ``what`` / ``whose`` or ``how many`` / ``how much`` ("which company", "how many
  people").
- The answer is a fragment when it is one short sentence without a verb of its own (:func:`is_fragment`: "1887.",
  "In 1998.", "Gustave Eiffel's engineering firm."; not "It was completed in 1889." nor "Myrcia crebra belongs to the
  family Myricaceae.", which state their claims themselves). "How" asks for a measure here ("How was the movie?"
  asks for an opinion), "What about ...?" for more, and a question that asks two things (:func:`asks_two`) no one
  claim.
- The claim: where an auxiliary follows the wh-phrase, the rest of the question, then the answer ("When was the tower
  completed?" -> "the tower completed in 1887": a time or place that opens with no preposition, :data:`PREPOSITIONS`,
  takes "in", as most years, months and places do), with ``be`` kept before the answer where the question asks what
  a thing is ("What is the capital of France?" -> "the capital of France is Paris") or how big it is
  (:data:`ADJECTIVES`: "How tall is the tower?" -> "the tower is 57 metres tall"); where none follows, the wh-phrase
  is the subject and the answer opens the claim ("Who designed the tower?" -> "Gustave Eiffel's engineering firm
  designed the tower"). The noun of "how many" / "how much" stands after the answer ("How many people does it
  employ?" -> "it employ 4,200 people"). Word order is approximate; the features read which words, numbers and names
  the context grounds beside which.
- A terse abstention ("Not stated.", "Unknown.", "N/A") to any question is the abstention it makes of it ("It is not
  stated who makes the X200.", :func:`abstention_claim`), true where the context lacks the question's topic; all its
  words take the claim's score, in place of their own (alone, "Not stated." holds only words the context lacks).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS

from halluseq.data.example import Example
from halluseq.data.sentences import split_sentences
from halluseq.data.words import has_word_character
from halluseq.features.discourse import READER_WORDS
from halluseq.features.text import bare_word, word_key
from halluseq.lexicon import load_relations
from halluseq.polar import AUXILIARIES, PRONOUNS, asks_the_answerer, declarative, question_words, yes_no_claim

WH = frozenset({"what", "which", "who", "whom", "whose", "when", "where", "how"})
# the word after "how" that asks for a measure, a count or a frequency ("how tall", "how many")
HOW_MEASURES = frozenset({"many", "much", "tall", "long", "old", "far", "high", "big", "large", "often", "fast", "deep",
                          "wide", "heavy", "hot", "cold", "early", "late", "soon", "short", "small"})
COUNTS = frozenset({"many", "much"})  # measures that take a noun ("how many people")
# measures a thing has: "How tall is the tower?" -> "the tower is 57 metres tall"
ADJECTIVES = frozenset({"tall", "long", "old", "far", "high", "big", "large", "deep", "wide", "heavy", "hot", "cold",
                        "short", "small"})
BE = frozenset({"is", "are", "was", "were"})
REPLIES = frozenset({"no", "not", "never", "yes"})  # a reply, not a value: "not too much...", "no"
PERSONS = READER_WORDS  # the speaker and the listener: "I", "my", "you", "we"
# an answer that opens with one is a sentence ("they sell 7,000 candies", "he united the tribes", "its a comedy")
SUBJECTS = PRONOUNS | {"its", "what", "who", "here", "nobody", "nothing", "everyone", "everybody", "someone",
                       "somebody", "none"}
# what opens a time or a place; a bare one ("1887.", "Warsaw.") takes "in", as most years, months and places do
PREPOSITIONS = frozenset({"in", "on", "at", "by", "from", "during", "between", "before", "after", "since", "until",
                          "within", "around", "about", "near", "inside", "outside", "across", "over", "under", "every"})
FRAGMENT_MAX = 8  # words of a fragment answer
_TRAILING = re.compile(r"[.!?;:,]+$")


# a terse abstention: "Not stated.", "Not mentioned in the context.", "Unknown.", "N/A", "No information provided."
TERSE_ABSTENTION = re.compile(
    r"(?:not (?:stated|mentioned|specified|given|provided|known|available|disclosed|listed|reported|found|clear)"
    r"(?: in the (?:context|passages?|texts?|documents?|sources?|articles?))?|unknown|unclear|unspecified|n/?a"
    r"|no (?:information|data|details)(?: (?:given|provided|available))?|(?:not enough|insufficient) information)",
    re.IGNORECASE)


@dataclass(frozen=True)
class FragmentAnswer:
    """The claim a fragment answer stands for, and where its first word stands among the claim's words (the
    answer's words follow it there, in order); ``first`` None for a terse abstention, whose words all take the
    claim's score."""

    claim: str
    first: int | None


def _wh_phrase(keys: list[str]) -> tuple[int, str | None, str | None]:
    """The length of the wh-phrase opening ``keys``, its measure word ("tall", "many"; None) and its noun (None)."""
    if keys[0] == "how":
        if len(keys) > 1 and keys[1] in HOW_MEASURES:
            if keys[1] in COUNTS and len(keys) > 2 and keys[2] not in AUXILIARIES:
                return 3, keys[1], keys[2]
            return 2, keys[1], None
        return 1, None, None
    if keys[0] in {"which", "what", "whose"} and len(keys) > 1 and keys[1] not in AUXILIARIES:
        return 2, None, keys[1]
    return 1, None, None


def _verb_or_person(key: str) -> bool:
    """An auxiliary ("was", "didn't", "it's", "they're") or a word of the speaker or the listener ("I", "you")."""
    contracted = re.search(r"['’](?:s|re|m|ve|ll|d)$", key) is not None and key[:-2].rstrip("'’") in PERSONS | PRONOUNS
    return key in AUXILIARIES or key in PERSONS or key.endswith(("n't", "n’t")) or contracted


def _finite_verb(before: str, key: str) -> bool:
    """Whether ``key`` reads as a verb with its subject before it: an inflected form of a verb to WordNet, not one in
    "-ing", after a content word ("jeff bezos founded", "the word comes", "Work began", "Builders got"; not "45
    minutes", "the 1990s", "Eiffel's engineering firm")."""
    if before in ENGLISH_STOP_WORDS or not before.isalpha() or not key.isalpha() or key.endswith(("ing", "ss")):
        return False
    relations = load_relations()
    return relations.is_verb(key) and key not in relations.lemmas(key)


def is_fragment(answer: str, question_keys: set[str]) -> bool:
    """Whether ``answer`` is one sentence of at most :data:`FRAGMENT_MAX` words, not a question, not opening with a
    subject pronoun, with no verb (an auxiliary, or an inflected verb after its subject), no negation, no word of the
    speaker or the listener and no content word of the question (not "Myrcia crebra belongs to the family
    Myricaceae.", which restates its question's words and makes its own claim)."""
    words = answer.split()
    keys = [word_key(w) for w in words]
    return (0 < len(words) <= FRAGMENT_MAX and len(split_sentences(answer)) == 1 and not answer.rstrip().endswith("?")
            and keys[0] not in SUBJECTS and not any(map(_verb_or_person, keys)) and REPLIES.isdisjoint(keys)
            and not any(_finite_verb(a, b) for a, b in zip(keys, keys[1:], strict=False))
            and question_keys.isdisjoint(k for k in keys if k not in ENGLISH_STOP_WORDS))


def abstention_claim(answer: str, question: str | None, context: str) -> str | None:
    """The abstention a terse one ("Not stated.", :data:`TERSE_ABSTENTION`) makes of its question: "It is not stated"
    and the question as a clause ("Who makes the X200?" -> "It is not stated who makes the X200.", "Is it
    waterproof?" -> "It is not stated whether it is waterproof."; the measure of "how long" left out, "How long does
    charging take?" -> "It is not stated how charging take.": it asks for a value, and is no topic the context must
    name), which the ``abstention`` family reads as true where the context lacks its topic; None for another answer
    or no question."""
    if not TERSE_ABSTENTION.fullmatch(_TRAILING.sub("", answer.strip())) or not question or not question.strip():
        return None
    asked = yes_no_claim(question, context)
    if asked is not None:
        return f"It is not stated whether {asked}."
    words = question_words(question)
    keys = [word_key(w) for w in words or []]
    if len(keys) < 2 or keys[0] not in WH:
        return None
    length, measure, noun = _wh_phrase(keys)
    asked = [words[0], *([words[length - 1]] if noun else [])]  # "how long" asks for a value: "long" is no topic
    clause = asked + words[length + (length < len(keys) and keys[length] in AUXILIARIES):]
    return f"It is not stated {clause[0].lower()} {' '.join(clause[1:])}."


def _reads_lower(word: str, context: str) -> bool:
    """Whether the answer's capitalised first word is capitalised only as it opens the answer: a stop word or a word
    WordNet writes in lower case ("Roughly", "Growth", "Within"), which the context does not capitalise mid-sentence
    ("Apple" stays, where the context writes "... by Apple")."""
    key = word_key(word)
    if not word[:1].isupper() or not (key in ENGLISH_STOP_WORDS or load_relations().is_common(key)):
        return False
    return not any(word_key(w) == key and bare_word(w)[:1].isupper()
                   for start, end in split_sentences(context) for w in context[start:end].split()[1:])


def asks_two(keys: list[str]) -> bool:
    """Whether a question (its word keys) asks two things: "and" or "or" before a wh-word or an auxiliary ("When was
    it completed and how tall is it?"), whose answer no one claim holds."""
    return any(key in {"and", "or"} and following in WH | AUXILIARIES for key, following in zip(keys, keys[1:],
                                                                                                  strict=False))


def fragment_answer(example: Example) -> FragmentAnswer | None:
    """The claim a fragment answer to a wh-question stands for (see the module), or None."""
    question = example.question
    if not question or not question.strip() or len(example.words) > FRAGMENT_MAX:  # a terse abstention is shorter
        return None
    abstains = abstention_claim(example.answer, question, example.context)
    if abstains is not None:
        return FragmentAnswer(abstains, None)
    words = question_words(question)
    keys = [word_key(w) for w in words or []]
    if len(keys) < 2 or keys[0] not in WH or asks_two(keys) or asks_the_answerer(keys, example.context):
        return None  # "What do you recommend?" asks the one who answers
    length, measure, noun = _wh_phrase(keys)
    asked = set(keys[1:length])  # "4,200 people." to "How many people ...?" names what was asked: still a fragment
    if not is_fragment(example.answer, set(keys[:1] + keys[length:]) - asked):
        return None
    if keys[0] == "how" and measure is None or keys[1] in {"about", "if"}:  # "How was the movie?" asks for an
        return None  # opinion, "How does it work?" a way, "What about the director?" for more
    answer = _TRAILING.sub("", example.answer.strip()).rstrip()
    answer_words = answer.split()
    if not has_word_character(answer) or length >= len(words) or [word_key(w) for w in answer_words] != [
            word_key(w.text) for w in example.words]:  # "1887 ." (tokenised): the claim would hold no "."
        return None
    if _reads_lower(answer_words[0], example.context):  # "Roughly 4,200" mid-claim would read as a name
        answer = answer[0].lower() + answer[1:]
    placed = keys[0] in {"when", "where"} and word_key(answer.split()[0]) not in PREPOSITIONS
    lead = ["in"] if placed else []  # "the tower completed in 1887", where the context says "completed in 1889"
    last = word_key(answer_words[-1])
    head = [words[length - 1]] if measure in COUNTS and noun and last != noun else []  # "people" of "how many people"
    measured_tail = [] if last == measure else [words[1]]  # "57 metres tall." says "tall" itself
    after = words[length:]
    if keys[length] not in AUXILIARIES:  # the wh-phrase is the subject: "Who designed the tower"
        return FragmentAnswer(" ".join([*lead, answer, *head, *after]), len(lead))
    auxiliary, rest = after[0], after[1:]
    if not rest:  # "Who was?" leaves nothing to claim
        return None
    measured = measure in ADJECTIVES and word_key(auxiliary) in BE  # "the tower is 57 metres tall"
    identity = length == 1 and keys[0] in {"what", "which", "who"} and word_key(auxiliary) in BE  # "X is Paris"
    kept = [auxiliary] if measured or identity else []
    stated = declarative(auxiliary, rest, example.context) if not kept else rest  # "When can I take it?"
    claim = [*stated, *kept, *lead, answer, *head, *(measured_tail if measured else [])]
    return FragmentAnswer(" ".join(claim), len(stated) + len(kept) + len(lead))
