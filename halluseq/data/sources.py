"""Several datasets as one training corpus: caps, weights, task names, and groups linked across datasets.

A training config's ``data`` is one source or a list of them::

    data:
      - {path: ../shared/data/ragtruth_partial, name: ragtruth}
      - {path: ../shared/data/spans/xsumfaith.jsonl, name: xsumfaith, max_examples: 1500, weight: 1.0}
      - {path: runs/augment/synthetic.jsonl, name: synthetic, task: null}

An ``augment`` source instead of a ``path`` makes synthetic hallucinations in memory
(:func:`halluseq.augment.augment`), from sources named earlier in the list or from a dataset path::

      - {name: synthetic, augment: {sources: [ragtruth, xsumfaith], per_example: 2, seed: 0}}
      - {name: synthetic_begin, augment: {path: ../shared/data/spans/begin.jsonl}, max_examples: 3000}

A ``distract`` source copies the answers of sources named earlier with their contexts set among other contexts of
those sources (:func:`halluseq.augment.distractors.distract`: a retrieval context of several passages)::

      - {name: ragtruth_distracted, dataset: ragtruth, distract: {sources: [ragtruth], passages: [1, 8], seed: 0}}

``train: false`` makes a source evaluation-only: it is tested where a protocol tests it (a leave-one-dataset-out
fold, CV on its name) but never enters a training or validation part (``meta["train"]``, read by
:func:`halluseq.data.splits.grouped_split`).
``name`` becomes every example's ``dataset`` (leave-one-dataset-out holds out by it; default: the file stem), unless
``dataset`` names another: a second synthetic draw of its own cap (``{name: synthetic_lists, dataset: synthetic,
augment: ...}``) then counts as ``synthetic`` wherever datasets are counted (the validation sources of early stopping
and of the threshold, reports), not as one more source beside RAGTruth;
``max_examples`` keeps a seeded sample of whole groups; ``weight`` is how many times, in expectation, each
training example of the source is drawn per epoch; ``task`` overrides the examples' task. Datasets that share
documents (XSumFaith, EntFA, QAGS, CLIFF and FRANK share XSum / CNN-DM articles, truncated differently) are
linked: examples whose contexts start the same way end up in one group, so no document straddles a split.
"""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from halluseq.data.example import Example
from halluseq.data.generic import example_from_record
from halluseq.data.loader import load

SOURCE_KEYS = {"path", "augment", "distract", "format", "name", "dataset", "max_examples", "weight", "task", "train",
               "options"}
AUGMENT_KEYS = {"sources", "path", "format", "kinds", "per_example", "seed", "context_sentences", "from_answers",
                "paraphrase_words", "context_fragments", "framing", "abstentions", "respell_amounts",
                "strict_names", "extra_kinds"}
DISTRACT_KEYS = {"sources", "passages", "seed"}
MADE = ("augment", "distract")  # sections that make a source from earlier ones instead of a path
DOCUMENT_PREFIX = 200  # characters of the normalised context that identify a document


def source_name(entry: dict[str, Any]) -> str:
    """The dataset name of a source entry: ``name``, else the file stem (folder name for a folder)."""
    if entry.get("name"):
        return str(entry["name"])
    if "augment" in entry:
        return "synthetic"
    if "distract" in entry:
        return "distracted"
    path = Path(entry["path"])
    return path.stem if path.suffix else path.name


