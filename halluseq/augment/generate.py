"""Synthetic hallucinations with exact spans from any loadable dataset (``halluseq augment``).

Bases are (a) answers with word labels and no gold span, (b) sentences copied from the context as short
answers, and (c) fragments of the context as the shortest answers a question gets (a name, a number with the word
after it, at times with the preposition before: ``in 1889.``, ``Jane Doe``, ``330 metres``).
Each base gives its faithful twin (kind ``faithful``, no span) and up to ``per_example`` edited
copies of different kinds (:mod:`halluseq.augment.edits`), each with the changed characters as its span (two for
a swap), widened to whole words when the change sits inside a token (:func:`word_span`).
Every record keeps the group of the example it came from, so a context never straddles a split, and the
output is the generic span schema (``meta.kind``, ``meta.origin``, ``meta.source_id``, ``meta.detail``).
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS

from halluseq.augment.edits import EDITS, NAMED_ONLY, NUMBER, Edit, EditResources, false_abstention, names_in
from halluseq.augment.framing import draw_abstention, draw_framing, frame
from halluseq.data.example import Example
from halluseq.data.sentences import split_sentences
from halluseq.features.numbers import TENS, UNIT_WORDS
from halluseq.files import atomic_write
from halluseq.lexicon import load_relations

KINDS = (*(kind for kind in EDITS if kind not in NAMED_ONLY), "faithful")  # the default kinds
KNOWN_KINDS = (*KINDS, *sorted(NAMED_ONLY))
ORIGINS = ("answer", "context_sentence", "context_fragment")
# what a one-phrase answer can get wrong that shows without the question: the phrase itself, changed to words the
# context lacks (another name of the same context, "Jane Doe" for "Ohio", is right or wrong only by the question)
FRAGMENT_KINDS = frozenset({"number", "date", "unit", "entity_extrinsic"})
PREPOSITIONS = frozenset({"in", "on", "at", "by", "from", "to", "for", "of", "with", "since", "during", "about"})


@dataclass(frozen=True)
class Base:
    """A faithful text to edit: an unlabelled-clean answer or a sentence copied from the context."""

    example: Example
    text: str
    origin: str  # one of ORIGINS
    number: int  # index among the bases of this example


@dataclass
class AugmentReport:
    """What a run made: records per kind and origin, and bases a kind could not edit."""

    bases: Counter[str] = field(default_factory=Counter)
    records: Counter[str] = field(default_factory=Counter)
    not_applicable: Counter[str] = field(default_factory=Counter)

    def __str__(self) -> str:
        lines = [f"bases: {dict(self.bases)}", f"records: {sum(self.records.values())}"]
        lines += [f"  {kind}: {n}" for kind, n in sorted(self.records.items())]
        return "\n".join(lines)


def context_sentences(context: str, min_words: int = 6, max_words: int = 40) -> list[str]:
    """Context sentences of ``min_words``..``max_words`` words that end like sentences."""
    out = []
    for start, end in split_sentences(context):
        sentence = context[start:end]
        if min_words <= len(sentence.split()) <= max_words and sentence[-1] in ".!?" and sentence[0].isupper():
            out.append(sentence)
    return out


def context_fragments(context: str) -> list[tuple[int, int]]:
    """Character ranges of the context's short answers, in order: each name (:func:`names_in`) and each number
    with the word after it when that word is a content word made of letters (``330 metres``, ``14 million``)."""
    found = set(names_in(context))
    for match in NUMBER.finditer(context):
        after = re.match(r"\s+([^\W\d_]+)\b", context[match.end():])
        counted = after is not None and after.group(1).lower() not in ENGLISH_STOP_WORDS
        found.add((match.start(), match.end() + (after.end(1) if counted else 0)))
    return sorted(found)


def fragment(context: str, start: int, end: int, rng: random.Random) -> str:
    """The context's ``[start, end)`` as an answer: half the time with the preposition before it (``in 1889``,
    capitalised half of those times), half the time ending with a full stop."""
    text = context[start:end]
    before = context[:start].split()
    if before and before[-1] in PREPOSITIONS and rng.random() < 0.5:
        text = f"{before[-1].capitalize() if rng.random() < 0.5 else before[-1]} {text}"
    return text + "." if rng.random() < 0.5 else text


def bases_of(example: Example, from_answers: bool, sentences_per_context: int, rng: random.Random,
             fragments_per_context: int, fragment_rng: random.Random) -> list[Base]:
    """The bases one example gives (its context sentences drawn by ``rng``, its fragments by ``fragment_rng``)."""
    bases = []
    if from_answers and example.word_labels and not example.spans and not example.hallucinated \
            and example.meta.get("response_label") is not True and example.answer.strip():
        bases.append(Base(example, example.answer, "answer", 0))
    if sentences_per_context:
        sentences = context_sentences(example.context)
        for text in rng.sample(sentences, min(sentences_per_context, len(sentences))):
            bases.append(Base(example, text, "context_sentence", len(bases)))
    if fragments_per_context:
        ranges = context_fragments(example.context)
        for start, end in sorted(fragment_rng.sample(ranges, min(fragments_per_context, len(ranges)))):
            bases.append(Base(example, fragment(example.context, start, end, fragment_rng), "context_fragment",
                              len(bases)))
    return bases


_LOWER_WORD = re.compile(r"(?<![\w'’-])[a-z]{4,}(?![\w'’-])")


def paraphrase(text: str, rng: random.Random, swaps: int) -> str:
    """``text`` with up to ``swaps`` lower-case words replaced by a WordNet synonym of their dominant meaning
    (:meth:`~halluseq.lexicon.WordRelations.paraphrases`): a faithful rewording, so that a twin is not always a
    verbatim copy and a changed word is not always a wrong one."""
    relations = load_relations()
    options = [(m, relations.paraphrases(m.group())) for m in _LOWER_WORD.finditer(text)]
    options = [(m, words) for m, words in options if words]
    for match, words in sorted(rng.sample(options, min(swaps, len(options))), key=lambda o: -o[0].start()):
        text = text[:match.start()] + rng.choice(words) + text[match.end():]
    return text


# a count before a lower-case word ("3 eggs", "twelve council members"): not a year, a list number or a measure
_COUNT = re.compile(r"(?<![\w.,$€£%-])(\d{1,2}|[A-Za-z]+(?:-[a-z]+)?)(?= [a-z])")


def spelled(number: int) -> str:
    """A count below 100 in words: ``7`` -> ``seven``, ``25`` -> ``twenty-five``."""
    if number < 20:
        return UNIT_WORDS[number]
    tens = _TENS_WORDS[number // 10 * 10]
    return tens if number % 10 == 0 else f"{tens}-{UNIT_WORDS[number % 10]}"


_TENS_WORDS = {value: word for word, value in TENS.items()}
_COUNT_OF = {spelled(n): n for n in range(2, 100)}  # "twelve" -> 12, never "one"


def respell(text: str) -> str:
    """``text`` with every count below 100 before a lower-case word written the other way, digits as words and
    words as digits ("Three of the 12 members" -> "3 of the twelve members"; never "one", which is as often a
    pronoun): the same amounts, so that a faithful twin does not always write them as the context does."""
    def other(match: re.Match[str]) -> str:
        token = match.group()
        if token.isdigit():
            new = spelled(int(token)) if 1 < int(token) < 100 else token
            return new.capitalize() if match.start() == 0 or text[:match.start()].rstrip().endswith((".", "!", "?")) \
                else new
        return str(_COUNT_OF.get(token.lower(), token))

    return _COUNT.sub(other, text)


_OPENERS, _CLOSERS = "(\"'“‘[", ".,;:!?)\"'”’]"


def word_span(text: str, start: int, end: int) -> tuple[int, int]:
    """``[start, end)`` widened to the whole whitespace words it touches, less their outer punctuation (never
    narrower than the change): a change inside a token (``2%`` -> ``7%``) labels that token."""
    left = start
    while left > 0 and not text[left - 1].isspace():
        left -= 1
    right = end
    while right < len(text) and not text[right].isspace():
        right += 1
    while left < start and text[left] in _OPENERS:
        left += 1
    while right > end and text[right - 1] in _CLOSERS:
        right -= 1
    return left, right


def _record(base: Base, text: str, edit: Edit | None, kind: str, index: int,
            framing: tuple[str, str, str] | None = None) -> dict[str, Any]:
    source = base.example
    framed, shift = frame(text, framing) if framing is not None else (text, 0)
    spans = []
    for start, end in edit.spans if edit is not None else ():
        start, end = word_span(edit.text, start, end)
        spans.append({"start": start + shift, "end": end + shift, "text": edit.text[start:end], "type": kind})
    return {
        "id": f"syn-{source.id}-{base.origin}{base.number}-{kind}{index}",
        "dataset": "synthetic",
        "split": source.split,
        "task": source.task,
        "generator": "synthetic",
        "group": source.group,
        "context": source.context,
        "question": source.question if base.origin == "answer" else None,
        "response": framed,
        "granularity": "synthetic character spans",
        "response_label": edit is not None,
        "spans": spans,
        "meta": {"kind": kind, "origin": base.origin, "source_id": source.id, "source_dataset": source.dataset,
                 "detail": "" if edit is None else edit.detail, "framing": framing[0] if framing else None},
    }


def augment(examples: Sequence[Example], kinds: Sequence[str] = KINDS, per_example: int = 2, seed: int = 0,
            sentences_per_context: int = 1, from_answers: bool = True, paraphrase_words: int = 0,
            fragments_per_context: int = 0, framing: float = 0.0, abstentions: float = 0.0,
            respell_amounts: float = 0.0, strict_names: bool = False, extra_kinds: Sequence[str] = (),
            report: AugmentReport | None = None) -> Iterator[dict[str, Any]]:
    """Generic-schema records: per base its faithful twin (if ``faithful`` is a kind) and up to
    ``per_example`` edits of different kinds, the kinds made least so far tried first (ties in a random order),
    so that kinds that rarely apply (numbers, dates) are not crowded out. With ``paraphrase_words``, each base is
    first reworded by that many synonym swaps (:func:`paraphrase`), the twin and the edits alike (fragments are
    left as they are). ``fragments_per_context`` short answers cut from each distinct context join the bases
    (:func:`context_fragments`), drawn by a generator of their own so that the other bases stay as they were
    (their edits may change: the kinds made least so far go first). With ``framing``, that share of the bases (not
    fragments) has its twin and edits wrapped in one framing (:mod:`halluseq.augment.framing`; a courtesy, a reference
    to the sources, a heading or an abstention, outside every span), drawn by a generator of its own; with
    ``abstentions``, that share of the other bases has a true abstention appended to its twin and edits (a sentence
    saying the sources do not mention a name from another document,
    :func:`~halluseq.augment.framing.draw_abstention`) and gives one more record, kind ``abstention``: the base with
    a false one (:func:`~halluseq.augment.edits.false_abstention`, of a name the context holds). With
    ``respell_amounts``, that share of the bases (not fragments) writes its counts the other way (:func:`respell`:
    "3 of the twelve" for "Three of the 12"), the twin and the edits alike. These draw on generators of their own,
    so the other records stay as they were. With ``strict_names``, name swaps follow the stricter rules of
    :func:`~halluseq.augment.edits._swap_name` (no adjective, no other form of the name, none of its list, none the
    context has in its place). ``number_intrinsic`` (:data:`~halluseq.augment.edits.NAMED_ONLY`) is made only where
    ``kinds`` names it. Each of ``extra_kinds`` is made besides, once per base where it applies (not a fragment), after
    the base's own edits and with a generator of its own, so the other records stay as they were: a kind that rarely
    applies adds its records instead of taking those bases' edits from the other kinds. Deterministic for ``seed``."""
    unknown = sorted((set(kinds) | set(extra_kinds)) - set(KNOWN_KINDS))
    if unknown:
        raise ValueError(f"unknown kinds {unknown}; expected some of {', '.join(KNOWN_KINDS)}")
    report = report if report is not None else AugmentReport()
    edit_kinds = [k for k in kinds if k != "faithful"]
    by_group: dict[str, list[Example]] = {}
    for example in examples:
        by_group.setdefault(example.group, []).append(example)
    groups = sorted(by_group)
    seen_contexts: set[tuple[str, str]] = set()
    donated: dict[str, tuple[list[str], list[str]]] = {}
    for example in examples:
        rng = random.Random(f"{seed}:{example.id}")
        first_of_context = (example.group, example.context) not in seen_contexts
        seen_contexts.add((example.group, example.context))
        # context sentences once per distinct context; answers from every example
        bases = bases_of(example, from_answers, sentences_per_context if first_of_context else 0, rng,
                         fragments_per_context if first_of_context else 0,
                         random.Random(f"{seed}:{example.id}:fragments"))
        if not bases:
            continue
        resources = replace(_resources(example, by_group, groups, rng, donated), strict_names=strict_names)
        for base in bases:
            if paraphrase_words and base.origin != "context_fragment":
                base = replace(base, text=paraphrase(base.text, rng, paraphrase_words))
            if respell_amounts and base.origin != "context_fragment" and random.Random(
                    f"{seed}:{example.id}:{base.origin}{base.number}:respell").random() < respell_amounts:
                base = replace(base, text=respell(base.text))
            report.bases[base.origin] += 1
            framed = None if base.origin == "context_fragment" else draw_framing(
                random.Random(f"{seed}:{example.id}:{base.origin}{base.number}:framing"), framing)
            abstaining = random.Random(f"{seed}:{example.id}:{base.origin}{base.number}:abstention")
            abstention = None if framed is not None or base.origin == "context_fragment" else draw_abstention(
                abstaining, abstentions, resources.foreign_names, example.context)
            framed = framed or abstention
            if "faithful" in kinds:
                report.records["faithful"] += 1
                yield _record(base, base.text, None, "faithful", 0, framed)
            made = 0
            for kind in sorted(edit_kinds, key=lambda k: (report.records[k], rng.random())):
                if made == per_example:
                    break
                if base.origin == "context_fragment" and kind not in FRAGMENT_KINDS:
                    continue
                if (record := _edited(base, kind, rng, resources, framed, report)) is not None:
                    made += 1
                    yield record
            extra = random.Random(f"{seed}:{example.id}:{base.origin}{base.number}:extra")
            for kind in extra_kinds if base.origin != "context_fragment" else ():
                if (record := _edited(base, kind, extra, resources, framed, report)) is not None:
                    yield record
            if abstention is not None and (edit := false_abstention(base.text, abstaining, resources)) is not None:
                report.records["abstention"] += 1  # the false counterpart of the true abstention, unframed
                yield _record(base, edit.text, edit, "abstention", 0)


