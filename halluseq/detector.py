"""The detector as a product: features + standardizer + sequence model + threshold, saved without pickle."""

from __future__ import annotations

import copy
import dataclasses
import json
from collections.abc import Callable, Mapping, Sequence
from importlib import resources
from pathlib import Path
from textwrap import shorten
from typing import TYPE_CHECKING, Any

import numpy as np
import torch
from safetensors.torch import load_file, save_file
from tqdm.auto import tqdm

from halluseq.claims import claims
from halluseq.data.example import Example
from halluseq.data.structured import readable_context
from halluseq.data.words import has_word_character, spans_from_labels
from halluseq.evidence import EvidenceFinder
from halluseq.features import FeaturePipeline
from halluseq.features.align import COLUMNS as ALIGN_COLUMNS
from halluseq.features.discourse import COLUMNS as DISCOURSE_COLUMNS
from halluseq.features.lm_scoring import torch_threads
from halluseq.features.nli import NLIFeatures
from halluseq.features.pipeline import reading_copy
from halluseq.features.quantities import COLUMNS as QUANTITY_COLUMNS
from halluseq.features.scaling import Standardizer
from halluseq.features.text import COLUMNS as TEXT_COLUMNS
from halluseq.features.text import word_key
from halluseq.features.windows import window_bounds
from halluseq.files import atomic_write
from halluseq.fragments import FragmentAnswer, fragment_answer
from halluseq.licences import RESEARCH, detector_licence
from halluseq.markup import lenders, markup_mask
from halluseq.models import SeedEnsemble, SequenceLabeler, build_model
from halluseq.models.batching import SequenceDataset, predict
from halluseq.models.reach import DEFAULT_REACH, Reach
from halluseq.polar import PolarAnswer, polar_answer
from halluseq.result import Claim, DetectionResult, Evidence, SpanScore, WordScore

if TYPE_CHECKING:
    from halluseq.train import FinalFit

CONFIG_NAME = "config.json"
WEIGHTS_NAME = "model.safetensors"
FORMAT_VERSION = 1
NEURAL_CHUNK = 8  # answers per feature pass of a detector with neural families
NOTED_CLAIM = 160  # characters of a question's claim quoted in a note
JSON_CONTEXT_NOTE = "context given as JSON: read as its 'key: value' fields (halluseq.data.structured)"


@dataclasses.dataclass(frozen=True)
class Asked:
    """The claim an answer that leans on its question makes (:mod:`halluseq.polar`, :mod:`halluseq.fragments`), as
    an example of its own with its raw features and probabilities."""

    found: PolarAnswer | FragmentAnswer
    example: Example
    raw: np.ndarray
    probs: np.ndarray


# the detectors shipped inside the package: name -> what it reads
BUNDLED_MODELS = {
    "default": "3 BiGRU-CRFs (seeds) on the text statistics, alignment, framing, abstention, name-slot, word-form and "
               "amount columns (fast: no neural model runs)",
    "full": "3 BiGRU-CRFs (seeds) on the text statistics, alignment, framing, abstention, name-slot, word-form and "
            "amount columns plus NLI (halluseq-nli) and semantic support (MiniLM)",
}


def bundled_model_path(name: str = "default") -> Path:
    """The folder of a detector shipped inside the package (``BUNDLED_MODELS``)."""
    if name not in BUNDLED_MODELS:
        raise ValueError(f"no bundled detector {name!r}; bundled: {', '.join(BUNDLED_MODELS)}")
    return Path(str(resources.files("halluseq") / "pretrained" / name))


