"""The project's NLI model: data reading, training guard rails, a tiny training run, loading and the bundled model."""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest

from halluseq.cli import main
from halluseq.data.records import DataFormatError
from halluseq.nli.data import EVALUATION_FILES, Pair, read_pairs, training_pairs
from halluseq.nli.model import (
    FINETUNED_MARKER,
    FINETUNED_WEIGHTS,
    MINILM_BASE,
    NLI_LABELS,
    bundled_nli_path,
    label_index,
    load_nli_model,
    read_finetuned,
)
from halluseq.nli.training import (
    EpochBuckets,
    evaluate_files,
    load_nli_config,
    predict_pairs,
    report_markdown,
    train_nli,
)

PAIRS = [
    {"premise": "A cat sat on the mat.", "hypothesis": "A cat is on a mat.", "label": "entailment"},
    {"premise": "A man plays a guitar on stage.", "hypothesis": "A man is sleeping at home.", "label": "contradiction"},
    {"premise": "A woman walks a dog in the park.", "hypothesis": "The woman owns two dogs.", "label": "neutral"},
]


def write_pairs(folder: Path, name: str, records: list[dict], repeat: int = 1) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records * repeat), encoding="utf-8")
    return path


def test_read_pairs_maps_labels_and_names_the_bad_line(tmp_path):
    path = write_pairs(tmp_path, "train", PAIRS)
    pairs = read_pairs(path)
    assert [p.label for p in pairs] == [NLI_LABELS.index(r["label"]) for r in PAIRS]
    path.write_text(path.read_text() + '{"premise": "x", "hypothesis": "y", "label": "maybe"}\n')
    with pytest.raises(DataFormatError, match=r"train\.jsonl:4: label 'maybe'"):
        read_pairs(path)


def test_training_refuses_evaluation_files_and_samples_with_the_seed(tmp_path):
    write_pairs(tmp_path, "a", PAIRS, repeat=10)
    with pytest.raises(ValueError, match="snli_test"):
        training_pairs(tmp_path, {"a": None, "snli_test": None}, seed=0)
    first = training_pairs(tmp_path, {"a": 7}, seed=3)
    assert len(first) == 7 and first == training_pairs(tmp_path, {"a": 7}, seed=3)
    assert len(training_pairs(tmp_path, {"a": None}, seed=0)) == 30
    assert set(EVALUATION_FILES) >= {"snli_test", "mnli_dev_matched", "sick_test"}


@pytest.mark.parametrize("names", [("entailment", "neutral", "contradiction"),
                                   ("CONTRADICTION", "ENTAILMENT", "NEUTRAL"),
                                   ("neutral", "contradiction", "entailment")])
def test_label_index_reads_id2label(names):
    index = label_index(SimpleNamespace(id2label=dict(enumerate(names))))
    assert {label: names[i].lower() for label, i in index.items()} == {label: label for label in NLI_LABELS}


def test_label_index_refuses_a_two_way_model():
    with pytest.raises(ValueError, match="3-way"):
        label_index(SimpleNamespace(id2label={0: "entailment", 1: "not_entailment"}))


def test_tiny_training_run_saves_small_adapters_that_load_and_evaluate(tmp_path):
    data = tmp_path / "nli"
    write_pairs(data, "train_file", PAIRS, repeat=8)
    write_pairs(data, "eval_file", PAIRS)
    (data / "STATS.json").write_text(json.dumps({"train_file": {"license": "CC0", "repo": "here"}}))
    config = load_nli_config(None)
    config.update(data=str(data), files={"train_file": None}, evaluation_files=["eval_file"])
    config["lora"] = {"rank": 2, "alpha": 4, "dropout": 0.0}
    config["training"].update(batch_size=8, max_length=32, precision="32-true")
    out = tmp_path / "adapters"
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        summary = train_nli(config, out, progress=False, log_dir=tmp_path / "logs")
    # third-party deprecation notes (peft, transformers, Lightning) stay behind --verbose
    assert not [w for w in caught if issubclass(w.category, (FutureWarning, DeprecationWarning))]
    assert summary["pairs"] == 24 and summary["steps"] == 3
    assert (tmp_path / "logs" / "version_0" / "metrics.csv").exists()
    assert "CC0" in (out / "LICENSES.md").read_text()
    assert json.loads((out / "adapter_config.json").read_text())["base_model_name_or_path"] == MINILM_BASE
    assert sum(f.stat().st_size for f in out.iterdir()) < 10 * 2**20
    report = json.loads((out / "evaluation.json").read_text())
    assert report["eval_file"]["pairs"] == 3 and np.sum(report["eval_file"]["confusion"]) == 3
    assert "| eval_file | 3 |" in report_markdown(report)
    model, tokenizer = load_nli_model(str(out))
    probs = predict_pairs(model, tokenizer, [Pair(r["premise"], r["hypothesis"], 0) for r in PAIRS])
    assert probs.shape == (3, 3) and np.allclose(probs.sum(1), 1.0)
    again = evaluate_files(model, tokenizer, data, ["eval_file"], max_length=32, progress=False)
    assert again["eval_file"]["accuracy"] == pytest.approx(report["eval_file"]["accuracy"])