def _edited(base: Base, kind: str, rng: random.Random, resources: EditResources, framed: tuple[str, str, str] | None,
            report: AugmentReport) -> dict[str, Any] | None:
    """The record of ``base`` with a ``kind`` edit, counted in ``report``; None (counted as not applicable) where the
    kind does not apply."""
    edit = EDITS[kind](base.text, rng, resources)
    if edit is None or edit.start == edit.end:
        report.not_applicable[kind] += 1
        return None
    report.records[kind] += 1
    return _record(base, edit.text, edit, kind, 0, framed)


def _resources(example: Example, by_group: dict[str, list[Example]], groups: list[str], rng: random.Random,
               donated: dict[str, tuple[list[str], list[str]]], donors: int = 3) -> EditResources:
    """Names and sentences from ``donors`` other groups (never the example's own); ``donated`` caches them."""
    others = [g for g in rng.sample(groups, min(len(groups), donors + 1)) if g != example.group][:donors]
    names, sentences = [], []
    for group in others:
        if group not in donated:
            context = by_group[group][0].context
            donated[group] = ([context[s:e] for s, e in names_in(context)], context_sentences(context, max_words=30))
        names += donated[group][0]
        sentences += donated[group][1]
    return EditResources(example.context, tuple(names), tuple(sentences))


def write_augmented(examples: Sequence[Example], out: str | Path, **options: Any) -> AugmentReport:
    """Write :func:`augment`'s records to ``out`` (JSONL, atomically) and return what was made."""
    report = AugmentReport()
    records = list(augment(examples, report=report, **options))

    def write(tmp: Path) -> None:
        with open(tmp, "w", encoding="utf-8") as handle:
            for record in records:
                handle.write(json.dumps(record, ensure_ascii=False) + "\n")

    atomic_write(Path(out), write)
    return report
