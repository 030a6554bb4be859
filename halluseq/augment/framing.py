"""Framing around a synthetic answer, as chat models add it: a courtesy, a reference to the sources, a heading or an
abstention, never part of a gold span.

Real answers wrap their claims in such words, and annotators leave them alone; synthetic answers are bare, and a
spliced unsupported sentence (all words new, labelled) looks like a courtesy to the text statistics. Framing some
twins and their edits alike (``halluseq augment --framing``) shows a labeler trained on them framing that is not a
claim, beside errors that still are. The phrases differ from those of ``benchmarks/framing.py``, which measures
the detectors on framing they never saw.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS

from halluseq.augment.edits import abstention_sentence, attribute_topic, ended, names_absent

# (kind, before the answer, after it); after a lead-in clause an answer's first word is lowercased if it is a stop word
FRAMINGS: tuple[tuple[str, str, str], ...] = (
    ("courtesy", "", " I hope that answers your question."),
    ("courtesy", "", " Please let me know if anything is unclear."),
    ("courtesy", "Of course! ", " I'm glad to help if you have more questions."),
    ("courtesy", "Good question. ", ""),
    ("sources", "Based on the passages, ", ""),
    ("sources", "According to the given context, ", ""),
    ("sources", "As the document states, ", ""),
    ("abstention", "", " The context does not give further details."),
    ("abstention", "", " No other information is provided in the passages."),
    ("heading", "**Summary:** ", ""),
    ("heading", "Here is the answer:\n", ""),
    ("heading", "Answer: ", ""),
)


def draw_framing(rng: random.Random, share: float) -> tuple[str, str, str] | None:
    """One framing with probability ``share``, else None."""
    return rng.choice(FRAMINGS) if share > 0 and rng.random() < share else None


def draw_abstention(rng: random.Random, share: float, foreign_names: Sequence[str], context: str
                    ) -> tuple[str, str, str] | None:
    """With probability ``share``, a true abstention after the answer: a sentence saying the sources do not mention
    a topic they lack, half of the time an attribute of one of their names that they never name
    (:func:`~halluseq.augment.edits.attribute_topic`: "the cost of Main Street"), else a name from another
    document that shares no word with ``context`` (None when no such topic is at hand)."""
    if share <= 0 or rng.random() >= share:
        return None
    names = sorted(set(names_absent(foreign_names, context)))
    topic = attribute_topic(context, rng) if rng.random() < 0.5 else None
    if topic is None and names:
        topic = rng.choice(names)
    return ("abstention", "", " " + abstention_sentence(topic, rng)) if topic else None


def frame(text: str, framing: tuple[str, str, str]) -> tuple[str, int]:
    """``text`` inside ``framing`` and how far its characters moved (the length of the lead-in); a sentence after
    the text follows a full stop (:func:`~halluseq.augment.edits.ended`)."""
    _, before, after = framing
    first = text.split(maxsplit=1)[0] if text.strip() else ""
    if before.endswith(", ") and first.lower() in ENGLISH_STOP_WORDS:
        text = text[0].lower() + text[1:]
    return before + (ended(text) if after else text) + after, len(before)