class Detector:
    """Scores answers against their context: per-word probabilities, spans, per-sentence claims."""

    def __init__(self, pipeline: FeaturePipeline, standardizer: Standardizer, model: SequenceLabeler,
                 threshold: float, model_spec: dict[str, Any], meta: dict[str, Any] | None = None,
                 batch_size: int = 32, reach: Reach = DEFAULT_REACH):
        self.pipeline, self.standardizer, self.model = pipeline, standardizer, model.eval()
        self.threshold, self.model_spec, self.meta = float(threshold), model_spec, meta or {}
        self.batch_size, self.reach = batch_size, reach  # reach: how the labeler reads very long answers
        # scoring runs a float64 copy: float32 noise from batch shapes (which the CRF's forward-backward sums over
        # the whole answer) then stays far below 1e-6, so a score never depends on what it was batched with
        self._scorer = copy.deepcopy(model).double().eval()
        nli = [e for e in pipeline.extractors if isinstance(e, NLIFeatures)]
        self._evidence = EvidenceFinder(nli[0]) if nli else None  # claims quote context sentences
        self._fallback: Detector | None = None

    @property
    def ensemble(self) -> dict[str, Any] | None:
        """``{"member", "size"}`` for a :class:`SeedEnsemble` labeler (None: a single model)."""
        options = self.model_spec.get("options") or {}
        return {"member": options["member"], "size": options["size"]} if self.model_spec["name"] == "ensemble" \
            else None

    @property
    def model_name(self) -> str:
        """The labeler, readable: ``bigru_crf``, or ``3 x bigru_crf`` for an ensemble of three seeds."""
        ensemble = self.ensemble
        return f"{ensemble['size']} x {ensemble['member']}" if ensemble else self.model_spec["name"]

    @property
    def long_answers(self) -> dict[str, Any] | None:
        """``{"max_words", "fallback"}``: answers over ``max_words`` words are scored by the bundled ``fallback``
        detector instead (``config.json``: ``long_answers``; None: every answer is scored by this detector)."""
        return self.meta.get("long_answers")

    def _fallback_detector(self) -> Detector:
        if self._fallback is None:
            self._fallback = Detector.from_pretrained(self.long_answers["fallback"], self.batch_size, self.reach)
        return self._fallback

    @property
    def chunk_size(self) -> int:
        """Answers per feature pass: many for cheap text features, a few where neural models read every answer
        (still batched across answers), so progress shows every few seconds for any model."""
        neural = any(extractor.windowed for extractor in self.pipeline.extractors)
        return NEURAL_CHUNK if neural else max(self.batch_size * 8, 1)

    @property
    def licence(self) -> str:
        """``commercial use OK`` or ``research only``: the most restrictive class of its training data and of the
        bundled models it reads (``config.json``: ``training.licence``; detectors saved without it: research only)."""
        return self.meta.get("training", {}).get("licence", RESEARCH)

    # ---- scoring -------------------------------------------------------------------------------------------
    def probabilities(self, examples: Sequence[Example]) -> list[np.ndarray]:
        """``(n_words,)`` hallucination probabilities per example (independent of batch composition)."""
        return self._score(examples)[1]

    def _score(self, examples: Sequence[Example]) -> tuple[list[np.ndarray], list[np.ndarray], dict[int, Asked]]:
        """Raw ``(n_words, d)`` features (rows of 0 for formatting tokens: :func:`halluseq.markup.markup_mask`) and
        ``(n_words,)`` probabilities per example (a formatting token's is that of the word it stands for:
        :func:`halluseq.markup.lenders`), and by position the claims that answers leaning on their question make
        (:meth:`_score_in_question`)."""
        if not examples:
            return [], [], {}
        raw = self.pipeline.transform(examples, progress=False)
        scaled = self.standardizer.transform_all(raw)
        # one thread: the small recurrent model gains nothing from more, and with more, every time step of a long
        # batch waits on a thread barrier, which under any CPU contention costs up to 100x (packed GRU forward)
        with torch_threads(1):
            probs = self.reach.predict(self._predict_sequences, scaled)
        # formatting tokens (list numbers, bullets, citation markers) state nothing: each shows the probability of
        # the word it stands for, and no claim reason reads it as a missing word
        for i, example in enumerate(examples):
            mask = markup_mask(example.answer, example.words)
            if mask.any():
                raw[i] = np.where(mask[:, None], 0.0, raw[i]).astype(raw[i].dtype)
                probs[i] = probs[i][lenders(example.answer, example.words, mask)]
        return raw, probs, self._score_in_question(examples, probs)

    def _score_in_question(self, examples: Sequence[Example], probs: list[np.ndarray]) -> dict[int, Asked]:
        """Answers that lean on their question take the scores of the claim it makes of them, scored against the same
        context: a "Yes" / "No" to a yes-no question the claim's score in place of its own ("No": one minus it;
        :mod:`halluseq.polar`), each word of a fragment ("1887.") the score of that word in the claim where that is
        higher (:mod:`halluseq.fragments`: "Dyson." alone is a name the context lacks; "Dyson makes the X200" opens
        with it, where a capital says less), each word of a terse abstention ("Not stated.") the claim's score.
        Returns each such claim, scored, by the position of its answer."""
        asked = [(i, found) for i, example in enumerate(examples)
                 if (found := polar_answer(example) or fragment_answer(example))]
        if not asked:
            return {}
        claimed = [Example(id=f"{examples[i].id}#question", context=examples[i].context, answer=found.claim)
                   for i, found in asked]
        claim_raw, claim_probs_all, _ = self._score(claimed)
        for (i, found), claim, claim_probs in zip(asked, claimed, claim_probs_all, strict=True):
            probs[i] = probs[i].copy()
            if isinstance(found, PolarAnswer):
                score = float(claim_probs.max())
                probs[i][list(found.words)] = score if found.affirms else 1.0 - score
                continue
            if found.first is None:  # a terse abstention: "Not stated."
                probs[i][:] = float(claim_probs.max())
                continue
            placed = [word_key(w.text) for w in claim.words[found.first:found.first + len(probs[i])]]
            if placed == [word_key(w.text) for w in examples[i].words]:  # else the claim split the answer otherwise
                probs[i] = np.maximum(probs[i], claim_probs[found.first:found.first + len(probs[i])])
        return {i: Asked(found, claim, raw, claim_probs)
                for (i, found), claim, raw, claim_probs in zip(asked, claimed, claim_raw, claim_probs_all, strict=True)}

    def _predict_sequences(self, sequences: list[np.ndarray]) -> list[np.ndarray]:
        """The labeler's ``(T,)`` probabilities of standardized ``(T, d)`` feature sequences."""
        dataset = SequenceDataset(sequences, [np.zeros(len(m), dtype=np.float32) for m in sequences])
        return predict(self._scorer, dataset, self.batch_size, prob_only=True)["prob"]

    def _block(self, raw: np.ndarray, family: Sequence[str]) -> np.ndarray | None:
        """A family's columns (``family``: its column names) of a raw matrix when that family is in use (reused for
        claims)."""
        columns = self.pipeline.columns
        if family[0] not in columns or self.pipeline.temporal:
            return None
        start = columns.index(family[0])
        block = raw[:, start:start + len(family)]
        return None if np.isnan(block).any() else block  # undefined on an abstention: claims compute their own

    def predict(self, context: str, answer: str, question: str | None = None,
                id: str | None = None) -> DetectionResult:
        """Score one answer against its context."""
        return self.predict_batch([{"context": context, "answer": answer, "question": question, "id": id}])[0]

    def predict_batch(self, items: Sequence[Mapping[str, Any]], progress: bool = False) -> list[DetectionResult]:
        """Score many ``{"context", "answer", "question"?, "id"?}`` items; results keep the input order."""
        results: list[DetectionResult | None] = [None] * len(items)
        todo: list[tuple[int, Example]] = []
        long: list[tuple[int, Example]] = []
        flattened: set[int] = set()  # contexts given as JSON, scored as "key: value." lines
        limit = self.long_answers["max_words"] if self.long_answers else None
        for i, item in enumerate(items):
            problem = _skip_reason(item)
            if problem:
                results[i] = DetectionResult("skipped", str(item.get("answer") or ""), reason=problem,
                                             id=item.get("id"), threshold=self.threshold)
                continue
            flat = readable_context(item["context"])
            example = Example(id=str(item.get("id") or i), context=flat or item["context"], answer=item["answer"],
                              question=item.get("question"))
            is_long = limit is not None and example.n_words > limit
            (long if is_long else todo).append((i, example))
            if flat is not None and not is_long:  # the fallback detector notes it itself
                flattened.add(i)
        if long:
            self._score_long(items, long, results)
        step = self.chunk_size
        with tqdm(total=len(todo), disable=not progress, unit="answer") as bar:
            for start in range(0, len(todo), step):
                chunk = todo[start:start + step]
                examples = [e for _, e in chunk]
                raw, probs, asked = self._score(examples)
                evidence = self._evidence.find(examples) if self._evidence else [None] * len(chunk)
                for j, ((i, example), matrix, p, found) in enumerate(zip(chunk, raw, probs, evidence, strict=True)):
                    results[i] = self._result(example, p, items[i].get("id"), *self._blocks(matrix), found,
                                              asked.get(j))
                bar.update(len(chunk))
        for i in flattened:
            results[i].notes.append(JSON_CONTEXT_NOTE)  # type: ignore[union-attr]
        return results  # type: ignore[return-value]

    def _score_long(self, items: Sequence[Mapping[str, Any]], long: Sequence[tuple[int, Example]],
                    results: list[DetectionResult | None]) -> None:
        """Answers over the ``long_answers`` limit, scored by the fallback detector, with a note saying so."""
        fallback, limit = self.long_answers["fallback"], self.long_answers["max_words"]
        scored = self._fallback_detector().predict_batch([items[i] for i, _ in long])
        for (i, example), result in zip(long, scored, strict=True):
            result.notes.insert(0, f"answer of {example.n_words} words is over this detector's {limit}-word limit: "
                                   f"scored by the bundled '{fallback}' detector instead (its features and threshold)")
            results[i] = result

    def _blocks(self, matrix: np.ndarray) -> tuple[np.ndarray | None, ...]:
        """The text, quantity, alignment and discourse blocks of a raw matrix that claims read (None: not in use)."""
        return tuple(self._block(matrix, family)
                     for family in (TEXT_COLUMNS, QUANTITY_COLUMNS, ALIGN_COLUMNS, DISCOURSE_COLUMNS))

    def _result(self, example: Example, probs: np.ndarray, item_id: Any, text: np.ndarray | None,
                amounts: np.ndarray | None, aligned: np.ndarray | None, discourse: np.ndarray | None,
                evidence: list[tuple[Evidence | None, Evidence | None]] | None,
                asked: Asked | None = None) -> DetectionResult:
        flagged = probs >= self.threshold
        starts = np.array([w.start for w in example.words])  # (T,), increasing
        spans = []
        for span in spans_from_labels(example.words, flagged):
            first, last = np.searchsorted(starts, [span.start, span.end])  # words starting inside the span
            spans.append(SpanScore(span.start, span.end, example.answer[span.start:span.end],
                                   float(probs[first:last].max())))
        score = float(probs.max())
        notes = []
        windowed = self.pipeline.windowed_families(example)
        if windowed:
            windows = len(window_bounds(example, self.pipeline.answer_budget))
            notes.append(f"answer of {example.n_words} words is over the {self.pipeline.answer_budget}-word budget: "
                         f"{', '.join(windowed)} scored it in {windows} windows (exact within each)")
        read_in_windows = self.reach.note(example.n_words)
        if read_in_windows:
            notes.append(read_in_windows)
        # reasons look words up in the context as the features read it (Chinese and Japanese spaced)
        sentences = claims(reading_copy(example), probs, self.threshold, text, evidence, amounts, aligned, discourse)
        if asked and sentences:
            found, claim = asked.found, shorten(asked.found.claim, NOTED_CLAIM, placeholder=" ...")
            if isinstance(found, PolarAnswer):
                notes.append(f"a {'yes' if found.affirms else 'no'} to a yes-no question: scored as its claim "
                             f"{claim!r}{'' if found.affirms else ' (one minus that score)'}")
            elif found.first is None:
                notes.append(f"a terse abstention: scored as {claim!r}")
            else:
                notes.append(f"a short answer to a question: scored within its claim {claim!r}")
            sentences = [self._asked_claim(sentences[0], asked), *sentences[1:]]
        return DetectionResult(
            status="ok", answer=example.answer, id=item_id, score=score, threshold=self.threshold,
            hallucinated=score >= self.threshold,
            words=[WordScore(example.answer[w.start:w.end], w.start, w.end, float(p))  # as written: "10, 000"
                   for w, p in zip(example.words, probs, strict=True)],
            spans=spans, claims=sentences, notes=notes,
        )

    def _asked_claim(self, sentence: Claim, asked: Asked) -> Claim:
        """The verdict of an answer that leans on its question (one sentence), its reason that of the claim it makes
        (from the claim's features, as scored, and for a detector that reads NLI features, its evidence)."""
        found = asked.found
        if isinstance(found, FragmentAnswer) and found.first is None:
            speaks = "speaks to" if sentence.hallucinated else "does not speak to"
            return dataclasses.replace(sentence, reason=f"abstains on a question the context {speaks} (scored as "
                                                         f"{found.claim!r})")
        evidence = self._evidence.find([asked.example])[0] if self._evidence else None
        text, amounts, aligned, discourse = self._blocks(asked.raw)
        said = (claims(asked.example, asked.probs, self.threshold, text, evidence, amounts, aligned, discourse)
                or [sentence])[0]
        if isinstance(found, FragmentAnswer):
            reason = f"answers as {found.claim!r}: {said.reason}"
        elif found.affirms:
            reason = f"says yes to {found.claim!r}: {said.reason}"
        elif sentence.hallucinated:
            reason = f"says no to {found.claim!r}, which the context does not contradict ({said.reason})"
        else:
            reason = f"says no to {found.claim!r}: {said.reason}"
        denies = isinstance(found, PolarAnswer) and not found.affirms
        support, contradiction = (said.contradiction, said.support) if denies else (said.support, said.contradiction)
        return dataclasses.replace(sentence, reason=reason, support=support, contradiction=contradiction)

    # ---- persistence ---------------------------------------------------------------------------------------
    def save_pretrained(self, path: str | Path) -> Path:
        """Write ``config.json`` and ``model.safetensors`` (weights and standardizer; no pickled code)."""
        path = Path(path)
        path.mkdir(parents=True, exist_ok=True)
        tensors = {f"model.{k}": v.detach().cpu().contiguous() for k, v in self.model.state_dict().items()}
        for name in ("medians", "mean", "scale"):
            tensors[f"standardizer.{name}"] = torch.from_numpy(np.asarray(getattr(self.standardizer, name)))
        config = {
            "format_version": FORMAT_VERSION,
            "model": self.model_spec,
            "features": self.pipeline.to_config(),
            "columns": self.pipeline.columns,
            "threshold": self.threshold,
            **self.meta,
        }
        atomic_write(path / WEIGHTS_NAME, lambda tmp: save_file(tensors, tmp))
        atomic_write(path / CONFIG_NAME,
                      lambda tmp: Path(tmp).write_text(json.dumps(config, indent=2), encoding="utf-8"))
        return path

    @classmethod
    def from_pretrained(cls, path: str | Path | None = None, batch_size: int = 32, reach: Reach = DEFAULT_REACH
                        ) -> Detector:
        """Load a bundled detector by name (a ``str`` in ``BUNDLED_MODELS``: ``"default"``, also when no path is
        given, or ``"full"``) or a saved detector folder (any other ``str``, or a ``Path``: ``"./full"`` is a
        folder). ``reach``: how its sequence model reads very long answers (:class:`halluseq.models.reach.Reach`)."""
        if path is None or (isinstance(path, str) and path in BUNDLED_MODELS):
            path = bundled_model_path(path or "default")
        path = Path(path)
        if not (path / CONFIG_NAME).exists() or not (path / WEIGHTS_NAME).exists():
            raise FileNotFoundError(f"{path}: not a halluseq detector (needs {CONFIG_NAME} and {WEIGHTS_NAME})")
        config = json.loads((path / CONFIG_NAME).read_text(encoding="utf-8"))
        if config.get("format_version") != FORMAT_VERSION:
            raise ValueError(f"{path}: detector format {config.get('format_version')}, expected {FORMAT_VERSION}")
        pipeline = FeaturePipeline.from_config(config["features"])
        if pipeline.columns != config["columns"]:
            raise ValueError(f"{path}: the saved feature columns differ from what the installed families give")
        tensors = load_file(str(path / WEIGHTS_NAME))
        spec = config["model"]
        model = build_model(spec["name"], spec["n_features"], **spec.get("options", {}))
        model.load_state_dict({k.removeprefix("model."): v for k, v in tensors.items() if k.startswith("model.")})
        standardizer = Standardizer(*(tensors[f"standardizer.{n}"].numpy() for n in ("medians", "mean", "scale")))
        meta = {k: v for k, v in config.items()
                if k not in ("format_version", "model", "features", "columns", "threshold")}
        return cls(pipeline, standardizer, model, config["threshold"], spec, meta, batch_size, reach)


