"""On-disk feature cache: chunks of examples keyed by their content hash and the extractor's fingerprint."""

from __future__ import annotations

import hashlib
import json
import zipfile
from collections.abc import Sequence
from pathlib import Path

import numpy as np
from tqdm.auto import tqdm

from halluseq.data.example import Example
from halluseq.features.base import FeatureExtractor
from halluseq.files import atomic_write


def _save_npz(tmp: str, arrays: dict[str, np.ndarray]) -> None:
    with open(tmp, "wb") as out:  # a handle, so numpy does not append ".npz" to the name
        np.savez(out, **arrays)


def chunk_hash(examples: Sequence[Example]) -> str:
    """Content hash of a run of examples (their order included)."""
    digest = hashlib.sha256()
    for example in examples:
        digest.update(example.content_hash.encode("ascii"))
    return digest.hexdigest()[:24]


class FeatureStore:
    """Caches each extractor's output under ``root/<family>/<fingerprint>/<chunk hash>.npz``.

    Examples are processed in fixed-size chunks from the start of the dataset, so an interrupted
    extraction resumes at the first missing chunk and a ``--limit`` prefix reuses the full run's chunks.
    A changed extractor config or version changes the fingerprint and never reads stale features.
    """

    def __init__(self, root: str | Path, chunk_size: int = 64):
        self.root = Path(root)
        self.chunk_size = chunk_size

    def _path(self, extractor: FeatureExtractor, examples: Sequence[Example]) -> Path:
        return self.root / extractor.name / extractor.fingerprint / f"{chunk_hash(examples)}.npz"

    def _read(self, path: Path, examples: Sequence[Example], n_dims: int) -> list[np.ndarray] | None:
        try:
            with np.load(path) as stored:
                values, lengths = stored["values"], stored["lengths"]
        except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile):
            return None  # unreadable: recompute and overwrite
        if list(lengths) != [e.n_words for e in examples] or values.shape[1:] != (n_dims,):
            return None
        return np.split(values, np.cumsum(lengths)[:-1])

    def cached_chunks(self, extractor: FeatureExtractor, examples: Sequence[Example]) -> tuple[int, int]:
        """``(cached, total)`` chunks of ``examples`` for ``extractor``."""
        chunks = [examples[i:i + self.chunk_size] for i in range(0, len(examples), self.chunk_size)]
        return sum(self._path(extractor, chunk).exists() for chunk in chunks), len(chunks)

    def info(self, extractor: FeatureExtractor, examples: Sequence[Example]) -> list[dict]:
        """The per-example notes stored with ``extractor``'s cached chunks (empty dicts where none)."""
        out: list[dict] = []
        for start in range(0, len(examples), self.chunk_size):
            chunk = examples[start:start + self.chunk_size]
            path = self._path(extractor, chunk)
            notes = [{}] * len(chunk)
            if path.exists():
                with np.load(path) as stored:
                    if "info" in stored:
                        notes = [json.loads(str(item)) for item in stored["info"]]
            out.extend(notes)
        return out

    def features(self, extractor: FeatureExtractor, examples: Sequence[Example],
                 progress: bool = True) -> list[np.ndarray]:
        """``extractor``'s features for ``examples``, computing and storing only the missing chunks."""
        n_dims = len(extractor.columns)
        out: list[np.ndarray] = []
        bar = tqdm(total=len(examples), desc=f"features:{extractor.name}", unit="ex",
                   disable=not progress, leave=False)
        for start in range(0, len(examples), self.chunk_size):
            chunk = examples[start:start + self.chunk_size]
            path = self._path(extractor, chunk)
            cached = self._read(path, chunk, n_dims) if path.exists() else None
            if cached is None:
                cached = [np.asarray(m, dtype=np.float32).reshape(e.n_words, n_dims)
                          for m, e in zip(extractor.extract(chunk), chunk, strict=True)]
                values = np.concatenate(cached) if cached else np.zeros((0, n_dims), np.float32)
                arrays = {"values": values, "lengths": np.array([e.n_words for e in chunk]),
                          "columns": np.array(extractor.columns)}
                info = extractor.info(chunk)
                if info is not None:
                    arrays["info"] = np.array([json.dumps(item, sort_keys=True) for item in info])
                atomic_write(path, lambda tmp, arrays=arrays: _save_npz(tmp, arrays))
            out.extend(cached)
            bar.update(len(chunk))
        bar.close()
        return out
