"""Which rank an ordinal names: "third", "3rd", "twenty-first", the "third" of "third-quarter", "Q3".

A moved rank changes a claim as a moved number does ("She finished third" where the context says fourth, "fourth-
quarter revenue" for its "third-quarter revenue"), but a rank spelled out is a word to the families that compare
numbers, and a word the context lacks in a sentence that copies the context is mostly a paraphrase to a labeler. The
``quantities`` family's option ``ranks`` reads the ranks an answer claims (:func:`claimed_ranks`) against those the
context states anywhere (:func:`stated_ranks`). On the shared sets' answers, a rank the context states nowhere is
hallucinated far more often than their words are (``benchmarks/results/column_changes_quantities_v55.json``). No
model.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from halluseq.features.measures import MONTHS
from halluseq.features.numbers import DASHES, ORDINAL_WORDS, TENS, part_rank
from halluseq.features.slots import REFERENCE_WORDS
from halluseq.features.text import POSSESSIVE

# a spelled-out ordinal alone is a rank the answer claims after these words ("the third album", "its second", "Acme's
# fourth"; "finished third"), not in "a third of" (a fraction), "First, ..." or "was first described"
RANK_OPENERS = frozenset({"the", "its", "his", "her", "their", "our", "your", "my", "this", "that", "whose"})
RANK_VERBS = frozenset({"finished", "finish", "finishes", "finishing", "placed", "came", "come", "comes", "ranked",
                        "ranks", "ranking"})
MONTH_KEYS = frozenset(MONTHS)
YEAR_OR_DECADE = re.compile(r"(1[0-9]\d\d|20\d\d)s?")  # "1947", "1930s": a year of a century


def key_rank(key: str) -> tuple[int, bool] | None:
    """``(rank, alone)`` of a word key: the rank of a part (``third-quarter``: 3; ``twenty-first``: 21, its tens
    added) and whether the key is that ordinal alone (``third``), else None."""
    parts = [part for part in DASHES.split(key) if part]
    for i, part in enumerate(parts):
        rank = part_rank(part)
        if rank is not None:
            tens = TENS.get(parts[i - 1], 0) if i > 0 and rank < 10 else 0
            return rank + tens, len(parts) == 1 or tens > 0 and len(parts) == 2
    return None


def stated_ranks(keys: Sequence[str]) -> set[int]:
    """The ranks a context's word keys state, anywhere."""
    return {found[0] for found in map(key_rank, keys) if found}


def year_centuries(keys: Sequence[str]) -> set[int]:
    """The centuries of the years (and decades: "1930s") a context's word keys state: 1947 is in the 20th."""
    return {int(match.group(1)) // 100 + 1 for key in keys if (match := YEAR_OR_DECADE.fullmatch(key))}


def names_century(keys: Sequence[str], i: int) -> bool:
    """Whether the rank of ``keys[i]`` counts centuries ("20th century", "mid-20th-century", "19th-century")."""
    return "century" in DASHES.split(keys[i]) or i + 1 < len(keys) and keys[i + 1] in ("century", "centuries")


def claimed_ranks(words: Sequence[str], keys: Sequence[str]) -> list[tuple[int, int]]:
    """``(index, rank)`` of the words of one answer (``keys`` their keys) that claim a rank: an ordinal in digits or
    a quarter code, an ordinal joined to a word by a dash ("third-quarter", "second-longest", "21st-century"), and a
    spelled ordinal alone after a determiner or possessive or a verb of placing (:data:`RANK_OPENERS`,
    :data:`RANK_VERBS`). Not an ordinal before a word that points into the sources ("the second passage", "the first
    step"), nor a day of a date ("March 21st", "the 3rd of May")."""
    found = []
    for i, key in enumerate(keys):
        rank = key_rank(key)
        if rank is None:
            continue
        previous, following = keys[i - 1] if i else "", keys[i + 1] if i + 1 < len(keys) else ""
        spelled_alone = rank[1] and key.split("-")[-1] in ORDINAL_WORDS
        possessive = i > 0 and POSSESSIVE.search(words[i - 1]) is not None
        if spelled_alone and not (previous in RANK_OPENERS or possessive or previous in RANK_VERBS):
            continue
        after_of = keys[i + 2] if following == "of" and i + 2 < len(keys) else ""
        if following in REFERENCE_WORDS or MONTH_KEYS & {previous, following, after_of}:
            continue
        found.append((i, rank[0]))
    return found