def _long_answers(section: Any) -> dict[str, Any]:
    """A config's ``long_answers: {max_words, fallback}``, checked."""
    if not isinstance(section, dict) or set(section) != {"max_words", "fallback"}:
        raise ValueError(f"long_answers needs exactly max_words and fallback, got {section!r}")
    if not isinstance(section["max_words"], int) or section["max_words"] < 1:
        raise ValueError(f"long_answers.max_words must be a positive integer, got {section['max_words']!r}")
    if section["fallback"] not in BUNDLED_MODELS:
        raise ValueError(f"long_answers.fallback must be a bundled detector ({', '.join(BUNDLED_MODELS)}), "
                         f"got {section['fallback']!r}")
    return dict(section)


def _skip_reason(item: Mapping[str, Any]) -> str | None:
    """Why an item cannot be scored (empty or non-text context / answer, an answer of punctuation alone), or None."""
    for key in ("context", "answer"):
        value = item.get(key)
        if value is not None and not isinstance(value, str):
            return f"{key} must be a string, got {type(value).__name__}"
        if not value or not value.strip():
            return f"empty {key}"
    if not has_word_character(item["answer"]):  # "...!!!", "—": no word claims anything
        return "answer holds no letter or digit: nothing to check"
    question = item.get("question")
    if question is not None and not isinstance(question, str):
        return f"question must be a string or null, got {type(question).__name__}"
    return None


