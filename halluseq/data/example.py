"""The one record type every loader produces, and the report every load returns."""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import numpy as np

from halluseq.data.scripts import has_unspaced
from halluseq.data.tokenised import rejoin
from halluseq.data.words import Span, Word, labels_from_spans, split_words

UNSPACED_WORDS = "unspaced words v1"  # the word split of Chinese and Japanese answers, in their content hash
TRAINING_COPY = "distractors"  # meta key of a training copy: how many other passages its context was set among


@dataclass(frozen=True)
class Example:
    """A context-grounded answer with its gold hallucination spans.

    ``words`` and ``labels`` are derived from ``answer`` and ``spans`` (SPEC 1.2).
    ``group`` is what must never straddle train and test (RAGTruth ``source_id``, the context otherwise).
    ``dataset`` names the source dataset (leave-one-dataset-out holds it out by this name).
    ``word_labels`` is False when the source labels the response only (hallucinated, but no spans given):
    such examples have no usable word labels and training or word-level evaluation must leave them out.
    ``context`` is kept with the words a tokeniser split rejoined ("10, 000" -> "10,000 ", "did n't" -> "didn't ",
    :func:`~halluseq.data.tokenised.rejoin`: same length, so its offsets hold).
    """

    id: str
    context: str
    answer: str
    question: str | None = None
    task: str = "QA"
    generator: str = "unknown"
    split: str = "test"
    group: str = ""
    dataset: str = ""
    spans: tuple[Span, ...] = ()
    word_labels: bool = True
    meta: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        if isinstance(self.context, str):
            object.__setattr__(self, "context", rejoin(self.context))

    @cached_property
    def words(self) -> list[Word]:
        return split_words(self.answer)

    @cached_property
    def labels(self) -> np.ndarray:
        """``(n_words,)`` int8: 1 where the word is hallucinated."""
        return labels_from_spans(self.words, self.spans)

    @property
    def n_words(self) -> int:
        return len(self.words)

    @property
    def training_copy(self) -> bool:
        """Whether this is a training copy of another example (its context set among distractor passages,
        :func:`halluseq.augment.distractors.distract`, ``meta[TRAINING_COPY]``): it trains or validates with its base's
        group and is never tested."""
        return TRAINING_COPY in self.meta

    @property
    def hallucinated(self) -> bool:
        """Example flag: some word is labelled 1."""
        return bool(self.labels.any())

    @cached_property
    def content_hash(self) -> str:
        """Hash of everything features may read (context, question, answer, task); ids do not count. An answer in
        Chinese or Japanese hashes with the version of its word split too (one word per character since version 1,
        :mod:`halluseq.data.scripts`), so that no features stored for its earlier words are read back."""
        fields = [self.context, self.question, self.answer, self.task]
        payload = json.dumps(fields + ([UNSPACED_WORDS] if has_unspaced(self.answer) else []), ensure_ascii=False)
        return hashlib.sha256(payload.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Skipped:
    """A record a loader did not turn into an Example, and why; ``bad`` when the record is malformed."""

    record: str
    reason: str
    detail: str = ""
    bad: bool = False


@dataclass
class LoadReport:
    """What a load read: counts, the word-level positive rate, and every skipped record with its reason."""

    path: str
    format: str
    examples: int = 0
    words: int = 0
    positive_words: int = 0
    hallucinated_examples: int = 0
    by_split: Counter[str] = field(default_factory=Counter)
    by_task: Counter[str] = field(default_factory=Counter)
    by_generator: Counter[str] = field(default_factory=Counter)
    by_dataset: Counter[str] = field(default_factory=Counter)
    groups: int = 0
    spans_without_positive_word: list[str] = field(default_factory=list)
    without_word_labels: int = 0
    skipped: list[Skipped] = field(default_factory=list)

    @property
    def positive_rate(self) -> float:
        return self.positive_words / self.words if self.words else 0.0

    def count(self, examples: list[Example]) -> None:
        """Fill the counts from the loaded examples."""
        self.examples = len(examples)
        self.words = sum(e.n_words for e in examples)
        self.positive_words = int(sum(int(e.labels.sum()) for e in examples))
        self.hallucinated_examples = sum(e.hallucinated for e in examples)
        self.by_split = Counter(e.split for e in examples)
        self.by_task = Counter(e.task for e in examples)
        self.by_generator = Counter(e.generator for e in examples)
        self.by_dataset = Counter(e.dataset for e in examples)
        self.groups = len({e.group for e in examples})
        # SPEC 1.2: the example flag comes from word labels; log where a non-empty span list gives no word.
        self.spans_without_positive_word = [e.id for e in examples if e.spans and not e.hallucinated]
        self.without_word_labels = sum(not e.word_labels for e in examples)

    def skip(self, record: str, reason: str, detail: str = "", bad: bool = False) -> None:
        self.skipped.append(Skipped(record, reason, detail, bad))

    def to_dict(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "format": self.format,
            "examples": self.examples,
            "groups": self.groups,
            "words": self.words,
            "positive_words": self.positive_words,
            "positive_rate": self.positive_rate,
            "hallucinated_examples": self.hallucinated_examples,
            "by_split": dict(self.by_split),
            "by_task": dict(self.by_task),
            "by_generator": dict(self.by_generator),
            "by_dataset": dict(self.by_dataset),
            "spans_without_positive_word": self.spans_without_positive_word,
            "without_word_labels": self.without_word_labels,
            "skipped": [{"record": s.record, "reason": s.reason, "detail": s.detail, "bad": s.bad}
                        for s in self.skipped],
        }

    def __str__(self) -> str:
        lines = [
            f"{self.path} ({self.format})",
            f"  examples: {self.examples} ({self.hallucinated_examples} with a hallucinated word), "
            f"groups (sources / contexts): {self.groups}",
            f"  words: {self.words}, positive: {self.positive_words} "
            f"(word-level positive rate {self.positive_rate:.4f})",
        ]
        for title, counter in (("split", self.by_split), ("task", self.by_task),
                               ("generator", self.by_generator), ("dataset", self.by_dataset)):
            items = ", ".join(f"{k}: {v}" for k, v in sorted(counter.items()))
            lines.append(f"  by {title}: {items}")
        if self.spans_without_positive_word:
            lines.append(f"  spans that label no word (>50% rule): {len(self.spans_without_positive_word)} "
                         f"examples, e.g. {', '.join(self.spans_without_positive_word[:5])}")
        if self.without_word_labels:
            lines.append(f"  labelled per response only (no spans, word labels unknown): {self.without_word_labels}")
        lines.append(f"  skipped: {len(self.skipped)}")
        for reason, n in Counter(s.reason for s in self.skipped).most_common():
            ids = [f"{s.record} ({s.detail})" if s.detail else s.record for s in self.skipped if s.reason == reason]
            shown = ", ".join(ids[:8]) + (", ..." if len(ids) > 8 else "")
            lines.append(f"    {n} x {reason}: {shown}")
        return "\n".join(lines)
