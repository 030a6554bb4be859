"""Generic temporal augmentation of chosen feature columns (SPEC 2.7, off by default)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view


def _trailing(values: np.ndarray, window: int, reduce: str) -> np.ndarray:
    """Max or min of ``values[max(0, i - window + 1) : i + 1]`` for each row; ``values`` is ``(T, k)``."""
    fill = -np.inf if reduce == "max" else np.inf
    padded = np.concatenate([np.full((window - 1, values.shape[1]), fill), values])  # (T + w - 1, k)
    windows = sliding_window_view(padded, window, axis=0)  # (T, k, w)
    return windows.max(axis=2) if reduce == "max" else windows.min(axis=2)


def temporal_augment(matrix: np.ndarray, columns: Sequence[str], base: Sequence[str],
                     windows: Sequence[int] = (5, 10, 20)) -> tuple[np.ndarray, list[str]]:
    """Append running mean, first difference and trailing-window max/min of the ``base`` columns.

    ``matrix`` is ``(T, d)``; returns ``(T, d + k * (2 + 2 * len(windows)))`` and the new column names.
    """
    missing = [name for name in base if name not in columns]
    if missing:
        raise ValueError(f"temporal augmentation: unknown columns {missing}; available: {list(columns)}")
    values = matrix[:, [list(columns).index(name) for name in base]].astype(np.float64)  # (T, k)
    steps = np.arange(1, len(values) + 1)[:, None]
    blocks = [np.cumsum(values, axis=0) / steps, np.diff(values, axis=0, prepend=values[:1])]
    names = [f"{b}:running_mean" for b in base] + [f"{b}:diff" for b in base]
    for window in windows:
        for reduce in ("max", "min"):
            blocks.append(_trailing(values, window, reduce) if len(values) else values)
            names += [f"{b}:{reduce}{window}" for b in base]
    augmented = np.concatenate([matrix, *blocks], axis=1).astype(np.float32)
    return augmented, list(columns) + names