def _picked(examples: Sequence[Example], probs: Sequence[np.ndarray], keep: Callable[[Example], bool]
            ) -> tuple[list[Example], list[np.ndarray]]:
    """The examples that ``keep`` accepts, and their probabilities."""
    chosen = [i for i, e in enumerate(examples) if keep(e)]
    return [examples[i] for i in chosen], [probs[i] for i in chosen]


def evaluate_detector(detector: Detector, examples: Sequence[Example], progress: bool = False) -> dict[str, Any]:
    """Token, example and span metrics of ``detector`` at its threshold on word-labelled ``examples``; for
    synthetic data (``meta["kind"]``) the flagged share and ``auc_vs_faithful`` per kind, overall and per origin of
    the base; per dataset when there are several. When some answers are labelled per response only (FRANK, BEGIN),
    or no word-labelled answer is hallucinated, ``response_level`` scores every answer by its response label
    (:func:`halluseq.evaluate.response_metrics`); word-level metrics need hallucinated words."""
    from halluseq.evaluate import flag_rates_by_kind, metrics, response_metrics, sliced_metrics

    answers = [e for e in examples if e.n_words > 0]
    all_probs: list[np.ndarray] = []
    step = detector.chunk_size
    for start in tqdm(range(0, len(answers), step), desc="evaluate", unit="chunk", disable=not progress):
        all_probs.extend(detector.probabilities(answers[start:start + step]))
    examples = [e for e in answers if e.word_labels]
    probs = [p for e, p in zip(answers, all_probs, strict=True) if e.word_labels]
    entry: dict[str, Any] = {"examples": len(examples)}
    ranked = any(e.hallucinated for e in examples)  # word-level metrics need hallucinated words to rank
    if ranked:
        entry.update(metrics(examples, probs, detector.threshold))
    if len(examples) < len(answers) or not ranked:  # also: a set of faithful answers alone
        entry["response_level"] = response_metrics(answers, all_probs, detector.threshold)
        datasets = sorted({e.dataset for e in answers})
        if len(datasets) > 1:
            entry["response_level"]["by_dataset"] = {
                name: response_metrics(*_picked(answers, all_probs, lambda e, name=name: e.dataset == name),
                                       detector.threshold)
                for name in datasets}
    by_kind = flag_rates_by_kind(examples, probs, detector.threshold)
    if by_kind:
        entry["by_kind"] = by_kind
        origins = sorted({str(e.meta.get("origin")) for e in examples})
        entry["by_origin"] = {
            origin: flag_rates_by_kind(*_picked(examples, probs, lambda e, o=origin: str(e.meta.get("origin")) == o),
                                       detector.threshold)
            for origin in origins}
    if ranked and len({e.dataset for e in examples}) > 1:
        entry["by_dataset"] = sliced_metrics(examples, probs, detector.threshold)["dataset"]
    return entry


