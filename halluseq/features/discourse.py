"""Discourse features: which answer words frame the answer rather than claim something about the world.

LLM answers wrap their claims in words that no context holds and no annotator marks: courtesies ("I hope this
helps!", "Let me know if you have any other questions.", "Sure!"), references to the sources ("Based on the given
passages, ...", "The passages do not mention ..."), and labels of a list or a heading ("- Height: 330 metres",
"Here are the key facts:"). The text and alignment statistics read them as new words, like a spliced unsupported
sentence, and a labeler trained on synthetic splices flags them. Each column marks one of these by rule, so a
labeler can learn from the framing its training answers hold (RAGTruth's ~700, nearly all unlabelled) that framing
is not a claim:

- ``courtesy``: a clause (a sentence cut at commas, semicolons, colons and dashes) that speaks to the reader with a
  courtesy ("I hope this helps!", "Let me know if you have any other questions.", "Feel free to ask ..."): a first-
  or second-person word (``I``, ``me``, ``you``, ``your`` ...) that the context does not use and a courtesy
  (``hope``, ``help``, ``questions``, ``thanks``, ``sorry``, ``feel free``, ``let me`` ...); or a clause of at
  most ``SHORT_SENTENCE`` words with a courtesy ("Thanks for asking,", "Great question!"), or a sentence of as many
  with an interjection ("Sure!"). First-person claims and opinions ("I know they are a rock band from LA", "I really
  enjoy Elvis"), instructions to the reader and a bare "Yes." (the answer to a yes-no question) are not
  courtesies. Version 5: so is a question to the reader, a sentence of at most ``QUESTION_MAX`` words that ends with a
  question mark and holds a second-person word the context does not use, no number and no name ("Would you like to
  know more about its history?", "Did you already send the item back?"; not "Did you know it opened in 1889?", a
  claim put as a question, nor "... its designer, Gustave Flaubert?"), and a clause of at most ``FORMULA_MAX`` words
  and no number that is or opens with a formula of chat answers (:data:`FORMULAS`: "In short,", "Good luck!", "if I
  remember correctly", "As an AI language model,", "Please consult a doctor or pharmacist if you are unsure."), or is
  a closing wish ("Have a great day!", "Enjoy your visit!"; not "Have three tablets a day.").
- ``source_clause``: the clause names the sources (``passage``, ``context``, ``document``, ``article`` ...; or
  "information" with "provided" / "given"): "Based on the given passages," or "The passages do not mention ...".
- ``label``: a word of a line-initial label that ends with a colon (``- Height:``, ``**Answer:**``), of a
  sentence that ends with one ("Here are the key facts:") or of a heading line (``## Comparison``, ``**Model 3**``
  alone on its line; version 3), at most ``LABEL_MAX`` words; and the layout of a markdown table (version 4): its
  header row (cells of at most ``LABEL_MAX`` words), its delimiter row (``|---|:--:|``) and the pipes that stand
  alone between the cells of its rows; and (version 5) a clause of at most ``SHORT_SENTENCE`` words that names the
  sources and numbers them, a reference alone ("- Passage 1" under "Sources:").

No model, no options; linear in answer plus context length.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np

from halluseq.data.example import Example, Word
from halluseq.data.sentences import sentence_index, split_sentences
from halluseq.features.base import PerContextFeatures
from halluseq.features.numbers import number_token
from halluseq.features.text import word_key

COLUMNS = ["courtesy", "source_clause", "label"]
READER_WORDS = frozenset({
    "i", "i'm", "i've", "i'd", "i'll", "me", "my", "mine", "myself", "we", "we're", "we've", "we'll", "us", "our",
    "ours", "you", "you're", "you've", "you'd", "you'll", "your", "yours", "yourself",
})
SOURCE_WORDS = frozenset({
    "passage", "passages", "context", "contexts", "document", "documents", "excerpt", "excerpts", "snippet",
    "snippets", "source", "sources", "article", "articles", "text", "texts",
})
SOURCE_QUALIFIERS = frozenset({"provided", "given", "above", "available"})  # "the information provided"
COURTESY_WORDS = frozenset({  # in a clause with a first- or second-person word, or in a short clause
    "hope", "help", "helps", "helpful", "assist", "question", "questions", "thank", "thanks", "apologize",
    "apologise", "apologies", "sorry", "clarify", "clarification",
})
COURTESY_PHRASES = frozenset({("feel", "free"), ("let", "me"), ("you're", "welcome"), ("are", "welcome")})
# a sentence of its own ("Sure!", "Hello!"); not "Yes." or "Absolutely.": the answer to a yes-no question is a claim
INTERJECTIONS = frozenset({"sure", "hello", "hi"})
# formulas of chat answers that claim nothing, as word keys: a clause that is one ("in short", "good luck") or opens
# with one of OPENING_FORMULAS ("enjoy your ...", "please consult ...") is a courtesy (version 5)
FORMULAS = frozenset({
    ("in", "short"), ("in", "brief"), ("to", "sum", "up"), ("to", "summarize"), ("to", "summarise"),
    ("in", "a", "nutshell"), ("all", "in", "all"), ("good", "luck"), ("take", "care"), ("best", "wishes"),
    ("cheers",), ("if", "i", "remember", "correctly"), ("if", "i", "recall", "correctly"),
    ("if", "i'm", "not", "mistaken"), ("as", "far", "as", "i", "know"), ("to", "my", "knowledge"),
    ("to", "the", "best", "of", "my", "knowledge")})
OPENING_FORMULAS = (("as", "an", "ai"), ("please", "consult"), ("consult", "a"), ("consult", "your"),
                    *(("i", negation, verb, kind, "advice") for negation in ("cannot", "can't")
                       for verb in ("give", "provide", "offer") for kind in ("medical", "legal", "financial")))
FORMULA_MAX = 10  # words of a clause that is or opens with a formula
# a closing wish: a verb, at most CLOSING_WORDS of these words, a noun ("Have a great day!", "Enjoy your stay in
# Paris!"; not "Have three tablets a day.")
CLOSING_VERBS = frozenset({"have", "enjoy"})
CLOSING_WORDS = frozenset({"a", "an", "the", "your", "great", "nice", "good", "safe", "wonderful", "lovely",
                           "pleasant", "fantastic", "happy"})
CLOSING_NOUNS = frozenset({"day", "weekend", "trip", "time", "visit", "stay", "evening", "meal", "holiday", "view"})
CLOSING_MAX = 5
QUESTION_MAX = 15  # words of a question to the reader
SECOND_PERSON = frozenset({"you", "you're", "you've", "you'd", "you'll", "your", "yours", "yourself"})
# how a claim put as a question opens ("Did you know it opened in 1889?"): no question to the reader
CLAIMING_QUESTIONS = (("did", "you", "know"), ("do", "you", "know"))
SHORT_SENTENCE = 3  # words of a clause or sentence that can be a courtesy on its own ("Sure!", "Thanks for asking,")
DASHES = frozenset({"-", "–", "—", "--"})
LABEL_MAX = 6  # words of a label before its colon
_LABEL = re.compile(r"^[ \t]*(?:[-*•>#]+|\d+[.)])?[ \t]*([^\n:]{1,80}?):(?=\s|\*|$)", re.MULTILINE)
# a heading line: markdown's "## Comparison", or a line in bold and nothing else ("**Model 3**")
_HEADING = re.compile(r"^[ \t]*(?:#{1,6}[ \t]+([^\n]{1,80}?)|(?:\*\*|__)([^\n*_]{1,80})(?:\*\*|__))[ \t]*$",
                      re.MULTILINE)

# a markdown table's delimiter row: cells of dashes, each with an optional colon at either end, split by pipes
_TABLE_DELIMITER = re.compile(r"^[ \t]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$")


def _apostrophes(key: str) -> str:
    return key.replace("’", "'")


def label_ranges(answer: str) -> list[tuple[int, int]]:
    """Character ranges of line-initial labels ending with a colon (``- Height:``, ``**Answer:**``): list markers
    and markdown emphasis included, at most ``LABEL_MAX`` words before the colon; and of heading lines of at most
    ``LABEL_MAX`` words (``## Comparison``, a line in bold alone: ``**Model 3**``)."""
    ranges = []
    for match in _LABEL.finditer(answer):
        if len(match.group(1).split()) <= LABEL_MAX:
            end = match.end()
            while end < len(answer) and answer[end] in "*_":
                end += 1
            ranges.append((match.start(), end))
    ranges += [match.span() for match in _HEADING.finditer(answer)
               if len((match.group(1) or match.group(2)).split()) <= LABEL_MAX]
    return ranges + table_layout_ranges(answer)


def _table_cells(line: str) -> list[str]:
    return line.strip().strip("|").split("|")


def table_layout_ranges(answer: str) -> list[tuple[int, int]]:
    """Character ranges of the layout of markdown tables: a header row whose cells hold at most ``LABEL_MAX`` words,
    the delimiter row under it (``|---|--:|``, a pipe between cells) and each pipe that stands alone, between spaces
    or at a line's end, in the rows after it."""
    lines, start = [], 0
    for line in answer.split("\n"):
        lines.append((start, line))
        start += len(line) + 1
    ranges = []
    for n in range(1, len(lines)):
        (rule_start, rule), (header_start, header) = lines[n], lines[n - 1]
        if "|" not in rule or not _TABLE_DELIMITER.match(rule) or "|" not in header or \
                len(_table_cells(header)) != len(_table_cells(rule)):
            continue
        if all(len(cell.split()) <= LABEL_MAX for cell in _table_cells(header)):
            ranges.append((header_start, header_start + len(header)))
        ranges.append((rule_start, rule_start + len(rule)))
        for row_start, row in lines[n + 1:]:
            if "|" not in row:
                break
            ranges += [(row_start + m.start(), row_start + m.end()) for m in re.finditer(r"(?<!\S)\|(?!\S)", row)]
    return ranges


def _word_count(keys: Sequence[str], members: np.ndarray) -> int:
    return sum(any(c.isalnum() for c in keys[i]) for i in members)


def clause_index(words: Sequence[Word], sentence: np.ndarray, text: str = "") -> np.ndarray:
    """Per word, its clause: a new one starts with each sentence and after a word that ends with ``,`` ``;`` ``:``
    or is a dash, but for a dash that opens a line of ``text`` (a list marker: "- Passage 1" is one clause; version
    5)."""
    index = np.zeros(len(words), dtype=np.int64)
    for i in range(1, len(words)):
        previous = words[i - 1]
        marker = previous.text in DASHES and not text[text.rfind("\n", 0, previous.start) + 1:previous.start].strip()
        ends = previous.text.rstrip("\"'”’)*_").endswith((",", ";", ":")) or previous.text in DASHES and not marker
        index[i] = index[i - 1] + (ends or sentence[i] != sentence[i - 1])
    return index


def names_sources(held: set[str]) -> bool:
    """Whether a clause or sentence of these word keys names the sources ("the passages", "the information
    provided")."""
    return bool(held & SOURCE_WORDS) or ("information" in held and bool(held & SOURCE_QUALIFIERS))


def states_an_amount(words: Sequence[str]) -> bool:
    """Whether word keys hold a number, in digits or in words ("1899", "three", "ninety"): a claim to check."""
    return any(any(c.isdigit() for c in key) or number_token(key) is not None for key in words)


def is_formula(keys: Sequence[str]) -> bool:
    """Whether a clause (its word keys) is a formula of chat answers or opens with one (:data:`FORMULAS`,
    :data:`OPENING_FORMULAS`) or is a closing wish (:data:`CLOSING_VERBS`), in at most ``FORMULA_MAX`` words and
    without a number (a number is a claim: "Have three tablets a day.", "Consult a doctor after three weeks.")."""
    words = tuple(key for key in keys if any(c.isalnum() for c in key))
    if not words or len(words) > FORMULA_MAX or states_an_amount(words):
        return False
    noun = next((i for i, word in enumerate(words[1:CLOSING_MAX], start=1) if word not in CLOSING_WORDS), None)
    closing = words[0] in CLOSING_VERBS and len(words) <= CLOSING_MAX and noun is not None \
        and words[noun] in CLOSING_NOUNS
    return closing or words in FORMULAS or any(words[:len(opening)] == opening for opening in OPENING_FORMULAS)


def asks_the_reader(words: Sequence[str], keys: Sequence[str], context_keys: frozenset[str]) -> bool:
    """Whether a sentence (its words as written and their keys) is a question to the reader: its last word ends with a
    question mark (not one inside quotes: a title), it holds a second-person word the context does not use, at most
    ``QUESTION_MAX`` words, no number and no name past its first word ("Would you like to know more about its
    designer, Gustave Flaubert?" is a claim), and it does not open as a claim put as a question
    (:data:`CLAIMING_QUESTIONS`)."""
    bare = [key for key in keys if key]
    named = any(word[:1].isupper() and key not in READER_WORDS for word, key in zip(words[1:], keys[1:], strict=True))
    return bool(words) and words[-1].rstrip(")*_").endswith("?") and bool(set(keys) & (SECOND_PERSON - context_keys)) \
        and len(bare) <= QUESTION_MAX and not named and not states_an_amount(bare) \
        and not any(tuple(bare[i:i + 3]) in CLAIMING_QUESTIONS for i in range(len(bare)))


def discourse_features(example: Example, context_keys: frozenset[str]) -> np.ndarray:
    """The ``(n_words, 3)`` discourse-feature matrix of one example, given its context's word keys."""
    words = example.words
    out = np.zeros((len(words), len(COLUMNS)), dtype=np.float32)
    if not words:
        return out
    keys = [_apostrophes(word_key(w.text)) for w in words]
    offsets = np.array([(w.start, w.end) for w in words], dtype=np.int64)  # (T, 2)
    sentences = split_sentences(example.answer)
    sentence = sentence_index(offsets, sentences)  # (T,)
    clause = clause_index(words, sentence, example.answer)  # (T,)
    reader_words = READER_WORDS - context_keys
    courteous = [key in COURTESY_WORDS or (key, following) in COURTESY_PHRASES
                 for key, following in zip(keys, keys[1:] + [""], strict=True)]
    for value in np.unique(clause):
        members = np.flatnonzero(clause == value)
        held = {keys[i] for i in members}
        short = _word_count(keys, members) <= SHORT_SENTENCE
        out[members, 0] = any(courteous[i] for i in members) and (short or bool(held & reader_words)) \
            or is_formula([keys[i] for i in members])
        out[members, 1] = names_sources(held)
        if short and out[members[0], 1] and states_an_amount(held):  # a reference alone ("- Passage 1"): a label too
            out[members, 2] = 1.0
    for value in np.unique(sentence):
        members = np.flatnonzero(sentence == value)
        if _word_count(keys, members) <= SHORT_SENTENCE and any(keys[i] in INTERJECTIONS for i in members):
            out[members, 0] = 1.0
        if asks_the_reader([words[i].text for i in members], [keys[i] for i in members], context_keys):
            out[members, 0] = 1.0
        if value >= 0 and example.answer[:sentences[value][1]].rstrip("*_ ").endswith(":") and (
                len(members) <= LABEL_MAX + 1):
            out[members, 2] = 1.0
    for start, end in label_ranges(example.answer):
        out[(offsets[:, 0] >= start) & (offsets[:, 1] <= end), 2] = 1.0
    return out


class DiscourseFeatures(PerContextFeatures):
    """Framing words of an answer (courtesies, references to the sources, list labels); no options."""

    name = "discourse"
    version = "5"
    source_files = ("features/discourse.py", "features/text.py", "data/sentences.py")

    @property
    def columns(self) -> list[str]:
        return list(COLUMNS)

    def index(self, context: str) -> frozenset[str]:
        return frozenset(_apostrophes(word_key(w)) for w in context.split())

    def example_features(self, example: Example, index: frozenset[str]) -> np.ndarray:
        return discourse_features(example, index)
