"""Lightning training of the sequence models: length-bucketed batches, data module, module (SPEC 4)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import Any

import numpy as np
import pytorch_lightning as pl
import torch
from sklearn.metrics import f1_score, roc_auc_score
from torch.utils.data import DataLoader, Sampler

from halluseq.models import build_model
from halluseq.models.batching import Batch, SequenceDataset, collate, predict

__all__ = ["LengthBucketSampler", "SequenceDataModule", "SequenceDataset", "TaggerModule", "collate", "predict"]


def bucketed_batches(lengths: torch.Tensor, batch_size: int, jitter: float,
                     generator: torch.Generator) -> list[list[int]]:
    """Index batches of similar (jittered) length, in a random order drawn from ``generator``."""
    noise = 1 + jitter * (2 * torch.rand(len(lengths), generator=generator, dtype=torch.float64) - 1)
    batches = list(torch.split(torch.argsort(lengths * noise, stable=True), batch_size))
    return [batches[b].tolist() for b in torch.randperm(len(batches), generator=generator).tolist()]


class LengthBucketSampler(Sampler[list[int]]):
    """Batches of similar length (fewer recurrent steps per epoch), in a new random order every epoch.

    Lengths are jittered by up to ``jitter`` (relative) before sorting, so batch membership varies too.
    """

    def __init__(self, lengths: Sequence[int], batch_size: int, generator: torch.Generator, jitter: float = 0.2):
        self.lengths = torch.as_tensor(lengths, dtype=torch.float64)
        self.batch_size, self.generator, self.jitter = batch_size, generator, jitter

    def __len__(self) -> int:
        return -(-len(self.lengths) // self.batch_size)

    def __iter__(self):
        yield from bucketed_batches(self.lengths, self.batch_size, self.jitter, self.generator)


class SequenceDataModule(pl.LightningDataModule):
    """Train / validation / prediction loaders over already standardized features."""

    def __init__(self, train: SequenceDataset, validation: SequenceDataset, batch_size: int = 32, seed: int = 0,
                 bucket_by_length: bool = True):
        super().__init__()
        self.train, self.validation = train, validation
        self.batch_size, self.seed, self.bucket_by_length = batch_size, seed, bucket_by_length

    def train_dataloader(self) -> DataLoader:
        generator = torch.Generator().manual_seed(self.seed)
        if self.bucket_by_length:
            lengths = [len(y) for y in self.train.labels]
            return DataLoader(self.train, batch_sampler=LengthBucketSampler(lengths, self.batch_size, generator),
                              collate_fn=collate)
        return DataLoader(self.train, batch_size=self.batch_size, shuffle=True, collate_fn=collate,
                          generator=generator)

    def val_dataloader(self) -> DataLoader:
        return DataLoader(self.validation, batch_size=self.batch_size, collate_fn=collate)


class TaggerModule(pl.LightningModule):
    """Wraps a :class:`SequenceLabeler`: class-weighted loss, AdamW, validation token F1 at 0.5 and AUC."""

    def __init__(self, model: str, n_features: int, model_options: dict[str, Any] | None = None,
                 pos_weight: float = 1.0, lr: float = 1e-3, weight_decay: float = 1e-4,
                 val_sources: Sequence[str] | None = None):
        super().__init__()
        self.save_hyperparameters(ignore=["val_sources"])
        self.model = build_model(model, n_features, **(model_options or {}))
        # the source (dataset) of each validation example, in the validation loader's order: with them the mean of
        # the sources' token F1 at 0.5 is logged too (val_f1_sources), each source counted once
        self.val_sources = list(val_sources) if val_sources is not None else None
        self._val: list[tuple[np.ndarray, np.ndarray]] = []

    def training_step(self, batch: Batch, batch_idx: int) -> torch.Tensor:
        loss = self.model.loss(batch.features, batch.lengths, batch.labels, self.hparams.pos_weight)
        self.log("train_loss", loss, on_epoch=True, on_step=False, batch_size=len(batch.lengths))
        return loss

    def validation_step(self, batch: Batch, batch_idx: int) -> None:
        loss = self.model.loss(batch.features, batch.lengths, batch.labels, self.hparams.pos_weight)
        self.log("val_loss", loss, on_epoch=True, batch_size=len(batch.lengths))
        probs = self.model.predict_proba(batch.features, batch.lengths).cpu().numpy()
        labels = batch.labels.cpu().numpy()
        for row, length in enumerate(batch.lengths.tolist()):
            self._val.append((probs[row, :length], labels[row, :length]))

    def on_validation_epoch_end(self) -> None:
        per_example, self._val = self._val, []
        probs = np.concatenate([p for p, _ in per_example])
        labels = np.concatenate([y for _, y in per_example]).astype(int)
        self.log("val_f1", float(f1_score(labels, probs > 0.5, zero_division=0)))
        # a validation part of one class ranks nothing: chance, so that early stopping on val_auc still has a value
        self.log("val_auc", float(roc_auc_score(labels, probs)) if 0 < labels.sum() < len(labels) else 0.5)
        if self.val_sources is not None:
            if len(self.val_sources) != len(per_example):
                raise ValueError(f"val_sources names {len(self.val_sources)} validation examples, the loader gave "
                                 f"{len(per_example)}")
            by_source: dict[str, list[tuple[np.ndarray, np.ndarray]]] = defaultdict(list)
            for source, example in zip(self.val_sources, per_example, strict=True):
                by_source[source].append(example)
            scores = [f1_score(np.concatenate([y for _, y in by_source[source]]).astype(int),
                               np.concatenate([p for p, _ in by_source[source]]) > 0.5, zero_division=0)
                      for source in sorted(by_source)]
            self.log("val_f1_sources", float(np.mean(scores)))

    def configure_optimizers(self) -> torch.optim.Optimizer:
        return torch.optim.AdamW(self.parameters(), lr=self.hparams.lr, weight_decay=self.hparams.weight_decay)
