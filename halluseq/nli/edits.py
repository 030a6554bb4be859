"""Minimal-edit NLI pairs: a premise, one of its own sentences with a single fact changed, and the label.

Models trained on crowd-written NLI pairs learn that a hypothesis sharing almost every word with the premise is
entailed, so "the museum was open" passes against "the museum was closed". These pairs teach (and measure) the
opposite case with the edit functions of :mod:`halluseq.augment.edits`: a sentence of the premise kept whole is
entailed, the same sentence with a number, date, unit, name, negation or antonym changed is a contradiction,
and the sentence with another document's sentence spliced in is neutral.

The antonym list is split in two by position: :data:`TRAINED_ANTONYMS` may be trained on, the other half is
held out, so an evaluation on held-out antonyms measures the model, not the list.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from halluseq.augment.edits import ANTONYM_PAIRS, EDITS, EditResources, names_in
from halluseq.augment.generate import context_sentences
from halluseq.nli.data import Pair
from halluseq.nli.model import NLI_LABELS

# The edit kinds that make pairs: the bundled NLI models were trained on these (``swap`` came later: adding it
# changes every pair a seed makes, so it waits for the next NLI training run).
PAIR_KINDS = ("number", "date", "unit", "entity_intrinsic", "entity_extrinsic", "negation", "antonym", "splice")
# What each edit makes of a sentence the premise entails.
EDIT_LABELS = {kind: "neutral" if kind == "splice" else "contradiction" for kind in PAIR_KINDS} | {
    "faithful": "entailment"}
TRAINED_ANTONYMS = frozenset(frozenset(pair) for pair in ANTONYM_PAIRS[::2])


@dataclass(frozen=True)
class EditPair:
    """An NLI pair made by an edit, with its kind and whether an antonym edit used a held-out word pair."""

    pair: Pair
    kind: str
    held_out_antonym: bool = False


def antonym_is_trained(detail: str) -> bool:
    """Whether an antonym edit's ``"old -> new"`` pair is in the trained half of the list."""
    old, new = (word.strip().lower() for word in detail.split(" -> "))
    return frozenset((old, new)) in TRAINED_ANTONYMS


def edit_pairs(premises: Sequence[str], seed: int, edits_per_sentence: int = 2,
               antonyms: str = "trained") -> Iterator[EditPair]:
    """Per premise with a usable sentence (6-40 words): that sentence as an entailment and up to
    ``edits_per_sentence`` edits of different kinds (the kinds made least so far first). ``antonyms``:
    ``"trained"`` keeps antonym edits of :data:`TRAINED_ANTONYMS` only, ``"held_out"`` only the others,
    ``"all"`` both. Names and spliced sentences come from the next premises in the list. Deterministic."""
    if antonyms not in ("trained", "held_out", "all"):
        raise ValueError(f"antonyms must be trained, held_out or all, not {antonyms!r}")
    made = dict.fromkeys(PAIR_KINDS, 0)
    for index, premise in enumerate(premises):
        rng = random.Random(f"{seed}:{index}")
        sentences = context_sentences(premise)
        if not sentences:
            continue
        sentence = rng.choice(sentences)
        donors = [premises[(index + step) % len(premises)] for step in (1, 2, 3)]
        resources = EditResources(premise, tuple(d[s:e] for d in donors for s, e in names_in(d)),
                                  tuple(s for d in donors for s in context_sentences(d, max_words=30)))
        yield EditPair(Pair(premise, sentence, NLI_LABELS.index(EDIT_LABELS["faithful"])), "faithful")
        count = 0
        for kind in sorted(PAIR_KINDS, key=lambda k: (made[k], rng.random())):
            if count == edits_per_sentence:
                break
            edit = EDITS[kind](sentence, rng, resources)
            if edit is None or edit.start == edit.end:
                continue
            held_out = kind == "antonym" and not antonym_is_trained(edit.detail)
            if kind == "antonym" and antonyms != "all" and held_out != (antonyms == "held_out"):
                continue
            made[kind] += 1
            count += 1
            yield EditPair(Pair(premise, edit.text, NLI_LABELS.index(EDIT_LABELS[kind])), kind, held_out)
