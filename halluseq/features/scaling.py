"""Median fill and standardization fitted on training words, kept as plain arrays (saved without pickle)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from sklearn.impute import SimpleImputer
from sklearn.preprocessing import StandardScaler


@dataclass
class Standardizer:
    """``x -> (fill_nan(x, medians) - mean) / scale``; every array is ``(d,)``."""

    medians: np.ndarray
    mean: np.ndarray
    scale: np.ndarray

    @classmethod
    def fit(cls, matrices: Sequence[np.ndarray], standardize: bool = True) -> Standardizer:
        """Fit on the training portion only: NaN rows (a family's fallback) get the training medians."""
        words = np.concatenate(matrices)  # (N, d)
        imputer = SimpleImputer(strategy="median", keep_empty_features=True).fit(words)
        medians = imputer.statistics_.astype(np.float64)
        if not standardize:
            return cls(medians, np.zeros_like(medians), np.ones_like(medians))
        scaler = StandardScaler().fit(imputer.transform(words))
        return cls(medians, scaler.mean_.astype(np.float64), scaler.scale_.astype(np.float64))

    def transform(self, matrix: np.ndarray) -> np.ndarray:
        """``(T, d)`` -> ``(T, d)`` float32."""
        filled = np.where(np.isnan(matrix), self.medians, matrix)
        return ((filled - self.mean) / self.scale).astype(np.float32)

    def transform_all(self, matrices: Sequence[np.ndarray]) -> list[np.ndarray]:
        return [self.transform(m) for m in matrices]