def tiny_full_config(tmp_path: Path, seed: int = 0) -> dict:
    data = tmp_path / "nli"
    write_pairs(data, "train_file", PAIRS, repeat=16)
    write_pairs(data, "eval_file", PAIRS)
    (data / "STATS.json").write_text(json.dumps({"train_file": {"license": "MIT", "repo": "here"}}))
    config = load_nli_config(None)
    config.update(data=str(data), files={"train_file": None}, evaluation_files=["eval_file"], finetune="full",
                  seed=seed, licence="commercial use OK")
    config["training"].update(batch_size=8, max_length=32, precision="32-true", epochs=2, checkpoint_every=4)
    return config


def test_epoch_buckets_are_fixed_per_epoch_and_skip_what_a_checkpoint_saw():
    sampler = EpochBuckets(lengths=list(range(50)), batch_size=8, seed=1)
    first = list(sampler)
    assert sorted(i for batch in first for i in batch) == list(range(50)) and len(first) == len(sampler) == 7
    assert list(sampler) == first  # same epoch, same batches
    sampler.set_epoch(1)
    assert list(sampler) != first
    sampler.resume_at(7 + 3)  # step 10 = epoch 1, batch 3
    assert list(sampler) == sampler.batches(1)[3:]
    assert list(sampler) == sampler.batches(1)  # the skip applies to one pass only


def test_full_finetune_ships_half_precision_weights_and_loads_quietly(tmp_path, capfd):
    config = tiny_full_config(tmp_path)
    out = tmp_path / "model"
    summary = train_nli(config, out, progress=False, log_dir=tmp_path / "logs")
    assert summary["steps"] == 12 and summary["finetune"] == "full" and summary["licence"] == "commercial use OK"
    marker = json.loads((out / FINETUNED_MARKER).read_text())
    assert marker["base"] == MINILM_BASE and marker["dtype"] == "float16"
    weights = read_finetuned(out)
    assert not any(name.startswith("bert.embeddings.") for name in weights)  # read from the MiniLM package
    assert {str(t.dtype) for t in weights.values()} == {"torch.float16"}
    assert (out / FINETUNED_WEIGHTS).stat().st_size < 25 * 2**20
    assert "commercial use OK" in (out / "LICENSES.md").read_text()
    assert not (tmp_path / "logs" / "checkpoints" / "last.ckpt").exists()  # spent once the model is written
    capfd.readouterr()
    model, tokenizer = load_nli_model(str(out))
    printed = capfd.readouterr()
    assert "MISSING" not in printed.out + printed.err and "newly initialized" not in printed.out + printed.err
    probs = predict_pairs(model, tokenizer, [Pair(r["premise"], r["hypothesis"], 0) for r in PAIRS])
    assert probs.shape == (3, 3) and np.allclose(probs.sum(1), 1.0)


def test_a_stopped_run_resumes_mid_epoch_to_the_uninterrupted_weights(tmp_path):
    straight = train_nli(tiny_full_config(tmp_path), tmp_path / "straight", progress=False,
                         log_dir=tmp_path / "straight_logs")
    stopped = train_nli(tiny_full_config(tmp_path), tmp_path / "resumed", progress=False,
                        log_dir=tmp_path / "resumed_logs", stop_at_step=5)
    assert stopped["stopped_at"] == 5 and not (tmp_path / "resumed").exists()
    resumed = train_nli(tiny_full_config(tmp_path), tmp_path / "resumed", progress=False,
                        log_dir=tmp_path / "resumed_logs")
    assert resumed["resumed_from_step"] == 5 and resumed["steps"] == straight["steps"] == 12
    other_seed = train_nli(tiny_full_config(tmp_path, seed=1), tmp_path / "other", progress=False,
                           log_dir=tmp_path / "other_logs")
    assert other_seed["steps"] == 12
    a, b, c = (read_finetuned(tmp_path / name) for name in ("straight", "resumed", "other"))
    resume_gap = max((a[k].float() - b[k].float()).abs().max().item() for k in a)
    seed_gap = max((a[k].float() - c[k].float()).abs().max().item() for k in a)
    assert resume_gap <= 2e-3 < seed_gap  # float16 rounding of equal float32 weights at most


needs_bundled = pytest.mark.skipif(not any((bundled_nli_path() / name).exists()
                                       for name in (FINETUNED_MARKER, "adapter_config.json")),
                                   reason="bundled NLI model not built")


@needs_bundled
def test_bundled_model_orders_clear_cases():
    model, tokenizer = load_nli_model()
    probs = predict_pairs(model, tokenizer, [
        Pair("A cat sat on the mat.", "A cat is on a mat.", 0),
        Pair("The company hired 25 new engineers in 2019.", "The company hired 52 new engineers in 2019.", 0),
    ])
    assert NLI_LABELS[probs[0].argmax()] == "entailment"
    assert NLI_LABELS[probs[1].argmax()] == "contradiction"


@needs_bundled
def test_evaluate_nli_command_on_a_real_file(shared_data, capsys):
    assert main(["evaluate-nli", "--data", str(shared_data / "nli"), "--files", "rte_dev_2way"]) == 2
    assert "not_entailment" in capsys.readouterr().err
    assert main(["evaluate-nli", "--data", str(shared_data / "nli"), "--files", "nli4ct_dev", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["nli4ct_dev"]["pairs"] == 198 and 0.0 <= report["nli4ct_dev"]["accuracy"] <= 1.0