def validation_score(fit: FinalFit) -> float:
    """The mean over the validation part's datasets of their token AUC (each dataset counted once)."""
    from halluseq.train import mean_source_auc

    return mean_source_auc(fit.validation_by_dataset, fit.validation)


def select_seed(config: dict[str, Any], run_dir: str | Path, progress: bool = True
                ) -> tuple[FinalFit, dict[str, float]]:
    """The final fit of ``config``'s ``seed``, or with ``seeds`` (a list) one fit per seed on the same split and the
    one whose :func:`validation_score` is highest (ties: the first), with every seed's score. One training run can
    stop at a poor epoch (RAGTruth validation token AUC 0.80 for one seed of the default recipe, 0.88-0.89 for two
    others): the validation part, never an evaluation set, picks. With ``ensemble: true`` every seed is kept: one
    fit whose model is their :class:`SeedEnsemble` (no pick; an empty selection)."""
    from halluseq.train import fit_final, load_examples

    seeds = config.get("seeds")
    if config.get("ensemble") and not seeds:
        raise ValueError("ensemble: true needs seeds: a list of the members' training seeds")
    if seeds and len({int(seed) for seed in seeds}) != len(seeds):
        raise ValueError(f"seeds must differ (each trains into its own seed<N> folder), got {list(seeds)}")
    if not seeds:
        return fit_final(config, run_dir, progress), {}
    if config.get("ensemble"):
        return fit_final(config, run_dir, progress, ensemble_seeds=seeds), {}
    examples = load_examples(config)  # read (and augmented) once for every seed
    fits = {int(seed): fit_final({**config, "seed": int(seed)}, Path(run_dir) / f"seed{seed}", progress, examples)
            for seed in seeds}
    scores = {seed: validation_score(fit) for seed, fit in fits.items()}
    return fits[max(scores, key=scores.get)], {str(seed): score for seed, score in scores.items()}


