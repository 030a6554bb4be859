"""On-disk feature cache: chunk files of examples, found by the chunk's content hash or by each example's own."""

from __future__ import annotations

import hashlib
import json
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from tqdm.auto import tqdm

from halluseq.data.example import Example
from halluseq.features.base import FeatureExtractor
from halluseq.files import atomic_write

UNREADABLE = (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile)


def _save_npz(tmp: str, arrays: dict[str, np.ndarray]) -> None:
    with open(tmp, "wb") as out:  # a handle, so numpy does not append ".npz" to the name
        np.savez(out, **arrays)


def chunk_hash(examples: Sequence[Example]) -> str:
    """Content hash of a run of examples (their order included)."""
    digest = hashlib.sha256()
    for example in examples:
        digest.update(example.content_hash.encode("ascii"))
    return digest.hexdigest()[:24]


@dataclass
class StoredChunk:
    """One chunk file read back: per-example feature matrices, notes and content hashes (None in files written
    before the store recorded them)."""

    matrices: list[np.ndarray]
    notes: list[dict]
    hashes: list[str] | None


class FeatureStore:
    """Caches each extractor's output under ``root/<family>/<fingerprint>/<chunk hash>.npz``.

    Examples are processed in fixed-size chunks from the start of the dataset; a chunk already stored is read in
    one go. Each file also lists its examples' content hashes, so an example stored under any other chunking (an
    interrupted run, a ``--limit`` prefix, another config's corpus holding the same answers in another order) is
    read back rather than recomputed; only the examples found nowhere are computed, in chunks of their own.
    A changed extractor config or version changes the fingerprint and never reads stale features.
    """

    def __init__(self, root: str | Path, chunk_size: int = 64):
        self.root = Path(root)
        self.chunk_size = chunk_size
        self._indexes: dict[Path, dict[str, tuple[Path, int]]] = {}  # folder -> content hash -> (file, row)

    def _folder(self, extractor: FeatureExtractor) -> Path:
        return self.root / extractor.name / extractor.fingerprint

    def _path(self, extractor: FeatureExtractor, examples: Sequence[Example]) -> Path:
        return self._folder(extractor) / f"{chunk_hash(examples)}.npz"

    @staticmethod
    def _load(path: Path, n_dims: int) -> StoredChunk | None:
        """The chunk file at ``path``, or None when it is missing, unreadable or of another width."""
        try:
            with np.load(path) as stored:
                values, lengths = stored["values"], stored["lengths"]
                notes = [json.loads(str(item)) for item in stored["info"]] if "info" in stored else None
                hashes = [str(item) for item in stored["hashes"]] if "hashes" in stored else None
        except UNREADABLE:
            return None
        rows = len(lengths)
        if values.ndim != 2 or values.shape[1] != n_dims or int(lengths.sum()) != len(values) \
                or len(hashes if hashes is not None else lengths) != rows or len(notes or lengths) != rows:
            return None
        matrices = np.split(values, np.cumsum(lengths)[:-1]) if len(lengths) else []
        return StoredChunk(matrices, notes or [{} for _ in matrices], hashes)

    def _write(self, path: Path, extractor: FeatureExtractor, examples: Sequence[Example],
               matrices: Sequence[np.ndarray], notes: Sequence[dict] | None) -> None:
        n_dims = len(extractor.columns)
        arrays = {"values": np.concatenate(matrices) if matrices else np.zeros((0, n_dims), np.float32),
                  "lengths": np.array([e.n_words for e in examples], dtype=np.int64),
                  "columns": np.array(extractor.columns),
                  "hashes": np.array([e.content_hash for e in examples])}
        if notes is not None:
            arrays["info"] = np.array([json.dumps(item, sort_keys=True) for item in notes])
        atomic_write(path, lambda tmp: _save_npz(tmp, arrays))
        index = self._indexes.get(path.parent)
        if index is not None:
            for row, example in enumerate(examples):
                index[example.content_hash] = (path, row)

    def _index(self, extractor: FeatureExtractor) -> dict[str, tuple[Path, int]]:
        """Where each example stored for ``extractor`` lies (read once per store from the files' hashes)."""
        folder = self._folder(extractor)
        if folder not in self._indexes:
            index: dict[str, tuple[Path, int]] = {}
            for path in sorted(folder.glob("*.npz")):
                try:
                    with np.load(path) as stored:
                        hashes = [str(item) for item in stored["hashes"]] if "hashes" in stored else []
                except UNREADABLE:
                    continue
                for row, content_hash in enumerate(hashes):
                    index.setdefault(content_hash, (path, row))
            self._indexes[folder] = index
        return self._indexes[folder]

    def _chunk(self, extractor: FeatureExtractor, chunk: Sequence[Example]) -> StoredChunk | None:
        """``chunk`` stored as one file under its chunk hash (a file from before hashes were kept gets them)."""
        path = self._path(extractor, chunk)
        stored = self._load(path, len(extractor.columns)) if path.exists() else None
        if stored is None or [len(m) for m in stored.matrices] != [e.n_words for e in chunk]:
            return None
        if stored.hashes is None:
            self._write(path, extractor, chunk, stored.matrices, stored.notes)
        return stored

    def _lookup(self, extractor: FeatureExtractor, examples: Sequence[Example],
                bar: tqdm | None = None) -> list[tuple[np.ndarray, dict] | None]:
        """Each example's stored matrix and notes, None where the store has none."""
        n_dims = len(extractor.columns)
        out: list[tuple[np.ndarray, dict] | None] = [None] * len(examples)
        files: dict[Path, StoredChunk | None] = {}
        for start in range(0, len(examples), self.chunk_size):
            chunk = examples[start:start + self.chunk_size]
            stored = self._chunk(extractor, chunk)
            if stored is not None:
                out[start:start + len(chunk)] = list(zip(stored.matrices, stored.notes, strict=True))
            else:
                index = self._index(extractor)
                for offset, example in enumerate(chunk):
                    if example.content_hash not in index:
                        continue
                    path, row = index[example.content_hash]
                    if path not in files:
                        files[path] = self._load(path, n_dims)
                    found = files[path]
                    if found is not None and found.hashes is not None and row < len(found.hashes) \
                            and found.hashes[row] == example.content_hash \
                            and len(found.matrices[row]) == example.n_words:
                        out[start + offset] = (found.matrices[row], found.notes[row])
            if bar is not None:
                bar.update(sum(item is not None for item in out[start:start + len(chunk)]))
        return out

    def cached_examples(self, extractor: FeatureExtractor, examples: Sequence[Example]) -> int:
        """How many of ``examples`` the store holds for ``extractor``."""
        return sum(item is not None for item in self._lookup(extractor, examples))

    def info(self, extractor: FeatureExtractor, examples: Sequence[Example]) -> list[dict]:
        """The per-example notes stored with ``extractor``'s features (empty dicts where none)."""
        return [item[1] if item is not None else {} for item in self._lookup(extractor, examples)]

    def features(self, extractor: FeatureExtractor, examples: Sequence[Example],
                 progress: bool = True) -> list[np.ndarray]:
        """``extractor``'s features for ``examples``, computing and storing only the examples found nowhere."""
        n_dims = len(extractor.columns)
        bar = tqdm(total=len(examples), desc=f"features:{extractor.name}", unit="ex",
                   disable=not progress, leave=False)
        found = self._lookup(extractor, examples, bar)
        out = [item[0] if item is not None else None for item in found]
        missing = [i for i, item in enumerate(found) if item is None]
        for start in range(0, len(missing), self.chunk_size):
            positions = missing[start:start + self.chunk_size]
            chunk = [examples[i] for i in positions]
            matrices = [np.asarray(m, dtype=np.float32).reshape(e.n_words, n_dims)
                        for m, e in zip(extractor.extract(chunk), chunk, strict=True)]
            self._write(self._path(extractor, chunk), extractor, chunk, matrices, extractor.info(chunk))
            for i, matrix in zip(positions, matrices, strict=True):
                out[i] = matrix
            bar.update(len(chunk))
        bar.close()
        return out  # type: ignore[return-value]
