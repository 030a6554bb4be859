"""NLI pairs from ``../shared/data/nli`` (one JSON object a line: premise, hypothesis, label, source)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from halluseq.data.records import DataFormatError
from halluseq.nli.model import NLI_LABELS

# Held out for the evaluation report: never trained on.
EVALUATION_FILES = ("snli_test", "mnli_dev_matched", "anli_r1_dev", "anli_r2_dev", "anli_r3_dev", "sick_test")


@dataclass(frozen=True)
class Pair:
    premise: str
    hypothesis: str
    label: int  # index into NLI_LABELS


def read_pairs(path: str | Path) -> list[Pair]:
    """Every pair of one JSONL file; a bad line raises ``file:line: problem``."""
    path = Path(path)
    pairs = []
    with path.open(encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
                premise, hypothesis, label = record["premise"], record["hypothesis"], record["label"]
            except (json.JSONDecodeError, KeyError, TypeError) as error:
                raise DataFormatError(path, number, f"not an NLI record ({error})") from error
            if label not in NLI_LABELS:
                raise DataFormatError(path, number, f"label {label!r} is not one of {NLI_LABELS}")
            pairs.append(Pair(str(premise), str(hypothesis), NLI_LABELS.index(label)))
    return pairs


def refuse_evaluation_files(files: Iterable[str]) -> None:
    """A config may not train on the report's test sets."""
    leaked = sorted(set(files) & set(EVALUATION_FILES))
    if leaked:
        raise ValueError(f"training files {leaked} are evaluation files; remove them from the NLI config")


def training_pairs(root: str | Path, files: dict[str, int | None], seed: int) -> list[Pair]:
    """Pairs of the named files (``name -> at most this many``, a seeded sample; None = all), shuffled.

    Refuses the evaluation files, so a config cannot train on the report's test sets.
    """
    refuse_evaluation_files(files)
    rng = np.random.default_rng(seed)
    pairs: list[Pair] = []
    for name in sorted(files):
        file_pairs = read_pairs(Path(root) / f"{name}.jsonl")
        cap = files[name]
        if cap is not None and cap < len(file_pairs):
            file_pairs = [file_pairs[i] for i in sorted(rng.choice(len(file_pairs), cap, replace=False))]
        pairs.extend(file_pairs)
    order = rng.permutation(len(pairs))
    return [pairs[i] for i in order]


def training_premises(root: str | Path, files: dict[str, int | None], count: int, seed: int) -> list[str]:
    """A seeded sample of ``count`` distinct premises from the named training files (all of each file's rows,
    whatever its pair cap), in a seeded order."""
    refuse_evaluation_files(files)
    premises = sorted({pair.premise for name in files for pair in read_pairs(Path(root) / f"{name}.jsonl")})
    rng = np.random.default_rng(seed)
    return [premises[i] for i in rng.permutation(len(premises))[:count]]