def fit_detector(config: dict[str, Any], out: str | Path, run_dir: str | Path, progress: bool = True) -> Detector:
    """Train the configured sequence model on all its data (a grouped part held out for early stopping and the
    threshold), evaluate it on the config's held-out sets, and save it to ``out``.

    Held-out examples that share a document with the training data (same group or same
    :func:`halluseq.data.sources.document_key`) are left out of their evaluation, and counted there.
    Synthetic evaluation sets (examples with ``meta["kind"]``) also get the flagged share per kind, overall and
    per origin of the base (a dataset's answer, or a sentence copied from the context); sets with answers labelled
    per response only (FRANK, BEGIN) get response-level metrics.
    """
    from halluseq.data.sources import document_key
    from halluseq.train import read_data

    long_answers = _long_answers(config["long_answers"]) if config.get("long_answers") else None
    fit, selection = select_seed(config, run_dir, progress)
    spec = {"name": config["model"]["name"], "options": config["model"].get("options") or {},
            "n_features": len(fit.pipeline.columns)}
    if isinstance(fit.model, SeedEnsemble):
        spec = {"name": "ensemble", "options": {"member": spec["name"], "size": len(fit.model.members),
                                                "member_options": spec["options"]}, "n_features": spec["n_features"]}
    pipeline = FeaturePipeline.from_config(fit.pipeline.to_config())  # no cache store inside a shipped model
    detector = Detector(pipeline, fit.standardizer, fit.model, fit.threshold, spec)
    # the same model, reading features through the run's cache: a retrain re-extracts no held-out set
    cached = Detector(fit.pipeline, fit.standardizer, fit.model, fit.threshold, spec)
    evaluations: dict[str, Any] = {"validation": {"data": config["data"], **fit.validation}}
    if len(fit.validation_by_dataset) > 1:
        evaluations["validation"]["by_dataset"] = fit.validation_by_dataset
    seen = fit.documents
    for target in config.get("evaluate", []):
        examples = read_data(target.get("data") or {"path": target["path"], "format": target.get("format", "auto")})
        usable = [e for e in examples if e.n_words > 0]  # word-labelled or labelled per response only (FRANK)
        unseen = [e for e in usable if e.group not in seen and document_key(e.context) not in seen]
        evaluations[target["name"]] = {"data": target.get("data") or target["path"],
                                       "left_out_shared_documents": len(usable) - len(unseen),
                                       **evaluate_detector(cached, unseen)}
    detector.meta = {
        "training": {"data": config["data"], "examples": fit.examples, "by_dataset": fit.examples_by_dataset,
                     "seed": fit.seed, **({"seed_selection": selection} if selection else {}),
                     **({"ensemble_members": fit.members} if fit.members else {}),
                     "licences": config.get("licences", {}),
                     "licence": detector_licence(config.get("licence", RESEARCH), pipeline.to_config()),
                     "command": config.get("command", "")},
        "metrics": evaluations,
        **({"long_answers": long_answers} if long_answers else {}),
    }
    detector.save_pretrained(out)
    return detector