def check_sources(entries: Sequence[dict[str, Any]]) -> None:
    """Unknown keys, missing paths, bad caps/weights and duplicate names are errors naming the entry."""
    names = []
    for number, entry in enumerate(entries):
        where = f"data[{number}]"
        if not isinstance(entry, dict) or sum(key in entry for key in ("path", *MADE)) != 1:
            raise ValueError(f"{where}: a source needs one of a 'path', an 'augment' or a 'distract' section "
                             f"(got {entry!r})")
        where = f"{where} ({entry.get('path') or source_name(entry)})"
        unknown = sorted(set(entry) - SOURCE_KEYS)
        if unknown:
            raise ValueError(f"{where}: unknown keys {unknown}; expected {sorted(SOURCE_KEYS)}")
        if "augment" in entry:
            _check_augment(entry["augment"], names, where)
        if "distract" in entry:
            _check_distract(entry["distract"], names, where)
        cap = entry.get("max_examples")
        if cap is not None and (not isinstance(cap, int) or cap < 1):
            raise ValueError(f"{where}: max_examples must be a positive integer, got {cap!r}")
        weight = entry.get("weight", 1.0)
        if not isinstance(weight, int | float) or isinstance(weight, bool) or weight <= 0:
            raise ValueError(f"{where}: weight must be a positive number, got {weight!r}")
        if "dataset" in entry and (not isinstance(entry["dataset"], str) or not entry["dataset"]):
            raise ValueError(f"{where}: dataset must be a non-empty name, got {entry['dataset']!r}")
        if not isinstance(entry.get("train", True), bool):
            raise ValueError(f"{where}: train must be true or false, got {entry['train']!r}")
        names.append(source_name(entry))
    duplicates = sorted({n for n in names if names.count(n) > 1})
    if duplicates:
        raise ValueError(f"data: dataset names must be unique, {duplicates} repeat (set 'name' per source)")


def _check_augment(section: Any, earlier: list[str], where: str) -> None:
    if not isinstance(section, dict) or ("sources" in section) == ("path" in section):
        raise ValueError(f"{where}: 'augment' needs 'sources' (names of earlier sources) or 'path', not both")
    unknown = sorted(set(section) - AUGMENT_KEYS)
    if unknown:
        raise ValueError(f"{where}: unknown augment keys {unknown}; expected {sorted(AUGMENT_KEYS)}")
    missing = sorted(set(section.get("sources") or []) - set(earlier))
    if missing:
        raise ValueError(f"{where}: augment sources {missing} are not sources listed before it ({earlier})")


def _check_distract(section: Any, earlier: list[str], where: str) -> None:
    if not isinstance(section, dict) or not section.get("sources"):
        raise ValueError(f"{where}: 'distract' needs 'sources' (names of earlier sources), got {section!r}")
    unknown = sorted(set(section) - DISTRACT_KEYS)
    if unknown:
        raise ValueError(f"{where}: unknown distract keys {unknown}; expected {sorted(DISTRACT_KEYS)}")
    missing = sorted(set(section["sources"]) - set(earlier))
    if missing:
        raise ValueError(f"{where}: distract sources {missing} are not sources listed before it ({earlier})")
    passages = section.get("passages", [1, 8])
    if not (isinstance(passages, list | tuple) and len(passages) == 2 and all(type(n) is int for n in passages)
            and 1 <= passages[0] <= passages[1]):
        raise ValueError(f"{where}: distract passages must be [low, high] with 1 <= low <= high, got {passages!r}")


def cap_by_group(examples: Sequence[Example], cap: int, seed: int) -> list[Example]:
    """Whole groups in a seeded random order until ``cap`` examples are reached (input order kept)."""
    groups = sorted({e.group for e in examples})
    random.Random(seed).shuffle(groups)
    kept: set[str] = set()
    count = 0
    sizes = Counter(e.group for e in examples)
    for group in groups:
        if count >= cap:
            break
        kept.add(group)
        count += sizes[group]
    return [e for e in examples if e.group in kept]


def document_key(context: str) -> str | None:
    """The lowercased, whitespace-normalised first ``DOCUMENT_PREFIX`` characters (the whole context when it is
    shorter); None for an empty context."""
    normal = " ".join(context.split()).lower()
    return normal[:DOCUMENT_PREFIX] or None


