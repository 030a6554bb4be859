"""Training (SPEC 4): a sequence model beats a per-word one on a neighbour task; the run folder end to end."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
import torch
from sklearn.metrics import roc_auc_score
from torch.utils.data import DataLoader

from halluseq.cli import main
from halluseq.data import Example, Span
from halluseq.data.splits import Fold
from halluseq.models import GRUTagger, WordLogReg
from halluseq.models.lightning import SequenceDataset, collate, predict
from halluseq.train import load_config, quiet_lightning, train, tuned_threshold, validated_on

pytestmark = pytest.mark.usefixtures("one_thread")


# ---- a label that only the neighbour explains ----------------------------------------------------------

def neighbour_task(n: int, rng: np.random.Generator) -> tuple[list[np.ndarray], list[np.ndarray]]:
    """label[t] = 1 iff feature 0 of word t - 1 exceeds 1.0; columns 1..3 are noise."""
    features, labels = [], []
    for _ in range(n):
        x = rng.normal(size=(int(rng.integers(8, 25)), 4)).astype(np.float32)
        y = np.zeros(len(x), dtype=np.float32)
        y[1:] = x[:-1, 0] > 1.0
        features.append(x)
        labels.append(y)
    return features, labels


def fit_gru(direction: str, train_x, train_y, pos_weight: float) -> GRUTagger:
    """A small GRU tagger trained for 6 epochs with a plain torch loop."""
    torch.manual_seed(0)
    model = GRUTagger(4, hidden=32, direction=direction)
    optimizer = torch.optim.AdamW(model.parameters(), lr=5e-3)
    loader = DataLoader(SequenceDataset(train_x, train_y), batch_size=32, shuffle=True, collate_fn=collate,
                        generator=torch.Generator().manual_seed(0))
    for _ in range(6):
        model.train()
        for batch in loader:
            optimizer.zero_grad()
            model.loss(batch.features, batch.lengths, batch.labels, pos_weight).backward()
            optimizer.step()
    return model


def test_bigru_uses_neighbours_where_logreg_cannot():
    rng = np.random.default_rng(0)
    train_x, train_y = neighbour_task(200, rng)
    test_x, test_y = neighbour_task(60, rng)
    words = np.concatenate(train_y)
    pos_weight = float((1 - words).sum() / words.sum())

    model = fit_gru("both", train_x, train_y, pos_weight)
    gold = np.concatenate(test_y)
    bigru_auc = roc_auc_score(gold, np.concatenate(predict(model, SequenceDataset(test_x, test_y))["prob"]))

    logreg = WordLogReg().fit(np.concatenate(train_x), words)
    logreg_auc = roc_auc_score(gold, logreg.predict_proba(np.concatenate(test_x)))
    assert logreg_auc < 0.65  # the word itself says nothing
    assert bigru_auc > 0.9
    assert bigru_auc > logreg_auc + 0.15


def test_forward_gru_solves_the_neighbour_task_backward_gru_cannot():
    """The label looks one word back: a forward GRU sees it, a backward-only GRU does not."""
    rng = np.random.default_rng(1)
    train_x, train_y = neighbour_task(200, rng)
    test_x, test_y = neighbour_task(60, rng)
    aucs = {}
    for direction in ("forward", "backward"):
        model = fit_gru(direction, train_x, train_y, 5.0)
        probs = predict(model, SequenceDataset(test_x, test_y))["prob"]
        aucs[direction] = roc_auc_score(np.concatenate(test_y), np.concatenate(probs))
    assert aucs["forward"] > 0.9
    assert aucs["backward"] < 0.7


# ---- the run folder, end to end -------------------------------------------------------------------------

VOCAB = ["river", "city", "bridge", "market", "tower", "garden", "school", "harbor", "museum", "station",
         "library", "castle", "forest", "valley", "village", "temple", "palace", "island", "lake", "mountain"]
NOVEL = ["purple", "zeppelin", "1987", "quantum", "Atlantis", "seventeen", "Napoleon", "banana"]


def synthetic_examples() -> list[Example]:
    """60 answers in 12 groups (a shared context each); hallucinated runs use words absent from the context."""
    rng = np.random.default_rng(0)
    examples = []
    for g in range(12):
        context_words = list(rng.choice(VOCAB, size=12))
        context = "The " + " ".join(context_words) + "."
        for k in range(5):
            words = list(rng.choice(context_words, size=int(rng.integers(8, 16))))
            spans = []
            if (g + k) % 2 == 0:
                at = int(rng.integers(1, len(words) - 2))
                novel = list(rng.choice(NOVEL, size=int(rng.integers(1, 4))))
                before = " ".join(words[:at]) + " "
                inserted = " ".join(novel)
                spans.append((len(before), len(before) + len(inserted)))
                words = words[:at] + novel + words[at:]
            examples.append(Example(id=f"ex{g}-{k}", context=context, answer=" ".join(words), group=f"src{g}",
                                    spans=tuple(Span(a, b) for a, b in spans), task="QA" if g % 2 else "Summary",
                                    generator=f"gen{k % 2}"))
    return examples


def config_for(model: str, seed: int = 0) -> dict:
    config = load_config()
    config["model"] = {"name": model, "options": {}}
    config["protocol"] = {"name": "cv", "folds": 3, "val_fraction": 0.15, "fold_seed": 42}
    config["training"].update(max_epochs=2, batch_size=16)
    config["seed"] = seed
    return config


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """The run folders of logreg, bigru (twice, same seed) and bigru_crf on the same synthetic data."""
    root = tmp_path_factory.mktemp("runs")
    examples = synthetic_examples()
    assert sum(e.hallucinated for e in examples) >= 20
    quiet_lightning()
    out = {}
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("HALLUSEQ_CACHE", str(root / "cache"))
        for name, model in (("logreg", "logreg"), ("bigru", "bigru"), ("bigru_again", "bigru"),
                            ("bigru_crf", "bigru_crf")):
            results = train(config_for(model), root / name, progress=False, examples=examples)
            out[name] = (root / name, results)
    out["examples"] = examples
    out["cache"] = root / "cache"
    return out


def read_predictions(run_dir: Path) -> list[dict]:
    return [json.loads(line) for line in (run_dir / "predictions.jsonl").read_text(encoding="utf-8").splitlines()]


@pytest.mark.parametrize("name", ["logreg", "bigru", "bigru_crf"])
def test_run_folder(runs, name):
    run_dir, results = runs[name]
    examples = runs["examples"]
    assert (run_dir / "config.yaml").is_file()
    metrics = json.loads((run_dir / "metrics.json").read_text(encoding="utf-8"))
    assert metrics["scores"] == json.loads(json.dumps(results["scores"]))
    assert metrics["model"] == name and metrics["protocol"] == "cv" and metrics["folds"] == 3
    assert len(metrics["columns"]) == 20
    overall = metrics["scores"]["prob"]["overall"]
    assert 0 <= overall["token_auc"] <= 1
    assert overall["examples"] == len(examples)
    assert set(metrics["scores"]["prob"]["task"]) == {"QA", "Summary"}
    rows = read_predictions(run_dir)
    assert len(rows) == len(examples)
    by_id = {e.id: e for e in examples}
    assert {row["id"] for row in rows} == set(by_id)
    for row in rows:
        assert len(row["prob"]) == by_id[row["id"]].n_words
        assert row["fold"] in {"fold0", "fold1", "fold2"}
    assert any(runs["cache"].rglob("*.npz"))  # features went through the cache under HALLUSEQ_CACHE


def test_logreg_learns_the_novel_words(runs):
    _, results = runs["logreg"]
    assert results["scores"]["prob"]["overall"]["token_auc"] > 0.9


def test_bigru_crf_reports_all_variants(runs):
    run_dir, results = runs["bigru_crf"]
    assert set(results["scores"]) == {"prob", "softmax", "viterbi"}
    for row in read_predictions(run_dir):
        assert len(row["prob"]) == len(row["softmax"]) == len(row["viterbi"])
        assert set(row["viterbi"]) <= {0.0, 1.0}


def test_same_seed_same_numbers(runs):
    first, second = runs["bigru"][0], runs["bigru_again"][0]
    a = json.loads((first / "metrics.json").read_text(encoding="utf-8"))
    b = json.loads((second / "metrics.json").read_text(encoding="utf-8"))
    assert a["scores"] == b["scores"]
    assert a["thresholds"] == b["thresholds"]
    assert read_predictions(first) == read_predictions(second)


def test_evaluate_command_prints_the_table(runs, capsys):
    run_dir, _ = runs["bigru_crf"]
    assert main(["evaluate", str(run_dir)]) == 0
    out = capsys.readouterr().out
    assert "tok_auc" in out
    assert "bigru_crf:prob" in out and "bigru_crf:viterbi" in out
    assert "task=QA" in out and "generator=gen0" in out


def test_validate_on_keeps_only_those_datasets_in_the_validation_part(make_example):
    examples = [replace(make_example(f"Answer {i}.", "Context."), dataset="ab"[i % 2]) for i in range(8)]
    fold = Fold("fold0", np.arange(4), np.arange(4, 8), np.array([], dtype=np.int64))
    assert validated_on(fold, examples, None) is fold
    kept = validated_on(fold, examples, ["a"])
    assert kept.validation.tolist() == [4, 6] and kept.train.tolist() == [0, 1, 2, 3]
    with pytest.raises(ValueError, match=r"validate_on \['c'\]: fold fold0 has no validation example"):
        validated_on(fold, examples, ["c"])


def test_threshold_by_sources_lets_a_short_source_count_once():
    """``training.threshold_by``: pooled words favour the source with most words; ``sources`` weighs each once."""
    examples = [Example(id="long", context="c", answer="w " * 10, dataset="long"),
                Example(id="short", context="c", answer="w w", dataset="short")]
    labels = [np.array([0] * 8 + [1, 1]), np.array([0, 1])]
    probs = [np.array([0.1] * 4 + [0.5, 0.5, 0.6, 0.6] + [0.8, 0.9]), np.array([0.2, 0.5])]
    assert tuned_threshold({"training": {}}, examples, labels, probs) == pytest.approx(0.8)
    assert tuned_threshold({"training": {"threshold_by": "sources"}}, examples, labels, probs) == pytest.approx(0.5)
    with pytest.raises(ValueError, match="threshold_by"):
        tuned_threshold({"training": {"threshold_by": "answers"}}, examples, labels, probs)


def test_val_f1_sources_counts_each_source_once(monkeypatch):
    """The ``val_f1_sources`` monitor is the mean of the sources' token F1 at 0.5, from the validation examples in
    loader order (several batches), whatever the number of words each source holds."""
    from sklearn.metrics import f1_score

    from halluseq.models.lightning import TaggerModule

    rng = np.random.default_rng(0)
    lengths = [40, 3, 35, 4, 30, 2]  # long answers of "rag", one-line ones of "claims"
    sources = ["rag", "claims"] * 3
    features = [rng.normal(size=(n, 4)).astype(np.float32) for n in lengths]
    labels = [(rng.random(n) < 0.4).astype(np.float32) for n in lengths]
    module = TaggerModule("bigru", 4, {"hidden": 4}, val_sources=sources)
    logged: dict[str, float] = {}
    monkeypatch.setattr(module, "log", lambda name, value, **kwargs: logged.__setitem__(name, float(value)))
    module.eval()
    with torch.no_grad():
        for index, batch in enumerate(DataLoader(SequenceDataset(features, labels), batch_size=4, collate_fn=collate)):
            module.validation_step(batch, index)
        module.on_validation_epoch_end()
    probs = predict(module.model, SequenceDataset(features, labels))["prob"]
    per_source = [f1_score(np.concatenate([labels[i] for i in range(6) if sources[i] == s]).astype(int),
                           np.concatenate([probs[i] for i in range(6) if sources[i] == s]) > 0.5, zero_division=0)
                  for s in ("claims", "rag")]
    assert logged["val_f1_sources"] == pytest.approx(np.mean(per_source), abs=1e-6)
    pooled = f1_score(np.concatenate(labels).astype(int), np.concatenate(probs) > 0.5, zero_division=0)
    assert logged["val_f1"] == pytest.approx(pooled, abs=1e-6)
    mismatched = TaggerModule("bigru", 4, {"hidden": 4}, val_sources=sources[:5])
    monkeypatch.setattr(mismatched, "log", lambda *args, **kwargs: None)
    mismatched._val.extend(zip(probs, labels, strict=True))
    with pytest.raises(ValueError, match="val_sources names 5 validation examples"):
        mismatched.on_validation_epoch_end()


def test_val_auc_is_logged_and_is_chance_on_one_class(monkeypatch):
    """``val_auc`` is the pooled token AUC of the validation words, and 0.5 where they are all of one class, so
    early stopping on it (configs/sweep.yaml) has a value for every validation part."""
    from halluseq.models.lightning import TaggerModule

    rng = np.random.default_rng(1)
    features = [rng.normal(size=(n, 4)).astype(np.float32) for n in (12, 5, 9)]
    for labels in ([(rng.random(len(x)) < 0.4).astype(np.float32) for x in features],
                   [np.zeros(len(x), dtype=np.float32) for x in features]):
        module = TaggerModule("bigru", 4, {"hidden": 4})
        logged: dict[str, float] = {}
        monkeypatch.setattr(module, "log",
                            lambda name, value, into=logged, **kwargs: into.__setitem__(name, float(value)))
        module.eval()
        with torch.no_grad():
            for index, batch in enumerate(DataLoader(SequenceDataset(features, labels), batch_size=2,
                                                     collate_fn=collate)):
                module.validation_step(batch, index)
            module.on_validation_epoch_end()
        pooled = np.concatenate(labels)
        probs = np.concatenate(predict(module.model, SequenceDataset(features, labels))["prob"])
        expected = roc_auc_score(pooled, probs) if pooled.any() else 0.5
        assert logged["val_auc"] == pytest.approx(expected, abs=1e-6)


def test_training_stops_on_val_auc_without_hallucinated_validation_words(tmp_path):
    """A run that stops early on ``val_auc`` trains where no validation word is hallucinated (Lightning's early
    stopping raised on the missing metric before)."""
    examples = [replace(e, spans=()) if e.group != "src0" else e for e in synthetic_examples()]
    config = config_for("bigru")
    config["training"].update(monitor="val_auc", patience=1, max_epochs=2)
    quiet_lightning()
    results = train(config, tmp_path / "run", progress=False, examples=examples)
    assert results["folds"] == 3
    assert (tmp_path / "run" / "metrics.json").is_file()
