"""Initials: an organisation's name and its acronym are two spellings of one name ("EU" / "European Union").

A summary that writes "the EU" or "the WHO" where its source spells the name out uses no word the source lacks; read
word by word, it uses a new name, the commonest sign of a hallucinated entity. The other way round is no respelling:
an answer that spells out the source's "UFC" states a name the source does not (EntFA's annotators mark most such
names hallucinated). Runs of capitalised words (lower-case joiners such as "of", "and", "for", "the" inside a run
are read past, not spelled: "Federal Bureau of Investigation" is "FBI") spell an acronym by their first letters;
every stretch of at least two capitalised words of a run counts ("The World Health Organization" spells "WHO" and
"TWHO"). An acronym is a word of two to six capital letters, with an optional plural "s" ("MPs"), dotted or not
("U.S." is "US"). A chief officer's title spells its acronym in any case ("chief executive" is "CEO";
:func:`title_initialisms`). Used by the ``respellings`` option of the text statistics (:mod:`halluseq.features.text`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence

JOINERS = frozenset({"of", "and", "for", "the", "&", "de", "du", "des", "la", "le", "on", "in", "to"})
MAX_RUN = 8  # capitalised words of one run that may spell an acronym
_DOTTED = re.compile(r"(?:[A-Z]\.)+[A-Z]")
_STRIP = ".,!?;:'\"()[]*_`“”‘’«»"


def acronym(word: str) -> str | None:
    """The lower-case letters of an acronym as written (``EU``, ``(WHO)``, ``MPs``, ``NHS's``, ``U.S.``), else
    None."""
    bare = word.strip(_STRIP)
    bare = bare[:-2] if bare.endswith(("'s", "’s")) else bare
    if _DOTTED.fullmatch(bare):  # "U.S", "F.B.I" (the last dot is stripped)
        bare = bare.replace(".", "")
    letters = bare[:-1] if bare.endswith("s") and bare[:-1].isupper() else bare
    return letters.lower() if 2 <= len(letters) <= 6 and letters.isalpha() and letters.isupper() else None


def _capitalised(word: str) -> bool:
    bare = word.strip(_STRIP)
    return bool(bare) and bare[0].isupper() and bare[0].isalpha() and acronym(word) is None


def _runs(words: Sequence[str]) -> Iterator[list[int]]:
    """The indices of the capitalised words of each run (joiners between them read past, a punctuation mark after a
    word ends the run)."""
    run: list[int] = []
    for i, word in enumerate(words):
        if _capitalised(word):
            run.append(i)
        elif not (run and word.lower() in JOINERS):
            if len(run) > 1:
                yield run
            run = []
        if run and word.rstrip("\"'”’)").endswith((",", ".", ";", ":", "!", "?")):
            if len(run) > 1:
                yield run
            run = []
    if len(run) > 1:
        yield run


def acronyms(words: Sequence[str]) -> set[str]:
    """The acronyms a word sequence writes, dots left out (``the U.S. and the EU`` -> ``us``, ``eu``)."""
    return {letters for word in words if (letters := acronym(word))}


def initialisms(words: Sequence[str]) -> set[str]:
    """The acronyms the names of a word sequence spell (``European Union`` -> ``eu``): the lower-case first letters
    of each stretch of two or more capitalised words of a run."""
    return {"".join(words[i].strip(_STRIP)[0] for i in run[a:b]).lower()
            for run in _runs(words) for a in range(len(run)) for b in range(a + 2, min(len(run), a + MAX_RUN) + 1)}



def title_initialisms(words: Sequence[str]) -> set[str]:
    """The acronyms of the chief officers a word sequence names, in any case and with or without "officer" ("its chief
    executive, Dana Whitfield" -> ``ceo``; "Chief Financial Officer" -> ``cfo``): news writes the title out where a
    summary writes "CEO"."""
    return {f"c{following.strip(_STRIP)[:1].lower()}o" for word, following in zip(words, words[1:], strict=False)
            if word.lower() == "chief" and following.strip(_STRIP)[:1].isalpha()}  # not "finance chief, said"


def spells(letters: str, keys: Iterable[str]) -> bool:
    """Whether the words of a name (``keys``, in any order: a slot's group of names) spell the acronym ``letters``
    by their first letters, joiners left out (``eu`` and ``{"european", "union"}``)."""
    firsts = sorted(key[0] for key in keys if key and key not in JOINERS)
    return len(firsts) > 1 and firsts == sorted(letters)


def spelled_from(letters: str, keys: Sequence[str], start: int) -> bool:
    """Whether the words of ``keys`` from ``start`` on, joiners read past, spell the acronym ``letters`` in order (an
    aligned sentence's "united states and" from "united" for ``us``)."""
    firsts = [key[0] for key in keys[start:] if key and key not in JOINERS][:len(letters)]
    return len(letters) > 1 and "".join(firsts) == letters