def link_documents(examples: Sequence[Example]) -> list[Example]:
    """Examples with ``group`` replaced by one name per connected set of groups, where two groups connect
    when some of their contexts have the same :func:`document_key`. Linking only merges groups (stricter
    splits), never divides one."""
    parent: dict[str, str] = {}

    def find(group: str) -> str:
        while parent.setdefault(group, group) != group:
            parent[group] = parent[parent[group]]
            group = parent[group]
        return group

    first_group_of: dict[str, str] = {}
    for example in examples:
        # a context set among distractors starts with another document: its copy keeps its base's group
        key = None if example.training_copy else document_key(example.context)
        if key is None:
            find(example.group)
            continue
        other = first_group_of.setdefault(key, example.group)
        a, b = find(example.group), find(other)
        if a != b:
            parent[max(a, b)] = min(a, b)
    linked = []
    for example in examples:
        root = find(example.group)
        linked.append(example if root == example.group else replace(example, group=root))
    return linked


def load_sources(entries: Sequence[dict[str, Any]], seed: int = 42) -> list[Example]:
    """Every source's examples (named, capped, weighted, task set), then groups linked across sources.

    ``weight`` is stored in each example's ``meta["weight"]`` (:func:`training_repeats` reads it), ``train`` in
    ``meta["train"]`` (:func:`halluseq.data.splits.grouped_split` reads it).
    """
    check_sources(entries)
    examples: list[Example] = []
    for entry in entries:
        name = source_name(entry)
        if "augment" in entry:
            loaded = _augmented(entry["augment"], examples)
        elif "distract" in entry:
            loaded = _distracted(entry["distract"], examples)
        else:
            loaded = load(entry["path"], format=entry.get("format", "auto"), **(entry.get("options") or {}))[0]
        if entry.get("max_examples"):
            loaded = cap_by_group(loaded, entry["max_examples"], _seed(seed, name))
        weight = float(entry.get("weight", 1.0))
        for e in loaded:
            changes: dict[str, Any] = {"dataset": entry.get("dataset", name)}
            if entry.get("task"):
                changes["task"] = str(entry["task"])
            if weight != 1.0 or entry.get("train") is False:
                changes["meta"] = {**e.meta, "weight": weight, "train": entry.get("train", True)}
            examples.append(replace(e, **changes))
    return link_documents(examples)


def _augmented(section: dict[str, Any], earlier: Sequence[Example]) -> list[Example]:
    """Synthetic examples made from earlier sources (by name) or from a dataset path."""
    from halluseq.augment import augment

    if "path" in section:
        bases, _ = load(section["path"], format=section.get("format", "auto"))
    else:
        bases = [e for e in earlier if e.dataset in set(section["sources"])]
    options = {k: section[k] for k in ("kinds", "per_example", "seed", "from_answers", "paraphrase_words",
                                       "framing", "abstentions", "respell_amounts", "strict_names", "extra_kinds")
               if k in section}
    if "context_sentences" in section:
        options["sentences_per_context"] = section["context_sentences"]
    if "context_fragments" in section:
        options["fragments_per_context"] = section["context_fragments"]
    return [example_from_record(record, "<augment>", number)
            for number, record in enumerate(augment(bases, **options), start=1)]


def _distracted(section: dict[str, Any], earlier: Sequence[Example]) -> list[Example]:
    """Copies of earlier sources' answers (by name) with their contexts among other contexts of those sources."""
    from halluseq.augment.distractors import distract

    bases = [e for e in earlier if e.dataset in set(section["sources"])]
    return distract(bases, tuple(section.get("passages", (1, 8))), section.get("seed", 0))


def training_repeats(examples: Sequence[Example], indices: Sequence[int], seed: int) -> list[int]:
    """``indices`` with each example repeated by its source weight: ``floor(w)`` times plus once more with
    probability ``w - floor(w)`` (seeded). Weight 1 everywhere returns ``indices`` unchanged."""
    rng = random.Random(seed)
    out = []
    for i in indices:
        weight = float(examples[i].meta.get("weight", 1.0))
        whole = int(weight)
        out.extend([int(i)] * (whole + (rng.random() < weight - whole)))
    return out


def _seed(seed: int, name: str) -> int:
    return int(hashlib.sha256(f"{seed}:{name}".encode()).hexdigest()[:8], 16)
