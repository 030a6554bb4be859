"""Shared fixtures: the path of the shared data, a quick Example builder, synthetic datasets and a tiny sweep."""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import yaml
from hypothesis import settings

from halluseq.data import Example, Span

# No per-example deadline: CI machines can be slow. (.hypothesis/ holds its own .gitignore.)
settings.register_profile("halluseq", deadline=None)
settings.load_profile("halluseq")

SHARED_DATA = Path(__file__).resolve().parents[2] / "shared" / "data"

_ids = itertools.count()


def build_example(answer: str, context: str = "", spans: Iterable[tuple[int, int]] = (),
                  **fields: Any) -> Example:
    """An Example with sensible defaults; ``spans`` are ``(start, end)`` pairs into ``answer``."""
    fields.setdefault("id", f"ex-{next(_ids)}")
    fields.setdefault("group", fields["id"])
    return Example(context=context, answer=answer, spans=tuple(Span(s, e) for s, e in spans), **fields)


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """``../shared/data`` beside the repository (always present)."""
    assert SHARED_DATA.is_dir(), f"shared data not found at {SHARED_DATA}"
    return SHARED_DATA


@pytest.fixture
def make_example() -> Callable[..., Example]:
    """``make_example(answer, context="", spans=(), **fields)`` -> Example."""
    return build_example


# ---- a tiny sweep on synthetic data (tests/test_sweep.py, tests/test_report.py) ------------------------------

VOCAB = ["river", "city", "bridge", "market", "tower", "garden", "school", "harbor", "museum", "station",
         "library", "castle", "forest", "valley", "village", "temple", "palace", "island", "lake", "mountain"]
NOVEL = ["purple", "zeppelin", "1987", "quantum", "Atlantis", "seventeen", "Napoleon", "banana"]


def synthetic_records(n_groups: int, per_group: int, seed: int, prefix: str) -> list[dict[str, Any]]:
    """Generic-format records: answers drawn from their group's context, hallucinated runs of novel words;
    three generators and two tasks, every group answered by several generators."""
    rng = np.random.default_rng(seed)
    records = []
    for g in range(n_groups):
        context_words = list(rng.choice(VOCAB, size=12))
        for k in range(per_group):
            words = list(rng.choice(context_words, size=int(rng.integers(8, 16))))
            spans = []
            if rng.random() < 0.5:
                at = int(rng.integers(1, len(words) - 2))
                before, novel = " ".join(words[:at]) + " ", " ".join(rng.choice(NOVEL, size=int(rng.integers(1, 4))))
                spans.append({"start": len(before), "end": len(before) + len(novel)})
                words = words[:at] + novel.split() + words[at:]
            records.append({"id": f"{prefix}{g}-{k}", "context": "The " + " ".join(context_words) + ".",
                            "question": None, "response": " ".join(words), "spans": spans,
                            "task": "QA" if g % 2 else "Summary", "generator": f"gen{(g + k) % 3}",
                            "group": f"{prefix}src{g}"})
    return records


def write_jsonl(path: Path, records: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


@pytest.fixture
def synthetic_dataset(tmp_path) -> Callable[..., Path]:
    """``synthetic_dataset(name, n_groups, per_group, seed)`` -> a generic JSONL file of
    :func:`synthetic_records` (ids and groups prefixed with ``name``) under ``tmp_path``."""
    return lambda name, n_groups, per_group, seed: write_jsonl(
        tmp_path / f"{name}.jsonl", synthetic_records(n_groups, per_group, seed, prefix=name))


def tiny_sweep_config(root: Path) -> dict[str, Any]:
    """Sweep config over synthetic data: LogReg, a small BiGRU and BiGRU-CRF, 3-fold CV, 2 epochs, 3 seeds,
    leave-one-generator-out (2 seeds) and one transfer pair (2 models, 2 seeds)."""
    root.mkdir(parents=True, exist_ok=True)
    data = write_jsonl(root / "a.jsonl", synthetic_records(12, 5, seed=0, prefix="a"))
    target = write_jsonl(root / "b.jsonl", synthetic_records(6, 5, seed=1, prefix="b"))
    models = []
    for name, options in (("logreg", {}), ("bigru", {"hidden": 8, "layers": 1}),
                          ("bigru_crf", {"hidden": 8, "layers": 1})):
        path = root / f"{name}.yaml"
        path.write_text(yaml.safe_dump({"model": {"name": name, "options": options}}), encoding="utf-8")
        models.append({"config": str(path), **({"scores": ["prob", "softmax"]} if name == "bigru_crf" else {})})
    return {
        "data": {"path": str(data)},
        "protocol": {"name": "cv", "folds": 3, "val_fraction": 0.15, "fold_seed": 42},
        "training": {"max_epochs": 2, "batch_size": 16, "patience": 1},
        "seeds": [0, 1, 2],
        "models": models,
        "lomo": {"seeds": [0, 1]},
        "transfer": [{"name": "a-to-b", "train": str(data), "test": str(target), "models": ["LogReg", "BiGRU"],
                      "seeds": [0, 1]}],
        "report": {"bootstrap": {"samples": 200}},
    }


@pytest.fixture(scope="session")
def tiny_sweep(tmp_path_factory) -> dict[str, Any]:
    """The tiny sweep, run once: ``{"dir", "config" (its YAML), "sweep" (loaded), "summary", "cache"}``
    (one torch thread, its own feature cache)."""
    from halluseq.sweep import load_sweep_config, run_sweep, single_threaded
    from halluseq.train import quiet_lightning

    root = tmp_path_factory.mktemp("tiny_sweep")
    config_path = root / "sweep.yaml"
    config_path.write_text(yaml.safe_dump(tiny_sweep_config(root / "inputs"), sort_keys=False), encoding="utf-8")
    quiet_lightning()
    with pytest.MonkeyPatch.context() as patch, single_threaded():
        patch.setenv("HALLUSEQ_CACHE", str(root / "cache"))
        sweep = load_sweep_config(config_path)
        summary = run_sweep(sweep, root / "sweep", progress=False)
    return {"dir": root / "sweep", "config": config_path, "sweep": sweep, "summary": summary, "cache": root / "cache"}


@pytest.fixture(scope="module")
def one_thread():
    """One torch and one BLAS thread for a training module (small models train faster and a busy machine is not
    oversubscribed); Lightning's ``deterministic=True`` global flag is restored after."""
    from halluseq.sweep import single_threaded

    with single_threaded():
        yield
